//! Game records: one PGN-like text for every variant, written and read over the [`Variant`]
//! trait, one game ([`Game::to_record`], [`GameTree::to_record`]) or a file of many
//! ([`RecordReader`], [`write_records`]).
//!
//! ```text
//! [Event "?"]
//! [Site "?"]
//! [Date "????.??.??"]
//! [Round "?"]
//! [White "?"]
//! [Black "?"]
//! [Result "1-0"]
//! [Variant "brusky"]
//! [Position "…"]            only when the game does not start from the start position
//!
//! {a comment before the first move} 1. g4 $1 {a comment} (1. Ng3 h5) 1... h5 2. … 1-0
//! ```
//!
//! **Tags.** `[Name "value"]`, `\"` and `\\` escaped in the value. A name is a PGN symbol (an ASCII
//! letter or digit, then letters, digits and `_ + # = : -`, at most 255 characters); a value holds
//! no control character (no newline: as in python-chess, a newline in a value is refused, not
//! escaped, since PGN has no escape for it). [`check_tag`] says so for the writer
//! ([`Game::set_tag`], [`GameTree::set_tag`] refuse what the reader would refuse). The `Variant`
//! tag, when present, must name the variant (letter case and punctuation aside: `C'escacs` names
//! `cescacs`, `Dagger Chess` names `dagger`); `Position` (or `FEN`) gives the start. A
//! [`GameTree`] keeps every tag in its order; a [`Game`] keeps the tags it does not determine
//! itself and writes the seven standard ones first.
//!
//! **Movetext.** SAN (or the variant's move notation), move numbers (`12.`, `12...`, ignored when
//! read), commas, comments (`{…}` and `;` to the end of the line), variations (`(…)`, nested up
//! to [`MAX_VARIATION_DEPTH`]), numeric annotation glyphs (`$1`, and a move's `!`, `?`, `!!`,
//! `??`, `!?`, `?!`, read as `$1` … `$6`), a line starting with `%` (skipped), and a result:
//! `1-0`, `0-1`, `1/2-1/2`, `*`, a score such as C'escacs's `0-3`, or the `Result` tag's own
//! value, which is how Kirby's winning teams are written. `0-0` is never a result: it is
//! castling in some notations, so where no move matches it, it is a bad move. A `Result` value
//! that is no single movetext token (white space, brackets) is written as `*`.
//!
//! **Results.** A result that contradicts how the main line ends by the rules (a `0-3` where White
//! mates) is an error for [`Game::from_record`] and a warning for [`GameTree::from_record`]
//! ([`GameTree::warnings`]); so is, for the tree, a `Result` tag that disagrees with the
//! movetext's result. A game the rules have not ended takes a drawn result as a claim if one is
//! valid, else as an agreement, and keeps a win (a resignation) as its `Result` tag.
//!
//! **What the tree keeps.** Reading a record into a [`GameTree`] and writing it gives a record
//! that reads back into an equal tree: moves, variations, comments (trimmed; two comments in a
//! row joined by a space), glyphs, tags in their order. Comments after a variation join the
//! comment of the move before it; a glyph before a line's first move names no move and is
//! dropped; a bad move in a variation is a warning, and the variation is kept up to it.

use core::fmt;

mod lex;
mod read;
mod stream;
mod write;

pub(crate) use read::read_tree;
pub use read::MAX_VARIATION_DEPTH;
pub use stream::{write_records, RecordReader};
pub(crate) use write::write_tree;

use crate::san::{cut, ParseSanError};
use crate::tree::GameTree;
use crate::{Game, Variant};

/// The seven tags every record carries, in their order, with their unknown values.
pub(crate) const ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The tags that say the start, which a game determines itself.
const START_TAGS: [&str; 4] = ["Variant", "Position", "FEN", "SetUp"];

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
    /// A tag pair that is not `[Name "value"]` with a name and value as [`check_tag`] says.
    BadTag,
    /// A tag pair after the movetext (in a file of several games, read it with
    /// [`RecordReader`]).
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
    /// an error for [`Game::from_record`].
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

/// Why a tag cannot be set. Quoted texts are cut to 40 characters.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TagError {
    /// The name is no PGN symbol: an ASCII letter or digit, then letters, digits and
    /// `_ + # = : -`, at most 255 characters.
    Name(String),
    /// The value holds a control character (a newline, a tab, …), which no record can hold.
    Value {
        /// The tag's name.
        name: String,
        /// The value, cut.
        value: String,
    },
    /// `Variant`, `Position`, `FEN` and `SetUp` say the start, which the game determines.
    Reserved(String),
}

impl fmt::Display for TagError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TagError::Name(name) => write!(
                f,
                "tag name {name:?} is no PGN symbol (ASCII letters, digits and _+#=:-, \
                 a letter or digit first)"
            ),
            TagError::Value { name, value } => {
                write!(f, "tag {name}: value {value:?} holds a control character")
            }
            TagError::Reserved(name) => {
                write!(f, "tag {name} says the start, which the game determines")
            }
        }
    }
}

impl std::error::Error for TagError {}

/// Whether a record can hold a tag: its name a PGN symbol (an ASCII letter or digit, then letters,
/// digits and `_ + # = : -`, at most 255 characters), its value free of control characters. The
/// reader refuses what this refuses, and the writer escapes `"` and `\`.
///
/// ```
/// use hexvar_geometry::record::{check_tag, TagError};
/// assert!(check_tag("White", "Ann \"the\" Bee").is_ok());
/// assert!(matches!(check_tag("My Tag", "x"), Err(TagError::Name(_))));
/// assert!(matches!(check_tag("Event", "line1\nline2"), Err(TagError::Value { .. })));
/// ```
pub fn check_tag(name: &str, value: &str) -> Result<(), TagError> {
    let symbol = |c: char| c.is_ascii_alphanumeric() || "_+#=:-".contains(c);
    let good_name = name
        .chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphanumeric())
        && name.len() <= 255
        && name.chars().all(symbol);
    if !good_name {
        return Err(TagError::Name(cut(name, 40)));
    }
    if value.chars().any(char::is_control) {
        return Err(TagError::Value {
            name: name.to_string(),
            value: cut(value, 40),
        });
    }
    Ok(())
}

/// The first value of tag `name` among `tags` (a game's or a tree's).
pub(crate) fn tag_value<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// [`check_tag`], and not a tag of the start.
pub(crate) fn check_settable_tag(name: &str, value: &str) -> Result<(), TagError> {
    check_tag(name, value)?;
    if START_TAGS.contains(&name) {
        return Err(TagError::Reserved(name.to_string()));
    }
    Ok(())
}

/// Whether a tag's value names the variant: its letters and digits, without case, contain the
/// variant's name (`C'escacs`, `Dagger Chess` and `Kirby's HexChess` name theirs).
fn names_variant(value: &str, name: &str) -> bool {
    let simple: String = value
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    simple.contains(name)
}

fn escape(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// Whether `text` reads back as one movetext token: not empty, no white space, and none of the
/// characters that open or close tags, comments and variations or escape.
fn is_one_token(text: &str) -> bool {
    !text.is_empty()
        && !text
            .chars()
            .any(|c| c.is_whitespace() || "[]{}();%\\\"$,".contains(c))
}

/// Whether a token is a result: `*`, `1-0`, `0-1`, `1/2-1/2`, a score (`0-3`, `½-½`), or the
/// `Result` tag's value; never `0-0` (castling in some notations).
fn is_result(token: &str, tag: Option<&str>) -> bool {
    let score = |side: &str| {
        !side.is_empty()
            && side
                .chars()
                .all(|c| c.is_ascii_digit() || c == '/' || c == '½')
            && !side.starts_with('/')
    };
    token != "0-0"
        && (token == "*"
            || tag == Some(token)
            || token
                .split_once('-')
                .is_some_and(|(a, b)| score(a) && score(b)))
}

/// A record's result for a game the rules have not ended: a draw is claimed if a claim is
/// valid, else agreed; a win (a resignation) is kept as the `Result` tag. `0-0` is no result.
pub(crate) fn settle_result<V: Variant>(game: &mut Game<V>, result: Option<&str>) {
    let Some(result) = result else { return };
    if game.outcome().is_some() || result == "*" || result == "0-0" || !is_one_token(result) {
        return;
    }
    let drawn = result
        .split_once('-')
        .is_some_and(|(a, b)| a == b || a == "1/2" || a == "½");
    if drawn {
        if game.claim_draw().is_none() {
            game.agree_draw();
        }
    } else {
        // A one-token result is a value a record can hold.
        let _ = game.set_tag("Result", result);
    }
}

impl<V: Variant> Game<V> {
    /// The game as a record: the seven standard tags (the game's values, else unknown), `Variant`,
    /// `Position` when the start is not the variant's, the game's other tags in their order, then
    /// the moves. See [`crate::record`].
    pub fn to_record(&self) -> String {
        GameTree::from(self).to_record()
    }

    /// A game read from a record: see [`crate::record`]. The first bad token is an error with its
    /// line and column, and so is a result that contradicts how the moves end; nothing panics.
    /// Comments, glyphs and variations are read and dropped (a [`GameTree`] keeps them).
    pub fn from_record(text: &str) -> Result<Self, RecordError> {
        let tree = GameTree::<V>::from_record(text)?;
        let contradiction = tree.warnings().iter().find_map(|w| match &w.kind {
            RecordWarningKind::ResultContradicts { result, outcome } => Some(RecordError {
                game: w.game,
                line: w.line,
                column: w.column,
                kind: RecordErrorKind::ResultContradicts {
                    result: result.clone(),
                    outcome: outcome.clone(),
                },
            }),
            _ => None,
        });
        if let Some(error) = contradiction {
            return Err(error);
        }
        // The reader played the main line by the rules, so the game replays it.
        tree.to_game().map_err(|e| RecordError {
            game: 1,
            line: 1,
            column: 1,
            kind: RecordErrorKind::AfterEnd {
                text: String::new(),
                outcome: e.to_string(),
            },
        })
    }

    /// The moves played, in SAN.
    pub fn san_moves(&self) -> Vec<crate::San> {
        let mut pos = self.start_position().clone();
        self.moves()
            .iter()
            .map(|&mv| {
                let san = pos.san(mv);
                pos.play_unchecked(mv);
                san
            })
            .collect()
    }
}
