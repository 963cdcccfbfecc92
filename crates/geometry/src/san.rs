//! Short algebraic notation, written once over the [`Variant`](crate::Variant) trait (through its
//! lower face [`Walk`], so that the trait's provided `san` and `parse_san` can call this module).
//!
//! A variant says how one move is written at a given level of disambiguation
//! ([`Variant::write_san`](crate::Variant::write_san)); this module picks the least level that makes the text unique among
//! the legal moves, adds the `+` / `#` suffix, and reads texts back forgivingly.

use std::collections::HashMap;

pub use crate::san_text::{cut, Disambiguation, ParseSanError, San};
use crate::walk::Walk;

/// The SAN body (no suffix) of `mv` with the least disambiguation that no other legal move in
/// `moves` shares.
pub fn unique_body<V: Walk>(pos: &V, moves: &[V::Move], mv: V::Move) -> String {
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
/// move next is in check, `#` when it is mated too. [`Variant::san_suffix`](crate::Variant::san_suffix)'s default.
pub fn suffix<V: Walk>(pos: &V, mv: V::Move) -> &'static str {
    let mut after = pos.clone();
    after.play_unchecked(mv);
    if !after.is_check() {
        ""
    } else if after.is_won() {
        "#"
    } else {
        "+"
    }
}

/// A legal move in SAN: the least disambiguation that makes it unique, and the suffix. This is
/// [`Variant::san`](crate::Variant::san)'s default.
pub fn san<V: Walk>(pos: &V, mv: V::Move) -> San {
    let moves = pos.legal_moves();
    let mut text = unique_body(pos, &moves, mv);
    text.push_str(pos.san_suffix(mv));
    San::new(text)
}

/// Every legal move with its SAN, in the generator's order: the same texts as [`Variant::san`](crate::Variant::san)
/// gives one by one (with the default `san`), in time linear in the number of moves.
pub fn san_list<V: Walk>(pos: &V) -> Vec<(V::Move, San)> {
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
            (mv, San::new(text))
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
fn matching<V: Walk>(
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

/// The legal move a SAN text names: [`Variant::parse_san`](crate::Variant::parse_san)'s default.
///
/// It compares the text (without spaces and trailing `+ # ! ?`) with every legal move's SAN at
/// every level of disambiguation, so over-disambiguation is forgiven; then again without capture
/// signs ([`parse_san_only`]); then it tries the variant's move notation
/// ([`Variant::parse_move`](crate::Variant::parse_move)).
pub fn parse_san<V: Walk>(pos: &V, text: &str) -> Result<V::Move, ParseSanError> {
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
pub fn parse_san_only<V: Walk>(pos: &V, text: &str) -> Result<V::Move, ParseSanError> {
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
