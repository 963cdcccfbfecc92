//! Perft for Kirby's game, specialised: after a move, the elimination test of the next turn
//! (is the army to move mated?) is left until that army turns out to have no move, and leaf
//! positions are never tested at all. Every move of the public API resolves at once
//! ([`Position::play_unchecked`]); `hexvar_geometry`'s generic perft over it gives the same
//! counts, slower (the rules page has the measurements). Moves are played and taken back in one
//! position (module `undo`) rather than on a copy per move.

use crate::count::Reuse;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::undo::Undo;

/// The legal moves of a position whose elimination test may be pending, and the position
/// they belong to: itself, or (when it has no move) its resolved copy.
fn moves_of(pos: &Position, list: &mut MoveList) -> Option<Position> {
    pos.legal_moves_into(list);
    if !list.is_empty() {
        // A move exists, so no elimination is due: the moves are those of the resolved
        // position.
        return None;
    }
    let mut resolved = pos.clone();
    resolved.resolve();
    resolved.legal_moves_into(list);
    Some(resolved)
}

fn count(pos: &mut Position, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 && bulk {
        return bulk_count(pos, pos.legal_move_count());
    }
    let mut list = MoveList::new();
    if let Some(mut resolved) = moves_of(pos, &mut list) {
        return play_each(&mut resolved, &list, depth, bulk);
    }
    play_each(pos, &list, depth, bulk)
}

/// The moves of `pos`, whose count with its elimination test still pending is `n`: `n`, or
/// (when it has no move) the count of its resolved copy.
#[inline(always)]
fn bulk_count(pos: &Position, n: usize) -> u64 {
    if n > 0 {
        return n as u64;
    }
    let mut resolved = pos.clone();
    resolved.resolve();
    resolved.legal_move_count() as u64
}

/// The leaves below each move of `list` (the moves of `pos`), played and taken back in `pos`.
fn play_each(pos: &mut Position, list: &MoveList, depth: u32, bulk: bool) -> u64 {
    if depth == 2 && bulk {
        return count_children(pos, list);
    }
    let mut undo = Undo::new();
    let mut n = 0;
    for &m in list {
        pos.apply_undoable(m, &mut undo);
        // A leaf counts one (it is played all the same: perft without bulk counting).
        n += if depth == 1 {
            1
        } else {
            count(pos, depth - 1, bulk)
        };
        pos.undo(&undo);
    }
    n
}

/// The moves of each child of `pos` (one per move of `list`), counted in bulk: the sliders'
/// counts and the king's attacked steps of the army that moves next are taken once here, and
/// each child after an ordinary move (one that turns no waiting pawn into a piece) reuses those
/// its move leaves standing (modules `count::slider_counts`, `legal::king_steps`).
fn count_children(pos: &mut Position, list: &MoveList) -> u64 {
    let sliders = pos.next_army_slider_counts();
    let king = pos.next_army_king_steps();
    let mut undo = Undo::new();
    let mut n = 0;
    for &m in list {
        let reuse = match m {
            Move::Normal { from, to, .. } if !pos.may_replace_a_waiting_pawn(to.index()) => {
                Some(Reuse {
                    sliders: &sliders,
                    king: &king,
                    changed: [from.index(), to.index()],
                })
            }
            _ => None,
        };
        pos.apply_undoable(m, &mut undo);
        let moves = match reuse {
            Some(reuse) => pos.legal_move_count_after(reuse),
            None => pos.legal_move_count(),
        };
        n += bulk_count(pos, moves);
        pos.undo(&undo);
    }
    n
}

/// The number of leaves `depth` plies below `pos`, counting the last ply in bulk.
///
/// ```
/// use hexvar_kirby::{perft, perft_without_bulk, Position};
///
/// let pos = Position::new();
/// assert_eq!(perft(&pos, 3), 8900);
/// assert_eq!(perft_without_bulk(&pos, 3), 8900);
/// ```
pub(crate) fn perft(pos: &Position, depth: u32) -> u64 {
    count(&mut pos.clone(), depth, true)
}

/// The same count as [`perft`], playing every leaf move.
pub(crate) fn perft_without_bulk(pos: &Position, depth: u32) -> u64 {
    count(&mut pos.clone(), depth, false)
}
