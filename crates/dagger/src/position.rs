//! The validated [`Position`]: play, hash, check, outcome.

use core::fmt;
use core::str::FromStr;

use crate::board::{
    bishop_attacks, bits, cell_unchecked, rook_attacks, Cell, CellSet, Color, HandKnight, Piece,
    Role, BISHOP_PSEUDO, CELL_COUNT, HAND_ATTACKS, KING, KNIGHT, PAWN_JUMP, PAWN_STEPS,
    RANK_NEIGHBOURS, ROOK_PSEUDO, ZOBRIST,
};
use crate::hand::Hand;
use crate::moves::{Move, ParseMoveError};
use crate::setup::{ParseSetupError, Setup};

/// How a game ended (the same variants as every hexvar crate).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The side to move is checkmated.
    Checkmate {
        /// The side that gave mate.
        winner: Color,
    },
    /// The side to move has no legal move and is not in check: a draw.
    Stalemate,
    /// 100 plies (50 moves each) without a capture, pawn move, entry or drop: a draw.
    FiftyMoveRule,
    /// The same position for the third time: a draw (only [`crate::Game`] sees this).
    ThreefoldRepetition,
    /// Only the two Kings are left and no knight is in hand: a draw.
    InsufficientMaterial,
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Checkmate { winner } => Some(winner),
            _ => None,
        }
    }
}

/// A rule a [`Setup`] breaks; [`PositionError`] lists all of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Problem {
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
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::MissingKing(c) => write!(f, "{c:?} has no King"),
            Problem::TooManyKings(c) => write!(f, "{c:?} has more than one King"),
            Problem::PawnOnBackCell(c) => write!(f, "a pawn stands on the back-rank cell {c}"),
            Problem::OppositeCheck => f.write_str("the side not to move is in check"),
            Problem::InvalidEnPassant(c) => {
                write!(
                    f,
                    "en-passant cell {c} does not hold a pawn that just made a double jump"
                )
            }
        }
    }
}

/// Why a [`Setup`] is not a legal position: every broken rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal position: {}", .problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; "))]
pub struct PositionError {
    /// The broken rules, at least one.
    pub problems: Vec<Problem>,
}

/// Why a position text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// The text is malformed.
    #[error(transparent)]
    Setup(#[from] ParseSetupError),
    /// The text is well formed but the position is illegal.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A move that is not legal in the position it was played in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move: {0}")]
pub struct IllegalMove(pub Move);

/// Why [`Position::parse_move`] found no move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// The text is not a move in the notation.
    #[error(transparent)]
    Syntax(#[from] ParseMoveError),
    /// The move is not legal here.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
    /// `N@a1` / `N@n1` while both knights are in hand: say `NL@` or `NR@`.
    #[error("ambiguous drop {0:?}: both knights are in hand, write NL@ or NR@")]
    Ambiguous(String),
}

/// A legal Dagger Chess position (validated; see [`Position::from_setup`]).
///
/// Small and `Copy`: move generation plays moves on copies (copy-make).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) by_color: [u64; 2],
    pub(crate) by_role: [u64; 6],
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

const PIECES: [Piece; 12] = {
    let mut out = [Piece::new(Color::White, Role::Pawn); 12];
    let mut i = 0;
    while i < 12 {
        out[i] = Piece::new(
            if i < 6 { Color::White } else { Color::Black },
            Role::ALL[i % 6],
        );
        i += 1;
    }
    out
};

impl Position {
    /// The start position.
    pub fn new() -> Position {
        Position::from_setup(Setup::start()).expect("the start position is legal")
    }

    fn empty() -> Position {
        Position {
            by_color: [0; 2],
            by_role: [0; 6],
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
            match (pos.by_role[Role::King.index()] & pos.by_color[color.index()]).count_ones() {
                0 => problems.push(Problem::MissingKing(color)),
                1 => {}
                _ => problems.push(Problem::TooManyKings(color)),
            }
        }
        for cell in [Cell::A1, Cell::N1] {
            if pos.by_role[Role::Pawn.index()] & cell.bit() != 0 {
                problems.push(Problem::PawnOnBackCell(cell));
            }
        }
        if let Some(t) = setup.en_passant {
            let mover = setup.turn.other();
            let start = PAWN_JUMP[setup.turn.index()][t.index()];
            let ok = setup.board[t.index()] == Some(Piece::new(mover, Role::Pawn))
                && start != 0
                && start & pos.occupied() == 0;
            if ok {
                let from = cell_unchecked(start.trailing_zeros());
                if pos.ep_capturable(mover, from, t) {
                    pos.en_passant = Some(t);
                }
            } else {
                problems.push(Problem::InvalidEnPassant(t));
            }
        }
        if problems.is_empty() {
            let them = pos.turn.other();
            let king = pos.by_role[Role::King.index()] & pos.by_color[them.index()];
            if pos.is_attacked(
                cell_unchecked(king.trailing_zeros()),
                pos.turn,
                pos.occupied(),
            ) {
                problems.push(Problem::OppositeCheck);
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
        let mut board = [None; CELL_COUNT];
        for cell in Cell::ALL {
            board[cell.index()] = self.piece_at(cell);
        }
        Setup {
            board,
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
            k => Some(PIECES[k as usize - 1]),
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

    /// The landing cell of a double jump that may be taken en passant now, if any.
    #[inline]
    pub fn en_passant(&self) -> Option<Cell> {
        self.en_passant
    }

    /// Plies since the last capture, pawn move, entry or drop.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The occupied cells.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.by_color[0] | self.by_color[1]
    }

    /// The cells of `color`'s pieces.
    pub fn pieces_of(&self, color: Color) -> CellSet {
        CellSet(self.by_color[color.index()])
    }

    /// The cells of `color`'s pieces of `role`.
    pub fn pieces(&self, color: Color, role: Role) -> CellSet {
        CellSet(self.by_color[color.index()] & self.by_role[role.index()])
    }

    /// The King of `color`.
    #[inline]
    pub fn king(&self, color: Color) -> Cell {
        cell_unchecked(
            (self.by_role[Role::King.index()] & self.by_color[color.index()]).trailing_zeros(),
        )
    }

    /// The Zobrist hash (kept incrementally): pieces, side to move, knights in hand, e.p. cell.
    #[inline]
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// The hash computed from scratch (for tests; equals [`Position::hash`]).
    pub fn compute_hash(&self) -> u64 {
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
    pub(crate) fn attackers(&self, cell: Cell, by: Color, occupied: u64) -> u64 {
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

    /// Whether `by` attacks `cell`, counting its knights in hand (which attack their entry cells).
    pub(crate) fn is_attacked(&self, cell: Cell, by: Color, occupied: u64) -> bool {
        HAND_ATTACKS[by.index()][self.hands[by.index()].bits() as usize] & cell.bit() != 0
            || self.attackers(cell, by, occupied) != 0
    }

    /// Every cell `by` attacks (pieces with `occupied` blocking, plus in-hand knights).
    pub(crate) fn attack_map(&self, by: Color, occupied: u64) -> u64 {
        let theirs = self.by_color[by.index()];
        let r = &self.by_role;
        let mut a = HAND_ATTACKS[by.index()][self.hands[by.index()].bits() as usize];
        for c in bits(r[Role::Pawn.index()] & theirs) {
            a |= PAWN_STEPS[by.index()][c.index()];
        }
        for c in bits(r[Role::Knight.index()] & theirs) {
            a |= KNIGHT[c.index()];
        }
        let queens = r[Role::Queen.index()];
        for c in bits((r[Role::Bishop.index()] | queens) & theirs) {
            a |= bishop_attacks(c, occupied);
        }
        for c in bits((r[Role::Rook.index()] | queens) & theirs) {
            a |= rook_attacks(c, occupied);
        }
        for c in bits(r[Role::King.index()] & theirs) {
            a |= KING[c.index()];
        }
        a
    }

    /// The enemy pieces on the board that give check.
    pub fn checkers(&self) -> CellSet {
        CellSet(self.attackers(self.king(self.turn), self.turn.other(), self.occupied()))
    }

    /// Whether the side to move is in check (by a piece, or — only in a constructed position — by
    /// an in-hand knight whose entry cell holds the King).
    pub fn is_check(&self) -> bool {
        self.is_attacked(self.king(self.turn), self.turn.other(), self.occupied())
    }

    /// Whether a pawn of `mover` that just jumped from `from` to `to` can be taken en passant
    /// (pseudo-legally) by a pawn of the other side.
    #[inline]
    pub(crate) fn ep_capturable(&self, mover: Color, from: Cell, to: Cell) -> bool {
        let capturers = RANK_NEIGHBOURS[to.index()]
            & self.by_role[Role::Pawn.index()]
            & self.by_color[mover.other().index()];
        if capturers == 0 {
            return false;
        }
        let passed = PAWN_STEPS[mover.index()][from.index()] & !self.occupied();
        bits(capturers).any(|p| PAWN_STEPS[mover.other().index()][p.index()] & passed != 0)
    }

    /// Play a move known to be legal here (no check). Playing an illegal move leaves an
    /// unspecified (but memory-safe) position.
    #[inline]
    pub fn play_unchecked(&mut self, m: Move) {
        *self = self.played(m);
    }

    /// Copy-make, the hot path of perft: the position after `m`, known to be legal here.
    ///
    /// Every field is read from `self` and written to the copy, never read back from the fresh
    /// copy (which would stall on store forwarding).
    #[inline(always)]
    pub fn played(&self, m: Move) -> Position {
        let mut next = *self;
        self.play_into(m, &mut next);
        next
    }

    /// [`Position::played`] into `next`, which must be a copy of `self`: only stores into `next`,
    /// all reads from `self`.
    #[inline(always)]
    pub(crate) fn play_into(&self, m: Move, next: &mut Position) {
        let us = self.turn;
        let them = us.other();
        let mut hash = self.hash ^ ZOBRIST.black_to_move;
        if let Some(ep) = self.en_passant {
            hash ^= ZOBRIST.en_passant[ep.index()];
        }
        next.en_passant = None;
        next.turn = them;
        next.fullmove_number = self.fullmove_number + us.index() as u32;
        next.halfmove_clock = 0;
        match m {
            Move::Normal { from, to } => {
                let code = self.mailbox[from.index()];
                let captured = self.mailbox[to.index()];
                let p = code.wrapping_sub(1) as usize % 12;
                let role = p % 6;
                let both = from.bit() | to.bit();
                let u = us.index();
                if captured != 0 {
                    let cap = captured as usize - 1;
                    next.by_color[them.index()] = self.by_color[them.index()] ^ to.bit();
                    let cap_role = cap % 6;
                    if cap_role == role {
                        next.by_role[role] = self.by_role[role] ^ from.bit();
                    } else {
                        next.by_role[cap_role] = self.by_role[cap_role] ^ to.bit();
                        next.by_role[role] = self.by_role[role] ^ both;
                    }
                    hash ^= ZOBRIST.pieces[cap][to.index()];
                } else {
                    next.by_role[role] = self.by_role[role] ^ both;
                    if role != Role::Pawn.index() {
                        next.halfmove_clock = self.halfmove_clock + 1;
                    }
                }
                next.by_color[u] = self.by_color[u] ^ both;
                next.mailbox[to.index()] = code;
                next.mailbox[from.index()] = 0;
                hash ^= ZOBRIST.pieces[p][from.index()] ^ ZOBRIST.pieces[p][to.index()];
                if role == Role::Pawn.index()
                    && PAWN_JUMP[u][from.index()] == to.bit()
                    && self.ep_capturable(us, from, to)
                {
                    next.en_passant = Some(to);
                    hash ^= ZOBRIST.en_passant[to.index()];
                }
                next.hash = hash;
            }
            Move::Promotion { from, to, role } => {
                next.hash = hash;
                next.remove(to);
                next.remove(from);
                next.put(to, Piece::new(us, role));
            }
            Move::EnPassant { from, to } => {
                // The jumped pawn stands beside the capturer, on the rank neighbour from which
                // `to` is one of its backward steps.
                next.hash = hash;
                let victim = RANK_NEIGHBOURS[from.index()] & PAWN_STEPS[them.index()][to.index()];
                next.remove(cell_unchecked(victim.trailing_zeros()));
                next.remove(from);
                next.put(to, Piece::new(us, Role::Pawn));
            }
            Move::Entry { knight, to } => {
                next.hash = hash;
                next.take_from_hand(us, knight);
                next.remove(to);
                next.put(to, Piece::new(us, Role::Knight));
            }
            Move::Drop { knight, to } => {
                next.hash = hash;
                next.take_from_hand(us, knight);
                next.put(to, Piece::new(us, Role::Knight));
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

    /// Play `m` if it is legal; otherwise leave the position untouched and return the error.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove(m))
        }
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        let mut found = false;
        self.for_each_piece_moves(|pm| {
            found = pm.moves().any(|x| x == m);
            !found
        });
        found
    }

    /// The legal move that `text` names (see [`crate::moves`] for the notation). `N@a1` /
    /// `N@n1` is read as the drop of the only knight in hand.
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveTextError> {
        let home = self.turn.home();
        if text == format!("N@{home}") {
            let hand = self.hand(self.turn);
            if hand.len() > 1 {
                return Err(MoveTextError::Ambiguous(text.to_owned()));
            }
            let knight = hand.iter().next().unwrap_or(HandKnight::L);
            let m = Move::Drop { knight, to: home };
            return if self.is_legal(m) {
                Ok(m)
            } else {
                Err(IllegalMove(m).into())
            };
        }
        let m: Move = text.parse()?;
        if self.is_legal(m) {
            Ok(m)
        } else {
            Err(IllegalMove(m).into())
        }
    }

    /// Whether the side to move has a legal move (stops at the first).
    pub fn has_legal_move(&self) -> bool {
        !self.for_each_piece_moves(|_| false)
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
        self.occupied() == self.by_role[Role::King.index()]
            && self.hands[0].is_empty()
            && self.hands[1].is_empty()
    }

    /// The game result if the game is over: checkmate, stalemate, the fifty-move rule
    /// (100 plies, applied automatically) or bare Kings with empty hands.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_move() {
            return Some(if self.is_check() {
                Outcome::Checkmate {
                    winner: self.turn.other(),
                }
            } else {
                Outcome::Stalemate
            });
        }
        if self.halfmove_clock >= 100 {
            return Some(Outcome::FiftyMoveRule);
        }
        if self.is_insufficient_material() {
            return Some(Outcome::InsufficientMaterial);
        }
        None
    }
}

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_setup())
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_setup(), f)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        Ok(Position::from_setup(s.parse()?)?)
    }
}

impl TryFrom<Setup> for Position {
    type Error = PositionError;
    fn try_from(setup: Setup) -> Result<Position, PositionError> {
        Position::from_setup(setup)
    }
}
