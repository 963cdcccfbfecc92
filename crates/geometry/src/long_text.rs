//! The long notation's rule-free text: its error, [`LongMoveError`], and the reader every
//! variant's `move_from_long` is written with. Below the [`Variant`](crate::Variant) trait, which
//! names the error; [`crate::long`] gives it with the checks the crates' tests run.

use core::fmt;
use core::str::FromStr;

use crate::san_text::cut;

/// The longest part of a bad text an error quotes (longer texts are cut, with `…`).
const QUOTED_CHARS: usize = 100;

/// Why a text names no move in a variant's long notation, or no legal move of a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LongMoveError {
    /// The text is not the long notation of any move.
    Notation {
        /// The text (cut to 100 characters).
        text: String,
        /// What the notation looks like, with examples.
        expected: &'static str,
    },
    /// The text is a move's long notation, but that move is not legal in the position.
    NotLegal {
        /// The text (cut to 100 characters).
        text: String,
    },
}

impl LongMoveError {
    /// A [`LongMoveError::Notation`] for `text`, cut to 100 characters.
    pub fn notation(text: &str, expected: &'static str) -> LongMoveError {
        LongMoveError::Notation {
            text: cut(text, QUOTED_CHARS),
            expected,
        }
    }

    /// A [`LongMoveError::NotLegal`] for `text`, cut to 100 characters.
    pub fn not_legal(text: &str) -> LongMoveError {
        LongMoveError::NotLegal {
            text: cut(text, QUOTED_CHARS),
        }
    }
}

impl fmt::Display for LongMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LongMoveError::Notation { text, expected } => {
                write!(
                    f,
                    "{text:?} is not a move in long notation (expected {expected})"
                )
            }
            LongMoveError::NotLegal { text } => write!(f, "{text:?} is not a legal move here"),
        }
    }
}

impl std::error::Error for LongMoveError {}

/// The text without surrounding ASCII whitespace (the one thing the long notation forgives).
pub fn trim(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_ascii_whitespace())
}

/// Reads a long text with `parse`, which takes the parts it expects from a [`LongReader`] over
/// the trimmed text. The text is a move only if `parse` reads all of it and `write` spells the
/// move back exactly so; otherwise the error quotes the text and says what was `expected`.
///
/// ```
/// use hexvar_geometry::long::{read, LongReader};
///
/// // A toy notation: two digits, from and to.
/// let parse = |r: &mut LongReader<'_>| Some((r.digit()?, r.digit()?));
/// let write = |(a, b): (u8, u8)| format!("{a}{b}");
/// assert_eq!(read(" 12 ", "two digits", parse, write), Ok((1, 2)));
/// assert!(read("1 2", "two digits", parse, write).is_err());
/// ```
pub fn read<M: Copy>(
    text: &str,
    expected: &'static str,
    parse: impl FnOnce(&mut LongReader<'_>) -> Option<M>,
    write: impl FnOnce(M) -> String,
) -> Result<M, LongMoveError> {
    let body = trim(text);
    let mut reader = LongReader { rest: body };
    match parse(&mut reader) {
        Some(mv) if reader.rest.is_empty() && write(mv) == body => Ok(mv),
        _ => Err(LongMoveError::notation(text, expected)),
    }
}

/// A cursor over a long text: each method takes one part from the front if it is there (and
/// then returns it), and otherwise leaves the text as it was.
#[derive(Clone, Debug)]
pub struct LongReader<'a> {
    rest: &'a str,
}

impl<'a> LongReader<'a> {
    /// A reader at the start of `text`.
    pub fn new(text: &'a str) -> LongReader<'a> {
        LongReader { rest: text }
    }

    /// What is left to read.
    pub fn rest(&self) -> &'a str {
        self.rest
    }

    /// Whether everything has been read.
    pub fn is_empty(&self) -> bool {
        self.rest.is_empty()
    }

    /// Takes `prefix` if the text starts with it.
    pub fn eat(&mut self, prefix: &str) -> bool {
        match self.rest.strip_prefix(prefix) {
            Some(rest) => {
                self.rest = rest;
                true
            }
            None => false,
        }
    }

    /// Takes the next character if `accept` says it is one this place of the notation holds.
    pub fn char_if(&mut self, accept: impl FnOnce(char) -> bool) -> Option<char> {
        let c = self.rest.chars().next().filter(|&c| accept(c))?;
        self.rest = &self.rest[c.len_utf8()..];
        Some(c)
    }

    /// Takes one ASCII digit, as its value.
    pub fn digit(&mut self) -> Option<u8> {
        self.char_if(|c| c.is_ascii_digit()).map(|c| c as u8 - b'0')
    }

    /// Takes a cell written as one ASCII letter, an optional `/`, and one or more digits (every
    /// hexvar board names its cells so, as `e4`, `a10`, `F12` or Kirby's `B/15`), if `C` reads
    /// it. A letter is never part of a cell's name after its digits, so a cell ends where the
    /// next letter begins: `a10a12` is two cells.
    pub fn cell<C: FromStr>(&mut self) -> Option<C> {
        let bytes = self.rest.as_bytes();
        if !bytes.first()?.is_ascii_alphabetic() {
            return None;
        }
        let slash = usize::from(bytes.get(1) == Some(&b'/'));
        let digits = bytes[1 + slash..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        if digits == 0 {
            return None;
        }
        let end = 1 + slash + digits;
        let cell = self.rest[..end].parse().ok()?;
        self.rest = &self.rest[end..];
        Some(cell)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_end_where_the_next_letter_begins() {
        let mut r = LongReader::new("a10a12q");
        assert_eq!(r.cell::<String>().as_deref(), Some("a10"));
        assert_eq!(r.cell::<String>().as_deref(), Some("a12"));
        assert_eq!(r.cell::<String>(), None);
        assert_eq!(r.char_if(|c| c.is_ascii_lowercase()), Some('q'));
        assert!(r.is_empty());
        let mut r = LongReader::new("B/15>A10");
        assert_eq!(r.cell::<String>().as_deref(), Some("B/15"));
        assert!(!r.eat("@"));
        assert!(r.eat(">"));
        assert_eq!(r.rest(), "A10");
        assert_eq!(LongReader::new("é1").cell::<String>(), None);
        assert_eq!(LongReader::new("a").cell::<String>(), None);
        assert_eq!(LongReader::new("a/").cell::<String>(), None);
    }

    #[test]
    fn errors_quote_at_most_100_characters() {
        let long = "x".repeat(300);
        let e = read(&long, "nothing", |_| None::<u8>, |_| String::new()).unwrap_err();
        match &e {
            LongMoveError::Notation { text, expected } => {
                assert_eq!(text.chars().count(), 101);
                assert_eq!(*expected, "nothing");
            }
            LongMoveError::NotLegal { .. } => panic!("{e}"),
        }
        assert_eq!(
            LongMoveError::not_legal("e2e5").to_string(),
            "\"e2e5\" is not a legal move here"
        );
    }

    #[test]
    fn only_the_written_spelling_reads() {
        let parse = |r: &mut LongReader<'_>| r.digit();
        let write = |d: u8| format!("{d}");
        assert_eq!(read("\t7\n", "a digit", parse, write), Ok(7));
        assert!(read("7 ", "a digit", parse, |_| "07".to_string()).is_err());
        assert!(read("77", "a digit", parse, write).is_err());
        assert!(read("", "a digit", parse, write).is_err());
    }
}
