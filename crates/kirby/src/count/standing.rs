//! The whole count of the army that moves next, taken once in a perft node one ply above the
//! last and taken as it is by each child whose move changes no cell the count looks at: the
//! child is then not played at all. At the start and wherever the armies have not met yet,
//! most moves of one army change nothing the next army's moves depend on.
//!
//! Why that is exact: the next army (`N`) moves in every child, with the same hostile armies
//! (eliminations come at the start of a turn, and a child that needs one has no move, while a
//! count taken here is never 0). Its count is read from the men on the cells of
//! [`Position::count_watch`] alone: its own men (a capture of one changes its pieces and its
//! claims), every line, leap and pawn cell of its king (checks and pins), each piece's targets
//! and blockers (a slider's reach up to its first blockers, the knight's leaps, the pawn's
//! steps and captures), the cells that watch its king's steps and castling cells, and the
//! squares between its king and rooks. An ordinary move changes the men on its origin and its
//! target alone, unless it captures a man of an army with waiting pawns (the oldest becomes the
//! lost piece, a third cell) or a pawn enters its promotion zone (it may start to wait, and a
//! capture of its army's pieces is then judged apart): those children are counted afresh, and
//! so is every child when `N` is in check or may capture a piece with waiting pawns behind it.

use crate::cells::{each_index, CellSet};
use crate::legal::Context;
use crate::men::{Piece, Role};
use crate::position::{Position, NO_KING};
use crate::tables::{
    bishop_attacks, rook_attacks, ATTACK_WATCH, BISHOP_FIRST_STEPS, KING_ATTACKS, KNIGHT_ATTACKS,
    PAWNS, ROOK_FIRST_STEPS,
};

/// The count of the army that moves next, with the cells it was read from.
pub(crate) struct NextCount {
    /// The number of legal moves of the army that moves next, as its count in a child finds
    /// it when the child's move leaves the men on `watch` as they are; 0 when no child may
    /// take it (a count of 0 is never taken: the child may be stalemated or mated).
    count: usize,
    watch: CellSet,
}

impl NextCount {
    /// A count that no child takes.
    const NONE: NextCount = NextCount {
        count: 0,
        watch: CellSet::EMPTY,
    };
}

impl Position {
    /// The count of the army that moves next ([`Position::next_live`]) in this position, for
    /// [`Position::standing_count`].
    pub(crate) fn next_army_count(&self) -> NextCount {
        let next = self.next_live();
        if self.kings[next.index()] == NO_KING || self.hostile_armies(next.index()) == 0 {
            return NextCount::NONE;
        }
        self.with_context_of(next, |ctx| {
            if !ctx.checkers.is_empty() || ctx.any_replacing {
                return NextCount::NONE;
            }
            NextCount {
                count: self.count_unchecked(ctx, None),
                watch: self.count_watch(ctx),
            }
        })
    }

    /// The cells whose men decide the count of the army of `ctx` (not in check, no capture
    /// judged apart): the module docs list them.
    fn count_watch(&self, ctx: &Context) -> CellSet {
        let us = ctx.army.index();
        let own = self.by_color[us];
        let of = |role: Role| own & self.by_role[role.index()];
        let mut watch = own | ATTACK_WATCH[ctx.king] | self.castling_watch(ctx);
        each_index(&(KING_ATTACKS[ctx.king] & ctx.targets), |t| {
            watch |= ATTACK_WATCH[t];
        });
        let pawns = &PAWNS[us];
        each_index(&of(Role::Pawn), |c| {
            watch |= pawns.push[c] | pawns.capture[c];
            let (mid, double) = pawns.double[c];
            if double != u16::MAX {
                watch = watch.with(mid as usize).with(double as usize);
            }
        });
        let amazons = of(Role::Amazon);
        let queens = of(Role::Queen) | amazons;
        each_index(&(of(Role::Knight) | amazons), |c| {
            watch |= KNIGHT_ATTACKS[c]
        });
        // A slider blocked at every first step reaches those steps alone.
        each_index(&(of(Role::Rook) | queens), |c| {
            watch |= if ROOK_FIRST_STEPS[c].intersects(&ctx.targets) {
                rook_attacks(c, &self.occupied)
            } else {
                ROOK_FIRST_STEPS[c]
            };
        });
        each_index(&(of(Role::Bishop) | queens), |c| {
            watch |= if BISHOP_FIRST_STEPS[c].intersects(&ctx.targets) {
                bishop_attacks(c, &self.occupied)
            } else {
                BISHOP_FIRST_STEPS[c]
            };
        });
        watch
    }

    /// The count of the army that moves next after the ordinary move `from` → `to` of the army
    /// to move, taken from `next` (this position's [`Position::next_army_count`]) when the
    /// move leaves it standing.
    #[inline(always)]
    pub(crate) fn standing_count(&self, next: &NextCount, from: usize, to: usize) -> Option<u64> {
        let stands = next.count != 0
            && !next.watch.has(from)
            && !next.watch.has(to)
            && !self.may_replace_a_waiting_pawn(to)
            && !self.enters_promotion_zone(from, to);
        stands.then_some(next.count as u64)
    }

    /// Whether the move `from` → `to` of the army to move is a pawn's into its promotion zone.
    #[inline(always)]
    fn enters_promotion_zone(&self, from: usize, to: usize) -> bool {
        let us = self.turn.index();
        PAWNS[us].promotes.has(to) && Piece::from_code(self.mailbox[from]).role == Role::Pawn
    }
}
