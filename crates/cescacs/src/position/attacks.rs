//! Attacks: whether a hex is attacked (with and without the unmoved king's leap), the attack
//! map, the checkers, and what one man attacks.

use super::Position;
use crate::cells::{for_each_index, CellSet};
use crate::lines::{places, LineOccupancy, Occupied, ALL_AXES, DIAGONAL_AXES, ORTHOGONAL_AXES};
use crate::men::{Color, Role};
use crate::tables::{
    ELEPHANT_DIAG, FORWARD, KING_HOME, KING_STEPS, KNIGHT, LINES, PAWN_ATTACKS, STEPS,
};
use hexvar_geometry::table::NO_CELL;

impl Position {
    /// Whether `cell` is attacked by `by`'s pieces, with occupancy `occ`, not counting the
    /// unmoved king's leap.
    pub(crate) fn attacked_by_no_leap(&self, cell: usize, by: Color, occ: &Occupied) -> bool {
        self.attacked_by_non_sliders(cell, by, occ) || self.attacked_by_sliders(cell, by, occ)
    }

    /// Leapers, king steps, pawns and elephants (not the unmoved king's leap).
    #[inline]
    pub(crate) fn attacked_by_non_sliders(&self, cell: usize, by: Color, occ: &Occupied) -> bool {
        let them = self.by_color[by.index()];
        let r = &self.by_role;
        let leapers =
            (r[Role::Knight.index()] | r[Role::Wyvern.index()] | r[Role::Pegasus.index()]) & them;
        if KNIGHT[cell].intersects(&leapers) {
            return true;
        }
        if KING_STEPS[cell].intersects(&(r[Role::King.index()] & them)) {
            return true;
        }
        let other = by.other().index();
        if PAWN_ATTACKS[other][cell].intersects(&(r[Role::Pawn.index()] & them)) {
            return true;
        }
        let elephants = r[Role::Elephant.index()] & them;
        if !elephants.is_empty() {
            if ELEPHANT_DIAG[cell].intersects(&elephants) {
                return true;
            }
            let back = FORWARD[other];
            let mid = STEPS[cell][back];
            if mid != NO_CELL {
                let mid = mid as usize;
                if elephants.has(mid) {
                    return true;
                }
                if !occ.cells.has(mid) {
                    let far = STEPS[mid][back];
                    if far != NO_CELL && elephants.has(far as usize) {
                        return true;
                    }
                }
            }
        }
        false
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

    /// Orthogonal and diagonal sliders.
    #[inline]
    fn attacked_by_sliders(&self, cell: usize, by: Color, occ: &Occupied) -> bool {
        let them = self.by_color[by.index()];
        let r = &self.by_role;
        // Look at the nearest men on each line through the cell that holds a slider.
        let queens = r[Role::Queen.index()] & them;
        let sliders = [
            (r[Role::Rook.index()] | r[Role::Wyvern.index()]) & them | queens,
            (r[Role::Bishop.index()] | r[Role::Pegasus.index()]) & them | queens,
        ];
        let places = places(cell);
        let kinds = [ORTHOGONAL_AXES, DIAGONAL_AXES];
        sliders
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

    /// Whether `by`'s unmoved king attacks its leap hexes now (rules §7.2: unmoved at home and not in
    /// check, that check judged without leap attacks).
    #[inline]
    pub(crate) fn leap_active(&self, by: Color, occ: &Occupied) -> bool {
        self.king_unmoved(by) && !self.attacked_by_no_leap(self.king(by), by.other(), occ)
    }

    /// Whether `cell` is attacked by `by`, with occupancy `occ`.
    pub(crate) fn attacked_by(&self, cell: usize, by: Color, occ: &Occupied) -> bool {
        if self.attacked_by_no_leap(cell, by, occ) {
            return true;
        }
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
    let mut t = ELEPHANT_DIAG[from];
    let f = FORWARD[color.index()];
    let one = STEPS[from][f];
    if one != NO_CELL {
        t = t.with(one as usize);
        if !occ.has(one as usize) {
            let two = STEPS[one as usize][f];
            if two != NO_CELL {
                t = t.with(two as usize);
            }
        }
    }
    t
}
