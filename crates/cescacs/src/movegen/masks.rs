//! The king's situation, computed once per generation: checkers, the check mask and the pins
//! (slider pins and the Elephant's two-step pin).

use super::{ELEPHANT_PIN, MAX_PINS};
use crate::cells::CellSet;
use crate::lines::{
    places, LineOccupancy, LinePlace, Occupied, AXIS_DIRECTIONS, DIAGONAL_AXES, ORTHOGONAL_AXES,
};
use crate::men::{Color, Role};
use crate::position::Position;
use crate::tables::{
    between, cell_set, ELEPHANT_DIAG, FORWARD, KING_HOME, KING_STEPS, KNIGHT, LINES, PAWN_ATTACKS,
    RAYS, STEPS,
};
use hexvar_geometry::table::NO_CELL;

/// The king's situation, computed once per generation.
#[derive(Clone, Copy)]
pub(crate) struct Masks {
    /// The king of the side to move.
    pub(super) king: usize,
    /// The enemy men attacking the king (not counting the enemy king's leap).
    pub(super) checkers: CellSet,
    /// The enemy's unmoved king attacks our king by its leap.
    pub(super) leap_check: bool,
    /// Where a non-king move must land: everywhere out of check, on the checker or between it
    /// and the king in single check, nowhere in double check.
    pub(super) check_mask: CellSet,
    /// The pinned men.
    pub(super) pinned: CellSet,
    /// `(pinned cell, direction from the king)`, or [`ELEPHANT_PIN`] for the Elephant's pin.
    pub(super) pins: [(u8, u8); MAX_PINS],
    pub(super) n_pins: usize,
}

impl Masks {
    /// Whether the side to move is in check.
    #[inline]
    pub(super) fn in_check(&self) -> bool {
        self.leap_check || !self.checkers.is_empty()
    }

    /// Where the pinned man on `cell` may go: the line from the king through it (the pinner
    /// included), or the pinning Elephant's hex.
    fn pin_mask(&self, cell: usize, us: Color) -> CellSet {
        let mut m = !CellSet::EMPTY;
        for &(c, d) in &self.pins[..self.n_pins] {
            if c as usize == cell {
                m &= if d == ELEPHANT_PIN {
                    let f = FORWARD[us.index()];
                    cell_set(usize::from(STEPS[STEPS[self.king][f] as usize][f]))
                } else {
                    RAYS[self.king][d as usize]
                };
            }
        }
        m
    }

    /// The legal destinations among `targets` for the man on `from`.
    #[inline]
    pub(super) fn restrict(&self, from: usize, targets: CellSet, us: Color) -> CellSet {
        let to = targets & self.check_mask;
        if self.pinned.has(from) {
            to & self.pin_mask(from, us)
        } else {
            to
        }
    }
}

impl Position {
    /// Checkers, check mask and pins of the side to move.
    pub(crate) fn masks(&self, occ: &Occupied) -> Masks {
        let us = self.turn();
        let them = us.other();
        let k = self.king(us);
        let mut masks = Masks {
            king: k,
            checkers: self.non_slider_checkers(k, us),
            leap_check: self.king_unmoved(them)
                && KNIGHT[k].has(KING_HOME[them.index()].index())
                && self.leap_active(them, occ),
            check_mask: !CellSet::EMPTY,
            pinned: CellSet::EMPTY,
            pins: [(0, 0); MAX_PINS],
            n_pins: 0,
        };
        self.scan_lines(&mut masks, &occ.lines);
        self.elephant_pin(&mut masks);
        masks.check_mask = match masks.checkers.len() {
            0 => !CellSet::EMPTY,
            1 => {
                let c = masks.checkers.first().unwrap_or(k);
                masks.checkers | between(k, c)
            }
            _ => CellSet::EMPTY,
        };
        masks
    }

    /// The enemy knights, leaping pieces, king, pawns and Elephants attacking `k`.
    fn non_slider_checkers(&self, k: usize, us: Color) -> CellSet {
        let them = us.other();
        let enemy = self.by_color(them);
        let role = |r: Role| self.by_role(r) & enemy;
        let leapers = role(Role::Knight) | role(Role::Wyvern) | role(Role::Pegasus);
        let elephants = role(Role::Elephant);
        let mut out = (KNIGHT[k] & leapers)
            | (KING_STEPS[k] & role(Role::King))
            | (PAWN_ATTACKS[us.index()][k] & role(Role::Pawn))
            | (ELEPHANT_DIAG[k] & elephants);
        // The Elephant's straight steps come from in front of the king (its forward is ours
        // backward); the two-step passes over an empty hex.
        let f = FORWARD[us.index()];
        let mid = STEPS[k][f];
        if mid != NO_CELL {
            let mid = mid as usize;
            if elephants.has(mid) {
                out |= cell_set(mid);
            } else if !self.occupied().has(mid) {
                let far = STEPS[mid][f];
                if far != NO_CELL && elephants.has(far as usize) {
                    out |= cell_set(usize::from(far));
                }
            }
        }
        out
    }

    /// Scans the six lines through the king: slider checkers and slider pins.
    fn scan_lines(&self, masks: &mut Masks, lines: &LineOccupancy) {
        let us = self.turn();
        let them = us.other();
        let k = masks.king;
        let enemy = self.by_color(them);
        let role = |r: Role| self.by_role(r) & enemy;
        let queens = role(Role::Queen);
        let sliders = [
            role(Role::Rook) | role(Role::Wyvern) | queens,
            role(Role::Bishop) | role(Role::Pegasus) | queens,
        ];
        let places = places(k);
        for (kind, axes) in [ORTHOGONAL_AXES, DIAGONAL_AXES].into_iter().enumerate() {
            if !LINES[kind][k].intersects(&sliders[kind]) {
                continue;
            }
            for axis in axes {
                // Most lines through the king hold no enemy slider of their kind.
                if LineOccupancy::cells_of(places[axis].line).intersects(&sliders[kind]) {
                    self.scan_line(masks, lines, places[axis], axis, &sliders[kind]);
                }
            }
        }
    }

    /// One line through the king: on each side, the nearest man checks if it is a slider of
    /// the line's kind, or is pinned if it is ours and the man behind it is such a slider.
    #[inline(always)]
    fn scan_line(
        &self,
        masks: &mut Masks,
        lines: &LineOccupancy,
        king: LinePlace,
        axis: usize,
        sliders: &CellSet,
    ) {
        let own = self.by_color(self.turn());
        let (below, above) = lines.blockers(king);
        for (pos, up) in [(above, true), (below, false)] {
            let first = LineOccupancy::cell_at(king.line, pos);
            if sliders.has(first) {
                masks.checkers |= cell_set(first);
            } else if own.has(first) {
                let beyond = lines.blockers(LinePlace {
                    line: king.line,
                    pos: pos as u8,
                });
                let second =
                    LineOccupancy::cell_at(king.line, if up { beyond.1 } else { beyond.0 });
                if sliders.has(second) {
                    let d = AXIS_DIRECTIONS[axis] + if up { 0 } else { 3 };
                    masks.pinned |= cell_set(first);
                    masks.pins[masks.n_pins] = (first as u8, d as u8);
                    masks.n_pins += 1;
                }
            }
        }
    }

    /// The Elephant's two-step attack through the hex in front of the king: the own man there
    /// is pinned to capturing the Elephant.
    fn elephant_pin(&self, masks: &mut Masks) {
        let us = self.turn();
        let f = FORWARD[us.index()];
        let mid = STEPS[masks.king][f];
        if mid == NO_CELL || !self.by_color(us).has(mid as usize) {
            return;
        }
        let far = STEPS[mid as usize][f];
        if far != NO_CELL && self.pieces(us.other(), Role::Elephant).has(far as usize) {
            masks.pinned |= cell_set(usize::from(mid));
            masks.pins[masks.n_pins] = (mid as u8, ELEPHANT_PIN);
            masks.n_pins += 1;
        }
    }
}
