//! The slider counts of the army that moves next, taken once in a perft node one ply above the
//! last and reused by the bulk count of each child: the siblings differ by one move, and a
//! slider's count along its lines changes only when that move changes a cell its lines reach.
//!
//! Why that is exact: a line's cells up to its first blocker (included) are the cells whose
//! occupancy decides the line, and a cell's standing as a target (empty, or a man that is
//! neither a team-mate nor a king) changes only where a man arrives or leaves. An ordinary move
//! changes the men on its origin and its target alone (a promotion or a waiting pawn turned
//! into the lost piece changes a role, never the side or the king-ness), so a slider whose
//! reached cells hold neither has the same targets in the child. Castling and relocations move
//! more men: their children count everything afresh, and so do the children of a move that may turn
//! a waiting pawn into a piece (a third cell changes, and the piece may be a slider of the army
//! that moves next).
//!
//! The sliders blocked at every first step in the parent (the usual case while the armies are at
//! home) are not listed: a slider's first steps are all team-mates or kings there, and stay so
//! unless the move leaves or lands on one of them. So the child walks them only when the move's
//! cells meet their first steps ([`LineCounts::watch`]); otherwise they still have no move. The
//! child's sliders of the army are the parent's, less one captured on the move's target: the
//! child walks the parent's list and those watched, not its own sliders.

use crate::cells::{each_index, CellSet, ALL_CELLS};
use crate::men::Role;
use crate::position::Position;
use crate::tables::{bishop_attacks, rook_attacks, BISHOP_FIRST_STEPS, ROOK_FIRST_STEPS};

/// The most sliders of one kind an army can have: its men other than the king (sixteen men at
/// the start, and no move adds one). A hand-made position with more simply counts the rest.
const MOST_SLIDERS: usize = 15;

/// One slider's targets along its lines of one kind, counted in the parent position.
#[derive(Clone, Copy)]
struct SliderCount {
    cell: u16,
    count: u16,
    /// The cells its lines reach, each line's first blocker included.
    reach: CellSet,
}

/// The counts of one kind of line (rook or bishop) of an army's sliders.
pub(crate) struct LineCounts {
    list: [SliderCount; MOST_SLIDERS],
    len: usize,
    /// The sliders not in `list`: those blocked at every first step, and any past its capacity.
    unlisted: CellSet,
    /// The cells whose change may give an unlisted slider a move: the first steps of the
    /// blocked ones (every cell for one past the list's capacity).
    watch: CellSet,
}

impl LineCounts {
    fn new() -> LineCounts {
        LineCounts {
            list: [SliderCount {
                cell: 0,
                count: 0,
                reach: CellSet::EMPTY,
            }; MOST_SLIDERS],
            len: 0,
            unlisted: CellSet::EMPTY,
            watch: CellSet::EMPTY,
        }
    }

    /// Notes the slider on `cell`, whose lines reach `reach`, with its targets among `targets`.
    fn push(&mut self, cell: usize, reach: CellSet, targets: &CellSet) {
        if self.len < MOST_SLIDERS {
            let count = (reach & *targets).len() as u16;
            self.list[self.len] = SliderCount {
                cell: cell as u16,
                count,
                reach,
            };
            self.len += 1;
        } else {
            self.unlisted = self.unlisted.with(cell);
            self.watch = ALL_CELLS;
        }
    }

    /// Notes the slider on `cell`, blocked at every first step (`first_steps`).
    fn push_blocked(&mut self, cell: usize, first_steps: &CellSet) {
        self.unlisted = self.unlisted.with(cell);
        self.watch |= *first_steps;
    }

    /// The targets of the army's sliders of this kind in a child whose move changed the men on
    /// the cells `changed` (`[origin, target]`): a listed slider's count where it stands (not
    /// `pinned` now, and its lines reach neither cell), `count(cell)` for the others and for
    /// the unlisted ones the move may have freed; a listed slider on the target was captured.
    #[inline(always)]
    pub(crate) fn count_after(
        &self,
        changed: [usize; 2],
        pinned: &CellSet,
        mut count: impl FnMut(usize) -> u32,
    ) -> u32 {
        let [from, to] = changed;
        let mut n = 0;
        for entry in &self.list[..self.len] {
            let cell = entry.cell as usize;
            if cell == to {
                continue;
            }
            n += if pinned.has(cell) || entry.reach.has(from) || entry.reach.has(to) {
                count(cell)
            } else {
                entry.count as u32
            };
        }
        if self.watch.has(from) || self.watch.has(to) {
            // An unlisted slider captured on `to` counts none: its first steps are still its
            // team's men (a man of a hostile mover on one would have been a target).
            each_index(&self.unlisted, |cell| n += count(cell));
        }
        n
    }
}

/// The slider counts of the army that moves after the army to move, with the occupancy and the
/// targets of the position they were taken in.
pub(crate) struct SliderCounts {
    pub(crate) rook: LineCounts,
    pub(crate) bishop: LineCounts,
}

impl Position {
    /// The counts of the sliders of the army that moves next ([`Position::next_live`]), as
    /// its bulk count in a child would find them were the cells unchanged.
    pub(crate) fn next_army_slider_counts(&self) -> SliderCounts {
        let next = self.next_live().index();
        let targets = ALL_CELLS - (self.friends_of(next) | self.by_role[Role::King.index()]);
        let own = self.by_color[next];
        let of = |role: Role| own & self.by_role[role.index()];
        let queens = of(Role::Queen) | of(Role::Amazon);
        let mut counts = SliderCounts {
            rook: LineCounts::new(),
            bishop: LineCounts::new(),
        };
        each_index(&(of(Role::Rook) | queens), |c| {
            if ROOK_FIRST_STEPS[c].intersects(&targets) {
                let reach = rook_attacks(c, &self.occupied);
                counts.rook.push(c, reach, &targets);
            } else {
                counts.rook.push_blocked(c, &ROOK_FIRST_STEPS[c]);
            }
        });
        each_index(&(of(Role::Bishop) | queens), |c| {
            if BISHOP_FIRST_STEPS[c].intersects(&targets) {
                let reach = bishop_attacks(c, &self.occupied);
                counts.bishop.push(c, reach, &targets);
            } else {
                counts.bishop.push_blocked(c, &BISHOP_FIRST_STEPS[c]);
            }
        });
        counts
    }
}
