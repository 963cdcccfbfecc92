//! The validated [`Position`]: playing moves, the Zobrist hash, check and the game's outcome.

use hexvar_geometry::san::cut;
use hexvar_geometry::Set128;

use crate::attacks::{bishop_attacks, rook_attacks};
use crate::cells::{Cell, CellSet, CELL_COUNT, QUOTED_CHARS};
use crate::men::{pawn_rank, promotion_rank, Color, Piece, Role};
use crate::moves::{castling_side_of, CastlingSide, Move, MovesKind, ParseMoveError};
use crate::outcome::Outcome;
use crate::setup::{CastlingRights, EnPassant, ParseSetupError, Setup};
use crate::sliders::{bishop_attacks_from, rook_attacks_from};
use crate::tables::{
    BETWEEN, BISHOP_LINES, BIT, KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKERS, PAWN_DOUBLE,
    ROOK_LINES, ZOBRIST,
};

/// A legal position: exactly one king a side, the side not to move not in check, consistent
/// castling rights and en passant target. Create one with [`Position::new`] (the start),
/// [`Position::from_setup`] or by parsing the position text.
///
/// A position is a small plain value (240 bytes): it is `Copy`, and moves are played on copies.
///
/// ```
/// use hexvar_brusky::{Move, Position};
/// let mut pos = Position::new();
/// assert_eq!(pos.legal_moves().len(), 61);
/// pos.play("g2-g4".parse::<Move>().unwrap()).unwrap();
/// assert!(pos.play("g2-g4".parse::<Move>().unwrap()).is_err()); // no pawn there any more
/// assert_eq!(pos.to_string(), "rnbkbqbnr/pppppppppp/11/12/6P5/11/PPPPPP1PPP/RNBQBKBNR b KQkq - 0 1");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Mailbox,
    pub(crate) by_color: [u128; 2],
    pub(crate) by_role: [u128; 6],
    pub(crate) turn: Color,
    pub(crate) castling: CastlingRights,
    pub(crate) en_passant: Option<EnPassant>,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) hash: u64,
}

/// The piece on each cell, one byte per cell (0 = empty, else `1 + 6 · color + role`): half the
/// size of `[Option<Piece>; 84]`, which keeps copy-make cheap.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Mailbox([u8; CELL_COUNT]);

const DECODE: [Option<Piece>; 13] = {
    let mut out = [None; 13];
    let mut i = 0;
    while i < 12 {
        let color = if i < 6 { Color::White } else { Color::Black };
        out[i + 1] = Some(Piece::new(color, Role::ALL[i % 6]));
        i += 1;
    }
    out
};

/// The mailbox code of a man: `1 + 6 · color + role`.
#[inline(always)]
const fn code_of(color: usize, role: Role) -> u8 {
    1 + (Role::ALL.len() * color) as u8 + role as u8
}

/// The role index of each mailbox code (0 for an empty cell; never read for it).
const ROLE_OF_CODE: [usize; 13] = {
    let mut out = [0; 13];
    let mut i = 0;
    while i < 12 {
        out[i + 1] = i % 6;
        i += 1;
    }
    out
};

/// The Zobrist key of each mailbox code on each cell; the empty code's row is all zeros, so that
/// an empty cell hashes as nothing without a branch.
const ZOBRIST_BY_CODE: &[[u64; CELL_COUNT]; 13] = &{
    let mut out = [[0; CELL_COUNT]; 13];
    let mut i = 0;
    while i < 12 {
        out[i + 1] = ZOBRIST.pieces[i / 6][i % 6];
        i += 1;
    }
    out
};

impl Mailbox {
    const EMPTY: Mailbox = Mailbox([0; CELL_COUNT]);

    #[inline(always)]
    pub(crate) fn get(&self, cell: usize) -> Option<Piece> {
        DECODE[self.0[cell] as usize]
    }

    #[inline(always)]
    fn set(&mut self, cell: usize, piece: Option<Piece>) {
        self.0[cell] = piece.map_or(0, |p| code_of(p.color.index(), p.role));
    }

    fn to_array(self) -> [Option<Piece>; CELL_COUNT] {
        core::array::from_fn(|i| self.get(i))
    }
}

/// One reason a [`Setup`] is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionProblem {
    /// A side has no king.
    #[error("{0:?} has no king")]
    MissingKing(Color),
    /// A side has more than one king.
    #[error("{0:?} has more than one king")]
    TooManyKings(Color),
    /// A side has more than the 19 men it starts with ([`MAX_MEN`]).
    #[error("{0:?} has more than 19 men")]
    TooManyMen(Color),
    /// A side has more than the 10 pawns it starts with.
    #[error("{0:?} has more than 10 pawns")]
    TooManyPawns(Color),
    /// A pawn stands where no pawn can be: behind its start rank or on its promotion rank.
    #[error("pawn on {0}, which is behind its start rank or on its promotion rank")]
    PawnOnBackRank(Cell),
    /// A castling right without the king and that rook on their start cells.
    #[error("{color:?} {side:?} castling right without king and rook on their start cells")]
    CastlingRight {
        /// The side with the right.
        color: Color,
        /// Which castling.
        side: CastlingSide,
    },
    /// The en passant target is not the trace of the opponent's last double step.
    #[error("en passant {0} does not follow a double step of the opponent's pawn")]
    EnPassant(EnPassant),
    /// The side that just moved is in check.
    #[error("the side not to move is in check")]
    OpponentInCheck,
    /// The move number is 0: moves are numbered from 1, and the position text cannot say 0.
    #[error("the move number is 0 (moves are numbered from 1)")]
    MoveNumberZero,
}

hexvar_geometry::position_errors!(ParseSetupError, PositionProblem, Move);

/// The most men a side may have: the 19 it starts with (promotion keeps the count).
pub const MAX_MEN: u32 = 19;
/// The most pawns a side may have: the 10 it starts with.
pub const MAX_PAWNS: u32 = 10;

/// More than the index distance of any one-rank step (at most 14), less than that of any
/// two-rank step (at least 19): tells a pawn's double step from its single step.
const ONE_RANK_MAX_DISTANCE: usize = 16;

/// The halfmove clock at which the 50-move rule draws: 50 moves by each side.
const FIFTY_MOVE_HALFMOVES: u32 = 100;

impl Position {
    /// Validates a setup. The error lists every broken rule.
    ///
    /// An en passant target that no pawn of the side to move can capture on is dropped, so that
    /// positions that differ only in an unusable target are equal and hash alike.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut pos = Position {
            board: Mailbox::EMPTY,
            by_color: [0; 2],
            by_role: [0; 6],
            turn: setup.turn,
            castling: setup.castling,
            en_passant: None,
            halfmove_clock: setup.halfmove_clock,
            fullmove_number: setup.fullmove_number,
            hash: 0,
        };
        for cell in Cell::ALL {
            if let Some(piece) = setup.board[cell.index()] {
                pos.put(cell, piece);
            }
        }
        let mut problems = pos.men_problems();
        if setup.fullmove_number == 0 {
            problems.push(PositionProblem::MoveNumberZero);
        }
        if let Some(ep) = setup.en_passant {
            if pos.en_passant_trace_is_valid(ep) {
                if pos.pawns_can_capture_on(ep.passed) {
                    pos.en_passant = Some(ep);
                }
            } else {
                problems.push(PositionProblem::EnPassant(ep));
            }
        }
        if problems.iter().all(|p| {
            !matches!(
                p,
                PositionProblem::MissingKing(_) | PositionProblem::TooManyKings(_)
            )
        }) && pos.is_attacked(pos.king(pos.turn.other()), pos.turn, pos.occ())
        {
            problems.push(PositionProblem::OpponentInCheck);
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The broken rules about the men: kings, numbers, pawns' ranks, castling rights.
    fn men_problems(&self) -> Vec<PositionProblem> {
        let mut problems = Vec::new();
        for color in Color::ALL {
            let men = self.by_color[color.index()];
            match (men & self.by_role[Role::King.index()]).count_ones() {
                0 => problems.push(PositionProblem::MissingKing(color)),
                1 => {}
                _ => problems.push(PositionProblem::TooManyKings(color)),
            }
            if men.count_ones() > MAX_MEN {
                problems.push(PositionProblem::TooManyMen(color));
            }
            if (men & self.by_role[Role::Pawn.index()]).count_ones() > MAX_PAWNS {
                problems.push(PositionProblem::TooManyPawns(color));
            }
        }
        for cell in Set128(self.by_role[Role::Pawn.index()]) {
            let cell = Cell::ALL[cell];
            let color = self
                .board
                .get(cell.index())
                .map_or(Color::White, |p| p.color);
            let behind = match color {
                Color::White => cell.rank() < pawn_rank(color),
                Color::Black => cell.rank() > pawn_rank(color),
            };
            if behind || cell.rank() == promotion_rank(color) {
                problems.push(PositionProblem::PawnOnBackRank(cell));
            }
        }
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if self.castling.has(color, side) {
                    let cells = side.cells(color);
                    if self.board.get(cells.king_from.index())
                        != Some(Piece::new(color, Role::King))
                        || self.board.get(cells.rook_from.index())
                            != Some(Piece::new(color, Role::Rook))
                    {
                        problems.push(PositionProblem::CastlingRight { color, side });
                    }
                }
            }
        }
        problems
    }

    fn en_passant_trace_is_valid(&self, ep: EnPassant) -> bool {
        let mover = self.turn.other();
        let Some(origin) =
            Cell::from_hex(ep.passed.hex().minus(ep.pawn.hex().minus(ep.passed.hex())))
        else {
            return false;
        };
        let trace = (1u128 << ep.passed.index(), 1u128 << ep.pawn.index());
        self.board.get(ep.pawn.index()) == Some(Piece::new(mover, Role::Pawn))
            && self.board.get(ep.passed.index()).is_none()
            && self.board.get(origin.index()).is_none()
            && origin.rank() == pawn_rank(mover)
            && PAWN_DOUBLE[mover.index()][origin.index()].contains(&trace)
    }

    /// Whether a pawn of the side to move attacks `cell`.
    pub(crate) fn pawns_can_capture_on(&self, cell: Cell) -> bool {
        let us = self.turn;
        PAWN_ATTACKERS[us.index()][cell.index()]
            & self.by_color[us.index()]
            & self.by_role[Role::Pawn.index()]
            != 0
    }

    /// The position as plain data.
    pub fn to_setup(&self) -> Setup {
        Setup {
            board: self.board.to_array(),
            turn: self.turn,
            castling: self.castling,
            en_passant: self.en_passant,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
        }
    }

    /// The side to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The piece on `cell`.
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.board.get(cell.index())
    }

    /// Castling rights.
    pub fn castling_rights(&self) -> CastlingRights {
        self.castling
    }

    /// The en passant target, if a pawn of the side to move can capture on it.
    pub fn en_passant(&self) -> Option<EnPassant> {
        self.en_passant
    }

    /// Halfmoves since the last capture or pawn move.
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// The cells of `color`'s men.
    ///
    /// ```
    /// use hexvar_brusky::{Color, Position, Role};
    /// let pos = Position::new();
    /// assert_eq!(pos.by_color(Color::White).len(), 19);
    /// assert_eq!((pos.by_color(Color::Black) & pos.by_role(Role::Bishop)).len(), 3);
    /// ```
    #[inline]
    pub fn by_color(&self, color: Color) -> CellSet {
        Set128(self.by_color[color.index()])
    }

    /// The cells of the men of `role`, of either side.
    #[inline]
    pub fn by_role(&self, role: Role) -> CellSet {
        Set128(self.by_role[role.index()])
    }

    /// Every occupied cell.
    #[inline]
    pub fn occupied(&self) -> CellSet {
        Set128(self.occ())
    }

    /// Every occupied cell, as bits.
    #[inline(always)]
    pub(crate) fn occ(&self) -> u128 {
        self.by_color[0] | self.by_color[1]
    }

    /// The cell of `color`'s king.
    #[inline]
    pub fn king(&self, color: Color) -> Cell {
        let kings = self.by_color[color.index()] & self.by_role[Role::King.index()];
        Cell::ALL[kings.trailing_zeros() as usize]
    }

    /// The Zobrist hash, kept up to date incrementally by every move.
    #[inline]
    pub fn zobrist_hash(&self) -> u64 {
        self.hash
    }

    /// The Zobrist hash computed from scratch (equals [`Position::zobrist_hash`]).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for cell in Cell::ALL {
            if let Some(p) = self.board.get(cell.index()) {
                h ^= ZOBRIST.pieces[p.color.index()][p.role.index()][cell.index()];
            }
        }
        if self.turn == Color::Black {
            h ^= ZOBRIST.black_to_move;
        }
        h ^= castling_key(self.castling);
        if let Some(ep) = self.en_passant {
            h ^= ep_key(ep);
        }
        h
    }

    /// The men of `by` that attack `cell`, with `occupied` as the occupancy (the position's own
    /// is [`Position::occupied`]).
    pub fn attackers(&self, cell: Cell, by: Color, occupied: CellSet) -> CellSet {
        let occupied = occupied.0;
        let them = self.by_color[by.index()];
        let i = cell.index();
        let r = &self.by_role;
        let straight = r[Role::Rook.index()] | r[Role::Queen.index()];
        let diagonal = r[Role::Bishop.index()] | r[Role::Queen.index()];
        Set128(
            them & ((KNIGHT_ATTACKS[i] & r[Role::Knight.index()])
                | (KING_ATTACKS[i] & r[Role::King.index()])
                | (PAWN_ATTACKERS[by.index()][i] & r[Role::Pawn.index()])
                | (rook_attacks(cell, Set128(occupied)).0 & straight)
                | (bishop_attacks(cell, Set128(occupied)).0 & diagonal)),
        )
    }

    /// Whether a man of `by` attacks `cell`, with `occupied` as the occupancy.
    #[inline]
    pub(crate) fn is_attacked(&self, cell: Cell, by: Color, occupied: u128) -> bool {
        self.is_attacked_by(cell, by, self.by_color[by.index()], occupied)
    }

    /// Whether one of the men `men` (of side `by`) attacks `cell`, with `occupied` as the
    /// occupancy.
    #[inline]
    pub(crate) fn is_attacked_by(&self, cell: Cell, by: Color, men: u128, occupied: u128) -> bool {
        let i = cell.index();
        let r = &self.by_role;
        if men
            & ((KNIGHT_ATTACKS[i] & r[Role::Knight.index()])
                | (KING_ATTACKS[i] & r[Role::King.index()])
                | (PAWN_ATTACKERS[by.index()][i] & r[Role::Pawn.index()]))
            != 0
        {
            return true;
        }
        // Only sliders on a line through the cell can attack it: skip the look-ups otherwise.
        let straight = men & (r[Role::Rook.index()] | r[Role::Queen.index()]) & ROOK_LINES[i];
        if straight != 0 && rook_attacks_from(i, occupied) & straight != 0 {
            return true;
        }
        let diagonal = men & (r[Role::Bishop.index()] | r[Role::Queen.index()]) & BISHOP_LINES[i];
        diagonal != 0 && bishop_attacks_from(i, occupied) & diagonal != 0
    }

    /// The men giving check to the side to move.
    pub fn checkers(&self) -> CellSet {
        self.attackers(self.king(self.turn), self.turn.other(), self.occupied())
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.is_attacked(self.king(self.turn), self.turn.other(), self.occ())
    }

    /// Whether the side to move is checkmated.
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Whether the side to move is stalemated.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// Whether neither side can ever checkmate, whatever is played: only the two kings are left.
    ///
    /// On this board a king with any single other piece can mate a bare king in a corner (for
    /// example Ka1 is mated by Kc3, which covers all five neighbours of a1, and any checking
    /// piece), so no other material is insufficient.
    pub fn is_insufficient_material(&self) -> bool {
        self.occ() == self.by_role[Role::King.index()]
    }

    /// The game's end in this position, if it is over: checkmate, stalemate, the 50-move rule
    /// (reported as soon as it applies) or insufficient material. Repetition needs the game's
    /// history: see [`crate::Game::outcome`].
    pub fn outcome(&self) -> Option<Outcome> {
        Outcome::of_chess_position(
            self.turn,
            self.has_legal_move(),
            || self.is_check(),
            self.halfmove_clock >= FIFTY_MOVE_HALFMOVES,
            || self.is_insufficient_material(),
        )
    }

    /// Plays `m` if it is legal; otherwise returns an error and leaves the position untouched.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        IllegalMove::unless(self.is_legal(m), m)?;
        self.play_unchecked(m);
        Ok(())
    }

    /// The legal move that `text` names.
    ///
    /// Forgiving as players type: surrounding spaces, trailing `+ # ! ?`, upper-case cell letters
    /// (`E7-E8=q`), castling in either case or with zeros (`O-O`, `o-o`, `0-0`) for the side to
    /// move, a capture written with `-`, an en passant capture without `e.p.`.
    ///
    /// ```
    /// use hexvar_brusky::{Position, ParseMoveError};
    /// let pos = Position::new();
    /// assert_eq!(pos.parse_move(" H1-G3+ ").unwrap().to_string(), "h1-g3");
    /// assert_eq!(pos.parse_move("e1-h7").unwrap().to_string(), "e1xh7");
    /// assert!(matches!(pos.parse_move("h1-h3"), Err(ParseMoveError::NotLegal(_))));
    /// assert!(matches!(pos.parse_move("h1"), Err(ParseMoveError::Notation(_))));
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let trimmed = text
            .trim_matches(|c: char| c.is_ascii_whitespace())
            .trim_end_matches(['+', '#', '!', '?']);
        let wanted = match castling_side_of(trimmed) {
            Some(side) => Move::Castle {
                color: self.turn,
                side,
            },
            None => trimmed.to_ascii_lowercase().parse()?,
        };
        let key = |m: Move| match m {
            Move::Castle { side, .. } => (None, None, None, Some(side)),
            _ => (m.from(), Some(m.to()), m.promotion(), None),
        };
        let mut found = None;
        self.for_each_piece_moves(|moves| {
            found = moves.into_iter().find(|&m| key(m) == key(wanted));
            found.is_none()
        });
        found.ok_or_else(|| ParseMoveError::NotLegal(cut(text, QUOTED_CHARS)))
    }

    /// Whether `other` counts as the same position for the repetition rule: the same men on the
    /// same cells, side to move and castling rights, and the same en passant capture if one is
    /// legal; the clocks are left out. An en passant target that no legal move uses (no pawn
    /// attacks the passed cell, or the pawn that does is pinned) counts as none, as FIDE's
    /// "the same possible moves" asks.
    ///
    /// ```
    /// use hexvar_brusky::Position;
    /// let start = Position::new();
    /// let mut pos = start;
    /// for text in ["Ng3", "Nf6", "Nh1", "Ne8"] {
    ///     pos.play(pos.parse_san(text)?)?;
    /// }
    /// assert!(pos.is_repetition_of(&start));
    /// assert_ne!(pos, start); // the clocks differ
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_repetition_of(&self, other: &Position) -> bool {
        let same_men_and_rights =
            self.board == other.board && self.turn == other.turn && self.castling == other.castling;
        if self.en_passant == other.en_passant {
            // The hash covers everything but the clocks: a cheap first test.
            self.hash == other.hash && same_men_and_rights
        } else {
            same_men_and_rights && self.legal_en_passant() == other.legal_en_passant()
        }
    }

    /// The en passant target if an en passant capture is legal now.
    fn legal_en_passant(&self) -> Option<EnPassant> {
        self.en_passant.filter(|_| {
            !self.for_each_piece_moves(|moves| {
                moves.kind != MovesKind::EnPassant || moves.is_empty()
            })
        })
    }

    /// The man a legal move takes off the board: the man on the destination, or for an en
    /// passant capture the pawn that double-stepped past it. `None` for a castling or a quiet
    /// move.
    ///
    /// ```
    /// use hexvar_brusky::{Color, Piece, Position, Role};
    /// let mut pos = Position::new();
    /// pos.play(pos.parse_san("Ng3")?)?;
    /// let bxe2 = pos.parse_san("Bxe2")?;
    /// assert_eq!(pos.captured(bxe2), Some(Piece::new(Color::White, Role::Pawn)));
    /// assert_eq!(pos.captured(pos.parse_san("Nf6")?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captured(&self, mv: Move) -> Option<Piece> {
        match mv {
            Move::Normal { to, .. } => self.piece_at(to),
            Move::EnPassant { .. } => self.en_passant.and_then(|ep| self.piece_at(ep.pawn)),
            Move::Castle { .. } => None,
        }
    }

    /// Whether a legal move resets the halfmove clock (and so the count toward the fifty-move
    /// rule, and the positions a repetition may go back to): a capture (en passant included) or
    /// any pawn move. Castling does not.
    ///
    /// ```
    /// use hexvar_brusky::Position;
    /// let pos = Position::new();
    /// assert!(pos.is_zeroing(pos.parse_san("a4")?));
    /// assert!(!pos.is_zeroing(pos.parse_san("Ng3")?));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_zeroing(&self, mv: Move) -> bool {
        match mv {
            Move::Normal { from, to, .. } => {
                self.piece_at(to).is_some()
                    || self.piece_at(from).is_some_and(|p| p.role == Role::Pawn)
            }
            Move::EnPassant { .. } => true,
            Move::Castle { .. } => false,
        }
    }

    /// The position after `m`, which must be legal.
    #[must_use]
    pub fn played(&self, m: Move) -> Position {
        let mut next = *self;
        next.play_unchecked(m);
        next
    }

    #[inline]
    fn put(&mut self, cell: Cell, piece: Piece) {
        let bit = BIT[cell.index()];
        self.board.set(cell.index(), Some(piece));
        self.by_color[piece.color.index()] |= bit;
        self.by_role[piece.role.index()] |= bit;
        self.hash ^= ZOBRIST.pieces[piece.color.index()][piece.role.index()][cell.index()];
    }

    #[inline]
    fn remove(&mut self, cell: Cell, piece: Piece) {
        let bit = BIT[cell.index()];
        self.board.set(cell.index(), None);
        self.by_color[piece.color.index()] ^= bit;
        self.by_role[piece.role.index()] ^= bit;
        self.hash ^= ZOBRIST.pieces[piece.color.index()][piece.role.index()][cell.index()];
    }

    fn set_castling(&mut self, rights: CastlingRights) {
        self.hash ^= castling_key(self.castling) ^ castling_key(rights);
        self.castling = rights;
    }

    /// Plays `m`, which must be legal (as generated by this position); otherwise the position
    /// may become inconsistent. The hot path of search and perft.
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: Move) {
        let en_passant = self.begin_move();
        match m {
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => self.play_normal(from.index(), to.index(), promotion),
            Move::EnPassant { from, to } => self.play_en_passant(from, to, en_passant),
            Move::Castle { side, .. } => self.play_castle(side),
        }
        self.end_move();
    }

    /// Pass the turn (a null move, for search only, never in a game): the other side is to
    /// move, the en passant target is dropped, the clocks count on as after a quiet move, the
    /// castling rights stay, and the position and its hash are what reading the passed
    /// position's text would give. Returns `false` and leaves the position unchanged when the
    /// side to move is in check (passing would leave its king capturable).
    ///
    /// ```
    /// use hexvar_brusky::{Color, Position};
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
        self.begin_move();
        self.end_move();
        true
    }

    /// Plays a move or capture without promotion of our `role` from `from` to `to`, known legal
    /// (from the set-wise layer, which knows the role: no mailbox look-up to find it).
    #[inline(always)]
    pub(crate) fn play_man(&mut self, role: Role, from: usize, to: usize) {
        self.begin_move();
        let code = code_of(self.turn.index(), role) as usize;
        self.move_man(code, role.index(), code, from, to);
        self.end_move();
    }

    /// The first part of every move: the en passant target goes (and is returned), the halfmove
    /// clock counts on.
    #[inline(always)]
    fn begin_move(&mut self) -> Option<EnPassant> {
        let en_passant = self.en_passant.take();
        if let Some(ep) = en_passant {
            self.hash ^= ep_key(ep);
        }
        self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        en_passant
    }

    /// The last part of every move: the move number and the turn.
    #[inline(always)]
    fn end_move(&mut self) {
        if self.turn == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = self.turn.other();
        self.hash ^= ZOBRIST.black_to_move;
    }

    /// An en passant capture: the pawn moves to the passed cell and removes the pawn of `ep`.
    #[inline(never)]
    fn play_en_passant(&mut self, from: Cell, to: Cell, ep: Option<EnPassant>) {
        let us = self.turn;
        let pawn = Piece::new(us, Role::Pawn);
        self.remove(from, pawn);
        self.put(to, pawn);
        if let Some(ep) = ep {
            self.remove(ep.pawn, Piece::new(us.other(), Role::Pawn));
        }
        self.halfmove_clock = 0;
    }

    /// Castling: king and rook to their cells, and both of the side's rights gone.
    #[inline(never)]
    fn play_castle(&mut self, side: CastlingSide) {
        let us = self.turn;
        let c = side.cells(us);
        self.remove(c.king_from, Piece::new(us, Role::King));
        self.remove(c.rook_from, Piece::new(us, Role::Rook));
        self.put(c.king_to, Piece::new(us, Role::King));
        self.put(c.rook_to, Piece::new(us, Role::Rook));
        let rights = self.castling.with(us, CastlingSide::KingSide, false).with(
            us,
            CastlingSide::QueenSide,
            false,
        );
        self.set_castling(rights);
    }

    /// A move or capture (promotions included) from `from` to `to`: the hot path of play.
    #[inline(always)]
    fn play_normal(&mut self, from: usize, to: usize, promotion: Option<Role>) {
        let us = self.turn.index();
        let code = self.board.0[from] as usize;
        if code == 0 {
            return; // not a legal move: there is no man to move
        }
        let new_code = match promotion {
            Some(r) => code_of(us, r) as usize,
            None => code,
        };
        self.move_man(code, ROLE_OF_CODE[code], new_code, from, to);
    }

    /// Moves our man of mailbox `code` and role index `role` from `from` to `to`, where it
    /// becomes `new_code` (a promotion) and captures what stands there.
    #[inline(always)]
    fn move_man(&mut self, code: usize, role: usize, new_code: usize, from: usize, to: usize) {
        let us = self.turn.index();
        let captured = self.board.0[to] as usize;
        let (from_bit, to_bit) = (BIT[from], BIT[to]);
        let keys = ZOBRIST_BY_CODE;
        self.hash ^= keys[code][from] ^ keys[new_code][to] ^ keys[captured][to];
        if captured != 0 {
            self.by_color[us ^ 1] ^= to_bit;
            self.by_role[ROLE_OF_CODE[captured]] ^= to_bit;
            self.halfmove_clock = 0;
        }
        self.board.0[from] = 0;
        self.board.0[to] = new_code as u8;
        self.by_color[us] ^= from_bit | to_bit;
        self.by_role[role] ^= from_bit;
        self.by_role[ROLE_OF_CODE[new_code]] |= to_bit;
        if role == Role::Pawn.index() {
            self.halfmove_clock = 0;
            // A pawn's single step or capture climbs one rank (at most 14 indices); only a double
            // step or the vertical capture climbs two (at least 19).
            if captured == 0 && from.abs_diff(to) > ONE_RANK_MAX_DISTANCE {
                self.note_double_step(Cell::ALL[from], Cell::ALL[to]);
            }
        }
        let rights = self.castling.bits();
        let kept = rights & CASTLING_KEPT[from] & CASTLING_KEPT[to];
        if kept != rights {
            self.set_castling(CastlingRights::from_bits(kept));
        }
    }

    /// Records the en passant target after a double step, if a pawn of the opponent can use it.
    fn note_double_step(&mut self, from: Cell, to: Cell) {
        // The passed cell is the one cell between the start and the landing cell.
        let passed = BETWEEN[from.index()][to.index()].trailing_zeros() as usize;
        let them = self.turn.other();
        if PAWN_ATTACKERS[them.index()][passed]
            & self.by_color[them.index()]
            & self.by_role[Role::Pawn.index()]
            != 0
        {
            let ep = EnPassant {
                passed: Cell::ALL[passed],
                pawn: to,
            };
            self.en_passant = Some(ep);
            self.hash ^= ep_key(ep);
        }
    }
}

fn ep_key(ep: EnPassant) -> u64 {
    ZOBRIST.en_passant[ep.passed.index()] ^ ZOBRIST.en_passant[ep.pawn.index()].rotate_left(1)
}

fn castling_key(rights: CastlingRights) -> u64 {
    CASTLING_KEYS[rights.bits() as usize]
}

/// The Zobrist key of each set of castling rights.
const CASTLING_KEYS: &[u64; 16] = &{
    let mut out = [0; 16];
    let mut rights = 0;
    while rights < 16 {
        let mut bit = 0;
        while bit < 4 {
            if rights >> bit & 1 != 0 {
                out[rights] ^= ZOBRIST.castling[bit];
            }
            bit += 1;
        }
        rights += 1;
    }
    out
};

/// The castling rights (as bits) that survive a move from or to each cell: moving the king
/// loses both of its side's rights, moving or capturing a rook on its home cell loses that one.
const CASTLING_KEPT: &[u8; CELL_COUNT] = &{
    let mut out = [0b1111; CELL_COUNT];
    let mut color = 0;
    while color < 2 {
        let mut side = 0;
        while side < 2 {
            let c = if side == 0 {
                CastlingSide::KingSide
            } else {
                CastlingSide::QueenSide
            };
            let cells = c.cells(if color == 0 {
                Color::White
            } else {
                Color::Black
            });
            out[cells.king_from.index()] &= !(0b11 << (2 * color));
            out[cells.rook_from.index()] &= !(1 << (2 * color + side));
            side += 1;
        }
        color += 1;
    }
    out
};
