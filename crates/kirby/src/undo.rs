//! Taking a move back: [`Position::apply_undoable`] plays a move as [`Position::apply`] does and
//! notes what [`Position::undo`] needs to restore the position, so that perft walks the tree in
//! one position instead of copying the whole 1 KB position for every move played.
//!
//! Nothing of the move's rules is repeated here: the cells a move can change are noted before
//! it is played (their men, at most four), with the small state that a move changes (kings,
//! castling rights, waiting pawns, turn, hash); taking it back puts those men and that state
//! back.

use crate::men::{Color, Piece, Role, ARMIES};
use crate::moves::Move;
use crate::position::{Position, Waiting};
use crate::tables::castle_targets;

/// The most cells a move changes: castling's king, rook and their two targets.
const MOST_CELLS: usize = 4;

/// What [`Position::undo`] needs to take a move back.
pub(crate) struct Undo {
    /// The cells the move may change with the mailbox code of each before it (0: empty).
    cells: [(u16, u8); MOST_CELLS],
    cell_count: u8,
    /// Whether the move is an ordinary one (its origin and target are the first two cells).
    ordinary: bool,
    kings: [u16; ARMIES],
    castling: [u8; ARMIES],
    turn: Color,
    hash: u64,
    /// The waiting pawns, kept only for the moves that can change them (captures and pawn
    /// moves): copying them for every move cost more than the rest of the record.
    waiting: [Waiting; ARMIES],
    waiting_kept: bool,
}

impl Undo {
    /// An empty record, to be filled by [`Position::apply_undoable`].
    pub(crate) fn new() -> Undo {
        Undo {
            cells: [(0, 0); MOST_CELLS],
            cell_count: 0,
            ordinary: false,
            kings: [0; ARMIES],
            castling: [0; ARMIES],
            turn: Color::Black,
            hash: 0,
            waiting: [Waiting::default(); ARMIES],
            waiting_kept: false,
        }
    }
}

impl Position {
    /// Plays `m` (legal) as [`Position::apply`] does, writing into `undo` what takes it back.
    #[inline(always)]
    pub(crate) fn apply_undoable(&mut self, m: Move, undo: &mut Undo) {
        undo.kings = self.kings;
        undo.castling = self.castling;
        undo.turn = self.turn;
        undo.hash = self.hash;
        undo.cell_count = 0;
        undo.waiting_kept = false;
        let mut note = |cell: usize| {
            undo.cells[undo.cell_count as usize] = (cell as u16, self.mailbox[cell]);
            undo.cell_count += 1;
        };
        undo.ordinary = matches!(m, Move::Normal { .. });
        match m {
            Move::Normal { from, to, .. } => {
                let (from, to) = (from.index(), to.index());
                note(from);
                note(to);
                let victim = self.mailbox[to];
                // A captured power piece turns its army's oldest waiting pawn into itself.
                if victim != 0 {
                    let army = Piece::from_code(victim).color.index();
                    if let Some(pawn) = self.waiting[army].oldest() {
                        note(pawn);
                    }
                }
                if victim != 0 || Piece::from_code(self.mailbox[from]).role == Role::Pawn {
                    undo.waiting = self.waiting;
                    undo.waiting_kept = true;
                }
            }
            Move::Castle { king, rook } => {
                let (king_to, rook_to) = castle_targets(king, rook);
                for cell in [king, rook, king_to, rook_to] {
                    note(cell.index());
                }
            }
            Move::Relocate { from, to, .. } => {
                note(from.index());
                note(to.index());
            }
        }
        self.apply(m);
    }

    /// Takes back the move that wrote `undo` (the last one applied).
    #[inline(always)]
    pub(crate) fn undo(&mut self, undo: &Undo) {
        let cells = &undo.cells[..undo.cell_count as usize];
        let others = if undo.ordinary {
            // An ordinary move left its origin empty and its man (or what it became) on its
            // target: put them back without comparing.
            let [(from, mover), (to, victim)] = [cells[0], cells[1]];
            let to = to as usize;
            self.lift(to, Piece::from_code(self.mailbox[to]));
            if victim != 0 {
                self.set_down(to, Piece::from_code(victim));
            }
            self.set_down(from as usize, Piece::from_code(mover));
            &cells[2..]
        } else {
            cells
        };
        for &(cell, before) in others {
            let cell = cell as usize;
            let now = self.mailbox[cell];
            if now != before {
                if now != 0 {
                    self.lift(cell, Piece::from_code(now));
                }
                if before != 0 {
                    self.set_down(cell, Piece::from_code(before));
                }
            }
        }
        self.kings = undo.kings;
        self.castling = undo.castling;
        self.turn = undo.turn;
        self.hash = undo.hash;
        // `check` is left as it was: perft, the only caller, never asks it (`Position::resolve`
        // sets it where it is read).
        if undo.waiting_kept {
            self.waiting = undo.waiting;
        }
    }

    /// Takes `piece` off `cell` without touching the hash (restored whole by [`Position::undo`]).
    #[inline]
    fn lift(&mut self, cell: usize, piece: Piece) {
        let (w, keep) = (cell / 64, !(1u64 << (cell % 64)));
        self.mailbox[cell] = 0;
        self.by_color[piece.color.index()].0[w] &= keep;
        self.by_role[piece.role.index()].0[w] &= keep;
        self.occupied.0[w] &= keep;
    }

    /// Puts `piece` on the empty `cell` without touching the hash.
    #[inline]
    fn set_down(&mut self, cell: usize, piece: Piece) {
        let (w, bit) = (cell / 64, 1u64 << (cell % 64));
        self.mailbox[cell] = piece.code();
        self.by_color[piece.color.index()].0[w] |= bit;
        self.by_role[piece.role.index()].0[w] |= bit;
        self.occupied.0[w] |= bit;
    }
}

#[cfg(test)]
mod tests {
    use crate::Position;

    /// Every field alike (equality looks at the mailbox and the small state alone).
    fn same(a: &Position, b: &Position) -> bool {
        a == b
            && a.hash == b.hash
            && a.by_color == b.by_color
            && a.by_role == b.by_role
            && a.occupied == b.occupied
            && a.kings == b.kings
    }

    /// Every move of each position one move after a conformance position (or the start) is
    /// taken back to the same position, sets and hash included.
    #[test]
    fn every_move_is_taken_back() {
        let texts = crate::conformance_texts();
        let mut undo = super::Undo::new();
        let mut checked = 0;
        for text in texts {
            let root: Position = text.parse().expect("a valid position");
            for first in root.legal_moves() {
                let mut pos = root.clone();
                pos.apply(first);
                for m in pos.legal_moves() {
                    let before = pos.clone();
                    let mut played = pos.clone();
                    played.apply(m);
                    pos.apply_undoable(m, &mut undo);
                    assert!(same(&pos, &played), "{m} in {before}");
                    pos.undo(&undo);
                    assert!(same(&pos, &before), "{m} in {before}");
                    checked += 1;
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }
}
