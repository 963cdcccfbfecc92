//! The validated [`Position`]: play, hash, check, outcome.

mod play;

use core::fmt;

use hexvar_geometry::san::cut;

use crate::cells::{cell_set, cells_of, Bits, Cell, CellSet, CELL_COUNT};
use crate::hand::{Hand, HandKnight, HAND_ATTACKS};
use crate::men::{home, Color, Piece, Role, ROLE_COUNT};
use crate::moves::{canonical_move_text, Move, ParseMoveError};
use crate::outcome::Outcome;
use crate::setup::{ParseSetupError, Setup};
use crate::sliders::{bishop_attacks, rook_attacks};
use crate::tables::{
    BISHOP_PSEUDO, KING, KNIGHT, PAWN_JUMP, PAWN_STEPS, RANK_NEIGHBOURS, ROOK_PSEUDO, ZOBRIST,
};

/// The halfmove clock at which the fifty-move rule draws (100 plies without a capture, pawn
/// move, entry or drop).
const FIFTY_MOVE_PLIES: u32 = 100;

/// A rule a [`Setup`] breaks; [`PositionError`] lists all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PositionProblem {
    /// The side has no King.
    MissingKing(Color),
    /// The side has more than one King.
    TooManyKings(Color),
    /// A pawn stands on `a1` or `n1` (a promotion cell, or behind the pawn's own start).
    PawnOnBackCell(Cell),
    /// The side that has just moved is in check.
    OppositeCheck,
    /// The en-passant cell does not hold a pawn of the side that just moved, or its jump's start
    /// cell is off the board or occupied.
    InvalidEnPassant(Cell),
    /// The move number is 0 (it starts at 1).
    MoveNumberZero,
}

impl fmt::Display for PositionProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionProblem::MissingKing(c) => write!(f, "{} has no King", c.name()),
            PositionProblem::TooManyKings(c) => {
                write!(f, "{} has more than one King", c.name())
            }
            PositionProblem::PawnOnBackCell(c) => {
                write!(f, "a pawn stands on the back-rank cell {c}")
            }
            PositionProblem::OppositeCheck => f.write_str("the side not to move is in check"),
            PositionProblem::InvalidEnPassant(c) => write!(
                f,
                "en-passant cell {c} does not hold a pawn that just made a double jump"
            ),
            PositionProblem::MoveNumberZero => f.write_str("the move number is 0"),
        }
    }
}

hexvar_geometry::position_errors!(ParseSetupError, PositionProblem, Move);

/// A legal Dagger Chess position (validated; see [`Position::from_setup`]).
///
/// Small and `Copy`: move generation plays moves on copies (copy-make). `Display` and `FromStr`
/// use the position text (see [`Setup`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_color: [Bits; 2],
    pub(crate) by_role: [Bits; ROLE_COUNT],
    /// `0` empty, else `piece.index() + 1`.
    pub(crate) mailbox: [u8; CELL_COUNT],
    pub(crate) turn: Color,
    pub(crate) hands: [Hand; 2],
    /// The landing cell of a double jump that can be taken en passant right now.
    pub(crate) en_passant: Option<Cell>,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) hash: u64,
}

impl Position {
    fn empty() -> Position {
        Position {
            by_color: [0; 2],
            by_role: [0; ROLE_COUNT],
            mailbox: [0; CELL_COUNT],
            turn: Color::White,
            hands: [Hand::EMPTY; 2],
            en_passant: None,
            halfmove_clock: 0,
            fullmove_number: 1,
            hash: 0,
        }
    }

    /// Validate a setup. The error lists every broken rule.
    ///
    /// An en-passant cell is kept only while some pawn could actually take en passant (a pawn of
    /// the side to move beside the landing cell, with its landing cell empty), as after
    /// [`Position::play`].
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut pos = Position::empty();
        for cell in Cell::ALL {
            if let Some(p) = setup.board[cell.index()] {
                pos.put(cell, p);
            }
        }
        pos.turn = setup.turn;
        pos.hands = setup.hands;
        pos.halfmove_clock = setup.halfmove_clock;
        pos.fullmove_number = setup.fullmove_number;
        let mut problems = Vec::new();
        for color in Color::ALL {
            match pos.pieces_bits(color, Role::King).count_ones() {
                0 => problems.push(PositionProblem::MissingKing(color)),
                1 => {}
                _ => problems.push(PositionProblem::TooManyKings(color)),
            }
        }
        for cell in [Cell::A1, Cell::N1] {
            if pos.by_role[Role::Pawn.index()] & cell.bit() != 0 {
                problems.push(PositionProblem::PawnOnBackCell(cell));
            }
        }
        if setup.fullmove_number == 0 {
            problems.push(PositionProblem::MoveNumberZero);
        }
        if let Some(t) = setup.en_passant {
            let mover = setup.turn.other();
            let start = PAWN_JUMP[setup.turn.index()][t.index()];
            let ok = setup.board[t.index()] == Some(Piece::new(mover, Role::Pawn))
                && start != 0
                && start & pos.occupied_bits() == 0;
            if !ok {
                problems.push(PositionProblem::InvalidEnPassant(t));
            } else if pos.ep_capturable(mover, Cell::first_of(start), t) {
                pos.en_passant = Some(t);
            }
        }
        if problems.is_empty() {
            let them = pos.turn.other();
            if pos.is_attacked(pos.king(them), pos.turn, pos.occupied_bits()) {
                problems.push(PositionProblem::OppositeCheck);
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The position as plain data.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: Cell::ALL.map(|cell| self.piece_at(cell)),
            turn: self.turn,
            hands: self.hands,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    /// The piece on `cell` (mailbox lookup).
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        match self.mailbox[cell.index()] {
            0 => None,
            k => Some(Piece::from_index(k as usize - 1)),
        }
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The knights `color` has in hand.
    #[inline]
    pub fn hand(&self, color: Color) -> Hand {
        self.hands[color.index()]
    }

    /// How many men of `role` `color` holds in hand: its knights in hand for
    /// [`Role::Knight`] (0 to 2), 0 for every other role (only knights start in hand, and a
    /// captured man leaves the game).
    ///
    /// ```
    /// use hexvar_dagger::{Color, Position, Role};
    /// let pos = Position::new();
    /// assert_eq!(pos.in_hand(Color::White, Role::Knight), 2);
    /// assert_eq!(pos.in_hand(Color::Black, Role::Queen), 0);
    /// ```
    pub fn in_hand(&self, color: Color, role: Role) -> u32 {
        match role {
            Role::Knight => self.hands[color.index()].len(),
            _ => 0,
        }
    }

    /// The landing cell of a double jump that may be taken en passant now, if any.
    #[inline]
    pub fn en_passant(&self) -> Option<Cell> {
        self.en_passant
    }

    /// Plies since the last capture, pawn move, entry or drop (it stops at `u32::MAX`).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number: 1 at the start, rising after each Black move (it stops at `u32::MAX`).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The occupied cells.
    pub fn occupied(&self) -> CellSet {
        cell_set(self.occupied_bits())
    }

    #[inline]
    pub(crate) fn occupied_bits(&self) -> Bits {
        self.by_color[0] | self.by_color[1]
    }

    /// The cells of `color`'s pieces.
    ///
    /// ```
    /// use hexvar_dagger::{Color, Position, Role};
    /// let pos = Position::new();
    /// assert_eq!(pos.by_color(Color::White).len(), 13);
    /// assert_eq!(pos.by_role(Role::Pawn).len(), 14);
    /// assert_eq!(pos.by_role(Role::Knight).len(), 0); // both sides' knights are in hand
    /// ```
    pub fn by_color(&self, color: Color) -> CellSet {
        cell_set(self.by_color[color.index()])
    }

    /// The cells of the pieces of `role`, of both sides.
    pub fn by_role(&self, role: Role) -> CellSet {
        cell_set(self.by_role[role.index()])
    }

    /// The cells of `color`'s pieces of `role`.
    pub fn pieces(&self, color: Color, role: Role) -> CellSet {
        cell_set(self.pieces_bits(color, role))
    }

    #[inline]
    pub(crate) fn pieces_bits(&self, color: Color, role: Role) -> Bits {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The King of `color`.
    #[inline]
    pub fn king(&self, color: Color) -> Cell {
        Cell::first_of(self.pieces_bits(color, Role::King))
    }

    /// The Zobrist hash (kept incrementally): pieces, side to move, knights in hand, and the
    /// en-passant cell while a capture onto it is possible. The clocks are not hashed.
    #[inline]
    pub fn zobrist_hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch.
    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for cell in Cell::ALL {
            if let Some(p) = self.piece_at(cell) {
                h ^= ZOBRIST.pieces[p.index()][cell.index()];
            }
        }
        if self.turn == Color::Black {
            h ^= ZOBRIST.black_to_move;
        }
        for color in Color::ALL {
            for k in self.hands[color.index()].iter() {
                h ^= ZOBRIST.hand[color.index()][k as usize];
            }
        }
        if let Some(ep) = self.en_passant {
            h ^= ZOBRIST.en_passant[ep.index()];
        }
        h
    }

    #[inline]
    fn put(&mut self, cell: Cell, piece: Piece) {
        let bit = cell.bit();
        self.by_color[piece.color.index()] |= bit;
        self.by_role[piece.role.index()] |= bit;
        self.mailbox[cell.index()] = piece.index() as u8 + 1;
        self.hash ^= ZOBRIST.pieces[piece.index()][cell.index()];
    }

    #[inline]
    fn remove(&mut self, cell: Cell) -> Option<Piece> {
        let piece = self.piece_at(cell)?;
        let bit = cell.bit();
        self.by_color[piece.color.index()] ^= bit;
        self.by_role[piece.role.index()] ^= bit;
        self.mailbox[cell.index()] = 0;
        self.hash ^= ZOBRIST.pieces[piece.index()][cell.index()];
        Some(piece)
    }

    /// The pieces of `by` that attack `cell` on the board, with `occupied` blocking sliders.
    #[inline]
    pub(crate) fn attackers(&self, cell: Cell, by: Color, occupied: Bits) -> Bits {
        let theirs = self.by_color[by.index()];
        let c = cell.index();
        let r = &self.by_role;
        let queens = r[Role::Queen.index()];
        let rooks = (r[Role::Rook.index()] | queens) & theirs;
        let bishops = (r[Role::Bishop.index()] | queens) & theirs;
        let mut a = ((KNIGHT[c] & r[Role::Knight.index()])
            | (KING[c] & r[Role::King.index()])
            | (PAWN_STEPS[by.other().index()][c] & r[Role::Pawn.index()]))
            & theirs;
        if ROOK_PSEUDO[c] & rooks != 0 {
            a |= rook_attacks(cell, occupied) & rooks;
        }
        if BISHOP_PSEUDO[c] & bishops != 0 {
            a |= bishop_attacks(cell, occupied) & bishops;
        }
        a
    }

    /// The cells `by`'s knights in hand attack: their entry cells.
    #[inline]
    pub(crate) fn hand_attacks(&self, by: Color) -> Bits {
        HAND_ATTACKS[by.index()][self.hands[by.index()].index()]
    }

    /// Whether `by` attacks `cell`, counting its knights in hand (which attack their entry cells).
    pub(crate) fn is_attacked(&self, cell: Cell, by: Color, occupied: Bits) -> bool {
        self.hand_attacks(by) & cell.bit() != 0 || self.attackers(cell, by, occupied) != 0
    }

    /// The enemy pieces on the board that give check.
    pub fn checkers(&self) -> CellSet {
        cell_set(self.attackers(
            self.king(self.turn),
            self.turn.other(),
            self.occupied_bits(),
        ))
    }

    /// Whether the side to move is in check (by a piece, or — only in a constructed position — by
    /// an in-hand knight whose entry cell holds the King).
    pub fn is_check(&self) -> bool {
        self.is_attacked(
            self.king(self.turn),
            self.turn.other(),
            self.occupied_bits(),
        )
    }

    /// Whether a pawn of `mover` that just jumped from `from` to `to` can be taken en passant
    /// (pseudo-legally) by a pawn of the other side.
    #[inline]
    pub(crate) fn ep_capturable(&self, mover: Color, from: Cell, to: Cell) -> bool {
        let capturers = RANK_NEIGHBOURS[to.index()] & self.pieces_bits(mover.other(), Role::Pawn);
        if capturers == 0 {
            return false;
        }
        let passed = PAWN_STEPS[mover.index()][from.index()] & !self.occupied_bits();
        cells_of(capturers).any(|p| PAWN_STEPS[mover.other().index()][p.index()] & passed != 0)
    }

    /// Pass the turn (a null move, for search only, never in a game): the other side is to
    /// move, the en-passant right is dropped, the halfmove clock counts on as after a quiet move,
    /// and the position and its hash are what reading the passed position's text would give.
    /// Returns `false` and leaves the position unchanged when the side to move is in check
    /// (passing would leave its King capturable). Knights in hand stay in hand.
    ///
    /// ```
    /// use hexvar_dagger::{Color, Position};
    /// let mut pos = Position::new();
    /// assert!(pos.play_null());
    /// assert_eq!(pos.turn(), Color::Black);
    /// assert_eq!(pos, pos.to_string().parse::<Position>()?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn play_null(&mut self) -> bool {
        if self.is_check() {
            return false;
        }
        let us = self.turn;
        self.hash ^= ZOBRIST.black_to_move;
        if let Some(ep) = self.en_passant.take() {
            self.hash ^= ZOBRIST.en_passant[ep.index()];
        }
        self.turn = us.other();
        self.fullmove_number = self.fullmove_number.saturating_add(us.index() as u32);
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        true
    }

    /// Play `m` if it is legal; otherwise leave the position untouched and return the error.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        IllegalMove::unless(self.is_legal(m), m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// The man a legal move takes off the board: the piece on the destination of a move, a
    /// promotion or an entry; the jumped pawn of an en-passant capture; nothing for a drop.
    ///
    /// ```
    /// use hexvar_dagger::{Color, Piece, Position, Role};
    /// let pos: Position = "k/2/3/4/3/4/5/1Pp1/3/4/3/2/K b -/- f2".parse()?;
    /// let ep = pos.parse_move("f3-e2ep")?;
    /// assert_eq!(pos.captured(ep), Some(Piece::new(Color::White, Role::Pawn)));
    /// assert_eq!(pos.captured(pos.parse_move("f3-e2")?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captured(&self, m: Move) -> Option<Piece> {
        match m {
            Move::Normal { to, .. } | Move::Promotion { to, .. } | Move::Entry { to, .. } => {
                self.piece_at(to)
            }
            Move::EnPassant { .. } => Some(Piece::new(self.turn.other(), Role::Pawn)),
            Move::Drop { .. } => None,
        }
    }

    /// Whether a legal move resets the halfmove clock (and so the count toward the fifty-move
    /// rule, and every repetition before it): a capture, a pawn move (promotions and en passant
    /// included), an entry or a drop, exactly as [`Position::play`] resets the clock.
    ///
    /// ```
    /// use hexvar_dagger::Position;
    /// assert!(Position::new().is_zeroing(Position::new().parse_move("d2-f2")?));
    /// let pos: Position = "k/2/3/4/3/4/5/4/3/4/3/2/K w L/- - 7 20".parse()?;
    /// assert!(pos.is_zeroing(pos.parse_move("N@d1")?));
    /// assert!(!pos.is_zeroing(pos.parse_move("a1-b1")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_zeroing(&self, m: Move) -> bool {
        match m {
            Move::Normal { from, to } => {
                self.mailbox[to.index()] != 0 || self.by_role[Role::Pawn.index()] & from.bit() != 0
            }
            Move::Promotion { .. }
            | Move::EnPassant { .. }
            | Move::Entry { .. }
            | Move::Drop { .. } => true,
        }
    }

    /// Whether `other` counts as the same position for the repetition draw: the same men on
    /// the same cells, the same side to move, the same knights in hand (which knight, not only
    /// how many: each enters on its own cells), and the same en-passant capture available
    /// (an en-passant cell only counts while a legal capture onto it exists). The clocks are
    /// left out.
    ///
    /// ```
    /// use hexvar_dagger::Position;
    /// let a: Position = "k/2/3/4/3/4/5/4/3/4/3/2/K w L/- - 0 1".parse()?;
    /// let later: Position = "k/2/3/4/3/4/5/4/3/4/3/2/K w L/- - 8 5".parse()?;
    /// let other_knight: Position = "k/2/3/4/3/4/5/4/3/4/3/2/K w R/- - 0 1".parse()?;
    /// assert!(a.is_repetition_of(&later));
    /// assert!(!a.is_repetition_of(&other_knight));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_repetition_of(&self, other: &Position) -> bool {
        self.by_color == other.by_color
            && self.by_role == other.by_role
            && self.turn == other.turn
            && self.hands == other.hands
            && (self.en_passant.is_none() && other.en_passant.is_none()
                || self.usable_en_passant() == other.usable_en_passant())
    }

    /// The en-passant cell if a legal en-passant capture onto it exists (the stored cell needs
    /// only a pawn placed to take, which a pin or a check may forbid).
    fn usable_en_passant(&self) -> Option<Cell> {
        self.en_passant.filter(|_| {
            self.legal_moves()
                .iter()
                .any(|m| matches!(m, Move::EnPassant { .. }))
        })
    }

    /// The legal move that `text` names (see [`crate::Move`] for the notation). It forgives
    /// surrounding spaces, trailing `+ # ! ?` and letter case, and reads `N@a1` / `N@n1` as the
    /// drop of the only knight in hand.
    ///
    /// ```
    /// use hexvar_dagger::{ParseMoveError, Position};
    /// let pos = Position::new();
    /// assert_eq!(pos.parse_move(" D2-F2+ ").unwrap().to_string(), "d2-f2");
    /// assert!(matches!(pos.parse_move("d2-g2"), Err(ParseMoveError::NotLegal(_))));
    /// assert!(matches!(pos.parse_move("d2:f2"), Err(ParseMoveError::Notation(_))));
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let canonical = canonical_move_text(text);
        let not_legal = |why: String| Err(ParseMoveError::NotLegal(cut(&why, 100)));
        for back_cell in [Cell::A1, Cell::N1] {
            if canonical == format!("N@{back_cell}") {
                let hand = self.hand(self.turn);
                if back_cell != home(self.turn) || hand.is_empty() {
                    return not_legal(canonical);
                }
                if hand.len() > 1 {
                    return not_legal(format!(
                        "{canonical} (both knights are in hand: write NL@{back_cell} or NR@{back_cell})"
                    ));
                }
                let knight = hand.iter().next().unwrap_or(HandKnight::L);
                let m = Move::Drop {
                    knight,
                    to: back_cell,
                };
                return if self.is_legal(m) {
                    Ok(m)
                } else {
                    not_legal(canonical)
                };
            }
        }
        let m: Move = canonical
            .parse()
            .map_err(|_| ParseMoveError::Notation(cut(text, 100)))?;
        if self.is_legal(m) {
            Ok(m)
        } else {
            not_legal(canonical)
        }
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Whether the side to move is stalemated (no legal move, not in check).
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// Bare Kings with both hands empty: neither side can ever mate.
    pub fn is_insufficient_material(&self) -> bool {
        self.occupied_bits() == self.by_role[Role::King.index()]
            && self.hands[0].is_empty()
            && self.hands[1].is_empty()
    }

    /// The game result if the game is over: checkmate, stalemate, the fifty-move rule
    /// (100 plies, applied automatically) or bare Kings with empty hands. Repetition is judged
    /// by [`crate::Game`], which sees the history.
    pub fn outcome(&self) -> Option<Outcome> {
        Outcome::of_chess_position(
            self.turn,
            self.has_legal_move(),
            || self.is_check(),
            self.halfmove_clock >= FIFTY_MOVE_PLIES,
            || self.is_insufficient_material(),
        )
    }
}
