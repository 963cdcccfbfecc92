//! The validated [`Position`]: play / play_unchecked, attacks, hash, check and outcome.

use core::fmt;
use core::str::FromStr;

use crate::board::FastBits;
use crate::board::{
    between, positive, Bits, Cell, CellColor, Color, Piece, Role, CELL_COUNT, COLOR_CELLS,
    ELEPHANT_DIAG, FORWARD, KING_HOME, KING_STEPS, KNIGHT, LINES, PAWN_ATTACKS, PAWN_OBLIQUE_DIRS,
    RAYS, ROOK_HOME, STEPS, ZOBRIST_MISC, ZOBRIST_PIECES,
};
use crate::moves::{Move, ParseMoveError};
use crate::setup::{CastlingRights, ParseSetupError, Setup, Special};
use hexvar_geometry::table::NO_CELL;

const KING_BIT: u8 = 1;
const QROOK_BIT: u8 = 2;
const KROOK_BIT: u8 = 4;

/// A legal game position: the board, side to move, castling rights, the one-ply e.p. or
/// scornful right, clocks and an incrementally kept Zobrist hash.
#[derive(Clone, PartialEq, Eq)]
pub struct Position {
    /// 0 = empty, else 1 + 9·colour + role.
    mailbox: [u8; CELL_COUNT],
    by_color: [Bits; 2],
    by_role: [Bits; 9],
    turn: Color,
    castling: [u8; 2],
    special: Special,
    halfmoves: u32,
    fullmoves: u32,
    hash: u64,
}

/// One broken rule found by [`Position::from_setup`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
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
}

/// Why a [`Setup`] is not a legal position: every broken rule.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal position: {}", .problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; "))]
pub struct PositionError {
    /// The broken rules.
    pub problems: Vec<PositionProblem>,
}

/// A position text that is not a legal position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// The text is not PDTL.
    #[error(transparent)]
    Setup(#[from] ParseSetupError),
    /// The setup is not legal.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// A move that is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {0}")]
pub struct IllegalMove(pub Move);

/// A move text that names no legal move.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The text is not CTL-AN.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The move is not legal here.
    #[error("no legal move {0:?} in this position")]
    Illegal(String),
}

/// Why a game ended in a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// 75 moves each (150 plies) without pawn move or capture: automatic.
    SeventyFiveMoves,
    /// Neither side can mate (§7).
    InsufficientMaterial,
    /// The same position for the fifth time: automatic ([`crate::Game`] only).
    FivefoldRepetition,
    /// A claim after the third occurrence of a position ([`crate::Game::claim_draw`]).
    ThreefoldRepetition,
    /// A claim after 50 moves each without pawn move or capture ([`crate::Game::claim_draw`]).
    FiftyMoves,
    /// Both players agreed ([`crate::Game::agree_draw`]).
    Agreement,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Checkmate: `winner` scores 3–0.
    Checkmate {
        /// The mating side.
        winner: Color,
    },
    /// Stalemate: a win "by the slightest", 2–1 for the stalemating side `winner`.
    Stalemate {
        /// The stalemating side (the one not to move).
        winner: Color,
    },
    /// A draw, 1–1.
    Draw(DrawReason),
}

impl Outcome {
    /// The author's 3-1-0 scoring: `(White's points, Black's points)`.
    pub fn points(self) -> (u8, u8) {
        match self {
            Outcome::Checkmate {
                winner: Color::White,
            } => (3, 0),
            Outcome::Checkmate {
                winner: Color::Black,
            } => (0, 3),
            Outcome::Stalemate {
                winner: Color::White,
            } => (2, 1),
            Outcome::Stalemate {
                winner: Color::Black,
            } => (1, 2),
            Outcome::Draw(_) => (1, 1),
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (w, b) = self.points();
        write!(f, "{w}-{b}")
    }
}

/// Mailbox byte → piece (0 = empty, else 1 + 9·colour + role).
const DECODE: [Option<Piece>; 19] = {
    let mut out = [None; 19];
    let mut i = 0;
    while i < 18 {
        let color = if i >= 9 { Color::Black } else { Color::White };
        out[i + 1] = Some(Piece {
            color,
            role: Role::ALL[i % 9],
        });
        i += 1;
    }
    out
};

#[inline]
fn nearest(blockers: &Bits, d: usize) -> usize {
    if positive(d) {
        blockers.low().unwrap_or(0)
    } else {
        blockers.high().unwrap_or(0)
    }
}

/// Slider attacks from `from` in directions `dirs` with occupancy `occ`.
#[inline]
pub(crate) fn slide(from: usize, occ: &Bits, dirs: core::ops::Range<usize>) -> Bits {
    let mut att = Bits::EMPTY;
    for d in dirs {
        let ray = RAYS[from][d];
        let b = ray & *occ;
        if b.void() {
            att |= ray;
        } else {
            let n = nearest(&b, d);
            att |= ray ^ RAYS[n][d];
        }
    }
    att
}

impl Position {
    /// The start position.
    pub fn new() -> Position {
        Position::from_setup(Setup::start()).expect("the start position is legal")
    }

    /// Validates a [`Setup`]. The error lists every broken rule.
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut pos = Position {
            mailbox: [0; CELL_COUNT],
            by_color: [Bits::EMPTY; 2],
            by_role: [Bits::EMPTY; 9],
            turn: setup.turn,
            castling: [setup.castling[0].bits(), setup.castling[1].bits()],
            special: setup.special,
            halfmoves: setup.halfmoves,
            fullmoves: setup.fullmoves,
            hash: 0,
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
            let them = pos.turn.other();
            if pos.attacked_by(pos.king(them), pos.turn, &pos.occupied()) {
                problems.push(PositionProblem::OppositeCheck);
            }
        }
        if !problems.is_empty() {
            return Err(PositionError { problems });
        }
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    fn special_fits(&self) -> bool {
        let us = self.turn;
        let mover = us.other();
        match self.special {
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
                        .all(|t| self.mailbox[t.index()] == 0)
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
        match self.special {
            Special::EnPassant { pawn, steps } => {
                let back = FORWARD[self.turn.index()];
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
            turn: self.turn,
            castling: [
                CastlingRights::from_bits(self.castling[0]),
                CastlingRights::from_bits(self.castling[1]),
            ],
            special: self.special,
            halfmoves: self.halfmoves,
            fullmoves: self.fullmoves,
        }
    }

    #[inline]
    fn put(&mut self, cell: usize, p: Piece) {
        self.mailbox[cell] = 1 + 9 * p.color as u8 + p.role as u8;
        self.by_color[p.color.index()].0[cell >> 6] |= 1 << (cell & 63);
        self.by_role[p.role.index()].0[cell >> 6] |= 1 << (cell & 63);
        self.hash ^= ZOBRIST_PIECES[p.color.index()][p.role.index()][cell];
    }

    #[inline]
    fn remove(&mut self, cell: usize) -> Option<Piece> {
        let p = self.piece_at_index(cell)?;
        self.mailbox[cell] = 0;
        self.by_color[p.color.index()].0[cell >> 6] &= !(1 << (cell & 63));
        self.by_role[p.role.index()].0[cell >> 6] &= !(1 << (cell & 63));
        self.hash ^= ZOBRIST_PIECES[p.color.index()][p.role.index()][cell];
        Some(p)
    }

    #[inline]
    pub(crate) fn piece_at_index(&self, cell: usize) -> Option<Piece> {
        DECODE[self.mailbox[cell] as usize]
    }

    /// Lifts the mover's own piece (known colour and role) off `cell`.
    #[inline]
    fn lift(&mut self, cell: usize, color: Color, role: Role) {
        self.mailbox[cell] = 0;
        self.by_color[color.index()].0[cell >> 6] &= !(1 << (cell & 63));
        self.by_role[role.index()].0[cell >> 6] &= !(1 << (cell & 63));
        self.hash ^= ZOBRIST_PIECES[color.index()][role.index()][cell];
    }

    #[inline]
    pub(crate) fn mailbox_raw(&self, cell: usize) -> u8 {
        self.mailbox[cell]
    }

    /// The piece on a cell.
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        self.piece_at_index(cell.index())
    }

    /// Side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Castling rights of a side.
    pub fn castling(&self, color: Color) -> CastlingRights {
        CastlingRights::from_bits(self.castling[color.index()])
    }

    pub(crate) fn castling_bits(&self, color: Color) -> u8 {
        self.castling[color.index()]
    }

    /// The one-ply e.p./scornful right.
    pub fn special(&self) -> Special {
        self.special
    }

    /// Plies since the last pawn move or capture.
    pub fn halfmoves(&self) -> u32 {
        self.halfmoves
    }

    /// The move number.
    pub fn fullmoves(&self) -> u32 {
        self.fullmoves
    }

    /// All occupied cells.
    #[inline]
    pub fn occupied(&self) -> Bits {
        self.by_color[0] | self.by_color[1]
    }

    /// The cells of one side's pieces.
    #[inline]
    pub fn by_color(&self, color: Color) -> Bits {
        self.by_color[color.index()]
    }

    /// The cells of one role's pieces (both sides).
    #[inline]
    pub fn by_role(&self, role: Role) -> Bits {
        self.by_role[role.index()]
    }

    /// The cells of one piece kind.
    #[inline]
    pub fn pieces(&self, color: Color, role: Role) -> Bits {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// The king of `color`.
    #[inline]
    pub(crate) fn king(&self, color: Color) -> usize {
        self.pieces(color, Role::King).low().unwrap_or(0)
    }

    /// Whether `color`'s king is unmoved (castling right) — it then stands on its home hex.
    #[inline]
    pub(crate) fn king_unmoved(&self, color: Color) -> bool {
        self.castling[color.index()] & KING_BIT != 0
    }

    /// Whether `cell` is attacked by `by`'s pieces, with occupancy `occ`, not counting the
    /// unmoved king's leap.
    pub(crate) fn attacked_by_no_leap(&self, cell: usize, by: Color, occ: &Bits) -> bool {
        self.attacked_by_non_sliders(cell, by, occ) || self.attacked_by_sliders(cell, by, occ)
    }

    /// Leapers, king steps, pawns and elephants (not the unmoved king's leap).
    #[inline]
    pub(crate) fn attacked_by_non_sliders(&self, cell: usize, by: Color, occ: &Bits) -> bool {
        let them = self.by_color[by.index()];
        let r = &self.by_role;
        let leapers =
            (r[Role::Knight.index()] | r[Role::Wyvern.index()] | r[Role::Pegasus.index()]) & them;
        if KNIGHT[cell].hits(&leapers) {
            return true;
        }
        if KING_STEPS[cell].hits(&(r[Role::King.index()] & them)) {
            return true;
        }
        let other = by.other().index();
        if PAWN_ATTACKS[other][cell].hits(&(r[Role::Pawn.index()] & them)) {
            return true;
        }
        let elephants = r[Role::Elephant.index()] & them;
        if !elephants.void() {
            if ELEPHANT_DIAG[cell].hits(&elephants) {
                return true;
            }
            let back = FORWARD[other];
            let mid = STEPS[cell][back];
            if mid != NO_CELL {
                let mid = mid as usize;
                if elephants.has(mid) {
                    return true;
                }
                if !occ.has(mid) {
                    let far = STEPS[mid][back];
                    if far != NO_CELL && elephants.has(far as usize) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Orthogonal and diagonal sliders.
    #[inline]
    fn attacked_by_sliders(&self, cell: usize, by: Color, occ: &Bits) -> bool {
        let them = self.by_color[by.index()];
        let r = &self.by_role;
        // Look at the nearest blocker in each direction that holds a slider.
        let queens = r[Role::Queen.index()] & them;
        let sliders = [
            (r[Role::Rook.index()] | r[Role::Wyvern.index()]) & them | queens,
            (r[Role::Bishop.index()] | r[Role::Pegasus.index()]) & them | queens,
        ];
        for kind in 0..2 {
            let sl = sliders[kind];
            if !LINES[kind][cell].hits(&sl) {
                continue;
            }
            for d in 6 * kind..6 * kind + 6 {
                let ray = RAYS[cell][d];
                if !ray.hits(&sl) {
                    continue;
                }
                let b = ray & *occ;
                let n = if positive(d) { b.low() } else { b.high() };
                if n.is_some_and(|n| sl.has(n)) {
                    return true;
                }
            }
        }
        false
    }

    /// Whether `by`'s unmoved king attacks its leap hexes now (§11.2: unmoved at home and not in
    /// check, that check judged without leap attacks).
    #[inline]
    pub(crate) fn leap_active(&self, by: Color, occ: &Bits) -> bool {
        self.king_unmoved(by) && !self.attacked_by_no_leap(self.king(by), by.other(), occ)
    }

    /// Whether `cell` is attacked by `by`, with occupancy `occ`.
    pub(crate) fn attacked_by(&self, cell: usize, by: Color, occ: &Bits) -> bool {
        if self.attacked_by_no_leap(cell, by, occ) {
            return true;
        }
        self.king_unmoved(by)
            && KNIGHT[cell].has(KING_HOME[by.index()].index())
            && self.leap_active(by, occ)
    }

    /// Whether the side to move is in check.
    pub fn is_check(&self) -> bool {
        self.attacked_by(self.king(self.turn), self.turn.other(), &self.occupied())
    }

    /// The enemy pieces giving check to the side to move.
    pub fn checkers(&self) -> Bits {
        let us = self.turn;
        let them = us.other();
        let k = self.king(us);
        let occ = self.occupied();
        let mut out = Bits::EMPTY;
        for cell in self.by_color[them.index()].iter() {
            if self.attacks_from(cell, &occ).has(k) {
                out = out.with(cell);
            }
        }
        out
    }

    /// The cells the piece on `from` attacks (pawns: forward diagonals; an unmoved king at home
    /// not in check: its leap hexes too).
    pub fn attacks_from(&self, from: usize, occ: &Bits) -> Bits {
        let Some(p) = self.piece_at_index(from) else {
            return Bits::EMPTY;
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
            Role::Queen => slide(from, occ, 0..12),
            Role::Wyvern => slide(from, occ, 0..6) | KNIGHT[from],
            Role::Rook => slide(from, occ, 0..6),
            Role::Pegasus => slide(from, occ, 6..12) | KNIGHT[from],
            Role::Knight => KNIGHT[from],
            Role::Bishop => slide(from, occ, 6..12),
            Role::Elephant => elephant_targets(from, p.color, occ),
            Role::Pawn => PAWN_ATTACKS[p.color.index()][from],
        }
    }

    /// The Zobrist hash, kept incrementally.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    fn special_key(special: Special) -> u64 {
        match special {
            Special::None => 0,
            Special::EnPassant { pawn, steps } => {
                ZOBRIST_MISC[8 + pawn.index()] ^ if steps == 3 { ZOBRIST_MISC[7] } else { 0 }
            }
            Special::Scornful { pawn, capturer } => {
                ZOBRIST_MISC[8 + pawn.index()] ^ ZOBRIST_MISC[8 + CELL_COUNT + capturer.index()]
            }
        }
    }

    fn castling_key(c: [u8; 2]) -> u64 {
        let mut h = 0;
        for (side, bits) in c.iter().enumerate() {
            for i in 0..3 {
                if bits >> i & 1 != 0 {
                    h ^= ZOBRIST_MISC[1 + side * 3 + i];
                }
            }
        }
        h
    }

    /// The hash computed from scratch (equals [`Position::hash`]).
    pub fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for cell in 0..CELL_COUNT {
            if let Some(p) = self.piece_at_index(cell) {
                h ^= ZOBRIST_PIECES[p.color.index()][p.role.index()][cell];
            }
        }
        if self.turn == Color::Black {
            h ^= ZOBRIST_MISC[0];
        }
        h ^ Position::castling_key(self.castling) ^ Position::special_key(self.special)
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
            if !bishops.hits(&COLOR_CELLS[k]) {
                *m |= 1 << Role::Bishop.index();
            }
        }
        out
    }

    /// Plays a move known to be legal (the hot path). An illegal move leaves the position in
    /// an unspecified (but memory-safe) state.
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.turn;
        let them = us.other();
        let old_castling = self.castling;
        let old_special = self.special;
        self.special = Special::None;
        self.halfmoves += 1;
        match m {
            Move::Normal {
                role,
                from,
                to,
                promotion,
                ..
            } => {
                let (from, to) = (from.index(), to.index());
                self.lift(from, us, role);
                if let Some(cap) = self.remove(to) {
                    self.halfmoves = 0;
                    if cap.role == Role::Rook {
                        self.clear_rook_right(them, to);
                    }
                }
                self.put(
                    to,
                    Piece {
                        color: us,
                        role: promotion.unwrap_or(role),
                    },
                );
                match role {
                    Role::King => self.castling[us.index()] = 0,
                    Role::Rook => self.clear_rook_right(us, from),
                    Role::Pawn => {
                        self.halfmoves = 0;
                        let (fc, fl) = crate::board::COORDS[from];
                        let (tc, tl) = crate::board::COORDS[to];
                        if fc == tc {
                            let steps = (i32::from(tl) - i32::from(fl)).unsigned_abs() / 2;
                            if steps >= 2 {
                                self.special = Special::EnPassant {
                                    pawn: Cell::new_unchecked(to),
                                    steps: steps as u8,
                                };
                            }
                        } else if tl.abs_diff(fl) == 1 {
                            let front = STEPS[from][FORWARD[us.index()]];
                            if front != NO_CELL
                                && self.mailbox[front as usize]
                                    == 1 + 9 * them as u8 + Role::Pawn as u8
                            {
                                self.special = Special::Scornful {
                                    pawn: Cell::new_unchecked(to),
                                    capturer: Cell::new_unchecked(front as usize),
                                };
                            }
                        }
                    }
                    _ => {}
                }
            }
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
                self.halfmoves = 0;
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
                self.halfmoves = 0;
            }
            Move::Castle(c) => {
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
                self.castling[us.index()] = 0;
            }
            Move::Promote { at, role } => {
                self.remove(at.index());
                self.put(at.index(), Piece { color: us, role });
                self.halfmoves = 0;
            }
        }
        if us == Color::Black {
            self.fullmoves += 1;
        }
        self.turn = them;
        self.hash ^= ZOBRIST_MISC[0];
        if old_castling != self.castling {
            self.hash ^=
                Position::castling_key(old_castling) ^ Position::castling_key(self.castling);
        }
        if old_special != Special::None || self.special != Special::None {
            self.hash ^= Position::special_key(old_special) ^ Position::special_key(self.special);
        }
    }

    fn clear_rook_right(&mut self, color: Color, cell: usize) {
        let c = color.index();
        if cell == ROOK_HOME[c][0].index() {
            self.castling[c] &= !QROOK_BIT;
        } else if cell == ROOK_HOME[c][1].index() {
            self.castling[c] &= !KROOK_BIT;
        }
        if self.castling[c] == KING_BIT | QROOK_BIT | KROOK_BIT {
            // unchanged
        }
    }

    /// Plays a move if it is legal; otherwise leaves the position untouched.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.legal_moves().contains(&m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove(m))
        }
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        self.legal_moves().contains(&m)
    }

    /// The legal move a CTL-AN text names (check marks are ignored).
    pub fn parse_move(&self, text: &str) -> Result<Move, PlayError> {
        let parsed: Move = text.parse()?;
        let legal = self.legal_moves();
        legal
            .iter()
            .copied()
            .find(|&m| m == parsed || loosely_equal(m, parsed))
            .ok_or_else(|| PlayError::Illegal(text.to_string()))
    }

    /// Outcome decided by the position alone: mate, stalemate, the 75-move rule, insufficient
    /// material. Repetition needs the history: see [`crate::Game::outcome`].
    pub fn outcome(&self) -> Option<Outcome> {
        let mut any = false;
        self.for_each_piece_moves(|pm| {
            any = !pm.is_empty();
            !any
        });
        if !any {
            let winner = self.turn.other();
            return Some(if self.is_check() {
                Outcome::Checkmate { winner }
            } else {
                Outcome::Stalemate { winner }
            });
        }
        if self.halfmoves >= 150 {
            return Some(Outcome::Draw(DrawReason::SeventyFiveMoves));
        }
        if self.is_insufficient_material() {
            return Some(Outcome::Draw(DrawReason::InsufficientMaterial));
        }
        None
    }

    /// Whether a side may claim a draw by the 50-move rule (100 plies).
    pub fn can_claim_fifty_moves(&self) -> bool {
        self.halfmoves >= 100
    }

    /// §7: no pawns, and neither side has a major piece (D, V, R), a Pegasus with another minor
    /// piece (G, N, J, E), or two Pegasi.
    pub fn is_insufficient_material(&self) -> bool {
        if !self.by_role[Role::Pawn.index()].void() {
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
            majors.void() && pegasi < 2 && !(pegasi == 1 && minors > 0)
        })
    }

    /// The colour of a cell (convenience).
    pub fn cell_color(cell: Cell) -> CellColor {
        cell.color()
    }

    /// Whether the move is a capture.
    pub fn is_capture(&self, m: Move) -> bool {
        m.capture().is_some()
    }

    /// The cells between two cells on a line (convenience over the static table).
    pub fn between(a: Cell, b: Cell) -> Bits {
        between(a.index(), b.index())
    }
}

/// The moves of an Elephant of `color` on `from` (also its attacks).
#[inline]
pub(crate) fn elephant_targets(from: usize, color: Color, occ: &Bits) -> Bits {
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

fn loosely_equal(legal: Move, parsed: Move) -> bool {
    match (legal, parsed) {
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
        state.write_u64(self.hash);
    }
}

#[allow(dead_code)]
const _: () = {
    let _ = QROOK_BIT;
    let _ = KROOK_BIT;
};
