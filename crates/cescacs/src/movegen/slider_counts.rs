//! The bulk perft's sliders counted line by line from the node one ply up: a node's ordinary
//! move changes the men on two hexes only, so the replies' sliders count the same moves on
//! every line that passes through neither.
//!
//! A node two plies above the leaves counts, once, the moves of the side not to move's sliders
//! line by line ([`SliderCounts`]). Each of its children (after an ordinary move from `from`
//! to `to`, settled) is still generated in full (the king's masks, every other man, the
//! special moves); only its sliders' count starts from that total, takes out the lines
//! through `from` and `to` and counts the sliders on those lines afresh on the child's board.
//! A slider the move took stands on those lines, so it drops out. Pinned sliders are not
//! counted by the counting sink: with any, and in check, the child counts as any position.

use super::{Ctx, MoveSink};
use crate::cells::{for_each_index, CellSet};
use crate::lines::{places, LineOccupancy, DIAGONAL_AXES, ORTHOGONAL_AXES};
use crate::men::{Color, Role};
use crate::position::Position;

/// The number of line slots ([`LineOccupancy::slots_through`]'s bits).
const SLOTS: usize = 128;

/// The moves of one side's sliders along their lines (not their knight leaps), as a whole and
/// line slot by line slot, on the board of the node one ply above the positions that use them.
pub(crate) struct SliderCounts {
    total: usize,
    /// The moves counted on each line slot (at most 2 × 14 on a 15-hex line).
    by_slot: [u8; SLOTS],
    /// The slots with moves counted on them (bit `slot`).
    slots: u128,
}

impl Position {
    /// The slider counts of the side not to move, for the positions after each of this
    /// position's ordinary moves (settled lines: the perft's inner nodes).
    pub(crate) fn reply_slider_counts(&self) -> SliderCounts {
        let mover = self.turn();
        let replier = mover.other();
        let mut spare = None;
        let lines = self.settled_lines(&mut spare);
        let [orthogonal, diagonal] = self.sliders_by_line_kind(replier);
        let mut counts = SliderCounts {
            total: 0,
            by_slot: [0; SLOTS],
            slots: 0,
        };
        for (men, axes) in [(orthogonal, ORTHOGONAL_AXES), (diagonal, DIAGONAL_AXES)] {
            for_each_index(men, |from| {
                for &place in &places(from)[axes.clone()] {
                    let n = lines.count_slides_on(place, mover);
                    counts.total += n;
                    counts.by_slot[place.slot()] += n as u8;
                    counts.slots |= 1 << place.slot();
                }
            });
        }
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

/// A counting sink for a position reached by an ordinary move from `from` to `to` from the
/// position whose [`Position::reply_slider_counts`] `counts` holds.
pub(super) struct CountAfter<'a> {
    pub(super) n: usize,
    pub(super) counts: &'a SliderCounts,
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
    fn slider_counts(&self) -> Option<(&SliderCounts, [usize; 2])> {
        Some((self.counts, self.moved))
    }
}

impl Ctx<'_> {
    /// The moves of the side to move's sliders along their lines, from the counts of the
    /// position before the last move (from `moved[0]` to `moved[1]`): the lines through
    /// neither hex kept, the others counted again. Out of check, no slider pinned.
    #[inline(always)]
    pub(super) fn count_slides_after(&self, counts: &SliderCounts, moved: [usize; 2]) -> usize {
        let sliders = self.pos.sliders_by_line_kind(self.us);
        let mut n = counts.total;
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
}

#[cfg(test)]
mod tests {
    use crate::men::Role;
    use crate::moves::Move;
    use crate::position::Position;

    /// Every ordinary move of every conformance position (as the perft plays them, made on
    /// the position and settled): the count from the parent's slider counts equals the count
    /// of the child on its own.
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
            let counts = pos.reply_slider_counts();
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
