//! The validated [`Position`]: the men, the side to move, rights, clocks and hash, built from a
//! [`Setup`] and checked; its parts say the rest (attacks, play, the game's questions, notation).

use crate::cells::{Cell, CellSet, Shade, CELL_COUNT};
use crate::lines::{LineOccupancy, Occupied};
use crate::men::{Color, Piece, Role};
use crate::moves::Move;
use crate::setup::{CastlingRights, ParseSetupError, Setup, Special};
use crate::tables::{
    FORWARD, KING_BIT, KING_HOME, PAWN_OBLIQUE_DIRS, ROOK_HOME, SHADE_CELLS, STEPS, ZOBRIST,
};
use hexvar_geometry::table::NO_CELL;
use std::borrow::Cow;

mod attacks;
mod game;
mod play;
mod san;

pub(crate) use attacks::elephant_targets;

/// The entries of [`Position`]'s mailbox: one per index a three-word cell set can hold.
const ROLE_SLOTS: usize = 3 * 64;

/// No cell in [`Position`]'s deferred line toggles.
const SETTLED: u8 = u8::MAX;

/// Plies without pawn move or capture after which a draw may be claimed (50 moves each).
pub(crate) const CLAIM_PLIES: u32 = 100;
/// Plies without pawn move or capture after which the game is drawn (75 moves each).
pub(crate) const AUTOMATIC_DRAW_PLIES: u32 = 150;

/// A legal game position: the board, side to move, castling rights, the one-ply e.p. or
/// scornful right, clocks and an incrementally kept Zobrist hash.
///
/// ```
/// use hexvar_cescacs::{Position, START_TEXT};
///
/// let mut pos: Position = START_TEXT.parse()?;
/// assert_eq!(pos, Position::new());
/// let m = pos.parse_move("e7-e13")?;
/// pos.play(m)?;
/// // The text carries the whole state: a fresh parse is the same position with the same hash.
/// let reread: Position = pos.to_string().parse()?;
/// assert_eq!(reread, pos);
/// assert_eq!(reread.zobrist_hash(), pos.zobrist_hash());
/// // An illegal move (it is Black's turn) is refused and leaves the position unchanged.
/// assert!(pos.play(m).is_err());
/// assert_eq!(pos, reread);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Position {
    by_color: [CellSet; 2],
    by_role: [CellSet; 9],
    /// The role of the man on each cell (a mailbox beside the sets), so that a capture's role
    /// is one read where the move list writes it and where a move is played. Padded to
    /// [`ROLE_SLOTS`] entries: an index from a cell set's bit scan (below 3 × 64) needs no
    /// bounds check.
    roles: [Option<Role>; ROLE_SLOTS],
    /// The occupied cells line by line, for the sliders' look-ups, but for the cells in
    /// `unsettled`, whose bits the last ordinary move deferred to the next generation: a leaf
    /// of a search that is never generated from does not pay for them.
    lines: LineOccupancy,
    /// Everything but the men: one block, which perft's take-back restores at once.
    state: PlyState,
}

/// The side to move, rights, clocks, hash and the deferred line bits: the part of a
/// [`Position`] besides the men.
#[derive(Clone, Copy)]
pub(crate) struct PlyState {
    hash: u64,
    /// The part of `hash` that is the special right's key (kept, so that a ply takes it out
    /// without working it out again).
    special_key: u64,
    halfmove_clock: u32,
    fullmove_number: u32,
    /// Up to two cells whose line bits are still to flip, or [`SETTLED`].
    unsettled: [u8; 2],
    turn: Color,
    castling: [u8; 2],
    special: Special,
}

/// One broken rule found by [`Position::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PositionProblem {
    /// A side has no king or more than one.
    #[error("{0:?} must have exactly one king")]
    KingCount(Color),
    /// A castling right names a king or rook that is not on its home hex.
    #[error("{0:?} castling right without its king/rook on the home hex")]
    Castling(Color),
    /// The e.p. or scornful field does not fit the board.
    #[error("the e.p./scornful field does not fit the board")]
    Special,
    /// The side not to move is in check.
    #[error("the side not to move is in check")]
    OppositeCheck,
    /// More pieces of a kind than a side starts with (promotion only regains missing pieces).
    #[error("{0:?} has more than {n} of {1:?}", n = .1.initial_count())]
    TooMany(Color, Role),
    /// Two bishops of a side on hexes of one colour (a side starts with one bishop per colour,
    /// bishops keep their colour, and a pawn promotes to a bishop only on a colour it lacks).
    #[error("{0:?} has two bishops on {1:?} hexes")]
    BishopShade(Color, Shade),
    /// The move number is 0 (it starts at 1).
    #[error("the move number must be at least 1")]
    MoveNumberZero,
}

hexvar_geometry::position_errors!(ParseSetupError, PositionProblem, Move);

impl Position {
    /// Validates a [`Setup`]. The error lists every broken rule.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut pos = Position {
            by_color: [CellSet::EMPTY; 2],
            by_role: [CellSet::EMPTY; 9],
            roles: [None; ROLE_SLOTS],
            lines: LineOccupancy::EMPTY,
            state: PlyState {
                unsettled: [SETTLED; 2],
                turn: setup.turn,
                castling: [setup.castling[0].bits(), setup.castling[1].bits()],
                special: setup.special,
                halfmove_clock: setup.halfmove_clock,
                fullmove_number: setup.fullmove_number,
                hash: 0,
                special_key: Position::special_key(setup.special),
            },
        };
        for cell in Cell::ALL {
            if let Some(p) = setup.board[cell.index()] {
                pos.put(cell.index(), p);
            }
        }
        let mut problems = Vec::new();
        for color in Color::ALL {
            if (pos.by_role[Role::King.index()] & pos.by_color[color.index()]).len() != 1 {
                problems.push(PositionProblem::KingCount(color));
            }
        }
        for color in Color::ALL {
            for role in Role::ALL {
                if role != Role::King && pos.pieces(color, role).len() > role.initial_count() {
                    problems.push(PositionProblem::TooMany(color, role));
                }
            }
            let bishops = pos.pieces(color, Role::Bishop);
            for shade in Shade::ALL {
                if (bishops & SHADE_CELLS[shade.index()]).len() > 1 {
                    problems.push(PositionProblem::BishopShade(color, shade));
                }
            }
        }
        if setup.fullmove_number == 0 {
            problems.push(PositionProblem::MoveNumberZero);
        }
        for color in Color::ALL {
            let r = setup.castling[color.index()];
            let c = color.index();
            let ok_king = !r.king
                || pos.piece_at(KING_HOME[c])
                    == Some(Piece {
                        color,
                        role: Role::King,
                    });
            let rook = Some(Piece {
                color,
                role: Role::Rook,
            });
            let ok_q = !r.queen_rook || (r.king && pos.piece_at(ROOK_HOME[c][0]) == rook);
            let ok_k = !r.king_rook || (r.king && pos.piece_at(ROOK_HOME[c][1]) == rook);
            if !(ok_king && ok_q && ok_k) {
                problems.push(PositionProblem::Castling(color));
            }
        }
        if !pos.special_fits() {
            problems.push(PositionProblem::Special);
        }
        if problems.is_empty() {
            let them = pos.state.turn.other();
            if pos.attacked_by(pos.king(them), pos.state.turn, &pos.occupancy()) {
                problems.push(PositionProblem::OppositeCheck);
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        pos.state.hash = pos.compute_hash();
        Ok(pos)
    }

    fn special_fits(&self) -> bool {
        let us = self.state.turn;
        let mover = us.other();
        match self.state.special {
            Special::None => true,
            Special::EnPassant { pawn, steps } => {
                if !(2..=3).contains(&steps) || !self.by_color[mover.index()].has(pawn.index()) {
                    return false;
                }
                let mut at = pawn.index();
                for _ in 0..steps {
                    let next = STEPS[at][FORWARD[us.index()]];
                    if next == NO_CELL {
                        return false;
                    }
                    at = next as usize;
                }
                // `at` is the start hex; the passed hexes must be empty.
                self.ep_targets()[0].is_some()
                    && self
                        .ep_targets()
                        .iter()
                        .flatten()
                        .all(|t| !self.occupied().has(t.index()))
            }
            Special::Scornful { pawn, capturer } => {
                self.by_color[mover.index()].has(pawn.index())
                    && self.piece_at(capturer)
                        == Some(Piece {
                            color: us,
                            role: Role::Pawn,
                        })
                    && PAWN_OBLIQUE_DIRS[us.index()]
                        .iter()
                        .any(|&d| STEPS[capturer.index()][d] as usize == pawn.index())
            }
        }
    }

    /// The e.p. target hexes (first = next to the stepped pawn).
    pub(crate) fn ep_targets(&self) -> [Option<Cell>; 2] {
        match self.state.special {
            Special::EnPassant { pawn, steps } => {
                let back = FORWARD[self.state.turn.index()];
                let t1 = pawn.step(back);
                let t2 = if steps == 3 {
                    t1.and_then(|t| t.step(back))
                } else {
                    None
                };
                [t1, t2]
            }
            _ => [None, None],
        }
    }

    /// The plain-data setup of this position.
    pub fn to_setup(&self) -> Setup {
        let mut board = [None; CELL_COUNT];
        for cell in Cell::ALL {
            board[cell.index()] = self.piece_at(cell);
        }
        Setup {
            board,
            turn: self.state.turn,
            castling: [
                CastlingRights::from_bits(self.state.castling[0]),
                CastlingRights::from_bits(self.state.castling[1]),
            ],
            special: self.state.special,
            halfmove_clock: self.state.halfmove_clock,
            fullmove_number: self.state.fullmove_number,
        }
    }

    #[inline]
    fn put(&mut self, cell: usize, p: Piece) {
        self.by_color[p.color.index()].0[cell >> 6] |= 1 << (cell & 63);
        self.by_role[p.role.index()].0[cell >> 6] |= 1 << (cell & 63);
        self.roles[cell] = Some(p.role);
        self.lines.toggle(cell, p.color);
        self.state.hash ^= ZOBRIST.pieces[p.color.index()][p.role.index()][cell];
    }

    #[inline]
    fn remove(&mut self, cell: usize) -> Option<Piece> {
        let p = self.piece_at_index(cell)?;
        self.by_color[p.color.index()].0[cell >> 6] &= !(1 << (cell & 63));
        self.by_role[p.role.index()].0[cell >> 6] &= !(1 << (cell & 63));
        self.roles[cell] = None;
        self.lines.toggle(cell, p.color);
        self.state.hash ^= ZOBRIST.pieces[p.color.index()][p.role.index()][cell];
        Some(p)
    }

    #[inline]
    pub(crate) fn piece_at_index(&self, cell: usize) -> Option<Piece> {
        let role = self.role_at(cell)?;
        let color = if self.by_color[0].has(cell) {
            Color::White
        } else {
            Color::Black
        };
        Some(Piece { color, role })
    }

    /// The role of the man on a cell, if any (the mailbox).
    #[inline]
    pub(crate) fn role_at(&self, cell: usize) -> Option<Role> {
        self.roles[cell]
    }

    /// The roles of the men on every cell by dense index (`None` on an empty cell and past
    /// the board's 169 cells), for the move list's captures.
    #[inline(always)]
    pub(crate) fn roles(&self) -> &[Option<Role>; ROLE_SLOTS] {
        &self.roles
    }

    /// The piece on a cell.
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.piece_at_index(cell.index())
    }

    /// Side to move.
    pub fn turn(&self) -> Color {
        self.state.turn
    }

    /// Castling rights of a side.
    pub fn castling(&self, color: Color) -> CastlingRights {
        CastlingRights::from_bits(self.state.castling[color.index()])
    }

    pub(crate) fn castling_bits(&self, color: Color) -> u8 {
        self.state.castling[color.index()]
    }

    /// The one-ply e.p./scornful right.
    pub fn special(&self) -> Special {
        self.state.special
    }

    /// Plies since the last pawn move or capture.
    pub fn halfmove_clock(&self) -> u32 {
        self.state.halfmove_clock
    }

    /// The move number, from 1, raised after each Black move.
    pub fn fullmove_number(&self) -> u32 {
        self.state.fullmove_number
    }

    /// All occupied cells.
    #[inline]
    pub fn occupied(&self) -> CellSet {
        self.by_color[0] | self.by_color[1]
    }

    /// The occupied cells as a set and line by line, for the attack tests.
    #[inline]
    pub(crate) fn occupancy(&self) -> Occupied<'_> {
        let lines = if self.state.unsettled == [SETTLED; 2] {
            Cow::Borrowed(&self.lines)
        } else {
            let mut lines = self.lines;
            lines.settle(self.state.unsettled, self.state.turn.other());
            Cow::Owned(lines)
        };
        Occupied {
            cells: self.occupied(),
            lines,
        }
    }

    /// Flips the line bits that plays have deferred (see [`Position::play_unchecked`]). A caller
    /// that generates moves from many copies of this position (perft) settles it once first.
    #[inline]
    pub(crate) fn settle_lines(&mut self) {
        // The deferred flips are the last ply's, its mover the side not to move (and, while a
        // ply records its own flips before passing the turn, the side that moved before it).
        self.lines
            .settle(self.state.unsettled, self.state.turn.other());
        self.state.unsettled = [SETTLED; 2];
    }

    /// Records the cells whose line bits a move flips, for the next generation to apply.
    #[inline(always)]
    fn defer_line_toggles(&mut self, cells: [u8; 2]) {
        if self.state.unsettled[0] != SETTLED {
            self.settle_lines();
        }
        self.state.unsettled = cells;
    }

    /// The cells of one side's pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> CellSet {
        self.by_color[color.index()]
    }

    /// The cells of one role's pieces (both sides).
    #[inline]
    pub fn by_role(&self, role: Role) -> CellSet {
        self.by_role[role.index()]
    }

    /// The cells of one piece kind.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> CellSet {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The king of `color`.
    #[inline]
    pub(crate) fn king(&self, color: Color) -> usize {
        self.pieces(color, Role::King).first().unwrap_or(0)
    }

    /// Whether `color`'s king is unmoved (castling right) — it then stands on its home hex.
    #[inline]
    pub(crate) fn king_unmoved(&self, color: Color) -> bool {
        self.state.castling[color.index()] & KING_BIT != 0
    }

    /// The Zobrist hash, kept incrementally; equal positions hash alike.
    pub fn zobrist_hash(&self) -> u64 {
        self.state.hash
    }

    fn special_key(special: Special) -> u64 {
        match special {
            Special::None => 0,
            Special::EnPassant { pawn, steps } => {
                ZOBRIST.special_pawn[pawn.index()] ^ if steps == 3 { ZOBRIST.triple } else { 0 }
            }
            Special::Scornful { pawn, capturer } => {
                ZOBRIST.special_pawn[pawn.index()] ^ ZOBRIST.capturer[capturer.index()]
            }
        }
    }

    #[inline]
    fn castling_key(c: [u8; 2]) -> u64 {
        ZOBRIST.castling_rights[0][c[0] as usize & 7]
            ^ ZOBRIST.castling_rights[1][c[1] as usize & 7]
    }

    /// The hash computed from scratch (equals [`Position::zobrist_hash`]).
    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for cell in 0..CELL_COUNT {
            if let Some(p) = self.piece_at_index(cell) {
                h ^= ZOBRIST.pieces[p.color.index()][p.role.index()][cell];
            }
        }
        if self.state.turn == Color::Black {
            h ^= ZOBRIST.black;
        }
        h ^ Position::castling_key(self.state.castling) ^ Position::special_key(self.state.special)
    }

    /// The allowed promotion roles of `color` by promotion-hex colour (bit = role index).
    pub(crate) fn promotion_masks(&self, color: Color) -> [u16; 3] {
        let own = self.by_color[color.index()];
        let mut base = 0u16;
        for role in [
            Role::Queen,
            Role::Wyvern,
            Role::Rook,
            Role::Pegasus,
            Role::Knight,
        ] {
            if (self.by_role[role.index()] & own).len() < role.initial_count() {
                base |= 1 << role.index();
            }
        }
        let bishops = self.by_role[Role::Bishop.index()] & own;
        let mut out = [base; 3];
        for (k, m) in out.iter_mut().enumerate() {
            if !bishops.intersects(&SHADE_CELLS[k]) {
                *m |= 1 << Role::Bishop.index();
            }
        }
        out
    }
}

impl PartialEq for Position {
    /// The same men, side to move, rights, special right, clocks (and so hash); the lines are
    /// derived from the men, whether or not their deferred bits are flipped yet.
    fn eq(&self, other: &Position) -> bool {
        self.by_color == other.by_color
            && self.by_role == other.by_role
            && self.state.turn == other.state.turn
            && self.state.castling == other.state.castling
            && self.state.special == other.state.special
            && self.state.halfmove_clock == other.state.halfmove_clock
            && self.state.fullmove_number == other.state.fullmove_number
            && self.state.hash == other.state.hash
    }
}

impl Eq for Position {}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.state.hash);
    }
}
