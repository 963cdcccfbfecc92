//! The crate's own perft: the set-wise layer's moves played straight into copies (bulk) or
//! made and taken back (without bulk), with no move list.

use super::PieceMoves;
use crate::cells::{for_each_index, Cell, CellSet};
use crate::men::{Piece, Role};
use crate::moves::Move;
use crate::position::Position;
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

    /// Calls `f` with the position after each of these moves: the set-wise layer played
    /// straight into copies, with no move list (the crate's perft). The position must be
    /// settled.
    #[inline]
    fn for_each_child(&self, mut f: impl FnMut(&mut Position)) {
        let role = self.piece.role;
        let plain = self.plain();
        let from = self.from.index();
        for_each_index(plain, |to| {
            let mut child = self.pos.clone();
            child.play_man(role, from, to);
            f(&mut child);
        });
        if plain != self.to {
            // Promotions, awaiting pawns and special moves: as moves.
            let rest = PieceMoves {
                to: self.to - plain,
                ..*self
            };
            for m in rest {
                let mut child = self.pos.clone();
                child.play_unchecked(m);
                f(&mut child);
            }
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
/// played straight from the set-wise layer (no move list) into a copy, and each child's
/// deferred line bits flipped once before its own children are copied from it. (Made and
/// taken back instead, as without bulk, it measured 1 % more instructions per leaf: taking
/// back a settled child flips its line bits again.)
pub(crate) fn perft(pos: &Position, depth: u32) -> u64 {
    let mut root = pos.clone();
    root.settle_lines();
    copy_perft(&root, depth)
}

/// [`perft`] below a settled position.
fn copy_perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_move_count() as u64,
        _ => {
            let mut nodes = 0;
            pos.for_each_piece_moves(|pm| {
                pm.for_each_child(|child| {
                    child.settle_lines();
                    nodes += if depth == 2 {
                        child.legal_move_count() as u64
                    } else {
                        copy_perft(child, depth - 1)
                    };
                });
                true
            });
            nodes
        }
    }
}

/// The same count as [`perft`], playing every leaf move (measures the play too).
pub(crate) fn perft_without_bulk(pos: &Position, depth: u32) -> u64 {
    let mut root = pos.clone();
    root.settle_lines();
    count_played_leaves(&mut root, depth, &mut Vec::new())
}

/// [`perft_without_bulk`] below a settled position. The ordinary moves are made and taken
/// back on the one position (no copy per move), each inner node's deferred line bits flipped
/// once before its own moves are generated; promotions and special moves are played into
/// copies. `reports` is a stack of the set-wise layer's reports, each node's on top of its
/// parent's.
fn count_played_leaves(pos: &mut Position, depth: u32, reports: &mut Vec<Reported>) -> u64 {
    if depth == 0 {
        return 1;
    }
    let first = reports.len();
    pos.for_each_piece_moves(|pm| {
        reports.push(Reported::of(&pm));
        true
    });
    let mut nodes = 0;
    for i in first..reports.len() {
        let report = reports[i];
        let (role, from) = (report.piece.role, report.from.index());
        let plain = report.on(pos).plain();
        if depth == 1 {
            nodes += play_leaves(pos, role, from, plain);
        } else {
            for_each_index(plain, |to| {
                let saved = pos.play_man(role, from, to);
                pos.settle_lines();
                nodes += count_played_leaves(pos, depth - 1, reports);
                pos.take_back_man(role, from, to, saved);
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
                nodes += count_child(&mut child, depth, reports);
            }
        }
    }
    reports.truncate(first);
    nodes
}

/// Plays and takes back the ordinary moves of the man `role` on `from` to `plain`, the last
/// ply of [`perft_without_bulk`]; returns their number. A loop of its own, apart from the
/// recursion: fewer registers spilled per leaf.
#[inline(never)]
fn play_leaves(pos: &mut Position, role: Role, from: usize, plain: CellSet) -> u64 {
    for_each_index(plain, |to| {
        let saved = pos.play_man(role, from, to);
        // The move is played, and kept from being optimised away.
        core::hint::black_box(&mut *pos);
        pos.take_back_man(role, from, to, saved);
    });
    plain.len() as u64
}

/// The leaves below a child of a node `depth` plies above the leaves.
#[inline(always)]
fn count_child(child: &mut Position, depth: u32, reports: &mut Vec<Reported>) -> u64 {
    if depth == 1 {
        // A leaf, played (and kept from being optimised away), not recursed into, which would
        // only return 1.
        core::hint::black_box(child);
        1
    } else {
        child.settle_lines();
        count_played_leaves(child, depth - 1, reports)
    }
}
