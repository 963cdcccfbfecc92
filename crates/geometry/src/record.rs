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
//! that would not read back as the result is written as `*`: one that is no single movetext token
//! (white space, brackets), `0-0`, or a move after the main line.
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

mod lex;
mod read;
mod stream;
mod write;

pub(crate) use read::read_tree;
pub use read::MAX_VARIATION_DEPTH;
pub use stream::{write_records, RecordReader};
pub(crate) use write::write_tree;

pub use crate::record_report::{RecordError, RecordErrorKind, RecordWarning, RecordWarningKind};
use crate::tags::ROSTER;
pub use crate::tags::{check_tag, TagError};
use crate::tree::GameTree;
use crate::{Game, GameError, Variant};

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

/// A tree and its record, and the game a record's main line gives.
impl<V: Variant> GameTree<V> {
    /// The main line as a [`Game`]: its moves, the tags a `Game` keeps, and the result settled as
    /// [`Game::from_record`] settles it (a drawn result the rules did not give is a claim if one is
    /// valid, else an agreement; a win they did not give is kept as the `Result` tag; a result
    /// that contradicts the moves' end gives way to it). An error if a move of the main line comes
    /// after the game has ended by the rules (an automatic repetition draw, say).
    pub fn to_game(&self) -> Result<Game<V>, GameError<V>> {
        let mut game = Game::from_position(self.start_position().clone());
        for mv in self.mainline_moves() {
            game.play(mv)?;
        }
        for (name, value) in self.tags() {
            let unknown = ROSTER.iter().any(|(n, u)| n == name && u == value);
            if name != "Result" && !unknown {
                // The tree's tags were checked when set or read; the start's tags are the tree's.
                let _ = game.set_tag(name, value);
            }
        }
        settle_result(&mut game, self.tag("Result"));
        Ok(game)
    }

    /// The game as a record: see [`crate::record`]. Tags are written as they are, in their order.
    pub fn to_record(&self) -> String {
        write_tree(self)
    }

    /// A tree read from a record: see [`crate::record`]. Comments, glyphs, variations and the
    /// tags' order are kept; the first bad token is an error with its line and column.
    pub fn from_record(text: &str) -> Result<Self, RecordError> {
        read_tree(text, 1, 1)
    }
}
