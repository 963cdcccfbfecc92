//! Playing a move: [`Position::play_unchecked`], the hot path of perft, in place on the
//! position, touching only the sets, mailbox cells and keys the move changes.

use crate::cells::Cell;
use crate::hand::HandKnight;
use crate::men::{Color, Piece, Role, PIECE_COUNT, ROLE_COUNT};
use crate::moves::Move;
use crate::tables::{PAWN_JUMP, PAWN_STEPS, RANK_NEIGHBOURS, ZOBRIST};

use super::Position;

impl Position {
    /// Play a move known to be legal here (from [`Position::legal_moves`]); no check. Playing an
    /// illegal move leaves an unspecified (but memory-safe) position. The hot path of perft:
    /// it changes the position in place, touching only the sets, mailbox cells and keys the
    /// move changes.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        self.play_inlined(m);
    }

    /// [`Position::play_unchecked`], inlined into perft's loops (a call there cost 16
    /// instructions a move).
    #[inline(always)]
    pub(crate) fn play_inlined(&mut self, m: Move) {
        // One branch on the side, so that each side's play sees its colour as a constant.
        match self.turn {
            Color::White => self.play_of(Color::White, m),
            Color::Black => self.play_of(Color::Black, m),
        }
    }

    /// [`Position::play_inlined`] for the side to move `us` (a constant where the caller has
    /// branched on the side).
    #[inline(always)]
    pub(crate) fn play_of(&mut self, us: Color, m: Move) {
        let clock = self.start_ply(us);
        // The common move first, tested on its own: one compare, not the jump table of a
        // `match` over five kinds.
        if let Move::Normal { from, to } = m {
            self.play_normal(us, from, to, clock);
        } else {
            self.play_special(us, m);
        }
    }

    /// A plain move or capture (a [`Move::Normal`]) of `us`'s man of `role`, the side to move:
    /// for perft, where the set-wise layer knows the mover's role (no mailbox read for it, and
    /// the pawn's tests branch the same way for all of one mover's moves).
    #[inline(always)]
    pub(crate) fn play_plain_of(&mut self, us: Color, role: Role, from: Cell, to: Cell) {
        debug_assert_eq!(self.piece_at(from), Some(Piece::new(us, role)));
        let clock = self.start_ply(us);
        self.move_man(us, role, from, to, clock);
    }

    /// What every move by `us` (the side to move) changes: the side to move, the move number,
    /// the en-passant right gone; the halfmove clock is set to 0 and its value before returned.
    #[inline(always)]
    fn start_ply(&mut self, us: Color) -> u32 {
        debug_assert_eq!(us, self.turn);
        self.hash ^= ZOBRIST.black_to_move;
        if let Some(ep) = self.en_passant.take() {
            self.hash ^= ZOBRIST.en_passant[ep.index()];
        }
        self.turn = us.other();
        self.fullmove_number = self.fullmove_number.saturating_add(us.index() as u32);
        let clock = self.halfmove_clock;
        self.halfmove_clock = 0;
        clock
    }

    /// A plain move or capture by `us`, its man's role read from the mailbox; `clock` the
    /// halfmove clock before the move (it is 0 now).
    #[inline(always)]
    fn play_normal(&mut self, us: Color, from: Cell, to: Cell, clock: u32) {
        let role = role_index(piece_index(self.mailbox[from.index()]));
        self.move_man(us, Role::ALL[role], from, to, clock);
    }

    /// `us`'s man of `role` moves from `from` to `to`, taking what stands there; `clock` the
    /// halfmove clock before the move (it is 0 now).
    #[inline(always)]
    fn move_man(&mut self, us: Color, role: Role, from: Cell, to: Cell, clock: u32) {
        let them = us.other();
        let p = Piece::new(us, role).index();
        let captured = self.mailbox[to.index()];
        let both = from.bit() | to.bit();
        if captured != 0 {
            let cap = piece_index(captured);
            self.by_color[them.index()] ^= to.bit();
            self.by_role[role_index(cap)] ^= to.bit();
            self.hash ^= ZOBRIST.pieces[cap][to.index()];
        } else if role != Role::Pawn {
            self.halfmove_clock = clock.saturating_add(1);
        }
        self.by_role[role.index()] ^= both;
        self.by_color[us.index()] ^= both;
        self.mailbox[to.index()] = p as u8 + 1;
        self.mailbox[from.index()] = 0;
        self.hash ^= ZOBRIST.pieces[p][from.index()] ^ ZOBRIST.pieces[p][to.index()];
        // A jump may be taken en passant next move (the cells it passed between are neither
        // its start nor its landing cell, so the test reads the same after it).
        if role == Role::Pawn
            && PAWN_JUMP[us.index()][from.index()] == to.bit()
            && self.ep_capturable(us, from, to)
        {
            self.en_passant = Some(to);
            self.hash ^= ZOBRIST.en_passant[to.index()];
        }
    }

    /// A promotion, an en-passant capture, an entry or a drop by `us` (the clock is 0 now).
    fn play_special(&mut self, us: Color, m: Move) {
        let them = us.other();
        match m {
            Move::Normal { from, to } => self.play_normal(us, from, to, 0),
            Move::Promotion { from, to, role } => {
                self.remove(to);
                self.remove(from);
                self.put(to, Piece::new(us, role));
            }
            Move::EnPassant { from, to } => {
                // The jumped pawn stands beside the capturer, on the rank neighbour from which
                // `to` is one of its backward steps.
                let victim = RANK_NEIGHBOURS[from.index()] & PAWN_STEPS[them.index()][to.index()];
                self.remove(Cell::first_of(victim));
                self.remove(from);
                self.put(to, Piece::new(us, Role::Pawn));
            }
            Move::Entry { knight, to } => {
                self.take_from_hand(us, knight);
                self.remove(to);
                self.put(to, Piece::new(us, Role::Knight));
            }
            Move::Drop { knight, to } => {
                self.take_from_hand(us, knight);
                self.put(to, Piece::new(us, Role::Knight));
            }
        }
    }

    #[inline]
    fn take_from_hand(&mut self, color: Color, knight: HandKnight) {
        let hand = &mut self.hands[color.index()];
        if hand.contains(knight) {
            *hand = hand.without(knight);
            self.hash ^= ZOBRIST.hand[color.index()][knight as usize];
        }
    }
}

/// The piece index of an occupied cell's mailbox code (`piece.index() + 1`), in a form that tells
/// the compiler it is below [`PIECE_COUNT`] (no bounds check, no division).
#[inline(always)]
fn piece_index(code: u8) -> usize {
    usize::from(code).wrapping_sub(1).min(PIECE_COUNT - 1)
}

/// The role index of a piece index below [`PIECE_COUNT`], known to be below [`ROLE_COUNT`].
#[inline(always)]
fn role_index(piece: usize) -> usize {
    if piece >= ROLE_COUNT {
        piece - ROLE_COUNT
    } else {
        piece
    }
}
