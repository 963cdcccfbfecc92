//! The validated [`Position`]: its state, validation from a [`Setup`], the men by cell, attacks
//! and check, the hash.

use core::hash::{Hash, Hasher};

use crate::cells::{cells, Cell, BIT, CELL_COUNT};
use crate::men::{Color, Piece, Role};
use crate::moves::{Castling, Move, ALL_CASTLING};
use crate::setup::{castling_letter, cell_names, EnPassant, ParseSetupError, Setup};
use crate::tables::{
    bishop_attacks, duke_attacks, rook_attacks, BETWEEN_BISHOP, BETWEEN_DUKE, BETWEEN_ROOK,
    BISHOP_ALL, DUKE_ALL, KING, KNIGHT, PAWN_CAPTURES, PAWN_DOUBLES, PAWN_START, PROMOTION,
    ROOK_ALL, ZOBRIST,
};
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

hexvar_geometry::position_errors!(ParseSetupError, PositionProblem, Move);

impl Position {
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
    pub(crate) fn put(&mut self, c: Cell, p: Piece) {
        let b = c.bit();
        self.by_color[p.color.index()] |= b;
        self.by_role[p.role.index()] |= b;
        self.hash ^= ZOBRIST.piece[piece_code(p) as usize][c.index()];
    }

    #[inline]
    pub(crate) fn take(&mut self, c: Cell, p: Piece) {
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
    pub(crate) fn victim_role(&self, bit: u128) -> Role {
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
}

impl Hash for Position {
    /// The Zobrist hash (equal positions have equal Zobrist hashes).
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn a_position_is_small_enough_to_copy_inline() {
        // The bit sets and the state, no mailbox: six 32-byte moves per copy.
        assert!(core::mem::size_of::<Position>() <= 192);
    }
}
