//! Attacks on cells and kings: which live hostile men attack a cell, check, and the attacks
//! of several armies on a zone of cells.

use crate::cells::{each_index, CellSet};
use crate::colors::ColorSet;
use crate::men::{Role, ARMIES};
use crate::position::{KnownCheck, Position, NO_KING};
use crate::tables::{
    bishop_attacks, rook_attacks, slider_attacks_toward, BISHOP_RAYS, BISHOP_REACH, KING_ATTACKS,
    KNIGHT_ATTACKS, PAWNS, PAWN_ATTACKERS_ANY, ROOK_RAYS, ROOK_REACH,
};

impl Position {
    /// The bit mask of the live armies hostile to `army`.
    #[inline]
    pub(crate) fn hostile_armies(&self, army: usize) -> u8 {
        self.alive & !self.team_mask[army]
    }

    /// The live pieces that may attack `army`: every piece of a live army of another team.
    #[inline]
    pub(crate) fn hostile_to(&self, army: usize) -> CellSet {
        // Over the armies of the mask only (one in the two-army game).
        let mut armies = self.hostile_armies(army);
        let mut out = CellSet::EMPTY;
        while armies != 0 {
            out |= self.by_color[armies.trailing_zeros() as usize];
            armies &= armies - 1;
        }
        out
    }

    /// The pieces in `hostile` (cells of live hostile pieces, of the armies in the bit mask
    /// `hostile_armies`) that attack `cell` when the occupancy is `occupied`.
    #[inline]
    pub(crate) fn attackers(
        &self,
        cell: usize,
        occupied: &CellSet,
        hostile: &CellSet,
        hostile_armies: u8,
    ) -> CellSet {
        attackers_on(
            cell,
            occupied,
            hostile,
            hostile_armies,
            &self.by_role,
            &self.by_color,
        )
    }

    /// The pieces giving check to the army to move (from every live hostile army).
    pub fn checkers(&self) -> CellSet {
        self.king_attackers(self.turn.index())
    }

    /// Whether the army to move is in check (known since the position was resolved, else
    /// looked for).
    #[inline]
    pub fn is_check(&self) -> bool {
        let known = match self.check {
            KnownCheck::Yes => true,
            KnownCheck::No => false,
            KnownCheck::Unknown => return !self.checkers().is_empty(),
        };
        debug_assert_eq!(
            known,
            !self.checkers().is_empty(),
            "a stale check in {self}"
        );
        known
    }

    /// The armies whose king is attacked by a live hostile piece now (any army, not only the
    /// one to move: a king can be left in check by a third army's move).
    pub fn colors_in_check(&self) -> ColorSet {
        let mut out = 0;
        for a in 0..ARMIES {
            if !self.king_attackers(a).is_empty() {
                out |= 1 << a;
            }
        }
        ColorSet(out)
    }

    /// The live hostile men attacking the king of the army of seat `army` (none without a
    /// king).
    #[inline]
    pub(crate) fn king_attackers(&self, army: usize) -> CellSet {
        match self.kings[army] {
            NO_KING => CellSet::EMPTY,
            k => self.attackers(
                k as usize,
                &self.occupied,
                &self.hostile_to(army),
                self.hostile_armies(army),
            ),
        }
    }
}

/// The pieces in `hostile` (cells of live hostile pieces, of the armies in the bit mask
/// `hostile_armies`) that attack `cell` when the occupancy is `occupied`, with the role and
/// army sets `roles` and `armies` (a position's own, or those after a capture that turns a
/// waiting pawn into a piece).
#[inline]
pub(crate) fn attackers_on(
    cell: usize,
    occupied: &CellSet,
    hostile: &CellSet,
    hostile_armies: u8,
    roles: &[CellSet; Role::COUNT],
    armies: &[CellSet; ARMIES],
) -> CellSet {
    let role = |r: Role| roles[r.index()];
    let mut out = KNIGHT_ATTACKS[cell] & (role(Role::Knight) | role(Role::Amazon));
    out |= KING_ATTACKS[cell] & role(Role::King);
    let queens = role(Role::Queen) | role(Role::Amazon);
    let rooks = (role(Role::Rook) | queens) & *hostile;
    if ROOK_REACH[cell].intersects(&rooks) {
        out |= rook_attacks(cell, occupied) & rooks;
    }
    let bishops = (role(Role::Bishop) | queens) & *hostile;
    if BISHOP_REACH[cell].intersects(&bishops) {
        out |= bishop_attacks(cell, occupied) & bishops;
    }
    let pawns = role(Role::Pawn);
    if PAWN_ATTACKERS_ANY[cell].intersects(&(pawns & *hostile)) {
        for (a, table) in PAWNS.iter().enumerate() {
            if hostile_armies & (1 << a) != 0 {
                out |= table.attackers[cell] & pawns & armies[a];
            }
        }
    }
    out & *hostile
}

impl Position {
    /// The cells of `zone` that the men in `hostile` (cells of live hostile men, of the armies in
    /// the bit mask `hostile_armies`) attack when the occupancy is `occupied`: one attack set
    /// per hostile man instead of one attacker test per cell, cheaper when the cells to test
    /// outnumber the men (a king in the open, stalemate relocations). Sliders that cannot reach
    /// the zone on an empty board are skipped.
    pub(crate) fn attacks_on_zone(
        &self,
        zone: &CellSet,
        occupied: &CellSet,
        hostile: &CellSet,
        hostile_armies: u8,
    ) -> CellSet {
        let role = |r: Role| self.by_role[r.index()] & *hostile;
        let mut out = CellSet::EMPTY;
        each_index(&(role(Role::Knight) | role(Role::Amazon)), |c| {
            out |= KNIGHT_ATTACKS[c];
        });
        each_index(&role(Role::King), |c| out |= KING_ATTACKS[c]);
        let queens = role(Role::Queen) | role(Role::Amazon);
        each_index(&(role(Role::Rook) | queens), |c| {
            if ROOK_REACH[c].intersects(zone) {
                out |= slider_attacks_toward(c, &ROOK_RAYS[c], occupied, zone);
            }
        });
        each_index(&(role(Role::Bishop) | queens), |c| {
            if BISHOP_REACH[c].intersects(zone) {
                out |= slider_attacks_toward(c, &BISHOP_RAYS[c], occupied, zone);
            }
        });
        let pawns = role(Role::Pawn);
        let mut armies = hostile_armies;
        while armies != 0 {
            let a = armies.trailing_zeros() as usize;
            each_index(&(pawns & self.by_color[a]), |c| out |= PAWNS[a].capture[c]);
            armies &= armies - 1;
        }
        out & *zone
    }
}
