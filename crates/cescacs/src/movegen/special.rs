//! The rare moves whose legality the masks cannot see, played out on a copy: e.p. and scornful
//! captures, every move while the enemy king's leap gives check; and the forced in-place
//! promotions.

use super::{Ctx, Masks, MoveSink, PieceMoves, Visit};
use crate::cells::{cells, Cell, CellSet};
use crate::men::{Piece, Role};
use crate::moves::Move;
use crate::position::Position;
use crate::setup::Special;
use crate::tables::{cell_set, PAWN_ATTACKS, PROMOTION_EDGE};

impl Position {
    /// Whether the mover's king is safe after playing `m` (copy-make, for the rare moves).
    pub(super) fn safe_after(&self, m: Move) -> bool {
        let us = self.turn();
        let mut after = self.clone();
        after.play_unchecked(m);
        !after.attacked_by(after.king(us), us.other(), &after.occupancy())
    }
}

impl Ctx<'_> {
    /// Forced in-place promotion (rules §3): when an awaiting pawn may now promote, the only moves.
    /// `None` when there is none.
    pub(super) fn forced_promotions<S: MoveSink>(&self, sink: &mut S) -> Option<bool> {
        let awaiting = self.pos.pieces(self.us, Role::Pawn) & PROMOTION_EDGE[self.us.index()];
        let mask = |at: Cell| self.promotions[at.shade().index()];
        if !cells(awaiting).any(|at| mask(at) != 0) {
            return None;
        }
        for at in cells(awaiting) {
            for role in Role::PROMOTIONS {
                if mask(at) >> role.index() & 1 != 0
                    && !self.emit_special(Move::Promote { at, role }, Role::Pawn, sink)
                {
                    return Some(false);
                }
            }
        }
        Some(true)
    }

    /// E.p. and scornful captures (played out: two men leave their hexes).
    pub(super) fn special_captures<S: MoveSink>(&self, sink: &mut S) -> bool {
        match self.pos.special() {
            Special::None => true,
            Special::EnPassant { pawn: victim, .. } => self.en_passant(victim, sink),
            Special::Scornful {
                pawn: victim,
                capturer,
            } => self.scornful(victim, capturer, sink),
        }
    }

    fn en_passant<S: MoveSink>(&self, victim: Cell, sink: &mut S) -> bool {
        let capture = self.pos.piece_at(victim).map_or(Role::Pawn, |p| p.role);
        let pawns = self.pos.pieces(self.us, Role::Pawn);
        for to in self.pos.ep_targets().into_iter().flatten() {
            for from in cells(PAWN_ATTACKS[self.them.index()][to.index()] & pawns) {
                let m = Move::EnPassant {
                    from,
                    to,
                    victim,
                    capture,
                };
                if self.pos.safe_after(m) && !self.emit_special(m, Role::Pawn, sink) {
                    return false;
                }
            }
        }
        true
    }

    fn scornful<S: MoveSink>(&self, victim: Cell, from: Cell, sink: &mut S) -> bool {
        let pawn = Piece {
            color: self.us,
            role: Role::Pawn,
        };
        if self.pos.piece_at(from) != Some(pawn) {
            return true;
        }
        let capture = self.pos.piece_at(victim).map_or(Role::Pawn, |p| p.role);
        let scornful = |promotion| Move::Scornful {
            from,
            to: victim,
            capture,
            promotion,
        };
        if !self.pos.safe_after(scornful(None)) {
            return true;
        }
        let mask = if victim.is_promotion_edge(self.us) {
            self.promotions[victim.shade().index()]
        } else {
            0
        };
        if mask == 0 {
            return self.emit_special(scornful(None), Role::Pawn, sink);
        }
        Role::PROMOTIONS
            .into_iter()
            .filter(|r| mask >> r.index() & 1 != 0)
            .all(|r| self.emit_special(scornful(Some(r)), Role::Pawn, sink))
    }

    /// In check from the enemy unmoved king's leap (rare): a move is legal when afterwards
    /// our king is not attacked, and any move that checks the enemy king switches the leap
    /// off, so the masks do not apply; every candidate is played out (each promotion on its
    /// own, as the new piece may be the one that checks).
    pub(super) fn moves_in_leap_check<S: MoveSink>(&self, sink: &mut S) -> bool {
        let no_masks = Masks {
            check_mask: !CellSet::EMPTY,
            pinned: CellSet::EMPTY,
            n_pins: 0,
            ..*self.masks
        };
        let unmasked = Ctx {
            masks: &no_masks,
            ..*self
        };
        let mut filter = |pm: PieceMoves| {
            if pm.special.is_some() || pm.piece.role == Role::King {
                // Special moves and king moves are judged on their own already.
                return sink.moves(pm);
            }
            let mut to = CellSet::EMPTY;
            for m in pm {
                match m {
                    Move::Normal {
                        promotion: Some(_), ..
                    } => {
                        if self.pos.safe_after(m) && !self.emit_special(m, Role::Pawn, sink) {
                            return false;
                        }
                    }
                    _ => {
                        if self.pos.safe_after(m) {
                            to |= cell_set(m.to().index());
                        }
                    }
                }
            }
            to.is_empty() || sink.moves(PieceMoves { to, ..pm })
        };
        let filter = &mut Visit(&mut filter);
        unmasked.pawns(filter)
            && unmasked.elephants(filter)
            && unmasked.knights(filter)
            && unmasked.all_sliders(filter)
            && unmasked.king_moves(filter)
            && unmasked.special_captures(filter)
    }
}
