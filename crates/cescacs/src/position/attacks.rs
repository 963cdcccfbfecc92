//! Attacks: whether a hex is attacked (with and without the unmoved king's leap), the attack
//! map, the checkers, and what one man attacks.

use super::{Position, SETTLED};
use crate::cells::{for_each_index, CellSet};
use crate::lines::{places, LineOccupancy, Occupied, ALL_AXES, DIAGONAL_AXES, ORTHOGONAL_AXES};
use crate::men::{Color, Role};
use crate::tables::{
    cell_set, ELEPHANT_DIAG, FORWARD, KING_HOME, KING_STEPS, KNIGHT, LINES, PAWN_ATTACKS, STEPS,
};
use hexvar_geometry::table::NO_CELL;

/// One side's men grouped by how they attack, gathered once for many attack tests (the king's
/// free steps, the leap hexes), so that each test reads the groups instead of forming them.
#[derive(Clone, Copy)]
pub(crate) struct AttackerSets {
    /// The side whose men these are.
    by: Color,
    /// Knights, Wyverns and Pegasi: the knight leap.
    leapers: CellSet,
    king: CellSet,
    pawns: CellSet,
    elephants: CellSet,
    /// The orthogonal sliders (Rooks, Wyverns, Queens), then the diagonal ones (Bishops,
    /// Pegasi, Queens).
    sliders: [CellSet; 2],
}

impl AttackerSets {
    /// Whether `cell` is attacked with occupancy `occ`, not counting the unmoved king's leap.
    #[inline]
    pub(crate) fn attack(&self, cell: usize, occ: &Occupied) -> bool {
        self.non_sliders_attack(cell, occ) || self.sliders_attack(cell, occ)
    }

    /// Leapers, king steps, pawns and elephants (not the unmoved king's leap).
    #[inline]
    fn non_sliders_attack(&self, cell: usize, occ: &Occupied) -> bool {
        if KNIGHT[cell].intersects(&self.leapers) || KING_STEPS[cell].intersects(&self.king) {
            return true;
        }
        let other = self.by.other().index();
        if PAWN_ATTACKS[other][cell].intersects(&self.pawns) {
            return true;
        }
        let elephants = &self.elephants;
        if elephants.is_empty() {
            return false;
        }
        if ELEPHANT_DIAG[cell].intersects(elephants) {
            return true;
        }
        // The Elephant's straight steps come from behind `cell` as the attacker sees it.
        let back = FORWARD[other];
        let mid = STEPS[cell][back];
        if mid == NO_CELL {
            return false;
        }
        let mid = mid as usize;
        if elephants.has(mid) {
            return true;
        }
        let far = STEPS[mid][back];
        !occ.cells.has(mid) && far != NO_CELL && elephants.has(far as usize)
    }

    /// Orthogonal and diagonal sliders: the nearest men on each line through the cell that
    /// holds a slider of the line's kind.
    #[inline]
    fn sliders_attack(&self, cell: usize, occ: &Occupied) -> bool {
        let places = places(cell);
        let kinds = [ORTHOGONAL_AXES, DIAGONAL_AXES];
        self.sliders
            .iter()
            .zip(kinds)
            .enumerate()
            .any(|(kind, (sl, axes))| {
                LINES[kind][cell].intersects(sl)
                    && axes.into_iter().any(|axis| {
                        let place = places[axis];
                        LineOccupancy::cells_of(place.line).intersects(sl) && {
                            let (below, above) = occ.lines.nearest_men(place);
                            sl.has(below) || sl.has(above)
                        }
                    })
            })
    }
}

impl Position {
    /// The occupied cells line by line with the deferred flips applied: the position's own
    /// lines when it is settled, else a settled copy put in `spare`. (For the generator, which
    /// keeps the lines where they are: [`Position::occupancy`] returns them by value, a copy
    /// of the whole `Cow` even when it borrows.)
    #[inline(always)]
    pub(crate) fn settled_lines<'a>(
        &'a self,
        spare: &'a mut Option<LineOccupancy>,
    ) -> &'a LineOccupancy {
        if self.state.unsettled == [SETTLED; 2] {
            &self.lines
        } else {
            let lines = spare.insert(self.lines);
            lines.settle(self.state.unsettled, self.state.turn.other());
            lines
        }
    }

    /// `by`'s men grouped by how they attack.
    #[inline]
    pub(crate) fn attacker_sets(&self, by: Color) -> AttackerSets {
        let them = self.by_color[by.index()];
        let role = |r: Role| self.by_role[r.index()] & them;
        let queens = role(Role::Queen);
        AttackerSets {
            by,
            leapers: role(Role::Knight) | role(Role::Wyvern) | role(Role::Pegasus),
            king: role(Role::King),
            pawns: role(Role::Pawn),
            elephants: role(Role::Elephant),
            sliders: [
                role(Role::Rook) | role(Role::Wyvern) | queens,
                role(Role::Bishop) | role(Role::Pegasus) | queens,
            ],
        }
    }

    /// Whether `cell` is attacked by `by`'s pieces, with occupancy `occ`, not counting the
    /// unmoved king's leap.
    pub(crate) fn attacked_by_no_leap(&self, cell: usize, by: Color, occ: &Occupied) -> bool {
        self.attacker_sets(by).attack(cell, occ)
    }

    /// Every hex `by` attacks with occupancy `occ`, not counting the unmoved king's leap.
    pub(crate) fn attack_map(&self, by: Color, occ: &Occupied) -> CellSet {
        let them = self.by_color[by.index()];
        let role = |r: Role| self.by_role[r.index()] & them;
        let queens = role(Role::Queen);
        let mut map = CellSet::EMPTY;
        let leapers = role(Role::Knight) | role(Role::Wyvern) | role(Role::Pegasus);
        for_each_index(leapers, |from| map |= KNIGHT[from]);
        for_each_index(role(Role::King), |from| map |= KING_STEPS[from]);
        for_each_index(role(Role::Pawn), |from| {
            map |= PAWN_ATTACKS[by.index()][from]
        });
        for_each_index(role(Role::Elephant), |from| {
            map |= elephant_targets(from, by, &occ.cells)
        });
        for_each_index(role(Role::Rook) | role(Role::Wyvern) | queens, |from| {
            map |= occ.lines.slide(from, ORTHOGONAL_AXES)
        });
        for_each_index(role(Role::Bishop) | role(Role::Pegasus) | queens, |from| {
            map |= occ.lines.slide(from, DIAGONAL_AXES)
        });
        map
    }

    /// Whether `by`'s unmoved king attacks its leap hexes now (rules §7.2: unmoved at home and not in
    /// check, that check judged without leap attacks).
    #[inline]
    pub(crate) fn leap_active(&self, by: Color, occ: &Occupied) -> bool {
        self.king_unmoved(by) && !self.attacked_by_no_leap(self.king(by), by.other(), occ)
    }

    /// Whether `cell` is attacked by `by`, with occupancy `occ`.
    pub(crate) fn attacked_by(&self, cell: usize, by: Color, occ: &Occupied) -> bool {
        self.attacked_by_no_leap(cell, by, occ) || self.leap_attacks(cell, by, occ)
    }

    /// Whether `by`'s unmoved king attacks `cell` by its leap now.
    #[inline]
    pub(crate) fn leap_attacks(&self, cell: usize, by: Color, occ: &Occupied) -> bool {
        self.king_unmoved(by)
            && KNIGHT[cell].has(KING_HOME[by.index()].index())
            && self.leap_active(by, occ)
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.attacked_by(
            self.king(self.state.turn),
            self.state.turn.other(),
            &self.occupancy(),
        )
    }

    /// The enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> CellSet {
        let us = self.state.turn;
        let them = us.other();
        let k = self.king(us);
        let occ = self.occupancy();
        let mut out = CellSet::EMPTY;
        for cell in self.by_color[them.index()].iter() {
            if self.attacks_from(cell, &occ).has(k) {
                out = out.with(cell);
            }
        }
        out
    }

    /// The cells the piece on `from` attacks (pawns: forward diagonals; an unmoved king at home
    /// not in check: its leap hexes too).
    pub(crate) fn attacks_from(&self, from: usize, occ: &Occupied) -> CellSet {
        let Some(p) = self.piece_at_index(from) else {
            return CellSet::EMPTY;
        };
        match p.role {
            Role::King => {
                let mut a = KING_STEPS[from];
                if self.king_unmoved(p.color)
                    && from == KING_HOME[p.color.index()].index()
                    && !self.attacked_by_no_leap(from, p.color.other(), occ)
                {
                    a |= KNIGHT[from];
                }
                a
            }
            Role::Queen => occ.lines.slide(from, ALL_AXES),
            Role::Wyvern => occ.lines.slide(from, ORTHOGONAL_AXES) | KNIGHT[from],
            Role::Rook => occ.lines.slide(from, ORTHOGONAL_AXES),
            Role::Pegasus => occ.lines.slide(from, DIAGONAL_AXES) | KNIGHT[from],
            Role::Knight => KNIGHT[from],
            Role::Bishop => occ.lines.slide(from, DIAGONAL_AXES),
            Role::Elephant => elephant_targets(from, p.color, &occ.cells),
            Role::Pawn => PAWN_ATTACKS[p.color.index()][from],
        }
    }
}

/// The moves of an Elephant of `color` on `from` (also its attacks).
#[inline]
pub(crate) fn elephant_targets(from: usize, color: Color, occ: &CellSet) -> CellSet {
    let f = FORWARD[color.index()];
    let one = STEPS[from][f];
    // Single cells from `cell_set` (empty for `NO_CELL`), not `with`: see there.
    let t = ELEPHANT_DIAG[from] | cell_set(usize::from(one));
    if one != NO_CELL && !occ.has(usize::from(one)) {
        t | cell_set(usize::from(STEPS[usize::from(one)][f]))
    } else {
        t
    }
}
