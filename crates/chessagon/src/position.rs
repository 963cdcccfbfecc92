//! The validated [`Position`]: play / play_unchecked, hash, check, outcome.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use crate::cells::{cells, Cell, BIT, CELL_COUNT};
use crate::men::{Color, Piece, Role};
use crate::movegen::MovesKind;
use crate::moves::{normalise, Castling, Move, MoveList, ParseMoveError};
use crate::setup::{castling_letter, cell_names, EnPassant, ParseSetupError, Setup, ALL_CASTLING};
use crate::tables::{
    bishop_attacks, duke_attacks, rook_attacks, BETWEEN_BISHOP, BETWEEN_DUKE, BETWEEN_ROOK,
    BISHOP_ALL, DUKE_ALL, FIRST_MOVES, KING, KNIGHT, PAWN_CAPTURES, PAWN_DOUBLES, PAWN_START,
    PROMOTION, ROOK_ALL, ZOBRIST,
};
use hexvar_geometry::san::cut;
use hexvar_geometry::DrawReason;
use hexvar_geometry::Set128 as CellSet;

/// A legal Chessagon position (validated by [`Position::from_setup`]).
///
/// Its text ([`Display`](fmt::Display) / [`FromStr`]) is the [`Setup`] text; it carries the
/// whole state (the unmoved-pawn flags included), so a position reparsed from its text is equal
/// to it and hashes alike.
///
/// ```
/// use hexvar_chessagon::{Position, START_TEXT};
///
/// let mut pos: Position = START_TEXT.parse()?;
/// assert_eq!(pos, Position::new());
/// let m = pos.parse_move("f3e5")?;
/// pos.play(m)?;
/// let reread: Position = pos.to_string().parse()?;
/// assert_eq!(reread, pos);
/// assert_eq!(reread.zobrist_hash(), pos.zobrist_hash());
/// // An illegal move (it is Black's turn) is refused and leaves the position unchanged.
/// assert!(pos.play(m).is_err());
/// assert_eq!(pos, reread);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub(crate) by_color: [u128; 2],
    pub(crate) by_role: [u128; 7],
    pub(crate) turn: Color,
    pub(crate) castling: u8,
    pub(crate) ep: Option<EnPassant>,
    pub(crate) unmoved: u128,
    pub(crate) halfmoves: u32,
    pub(crate) fullmoves: u32,
    pub(crate) hash: u64,
}

/// The code bit that marks a Black piece.
const BLACK_BIT: u8 = 8;

/// The code of a piece, `color · 8 + role + 1`: its row of Zobrist keys (rows 0 and 8 are no
/// piece's).
#[inline]
pub(crate) const fn piece_code(p: Piece) -> u8 {
    ((p.color as u8) * BLACK_BIT) | (p.role as u8 + 1)
}

/// The most pieces a side can have: the 24 it starts with (promotion only replaces a pawn).
pub(crate) const MAX_PIECES: u32 = 24;

/// One broken rule found by [`Position::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PositionProblem {
    /// A side has no King.
    #[error("{0:?} has no King")]
    MissingKing(Color),
    /// A side has more than one King.
    #[error("{0:?} has more than one King")]
    TooManyKings(Color),
    /// A side has more than 24 pieces (the start count; promotion only replaces a pawn).
    #[error("{0:?} has more than 24 pieces")]
    TooManyPieces(Color),
    /// A pawn stands on its own promotion cell (it would have been promoted).
    #[error("pawn on its promotion cell {0}")]
    PawnOnPromotionCell(Cell),
    /// The side not to move is in check.
    #[error("the side not to move is in check")]
    OppositeCheck,
    /// A castling right whose King or Rook is not on its start cell.
    #[error("castling right {0} without King and Rook on their start cells")]
    CastlingRight(char),
    /// Castling-rights bits other than the four rights.
    #[error("castling rights {0:#x} hold bits that are no right")]
    CastlingBits(u8),
    /// The en passant field does not describe an enemy double push just played.
    #[error("en passant {0} does not match a double push of the side that just moved")]
    EnPassant(String),
    /// Unmoved-pawn flags on cells without an own pawn on its own starting-pawn cell.
    #[error("unmoved-pawn flags on {0}, which hold no pawn on its own starting cell")]
    UnmovedPawns(String),
    /// The move number is 0 (it starts at 1).
    #[error("the move number is 0; it starts at 1")]
    MoveNumberZero,
}

/// Every rule a [`Setup`] breaks.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("invalid position: {}", .problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; "))]
pub struct PositionError {
    /// The broken rules (at least one).
    pub problems: Vec<PositionProblem>,
}

/// A text that is not a valid position: either a parse error or a broken rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParsePositionError {
    /// The text is malformed.
    #[error(transparent)]
    Setup(#[from] ParseSetupError),
    /// The text describes an illegal position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A move that is not legal in the position it was played in (the position is unchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("illegal move {mv}")]
pub struct IllegalMove {
    /// The move.
    pub mv: Move,
}

/// Why a game is won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
}

impl WinReason {
    /// The reason in lowercase words.
    pub const fn as_str(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The end of a game.
///
/// ```
/// use hexvar_chessagon::{Color, DrawReason, Outcome, WinReason};
///
/// let mate = Outcome::Decisive { winner: Color::White, reason: WinReason::Checkmate };
/// assert_eq!(mate.winner(), Some(Color::White));
/// let draw = Outcome::Draw { reason: DrawReason::ThreefoldRepetition };
/// assert_eq!(draw.winner(), None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// A side has won.
    Decisive {
        /// The side that won.
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// A draw.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Whether the game is drawn.
    pub const fn is_draw(self) -> bool {
        matches!(self, Outcome::Draw { .. })
    }

    /// The reason in lowercase words (`"checkmate"`, `"stalemate"`, …).
    pub const fn reason(self) -> &'static str {
        match self {
            Outcome::Decisive { reason, .. } => reason.as_str(),
            Outcome::Draw { reason } => reason.as_str(),
        }
    }
}

impl fmt::Display for Outcome {
    /// `White wins by checkmate`, `draw by stalemate`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Decisive { winner, reason } => {
                write!(f, "{} wins by {reason}", winner.name())
            }
            Outcome::Draw { reason } => write!(f, "draw by {reason}"),
        }
    }
}

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
    /// The start position.
    pub fn new() -> Position {
        Position::from_setup(Setup::start()).expect("the start position is legal")
    }

    /// Validate a [`Setup`]. The error lists every broken rule.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut pos = Position {
            by_color: [0; 2],
            by_role: [0; 7],
            turn: setup.turn,
            castling: setup.castling,
            ep: setup.ep,
            unmoved: setup.unmoved_pawns.0,
            halfmoves: setup.halfmove_clock,
            fullmoves: setup.fullmove_number,
            hash: 0,
        };
        for cell in Cell::ALL {
            if let Some(p) = setup.board[cell.index()] {
                pos.put(cell, p);
            }
        }
        let mut problems = Vec::new();
        pos.check_material(&mut problems);
        pos.check_state(&mut problems);
        if setup.fullmove_number == 0 {
            problems.push(PositionProblem::MoveNumberZero);
        }
        if problems.is_empty() {
            let them = pos.turn.other();
            let k = pos.king_of(them);
            if pos.attackers_to_bits(k, pos.turn, pos.occ()) != 0 {
                problems.push(PositionProblem::OppositeCheck);
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// Kings, piece counts, pawns on promotion cells.
    fn check_material(&self, problems: &mut Vec<PositionProblem>) {
        for color in Color::ALL {
            let kings = self.by_role[Role::King.index()] & self.by_color[color.index()];
            if kings == 0 {
                problems.push(PositionProblem::MissingKing(color));
            } else if kings.count_ones() > 1 {
                problems.push(PositionProblem::TooManyKings(color));
            }
            if self.by_color[color.index()].count_ones() > MAX_PIECES {
                problems.push(PositionProblem::TooManyPieces(color));
            }
            let pawns = self.by_role[Role::Pawn.index()] & self.by_color[color.index()];
            for c in cells(pawns & PROMOTION[color.index()]) {
                problems.push(PositionProblem::PawnOnPromotionCell(c));
            }
        }
    }

    /// Castling rights, en passant and unmoved-pawn flags against the board.
    fn check_state(&self, problems: &mut Vec<PositionProblem>) {
        if self.castling & !ALL_CASTLING != 0 {
            problems.push(PositionProblem::CastlingBits(self.castling));
        }
        for c in Castling::ALL.into_iter().step_by(2) {
            let i = c.info();
            if self.castling & 1 << c.right() != 0
                && (self.piece_at(i.king_from) != Some(Piece::new(i.color, Role::King))
                    || self.piece_at(i.rook_from) != Some(Piece::new(i.color, Role::Rook)))
            {
                problems.push(PositionProblem::CastlingRight(castling_letter(c.right())));
            }
        }
        if let Some(ep) = self.ep {
            let them = self.turn.other();
            let ok = self.piece_at(ep.landed) == Some(Piece::new(them, Role::Pawn))
                && self.piece_at(ep.middle).is_none()
                && self.unmoved & ep.landed.bit() == 0
                && Cell::ALL.iter().any(|&o| {
                    PAWN_START[them.index()] & o.bit() != 0
                        && self.piece_at(o).is_none()
                        && PAWN_DOUBLES[them.index()][o.index()]
                            .contains(&(ep.middle.index() as u8, ep.landed.index() as u8))
                });
            if !ok {
                problems.push(PositionProblem::EnPassant(format!(
                    "{}{}",
                    ep.middle, ep.landed
                )));
            }
        }
        let mut flags_ok = 0;
        for color in Color::ALL {
            flags_ok |= self.by_role[Role::Pawn.index()]
                & self.by_color[color.index()]
                & PAWN_START[color.index()];
        }
        if self.unmoved & !flags_ok != 0 {
            problems.push(PositionProblem::UnmovedPawns(cell_names(
                self.unmoved & !flags_ok,
            )));
        }
    }

    /// The plain data of this position (exact, including the unmoved-pawn flags).
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; CELL_COUNT];
        for cell in Cell::ALL {
            board[cell.index()] = self.piece_at(cell);
        }
        Setup {
            board,
            turn: self.turn,
            castling: self.castling,
            ep: self.ep,
            unmoved_pawns: CellSet(self.unmoved),
            halfmove_clock: self.halfmoves,
            fullmove_number: self.fullmoves,
        }
    }

    #[inline]
    fn put(&mut self, c: Cell, p: Piece) {
        let b = c.bit();
        self.by_color[p.color.index()] |= b;
        self.by_role[p.role.index()] |= b;
        self.hash ^= ZOBRIST.piece[piece_code(p) as usize][c.index()];
    }

    #[inline]
    fn take(&mut self, c: Cell, p: Piece) {
        let b = !c.bit();
        self.by_color[p.color.index()] &= b;
        self.by_role[p.role.index()] &= b;
        self.hash ^= ZOBRIST.piece[piece_code(p) as usize][c.index()];
    }

    /// The Zobrist hash computed from scratch (the incremental one must equal it).
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for cell in Cell::ALL {
            if let Some(p) = self.piece_at(cell) {
                h ^= ZOBRIST.piece[piece_code(p) as usize][cell.index()];
            }
        }
        for c in cells(self.unmoved) {
            h ^= ZOBRIST.unmoved[c.index()];
        }
        if let Some(ep) = self.ep {
            h ^= ZOBRIST.ep[ep.middle.index()];
        }
        h ^= ZOBRIST.castling[self.castling as usize];
        if self.turn == Color::Black {
            h ^= ZOBRIST.black;
        }
        h
    }

    /// The piece on `cell`.
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        let bit = cell.bit();
        let color = if self.by_color[Color::White.index()] & bit != 0 {
            Color::White
        } else {
            Color::Black
        };
        self.role_on(cell.index())
            .map(|role| Piece::new(color, role))
    }

    /// The role of the piece on cell `i`, if any.
    #[inline]
    pub(crate) fn role_on(&self, i: usize) -> Option<Role> {
        let bit = BIT[i];
        Role::ALL
            .into_iter()
            .find(|role| self.by_role[role.index()] & bit != 0)
    }

    /// The role of the piece on the cell of `bit`, known to hold a piece that is not a King
    /// (the victim of a capture): the sets tested one by one, the commonest victim first.
    #[inline(always)]
    fn victim_role(&self, bit: u128) -> Role {
        let r = &self.by_role;
        if r[Role::Pawn.index()] & bit != 0 {
            Role::Pawn
        } else if r[Role::Knight.index()] & bit != 0 {
            Role::Knight
        } else if r[Role::Bishop.index()] & bit != 0 {
            Role::Bishop
        } else if r[Role::Duke.index()] & bit != 0 {
            Role::Duke
        } else if r[Role::Rook.index()] & bit != 0 {
            Role::Rook
        } else {
            Role::Queen
        }
    }

    /// Side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Castling rights (see [`crate::WHITE_SHORT`] and friends).
    pub fn castling_rights(&self) -> u8 {
        self.castling
    }

    /// En passant state, if the last move was a double push that an enemy pawn can answer.
    pub fn ep(&self) -> Option<EnPassant> {
        self.ep
    }

    /// Half-moves since the last capture or pawn move (saturates at `u32::MAX`).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmoves
    }

    /// Move number (saturates at `u32::MAX`).
    pub fn fullmove_number(&self) -> u32 {
        self.fullmoves
    }

    /// Cells holding a piece of `color`.
    #[inline]
    pub fn by_color(&self, color: Color) -> CellSet {
        CellSet(self.by_color[color.index()])
    }

    /// Cells holding a piece of `role` (both sides).
    #[inline]
    pub fn by_role(&self, role: Role) -> CellSet {
        CellSet(self.by_role[role.index()])
    }

    /// All occupied cells.
    #[inline]
    pub fn occupied(&self) -> CellSet {
        CellSet(self.occ())
    }

    #[inline]
    pub(crate) fn occ(&self) -> u128 {
        self.by_color[0] | self.by_color[1]
    }

    /// Pawns that may still double push.
    pub fn unmoved_pawns(&self) -> CellSet {
        CellSet(self.unmoved)
    }

    /// The King of `color`.
    #[inline]
    pub(crate) fn king_of(&self, color: Color) -> Cell {
        let k = self.by_role[Role::King.index()] & self.by_color[color.index()];
        Cell::new_unchecked(k.trailing_zeros() as usize)
    }

    /// The cell of the King of `color` (a validated position has exactly one).
    pub fn king(&self, color: Color) -> Cell {
        self.king_of(color)
    }

    /// Pieces of side `by` that attack `cell` when the occupied cells are `occupied` (the
    /// pieces themselves are those of the position).
    pub fn attackers_to(&self, cell: Cell, by: Color, occupied: CellSet) -> CellSet {
        CellSet(self.attackers_to_bits(cell, by, occupied.0))
    }

    #[inline]
    pub(crate) fn attackers_to_bits(&self, cell: Cell, by: Color, occ: u128) -> u128 {
        let c = cell.index();
        let r = &self.by_role;
        let q = r[Role::Queen.index()];
        let mut att = KNIGHT[c] & r[Role::Knight.index()]
            | KING[c] & r[Role::King.index()]
            | PAWN_CAPTURES[by.other().index()][c] & r[Role::Pawn.index()];
        let them = self.by_color[by.index()];
        let rooks = (r[Role::Rook.index()] | q) & them;
        if ROOK_ALL[c] & rooks != 0 {
            att |= rook_attacks(c, occ) & rooks;
        }
        let dukes = (r[Role::Duke.index()] | q) & them;
        if DUKE_ALL[c] & dukes != 0 {
            att |= duke_attacks(c, occ) & dukes;
        }
        let bishops = (r[Role::Bishop.index()] | q) & them;
        if BISHOP_ALL[c] & bishops != 0 {
            att |= bishop_attacks(c, occ) & bishops;
        }
        att & them
    }

    /// Whether side `by` attacks `cell` given occupancy `occ`. A slider attacks when nothing
    /// stands between it and the cell: one "between" lookup per enemy slider on the cell's
    /// lines, cheaper than building the cell's rays (there are few such sliders).
    #[inline]
    pub(crate) fn is_attacked(&self, cell: Cell, by: Color, occ: u128) -> bool {
        let c = cell.index();
        let r = &self.by_role;
        let them = self.by_color[by.index()];
        if (KNIGHT[c] & r[Role::Knight.index()]
            | KING[c] & r[Role::King.index()]
            | PAWN_CAPTURES[by.other().index()][c] & r[Role::Pawn.index()])
            & them
            != 0
        {
            return true;
        }
        let q = r[Role::Queen.index()];
        let families = [
            (ROOK_ALL[c] & (r[Role::Rook.index()] | q), &BETWEEN_ROOK),
            (DUKE_ALL[c] & (r[Role::Duke.index()] | q), &BETWEEN_DUKE),
            (
                BISHOP_ALL[c] & (r[Role::Bishop.index()] | q),
                &BETWEEN_BISHOP,
            ),
        ];
        for (snipers, between) in families {
            let mut snipers = snipers & them;
            while snipers != 0 {
                let s = snipers.trailing_zeros() as usize;
                snipers &= snipers - 1;
                if between[c][s] & occ == 0 {
                    return true;
                }
            }
        }
        false
    }

    /// Enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> CellSet {
        CellSet(self.checker_bits())
    }

    #[inline]
    pub(crate) fn checker_bits(&self) -> u128 {
        self.attackers_to_bits(self.king_of(self.turn), self.turn.other(), self.occ())
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.checker_bits() != 0
    }

    /// Zobrist hash, kept incrementally: equal positions hash alike.
    #[inline]
    pub fn zobrist_hash(&self) -> u64 {
        self.hash
    }

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

    /// Whether `other` is the same position as this one for the repetition rule: the same
    /// pieces on the same cells, the same side to move, castling rights and unmoved-pawn flags,
    /// and the same en passant capture if one is legal; the clocks do not count. An en passant
    /// state that no legal move uses (the capturing pawn is pinned, say) counts as none.
    ///
    /// ```
    /// use hexvar_chessagon::Position;
    ///
    /// let mut pos = Position::new();
    /// for text in ["f3e5", "f13e11", "e5f3", "e11f13"] {
    ///     pos.play(pos.parse_move(text)?)?;
    /// }
    /// assert!(pos.is_repetition_of(&Position::new()));
    /// assert_ne!(pos, Position::new()); // the clocks differ
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_repetition_of(&self, other: &Position) -> bool {
        if self.ep == other.ep {
            // The hash covers everything but the clocks: a cheap first test.
            return self.hash == other.hash
                && Position {
                    halfmoves: other.halfmoves,
                    fullmoves: other.fullmoves,
                    ..*self
                } == *other;
        }
        Position {
            halfmoves: other.halfmoves,
            fullmoves: other.fullmoves,
            ep: other.ep,
            hash: other.hash,
            ..*self
        } == *other
            && self.legal_en_passant() == other.legal_en_passant()
    }

    /// The en passant state if an en passant capture is legal now.
    fn legal_en_passant(&self) -> Option<EnPassant> {
        self.ep
            .filter(|_| !self.for_each_piece_moves(|pm| pm.kind != MovesKind::EnPassant))
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

    /// Play a move if it is legal; otherwise leave the position untouched.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove { mv: m })
        }
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        let from = m.origin();
        let to = m.to().bit();
        let mut found = false;
        self.for_each_piece_moves(|pm| {
            if pm.from == from && pm.to.0 & to != 0 {
                found = pm.into_iter().any(|x| x == m);
            }
            !found
        });
        found
    }

    /// The legal move a text names: the notation (`c3d5`, `a10a12=Q`, `b8b10ep`, `O-O@f3`), or
    /// just origin and destination for any legal move (`a10a12`, `b8b10`, `e1f3`). Surrounding
    /// spaces, trailing `+ # ! ?` and letter case are forgiven (`C3D5+`, `o-o@f3`).
    ///
    /// ```
    /// use hexvar_chessagon::Position;
    ///
    /// let pos = Position::new();
    /// let m = pos.parse_move("f3e5")?;
    /// assert_eq!(pos.parse_move(" F3E5+ ")?, m);
    /// assert!(pos.parse_move("f3f9").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let m: Move = normalise(text)
            .parse()
            .map_err(|_| ParseMoveError::Notation(cut(text, 100)))?;
        let moves = self.legal_moves();
        if moves.contains(&m) {
            return Ok(m);
        }
        if let Move::Normal { from, to } = m {
            if let Some(&found) = moves.iter().find(|x| x.origin() == from && x.to() == to) {
                return Ok(found);
            }
        }
        Err(ParseMoveError::NotLegal(cut(text, 100)))
    }

    /// All legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Fills `list` with the legal moves (it is cleared first).
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.for_each_piece_moves(|pm| {
            list.extend(pm);
            true
        });
    }

    /// Whether the side to move has a legal move (stops at the first).
    pub fn has_legal_move(&self) -> bool {
        !self.for_each_piece_moves(|_| false)
    }

    /// The game result if the game is over: checkmate, stalemate (draw, chess convention), the
    /// fifty-move rule (100 half-moves), or bare Kings.
    pub fn outcome(&self) -> Option<Outcome> {
        if !self.has_legal_move() {
            return Some(if self.is_check() {
                Outcome::Decisive {
                    winner: self.turn.other(),
                    reason: WinReason::Checkmate,
                }
            } else {
                Outcome::Draw {
                    reason: DrawReason::Stalemate,
                }
            });
        }
        if self.halfmoves >= FIFTY_MOVE_HALFMOVES {
            return Some(Outcome::Draw {
                reason: DrawReason::FiftyMoveRule,
            });
        }
        if self.occ() == self.by_role[Role::King.index()] {
            return Some(Outcome::Draw {
                reason: DrawReason::InsufficientMaterial,
            });
        }
        None
    }
}

/// The fifty-move rule: 100 half-moves without capture or pawn move.
const FIFTY_MOVE_HALFMOVES: u32 = 100;

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Hash for Position {
    /// The Zobrist hash (equal positions have equal Zobrist hashes).
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
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

#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Position, "a Chessagon position text");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smothered_mate_on_d15() {
        // Black King d15 boxed in by its own pieces on all six touching cells (d14 e15 e13 d13
        // e14 c14); the White Knight on f14 leaps to d15, and nothing black reaches f14.
        let pos: Position = "kn/pppN/2pp2/8/8/8/8/8/8/8/8/8/6/4/1K b - -"
            .parse()
            .unwrap();
        assert!(pos.is_check());
        assert_eq!(pos.legal_moves().len(), 0);
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Decisive {
                winner: Color::White,
                reason: WinReason::Checkmate,
            })
        );
    }

    #[test]
    fn draws_by_convention() {
        let bare: Position = "1k/4/6/8/8/8/8/8/8/8/8/8/6/4/1K w - -".parse().unwrap();
        assert_eq!(
            bare.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::InsufficientMaterial
            })
        );
        let fifty: Position = "1k/4/6/8/8/8/8/8/8/8/8/8/R5/4/1K w - - 100 80"
            .parse()
            .unwrap();
        assert_eq!(
            fifty.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::FiftyMoveRule
            })
        );
        assert_eq!(Position::new().outcome(), None);
    }

    #[test]
    fn validation_lists_every_broken_rule() {
        let err = "2/4/6/8/8/8/8/8/8/8/8/8/6/4/KK w KQ b10a8"
            .parse::<Position>()
            .unwrap_err();
        let ParsePositionError::Position(err) = err else {
            panic!("{err}")
        };
        assert!(err
            .problems
            .contains(&PositionProblem::MissingKing(Color::Black)));
        assert!(err
            .problems
            .contains(&PositionProblem::TooManyKings(Color::White)));
        assert!(err.problems.contains(&PositionProblem::CastlingRight('K')));
        assert!(err
            .problems
            .contains(&PositionProblem::EnPassant("b10a8".into())));
        let err = "1k/4/6/P7/8/8/8/8/8/8/8/8/6/4/1K w - -"
            .parse::<Position>()
            .unwrap_err();
        assert!(err.to_string().contains("promotion cell a12"), "{err}");
        // Black to move while White is in check from the Rook on e10.
        let err = "1k/4/6/8/8/4r3/8/8/8/8/8/8/6/4/1K b - -"
            .parse::<Position>()
            .unwrap_err();
        assert!(err.to_string().contains("not to move is in check"), "{err}");
    }

    #[test]
    fn play_is_checked_and_hash_is_incremental() {
        let mut pos = Position::new();
        let before = pos;
        assert!(pos
            .play(Move::Normal {
                from: "e1".parse().unwrap(),
                to: "e2".parse().unwrap()
            })
            .is_err());
        assert_eq!(pos, before);
        for text in ["e3e6", "e13e10", "f3e5", "d15d13"] {
            let m = pos.parse_move(text);
            if let Ok(m) = m {
                pos.play(m).unwrap();
                assert_eq!(pos.zobrist_hash(), pos.compute_hash(), "{text}");
            }
        }
        assert_ne!(pos.zobrist_hash(), before.zobrist_hash());
    }

    #[test]
    fn outcomes_display_in_words() {
        let mate = Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Checkmate,
        };
        assert_eq!(mate.to_string(), "White wins by checkmate");
        assert_eq!(mate.winner(), Some(Color::White));
        assert!(!mate.is_draw());
        let draw = Outcome::Draw {
            reason: DrawReason::Stalemate,
        };
        assert_eq!(draw.to_string(), "draw by stalemate");
        assert_eq!(draw.winner(), None);
        assert!(draw.is_draw());
        assert_eq!(DrawReason::FiftyMoveRule.to_string(), "fifty-move rule");
    }

    #[test]
    fn a_position_is_small_enough_to_copy_inline() {
        // The bit sets and the state, no mailbox: six 32-byte moves per copy.
        assert!(core::mem::size_of::<Position>() <= 192);
    }
}
