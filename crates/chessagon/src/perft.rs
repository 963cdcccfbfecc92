//! Perft: the leaves of the move tree, played straight from the set-wise layer.

use crate::men::Role;
use crate::movegen::{fold_cells, MovesKind, PieceMoves};
use crate::moves::Move;
use crate::position::Position;
use crate::tables::PROMOTION;

/// The number of leaves `depth` plies below `pos`, counting the last ply in bulk
/// ([`Position::legal_move_count`]).
///
/// This crate keeps its own perft beside `hexvar_geometry`'s generic one: it plays each move
/// straight from the set-wise layer, without filling a move list, and measures faster (see the
/// rules page, "Internals").
///
/// ```
/// use hexvar_chessagon::{perft, Position};
/// assert_eq!(perft(&Position::new(), 2), 2_492);
/// ```
pub(crate) fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_move_count() as u64,
        _ => {
            let mut n = 0;
            pos.for_each_piece_moves(|pm| {
                for_each_child(pos, pm, |child| n += perft(child, depth - 1));
                true
            });
            n
        }
    }
}

/// The same count as [`perft`], playing every leaf move (measures `play_unchecked` too).
pub(crate) fn perft_without_bulk(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut n = 0;
            pos.for_each_piece_moves(|pm| {
                n += play_leaves(pos, pm);
                true
            });
            n
        }
        _ => {
            let mut n = 0;
            pos.for_each_piece_moves(|pm| {
                for_each_child(pos, pm, |child| n += perft_without_bulk(child, depth - 1));
                true
            });
            n
        }
    }
}

/// Perft's last ply without bulk counting: plays each move of `pm` on a copy of `pos` (the
/// result kept observable) and counts them. Out of line, so that the loop over one piece's
/// destinations keeps its few values in registers instead of paying a call per move.
#[inline(never)]
fn play_leaves(pos: &Position, pm: PieceMoves) -> u64 {
    for_each_child(pos, pm, |child| {
        core::hint::black_box(child);
    });
    pm.len() as u64
}

/// Calls `visit` with the position after each move of `pm`, each played on its own copy of
/// `pos`. The ordinary moves go by [`Position::play_normal_of`], which is told the mover
/// instead of looking it up in the role sets.
#[inline(always)]
fn for_each_child(pos: &Position, pm: PieceMoves, mut visit: impl FnMut(&Position)) {
    let from = pm.from;
    if pm.kind != MovesKind::Normal {
        pm.into_iter().for_each(|m| {
            let mut child = *pos;
            child.play_unchecked(m);
            visit(&child);
        });
        return;
    }
    let role = pm.piece.role;
    let promotions = if role == Role::Pawn {
        PROMOTION[pm.piece.color.index()]
    } else {
        0
    };
    fold_cells(pm.to.0 & !promotions, (), |(), to| {
        let mut child = *pos;
        child.play_normal_of(role, from, to);
        visit(&child);
    });
    fold_cells(pm.to.0 & promotions, (), |(), to| {
        let mut child = *pos;
        child.play_unchecked(Move::Promotion { from, to });
        visit(&child);
    });
}
