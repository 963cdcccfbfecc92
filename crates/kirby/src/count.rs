//! Bulk counting: the number of legal moves without a move list, by popcounts, and the
//! army's pawns on its own sideboard counted rank-wise by shifts.

mod slider_counts;

pub(crate) use slider_counts::SliderCounts;

use crate::cells::{each_index, CellSet, ALL_CELLS, CELLS};
use crate::legal::{Context, KingSteps};
use crate::men::Role;
use crate::movegen::PieceMoves;
use crate::position::Position;
use crate::tables::{
    bishop_attacks, pent_bits, rook_attacks, sideboard_bits, sideboard_set, PawnCells,
    BISHOP_FIRST_STEPS, KNIGHT_ATTACKS, PAWNS, PAWN_CELLS, ROOK_FIRST_STEPS,
};

/// The moves of army `us`'s pawns on its own sideboard whose bits ([`sideboard_bits`]) are
/// `pawns` (unpinned ones), counted rank-wise as in chess: steps and captures into rank 3 by
/// shifting rank 2, then the steps, double steps and captures onto the pents (rank 4).
#[inline(always)]
fn count_sideboard_pawns(us: usize, pawns: u32, empty: &CellSet, capturable: &CellSet) -> u32 {
    const RANK: u32 = 0xFF;
    if pawns == 0 {
        return 0;
    }
    // Pawns never stand on their first rank.
    let (rank2, rank3) = ((pawns >> 8) & RANK, pawns >> 16);
    let empty3 = sideboard_bits(empty, us) >> 16;
    let capturable3 = sideboard_bits(capturable, us) >> 16;
    let stepping = rank2 & empty3;
    let mut n = stepping.count_ones()
        + ((rank2 << 1) & RANK & capturable3).count_ones()
        + ((rank2 >> 1) & capturable3).count_ones();
    if stepping | rank3 != 0 {
        let empty4 = pent_bits(empty, us);
        n += (stepping & empty4).count_ones() + (rank3 & empty4).count_ones();
        if rank3 != 0 {
            let capturable4 = pent_bits(capturable, us);
            n += ((rank3 << 1) & RANK & capturable4).count_ones()
                + ((rank3 >> 1) & capturable4).count_ones();
        }
    }
    n
}

/// The sideboard bits ([`sideboard_bits`]) of the squares from which a pawn captures on the
/// rank-3 squares `rank3` or the pents `rank4` (bits `file − 1`) of its own sideboard.
#[inline]
fn sideboard_pawns_capturing(rank3: u32, rank4: u32) -> u32 {
    let neighbours = |files: u32| ((files << 1) | (files >> 1)) & 0xFF;
    neighbours(rank3) << 8 | neighbours(rank4) << 16
}

/// The moves of an unpinned pawn of army `us` on `c` that cannot reach the promotion zone, with
/// the empty and the capturable cells: a test per target cell, no set operations.
#[inline(always)]
fn count_plain_pawn(
    cells: &PawnCells,
    empty: &CellSet,
    capturable: &CellSet,
    us: usize,
    c: usize,
) -> u32 {
    let [s0, s1] = cells.steps[c];
    let [x0, x1, x2] = cells.captures[c];
    let mut n = empty.has(s0 as usize) as u32
        + empty.has(s1 as usize) as u32
        + capturable.has(x0 as usize) as u32
        + capturable.has(x1 as usize) as u32
        + capturable.has(x2 as usize) as u32;
    let (mid, double) = PAWNS[us].double[c];
    if double != u16::MAX && empty.has(mid as usize) && empty.has(double as usize) {
        n += 1;
    }
    n
}

/// The sum of `count` over the cells of `sliders`: a word loop rather than a closure per cell, so
/// that the loop stays inline.
#[inline(always)]
fn each_slider(sliders: &CellSet, mut count: impl FnMut(usize) -> u32) -> u32 {
    let mut n = 0;
    for (w, &word) in sliders.0.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            n += count(w * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
    n
}

/// What the bulk count of a position one ordinary move below a perft node takes from the
/// node: the next army's slider counts, its king's attacked steps, and the two cells the move
/// changed (`[origin, target]`). Only for a move that cannot turn a waiting pawn into a piece
/// ([`Position::may_replace_a_waiting_pawn`]): that one changes a third cell.
#[derive(Clone, Copy)]
pub(crate) struct Reuse<'a> {
    pub(crate) sliders: &'a SliderCounts,
    pub(crate) king: &'a KingSteps,
    pub(crate) changed: [usize; 2],
}

impl Position {
    /// The number of legal moves (a popcount per batch; without batches when not in check, the
    /// usual case).
    pub fn legal_move_count(&self) -> usize {
        self.count_moves::<false>(None)
    }

    /// [`Position::legal_move_count`] after an ordinary move, with what the position before it
    /// judged taken from `reuse` where it stands. Inlined into perft's loop over the children.
    #[inline(always)]
    pub(crate) fn legal_move_count_after(&self, reuse: Reuse) -> usize {
        self.count_moves::<true>(Some(reuse))
    }

    /// The number of legal moves, the sliders' counts reused from `reuse` where they stand
    /// (`REUSING`: whether it may hold any, so that each caller has its own copy inlined).
    #[inline(always)]
    fn count_moves<const REUSING: bool>(&self, reuse: Option<Reuse>) -> usize {
        if self.one_team_left() {
            return 0;
        }
        self.with_context(|ctx| {
            let mut n = 0;
            let mut add = |pm: PieceMoves| {
                n += pm.len();
                true
            };
            if ctx.checkers.is_empty() {
                let known = reuse.map(|r| (r.king, r.changed));
                self.king_moves(ctx, known, &mut add);
                self.castling_moves(ctx, &mut add);
                // Compiled twice, so that the usual case tests no waiting pawns per piece.
                n += if ctx.any_replacing {
                    self.count_pieces_replacing(ctx)
                } else {
                    let sliders = reuse.map(|r| (r.sliders, r.changed));
                    self.count_pieces_unchecked::<false>(ctx, sliders)
                };
            } else {
                self.normal_moves(ctx, &mut add);
            }
            if n == 0 && ctx.checkers.is_empty() {
                self.relocations(&mut |pm| {
                    n += pm.len();
                    true
                });
            }
            n
        })
    }

    /// The number of legal moves of the pieces other than the king when the army to move is not
    /// in check: the targets masked by pins alone (captures that turn a waiting pawn into a
    /// piece judged one by one, when `REPLACING`), counted by popcounts; the sliders' counts
    /// taken from `reuse` where they stand.
    #[inline(always)]
    fn count_pieces_unchecked<const REPLACING: bool>(
        &self,
        ctx: &Context,
        reuse: Option<(&SliderCounts, [usize; 2])>,
    ) -> usize {
        let us = ctx.army.index();
        let own = self.by_color[us];
        let of = |role: Role| own & self.by_role[role.index()];
        let pinned = |c: usize, to: CellSet| self.pin_cut::<REPLACING>(ctx, c, to);
        let mut n = 0;
        let mut promos = 0;
        let cells = &PAWN_CELLS[us];
        let empty = ALL_CELLS - self.occupied;
        // Pawns on their own sideboard rank-wise, unless pinned or capturing where a waiting
        // pawn would be replaced; the others one by one.
        let mut pawns = of(Role::Pawn);
        let mut exact = sideboard_bits(&ctx.pins.pinned, us);
        if REPLACING {
            let rank3 = sideboard_bits(&ctx.replacing, us) >> 16;
            exact |= sideboard_pawns_capturing(rank3, pent_bits(&ctx.replacing, us));
        }
        let on_squares = sideboard_bits(&pawns, us) & !exact;
        n += count_sideboard_pawns(us, on_squares, &empty, &ctx.capturable);
        pawns -= sideboard_set(on_squares, us);
        each_index(&pawns, |c| {
            let replaces = REPLACING && PAWNS[us].capture[c].intersects(&ctx.replacing);
            if ctx.pins.pinned.has(c) || cells.eve.has(c) || replaces {
                let to = pinned(c, self.pawn_pseudo(ctx, c));
                n += to.len();
                promos += (to & PAWNS[us].promotes).len();
            } else {
                n += count_plain_pawn(cells, &empty, &ctx.capturable, us, c);
            }
        });
        if promos > 0 {
            // Each promoting target is one move per claimable piece (one if none).
            n += promos * (self.claims(ctx.army).len().max(1) as u32 - 1);
        }
        // A queen moves as a rook and as a bishop, an Amazon as both and as a knight, and the
        // three kinds of targets of a cell never meet (a board test): each part is counted in
        // the loop of its kind.
        let amazons = of(Role::Amazon);
        let queens = of(Role::Queen) | amazons;
        each_index(&(of(Role::Knight) | amazons), |c| {
            n += pinned(c, KNIGHT_ATTACKS[c] & ctx.targets).len();
        });
        let count_rook =
            |c: usize| self.count_slider::<REPLACING>(ctx, c, ROOK_FIRST_STEPS, rook_attacks);
        let count_bishop =
            |c: usize| self.count_slider::<REPLACING>(ctx, c, BISHOP_FIRST_STEPS, bishop_attacks);
        n += match reuse {
            Some((counts, changed)) => {
                let pinned = &ctx.pins.pinned;
                counts.rook.count_after(changed, pinned, count_rook)
                    + counts.bishop.count_after(changed, pinned, count_bishop)
            }
            None => {
                each_slider(&(of(Role::Rook) | queens), count_rook)
                    + each_slider(&(of(Role::Bishop) | queens), count_bishop)
            }
        };
        n as usize
    }

    /// The targets of the army to move's slider on `c` along one kind of line, whose tables
    /// are `first_steps` and `attacks`.
    #[inline(always)]
    fn count_slider<const REPLACING: bool>(
        &self,
        ctx: &Context,
        c: usize,
        first_steps: &[CellSet; CELLS],
        attacks: impl Fn(usize, &CellSet) -> CellSet,
    ) -> u32 {
        // (A slider whose every first step is blocked by a man it cannot take has no move,
        // common while the armies are at home: its lines are not walked.)
        if !first_steps[c].intersects(&ctx.targets) {
            return 0;
        }
        let to = attacks(c, &self.occupied) & ctx.targets;
        self.pin_cut::<REPLACING>(ctx, c, to).len()
    }

    /// [`Position::count_pieces_unchecked`] when a capture may turn a waiting pawn into a piece
    /// (out of line, so that the usual case stays compact).
    #[inline(never)]
    fn count_pieces_replacing(&self, ctx: &Context) -> usize {
        self.count_pieces_unchecked::<true>(ctx, None)
    }
}

#[cfg(test)]
mod tests {
    use crate::moves::Move;
    use crate::Position;

    /// Checks, after every ordinary move of `root` and of each position one move later, that
    /// the count reusing the parent's slider counts and king steps equals the count made
    /// afresh; returns how many children it checked.
    fn check_reuse_below(root: &Position) -> usize {
        let mut checked = 0;
        let mut parents = vec![root.clone()];
        for m in root.legal_moves() {
            let mut next = root.clone();
            next.play_unchecked(m);
            parents.push(next);
        }
        for parent in parents {
            let sliders = parent.next_army_slider_counts();
            let king = parent.next_army_king_steps();
            for m in parent.legal_moves() {
                let Move::Normal { from, to, .. } = m else {
                    continue;
                };
                if parent.may_replace_a_waiting_pawn(to.index()) {
                    continue;
                }
                let reuse = super::Reuse {
                    sliders: &sliders,
                    king: &king,
                    changed: [from.index(), to.index()],
                };
                let mut child = parent.clone();
                child.apply(m);
                let reused = child.legal_move_count_after(reuse);
                assert_eq!(reused, child.legal_move_count(), "{m} in {parent}");
                checked += 1;
            }
        }
        checked
    }

    /// The reused count equals a fresh one below every conformance position.
    #[test]
    fn a_reused_count_equals_a_fresh_one() {
        let mut checked = 0;
        for text in crate::conformance_texts() {
            checked += check_reuse_below(&text.parse().expect("a valid position"));
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// A capture on the first step of a slider blocked at every first step frees it: the
    /// White knight on B/33 takes the pawn in front of Black's rook on B/11 (which the
    /// conformance positions never do one ply above the leaves).
    #[test]
    fn a_capture_next_to_a_blocked_slider_frees_it() {
        let text = "layout=QL turn=W teams=B/W castling=B/11,B/18,W/11,W/18 dead=- waiting=- \
                    B:RB/11,NB/12,BB/13,QB/14,KB/15,BB/16,NB/17,RB/18,PB/21,PB/22,PB/23,PB/24,\
                    PB/25,PB/26,PB/27,PB/28 W:NB/33,RW/11,BW/13,QW/14,KW/15,BW/16,NW/17,RW/18,\
                    PW/21,PW/22,PW/23,PW/24,PW/25,PW/26,PW/27,PW/28";
        let root: Position = text.parse().expect("a valid position");
        assert!(check_reuse_below(&root) > 500);
    }
}
