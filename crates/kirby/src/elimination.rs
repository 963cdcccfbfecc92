//! The end of an army's game and what stands in for a move when it has none (rules §7):
//! checkmate eliminates the army at the start of its turn (its king leaves the board, its
//! pieces stay as dead bodies), and stalemate lets it relocate its king, reclaiming a lost
//! piece on the cell the king left.
//!
//! Every move ends with [`Position::resolve`], so a position's army to move always has a legal
//! move, is stalemated with a relocation, or the game is over.

use crate::cells::{Cell, CellSet, ALL_CELLS, CELLS};
use crate::men::{Piece, Role};
use crate::movegen::{MovesKind, PieceMoves};
use crate::position::{KnownCheck, Position, NO_KING};
use crate::tables::{CastleSide, KNIGHT_ATTACKS, PAWNS, ZOBRIST};
use crate::tables::{BISHOP_FIRST_STEPS, BISHOP_REACH, ROOK_FIRST_STEPS, ROOK_REACH};

/// `KING_LINES[k]`: the cells on a slider line through `k` (rook or bishop rays on an empty
/// board), and `k`: where a man may be pinned to a king on `k`, and the king itself.
const KING_LINES: &[CellSet; CELLS] = &{
    let mut out = [CellSet::EMPTY; CELLS];
    let mut k = 0;
    while k < CELLS {
        out[k] = ROOK_REACH[k].union(&BISHOP_REACH[k]).with(k);
        k += 1;
    }
    out
};

impl Position {
    /// Eliminates checkmated armies at the start of their turn, one after the other, until the
    /// army to move can move, is stalemated with a relocation, or the game is over. A
    /// stalemated army with no safe empty cell to relocate its king to (which needs nearly
    /// the whole board attacked) is eliminated too.
    pub(crate) fn resolve(&mut self) {
        loop {
            // Tested once per army to move, and kept for `is_check`.
            let check = !self.checkers().is_empty();
            if !self.must_eliminate(check) {
                self.check = if check {
                    KnownCheck::Yes
                } else {
                    KnownCheck::No
                };
                return;
            }
            self.eliminate_turn();
        }
    }

    /// Whether the army to move (`check`: in check) is checkmated, or stalemated without a
    /// relocation.
    fn must_eliminate(&self, check: bool) -> bool {
        !self.one_team_left()
            && !self.surely_has_move(check)
            && !self.has_normal_move()
            && (check || !self.has_relocation())
    }

    /// Removes the king of the army to move (its pieces stay as dead bodies), clears its
    /// castling rights and waiting pawns, and passes the turn.
    fn eliminate_turn(&mut self) {
        let us = self.turn.index();
        self.remove(self.kings[us] as usize);
        self.kings[us] = NO_KING;
        self.alive &= !(1 << us);
        self.hash ^= ZOBRIST.dead[us];
        self.clear_castling(us, CastleSide::ALL_BITS);
        while !self.waiting[us].is_empty() {
            self.waiting_remove(us, 0);
        }
        self.pass_turn();
    }

    /// A quick sufficient test for a legal move: not in check (`check`), and a piece off every
    /// line through its own king (so not pinned) has a step or leap to an empty cell (a move to
    /// an empty cell turns no waiting pawn into a piece). A slider reaches an empty cell exactly
    /// when the first cell of one of its rays is empty, so its first steps are tested, not its
    /// attacks. Saves the full generation after most moves.
    fn surely_has_move(&self, check: bool) -> bool {
        let us = self.turn.index();
        let k = self.kings[us] as usize;
        if k == NO_KING as usize || check {
            return false;
        }
        let free = self.by_color[us] - KING_LINES[k];
        // A word loop (cheaper than the set's iterator); a target set holds board cells only,
        // so it meets an empty cell exactly when it is not within the occupied cells.
        for (w, &word) in free.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let c = w * 64 + bits.trailing_zeros() as usize;
                let targets = match Piece::from_code(self.mailbox[c]).role {
                    Role::Pawn => PAWNS[us].push[c],
                    Role::Knight => KNIGHT_ATTACKS[c],
                    Role::Bishop => BISHOP_FIRST_STEPS[c],
                    Role::Rook => ROOK_FIRST_STEPS[c],
                    Role::Queen | Role::Amazon => ROOK_FIRST_STEPS[c] | BISHOP_FIRST_STEPS[c],
                    Role::King => CellSet::EMPTY,
                };
                if !targets.is_subset(&self.occupied) {
                    return true;
                }
                bits &= bits - 1;
            }
        }
        false
    }

    /// Whether a stalemate relocation exists (asked only when there is no ordinary move).
    pub(crate) fn has_relocation(&self) -> bool {
        !self.relocation_targets().is_empty()
    }

    /// The empty cells the stalemated king may be lifted to: not attacked once the reclaimed
    /// piece (if any) stands on the cell the king left (rules §7, §9 item 11).
    fn relocation_targets(&self) -> CellSet {
        let us = self.turn.index();
        let k = self.kings[us] as usize;
        let hostile = self.hostile_to(us);
        let hostile_armies = self.hostile_armies(us);
        let base = if self.claims(self.turn).is_empty() {
            self.occupied.without(k)
        } else {
            self.occupied
        };
        // Placing the king on a cell changes no attack on that cell, so the safe cells are the
        // empty ones that no hostile man attacks with the king lifted (or replaced).
        let empty = ALL_CELLS - self.occupied;
        empty - self.attacks_on_zone(&empty, &base, &hostile, hostile_armies)
    }

    /// Calls `f` with the stalemate relocations of the army to move; returns `false` when `f`
    /// stopped.
    pub(crate) fn relocations(&self, f: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        let to = self.relocation_targets();
        if to.is_empty() {
            return true;
        }
        let k = self.kings[self.turn.index()] as usize;
        f(PieceMoves {
            piece: Piece::new(self.turn, Role::King),
            from: Cell::at(k),
            to,
            kind: MovesKind::Relocate(self.claims(self.turn)),
        })
    }

    /// Plays a relocation: the king goes from `from` to `to`, `reclaim` appears on `from`.
    pub(crate) fn relocate(&mut self, from: Cell, to: Cell, reclaim: Option<Role>) {
        let us = self.turn.index();
        let k = self.remove(from.index());
        self.put(to.index(), k);
        self.kings[us] = to.index() as u16;
        if let Some(role) = reclaim {
            self.put(from.index(), Piece::new(self.turn, role));
        }
        self.clear_castling(us, CastleSide::ALL_BITS);
    }
}
