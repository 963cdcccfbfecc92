//! The validated [`Position`]: seats, teams, dead armies, waiting pawns; play, hash, check,
//! outcome.

use core::fmt;
use core::str::FromStr;
use std::borrow::Cow;

use crate::armies::Armies;
use crate::board::{
    bishop_attacks, rook_attacks, Army, Bits, Cell, CellKind, Piece, Role, BISHOP_REACH, CELLS,
    KING_ATTACKS, KNIGHT_ATTACKS, PAWNS, PAWN_ATTACKERS_ANY, ROOK_REACH, ZOBRIST,
};
use crate::moves::{Move, MoveList};
use crate::setup::{Layout, ParseSetupError, Setup};

const NO_KING: u16 = u16::MAX;

/// Waiting pawns of one army, oldest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Waiting {
    pub(crate) cells: [u16; 8],
    pub(crate) len: u8,
}

impl Waiting {
    fn position(&self, cell: usize) -> Option<usize> {
        self.cells[..self.len as usize]
            .iter()
            .position(|&c| c as usize == cell)
    }

    fn remove_at(&mut self, i: usize) {
        let n = self.len as usize;
        self.cells.copy_within(i + 1..n, i);
        self.len -= 1;
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The last team with a king on the board: these armies (live and dead members).
    Win(Armies),
    /// A draw by a rule the caller switched on (repetition in [`crate::Game`]); Kirby's rules have
    /// no draws.
    Draw,
}

/// A legal, validated position.
///
/// Positions are always *resolved*: if the army to move is checkmated, its king has already
/// been removed (its pieces are dead bodies) and the turn has passed on; so the army to move
/// has a legal move, or is stalemated (and then its legal moves are the stalemate
/// relocations), or the game is over.
#[derive(Clone)]
pub struct Position {
    pub(crate) mailbox: [u8; CELLS],
    pub(crate) by_army: [Bits; 6],
    pub(crate) by_role: [Bits; 7],
    pub(crate) occupied: Bits,
    pub(crate) kings: [u16; 6],
    /// Bit mask of the armies on each army's team (itself included); 0 for empty seats.
    pub(crate) team_mask: [u8; 6],
    pub(crate) team_id: [u8; 6],
    pub(crate) seated: u8,
    pub(crate) alive: u8,
    pub(crate) turn: Army,
    /// Bit 0: may castle with the file-1 rook; bit 1: with the file-8 rook.
    pub(crate) castling: [u8; 6],
    pub(crate) waiting: [Waiting; 6],
    pub(crate) layout: Layout,
    pub(crate) hash: u64,
    /// Set by a move: the turn has passed on but a checkmate at the start of the new turn has
    /// not been looked for yet. Public queries answer for the resolved position
    /// ([`Position::view`]); the perft loop resolves only when the army to move has no move.
    pub(crate) pending: bool,
}

/// One broken rule of a [`Setup`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionProblem {
    /// Nobody is seated.
    #[error("no army is seated")]
    NoArmies,
    /// The army to move is not seated or is dead.
    #[error("the army to move, {0}, is not seated or is dead")]
    Turn(Army),
    /// A piece belongs to an army that is not seated.
    #[error("{0} has pieces but is not seated")]
    UnseatedPieces(Army),
    /// An empty seat is marked dead.
    #[error("{0} is marked dead but is not seated")]
    UnseatedDead(Army),
    /// A live army without exactly one king.
    #[error("{0} is alive and has {1} kings (exactly one needed)")]
    KingCount(Army, usize),
    /// A dead army that still has a king.
    #[error("{0} is dead but has a king")]
    DeadKing(Army),
    /// A pawn where it can never be.
    #[error("pawn of {0} on {1}, another army's square or its own first rank")]
    PawnPlacement(Army, Cell),
    /// A castling right without the king and rook at home.
    #[error("castling right on {0} without a live army's unmoved king and rook there")]
    Castling(Cell),
    /// More pieces of a type than the rules ever allow (promotion only replaces lost pieces, and
    /// there is at most one Amazon): at most 8 pawns, 2 knights, 2 bishops, 2 rooks, 1 queen,
    /// 1 Amazon per army.
    #[error("{0} has {2} pieces of type {1:?}, more than the rules allow")]
    TooMany(Army, Role, u32),
    /// A waiting pawn that cannot be one.
    #[error("waiting pawn on {0}: needs a live army's pawn in its promotion zone, an army with every first-rank piece and an Amazon, listed once")]
    Waiting(Cell),
}

/// Every rule a [`Setup`] breaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid position: {}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct PositionError(pub Vec<PositionProblem>);

/// The error for [`Position::from_str`]: the text does not parse, or the position is invalid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// The text is not a setup.
    #[error(transparent)]
    Setup(#[from] ParseSetupError),
    /// The setup is not a legal position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// The error for [`Position::play`] and [`Position::parse_move`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {0} in this position")]
pub struct IllegalMove(pub String);

/// `(king target, rook target)` of castling with the king on `king` and the rook on `rook`
/// (both on rank 1 of one sideboard): the king goes two squares towards the rook, the rook to
/// the square the king passed.
pub(crate) fn castle_targets(king: Cell, rook: Cell) -> (Cell, Cell) {
    let (side, kf, _) = king.square_coords().expect("castling king on a square");
    let (_, rf, _) = rook.square_coords().expect("castling rook on a square");
    let dir: i8 = if rf > kf { 1 } else { -1 };
    let kt = (kf as i8 + 2 * dir) as u8;
    let rt = (kf as i8 + dir) as u8;
    (
        Cell::square(side, kt, 1).expect("rank 1"),
        Cell::square(side, rt, 1).expect("rank 1"),
    )
}

impl Default for Position {
    fn default() -> Self {
        Position::new()
    }
}

impl Position {
    /// The two-player start position ([`Setup::start`]).
    pub fn new() -> Position {
        Position::from_setup(Setup::start()).expect("the start position is valid")
    }

    /// The start position of a game mode (queen-left, castling on, Black first), e.g. for a
    /// command-line mode option: `Position::start_mode("6p-3teams".parse()?)`.
    pub fn start_mode(mode: crate::setup::Mode) -> Position {
        Position::from_setup(Setup::start_mode(mode, Layout::QueenLeft))
            .expect("start positions are valid")
    }

    /// Validates a setup. The error lists every broken rule. If the army to move is
    /// checkmated, it is eliminated at once and the turn passes on (see the type docs).
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut problems = Vec::new();
        let mut pos = Position {
            mailbox: [0; CELLS],
            by_army: [Bits::EMPTY; 6],
            by_role: [Bits::EMPTY; 7],
            occupied: Bits::EMPTY,
            kings: [NO_KING; 6],
            team_mask: [0; 6],
            team_id: [u8::MAX; 6],
            seated: 0,
            alive: 0,
            turn: setup.turn,
            castling: [0; 6],
            waiting: [Waiting::default(); 6],
            layout: setup.layout,
            hash: 0,
            pending: false,
        };
        for a in Army::ALL {
            if let Some(t) = setup.teams[a.index()] {
                pos.seated |= 1 << a.index();
                pos.team_id[a.index()] = t;
                if !setup.dead[a.index()] {
                    pos.alive |= 1 << a.index();
                }
            } else if setup.dead[a.index()] {
                problems.push(PositionProblem::UnseatedDead(a));
            }
        }
        if pos.seated == 0 {
            problems.push(PositionProblem::NoArmies);
        }
        for a in Army::ALL {
            if let Some(t) = setup.teams[a.index()] {
                for b in Army::ALL {
                    if setup.teams[b.index()] == Some(t) {
                        pos.team_mask[a.index()] |= 1 << b.index();
                    }
                }
            }
        }
        let mut unseated_reported = [false; 6];
        let mut king_count = [0usize; 6];
        for cell in Cell::ALL {
            let Some(piece) = setup.board[cell.index()] else {
                continue;
            };
            let a = piece.army.index();
            if pos.seated & (1 << a) == 0 {
                if !unseated_reported[a] {
                    problems.push(PositionProblem::UnseatedPieces(piece.army));
                    unseated_reported[a] = true;
                }
                continue;
            }
            if piece.role == Role::King {
                king_count[a] += 1;
                pos.kings[a] = cell.index() as u16;
            }
            if piece.role == Role::Pawn {
                let ok = match cell.square_coords() {
                    Some((side, _, rank)) => side == piece.army && rank >= 2,
                    None => true,
                };
                if !ok {
                    problems.push(PositionProblem::PawnPlacement(piece.army, cell));
                }
            }
            pos.put(cell.index(), piece);
        }
        for a in Army::ALL {
            let i = a.index();
            if pos.seated & (1 << i) == 0 {
                continue;
            }
            if setup.dead[i] {
                if king_count[i] > 0 {
                    problems.push(PositionProblem::DeadKing(a));
                }
            } else if king_count[i] != 1 {
                problems.push(PositionProblem::KingCount(a, king_count[i]));
            }
        }
        for a in Army::ALL {
            for role in Role::ALL {
                let limit = match role {
                    Role::Amazon => 1,
                    r => r.start_count(),
                };
                let n = (pos.by_army[a.index()] & pos.by_role[role.index()]).len();
                if n > limit && role != Role::King {
                    problems.push(PositionProblem::TooMany(a, role, n));
                }
            }
        }
        if pos.alive & (1 << setup.turn.index()) == 0 {
            problems.push(PositionProblem::Turn(setup.turn));
        }
        for &rook in &setup.castling {
            let ok = match rook.square_coords() {
                Some((side, file, 1)) if file == 1 || file == 8 => {
                    let s = side.index();
                    let king_home = Cell::square(side, setup.layout.king_file(), 1).expect("home");
                    let bit = if file == 1 { 1 } else { 2 };
                    let ok = pos.alive & (1 << s) != 0
                        && setup.board[rook.index()]
                            == Some(Piece {
                                army: side,
                                role: Role::Rook,
                            })
                        && setup.board[king_home.index()]
                            == Some(Piece {
                                army: side,
                                role: Role::King,
                            })
                        && pos.castling[s] & bit == 0;
                    if ok {
                        pos.castling[s] |= bit;
                    }
                    ok
                }
                _ => false,
            };
            if !ok {
                problems.push(PositionProblem::Castling(rook));
            }
        }
        for &cell in &setup.waiting {
            let ok = match setup.board[cell.index()] {
                Some(Piece {
                    army,
                    role: Role::Pawn,
                }) => {
                    let i = army.index();
                    let ok = pos.alive & (1 << i) != 0
                        && PAWNS[i].promotes.has(cell.index())
                        && pos.reclaim_missing(army).is_empty()
                        && pos.has_amazon(army)
                        && pos.waiting[i].position(cell.index()).is_none()
                        && pos.waiting[i].len < 8;
                    if ok {
                        let w = &mut pos.waiting[i];
                        w.cells[w.len as usize] = cell.index() as u16;
                        w.len += 1;
                    }
                    ok
                }
                _ => false,
            };
            if !ok {
                problems.push(PositionProblem::Waiting(cell));
            }
        }
        if !problems.is_empty() {
            return Err(PositionError(problems));
        }
        pos.hash = pos.compute_hash();
        pos.resolve();
        Ok(pos)
    }

    /// The plain-data setup of this position.
    pub fn to_setup(&self) -> Setup {
        self.view().setup_raw()
    }

    /// The position with any pending elimination carried out (borrowed when nothing is pending).
    pub(crate) fn view(&self) -> Cow<'_, Position> {
        if self.pending && self.needs_resolution() {
            let mut resolved = self.clone();
            resolved.resolve();
            Cow::Owned(resolved)
        } else {
            Cow::Borrowed(self)
        }
    }

    fn needs_resolution(&self) -> bool {
        self.live_teams_raw() > 1
            && !self.has_normal_move()
            && (self.is_check_raw() || !self.has_relocation())
    }

    fn setup_raw(&self) -> Setup {
        let mut setup = Setup::empty();
        setup.layout = self.layout;
        setup.turn = self.turn;
        for a in Army::ALL {
            let i = a.index();
            if self.seated & (1 << i) != 0 {
                setup.teams[i] = Some(self.team_id[i]);
                setup.dead[i] = self.alive & (1 << i) == 0;
            }
            for (bit, file) in [(1u8, 1u8), (2, 8)] {
                if self.castling[i] & bit != 0 {
                    setup
                        .castling
                        .push(Cell::square(a, file, 1).expect("rank 1"));
                }
            }
            let w = &self.waiting[i];
            for &c in &w.cells[..w.len as usize] {
                setup.waiting.push(Cell::ALL[c as usize]);
            }
        }
        for cell in Cell::ALL {
            setup.board[cell.index()] = self.piece_at(cell);
        }
        setup
    }

    // -----------------------------------------------------------------------------------------
    // Queries.

    /// The piece on `cell`, if any.
    #[inline]
    pub fn piece_at(&self, cell: Cell) -> Option<Piece> {
        match self.view().mailbox[cell.index()] {
            0 => None,
            code => Some(Piece::from_code(code)),
        }
    }

    /// The army to move.
    #[inline]
    pub fn turn(&self) -> Army {
        self.view().turn
    }

    /// The queen layout.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The seated armies (live or dead).
    pub fn seated(&self) -> Armies {
        Armies(self.seated)
    }

    /// The armies that still have a king.
    pub fn alive(&self) -> Armies {
        Armies(self.view().alive)
    }

    /// The team of `army` (itself included; empty for an empty seat).
    pub fn team(&self, army: Army) -> Armies {
        Armies(self.team_mask[army.index()])
    }

    /// The cells of `army`'s pieces.
    pub fn army_cells(&self, army: Army) -> Bits {
        self.view().by_army[army.index()]
    }

    /// The cells holding pieces of `role` (all armies).
    pub fn role_cells(&self, role: Role) -> Bits {
        self.view().by_role[role.index()]
    }

    /// Every occupied cell.
    pub fn occupied(&self) -> Bits {
        self.view().occupied
    }

    /// The cell of `army`'s king (`None` if the army is dead or not seated).
    pub fn king_of(&self, army: Army) -> Option<Cell> {
        match self.view().kings[army.index()] {
            NO_KING => None,
            k => Some(Cell::ALL[k as usize]),
        }
    }

    /// The waiting pawns of `army`, oldest first.
    pub fn waiting_pawns(&self, army: Army) -> Vec<Cell> {
        let w = self.view().waiting[army.index()];
        w.cells[..w.len as usize]
            .iter()
            .map(|&c| Cell::ALL[c as usize])
            .collect()
    }

    /// The Zobrist hash (kept incrementally).
    #[inline]
    pub fn hash(&self) -> u64 {
        self.view().hash
    }

    /// The live pieces that may attack `army`: every piece of a live army of another team.
    #[inline]
    pub(crate) fn hostile_to(&self, army: usize) -> Bits {
        let mask = self.alive & !self.team_mask[army];
        let mut out = Bits::EMPTY;
        for a in 0..6 {
            if mask & (1 << a) != 0 {
                out |= self.by_army[a];
            }
        }
        out
    }

    /// The live pieces in `hostile` (a set of cells of live hostile pieces) that attack `cell`
    /// when the occupancy is `occupied`. `hostile_armies` is the bit mask of their armies.
    #[inline]
    pub(crate) fn attackers(
        &self,
        cell: usize,
        occupied: &Bits,
        hostile: &Bits,
        hostile_armies: u8,
    ) -> Bits {
        let br = &self.by_role;
        let mut out =
            KNIGHT_ATTACKS[cell] & (br[Role::Knight as usize] | br[Role::Amazon as usize]);
        out |= KING_ATTACKS[cell] & br[Role::King as usize];
        let queens = br[Role::Queen as usize] | br[Role::Amazon as usize];
        let rooks = (br[Role::Rook as usize] | queens) & *hostile;
        if ROOK_REACH[cell].intersects(&rooks) {
            out |= rook_attacks(cell, occupied) & rooks;
        }
        let bishops = (br[Role::Bishop as usize] | queens) & *hostile;
        if BISHOP_REACH[cell].intersects(&bishops) {
            out |= bishop_attacks(cell, occupied) & bishops;
        }
        let pawns = br[Role::Pawn as usize];
        if PAWN_ATTACKERS_ANY[cell].intersects(&(pawns & *hostile)) {
            for (a, table) in PAWNS.iter().enumerate() {
                if hostile_armies & (1 << a) != 0 {
                    out |= table.attackers[cell] & pawns & self.by_army[a];
                }
            }
        }
        out & *hostile
    }

    /// The pieces giving check to the army to move (from every live hostile army).
    pub fn checkers(&self) -> Bits {
        self.view().checkers_raw()
    }

    pub(crate) fn checkers_raw(&self) -> Bits {
        let us = self.turn.index();
        match self.kings[us] {
            NO_KING => Bits::EMPTY,
            k => {
                let hostile = self.hostile_to(us);
                self.attackers(
                    k as usize,
                    &self.occupied,
                    &hostile,
                    self.alive & !self.team_mask[us],
                )
            }
        }
    }

    /// Whether the army to move is in check.
    pub fn is_check(&self) -> bool {
        self.view().is_check_raw()
    }

    pub(crate) fn is_check_raw(&self) -> bool {
        !self.checkers_raw().is_empty()
    }

    /// The armies whose king is attacked by a live hostile piece now (any army, not only the
    /// one to move: a king can be left in check by a third army's move).
    pub fn armies_in_check(&self) -> Armies {
        self.view().armies_in_check_raw()
    }

    fn armies_in_check_raw(&self) -> Armies {
        let mut out = 0;
        for a in 0..6 {
            if self.kings[a] != NO_KING {
                let hostile = self.hostile_to(a);
                let h = self.alive & !self.team_mask[a];
                if !self
                    .attackers(self.kings[a] as usize, &self.occupied, &hostile, h)
                    .is_empty()
                {
                    out |= 1 << a;
                }
            }
        }
        Armies(out)
    }

    /// The number of live teams (teams with at least one king on the board).
    pub fn live_teams(&self) -> usize {
        self.view().live_teams_raw()
    }

    pub(crate) fn live_teams_raw(&self) -> usize {
        let mut seen = 0u8;
        let mut n = 0;
        for a in 0..6 {
            if self.alive & (1 << a) != 0 && seen & (1 << a) == 0 {
                n += 1;
                seen |= self.team_mask[a];
            }
        }
        n
    }

    /// The game result: `Some(Win(team))` when only one team has a king left.
    pub fn outcome(&self) -> Option<Outcome> {
        self.view().outcome_raw()
    }

    fn outcome_raw(&self) -> Option<Outcome> {
        if self.live_teams_raw() <= 1 {
            let winners = if self.alive == 0 {
                0
            } else {
                self.team_mask[self.turn.index()]
            };
            Some(Outcome::Win(Armies(winners)))
        } else {
            None
        }
    }

    /// Whether the army to move is stalemated (its legal moves are then relocations).
    pub fn is_stalemate(&self) -> bool {
        let v = self.view();
        v.outcome_raw().is_none() && !v.has_normal_move() && !v.is_check_raw()
    }

    /// The reclaimable roles `army` has fewer of than at the start, in `Q R B N` order.
    pub(crate) fn reclaim_missing(&self, army: Army) -> Choices {
        let mut c = Choices::default();
        let own = self.by_army[army.index()];
        for role in Role::RECLAIMABLE {
            if (own & self.by_role[role.index()]).len() < role.start_count() {
                c.push(role);
            }
        }
        c
    }

    fn has_amazon(&self, army: Army) -> bool {
        !(self.by_army[army.index()] & self.by_role[Role::Amazon.index()]).is_empty()
    }

    /// What a promoting pawn (or a stalemate relocation) of `army` may claim: the missing
    /// first-rank pieces; if none is missing, an Amazon (unless the army has one); else nothing.
    pub(crate) fn claims(&self, army: Army) -> Choices {
        let c = self.reclaim_missing(army);
        if c.is_empty() && !self.has_amazon(army) {
            let mut a = Choices::default();
            a.push(Role::Amazon);
            return a;
        }
        c
    }

    // -----------------------------------------------------------------------------------------
    // Making moves.

    #[inline]
    fn put(&mut self, cell: usize, piece: Piece) {
        self.mailbox[cell] = piece.code();
        // Word-wise updates (a whole-set copy per update is measurably slower).
        let (w, bit) = (cell / 64, 1u64 << (cell % 64));
        self.by_army[piece.army.index()].0[w] |= bit;
        self.by_role[piece.role.index()].0[w] |= bit;
        self.occupied.0[w] |= bit;
        self.hash ^= ZOBRIST.piece[cell][piece.code() as usize];
    }

    #[inline]
    fn remove(&mut self, cell: usize) -> Piece {
        let piece = Piece::from_code(self.mailbox[cell]);
        self.mailbox[cell] = 0;
        let (w, bit) = (cell / 64, !(1u64 << (cell % 64)));
        self.by_army[piece.army.index()].0[w] &= bit;
        self.by_role[piece.role.index()].0[w] &= bit;
        self.occupied.0[w] &= bit;
        self.hash ^= ZOBRIST.piece[cell][piece.code() as usize];
        piece
    }

    fn clear_castling(&mut self, army: usize, bits: u8) {
        for (bit, key) in [(1u8, 0usize), (2, 1)] {
            if bits & bit != 0 && self.castling[army] & bit != 0 {
                self.castling[army] &= !bit;
                self.hash ^= ZOBRIST.castling[army][key];
            }
        }
    }

    /// Clears a castling right whose rook cell `cell` is left or captured on.
    #[inline]
    fn touch_castling(&mut self, cell: usize) {
        if cell < 144 && cell % 24 < 8 {
            let side = cell / 24;
            match cell % 24 {
                0 => self.clear_castling(side, 1),
                7 => self.clear_castling(side, 2),
                _ => {}
            }
        }
    }

    fn waiting_remove(&mut self, army: usize, i: usize) {
        let cell = self.waiting[army].cells[i] as usize;
        self.hash ^= ZOBRIST.waiting[cell];
        self.waiting[army].remove_at(i);
    }

    fn waiting_push(&mut self, army: usize, cell: usize) {
        let w = &mut self.waiting[army];
        w.cells[w.len as usize] = cell as u16;
        w.len += 1;
        self.hash ^= ZOBRIST.waiting[cell];
    }

    /// Handles the capture of `piece` (already removed from `cell`): waiting-pawn bookkeeping,
    /// castling rights, and the replacement of a lost power piece by the oldest waiting pawn.
    fn on_captured(&mut self, cell: usize, piece: Piece) {
        let a = piece.army.index();
        self.touch_castling(cell);
        if self.alive & (1 << a) == 0 {
            return;
        }
        if piece.role == Role::Pawn {
            if let Some(i) = self.waiting[a].position(cell) {
                self.waiting_remove(a, i);
            }
        } else if piece.role.is_power() && self.waiting[a].len > 0 {
            let w = self.waiting[a].cells[0] as usize;
            self.waiting_remove(a, 0);
            self.remove(w);
            self.put(
                w,
                Piece {
                    army: piece.army,
                    role: piece.role,
                },
            );
        }
    }

    /// Plays a legal move (not checked: an illegal move leaves a broken position). Then passes
    /// the turn clockwise to the next live army, eliminating checkmated armies on the way.
    pub fn play_unchecked(&mut self, m: Move) {
        if self.pending {
            self.resolve();
        }
        self.apply(m);
    }

    /// Plays `m` on a position whose army to move is known to be resolved (it has this move),
    /// leaving the new turn's checkmate test pending.
    pub(crate) fn apply(&mut self, m: Move) {
        let us = self.turn.index();
        match m {
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                let (from, to) = (from.index(), to.index());
                let piece = self.remove(from);
                if self.mailbox[to] != 0 {
                    let captured = self.remove(to);
                    self.on_captured(to, captured);
                }
                let mut role = piece.role;
                match piece.role {
                    Role::King => {
                        self.kings[us] = to as u16;
                        self.clear_castling(us, 3);
                    }
                    Role::Rook => self.touch_castling(from),
                    Role::Pawn if PAWNS[us].promotes.has(to) => match promotion {
                        Some(p) => role = p,
                        None => match self.waiting[us].position(from) {
                            Some(i) => {
                                self.hash ^= ZOBRIST.waiting[from] ^ ZOBRIST.waiting[to];
                                self.waiting[us].cells[i] = to as u16;
                            }
                            None => self.waiting_push(us, to),
                        },
                    },
                    _ => {}
                }
                self.put(
                    to,
                    Piece {
                        army: piece.army,
                        role,
                    },
                );
            }
            Move::Castle { king, rook } => {
                let (kt, rt) = castle_targets(king, rook);
                let k = self.remove(king.index());
                let r = self.remove(rook.index());
                self.put(kt.index(), k);
                self.put(rt.index(), r);
                self.kings[us] = kt.index() as u16;
                self.clear_castling(us, 3);
            }
            Move::Relocate { from, to, reclaim } => {
                let k = self.remove(from.index());
                self.put(to.index(), k);
                self.kings[us] = to.index() as u16;
                if let Some(role) = reclaim {
                    self.put(
                        from.index(),
                        Piece {
                            army: self.turn,
                            role,
                        },
                    );
                }
                self.clear_castling(us, 3);
            }
        }
        self.pass_turn();
        self.pending = true;
    }

    /// Plays `m` if it is legal; otherwise leaves the position untouched.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.legal_moves().contains(&m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove(m.to_string()))
        }
    }

    /// The legal move that `text` names (in [`Move`]'s notation; a capture may be written with
    /// `x` instead of `-`).
    pub fn parse_move(&self, text: &str) -> Result<Move, IllegalMove> {
        let illegal = || IllegalMove(text.to_string());
        let m: Move = text.replacen('x', "-", 1).parse().map_err(|_| illegal())?;
        if self.legal_moves().contains(&m) {
            Ok(m)
        } else {
            Err(illegal())
        }
    }

    fn next_live(&self, from: Army) -> Army {
        let mut a = from.next();
        for _ in 0..6 {
            if self.alive & (1 << a.index()) != 0 {
                return a;
            }
            a = a.next();
        }
        from
    }

    fn pass_turn(&mut self) {
        let next = self.next_live(self.turn);
        self.hash ^= ZOBRIST.turn[self.turn.index()] ^ ZOBRIST.turn[next.index()];
        self.turn = next;
    }

    /// Eliminates checkmated armies at the start of their turn, until the army to move can
    /// move, is stalemated, or the game is over. A stalemated army with no safe empty cell to
    /// relocate its king to (which needs nearly the whole board attacked) is eliminated too.
    pub(crate) fn resolve(&mut self) {
        while self.needs_resolution() {
            let us = self.turn.index();
            let k = self.kings[us] as usize;
            self.remove(k);
            self.kings[us] = NO_KING;
            self.alive &= !(1 << us);
            self.hash ^= ZOBRIST.dead[us];
            self.clear_castling(us, 3);
            while self.waiting[us].len > 0 {
                self.waiting_remove(us, 0);
            }
            self.pass_turn();
        }
        self.pending = false;
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = ZOBRIST.turn[self.turn.index()];
        for c in 0..CELLS {
            if self.mailbox[c] != 0 {
                h ^= ZOBRIST.piece[c][self.mailbox[c] as usize];
            }
        }
        for a in 0..6 {
            if self.castling[a] & 1 != 0 {
                h ^= ZOBRIST.castling[a][0];
            }
            if self.castling[a] & 2 != 0 {
                h ^= ZOBRIST.castling[a][1];
            }
            if self.seated & !self.alive & (1 << a) != 0 {
                h ^= ZOBRIST.dead[a];
            }
            let w = &self.waiting[a];
            for &c in &w.cells[..w.len as usize] {
                h ^= ZOBRIST.waiting[c as usize];
            }
        }
        h
    }

    /// The legal moves.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Whether `cell` is a square, pent or hex (convenience for renderers).
    pub fn cell_kind(cell: Cell) -> CellKind {
        cell.kind()
    }
}

/// Up to four piece types to choose from (promotion or stalemate relocation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Choices {
    roles: [Option<Role>; 4],
    len: u8,
}

impl Choices {
    fn push(&mut self, r: Role) {
        self.roles[self.len as usize] = Some(r);
        self.len += 1;
    }

    /// The number of choices.
    #[inline]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether there is nothing to choose (a promoting pawn then waits; a relocation then
    /// places nothing).
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The roles.
    pub fn iter(&self) -> impl Iterator<Item = Role> + '_ {
        self.roles[..self.len as usize].iter().flatten().copied()
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        let (a, b) = (self.view(), other.view());
        a.eq_raw(&b)
    }
}

impl Position {
    fn eq_raw(&self, other: &Position) -> bool {
        self.mailbox == other.mailbox
            && self.turn == other.turn
            && self.team_mask == other.team_mask
            && self.seated == other.seated
            && self.alive == other.alive
            && self.castling == other.castling
            && self.waiting == other.waiting
            && self.layout == other.layout
    }
}

impl Eq for Position {}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.to_setup())
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

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for Position {
        /// As the position text.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Position {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
            String::deserialize(d)?.parse().map_err(de::Error::custom)
        }
    }
}
