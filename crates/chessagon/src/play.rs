//! Playing a legal move: the hot path of perft (copy-make), and what a move does.

use crate::cells::{Cell, CELL_COUNT};
use crate::men::{Color, Piece, Role};
use crate::moves::{Castling, Move, ALL_CASTLING};
use crate::position::{piece_code, Position};
use crate::setup::EnPassant;
use crate::tables::{FIRST_MOVES, ZOBRIST};

/// Castling-rights bits kept when a move touches each cell (clears rights of King/Rook cells).
static CASTLE_KEEP: [u8; CELL_COUNT] = {
    let mut keep = [ALL_CASTLING; CELL_COUNT];
    let mut i = 0;
    while i < crate::moves::CASTLING_INFO.len() {
        let info = &crate::moves::CASTLING_INFO[i];
        let bit = 1u8 << Castling::ALL[i].right();
        keep[info.king_from.index()] &= !bit;
        keep[info.rook_from.index()] &= !bit;
        i += 1;
    }
    keep
};

impl Position {
    /// Play a move known to be legal (from [`Position::legal_moves`]): the hot path of perft. An
    /// illegal move gives an unspecified but memory-safe position, or a panic.
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: Move) {
        let ep_state = self.begin_move();
        match m {
            Move::Normal { from, to } => self.play_normal(from, to),
            Move::Promotion { from, to } => self.play_promotion(from, to),
            Move::EnPassant { from, to } => {
                let landed = ep_state
                    .expect("en passant right after a double push")
                    .landed;
                self.play_en_passant(from, to, landed);
            }
            Move::Castle { castling } => self.play_castling(castling),
        }
        self.end_move();
    }

    /// Plays the ordinary move (neither promotion, en passant nor castling) of the side to
    /// move's `role` from `from` to `to`: the same as `play_unchecked(Move::Normal { from, to })`
    /// for a caller that knows the mover (perft's last ply plays one piece's moves in a row), so
    /// the mover need not be looked up in the role sets.
    #[inline(always)]
    pub(crate) fn play_normal_of(&mut self, role: Role, from: Cell, to: Cell) {
        self.begin_move();
        let code = piece_code(Piece::new(self.turn, role));
        self.move_piece(role, code, from, to);
        self.end_move();
    }

    /// Passes the turn, for search only (a "null move", never a move of a game): the other side
    /// is to move, the en passant right goes, the clocks go on as after a quiet move, and the
    /// hash is the one the passed position's text reads back with. Refused (`false`, the
    /// position unchanged) when the side to move is in check: passing would leave its King
    /// attacked.
    ///
    /// ```
    /// use hexvar_chessagon::Position;
    ///
    /// let mut pos = Position::new();
    /// assert!(pos.play_null());
    /// let reread: Position = pos.to_string().parse()?;
    /// assert_eq!((reread, reread.zobrist_hash()), (pos, pos.zobrist_hash()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_null(&mut self) -> bool {
        if self.is_check() {
            return false;
        }
        self.begin_move();
        self.end_move();
        true
    }

    /// What every move does first: the en passant state goes (returned, for en passant itself)
    /// and the halfmove clock ticks.
    #[inline(always)]
    fn begin_move(&mut self) -> Option<EnPassant> {
        let ep_state = self.ep.take();
        if let Some(ep) = ep_state {
            self.hash ^= ZOBRIST.ep[ep.middle.index()];
        }
        self.halfmoves = self.halfmoves.saturating_add(1);
        ep_state
    }

    /// What every move does last: the move number after Black's move, and the turn.
    #[inline(always)]
    fn end_move(&mut self) {
        if self.turn == Color::Black {
            self.fullmoves = self.fullmoves.saturating_add(1);
        }
        self.turn = self.turn.other();
        self.hash ^= ZOBRIST.black;
    }

    /// Takes away the castling rights whose King or Rook cell a move leaves or lands on.
    #[inline(always)]
    fn update_castling(&mut self, from: Cell, to: Cell) {
        let keep = CASTLE_KEEP[from.index()] & CASTLE_KEEP[to.index()];
        if self.castling & keep != self.castling {
            self.hash ^= ZOBRIST.castling[self.castling as usize];
            self.castling &= keep;
            self.hash ^= ZOBRIST.castling[self.castling as usize];
        }
    }

    /// A pawn reaching the back edge becomes a Queen.
    #[cold]
    #[inline(never)]
    fn play_promotion(&mut self, from: Cell, to: Cell) {
        let us = self.turn;
        if let Some(victim) = self.piece_at(to) {
            self.take(to, victim);
        }
        self.take(from, Piece::new(us, Role::Pawn));
        self.put(to, Piece::new(us, Role::Queen));
        self.halfmoves = 0;
        // A back-edge cell can be a starting cell of the other side's pawns (a12, h12).
        self.clear_unmoved(from);
        self.clear_unmoved(to);
        self.update_castling(from, to);
    }

    /// En passant onto the middle cell `to`, removing the pawn on `landed`.
    #[cold]
    #[inline(never)]
    fn play_en_passant(&mut self, from: Cell, to: Cell, landed: Cell) {
        let us = self.turn;
        self.take(landed, Piece::new(us.other(), Role::Pawn));
        self.take(from, Piece::new(us, Role::Pawn));
        self.put(to, Piece::new(us, Role::Pawn));
        self.halfmoves = 0;
        self.clear_unmoved(from);
    }

    /// King and Rook to their castling cells.
    #[cold]
    #[inline(never)]
    fn play_castling(&mut self, castling: Castling) {
        let us = self.turn;
        let i = castling.info();
        self.take(i.king_from, Piece::new(us, Role::King));
        self.take(i.rook_from, Piece::new(us, Role::Rook));
        self.put(i.king_to, Piece::new(us, Role::King));
        self.put(i.rook_to, Piece::new(us, Role::Rook));
        self.update_castling(i.king_from, i.rook_from);
    }

    /// A move that is neither a promotion, en passant nor castling: captures, double pushes.
    #[inline(always)]
    fn play_normal(&mut self, from: Cell, to: Cell) {
        let role = self.role_on(from.index()).expect("a piece on the origin");
        self.move_piece(role, piece_code(Piece::new(self.turn, role)), from, to);
    }

    /// Moves the side to move's `role` (its [`piece_code`]) from `from` to `to`, capturing what
    /// stands there: an ordinary move, double pushes included.
    #[inline(always)]
    fn move_piece(&mut self, role: Role, code: u8, from: Cell, to: Cell) {
        let us = self.turn;
        let role = role.index();
        let to_bit = to.bit();
        let them = us.other().index();
        if self.by_color[them] & to_bit != 0 {
            let victim_role = self.victim_role(to_bit);
            let victim = piece_code(Piece::new(us.other(), victim_role));
            self.by_color[them] ^= to_bit;
            self.by_role[victim_role.index()] ^= to_bit;
            self.hash ^= ZOBRIST.piece[victim as usize][to.index()];
            self.halfmoves = 0;
            // Only pawns carry unmoved flags: a move clears the flags of the cells it leaves
            // and lands on.
            if victim_role == Role::Pawn {
                self.clear_unmoved(to);
            }
        }
        // Move the piece with one xor per set.
        let fromto = from.bit() | to_bit;
        self.by_color[us.index()] ^= fromto;
        self.by_role[role] ^= fromto;
        let keys = &ZOBRIST.piece[code as usize];
        self.hash ^= keys[from.index()] ^ keys[to.index()];
        if role == Role::Pawn.index() {
            self.halfmoves = 0;
            let from_bit = from.bit();
            // Only a pawn's first move clears its flag, and only a first move can be a double
            // push: the rest of the pawn moves skip both tests.
            if self.unmoved & from_bit != 0 {
                self.unmoved ^= from_bit;
                self.hash ^= ZOBRIST.unmoved[from.index()];
                // Which of a first move's single and double pushes this is cannot be predicted
                // (a branch on it missed about every other time from the start position): the
                // push is picked by an index computed without one, and the only branch left is
                // taken when an enemy pawn can take en passant.
                let first = &FIRST_MOVES[us.index()][from.index()];
                let to_index = to.index() as u8;
                let hit = usize::from(first.targets[0] == to_index)
                    | usize::from(first.targets[1] == to_index) << 1;
                let push = &first.pushes[hit];
                let their_pawns = self.by_role[Role::Pawn.index()] & self.by_color[them];
                if push.catchers & their_pawns != 0 {
                    self.record_en_passant(push.middle, to);
                }
            }
        } else {
            // A pawn move that is no promotion never touches a King's or Rook's start cell:
            // those cells lie on the back edges, where pawns promote.
            self.update_castling(from, to);
        }
    }

    /// After a double push over `middle` to `to` that an enemy pawn can answer: the en passant
    /// state (recorded only then, so that equal positions hash alike).
    #[inline(never)]
    fn record_en_passant(&mut self, middle: u8, to: Cell) {
        let middle = Cell::new_unchecked(middle as usize);
        self.ep = Some(EnPassant { middle, landed: to });
        self.hash ^= ZOBRIST.ep[middle.index()];
    }

    /// Clears the unmoved flag of `cell` (a move left it or landed on it), with its hash key.
    #[inline]
    fn clear_unmoved(&mut self, cell: Cell) {
        let bit = cell.bit();
        if self.unmoved & bit != 0 {
            self.unmoved ^= bit;
            self.hash ^= ZOBRIST.unmoved[cell.index()];
        }
    }

    /// The piece a legal move captures: the piece on its destination, or for en passant the
    /// double-pushed pawn; `None` for a move onto an empty cell and for castling.
    ///
    /// ```
    /// use hexvar_chessagon::{Color, Piece, Position, Role};
    ///
    /// let pos: Position = "1k/4/6/8/8/8/8/4r3/8/8/8/4R3/6/4/1K w - -".parse()?;
    /// let take = pos.parse_move("e4e8")?;
    /// assert_eq!(pos.captured(take), Some(Piece::new(Color::Black, Role::Rook)));
    /// assert_eq!(pos.captured(pos.parse_move("e4e5")?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captured(&self, mv: Move) -> Option<Piece> {
        match mv {
            Move::Normal { to, .. } | Move::Promotion { to, .. } => self.piece_at(to),
            Move::EnPassant { .. } => Some(Piece::new(self.turn.other(), Role::Pawn)),
            Move::Castle { .. } => None,
        }
    }

    /// Whether a legal move resets the halfmove clock of the fifty-move rule (and so makes every
    /// earlier position unrepeatable): a capture or a pawn move (promotion and en passant
    /// included). Castling does not.
    ///
    /// ```
    /// use hexvar_chessagon::Position;
    ///
    /// let pos = Position::new();
    /// assert!(pos.is_zeroing(pos.parse_move("e4e5")?));
    /// assert!(!pos.is_zeroing(pos.parse_move("f3e5")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_zeroing(&self, mv: Move) -> bool {
        match mv {
            Move::Normal { from, to } => {
                self.piece_at(to).is_some()
                    || self.piece_at(from).is_some_and(|p| p.role == Role::Pawn)
            }
            Move::Promotion { .. } | Move::EnPassant { .. } => true,
            Move::Castle { .. } => false,
        }
    }
}
