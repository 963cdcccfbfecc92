//! The bulk perft's sliders and pawns counted from the node one ply up: a node's ordinary
//! move changes the men on two hexes only, so the replies' sliders count the same moves on
//! every line that passes through neither, and their pawns the same moves wherever neither
//! hex is one of a pawn's step, capture or own hexes.
//!
//! A node two plies above the leaves counts, once, the moves of the side not to move's sliders
//! line by line and of its pawns pawn by pawn ([`ReplyCounts`]). Each of its children (after
//! an ordinary move from `from` to `to`, settled) is still generated in full (the king's masks,
//! every other man, the special moves); only its sliders' and pawns' counts start from those
//! totals, take out the lines and the pawns that the two hexes touch and count those afresh
//! on the child's board. A man the move took stands on those lines and is such a pawn, so it
//! drops out. Pinned men are not counted by the counting sink: with a pinned slider (pawn),
//! and in check, the child counts its sliders (pawns) as any position.

use super::{pawn_move_count, Ctx, MoveSink};
use crate::cells::{for_each_index, CellSet};
use crate::lines::{places, LineOccupancy, DIAGONAL_AXES, ORTHOGONAL_AXES};
use crate::men::{Color, Role};
use crate::position::Position;
use crate::tables::{PAWN_WATCHERS, PROMOTION_REACH, ROWS};

/// The number of line slots ([`LineOccupancy::slots_through`]'s bits).
const SLOTS: usize = 128;

/// The moves of one side's sliders along their lines (not their knight leaps), as a whole and
/// line slot by line slot, and of its pawns away from their promotion edge, as a whole and pawn
/// by pawn, on the board of the node one ply above the positions that use them.
pub(crate) struct ReplyCounts {
    sliders: usize,
    /// The moves counted on each line slot (at most 2 × 14 on a 15-hex line).
    by_slot: [u8; SLOTS],
    /// The slots with moves counted on them (bit `slot`).
    slots: u128,
    pawns: usize,
    /// The pawns counted (those away from their promotion edge).
    counted_pawns: CellSet,
    /// The moves of the pawn on each hex of `counted_pawns` (other entries are stale).
    by_pawn: [u8; ROWS],
}

impl Position {
    /// The counts of the side not to move, for the positions after each of this position's
    /// ordinary moves.
    pub(crate) fn reply_counts(&self) -> ReplyCounts {
        let mover = self.turn();
        let replier = mover.other();
        let mut spare = None;
        let lines = self.settled_lines(&mut spare);
        let mut counts = ReplyCounts {
            sliders: 0,
            by_slot: [0; SLOTS],
            slots: 0,
            pawns: 0,
            counted_pawns: self.pieces(replier, Role::Pawn) - PROMOTION_REACH[replier.index()],
            by_pawn: [0; ROWS],
        };
        let [orthogonal, diagonal] = self.sliders_by_line_kind(replier);
        for (men, axes) in [(orthogonal, ORTHOGONAL_AXES), (diagonal, DIAGONAL_AXES)] {
            for_each_index(men, |from| {
                for &place in &places(from)[axes.clone()] {
                    let n = lines.count_slides_on(place, mover);
                    counts.sliders += n;
                    counts.by_slot[place.slot()] += n as u8;
                    counts.slots |= 1 << place.slot();
                }
            });
        }
        let (occ, enemy) = (self.occupied(), self.by_color(mover));
        for_each_index(counts.counted_pawns, |from| {
            let n = pawn_move_count(lines, &occ, &enemy, replier, from);
            counts.pawns += n;
            counts.by_pawn[from] = n as u8;
        });
        counts
    }

    /// A side's sliders by the kind of line they move along: orthogonal (Rooks, Wyverns,
    /// Queens), diagonal (Bishops, Pegasi, Queens).
    #[inline(always)]
    pub(crate) fn sliders_by_line_kind(&self, color: Color) -> [CellSet; 2] {
        let role = |r: Role| self.pieces(color, r);
        let queens = role(Role::Queen);
        [
            role(Role::Rook) | role(Role::Wyvern) | queens,
            role(Role::Bishop) | role(Role::Pegasus) | queens,
        ]
    }
}

/// A counting sink for a position reached by an ordinary move from `moved[0]` to `moved[1]`
/// from the position whose [`Position::reply_counts`] `counts` holds.
pub(super) struct CountAfter<'a> {
    pub(super) n: usize,
    pub(super) counts: &'a ReplyCounts,
    pub(super) moved: [usize; 2],
}

impl MoveSink for CountAfter<'_> {
    const COUNTS: bool = true;
    #[inline(always)]
    fn moves(&mut self, pm: super::PieceMoves) -> bool {
        self.n += pm.len();
        true
    }
    #[inline(always)]
    fn add(&mut self, n: usize) {
        self.n += n;
    }
    #[inline(always)]
    fn reply_counts(&self) -> Option<(&ReplyCounts, [usize; 2])> {
        Some((self.counts, self.moved))
    }
}

impl Ctx<'_> {
    /// The moves of the side to move's sliders along their lines, from the counts of the
    /// position before the last move (from `moved[0]` to `moved[1]`): the lines through
    /// neither hex kept, the others counted again. Out of check, no slider pinned.
    #[inline(always)]
    pub(super) fn count_slides_after(&self, counts: &ReplyCounts, moved: [usize; 2]) -> usize {
        let sliders = self.pos.sliders_by_line_kind(self.us);
        let mut n = counts.sliders;
        let mut changed = (LineOccupancy::slots_through(moved[0])
            | LineOccupancy::slots_through(moved[1]))
            & counts.slots;
        while changed != 0 {
            let slot = changed.trailing_zeros() as usize;
            changed &= changed - 1;
            n -= usize::from(counts.by_slot[slot]);
            let axis = LineOccupancy::axis_of_slot(slot);
            let kind = usize::from(axis >= DIAGONAL_AXES.start);
            let men = *LineOccupancy::cells_of(slot as u8) & sliders[kind];
            for_each_index(men, |from| {
                n += self.lines.count_slides_on(places(from)[axis], self.them);
            });
        }
        n
    }

    /// The moves of the counted pawns `pawns` of the side to move, from the counts of the
    /// position before the last move (from `moved[0]` to `moved[1]`): the pawns that watch
    /// neither hex kept, the others counted again. Out of check, no pawn pinned.
    #[inline(always)]
    pub(super) fn count_pawn_moves_after(
        &self,
        counts: &ReplyCounts,
        moved: [usize; 2],
        pawns: CellSet,
    ) -> usize {
        let watchers =
            PAWN_WATCHERS[self.us.index()][moved[0]] | PAWN_WATCHERS[self.us.index()][moved[1]];
        let mut n = counts.pawns;
        for_each_index(counts.counted_pawns & watchers, |from| {
            n -= usize::from(counts.by_pawn[from]);
        });
        for_each_index(pawns & watchers, |from| {
            n += pawn_move_count(self.lines, &self.occ, &self.enemy, self.us, from);
        });
        n
    }
}

#[cfg(test)]
mod tests {
    use crate::men::Role;
    use crate::moves::Move;
    use crate::position::Position;

    /// Every ordinary move of every conformance position (as the perft plays them, made on
    /// the position and settled): the count from the parent's counts equals the count of the
    /// child on its own.
    #[test]
    fn counts_after_a_move_equal_fresh_counts() {
        let data = include_str!("../../tests/data/conformance.txt");
        let mut checked = 0;
        for line in data
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        {
            let text = line.splitn(3, ' ').nth(2).expect("depth, count, position");
            let mut pos: Position = text.parse().expect("a conformance position");
            pos.settle_lines();
            let counts = pos.reply_counts();
            for m in pos.legal_moves() {
                let Move::Normal {
                    role,
                    from,
                    to,
                    promotion: None,
                    ..
                } = m
                else {
                    continue;
                };
                if role == Role::Pawn && to.is_promotion_edge(pos.turn()) {
                    continue;
                }
                let mut child = pos.clone();
                child.play_man(role, from.index(), to.index());
                child.settle_lines();
                assert_eq!(
                    child.legal_move_count_after(&counts, from.index(), to.index()),
                    child.legal_move_count(),
                    "{pos} then {m}"
                );
                checked += 1;
            }
        }
        assert!(checked > 10_000, "{checked} children checked");
    }
}
