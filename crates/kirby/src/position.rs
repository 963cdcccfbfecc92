//! The validated [`Position`]: its state (seats, teams, dead armies, waiting pawns), what it
//! answers about itself, and its outcome. Making moves, check and validation have their own
//! modules.

use core::hash::{Hash, Hasher};

use crate::cells::{Cell, CellSet, CELLS};
use crate::colors::ColorSet;
use crate::men::{Color, Piece, Role, ARMIES};
use crate::moves::{Move, MoveList};
use crate::outcome::{Outcome, WinReason};
use crate::setup::{Layout, Mode, Setup};
use crate::tables::ROOK_CORNER;

/// `kings[army]` of an army without a king (dead or not seated).
pub(crate) const NO_KING: u16 = u16::MAX;

/// Whether the army to move is in check: found when the position is resolved (which tests it
/// anyway, for the army's moves), as every public way of making a position or a move ends. A
/// search asks it of every node, after the play that resolved it. Perft's positions between a
/// move and its resolution keep their parent's value, never read there (a debug assertion in
/// [`Position::is_check`] compares every value read with a fresh test).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum KnownCheck {
    /// Not known: [`Position::is_check`] looks for checkers.
    Unknown,
    /// Not in check.
    No,
    /// In check.
    Yes,
}

/// The most waiting pawns an army can have (it has at most 8 pawns).
const MAX_WAITING: usize = 8;

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

    /// Whether no more pawns can wait (an army has at most eight).
    #[inline]
    pub(crate) fn is_full(&self) -> bool {
        self.len as usize == MAX_WAITING
    }

    /// The index of the waiting pawn on `cell`, if one waits there.
    #[inline]
    pub(crate) fn position(&self, cell: usize) -> Option<usize> {
        self.as_slice().iter().position(|&c| c as usize == cell)
    }

    /// Removes the waiting pawn of index `i`, keeping the others in order.
    #[inline]
    pub(crate) fn remove_at(&mut self, i: usize) {
        let n = self.len as usize;
        self.cells.copy_within(i + 1..n, i);
        self.cells[n - 1] = 0;
        self.len -= 1;
    }

    /// Adds a waiting pawn on `cell`, the newest (the list is not full).
    #[inline]
    pub(crate) fn push(&mut self, cell: usize) {
        self.cells[self.len as usize] = cell as u16;
        self.len += 1;
    }

    /// Moves the waiting pawn of index `i` to `cell`, keeping its age.
    #[inline]
    pub(crate) fn move_to(&mut self, i: usize, cell: usize) {
        self.cells[i] = cell as u16;
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
    pub(crate) by_role: [CellSet; Role::COUNT],
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
    /// Whether the army to move is in check, when known (not part of equality or hashing: it
    /// follows from the rest).
    pub(crate) check: KnownCheck,
}

/// The error for [`Position::play`]: the move is not legal in the position (which is left
/// unchanged).
pub type IllegalMove = hexvar_geometry::IllegalMove<Move>;

impl Position {
    /// The start position of a game mode (queen-left, castling on, Black first), e.g. for a
    /// command-line mode option: `Position::start_mode("6p-3teams".parse()?)`.
    pub fn start_mode(mode: Mode) -> Position {
        Position::from_setup(Setup::start_mode(mode, Layout::QueenLeft))
            .expect("start positions are valid")
    }

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

    pub(crate) fn has_amazon(&self, color: Color) -> bool {
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

    /// The legal moves.
    pub fn legal_moves(&self) -> MoveList {
        MoveList::filled_by(|list| self.legal_moves_into(list))
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
