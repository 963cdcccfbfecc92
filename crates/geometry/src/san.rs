//! Short algebraic notation, written once over the [`Variant`] trait.
//!
//! A variant says how one move is written at a given level of disambiguation
//! ([`Variant::write_san`]); this module picks the least level that makes the text unique among
//! the legal moves, adds the `+` / `#` suffix, and reads texts back forgivingly.

use core::fmt;
use std::collections::HashMap;

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
    /// A SAN from its text, for a variant that writes its own ([`Variant::san`]).
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

/// The SAN body (no suffix) of `mv` with the least disambiguation that no other legal move in
/// `moves` shares.
pub fn unique_body<V: Variant>(pos: &V, moves: &[V::Move], mv: V::Move) -> String {
    let mut out = String::new();
    let mut other = String::new();
    for origin in Disambiguation::ALL {
        out.clear();
        pos.write_san(mv, origin, &mut out);
        let clash = moves.iter().any(|&m| {
            m != mv && {
                other.clear();
                pos.write_san(m, origin, &mut other);
                other == out
            }
        });
        if !clash {
            break;
        }
    }
    out
}

/// The check (`+`) or mate (`#`) suffix of a legal move in chess convention: `+` when the side to
/// move next is in check, `#` when it is mated too. [`Variant::san_suffix`]'s default.
pub fn suffix<V: Variant>(pos: &V, mv: V::Move) -> &'static str {
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
    let mut text = unique_body(pos, &moves, mv);
    text.push_str(pos.san_suffix(mv));
    San(text)
}

/// Every legal move with its SAN, in the generator's order: the same texts as [`Variant::san`]
/// gives one by one (with the default `san`), in time linear in the number of moves.
pub fn san_list<V: Variant>(pos: &V) -> Vec<(V::Move, San)> {
    let moves = pos.legal_moves();
    let mut chosen: Vec<Option<String>> = vec![None; moves.len()];
    for origin in Disambiguation::ALL {
        let bodies: Vec<String> = moves
            .iter()
            .map(|&mv| {
                let mut body = String::new();
                pos.write_san(mv, origin, &mut body);
                body
            })
            .collect();
        let mut counts: HashMap<&str, usize> = HashMap::with_capacity(bodies.len());
        for body in &bodies {
            *counts.entry(body.as_str()).or_default() += 1;
        }
        let last = origin == Disambiguation::Cell;
        for (slot, body) in chosen.iter_mut().zip(&bodies) {
            if slot.is_none() && (counts[body.as_str()] == 1 || last) {
                *slot = Some(body.clone());
            }
        }
    }
    moves
        .iter()
        .zip(chosen)
        .map(|(&mv, body)| {
            let mut text = body.unwrap_or_default();
            text.push_str(pos.san_suffix(mv));
            (mv, San(text))
        })
        .collect()
}

/// The text without surrounding ASCII spaces and trailing `+ # ! ?`.
fn core_text(text: &str) -> &str {
    text.trim_matches(|c: char| c.is_ascii_whitespace())
        .trim_end_matches(['+', '#', '!', '?'])
}

/// Whether a character is a capture sign, left out by the second, looser comparison.
fn is_capture_sign(c: char) -> bool {
    matches!(c, 'x' | '×' | ':')
}

/// Whether two texts are equal once capture signs are left out of both.
fn equal_but_capture_signs(a: &str, b: &str) -> bool {
    a.chars()
        .filter(|&c| !is_capture_sign(c))
        .eq(b.chars().filter(|&c| !is_capture_sign(c)))
}

/// The legal moves whose SAN body at some disambiguation level matches `wanted`.
fn matching<V: Variant>(
    pos: &V,
    moves: &[V::Move],
    wanted: &str,
    same: impl Fn(&str, &str) -> bool,
) -> Vec<V::Move> {
    let mut body = String::new();
    moves
        .iter()
        .copied()
        .filter(|&mv| {
            Disambiguation::ALL.iter().any(|&origin| {
                body.clear();
                pos.write_san(mv, origin, &mut body);
                same(&body, wanted)
            })
        })
        .collect()
}

/// The legal move a SAN text names: [`Variant::parse_san`]'s default.
///
/// It compares the text (without spaces and trailing `+ # ! ?`) with every legal move's SAN at
/// every level of disambiguation, so over-disambiguation is forgiven; then again without capture
/// signs ([`parse_san_only`]); then it tries the variant's move notation
/// ([`Variant::parse_move`]).
pub fn parse_san<V: Variant>(pos: &V, text: &str) -> Result<V::Move, ParseSanError> {
    match parse_san_only(pos, text) {
        Err(ParseSanError::NotLegal { .. }) => {
            pos.parse_move(text).map_err(|_| ParseSanError::NotLegal {
                text: cut(text, 40),
            })
        }
        found => found,
    }
}

/// The legal move a text names in SAN alone, without [`parse_san`]'s last resort, the move
/// notation: for a variant whose move notation would read a SAN text as another move (Chessagon's
/// `D12c11`, a Duke's move in SAN, is the cell d12 in its case-free move notation).
pub fn parse_san_only<V: Variant>(pos: &V, text: &str) -> Result<V::Move, ParseSanError> {
    let wanted = core_text(text);
    if wanted.is_empty() {
        return Err(ParseSanError::Empty);
    }
    let moves = pos.legal_moves();
    let mut found = matching(pos, &moves, wanted, |a, b| a == b);
    if found.is_empty() {
        found = matching(pos, &moves, wanted, equal_but_capture_signs);
    }
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(ParseSanError::NotLegal {
            text: cut(text, 40),
        }),
        _ => Err(ParseSanError::Ambiguous {
            text: cut(text, 40),
            candidates: found.iter().map(|&m| pos.san(m).into_string()).collect(),
        }),
    }
}
