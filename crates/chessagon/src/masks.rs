//! The masks every piece's generator uses, computed once per position: the checkers, the check
//! mask (intersected over all checkers: a Rook and the Bishop behind it can check along one line)
//! and the pinned men.

use crate::cells::{cells, Cell, CELL_COUNT};
use crate::men::{Color, Role};
use crate::position::Position;
use crate::tables::{
    bishop_attacks, duke_attacks, rook_attacks, BETWEEN_BISHOP, BETWEEN_DUKE, BETWEEN_ROOK,
    BISHOP_ALL, DUKE_ALL, KNIGHT, PAWN_CAPTURES, ROOK_ALL,
};

/// The cells strictly between two cells on a common line of one slider family.
type Between = [[u128; CELL_COUNT]; CELL_COUNT];

/// The between tables of the three slider families: rook, duke, bishop.
static FAMILIES: [&Between; 3] = [&BETWEEN_ROOK, &BETWEEN_DUKE, &BETWEEN_BISHOP];

/// Whether one of the sliders `near` of one family (its `between` and `lines` tables) sees cell
/// `c` with occupancy `occ`: one of them on a line through `c` with nothing between.
#[inline(always)]
pub(crate) fn sees(
    c: usize,
    near: u128,
    between: &Between,
    lines: &[u128; CELL_COUNT],
    occ: u128,
) -> bool {
    let snipers = lines[c] & near;
    let mut word = snipers as u64;
    while word != 0 {
        if between[c][word.trailing_zeros() as usize] & occ == 0 {
            return true;
        }
        word &= word - 1;
    }
    let mut word = (snipers >> 64) as u64;
    while word != 0 {
        if between[c][64 + word.trailing_zeros() as usize] & occ == 0 {
            return true;
        }
        word &= word - 1;
    }
    false
}

/// The masks every piece's generator uses, computed once per position.
pub(crate) struct Masks {
    pub(crate) us: Color,
    pub(crate) them: Color,
    pub(crate) ours: u128,
    pub(crate) theirs: u128,
    pub(crate) occ: u128,
    pub(crate) king: Cell,
    /// The enemy sliders by family (rook, duke, bishop; a Queen is in all three).
    pub(crate) sliders: [u128; 3],
    pub(crate) checkers: u128,
    /// Where a non-King move may go: not on an own piece, and stopping every check.
    pub(crate) target: u128,
    /// The pinned pieces. Their pin lines are found again only when one moves (pins are rare;
    /// a small value is cheap to build).
    pub(crate) pinned: u128,
}

impl Position {
    #[inline(always)]
    pub(crate) fn masks(&self) -> Masks {
        let us = self.turn;
        let them = us.other();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occ = ours | theirs;
        let king = self.king_of(us);
        let k = king.index();
        let r = &self.by_role;
        let queens = r[Role::Queen.index()] & theirs;
        let sliders = [
            r[Role::Rook.index()] & theirs | queens,
            r[Role::Duke.index()] & theirs | queens,
            r[Role::Bishop.index()] & theirs | queens,
        ];
        // The enemy King never checks: the side that just moved cannot have left its King
        // next to ours.
        let mut checkers = (KNIGHT[k] & r[Role::Knight.index()]
            | PAWN_CAPTURES[us.index()][k] & r[Role::Pawn.index()])
            & theirs;
        let mut pinned = 0;
        let lines = [ROOK_ALL[k], DUKE_ALL[k], BISHOP_ALL[k]];
        for ((line, sliders), between) in lines.into_iter().zip(sliders).zip(FAMILIES) {
            for sniper in cells(line & sliders) {
                let b = between[k][sniper.index()] & occ;
                if b == 0 {
                    // Nothing between: it checks.
                    checkers |= sniper.bit();
                } else if b & (b - 1) == 0 && b & ours != 0 {
                    // Exactly one piece between, and it is ours: pinned.
                    pinned |= b;
                }
            }
        }
        // Every checker must be captured or blocked by the same move. Unlike chess, two checkers
        // can share one line (a Bishop checking through the Rook it stands behind, since it jumps
        // the opposite-colour cells), so a double check may still be blocked: intersect.
        let mut target = !ours;
        for c in cells(checkers) {
            target &= self.check_mask(c.index(), k, occ);
        }
        Masks {
            us,
            them,
            ours,
            theirs,
            occ,
            king,
            sliders,
            checkers,
            target,
            pinned,
        }
    }

    /// The cells the pinned piece on `c` may move to without leaving its pin lines (the
    /// intersection of all of them: one piece can be pinned along two lines). Pins are rare:
    /// it finds the King and the enemy sliders again rather than take the masks by reference
    /// (which would keep them in memory for every node).
    #[inline(never)]
    pub(crate) fn pin_mask(&self, c: usize) -> u128 {
        let k = self.king_of(self.turn).index();
        let theirs = self.by_color[self.turn.other().index()];
        let occ = self.occ();
        let r = &self.by_role;
        let queens = r[Role::Queen.index()];
        let sliders = [
            (r[Role::Rook.index()] | queens) & theirs,
            (r[Role::Duke.index()] | queens) & theirs,
            (r[Role::Bishop.index()] | queens) & theirs,
        ];
        let lines = [ROOK_ALL[k], DUKE_ALL[k], BISHOP_ALL[k]];
        let mut mask = !0u128;
        for ((line, sliders), between) in lines.into_iter().zip(sliders).zip(FAMILIES) {
            for sniper in cells(line & sliders) {
                let line = between[k][sniper.index()];
                if line & occ == 1u128 << c {
                    mask &= line | sniper.bit();
                }
            }
        }
        mask
    }

    /// The cells that stop a single check from `checker` (the checker and the blocking cells).
    fn check_mask(&self, checker: usize, k: usize, occ: u128) -> u128 {
        let role = self.role_on(checker).expect("a checker");
        let kb = 1u128 << k;
        let mut mask = !0u128;
        if matches!(role, Role::Rook | Role::Queen) && rook_attacks(checker, occ) & kb != 0 {
            mask &= BETWEEN_ROOK[checker][k];
        }
        if matches!(role, Role::Duke | Role::Queen) && duke_attacks(checker, occ) & kb != 0 {
            mask &= BETWEEN_DUKE[checker][k];
        }
        if matches!(role, Role::Bishop | Role::Queen) && bishop_attacks(checker, occ) & kb != 0 {
            mask &= BETWEEN_BISHOP[checker][k];
        }
        if matches!(role, Role::Pawn | Role::Knight | Role::King) {
            mask = 0;
        }
        mask | 1u128 << checker
    }
}
