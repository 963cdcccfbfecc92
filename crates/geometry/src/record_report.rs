//! What reading a game record reports: the first error, and the warnings a
//! [`GameTree`](crate::GameTree) keeps, each with the game, line and column it stands at. Below
//! the tree, which keeps the warnings, and the reader, which raises both.

use core::fmt;

use crate::san_text::ParseSanError;

/// Where a record went wrong: the game (from 1, in a file of several), the first bad token's
/// line and column in the file (both from 1), and what.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordError {
    /// The game, from 1 (1 for a record read alone).
    pub game: usize,
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
    /// What is wrong there.
    pub kind: RecordErrorKind,
}

/// What is wrong in a record. Quoted texts are cut to 40 characters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecordErrorKind {
    /// A tag pair that is not `[Name "value"]` with a name and value as [`check_tag`](crate::record::check_tag) says.
    BadTag,
    /// A tag pair after the movetext (in a file of several games, read it with
    /// [`RecordReader`](crate::RecordReader)).
    TagAfterMovetext(String),
    /// The `Variant` tag names another variant.
    WrongVariant(String),
    /// The `Position` (or `FEN`) tag is not a position of the variant.
    BadPosition(String),
    /// A comment or variation that is never closed.
    Unterminated(char),
    /// A `)`, `}` or `]` with nothing open.
    Unopened(char),
    /// A `(` before any move of its line: a variation is an alternative to a move.
    VariationWithoutMove,
    /// A variation without a move.
    EmptyVariation,
    /// Variations nested deeper than this.
    TooDeep(usize),
    /// A `$` not followed by a glyph number from 0 to 255.
    BadGlyph(String),
    /// A move that is not legal (or not a move) where it stands.
    BadMove {
        /// The token, cut.
        text: String,
        /// Why.
        reason: ParseSanError,
    },
    /// A move after the game had ended by the rules.
    AfterEnd {
        /// The token, cut.
        text: String,
        /// How the game had ended.
        outcome: String,
    },
    /// Movetext after the result.
    AfterResult(String),
    /// A result that contradicts how the moves end (see [`RecordWarningKind::ResultContradicts`]):
    /// an error for [`Game::from_record`](crate::Game::from_record).
    ResultContradicts {
        /// The record's result, cut.
        result: String,
        /// The result the moves give.
        outcome: String,
    },
    /// A line that is not UTF-8.
    NotUtf8,
    /// The input failed.
    Io(String),
}

impl fmt::Display for RecordErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordErrorKind::BadTag => f.write_str(
                "a tag pair must read [Name \"value\"], the name a PGN symbol, the value on one line",
            ),
            RecordErrorKind::TagAfterMovetext(name) => write!(
                f,
                "tag {name:?} after the movetext (a file of several games is read game by game)"
            ),
            RecordErrorKind::WrongVariant(v) => write!(f, "the record is of variant {v:?}"),
            RecordErrorKind::BadPosition(e) => write!(f, "bad start position: {e}"),
            RecordErrorKind::Unterminated(c) => write!(f, "{c:?} is never closed"),
            RecordErrorKind::Unopened(c) => write!(f, "{c:?} closes nothing"),
            RecordErrorKind::VariationWithoutMove => {
                f.write_str("a variation before any move of its line")
            }
            RecordErrorKind::EmptyVariation => f.write_str("a variation without a move"),
            RecordErrorKind::TooDeep(n) => write!(f, "variations nested deeper than {n}"),
            RecordErrorKind::BadGlyph(g) => write!(f, "bad glyph {g:?}: $0 to $255"),
            RecordErrorKind::BadMove { text, reason } => write!(f, "bad move {text:?}: {reason}"),
            RecordErrorKind::AfterEnd { text, outcome } => {
                write!(f, "move {text:?} after the end of the game ({outcome})")
            }
            RecordErrorKind::AfterResult(t) => write!(f, "{t:?} after the result"),
            RecordErrorKind::ResultContradicts { result, outcome } => {
                write!(f, "result {result:?} but the moves end {outcome}")
            }
            RecordErrorKind::NotUtf8 => f.write_str("the line is not UTF-8"),
            RecordErrorKind::Io(e) => write!(f, "reading failed: {e}"),
        }
    }
}

/// `line L, column C`, after `game N, ` for any game but a file's first (lines count in the
/// file, so the line alone finds the place; the number says which game is skipped).
fn write_place(f: &mut fmt::Formatter<'_>, game: usize, line: usize, column: usize) -> fmt::Result {
    if game > 1 {
        write!(f, "game {game}, ")?;
    }
    write!(f, "line {line}, column {column}: ")
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_place(f, self.game, self.line, self.column)?;
        fmt::Display::fmt(&self.kind, f)
    }
}

impl std::error::Error for RecordError {}

/// Something a record says that the reader read anyway, with where it stands.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RecordWarning {
    /// The game, from 1.
    pub game: usize,
    /// The line, from 1.
    pub line: usize,
    /// The column in characters, from 1.
    pub column: usize,
    /// What.
    pub kind: RecordWarningKind,
}

/// What a [`RecordWarning`] is about.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum RecordWarningKind {
    /// The `Result` tag or the movetext's result is not the result of how the main line ends by
    /// the rules (a `0-3` where White mates).
    ResultContradicts {
        /// The record's result, cut.
        result: String,
        /// The result the moves give.
        outcome: String,
    },
    /// A move of a variation names no legal move: the variation is kept up to it, the rest of it
    /// skipped (a main line's bad move is an error).
    BadVariationMove {
        /// The token, cut.
        text: String,
        /// Why.
        reason: ParseSanError,
    },
    /// The `Result` tag and the movetext's result differ (neither `*`); the tag is kept.
    ResultsDisagree {
        /// The tag's value, cut.
        tag: String,
        /// The movetext's result, cut.
        movetext: String,
    },
}

impl fmt::Display for RecordWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_place(f, self.game, self.line, self.column)?;
        match &self.kind {
            RecordWarningKind::ResultContradicts { result, outcome } => {
                write!(f, "result {result:?} but the moves end {outcome}")
            }
            RecordWarningKind::BadVariationMove { text, reason } => {
                write!(
                    f,
                    "bad move {text:?} in a variation, skipped with the rest of it: {reason}"
                )
            }
            RecordWarningKind::ResultsDisagree { tag, movetext } => {
                write!(f, "the Result tag says {tag:?}, the movetext {movetext:?}")
            }
        }
    }
}
