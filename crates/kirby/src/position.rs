//! The validated [`Position`]: seats, teams, dead armies, waiting pawns; play, hash, check,
//! outcome.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::str::FromStr;

use crate::board::{
    bishop_attacks, each_index, rook_attacks, slider_attacks_toward, CastleSide, Cell, CellSet,
    Color, Piece, Role, ARMIES, BISHOP_RAYS, BISHOP_REACH, CELLS, KING_ATTACKS, KNIGHT_ATTACKS,
    PAWNS, PAWN_ATTACKERS_ANY, ROLES, ROOK_CORNER, ROOK_RAYS, ROOK_REACH, ZOBRIST,
};
use crate::colors::ColorSet;
use crate::moves::{Move, MoveList, ParseMoveError};
use crate::outcome::{Outcome, WinReason};
use crate::setup::{Layout, Mode, ParseSetupError, Setup};

/// `NEXT_LIVE[alive][army]`: the next army clockwise after `army` in the set of live armies
/// `alive` (a seat bit mask), or `army` itself when no other army lives.
static NEXT_LIVE: [[Color; ARMIES]; 1 << ARMIES] = {
    let mut table = [[Color::Black; ARMIES]; 1 << ARMIES];
    let mut alive = 0;
    while alive < 1 << ARMIES {
        let mut from = 0;
        while from < ARMIES {
            let mut next = Color::ALL[from];
            let mut step = 1;
            while step <= ARMIES {
                let a = (from + step) % ARMIES;
                if alive & (1 << a) != 0 {
                    next = Color::ALL[a];
                    break;
                }
                step += 1;
            }
            table[alive][from] = next;
            from += 1;
        }
        alive += 1;
    }
    table
};

/// `kings[army]` of an army without a king (dead or not seated).
pub(crate) const NO_KING: u16 = u16::MAX;

/// The most waiting pawns an army can have (it has at most 8 pawns).
pub(crate) const MAX_WAITING: usize = 8;

/// Waiting pawns of one army, oldest first. Only the first `len` slots count: equality and
/// hashing look at those alone.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Waiting {
    cells: [u16; MAX_WAITING],
    len: u8,
}

impl Waiting {
    /// The waiting pawns' cells, oldest first.
    #[inline]
    pub(crate) fn as_slice(&self) -> &[u16] {
        &self.cells[..self.len as usize]
    }

    #[inline]
    pub(crate) fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The oldest waiting pawn's cell.
    #[inline]
    pub(crate) fn oldest(&self) -> Option<usize> {
        self.as_slice().first().map(|&c| c as usize)
    }

    fn position(&self, cell: usize) -> Option<usize> {
        self.as_slice().iter().position(|&c| c as usize == cell)
    }

    fn remove_at(&mut self, i: usize) {
        let n = self.len as usize;
        self.cells.copy_within(i + 1..n, i);
        self.cells[n - 1] = 0;
        self.len -= 1;
    }

    fn push(&mut self, cell: usize) {
        self.cells[self.len as usize] = cell as u16;
        self.len += 1;
    }
}

impl PartialEq for Waiting {
    fn eq(&self, other: &Waiting) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Waiting {}

impl Hash for Waiting {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

/// A legal, validated position.
///
/// Positions are always *resolved*: if the army to move is checkmated, its king has already
/// been removed (its pieces are dead bodies) and the turn has passed on; so the army to move
/// has a legal move, or is stalemated (and then its legal moves are the stalemate
/// relocations), or the game is over.
///
/// ```
/// use hexvar_kirby::{Position, START_TEXT};
///
/// let mut pos: Position = START_TEXT.parse()?;
/// let m = pos.legal_moves()[0];
/// pos.play(m)?;
/// // The text carries the whole state: a fresh parse has the same text and hash.
/// let reread: Position = pos.to_string().parse()?;
/// assert_eq!(reread.to_string(), pos.to_string());
/// assert_eq!(reread.zobrist_hash(), pos.zobrist_hash());
/// // An illegal move (that army has moved on) is refused and leaves the position unchanged.
/// assert!(pos.play(m).is_err());
/// assert_eq!(pos.zobrist_hash(), reread.zobrist_hash());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone)]
pub struct Position {
    pub(crate) mailbox: [u8; CELLS],
    pub(crate) by_color: [CellSet; ARMIES],
    pub(crate) by_role: [CellSet; ROLES],
    pub(crate) occupied: CellSet,
    pub(crate) kings: [u16; ARMIES],
    /// Bit mask of the armies on each army's team (itself included); 0 for empty seats.
    pub(crate) team_mask: [u8; ARMIES],
    pub(crate) seated: u8,
    pub(crate) alive: u8,
    pub(crate) turn: Color,
    /// Each army's castling rights ([`CastleSide`] bits).
    pub(crate) castling: [u8; ARMIES],
    pub(crate) waiting: [Waiting; ARMIES],
    pub(crate) layout: Layout,
    pub(crate) hash: u64,
}

/// One broken rule of a [`Setup`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum PositionProblem {
    /// Nobody is seated.
    #[error("no army is seated")]
    NoArmies,
    /// The army to move is not seated or is dead.
    #[error("the army to move, {}, is not seated or is dead", .0.name())]
    Turn(Color),
    /// A piece belongs to an army that is not seated.
    #[error("{} has pieces but is not seated", .0.name())]
    UnseatedPieces(Color),
    /// An empty seat is marked dead.
    #[error("{} is marked dead but is not seated", .0.name())]
    UnseatedDead(Color),
    /// A live army without exactly one king.
    #[error("{} is alive and has {} kings (exactly one needed)", .0.name(), .1)]
    KingCount(Color, usize),
    /// A dead army that still has a king.
    #[error("{} is dead but has a king", .0.name())]
    DeadKing(Color),
    /// A pawn where it can never be.
    #[error("pawn of {} on {}, another army's square or its own first rank", .0.name(), .1)]
    PawnPlacement(Color, Cell),
    /// A castling right without the king and rook at home.
    #[error("castling right on {0} without a live army's unmoved king and rook there")]
    Castling(Cell),
    /// More pieces of a type than the rules ever allow (promotion only replaces lost pieces, and
    /// there is at most one Amazon): at most 8 pawns, 2 knights, 2 bishops, 2 rooks, 1 queen,
    /// 1 Amazon per army.
    #[error("{} has {} pieces of type {:?}, more than the rules allow", .0.name(), .2, .1)]
    TooMany(Color, Role, u32),
    /// A waiting pawn that cannot be one.
    #[error("waiting pawn on {0}: needs a live army's pawn in its promotion zone, an army with every first-rank piece and an Amazon, listed once")]
    Waiting(Cell),
}

/// Every rule a [`Setup`] breaks.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("invalid position: {}", .0.iter().map(ToString::to_string).collect::<Vec<_>>().join("; "))]
pub struct PositionError(pub Vec<PositionProblem>);

/// The error for [`Position::from_str`]: the text does not parse, or the position is invalid.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParsePositionError {
    /// The text is not a setup.
    #[error(transparent)]
    Setup(#[from] ParseSetupError),
    /// The setup is not a legal position.
    #[error(transparent)]
    Position(#[from] PositionError),
}

/// The error for [`Position::play`]: the move is not legal in the position (which is left
/// unchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("illegal move {mv}")]
pub struct IllegalMove {
    /// The move.
    pub mv: Move,
}

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
    pub fn start_mode(mode: Mode) -> Position {
        Position::from_setup(Setup::start_mode(mode, Layout::QueenLeft))
            .expect("start positions are valid")
    }

    fn empty(setup: &Setup) -> Position {
        Position {
            mailbox: [0; CELLS],
            by_color: [CellSet::EMPTY; ARMIES],
            by_role: [CellSet::EMPTY; ROLES],
            occupied: CellSet::EMPTY,
            kings: [NO_KING; ARMIES],
            team_mask: [0; ARMIES],
            seated: 0,
            alive: 0,
            turn: setup.turn,
            castling: [0; ARMIES],
            waiting: [Waiting::default(); ARMIES],
            layout: setup.layout,
            hash: 0,
        }
    }

    /// Validates a setup. The error lists every broken rule. If the army to move is
    /// checkmated, it is eliminated at once and the turn passes on (see the type docs).
    pub fn from_setup(setup: Setup) -> Result<Position, PositionError> {
        let mut problems = Vec::new();
        let mut pos = Position::empty(&setup);
        pos.seat_armies(&setup, &mut problems);
        pos.place_pieces(&setup, &mut problems);
        pos.check_counts(&mut problems);
        if pos.alive & (1 << setup.turn.index()) == 0 {
            problems.push(PositionProblem::Turn(setup.turn));
        }
        pos.grant_castling(&setup, &mut problems);
        pos.list_waiting(&setup, &mut problems);
        if !problems.is_empty() {
            return Err(PositionError(problems));
        }
        pos.hash = pos.compute_hash();
        pos.resolve();
        Ok(pos)
    }

    fn seat_armies(&mut self, setup: &Setup, problems: &mut Vec<PositionProblem>) {
        for &a in Color::ALL {
            if setup.teams[a.index()].is_some() {
                self.seated |= 1 << a.index();
                if !setup.dead[a.index()] {
                    self.alive |= 1 << a.index();
                }
            } else if setup.dead[a.index()] {
                problems.push(PositionProblem::UnseatedDead(a));
            }
        }
        if self.seated == 0 {
            problems.push(PositionProblem::NoArmies);
        }
        for &a in Color::ALL {
            if let Some(t) = setup.teams[a.index()] {
                for &b in Color::ALL {
                    if setup.teams[b.index()] == Some(t) {
                        self.team_mask[a.index()] |= 1 << b.index();
                    }
                }
            }
        }
    }

    fn place_pieces(&mut self, setup: &Setup, problems: &mut Vec<PositionProblem>) {
        let mut unseated_reported = [false; ARMIES];
        let mut king_count = [0usize; ARMIES];
        for cell in Cell::ALL {
            let Some(piece) = setup.board[cell.index()] else {
                continue;
            };
            let a = piece.color.index();
            if self.seated & (1 << a) == 0 {
                if !unseated_reported[a] {
                    problems.push(PositionProblem::UnseatedPieces(piece.color));
                    unseated_reported[a] = true;
                }
                continue;
            }
            if piece.role == Role::King {
                king_count[a] += 1;
                self.kings[a] = cell.index() as u16;
            }
            if piece.role == Role::Pawn {
                let ok = match cell.square_coords() {
                    Some((side, _, rank)) => side == piece.color && rank >= 2,
                    None => true,
                };
                if !ok {
                    problems.push(PositionProblem::PawnPlacement(piece.color, cell));
                }
            }
            self.put(cell.index(), piece);
        }
        for &a in Color::ALL {
            let i = a.index();
            if self.seated & (1 << i) == 0 {
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
        for a in 0..ARMIES {
            if self.alive & (1 << a) == 0 && self.kings[a] != NO_KING {
                // A dead army's king (reported above) does not count as a king.
                self.kings[a] = NO_KING;
            }
        }
    }

    fn check_counts(&self, problems: &mut Vec<PositionProblem>) {
        for &a in Color::ALL {
            for role in Role::ALL {
                let limit = match role {
                    Role::Amazon => 1,
                    r => r.start_count(),
                };
                let n = self.pieces(a, role).len();
                if n > limit && role != Role::King {
                    problems.push(PositionProblem::TooMany(a, role, n));
                }
            }
        }
    }

    fn grant_castling(&mut self, setup: &Setup, problems: &mut Vec<PositionProblem>) {
        for &rook in &setup.castling {
            let ok = match ROOK_CORNER[rook.index()] {
                Some((side, castle)) => {
                    let s = side.index();
                    let king_home = Cell::square(side, setup.layout.king_file(), 1).expect("home");
                    let ok = self.alive & (1 << s) != 0
                        && setup.board[rook.index()] == Some(Piece::new(side, Role::Rook))
                        && setup.board[king_home.index()] == Some(Piece::new(side, Role::King))
                        && self.castling[s] & castle.bit() == 0;
                    if ok {
                        self.castling[s] |= castle.bit();
                    }
                    ok
                }
                None => false,
            };
            if !ok {
                problems.push(PositionProblem::Castling(rook));
            }
        }
    }

    fn list_waiting(&mut self, setup: &Setup, problems: &mut Vec<PositionProblem>) {
        for &cell in &setup.waiting {
            let ok = match setup.board[cell.index()] {
                Some(Piece {
                    color,
                    role: Role::Pawn,
                }) => {
                    let i = color.index();
                    let ok = self.alive & (1 << i) != 0
                        && PAWNS[i].promotes.has(cell.index())
                        && self.reclaim_missing(color).is_empty()
                        && self.has_amazon(color)
                        && self.waiting[i].position(cell.index()).is_none()
                        && (self.waiting[i].len as usize) < MAX_WAITING;
                    if ok {
                        self.waiting[i].push(cell.index());
                    }
                    ok
                }
                _ => false,
            };
            if !ok {
                problems.push(PositionProblem::Waiting(cell));
            }
        }
    }

    /// The plain-data setup of this position (teams numbered in seat order of their first
    /// member, as the text format prints them).
    pub fn to_setup(&self) -> Setup {
        let mut setup = Setup::empty();
        setup.layout = self.layout;
        setup.turn = self.turn;
        let mut team_of_mask: Vec<u8> = Vec::new();
        for &a in Color::ALL {
            let i = a.index();
            if self.seated & (1 << i) != 0 {
                let mask = self.team_mask[i];
                let id = match team_of_mask.iter().position(|&m| m == mask) {
                    Some(id) => id,
                    None => {
                        team_of_mask.push(mask);
                        team_of_mask.len() - 1
                    }
                };
                setup.teams[i] = Some(id as u8);
                setup.dead[i] = self.alive & (1 << i) == 0;
            }
            for castle in CastleSide::BOTH {
                if self.castling[i] & castle.bit() != 0 {
                    setup.castling.push(castle.rook_home(a));
                }
            }
        }
        setup.castling.sort();
        for &a in Color::ALL {
            for &c in self.waiting[a.index()].as_slice() {
                setup.waiting.push(Cell::at(c as usize));
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
        match self.mailbox[cell.index()] {
            0 => None,
            code => Some(Piece::from_code(code)),
        }
    }

    /// The army to move.
    #[inline]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// The queen layout.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// The seated armies (live or dead).
    pub fn seated(&self) -> ColorSet {
        ColorSet(self.seated)
    }

    /// The armies that still have a king.
    pub fn alive(&self) -> ColorSet {
        ColorSet(self.alive)
    }

    /// Whether `color` takes part in this game and is not eliminated: one of the mode's seated
    /// armies that still has its king.
    ///
    /// ```
    /// use hexvar_kirby::{Color, Position};
    ///
    /// let two = Position::new();
    /// assert!(two.in_play(two.turn()));
    /// assert_eq!(Color::ALL.iter().filter(|&&c| two.in_play(c)).count(), 2);
    /// ```
    pub fn in_play(&self, color: Color) -> bool {
        self.seated().contains(color) && self.alive().contains(color)
    }

    /// The team of `color` (itself included; empty for an empty seat).
    pub fn team(&self, color: Color) -> ColorSet {
        ColorSet(self.team_mask[color.index()])
    }

    /// Whether the armies `a` and `b` play in one team (an army with itself included; an empty
    /// seat is in no team). Team-mates never capture or threaten each other, and a win is the
    /// team's.
    ///
    /// ```
    /// use hexvar_kirby::{Color, Mode, Position};
    ///
    /// let six = Position::start_mode(Mode::SixPlayerThreeTeams);
    /// assert!(six.same_team(Color::Black, Color::White));
    /// assert!(!six.same_team(Color::Black, Color::Pink));
    /// ```
    pub fn same_team(&self, a: Color, b: Color) -> bool {
        self.team(a).contains(b)
    }

    /// The cells of `color`'s men (its dead bodies included, for a dead army).
    pub fn by_color(&self, color: Color) -> CellSet {
        self.by_color[color.index()]
    }

    /// The cells of the men of `role`, of every army.
    pub fn by_role(&self, role: Role) -> CellSet {
        self.by_role[role.index()]
    }

    /// The man a legal move takes off the board: the man (or dead body) on the target of an
    /// ordinary move, none for castling and relocation. A dead army's men are not taken off
    /// when it is eliminated, and a waiting pawn that a capture turns into the lost piece is
    /// replaced, not captured.
    ///
    /// ```
    /// use hexvar_kirby::{Color, Position, Role};
    ///
    /// let pos: Position = "layout=QL turn=B teams=B/W castling=- dead=- waiting=- \
    ///     B:KB/15,RA8 W:KW/15,NA12".parse()?;
    /// let take = pos.parse_move("A8-A12")?;
    /// assert_eq!(pos.captured(take).map(|p| (p.color, p.role)), Some((Color::White, Role::Knight)));
    /// assert_eq!(pos.captured(pos.parse_move("A8-A10")?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captured(&self, mv: Move) -> Option<Piece> {
        match mv {
            Move::Normal { to, .. } => self.piece_at(to),
            Move::Castle { .. } | Move::Relocate { .. } => None,
        }
    }

    /// Whether a legal move makes every earlier position unrepeatable, so that
    /// [`crate::Game::repetitions`] need not look further back. Kirby's game has no move
    /// counter; the zeroing moves are its irreversible ones: a capture, a pawn move, castling,
    /// a stalemate relocation that reclaims a piece, and a king or rook move that gives up a
    /// castling right.
    ///
    /// ```
    /// use hexvar_kirby::Position;
    ///
    /// let pos = Position::new();
    /// assert!(pos.is_zeroing(pos.parse_move("B/22-A10")?)); // a pawn move
    /// assert!(!pos.is_zeroing(pos.parse_move("B/12-B/33")?)); // a knight move
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_zeroing(&self, mv: Move) -> bool {
        let us = self.turn.index();
        match mv {
            Move::Castle { .. } => true,
            Move::Relocate { reclaim, .. } => reclaim.is_some() || self.castling[us] != 0,
            Move::Normal { from, to, .. } => {
                let Some(piece) = self.piece_at(from) else {
                    return false;
                };
                self.piece_at(to).is_some()
                    || match piece.role {
                        Role::Pawn => true,
                        Role::King => self.castling[us] != 0,
                        Role::Rook => ROOK_CORNER[from.index()].is_some_and(|(army, side)| {
                            self.castling[army.index()] & side.bit() != 0
                        }),
                        _ => false,
                    }
            }
        }
    }

    /// Whether `other` counts as the same position for repetition: the same men on the same
    /// cells, army to move, seats, teams, dead armies, castling rights and waiting pawns (in
    /// their order) — the whole position, since Kirby's game has no clocks.
    pub fn is_repetition_of(&self, other: &Position) -> bool {
        self == other
    }

    /// The cells of `color`'s pieces of `role`.
    #[inline]
    pub(crate) fn pieces(&self, color: Color, role: Role) -> CellSet {
        self.by_color[color.index()] & self.by_role[role.index()]
    }

    /// Every occupied cell.
    pub fn occupied(&self) -> CellSet {
        self.occupied
    }

    /// The cell of `color`'s king (`None` if the army is dead or not seated).
    pub fn king_of(&self, color: Color) -> Option<Cell> {
        match self.kings[color.index()] {
            NO_KING => None,
            k => Some(Cell::at(k as usize)),
        }
    }

    /// The waiting pawns of `color`, oldest first.
    pub fn waiting_pawns(&self, color: Color) -> Vec<Cell> {
        self.waiting[color.index()]
            .as_slice()
            .iter()
            .map(|&c| Cell::at(c as usize))
            .collect()
    }

    /// The Zobrist hash (kept incrementally): pieces, turn, castling rights, dead armies and
    /// waiting pawns (the layout and the team map never change during a game).
    #[inline]
    pub fn zobrist_hash(&self) -> u64 {
        self.hash
    }

    /// The bit mask of the live armies hostile to `army`.
    #[inline]
    pub(crate) fn hostile_armies(&self, army: usize) -> u8 {
        self.alive & !self.team_mask[army]
    }

    /// The live pieces that may attack `army`: every piece of a live army of another team.
    #[inline]
    pub(crate) fn hostile_to(&self, army: usize) -> CellSet {
        let mask = self.hostile_armies(army);
        let mut out = CellSet::EMPTY;
        for a in 0..ARMIES {
            if mask & (1 << a) != 0 {
                out |= self.by_color[a];
            }
        }
        out
    }

    /// The pieces in `hostile` (cells of live hostile pieces, of the armies in the bit mask
    /// `hostile_armies`) that attack `cell` when the occupancy is `occupied`.
    #[inline]
    pub(crate) fn attackers(
        &self,
        cell: usize,
        occupied: &CellSet,
        hostile: &CellSet,
        hostile_armies: u8,
    ) -> CellSet {
        attackers_on(
            cell,
            occupied,
            hostile,
            hostile_armies,
            &self.by_role,
            &self.by_color,
        )
    }

    /// The pieces giving check to the army to move (from every live hostile army).
    pub fn checkers(&self) -> CellSet {
        self.king_attackers(self.turn.index())
    }

    /// Whether the army to move is in check.
    pub fn is_check(&self) -> bool {
        !self.checkers().is_empty()
    }

    /// The armies whose king is attacked by a live hostile piece now (any army, not only the
    /// one to move: a king can be left in check by a third army's move).
    pub fn colors_in_check(&self) -> ColorSet {
        let mut out = 0;
        for a in 0..ARMIES {
            if !self.king_attackers(a).is_empty() {
                out |= 1 << a;
            }
        }
        ColorSet(out)
    }

    /// The live hostile men attacking the king of the army of seat `army` (none without a
    /// king).
    #[inline]
    pub(crate) fn king_attackers(&self, army: usize) -> CellSet {
        match self.kings[army] {
            NO_KING => CellSet::EMPTY,
            k => self.attackers(
                k as usize,
                &self.occupied,
                &self.hostile_to(army),
                self.hostile_armies(army),
            ),
        }
    }

    /// The number of live teams (teams with at least one king on the board).
    pub fn live_teams(&self) -> usize {
        let mut seen = 0u8;
        let mut n = 0;
        for a in 0..ARMIES {
            if self.alive & (1 << a) != 0 && seen & (1 << a) == 0 {
                n += 1;
                seen |= self.team_mask[a];
            }
        }
        n
    }

    /// Whether only one team has a king on the board (`live_teams() <= 1`), answered from the
    /// army to move's hostile armies when it lives (always, in a position).
    #[inline]
    pub(crate) fn one_team_left(&self) -> bool {
        let us = self.turn.index();
        if self.alive & (1 << us) != 0 {
            self.hostile_armies(us) == 0
        } else {
            self.live_teams() <= 1
        }
    }

    /// The game result: the last team with a king on the board wins.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.live_teams() <= 1 {
            Some(Outcome::Decisive {
                winner: ColorSet(self.team_mask[self.turn.index()]),
                reason: WinReason::Checkmate,
            })
        } else {
            None
        }
    }

    /// Whether the army to move is stalemated (its legal moves are then relocations).
    pub fn is_stalemate(&self) -> bool {
        self.outcome().is_none() && !self.has_normal_move() && !self.is_check()
    }

    /// The reclaimable roles `color` has fewer of than at the start, in `Q R B N` order.
    pub(crate) fn reclaim_missing(&self, color: Color) -> Choices {
        let mut c = Choices::default();
        for role in Role::RECLAIMABLE {
            if self.pieces(color, role).len() < role.start_count() {
                c.push(role);
            }
        }
        c
    }

    fn has_amazon(&self, color: Color) -> bool {
        !self.pieces(color, Role::Amazon).is_empty()
    }

    /// What a promoting pawn (or a stalemate relocation) of `color` may claim: the missing
    /// first-rank pieces; if none is missing, an Amazon (unless the army has one); else nothing.
    pub(crate) fn claims(&self, color: Color) -> Choices {
        let c = self.reclaim_missing(color);
        if c.is_empty() && !self.has_amazon(color) {
            let mut a = Choices::default();
            a.push(Role::Amazon);
            return a;
        }
        c
    }

    // -----------------------------------------------------------------------------------------
    // Making moves.

    #[inline]
    pub(crate) fn put(&mut self, cell: usize, piece: Piece) {
        let code = piece.code();
        self.mailbox[cell] = code;
        // Word-wise updates (a whole-set copy per update is measurably slower).
        let (w, bit) = (cell / 64, 1u64 << (cell % 64));
        self.by_color[piece.color.index()].0[w] |= bit;
        self.by_role[piece.role.index()].0[w] |= bit;
        self.occupied.0[w] |= bit;
        self.hash ^= ZOBRIST.piece[cell][code as usize];
    }

    #[inline]
    pub(crate) fn remove(&mut self, cell: usize) -> Piece {
        let code = self.mailbox[cell];
        let piece = Piece::from_code(code);
        self.mailbox[cell] = 0;
        let (w, bit) = (cell / 64, !(1u64 << (cell % 64)));
        self.by_color[piece.color.index()].0[w] &= bit;
        self.by_role[piece.role.index()].0[w] &= bit;
        self.occupied.0[w] &= bit;
        self.hash ^= ZOBRIST.piece[cell][code as usize];
        piece
    }

    /// Clears the castling rights of `army` named by the [`CastleSide`] bits `bits`.
    pub(crate) fn clear_castling(&mut self, army: usize, bits: u8) {
        for castle in CastleSide::BOTH {
            if bits & castle.bit() != 0 && self.castling[army] & castle.bit() != 0 {
                self.castling[army] &= !castle.bit();
                self.hash ^= ZOBRIST.castling[army][castle as usize - 1];
            }
        }
    }

    /// Clears the castling right whose rook starts on `cell` (the rook leaves it or is
    /// captured there).
    #[inline]
    fn touch_castling(&mut self, cell: usize) {
        if let Some((army, castle)) = ROOK_CORNER[cell] {
            self.clear_castling(army.index(), castle.bit());
        }
    }

    pub(crate) fn waiting_remove(&mut self, army: usize, i: usize) {
        let cell = self.waiting[army].as_slice()[i] as usize;
        self.hash ^= ZOBRIST.waiting[cell];
        self.waiting[army].remove_at(i);
    }

    fn waiting_push(&mut self, army: usize, cell: usize) {
        self.waiting[army].push(cell);
        self.hash ^= ZOBRIST.waiting[cell];
    }

    /// Handles the capture of `piece` (already removed from `cell`): waiting-pawn bookkeeping,
    /// castling rights, and the replacement of a lost power piece by the oldest waiting pawn
    /// (rules §5: "the lost piece replaces the waiting Pawn").
    fn on_captured(&mut self, cell: usize, piece: Piece) {
        let a = piece.color.index();
        self.touch_castling(cell);
        if self.alive & (1 << a) == 0 {
            return;
        }
        if piece.role == Role::Pawn {
            if let Some(i) = self.waiting[a].position(cell) {
                self.waiting_remove(a, i);
            }
        } else if piece.role.is_power() {
            if let Some(w) = self.waiting[a].oldest() {
                self.waiting_remove(a, 0);
                self.remove(w);
                self.put(w, piece);
            }
        }
    }

    /// Moves the pawn of the army to move from `from` to `to` in its promotion zone: it becomes
    /// `promotion`, or with nothing to claim it waits (or keeps waiting).
    fn pawn_reaches_zone(&mut self, from: usize, to: usize, promotion: Option<Role>) -> Role {
        let us = self.turn.index();
        match promotion {
            Some(role) => role,
            None => {
                match self.waiting[us].position(from) {
                    Some(i) => {
                        self.hash ^= ZOBRIST.waiting[from] ^ ZOBRIST.waiting[to];
                        self.waiting[us].cells[i] = to as u16;
                    }
                    None => self.waiting_push(us, to),
                }
                Role::Pawn
            }
        }
    }

    /// Plays a move known to be legal (from [`Position::legal_moves`]; an illegal move leaves
    /// a broken position). Then passes the turn clockwise to the next live army, eliminating
    /// checkmated armies on the way.
    pub fn play_unchecked(&mut self, m: Move) {
        self.apply(m);
        self.resolve();
    }

    /// Plays a legal move and passes the turn, leaving the elimination test of the new turn
    /// to the caller ([`Position::resolve`]): perft resolves only where the army to move turns
    /// out to have no move. Always inlined: perft's move loop calls it for every move, and
    /// a larger program (xtask) otherwise keeps it out of line.
    #[inline(always)]
    pub(crate) fn apply(&mut self, m: Move) {
        let us = self.turn.index();
        match m {
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                let (from, to) = (from.index(), to.index());
                let mut piece = self.remove(from);
                if self.mailbox[to] != 0 {
                    let captured = self.remove(to);
                    self.on_captured(to, captured);
                }
                match piece.role {
                    Role::King => {
                        self.kings[us] = to as u16;
                        self.clear_castling(us, CastleSide::ALL_BITS);
                    }
                    Role::Rook => self.touch_castling(from),
                    Role::Pawn if PAWNS[us].promotes.has(to) => {
                        piece.role = self.pawn_reaches_zone(from, to, promotion);
                    }
                    _ => {}
                }
                self.put(to, piece);
            }
            Move::Castle { king, rook } => {
                let (kt, rt) = castle_targets(king, rook);
                let k = self.remove(king.index());
                let r = self.remove(rook.index());
                self.put(kt.index(), k);
                self.put(rt.index(), r);
                self.kings[us] = kt.index() as u16;
                self.clear_castling(us, CastleSide::ALL_BITS);
            }
            Move::Relocate { from, to, reclaim } => self.relocate(from, to, reclaim),
        }
        self.pass_turn();
    }

    /// Plays `m` if it is legal; otherwise leaves the position untouched.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.is_legal(m) {
            self.play_unchecked(m);
            Ok(())
        } else {
            Err(IllegalMove { mv: m })
        }
    }

    /// The legal move that `text` names, in [`Move`]'s notation. Forgiving: surrounding
    /// spaces, lower-case letters, `x` for a capture (`A16xB15`) and trailing `+ # ! ?` are
    /// accepted.
    ///
    /// ```
    /// use hexvar_kirby::Position;
    ///
    /// let pos = Position::new();
    /// let m = pos.legal_moves()[0];
    /// let typed = format!(" {}+ ", m.to_string().to_lowercase());
    /// assert_eq!(pos.parse_move(&typed)?, m);
    /// assert!(pos.parse_move("A1-A2").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let m = Move::parse_forgiving(text)?;
        if self.is_legal(m) {
            Ok(m)
        } else {
            Err(ParseMoveError::NotLegal(text.to_string()))
        }
    }

    pub(crate) fn pass_turn(&mut self) {
        // `alive` has six bits: the mask only spares the bounds test.
        let next = NEXT_LIVE[self.alive as usize & ((1 << ARMIES) - 1)][self.turn.index()];
        self.hash ^= ZOBRIST.turn[self.turn.index()] ^ ZOBRIST.turn[next.index()];
        self.turn = next;
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let mut h = ZOBRIST.turn[self.turn.index()];
        for c in 0..CELLS {
            if self.mailbox[c] != 0 {
                h ^= ZOBRIST.piece[c][self.mailbox[c] as usize];
            }
        }
        for a in 0..ARMIES {
            for castle in CastleSide::BOTH {
                if self.castling[a] & castle.bit() != 0 {
                    h ^= ZOBRIST.castling[a][castle as usize - 1];
                }
            }
            if self.seated & !self.alive & (1 << a) != 0 {
                h ^= ZOBRIST.dead[a];
            }
            for &c in self.waiting[a].as_slice() {
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

    /// An ASCII diagram of the position (see [`crate::render::ascii`]).
    pub fn diagram(&self) -> String {
        crate::render::ascii(self, CellSet::EMPTY)
    }
}

/// The pieces in `hostile` (cells of live hostile pieces, of the armies in the bit mask
/// `hostile_armies`) that attack `cell` when the occupancy is `occupied`, with the role and
/// army sets `roles` and `armies` (a position's own, or those after a capture that turns a
/// waiting pawn into a piece).
#[inline]
pub(crate) fn attackers_on(
    cell: usize,
    occupied: &CellSet,
    hostile: &CellSet,
    hostile_armies: u8,
    roles: &[CellSet; ROLES],
    armies: &[CellSet; ARMIES],
) -> CellSet {
    let role = |r: Role| roles[r.index()];
    let mut out = KNIGHT_ATTACKS[cell] & (role(Role::Knight) | role(Role::Amazon));
    out |= KING_ATTACKS[cell] & role(Role::King);
    let queens = role(Role::Queen) | role(Role::Amazon);
    let rooks = (role(Role::Rook) | queens) & *hostile;
    if ROOK_REACH[cell].intersects(&rooks) {
        out |= rook_attacks(cell, occupied) & rooks;
    }
    let bishops = (role(Role::Bishop) | queens) & *hostile;
    if BISHOP_REACH[cell].intersects(&bishops) {
        out |= bishop_attacks(cell, occupied) & bishops;
    }
    let pawns = role(Role::Pawn);
    if PAWN_ATTACKERS_ANY[cell].intersects(&(pawns & *hostile)) {
        for (a, table) in PAWNS.iter().enumerate() {
            if hostile_armies & (1 << a) != 0 {
                out |= table.attackers[cell] & pawns & armies[a];
            }
        }
    }
    out & *hostile
}

impl Position {
    /// The cells of `zone` that the men in `hostile` (cells of live hostile men, of the armies in
    /// the bit mask `hostile_armies`) attack when the occupancy is `occupied`: one attack set
    /// per hostile man instead of one attacker test per cell, cheaper when the cells to test
    /// outnumber the men (a king in the open, stalemate relocations). Sliders that cannot reach
    /// the zone on an empty board are skipped.
    pub(crate) fn attacks_on_zone(
        &self,
        zone: &CellSet,
        occupied: &CellSet,
        hostile: &CellSet,
        hostile_armies: u8,
    ) -> CellSet {
        let role = |r: Role| self.by_role[r.index()] & *hostile;
        let mut out = CellSet::EMPTY;
        each_index(&(role(Role::Knight) | role(Role::Amazon)), |c| {
            out |= KNIGHT_ATTACKS[c];
        });
        each_index(&role(Role::King), |c| out |= KING_ATTACKS[c]);
        let queens = role(Role::Queen) | role(Role::Amazon);
        each_index(&(role(Role::Rook) | queens), |c| {
            if ROOK_REACH[c].intersects(zone) {
                out |= slider_attacks_toward(c, &ROOK_RAYS[c], occupied, zone);
            }
        });
        each_index(&(role(Role::Bishop) | queens), |c| {
            if BISHOP_REACH[c].intersects(zone) {
                out |= slider_attacks_toward(c, &BISHOP_RAYS[c], occupied, zone);
            }
        });
        let pawns = role(Role::Pawn);
        let mut armies = hostile_armies;
        while armies != 0 {
            let a = armies.trailing_zeros() as usize;
            each_index(&(pawns & self.by_color[a]), |c| out |= PAWNS[a].capture[c]);
            armies &= armies - 1;
        }
        out & *zone
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
        // Every other field follows from these.
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

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        // Equal positions have equal Zobrist hashes; the layout and the teams are not in it.
        self.hash.hash(state);
        self.layout.hash(state);
        self.team_mask.hash(state);
    }
}

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
hexvar_geometry::serde_as_text!(serde, Position, "a Kirby position text");
