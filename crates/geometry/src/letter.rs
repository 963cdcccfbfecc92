//! One letter naming a side, a role or a piece: the error every variant's letter parsers share.

use core::fmt;

use crate::san_text::cut;

/// A text that is not the one letter of a side, a role or a piece (each variant's `Color`,
/// `Role` and `Piece` parse with it).
///
/// ```
/// use hexvar_geometry::{parse_letter, ParseLetterError};
///
/// let side = |c: char| match c {
///     'w' => Some(0),
///     'b' => Some(1),
///     _ => None,
/// };
/// assert_eq!(parse_letter("b", side, "side", "`w` or `b`"), Ok(1));
/// let error: ParseLetterError = parse_letter("white", side, "side", "`w` or `b`").unwrap_err();
/// assert_eq!(error.to_string(), "invalid side \"white\": expected `w` or `b`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ParseLetterError {
    /// What the text should name: `"side"`, `"role"`, `"piece"`, `"army"`…
    pub what: &'static str,
    /// The accepted letters, in words.
    pub expected: &'static str,
    /// The text, cut to 100 characters.
    pub text: String,
}

impl ParseLetterError {
    /// The error for `text` (kept cut to 100 characters).
    pub fn new(what: &'static str, expected: &'static str, text: &str) -> ParseLetterError {
        ParseLetterError {
            what,
            expected,
            text: cut(text, 100),
        }
    }
}

impl fmt::Display for ParseLetterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "invalid {} {:?}: expected {}",
            self.what, self.text, self.expected
        )
    }
}

impl std::error::Error for ParseLetterError {}

/// The value `from_char` reads from the one character of `text`, or a [`ParseLetterError`]
/// naming `what` was expected (`expected`, in words) when `text` is not exactly one character
/// that `from_char` knows.
pub fn parse_letter<T>(
    text: &str,
    from_char: impl FnOnce(char) -> Option<T>,
    what: &'static str,
    expected: &'static str,
) -> Result<T, ParseLetterError> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) => from_char(c),
        _ => None,
    }
    .ok_or_else(|| ParseLetterError::new(what, expected, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_one_known_character_reads() {
        let digit = |c: char| c.to_digit(10);
        assert_eq!(parse_letter("7", digit, "digit", "0 to 9"), Ok(7));
        for text in ["", "77", "x", " 7", "7 "] {
            let error = parse_letter(text, digit, "digit", "0 to 9").unwrap_err();
            assert_eq!(error.text, text);
            assert!(error.to_string().starts_with("invalid digit"));
        }
        let long = "é".repeat(300);
        let error = parse_letter(&long, digit, "digit", "0 to 9").unwrap_err();
        assert!(error.text.chars().count() <= 101);
    }
}
