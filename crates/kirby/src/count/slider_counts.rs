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
//! more men: their children count everything afresh.

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

/// The counts of one kind of line (rook or bishop) of an army's sliders, in cell order.
pub(crate) struct LineCounts {
    list: [SliderCount; MOST_SLIDERS],
    len: usize,
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
        }
    }

    fn push(&mut self, cell: usize, reach: CellSet, targets: &CellSet) {
        if self.len < MOST_SLIDERS {
            let count = (reach & *targets).len() as u16;
            self.list[self.len] = SliderCount {
                cell: cell as u16,
                count,
                reach,
            };
            self.len += 1;
        }
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
        // A slider blocked at every first step is left out: the child's test of its first
        // steps is cheaper than a look-up.
        each_index(&(of(Role::Rook) | queens), |c| {
            if ROOK_FIRST_STEPS[c].intersects(&targets) {
                let reach = rook_attacks(c, &self.occupied);
                counts.rook.push(c, reach, &targets);
            }
        });
        each_index(&(of(Role::Bishop) | queens), |c| {
            if BISHOP_FIRST_STEPS[c].intersects(&targets) {
                let reach = bishop_attacks(c, &self.occupied);
                counts.bishop.push(c, reach, &targets);
            }
        });
        counts
    }
}

/// A walk through one kind's counts beside the child's loop over its sliders, both in cell
/// order: the child's sliders are the parent's, less a captured one, plus a waiting pawn that
/// became a slider (no count: counted afresh).
pub(crate) struct Cursor<'a> {
    list: &'a [SliderCount],
    at: usize,
    changed: [usize; 2],
}

impl<'a> Cursor<'a> {
    /// A walk through `counts` for a child whose move changed the men on the cells `changed`.
    #[inline(always)]
    pub(crate) fn new(counts: &'a LineCounts, changed: [usize; 2]) -> Cursor<'a> {
        Cursor {
            list: &counts.list[..counts.len],
            at: 0,
            changed,
        }
    }

    /// The parent's count for the slider on `cell` (cells asked in rising order), if it stands:
    /// the slider was there and the move changed no cell its lines reach.
    #[inline(always)]
    pub(crate) fn count_at(&mut self, cell: usize) -> Option<u32> {
        while self.at < self.list.len() && (self.list[self.at].cell as usize) < cell {
            self.at += 1;
        }
        let entry = self.list.get(self.at)?;
        let stands = entry.cell as usize == cell
            && !entry.reach.has(self.changed[0])
            && !entry.reach.has(self.changed[1]);
        stands.then_some(entry.count as u32)
    }
}

#[cfg(test)]
mod tests {
    use crate::moves::Move;
    use crate::Position;

    /// After every ordinary move of every conformance position, and of each position one move
    /// later, the count that reuses the parent's slider counts equals the count made afresh.
    #[test]
    fn a_reused_count_equals_a_fresh_one() {
        let mut checked = 0;
        for text in crate::conformance_texts() {
            let root: Position = text.parse().expect("a valid position");
            let mut parents = vec![root.clone()];
            for m in root.legal_moves() {
                let mut next = root.clone();
                next.play_unchecked(m);
                parents.push(next);
            }
            for parent in parents {
                let counts = parent.next_army_slider_counts();
                for m in parent.legal_moves() {
                    let Move::Normal { from, to, .. } = m else {
                        continue;
                    };
                    let mut child = parent.clone();
                    child.apply(m);
                    let reused = child.legal_move_count_after(&counts, [from.index(), to.index()]);
                    assert_eq!(reused, child.legal_move_count(), "{m} in {parent}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
