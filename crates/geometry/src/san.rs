//! Short algebraic notation, written once over the [`Variant`] trait.
//!
//! A variant says how one move is written at a given level of disambiguation
//! ([`Variant::write_san`]); this module picks the least level that makes the text unique among
//! the legal moves, adds the `+` / `#` suffix, and reads texts back forgivingly.

use core::fmt;

use crate::{Variant, VariantOutcome};

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

/// A move in short algebraic notation, as [`Variant::san`] writes it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct San(String);

impl San {
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

/// The SAN body (no suffix) of `mv` with the least disambiguation that no other legal move in
/// `moves` shares.
fn unique_body<V: Variant>(pos: &V, moves: &[V::Move], mv: V::Move, out: &mut String) {
    let mut other = String::new();
    for origin in Disambiguation::ALL {
        out.clear();
        pos.write_san(mv, origin, out);
        let clash = moves.iter().any(|&m| {
            m != mv && {
                other.clear();
                pos.write_san(m, origin, &mut other);
                other == *out
            }
        });
        if !clash {
            return;
        }
    }
}

/// The check (`+`) or mate (`#`) suffix of a legal move.
fn suffix<V: Variant>(pos: &V, mv: V::Move) -> &'static str {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    if !after.is_check() {
        ""
    } else if after.outcome().is_some_and(|o| !o.is_draw()) {
        "#"
    } else {
        "+"
    }
}

/// A legal move in SAN: the least disambiguation that makes it unique, and the suffix. This is
/// [`Variant::san`]'s default.
pub fn san<V: Variant>(pos: &V, mv: V::Move) -> San {
    let moves = pos.legal_moves();
    let mut text = String::new();
    unique_body(pos, &moves, mv, &mut text);
    text.push_str(suffix(pos, mv));
    San(text)
}

/// Every legal move with its SAN, in the generator's order (one move list for all).
pub fn san_list<V: Variant>(pos: &V) -> Vec<(V::Move, San)> {
    let moves = pos.legal_moves();
    moves
        .iter()
        .map(|&mv| {
            let mut text = String::new();
            unique_body(pos, &moves, mv, &mut text);
            text.push_str(suffix(pos, mv));
            (mv, San(text))
        })
        .collect()
}

/// The text without surrounding ASCII spaces and trailing `+ # ! ?`.
fn core_text(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_ascii_whitespace())
        .trim_end_matches(['+', '#', '!', '?'])
}

/// The text without capture signs, for a second, looser comparison.
fn without_capture_signs(text: &str) -> String {
    text.chars()
        .filter(|c| !matches!(c, 'x' | '×' | ':'))
        .collect()
}

/// The legal moves whose SAN at some disambiguation level equals `wanted` (after `prepare`).
fn matching<V: Variant>(
    pos: &V,
    moves: &[V::Move],
    wanted: &str,
    prepare: impl Fn(&str) -> String,
) -> Vec<V::Move> {
    let mut body = String::new();
    moves
        .iter()
        .copied()
        .filter(|&mv| {
            Disambiguation::ALL.iter().any(|&origin| {
                body.clear();
                pos.write_san(mv, origin, &mut body);
                prepare(&body) == wanted
            })
        })
        .collect()
}

/// The legal move a SAN text names: [`Variant::parse_san`]'s default.
///
/// It compares the text (without spaces and trailing `+ # ! ?`) with every legal move's SAN at
/// every level of disambiguation, so over-disambiguation is forgiven; then again without capture
/// signs; then it tries the variant's move notation ([`Variant::parse_move`]).
pub fn parse_san<V: Variant>(pos: &V, text: &str) -> Result<V::Move, ParseSanError> {
    let wanted = core_text(text);
    if wanted.is_empty() {
        return Err(ParseSanError::Empty);
    }
    let moves = pos.legal_moves();
    let mut found = matching(pos, &moves, wanted, str::to_string);
    if found.is_empty() {
        let loose = without_capture_signs(wanted);
        found = matching(pos, &moves, &loose, without_capture_signs);
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => pos.parse_move(text).map_err(|_| ParseSanError::NotLegal {
            text: cut(text, 40),
        }),
        _ => Err(ParseSanError::Ambiguous {
            text: cut(text, 40),
            candidates: found.iter().map(|&m| pos.san(m).into_string()).collect(),
        }),
    }
}
