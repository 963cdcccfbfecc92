//! The crate's own perft: the set-wise layer's moves made and taken back on one position, with
//! no move list; the last ply counted (bulk) or played.

use super::{MoveSink, PieceMoves};
use crate::cells::{for_each_index, Cell, CellSet};
use crate::men::{Piece, Role};
use crate::moves::Move;
use crate::position::{PlyState, Position};
use crate::tables::PROMOTION_EDGE;

impl PieceMoves<'_> {
    /// The destinations played as ordinary moves ([`Position::play_man`]): all but the
    /// promotion edge's for a pawn, none for a special move.
    #[inline]
    fn plain(&self) -> CellSet {
        if self.special.is_some() {
            CellSet::EMPTY
        } else if self.piece.role == Role::Pawn {
            self.to - PROMOTION_EDGE[self.piece.color.index()]
        } else {
            self.to
        }
    }
}

/// One man's legal moves as the set-wise layer reports them, without the borrow of the
/// position, so that perft can play them on the position itself and take them back.
#[derive(Clone, Copy)]
struct Reported {
    piece: Piece,
    from: Cell,
    to: CellSet,
    promotions: [u16; 3],
    special: Option<Move>,
}

/// A sink that keeps every report on perft's stack, built where the generator reports it:
/// handed over as a [`PieceMoves`] in memory, the report's destination set was read with a
/// load wider than, and across, the stores that wrote it, which cannot be forwarded (a stall
/// per man per node).
struct Record<'r>(&'r mut Vec<Reported>);

impl MoveSink for Record<'_> {
    const COUNTS: bool = false;
    #[inline(always)]
    fn moves(&mut self, pm: PieceMoves) -> bool {
        self.0.push(Reported::of(&pm));
        true
    }
    fn add(&mut self, _: usize) {
        unreachable!("a recording sink is never handed a bare count")
    }
}

impl Reported {
    #[inline(always)]
    fn of(pm: &PieceMoves) -> Reported {
        Reported {
            piece: pm.piece,
            from: pm.from,
            to: pm.to,
            promotions: pm.promotions,
            special: pm.special,
        }
    }

    #[inline(always)]
    fn on(self, pos: &Position) -> PieceMoves<'_> {
        PieceMoves {
            pos,
            piece: self.piece,
            from: self.from,
            to: self.to,
            promotions: self.promotions,
            special: self.special,
        }
    }
}

/// The number of leaves `depth` plies below `pos`, the last ply counted in bulk
/// ([`Position::legal_move_count`]): the same count as geometry's generic perft, with each move
/// played straight from the set-wise layer (no move list) and taken back, as without bulk.
/// (Played into a copy per child instead, it took 0.4 % fewer instructions per leaf, the
/// settled child's line bits not flipped back, but 2 to 4 % more CPU time: the rules page's
/// speed notes, sixth round.)
pub(crate) fn perft(pos: &Position, depth: u32) -> u64 {
    let mut root = pos.clone();
    root.settle_lines();
    perft_below::<true>(&mut root, depth, &mut Vec::new())
}

/// The same count as [`perft`], playing every leaf move (measures the play too).
pub(crate) fn perft_without_bulk(pos: &Position, depth: u32) -> u64 {
    let mut root = pos.clone();
    root.settle_lines();
    perft_below::<false>(&mut root, depth, &mut Vec::new())
}

/// [`perft`] (`BULK`) or [`perft_without_bulk`] below a settled position. The ordinary moves
/// are made and taken back on the one position (no copy per move), each inner node's deferred
/// line bits flipped once before its own moves are generated; promotions and special moves are
/// played into copies. `reports` is a stack of the set-wise layer's reports, each node's on top
/// of its parent's.
fn perft_below<const BULK: bool>(
    pos: &mut Position,
    depth: u32,
    reports: &mut Vec<Reported>,
) -> u64 {
    match depth {
        0 => return 1,
        1 if BULK => return pos.legal_move_count() as u64,
        _ => {}
    }
    let first = reports.len();
    // The state every move below takes back to, saved once (see `Position::ply_state`).
    let before = pos.ply_state();
    pos.generate(&mut Record(reports));
    // Without bulk, the last ply's moves are played and taken back, not recursed into.
    let leaves = !BULK && depth == 1;
    let mut nodes = 0;
    for i in first..reports.len() {
        let report = reports[i];
        let (role, from) = (report.piece.role, report.from.index());
        let plain = report.on(pos).plain();
        if leaves {
            nodes += play_leaves(pos, role, from, plain, &before);
        } else {
            for_each_index(plain, |to| {
                let captured = pos.play_man(role, from, to);
                pos.settle_lines();
                nodes += perft_below::<BULK>(pos, depth - 1, reports);
                pos.take_back_man(role, from, to, captured, &before);
            });
        }
        if plain != report.to {
            // Promotions, awaiting pawns and special moves: as moves, into copies.
            let rest = PieceMoves {
                to: report.to - plain,
                ..report.on(pos)
            };
            for m in rest {
                let mut child = pos.clone();
                child.play_unchecked(m);
                nodes += if leaves {
                    // A leaf, played (and kept from being optimised away), not recursed into,
                    // which would only return 1.
                    core::hint::black_box(&mut child);
                    1
                } else {
                    child.settle_lines();
                    perft_below::<BULK>(&mut child, depth - 1, reports)
                };
            }
        }
    }
    reports.truncate(first);
    nodes
}

/// Plays and takes back the ordinary moves of the man `role` on `from` to `plain`, the last
/// ply of [`perft_without_bulk`], back to the ply state `before`; returns their number. A loop of its own, apart from the
/// recursion: fewer registers spilled per leaf.
#[inline(never)]
fn play_leaves(
    pos: &mut Position,
    role: Role,
    from: usize,
    plain: CellSet,
    before: &PlyState,
) -> u64 {
    for_each_index(plain, |to| {
        let captured = pos.play_man(role, from, to);
        // The move is played, and kept from being optimised away.
        core::hint::black_box(&mut *pos);
        pos.take_back_man(role, from, to, captured, before);
    });
    plain.len() as u64
}
