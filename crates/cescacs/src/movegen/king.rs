//! The king's moves: steps onto hexes not attacked, the King's leap, and the 24 castlings.

use super::{Ctx, MoveSink, KING_STEPS_FOR_MAP};
use crate::castling::{Castling, CASTLING_CELLS, CASTLING_NEEDS};
use crate::cells::{for_each_index, Cell, CellSet};
use crate::lines::{axis_of, places, Occupied};
use crate::men::Role;
use crate::moves::Move;
use crate::tables::{
    cell_set, FORWARD, KING_BIT, KING_HOME, KING_STEPS, KNIGHT, LINE_DIR, NO_CELL_U8, ROOK_HOME,
    STEPS,
};
use hexvar_geometry::table::NO_CELL;
use std::borrow::Cow;

impl Ctx<'_> {
    /// King steps not onto attacked hexes, and the King's leap.
    pub(super) fn king_moves<S: MoveSink>(&self, sink: &mut S) -> bool {
        let k = self.masks.king;
        let king_cell = Cell::ALL[k];
        let steps = KING_STEPS[k] - self.own;
        let to = if steps.is_empty() {
            CellSet::EMPTY
        } else {
            self.safe_king_steps(steps, king_cell)
        };
        // The King's leap: first king move, not in check, onto a hex not attacked now. Then it
        // is also safe afterwards: the leap hex is on no line through the home hex, so leaving
        // home opens no line onto it (nor is home the hex an Elephant's two-step passes), and
        // the enemy king's leap (active now, as it is never in check on our turn) can only be
        // switched off by the move.
        let to = to | (self.open_leaps - self.own);
        self.emit(Role::King, k, to, sink)
    }

    /// The king's free steps that are not attacked once the king has left its hex.
    fn safe_king_steps(&self, steps: CellSet, king_cell: Cell) -> CellSet {
        // The attacks are judged on the board as it is, the king on its hex: it hides only the
        // step behind itself from a man that checks it along a line (see `behind_the_king`).
        let occupied = Occupied {
            cells: self.occ,
            lines: Cow::Borrowed(self.lines),
        };
        let enemy_leaps = if self.pos.king_unmoved(self.them) {
            KNIGHT[KING_HOME[self.them.index()].index()]
        } else {
            CellSet::EMPTY
        };
        let king_move = |t: usize| Move::Normal {
            role: Role::King,
            from: king_cell,
            capture: self.pos.piece_at(Cell::ALL[t]).map(|p| p.role),
            to: Cell::ALL[t],
            promotion: None,
        };
        let candidates = steps - self.behind_the_king();
        let mut to = CellSet::EMPTY;
        // Onto the enemy unmoved king's leap hexes: played out (that leap may switch off).
        for t in candidates & enemy_leaps {
            if self.pos.safe_after(king_move(t)) {
                to |= cell_set(t);
            }
        }
        let rest = candidates - enemy_leaps;
        // With a few free steps, testing each is cheaper; with more, one map of the enemy's
        // attacks.
        if rest.len() >= KING_STEPS_FOR_MAP {
            return to | (rest - self.pos.attack_map(self.them, &occupied));
        }
        let attackers = self.pos.attacker_sets(self.them);
        for_each_index(rest, |t| {
            if !attackers.attack(t, &occupied) {
                to |= cell_set(t);
            }
        });
        to
    }

    /// The king's steps away from a man that checks it along a line, which the king itself
    /// hides from that man now: the step behind the king from a checking slider, and from an
    /// Elephant checking by its straight step (its two-step passes over the king's hex once
    /// the king has left it). Lifting the king off the board changes nothing else: the other
    /// men attack the same hexes with or without it.
    #[inline]
    fn behind_the_king(&self) -> CellSet {
        let k = self.masks.king;
        let role = |r: Role| self.pos.pieces(self.them, r);
        let sliders = role(Role::Queen)
            | role(Role::Wyvern)
            | role(Role::Rook)
            | role(Role::Pegasus)
            | role(Role::Bishop);
        let ahead = STEPS[k][FORWARD[self.us.index()]];
        let mut along_lines = self.masks.checkers & sliders;
        if ahead != NO_CELL && role(Role::Elephant).has(ahead as usize) {
            along_lines |= cell_set(usize::from(ahead));
        }
        let mut behind = CellSet::EMPTY;
        for checker in along_lines {
            // A Wyvern or Pegasus checking by its leap shares no line with the king.
            let d = LINE_DIR[checker][k];
            if d != u8::MAX {
                let step = STEPS[k][d as usize];
                if step != NO_CELL {
                    behind |= cell_set(usize::from(step));
                }
            }
        }
        behind
    }

    /// The 24 castlings (rules §4): king unmoved, not in check, K′ empty and not attacked now, each
    /// rook unmoved with a free path to an empty hex; legal afterwards.
    pub(super) fn castlings<S: MoveSink>(&self, sink: &mut S) -> bool {
        let rights = self.pos.castling_bits(self.us);
        let c = self.us.index();
        // `open_leaps` is empty unless the king is unmoved and not in check.
        if rights == KING_BIT || (self.open_leaps - self.occ).is_empty() {
            return true;
        }
        let free_targets = self.open_leaps - self.occ;
        let table = &CASTLING_CELLS[c];
        let mut i = 0;
        while i < table.len() {
            let [kt, queen_rook, king_rook, run_end] = table[i];
            if !free_targets.has(kt as usize) {
                i = run_end as usize;
                continue;
            }
            i += 1;
            let (must_be_empty, rook_rights) = CASTLING_NEEDS[c][i - 1];
            if rights & rook_rights != rook_rights || must_be_empty.intersects(&self.occ) {
                continue;
            }
            let kt = kt as usize;
            // K′ is not attacked now. Afterwards only the lines the king and the rooks open
            // can reach it (no enemy man moves; the enemy king's leap can only switch off), and
            // the king's home is on no line through a leap hex: only a line through K′ and a
            // home a rook leaves (e.g. a rook on A5 through the vacated C3 onto D2).
            if self.castling_opens_line_onto(kt, [queen_rook, king_rook]) {
                continue;
            }
            let m = Move::Castle {
                color: self.us,
                castling: Castling::ALL[i - 1],
            };
            if !self.emit_special(m, Role::King, sink) {
                return false;
            }
        }
        true
    }

    /// Whether, after a castling onto K′ = `kt` with the rooks going to `rook_dests`
    /// ([`NO_CELL_U8`] for a rook that stays), an enemy slider reaches K′ along a line through
    /// the home hex a moving rook leaves: on each such line, the nearest men on either side of
    /// K′ once the king, the rooks and K′ have changed. No other attack on K′ changes: no enemy
    /// man moves, the men arriving only block, and no home hex a man leaves is the hex an
    /// Elephant's two-step onto K′ passes over (tested).
    fn castling_opens_line_onto(&self, kt: usize, rook_dests: [u8; 2]) -> bool {
        let c = self.us.index();
        let role = |r: Role| self.pos.pieces(self.them, r);
        let queens = role(Role::Queen);
        let sliders = [
            role(Role::Rook) | role(Role::Wyvern) | queens,
            role(Role::Bishop) | role(Role::Pegasus) | queens,
        ];
        let mut changed = [self.masks.king, kt, kt, kt, kt, kt];
        for (rook, &dest) in rook_dests.iter().enumerate() {
            if dest != NO_CELL_U8 {
                // Toggling K′ three more times leaves it taken (an odd count).
                changed[2 + 2 * rook] = ROOK_HOME[c][rook].index();
                changed[3 + 2 * rook] = dest as usize;
            }
        }
        rook_dests.iter().enumerate().any(|(rook, &dest)| {
            let d = LINE_DIR[kt][ROOK_HOME[c][rook].index()];
            if dest == NO_CELL_U8 || d == u8::MAX {
                return false;
            }
            let axis = axis_of(d as usize);
            let (below, above) = self
                .lines
                .nearest_men_after(places(kt)[axis], axis, &changed);
            let kind = &sliders[axis / 3];
            kind.has(below) || kind.has(above)
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::castling::Castling;
    use crate::men::Color;
    use crate::tables::{FORWARD, KING_HOME, LINE_DIR, ROOK_HOME, STEPS};
    use hexvar_geometry::table::NO_CELL;

    /// What `castling_opens_line_onto` relies on: no K′ shares a line with its king's home,
    /// and no home hex a castling leaves is the hex an enemy Elephant's two-step onto K′ passes
    /// over.
    #[test]
    fn castling_targets_see_the_homes_only_along_rook_lines() {
        for color in Color::ALL {
            let c = color.index();
            for castling in Castling::ALL {
                let kt = castling.king_to(color).index();
                let home = KING_HOME[c].index();
                assert_eq!(LINE_DIR[kt][home], u8::MAX, "{castling:?} {color:?}");
                // An enemy Elephant steps towards our side: its two-step onto K′ passes over
                // the hex next to K′ on our forward side.
                let over = STEPS[kt][FORWARD[c]];
                if over != NO_CELL {
                    let over = over as usize;
                    assert_ne!(over, home);
                    assert!(ROOK_HOME[c].iter().all(|rook| rook.index() != over));
                }
            }
        }
    }
}
