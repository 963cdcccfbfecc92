//! Short algebraic notation's rule-free vocabulary: the levels of disambiguation, the [`San`]
//! text and [`ParseSanError`]. Below the [`Variant`](crate::Variant) trait, which names them;
//! [`crate::san`] gives them with the generic writer and reader.

use core::fmt;

/// How much of the cell a move leaves its SAN names, least first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Disambiguation {
    /// Nothing beyond what the notation always writes (a pawn capture's file, say).
    None,
    /// The origin's file (or the variant's first coordinate).
    File,
    /// The origin's rank (or the variant's second coordinate).
    Rank,
    /// The whole origin cell.
    Cell,
}

impl Disambiguation {
    /// Every level, least first.
    pub const ALL: [Disambiguation; 4] = [
        Disambiguation::None,
        Disambiguation::File,
        Disambiguation::Rank,
        Disambiguation::Cell,
    ];
}

/// A move in short algebraic notation, as `Variant::san` writes it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct San(String);

impl San {
    /// A SAN from its text, for a variant that writes its own (`Variant::san`).
    pub fn new(text: String) -> San {
        San(text)
    }

    /// The text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The text, owned.
    pub fn into_string(self) -> String {
        self.0
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl core::ops::Deref for San {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl PartialEq<str> for San {
    fn eq(&self, other: &str) -> bool {
        self.0 == other
    }
}

impl PartialEq<&str> for San {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

/// Why a text names no legal move (the text is quoted, cut to 40 characters).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParseSanError {
    /// Nothing but spaces and suffixes.
    Empty,
    /// Several legal moves match; the text must name more of the origin.
    Ambiguous {
        /// The text, cut.
        text: String,
        /// The matching moves in SAN.
        candidates: Vec<String>,
    },
    /// No legal move matches.
    NotLegal {
        /// The text, cut.
        text: String,
    },
}

impl fmt::Display for ParseSanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseSanError::Empty => f.write_str("empty move text"),
            ParseSanError::Ambiguous { text, candidates } => {
                write!(f, "ambiguous move {text:?}: {}", candidates.join(", "))
            }
            ParseSanError::NotLegal { text } => write!(f, "no legal move matches {text:?}"),
        }
    }
}

impl std::error::Error for ParseSanError {}

/// `text` cut to `max` characters for an error message, with `…` when cut.
pub fn cut(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_string(),
    }
}
