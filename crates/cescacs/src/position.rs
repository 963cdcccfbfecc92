//! The validated [`Position`]: play / play_unchecked, attacks, hash, check and outcome.

use core::fmt;
use core::str::FromStr;

use crate::board::{
    for_each_index, Cell, CellSet, Color, Piece, Role, Shade, CELL_COUNT, COORDS, ELEPHANT_DIAG,
    FORWARD, KING_HOME, KING_STEPS, KNIGHT, LINES, PAWN_ATTACKS, PAWN_OBLIQUE_DIRS, ROOK_HOME,
    SHADE_CELLS, SINGLE, STEPS, ZOBRIST,
};
use crate::lines::{places, LineOccupancy, Occupied, ALL_AXES, DIAGONAL_AXES, ORTHOGONAL_AXES};
use std::borrow::Cow;

use crate::moves::{Move, ParseMoveError};
use crate::setup::{CastlingRights, ParseSetupError, Setup, Special};
use hexvar_geometry::san::cut;
use hexvar_geometry::table::NO_CELL;
use hexvar_geometry::{Disambiguation, DrawReason, ParseSanError, San};

/// Castling-rights bit: the king is unmoved.
pub(crate) const KING_BIT: u8 = 1;
/// Castling-rights bit: the queen's rook (C3/C25) is unmoved.
pub(crate) const QUEEN_ROOK_BIT: u8 = 2;
/// Castling-rights bit: the king's rook (I3/I25) is unmoved.
pub(crate) const KING_ROOK_BIT: u8 = 4;
/// The rook bits by rook: `[queen's rook, king's rook]`, as in `ROOK_HOME`.
pub(crate) const ROOK_BITS: [u8; 2] = [QUEEN_ROOK_BIT, KING_ROOK_BIT];

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

/// What [`Position::play_man`] changed besides the men, to take the move back.
#[derive(Clone, Copy)]
pub(crate) struct TakeBack {
    captured: Option<Role>,
    state: PlyState,
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

/// Why a [`Setup`] is not a legal position: every broken rule.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("illegal position: {}", .problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; "))]
pub struct PositionError {
    /// The broken rules.
    pub problems: Vec<PositionProblem>,
}

/// A position text that is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParsePositionError {
    /// The text is not PDTL.
    #[error(transparent)]
    Setup(#[from] ParseSetupError),
    /// The setup is not legal.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A move that is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("illegal move {mv}")]
pub struct IllegalMove {
    /// The move.
    pub mv: Move,
}

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// Checkmate: the winner scores 3–0.
    Checkmate,
    /// Stalemate: a win "by the slightest" for the stalemating side, 2–1.
    Stalemate,
}

impl WinReason {
    /// The reason in lowercase words.
    pub const fn as_str(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
            WinReason::Stalemate => "stalemate",
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a game ended. C'escacs scores 3-1-0: mate 3–0, stalemate 2–1 for the stalemating side,
/// a draw 1–1 ([`Outcome::points`]).
///
/// ```
/// use hexvar_cescacs::{Color, DrawReason, Outcome, WinReason};
/// use hexvar_geometry::VariantOutcome;
///
/// let stalemate = Outcome::Decisive { winner: Color::Black, reason: WinReason::Stalemate };
/// assert_eq!(stalemate.winner(), Some(Color::Black));
/// assert_eq!(stalemate.points(), (1, 2));
/// assert_eq!(stalemate.result_token(), "1-2");
/// let draw = Outcome::Draw { reason: DrawReason::Agreement };
/// assert!(draw.is_draw());
/// assert_eq!(draw.points(), (1, 1));
/// assert_eq!(draw.result_token(), "1-1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// A side won.
    Decisive {
        /// The winner (for a stalemate: the stalemating side, the one not to move).
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// A draw, 1–1.
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

    /// The author's 3-1-0 scoring: `(White's points, Black's points)`.
    pub const fn points(self) -> (u8, u8) {
        let (win, lose) = match self {
            Outcome::Decisive {
                reason: WinReason::Checkmate,
                ..
            } => (3, 0),
            Outcome::Decisive {
                reason: WinReason::Stalemate,
                ..
            } => (2, 1),
            Outcome::Draw { .. } => return (1, 1),
        };
        match self.winner() {
            Some(Color::Black) => (lose, win),
            _ => (win, lose),
        }
    }

    /// The reason in lowercase words.
    pub const fn reason_str(self) -> &'static str {
        match self {
            Outcome::Decisive { reason, .. } => reason.as_str(),
            Outcome::Draw { reason } => reason.as_str(),
        }
    }
}

impl fmt::Display for Outcome {
    /// `White wins by checkmate`, `Black wins by stalemate`, `draw by agreement`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Decisive { winner, reason } => {
                write!(f, "{} wins by {reason}", winner.name())
            }
            Outcome::Draw { reason } => write!(f, "draw by {reason}"),
        }
    }
}

impl hexvar_geometry::VariantOutcome for Outcome {
    type Color = Color;
    type Winner = Color;

    fn draw(reason: DrawReason) -> Outcome {
        Outcome::Draw { reason }
    }

    fn winner(&self) -> Option<Color> {
        Outcome::winner(*self)
    }

    fn is_win_for(&self, color: Color) -> bool {
        Outcome::winner(*self) == Some(color)
    }

    fn draw_reason(&self) -> Option<DrawReason> {
        match *self {
            Outcome::Draw { reason } => Some(reason),
            Outcome::Decisive { .. } => None,
        }
    }

    fn reason(&self) -> &'static str {
        self.reason_str()
    }

    /// The author's 3-1-0 points, White's first, as his records write them: `3-0`, `0-3`
    /// (mate), `2-1`, `1-2` (stalemate), `1-1` (draw).
    fn result_token(&self) -> String {
        let (white, black) = self.points();
        format!("{white}-{black}")
    }
}

impl Position {
    /// The start position.
    pub fn new() -> Position {
        Position::from_setup(Setup::start()).expect("the start position is legal")
    }

    /// Validates a [`Setup`]. The error lists every broken rule.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut pos = Position {
            by_color: [CellSet::EMPTY; 2],
            by_role: [CellSet::EMPTY; 9],
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
        self.lines.toggle(cell);
        self.state.hash ^= ZOBRIST.pieces[p.color.index()][p.role.index()][cell];
    }

    #[inline]
    fn remove(&mut self, cell: usize) -> Option<Piece> {
        let p = self.piece_at_index(cell)?;
        self.by_color[p.color.index()].0[cell >> 6] &= !(1 << (cell & 63));
        self.by_role[p.role.index()].0[cell >> 6] &= !(1 << (cell & 63));
        self.lines.toggle(cell);
        self.state.hash ^= ZOBRIST.pieces[p.color.index()][p.role.index()][cell];
        Some(p)
    }

    #[inline]
    pub(crate) fn piece_at_index(&self, cell: usize) -> Option<Piece> {
        let color = if self.by_color[0].has(cell) {
            Color::White
        } else if self.by_color[1].has(cell) {
            Color::Black
        } else {
            return None;
        };
        let role = self.role_at(cell)?;
        Some(Piece { color, role })
    }

    /// The role of the man on a cell, if any (the role sets are disjoint). Kept out of line:
    /// the move list asks it for captures only.
    #[inline(never)]
    pub(crate) fn role_at(&self, cell: usize) -> Option<Role> {
        Role::ALL
            .into_iter()
            .find(|r| self.by_role[r.index()].has(cell))
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
            for cell in self.state.unsettled {
                if cell != SETTLED {
                    lines.toggle(cell as usize);
                }
            }
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
        for cell in self.state.unsettled {
            if cell != SETTLED {
                self.lines.toggle(cell as usize);
            }
        }
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

    /// Whether `cell` is attacked by `by`'s pieces, with occupancy `occ`, not counting the
    /// unmoved king's leap.
    pub(crate) fn attacked_by_no_leap(&self, cell: usize, by: Color, occ: &Occupied) -> bool {
        self.attacked_by_non_sliders(cell, by, occ) || self.attacked_by_sliders(cell, by, occ)
    }

    /// Leapers, king steps, pawns and elephants (not the unmoved king's leap).
    #[inline]
    pub(crate) fn attacked_by_non_sliders(&self, cell: usize, by: Color, occ: &Occupied) -> bool {
        let them = self.by_color[by.index()];
        let r = &self.by_role;
        let leapers =
            (r[Role::Knight.index()] | r[Role::Wyvern.index()] | r[Role::Pegasus.index()]) & them;
        if KNIGHT[cell].intersects(&leapers) {
            return true;
        }
        if KING_STEPS[cell].intersects(&(r[Role::King.index()] & them)) {
            return true;
        }
        let other = by.other().index();
        if PAWN_ATTACKS[other][cell].intersects(&(r[Role::Pawn.index()] & them)) {
            return true;
        }
        let elephants = r[Role::Elephant.index()] & them;
        if !elephants.is_empty() {
            if ELEPHANT_DIAG[cell].intersects(&elephants) {
                return true;
            }
            let back = FORWARD[other];
            let mid = STEPS[cell][back];
            if mid != NO_CELL {
                let mid = mid as usize;
                if elephants.has(mid) {
                    return true;
                }
                if !occ.cells.has(mid) {
                    let far = STEPS[mid][back];
                    if far != NO_CELL && elephants.has(far as usize) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Every hex `by` attacks with occupancy `occ`, not counting the unmoved king's leap.
    pub(crate) fn attack_map(&self, by: Color, occ: &Occupied) -> CellSet {
        let them = self.by_color[by.index()];
        let role = |r: Role| self.by_role[r.index()] & them;
        let queens = role(Role::Queen);
        let mut map = CellSet::EMPTY;
        let leapers = role(Role::Knight) | role(Role::Wyvern) | role(Role::Pegasus);
        for_each_index(leapers, |from| map |= KNIGHT[from]);
        for_each_index(role(Role::King), |from| map |= KING_STEPS[from]);
        for_each_index(role(Role::Pawn), |from| {
            map |= PAWN_ATTACKS[by.index()][from]
        });
        for_each_index(role(Role::Elephant), |from| {
            map |= elephant_targets(from, by, &occ.cells)
        });
        for_each_index(role(Role::Rook) | role(Role::Wyvern) | queens, |from| {
            map |= occ.lines.slide(from, ORTHOGONAL_AXES)
        });
        for_each_index(role(Role::Bishop) | role(Role::Pegasus) | queens, |from| {
            map |= occ.lines.slide(from, DIAGONAL_AXES)
        });
        map
    }

    /// Orthogonal and diagonal sliders.
    #[inline]
    fn attacked_by_sliders(&self, cell: usize, by: Color, occ: &Occupied) -> bool {
        let them = self.by_color[by.index()];
        let r = &self.by_role;
        // Look at the nearest men on each line through the cell that holds a slider.
        let queens = r[Role::Queen.index()] & them;
        let sliders = [
            (r[Role::Rook.index()] | r[Role::Wyvern.index()]) & them | queens,
            (r[Role::Bishop.index()] | r[Role::Pegasus.index()]) & them | queens,
        ];
        let places = places(cell);
        let kinds = [ORTHOGONAL_AXES, DIAGONAL_AXES];
        sliders
            .iter()
            .zip(kinds)
            .enumerate()
            .any(|(kind, (sl, axes))| {
                LINES[kind][cell].intersects(sl)
                    && axes.into_iter().any(|axis| {
                        let place = places[axis];
                        LineOccupancy::cells_of(place.line).intersects(sl) && {
                            let (below, above) = occ.lines.nearest_men(place);
                            sl.has(below) || sl.has(above)
                        }
                    })
            })
    }

    /// Whether `by`'s unmoved king attacks its leap hexes now (rules §7.2: unmoved at home and not in
    /// check, that check judged without leap attacks).
    #[inline]
    pub(crate) fn leap_active(&self, by: Color, occ: &Occupied) -> bool {
        self.king_unmoved(by) && !self.attacked_by_no_leap(self.king(by), by.other(), occ)
    }

    /// Whether `cell` is attacked by `by`, with occupancy `occ`.
    pub(crate) fn attacked_by(&self, cell: usize, by: Color, occ: &Occupied) -> bool {
        if self.attacked_by_no_leap(cell, by, occ) {
            return true;
        }
        self.king_unmoved(by)
            && KNIGHT[cell].has(KING_HOME[by.index()].index())
            && self.leap_active(by, occ)
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.attacked_by(
            self.king(self.state.turn),
            self.state.turn.other(),
            &self.occupancy(),
        )
    }

    /// The enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> CellSet {
        let us = self.state.turn;
        let them = us.other();
        let k = self.king(us);
        let occ = self.occupancy();
        let mut out = CellSet::EMPTY;
        for cell in self.by_color[them.index()].iter() {
            if self.attacks_from(cell, &occ).has(k) {
                out = out.with(cell);
            }
        }
        out
    }

    /// The cells the piece on `from` attacks (pawns: forward diagonals; an unmoved king at home
    /// not in check: its leap hexes too).
    pub(crate) fn attacks_from(&self, from: usize, occ: &Occupied) -> CellSet {
        let Some(p) = self.piece_at_index(from) else {
            return CellSet::EMPTY;
        };
        match p.role {
            Role::King => {
                let mut a = KING_STEPS[from];
                if self.king_unmoved(p.color)
                    && from == KING_HOME[p.color.index()].index()
                    && !self.attacked_by_no_leap(from, p.color.other(), occ)
                {
                    a |= KNIGHT[from];
                }
                a
            }
            Role::Queen => occ.lines.slide(from, ALL_AXES),
            Role::Wyvern => occ.lines.slide(from, ORTHOGONAL_AXES) | KNIGHT[from],
            Role::Rook => occ.lines.slide(from, ORTHOGONAL_AXES),
            Role::Pegasus => occ.lines.slide(from, DIAGONAL_AXES) | KNIGHT[from],
            Role::Knight => KNIGHT[from],
            Role::Bishop => occ.lines.slide(from, DIAGONAL_AXES),
            Role::Elephant => elephant_targets(from, p.color, &occ.cells),
            Role::Pawn => PAWN_ATTACKS[p.color.index()][from],
        }
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

    /// Plays a move known to be legal (the hot path). An illegal move leaves the position in
    /// an unspecified (but memory-safe) state. The line occupancy of the moved man's cells is
    /// updated lazily, by the next move generation on this position (or the next play).
    // Out of line: inlined into the perft loop it measured 15 % more instructions per leaf.
    #[inline(never)]
    pub fn play_unchecked(&mut self, m: Move) {
        self.start_ply();
        match m {
            Move::Normal {
                role,
                from,
                capture,
                to,
                promotion,
            } => self.play_normal(role, from.index(), capture, to.index(), promotion),
            special => self.play_special(special),
        }
        self.finish_ply();
    }

    /// Plays an ordinary move or capture without promotion of the man `role` known to be legal
    /// (perft plays the set-wise layer's destinations this way, with no [`Move`] to build), and
    /// returns what [`Position::take_back_man`] needs to take it back. The position must be
    /// settled ([`Position::settle_lines`]), so that the take-back knows its lines.
    #[inline(always)]
    pub(crate) fn play_man(&mut self, role: Role, from: usize, to: usize) -> TakeBack {
        debug_assert!(self.state.unsettled == [SETTLED; 2]);
        let captured = if self.by_color[self.state.turn.other().index()].has(to) {
            self.role_at(to)
        } else {
            None
        };
        let saved = TakeBack {
            captured,
            state: self.state,
        };
        self.start_ply();
        self.play_normal(role, from, captured, to, None);
        self.finish_ply();
        saved
    }

    /// Takes back the move [`Position::play_man`] played (make and take back: perft plays its
    /// leaves on one position instead of copying it per move). The position is as `play_man`
    /// left it, or settled since.
    #[inline(always)]
    pub(crate) fn take_back_man(&mut self, role: Role, from: usize, to: usize, saved: TakeBack) {
        if self.state.unsettled[0] == SETTLED {
            // Settled since the move: flip the moved man's line bits back.
            self.lines.toggle(from);
            if saved.captured.is_none() {
                self.lines.toggle(to);
            }
        }
        self.state = saved.state;
        let c = self.state.turn.index();
        let (from_bit, to_bit) = (&SINGLE[from], &SINGLE[to]);
        self.by_color[c] ^= *from_bit | *to_bit;
        self.by_role[role.index()] ^= *from_bit | *to_bit;
        if let Some(cap) = saved.captured {
            self.by_color[c ^ 1] ^= *to_bit;
            self.by_role[cap.index()] ^= *to_bit;
        }
    }

    /// The start of every ply: the one-ply special right gone (and its key out of the hash), the
    /// clock raised (a pawn move or capture resets it).
    #[inline(always)]
    fn start_ply(&mut self) {
        self.state.hash ^= self.state.special_key;
        self.state.special_key = 0;
        self.state.special = Special::None;
        self.state.halfmove_clock = self.state.halfmove_clock.saturating_add(1);
    }

    /// Sets a side's castling rights (an index into [`Color::ALL`]) and their key in the hash:
    /// where they change, so that a ply need not compare them.
    #[inline(always)]
    fn set_castling(&mut self, side: usize, bits: u8) {
        let keys = &ZOBRIST.castling_rights[side];
        let old = self.state.castling[side];
        if old != bits {
            self.state.hash ^= keys[old as usize & 7] ^ keys[bits as usize & 7];
            self.state.castling[side] = bits;
        }
    }

    /// Sets the one-ply special right a pawn's move creates, and its key in the hash.
    #[inline(always)]
    fn set_special(&mut self, special: Special) {
        let key = Position::special_key(special);
        self.state.special = special;
        self.state.special_key = key;
        self.state.hash ^= key;
    }

    /// The end of every ply: the move number and the side to move.
    #[inline(always)]
    fn finish_ply(&mut self) {
        // After Black's move (index 1), without a branch.
        let black_moved = self.state.turn.index() as u32;
        self.state.fullmove_number = self.state.fullmove_number.saturating_add(black_moved);
        self.state.turn = self.state.turn.other();
        self.state.hash ^= ZOBRIST.black;
    }

    /// The special moves (out of line: the ordinary move is the hot path).
    #[inline(never)]
    fn play_special(&mut self, m: Move) {
        let us = self.state.turn;
        match m {
            Move::Normal { .. } => unreachable!("an ordinary move is played by play_normal"),
            Move::EnPassant {
                from, to, victim, ..
            } => {
                self.remove(victim.index());
                self.remove(from.index());
                self.put(
                    to.index(),
                    Piece {
                        color: us,
                        role: Role::Pawn,
                    },
                );
                self.state.halfmove_clock = 0;
            }
            Move::Scornful {
                from,
                to,
                promotion,
                ..
            } => {
                self.remove(to.index());
                self.remove(from.index());
                self.put(
                    to.index(),
                    Piece {
                        color: us,
                        role: promotion.unwrap_or(Role::Pawn),
                    },
                );
                self.state.halfmove_clock = 0;
            }
            Move::Castle { castling: c, .. } => {
                let home = KING_HOME[us.index()].index();
                self.remove(home);
                if let Some(d) = c.queen_rook_to(us) {
                    self.remove(ROOK_HOME[us.index()][0].index());
                    self.put(
                        d.index(),
                        Piece {
                            color: us,
                            role: Role::Rook,
                        },
                    );
                }
                if let Some(d) = c.king_rook_to(us) {
                    self.remove(ROOK_HOME[us.index()][1].index());
                    self.put(
                        d.index(),
                        Piece {
                            color: us,
                            role: Role::Rook,
                        },
                    );
                }
                self.put(
                    c.king_to(us).index(),
                    Piece {
                        color: us,
                        role: Role::King,
                    },
                );
                self.set_castling(us.index(), 0);
            }
            Move::Promote { at, role } => {
                self.remove(at.index());
                self.put(at.index(), Piece { color: us, role });
                self.state.halfmove_clock = 0;
            }
        }
    }

    /// An ordinary move or capture, `capture` as the move says (the move is legal).
    #[inline(always)]
    fn play_normal(
        &mut self,
        role: Role,
        from: usize,
        capture: Option<Role>,
        to: usize,
        promotion: Option<Role>,
    ) {
        let us = self.state.turn;
        let c = us.index();
        let placed = promotion.unwrap_or(role);
        let (from_bit, to_bit) = (&SINGLE[from], &SINGLE[to]);
        if let Some(cap) = capture {
            let them = us.other();
            self.by_color[them.index()] ^= *to_bit;
            self.by_role[cap.index()] ^= *to_bit;
            self.state.hash ^= ZOBRIST.pieces[them.index()][cap.index()][to];
            self.state.halfmove_clock = 0;
            if cap == Role::Rook {
                self.clear_rook_right(them, to);
            }
        }
        // A capture leaves the destination occupied.
        let arrived = if capture.is_none() { to as u8 } else { SETTLED };
        self.defer_line_toggles([from as u8, arrived]);
        self.by_color[c] ^= *from_bit | *to_bit;
        self.by_role[role.index()] ^= *from_bit;
        self.by_role[placed.index()] ^= *to_bit;
        self.state.hash ^=
            ZOBRIST.pieces[c][role.index()][from] ^ ZOBRIST.pieces[c][placed.index()][to];
        match role {
            Role::King => self.set_castling(c, 0),
            Role::Rook => self.clear_rook_right(us, from),
            Role::Pawn => self.pawn_moved(from, to),
            _ => {}
        }
    }

    /// After a pawn move: the clock, and the e.p. or scornful right it creates.
    #[inline(always)]
    fn pawn_moved(&mut self, from: usize, to: usize) {
        let us = self.state.turn;
        self.state.halfmove_clock = 0;
        let (fc, fl) = COORDS[from];
        let (tc, tl) = COORDS[to];
        if fc == tc {
            let steps = tl.abs_diff(fl) / 2;
            if steps >= 2 {
                self.set_special(Special::EnPassant {
                    pawn: Cell::ALL[to],
                    steps,
                });
            }
        } else if tl.abs_diff(fl) == 1 {
            let front = STEPS[from][FORWARD[us.index()]];
            if front != NO_CELL && self.pieces(us.other(), Role::Pawn).has(front as usize) {
                self.set_special(Special::Scornful {
                    pawn: Cell::ALL[to],
                    capturer: Cell::ALL[front as usize],
                });
            }
        }
    }

    fn clear_rook_right(&mut self, color: Color, cell: usize) {
        let c = color.index();
        for (home, bit) in ROOK_HOME[c].iter().zip(ROOK_BITS) {
            if cell == home.index() {
                self.set_castling(c, self.state.castling[c] & !bit);
            }
        }
    }

    /// Plays a move if it is legal; otherwise leaves the position untouched.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if self.is_legal(mv) {
            self.play_unchecked(mv);
            Ok(())
        } else {
            Err(IllegalMove { mv })
        }
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// The legal move a CTL-AN text names. Surrounding spaces, check and mate marks (`+ # ^ ∞`)
    /// and `!`/`?` are ignored, and so is letter case; a bare castling name is the mover's castling
    /// (`b KRK-II` is Black's only).
    ///
    /// ```
    /// use hexvar_cescacs::{ParseMoveError, Position};
    ///
    /// let pos = Position::new();
    /// assert_eq!(pos.parse_move(" e7-e13+ ").unwrap().to_string(), "E7-E13");
    /// assert!(matches!(pos.parse_move("E7-E15"), Err(ParseMoveError::NotLegal(_))));
    /// assert!(matches!(pos.parse_move("E7?E15"), Err(ParseMoveError::Notation(_))));
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let parsed: Move = text.parse()?;
        let legal = self.legal_moves();
        legal
            .iter()
            .copied()
            .find(|&m| m == parsed || loosely_equal(m, parsed))
            .ok_or_else(|| ParseMoveError::NotLegal(cut(text, 100)))
    }

    /// Outcome decided by the position alone: mate, stalemate, the 75-move rule, insufficient
    /// material. Repetition, claims and agreement need the game: see [`crate::Game::outcome`].
    pub fn outcome(&self) -> Option<Outcome> {
        let mut any = false;
        self.for_each_piece_moves(|pm| {
            any = !pm.is_empty();
            !any
        });
        if !any {
            let winner = self.state.turn.other();
            let reason = if self.is_check() {
                WinReason::Checkmate
            } else {
                WinReason::Stalemate
            };
            return Some(Outcome::Decisive { winner, reason });
        }
        if self.state.halfmove_clock >= AUTOMATIC_DRAW_PLIES {
            return Some(Outcome::Draw {
                reason: DrawReason::SeventyFiveMoveRule,
            });
        }
        if self.is_insufficient_material() {
            return Some(Outcome::Draw {
                reason: DrawReason::InsufficientMaterial,
            });
        }
        None
    }

    /// The draw the side to move may claim in this position alone: the fifty-move rule after
    /// 100 plies without pawn move or capture (rules §7). Repetition claims need the game's
    /// history: see [`crate::Game::claimable_draw`].
    ///
    /// ```
    /// use hexvar_cescacs::{DrawReason, Position};
    ///
    /// let pos: Position = "/27:1k/14:3R3/1:1K/ w - - 100 80".parse()?;
    /// assert_eq!(pos.claimable_draw(), Some(DrawReason::FiftyMoveRule));
    /// assert_eq!(pos.outcome(), None);
    /// assert_eq!(Position::new().claimable_draw(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        (self.state.halfmove_clock >= CLAIM_PLIES).then_some(DrawReason::FiftyMoveRule)
    }

    /// Rules §7.9: no pawns, and neither side has a major piece (D, V, R), a Pegasus with another minor
    /// piece (G, N, J, E), or two Pegasi.
    pub fn is_insufficient_material(&self) -> bool {
        if !self.by_role[Role::Pawn.index()].is_empty() {
            return false;
        }
        Color::ALL.iter().all(|&c| {
            let majors = self.pieces(c, Role::Queen)
                | self.pieces(c, Role::Wyvern)
                | self.pieces(c, Role::Rook);
            let pegasi = self.pieces(c, Role::Pegasus).len();
            let minors = (self.pieces(c, Role::Knight)
                | self.pieces(c, Role::Bishop)
                | self.pieces(c, Role::Elephant))
            .len();
            majors.is_empty() && pegasi < 2 && !(pegasi == 1 && minors > 0)
        })
    }

    /// Whether the move is a capture.
    pub fn is_capture(&self, m: Move) -> bool {
        m.capture().is_some()
    }

    /// The man a legal move takes off the board: the man on its destination, the e.p. victim
    /// behind it, or the scornful pawn (or the piece any of these promoted to).
    ///
    /// ```
    /// use hexvar_cescacs::{Color, Piece, Position, Role};
    ///
    /// let pos: Position = "/27:1k/21:1p5/19:1Q5/1:1K/ w - - 0 1".parse()?;
    /// let take = pos.parse_san("DA19×A21")?;
    /// assert_eq!(pos.captured(take), Some(Piece { color: Color::Black, role: Role::Pawn }));
    /// assert_eq!(pos.captured(pos.parse_san("KG1-G3")?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captured(&self, mv: Move) -> Option<Piece> {
        mv.capture().map(|role| Piece {
            color: self.state.turn.other(),
            role,
        })
    }

    /// Whether a legal move resets the halfmove clock (and so makes every earlier position
    /// unrepeatable): a capture, a pawn move (e.p., scornful captures and promotions included)
    /// and an in-place promotion. Castlings and King's leaps without capture do not, as in
    /// [`Position::play`].
    pub fn is_zeroing(&self, mv: Move) -> bool {
        match mv {
            Move::Normal { role, capture, .. } => role == Role::Pawn || capture.is_some(),
            Move::EnPassant { .. } | Move::Scornful { .. } | Move::Promote { .. } => true,
            Move::Castle { .. } => false,
        }
    }

    /// Whether `other` is the same position for the repetition rules: the same men, side to
    /// move and castling rights (the king's right includes its leap), and the same e.p. or
    /// scornful right where one of them can be used by a legal move; the clocks are left out.
    /// (The hash and the position text keep an unusable right; repetition does not.)
    ///
    /// ```
    /// use hexvar_cescacs::Position;
    ///
    /// let a: Position = "/27:1k/14:3R3/1:1K/ w - - 0 1".parse()?;
    /// let b: Position = "/27:1k/14:3R3/1:1K/ w - - 37 60".parse()?;
    /// assert!(a.is_repetition_of(&b));
    /// assert!(!a.is_repetition_of(&Position::new()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_repetition_of(&self, other: &Position) -> bool {
        self.state.turn == other.state.turn
            && self.by_color == other.by_color
            && self.by_role == other.by_role
            && self.state.castling == other.state.castling
            && (self.state.special == other.state.special
                || self.usable_special() == other.usable_special())
    }

    /// The e.p. or scornful right if a legal move uses it, else [`Special::None`].
    fn usable_special(&self) -> Special {
        let used = self.state.special != Special::None
            && self
                .legal_moves()
                .iter()
                .any(|m| matches!(m, Move::EnPassant { .. } | Move::Scornful { .. }));
        if used {
            self.state.special
        } else {
            Special::None
        }
    }

    /// Writes a legal move's SAN body (no check or mate suffix): its CTL notation, which always
    /// names the cell a move leaves, so every level of `origin` writes the same text (and that
    /// text is unique among the legal moves). A castling is its name alone, for either side.
    /// See [`Position::san`].
    pub fn write_san(&self, mv: Move, origin: Disambiguation, out: &mut String) {
        use core::fmt::Write;
        let _ = origin;
        match mv {
            Move::Castle { castling, .. } => out.push_str(castling.name()),
            _ => {
                // Writing to a `String` cannot fail.
                let _ = write!(out, "{mv}");
            }
        }
    }

    /// A legal move in short algebraic notation: the author's CTL notation (piece letter, the
    /// cell left, `-` or `×` and the captured piece's letter, the cell reached; `@`/`@@` for
    /// e.p. and scornful captures; castlings by name; `=X` promotions), with `+` for check and
    /// `#` for mate.
    ///
    /// ```
    /// use hexvar_cescacs::Position;
    ///
    /// let mut pos = Position::new();
    /// for text in ["E7-E13", "E21-E15", "F8-F12", "F20-F16"] {
    ///     pos.play(pos.parse_san(text)?)?;
    /// }
    /// let take = pos.parse_san("E13xF16")?;
    /// assert_eq!(pos.san(take), "E13×F16");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn san(&self, mv: Move) -> San {
        // The body names the cell a move leaves, so it is unique at the least level: no other
        // legal move need be written to compare (geometry's `san` writes them all).
        let mut text = String::new();
        self.write_san(mv, Disambiguation::None, &mut text);
        text.push_str(hexvar_geometry::san::suffix(self, mv));
        San::new(text)
    }

    /// The legal move a SAN text names: the CTL notation as [`Position::san`] writes it, or
    /// anything [`Position::parse_move`] reads (letter case, `*` or `x` for `×`, the author's
    /// check marks `+^`, `+∞`, `++`).
    ///
    /// ```
    /// use hexvar_cescacs::{ParseSanError, Position};
    ///
    /// let pos = Position::new();
    /// let m = pos.parse_san("e7-e13+")?;
    /// assert_eq!(pos.san(m), "E7-E13");
    /// assert!(matches!(pos.parse_san("E7-E15"), Err(ParseSanError::NotLegal { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, ParseSanError> {
        // The SAN body is the move notation, which `parse_move` reads with one move generation;
        // geometry's reader (every legal move's SAN at every level compared with the text) is
        // left for what it forgives beyond that, such as a capture without its sign (`GL5GE5`).
        match self.parse_move(text) {
            Ok(mv) => Ok(mv),
            Err(_) => hexvar_geometry::san::parse_san(self, text),
        }
    }
}

/// The moves of an Elephant of `color` on `from` (also its attacks).
#[inline]
pub(crate) fn elephant_targets(from: usize, color: Color, occ: &CellSet) -> CellSet {
    let mut t = ELEPHANT_DIAG[from];
    let f = FORWARD[color.index()];
    let one = STEPS[from][f];
    if one != NO_CELL {
        t = t.with(one as usize);
        if !occ.has(one as usize) {
            let two = STEPS[one as usize][f];
            if two != NO_CELL {
                t = t.with(two as usize);
            }
        }
    }
    t
}

/// Whether a parsed move names a legal one whose text leaves out what the position tells: the
/// e.p. victim's role, the scornful victim's role, the castling side.
fn loosely_equal(legal: Move, parsed: Move) -> bool {
    match (legal, parsed) {
        // A bare name reads as White's: it names the mover's; `b KRK-II` names Black's only.
        (
            Move::Castle { castling: a, color },
            Move::Castle {
                castling: b,
                color: named,
            },
        ) => a == b && (named == Color::White || named == color),
        (Move::EnPassant { from: a, to: b, .. }, Move::EnPassant { from: c, to: d, .. }) => {
            a == c && b == d
        }
        (
            Move::Scornful {
                from: a,
                to: b,
                promotion: p,
                ..
            },
            Move::Scornful {
                from: c,
                to: d,
                promotion: q,
                ..
            },
        ) => a == c && b == d && p == q,
        _ => false,
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

impl Default for Position {
    fn default() -> Position {
        Position::new()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

impl FromStr for Position {
    type Err = ParsePositionError;
    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        Ok(Position::from_setup(s.parse()?)?)
    }
}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.state.hash);
    }
}
