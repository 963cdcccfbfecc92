//! Legal move generation: the set-wise layer ([`Position::for_each_piece_moves`]) and the list
//! layer built on it.
//!
//! The order of work: the king's own steps first (each tested with the king lifted off the
//! board), then the checkers and the pinned men, which give two masks: `target` (with one
//! checker, the cells that capture or block it; otherwise every cell not ours) and the pin line
//! of each pinned man. Every other man's destinations are its attacks cut by those masks, so
//! every generated move is legal without playing it. Then one function per kind of man.

use hexvar_geometry::Set128;

use crate::board::{
    indices, slider_attacks, Cell, CellSet, Color, Role, BETWEEN, BISHOP_LINES, BISHOP_RAYS, BIT,
    KING_ATTACKS, KNIGHT_ATTACKS, LINE, PAWN_AHEAD, PAWN_ATTACKERS, PAWN_ATTACKS, PAWN_DOUBLE,
    PAWN_SHIFTS, RANK_CELLS, ROOK_LINES, ROOK_RAYS,
};
use crate::moves::{CastlingSide, Move, MoveList};
use crate::position::Position;

/// What kind of moves a [`PieceMoves`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MovesKind {
    /// Plain moves and captures.
    Normal,
    /// Pawn moves onto the last rank: each destination is four moves (=Q, =R, =B, =N).
    Promotion,
    /// An en passant capture (one destination).
    EnPassant,
    /// Castling (the destination is the king's).
    Castle(CastlingSide),
}

/// The legal moves of one man from one cell, as a destination set: the set-wise layer.
///
/// Iterating yields the [`Move`]s; [`PieceMoves::len`] counts them without iterating.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceMoves {
    /// The side moving.
    pub color: Color,
    /// The role of the moving man.
    pub role: Role,
    /// Its cell.
    pub from: Cell,
    /// The destinations.
    pub to: CellSet,
    /// The kind of moves.
    pub kind: MovesKind,
    /// The enemy men, to tell captures from plain moves.
    pub(crate) enemies: u128,
}

impl PieceMoves {
    /// The number of moves (promotions count four per destination).
    #[inline]
    pub fn len(&self) -> usize {
        let n = self.to.len() as usize;
        match self.kind {
            MovesKind::Promotion => PROMOTION_ROLES * n,
            _ => n,
        }
    }

    /// Whether there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// Appends the moves to `list`, with one loop per kind of move.
    #[inline]
    pub fn push_into(&self, list: &mut MoveList) {
        self.for_each_move(|m| list.push(m));
    }

    /// Calls `f` with each move, with one loop per kind of move.
    #[inline(always)]
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        let from = self.from;
        match self.kind {
            MovesKind::Normal => {
                // Captures and plain moves in two loops, so the flag is no per-move bit test.
                for (targets, capture) in [
                    (self.to.0 & self.enemies, true),
                    (self.to.0 & !self.enemies, false),
                ] {
                    for to in indices(targets) {
                        f(Move::Normal {
                            from,
                            to: Cell::ALL[to],
                            capture,
                            promotion: None,
                        });
                    }
                }
            }
            MovesKind::Promotion => {
                for to in self.to {
                    let capture = self.enemies >> to & 1 != 0;
                    for role in Role::PROMOTIONS {
                        f(Move::Normal {
                            from,
                            to: Cell::ALL[to],
                            capture,
                            promotion: Some(role),
                        });
                    }
                }
            }
            _ => self.into_iter().for_each(f),
        }
    }
}

/// The number of roles a pawn may promote to.
const PROMOTION_ROLES: usize = Role::PROMOTIONS.len();

/// Iterator over the moves of a [`PieceMoves`].
#[derive(Clone, Debug)]
pub struct PieceMovesIter {
    moves: PieceMoves,
    promotion: usize,
}

impl Iterator for PieceMovesIter {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        let to = self.moves.to.first()?;
        let from = self.moves.from;
        let cell = Cell::ALL[to];
        let capture = self.moves.enemies >> to & 1 != 0;
        let mut promotion = None;
        if self.moves.kind == MovesKind::Promotion {
            promotion = Some(Role::PROMOTIONS[self.promotion]);
            self.promotion += 1;
            if self.promotion < PROMOTION_ROLES {
                return Some(Move::Normal {
                    from,
                    to: cell,
                    capture,
                    promotion,
                });
            }
            self.promotion = 0;
        }
        self.moves.to = self.moves.to.without(to);
        Some(match self.moves.kind {
            MovesKind::Normal | MovesKind::Promotion => Move::Normal {
                from,
                to: cell,
                capture,
                promotion,
            },
            MovesKind::EnPassant => Move::EnPassant { from, to: cell },
            MovesKind::Castle(side) => Move::Castle {
                color: self.moves.color,
                side,
            },
        })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.moves.len() - self.promotion;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PieceMovesIter {}

impl IntoIterator for PieceMoves {
    type Item = Move;
    type IntoIter = PieceMovesIter;
    fn into_iter(self) -> PieceMovesIter {
        PieceMovesIter {
            moves: self,
            promotion: 0,
        }
    }
}

/// The side to move's view of the board, with its check and pin masks.
#[derive(Clone, Copy)]
struct Masks {
    us: Color,
    ours: u128,
    theirs: u128,
    occupied: u128,
    king: usize,
    /// The cells every man but the king must move to: all cells not ours, or with one checker
    /// the checker and the cells between it and the king.
    target: u128,
    /// Our men pinned against our king.
    pinned: u128,
}

impl Masks {
    /// The cells a man on `from` may move along: its pin line when pinned, else everywhere.
    #[inline(always)]
    fn pin_line(&self, from: usize) -> u128 {
        if self.pinned & BIT[from] == 0 {
            !0
        } else {
            LINE[self.king][from]
        }
    }

    /// Hands `f` the moves `to` of our `role` on `from`, unless there are none; `false` when `f`
    /// stops the generation.
    #[inline(always)]
    fn emit(
        &self,
        f: &mut impl FnMut(PieceMoves) -> bool,
        role: Role,
        from: usize,
        to: u128,
        kind: MovesKind,
    ) -> bool {
        to == 0
            || f(PieceMoves {
                color: self.us,
                role,
                from: Cell::ALL[from],
                to: Set128(to),
                kind,
                enemies: self.theirs,
            })
    }
}

/// The rank `n` ranks ahead of `rank` in `color`'s forward direction.
const fn rank_ahead(color: Color, rank: u8, n: i8) -> usize {
    match color {
        Color::White => (rank as i8 + n) as usize,
        Color::Black => (rank as i8 - n) as usize,
    }
}

/// The index of White, of Black (for code specialised to one side).
const WHITE: usize = Color::White.index();
const BLACK: usize = Color::Black.index();

/// Whether generation counts the unpinned pawns' moves set-wise instead of reporting them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pawns {
    Report,
    Count,
}

impl Position {
    /// Calls `f` with the legal moves of each man (one [`PieceMoves`] per man and kind of move),
    /// until `f` returns `false`. Returns `false` if `f` stopped it.
    ///
    /// This is the fast set-wise layer under [`Position::legal_moves`]: checks and pins are
    /// resolved with masks, so every destination is legal without playing the move.
    ///
    /// ```
    /// use hexvar_brusky::Position;
    /// let mut count = 0;
    /// assert!(Position::new().for_each_piece_moves(|moves| {
    ///     count += moves.len();
    ///     true
    /// }));
    /// assert_eq!(count, 61);
    /// ```
    pub fn for_each_piece_moves(&self, f: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate(f, Pawns::Report).is_some()
    }

    /// The generator: `None` when `f` stopped it, else the number of pawn moves counted
    /// set-wise (always 0 with [`Pawns::Report`]).
    #[inline(always)]
    fn generate(&self, mut f: impl FnMut(PieceMoves) -> bool, pawns: Pawns) -> Option<usize> {
        let us = self.turn;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[us.other().index()];
        let king = self.king(us).index();
        let mut m = Masks {
            us,
            ours,
            theirs,
            occupied: ours | theirs,
            king,
            target: !ours,
            pinned: 0,
        };
        if !m.emit(
            &mut f,
            Role::King,
            king,
            self.king_steps(&m),
            MovesKind::Normal,
        ) {
            return None;
        }
        let (checkers, pinned) = self.checkers_and_pins(&m);
        m.pinned = pinned;
        if checkers.count_ones() > 1 {
            return Some(0); // double check: only the king moves
        }
        if checkers != 0 {
            m.target = BETWEEN[king][checkers.trailing_zeros() as usize] | checkers;
        } else if !self.castlings(&m, &mut f) {
            return None;
        }
        let counted = match pawns {
            Pawns::Report => {
                self.pawn_moves(&m, m.ours & self.by_role[Role::Pawn.index()], &mut f)?;
                0
            }
            Pawns::Count => {
                self.pawn_moves(
                    &m,
                    m.ours & self.by_role[Role::Pawn.index()] & pinned,
                    &mut f,
                )?;
                self.count_free_pawn_moves(&m)
            }
        };
        (self.knight_moves(&m, &mut f)
            && self.slider_moves(&m, &mut f)
            && self.en_passant_moves(&m, &mut f))
        .then_some(counted)
    }

    /// The king's safe steps: each destination tested with the king lifted off the board, so
    /// that it cannot hide from a slider on the line it stands on.
    fn king_steps(&self, m: &Masks) -> u128 {
        let them = m.us.other();
        let r = &self.by_role;
        let theirs = |role: Role| m.theirs & r[role.index()];
        let (knights, pawns, king) = (theirs(Role::Knight), theirs(Role::Pawn), theirs(Role::King));
        let queens = theirs(Role::Queen);
        let straight = theirs(Role::Rook) | queens;
        let diagonal = theirs(Role::Bishop) | queens;
        let without_king = m.occupied ^ BIT[m.king];
        let mut safe = 0;
        for to in indices(KING_ATTACKS[m.king] & !m.ours) {
            let leapers = (KNIGHT_ATTACKS[to] & knights)
                | (KING_ATTACKS[to] & king)
                | (PAWN_ATTACKERS[them.index()][to] & pawns);
            // A slider on a line through the cell attacks it when nothing stands between.
            let snipers = (ROOK_LINES[to] & straight) | (BISHOP_LINES[to] & diagonal);
            let attacked =
                leapers != 0 || indices(snipers).any(|s| BETWEEN[to][s] & without_king == 0);
            if !attacked {
                safe |= BIT[to];
            }
        }
        safe
    }

    /// The men checking our king, and our men pinned against it.
    ///
    /// One pass over the enemy sliders on the king's lines finds both: a slider with nothing
    /// between it and the king checks, one with a single man of ours between pins that man.
    fn checkers_and_pins(&self, m: &Masks) -> (u128, u128) {
        let them = m.us.other();
        let r = &self.by_role;
        let k = m.king;
        let mut checkers = m.theirs
            & ((KNIGHT_ATTACKS[k] & r[Role::Knight.index()])
                | (PAWN_ATTACKERS[them.index()][k] & r[Role::Pawn.index()]));
        let queens = r[Role::Queen.index()];
        let snipers = m.theirs
            & ((ROOK_LINES[k] & (r[Role::Rook.index()] | queens))
                | (BISHOP_LINES[k] & (r[Role::Bishop.index()] | queens)));
        let mut pinned = 0;
        for sniper in indices(snipers) {
            let blockers = BETWEEN[k][sniper] & m.occupied;
            if blockers == 0 {
                checkers |= 1 << sniper;
            } else if blockers & (blockers - 1) == 0 {
                pinned |= blockers & m.ours;
            }
        }
        (checkers, pinned)
    }

    /// Castling (called only when not in check): the right kept, the cells between king and rook
    /// empty, and no cell the king passes or lands on attacked.
    fn castlings(&self, m: &Masks, f: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        let them = m.us.other();
        for side in CastlingSide::ALL {
            if !self.castling.has(m.us, side) {
                continue;
            }
            let c = side.cells(m.us);
            let (king_to, rook_from) = (c.king_to.index(), c.rook_from.index());
            let walk = BETWEEN[m.king][king_to] | 1 << king_to;
            if BETWEEN[m.king][rook_from] & m.occupied == 0
                && indices(walk).all(|cell| !self.is_attacked(Cell::ALL[cell], them, m.occupied))
                && !m.emit(f, Role::King, m.king, 1 << king_to, MovesKind::Castle(side))
            {
                return false;
            }
        }
        true
    }

    /// Knight leaps. A pinned knight never moves: no leap stays on a line.
    fn knight_moves(&self, m: &Masks, f: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        let knights = m.ours & self.by_role[Role::Knight.index()] & !m.pinned;
        indices(knights).all(|from| {
            m.emit(
                f,
                Role::Knight,
                from,
                KNIGHT_ATTACKS[from] & m.target,
                MovesKind::Normal,
            )
        })
    }

    /// Bishops, rooks and queens, one loop per role.
    fn slider_moves(&self, m: &Masks, f: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        let mine = |role: Role| indices(m.ours & self.by_role[role.index()]);
        let legal = |from: usize| m.target & m.pin_line(from);
        mine(Role::Bishop).all(|from| {
            let to = slider_attacks(&BISHOP_RAYS, from, m.occupied);
            m.emit(f, Role::Bishop, from, to & legal(from), MovesKind::Normal)
        }) && mine(Role::Rook).all(|from| {
            let to = slider_attacks(&ROOK_RAYS, from, m.occupied);
            m.emit(f, Role::Rook, from, to & legal(from), MovesKind::Normal)
        }) && mine(Role::Queen).all(|from| {
            let to = slider_attacks(&ROOK_RAYS, from, m.occupied)
                | slider_attacks(&BISHOP_RAYS, from, m.occupied);
            m.emit(f, Role::Queen, from, to & legal(from), MovesKind::Normal)
        })
    }

    /// The pawns on `pawns`, one at a time; `None` when `f` stopped the generation.
    fn pawn_moves(
        &self,
        m: &Masks,
        pawns: u128,
        f: &mut impl FnMut(PieceMoves) -> bool,
    ) -> Option<()> {
        let u = m.us.index();
        let before_last = RANK_CELLS[rank_ahead(m.us, m.us.promotion_rank(), -1)];
        let start_rank = RANK_CELLS[m.us.pawn_rank() as usize];
        let empty = !m.occupied;
        for from in indices(pawns) {
            let ahead = PAWN_AHEAD[u][from];
            let mut to = PAWN_ATTACKS[u][from] & m.theirs;
            // The enemy-block rule: an enemy man on either forward cell forbids every non-capture.
            if ahead & m.theirs == 0 {
                to |= ahead & empty;
                if start_rank >> from & 1 != 0 {
                    // A double step needs its own direction's first cell empty.
                    for (single, double) in PAWN_DOUBLE[u][from] {
                        if single & empty != 0 {
                            to |= double & empty;
                        }
                    }
                }
            }
            let kind = if before_last >> from & 1 != 0 {
                MovesKind::Promotion
            } else {
                MovesKind::Normal
            };
            if !m.emit(f, Role::Pawn, from, to & m.target & m.pin_line(from), kind) {
                return None;
            }
        }
        Some(())
    }

    /// The moves of the unpinned pawns, counted set-wise: each step moves the whole pawn set by
    /// shifts, and a destination bit stands for exactly one pawn (four moves on the last rank).
    #[inline(always)]
    fn count_free_pawn_moves(&self, m: &Masks) -> usize {
        match m.us {
            Color::White => self.count_free_pawn_moves_of::<WHITE>(m),
            Color::Black => self.count_free_pawn_moves_of::<BLACK>(m),
        }
    }

    /// [`Position::count_free_pawn_moves`] for the side with index `SIDE`, whose shift
    /// distances are then constants.
    #[inline(always)]
    fn count_free_pawn_moves_of<const SIDE: usize>(&self, m: &Masks) -> usize {
        let shifts = const { &PAWN_SHIFTS[SIDE] };
        let pawns = m.ours & self.by_role[Role::Pawn.index()] & !m.pinned;
        let empty = !m.occupied;
        // The enemy-block rule, set-wise: pawns with an enemy man on a forward cell only capture.
        let blocked = shifts.push[0].backward(m.theirs) | shifts.push[1].backward(m.theirs);
        let pushers = pawns & !blocked;
        // A single step onto the rank after the start rank came from the start rank.
        let double_from = RANK_CELLS[rank_ahead(m.us, m.us.pawn_rank(), 1)];
        let last = RANK_CELLS[m.us.promotion_rank() as usize];
        let mut count = 0;
        let mut add = |to: u128| {
            let to = to & m.target;
            count += to.count_ones() as usize
                + (PROMOTION_ROLES - 1) * (to & last).count_ones() as usize;
        };
        for push in &shifts.push {
            let single = push.forward(pushers) & empty;
            add(single);
            add(push.forward(single & double_from) & empty);
        }
        for capture in &shifts.capture {
            add(capture.forward(pawns) & m.theirs);
        }
        add(shifts.vertical.forward(pawns) & m.theirs);
        count
    }

    /// En passant: the capturer leaves its cell, lands on the passed cell and removes the pawn
    /// that double-stepped, so the test is the king's safety on the board after those three
    /// changes (which covers a pin, a check by the double-stepped pawn, and a line opened
    /// through both pawns at once).
    fn en_passant_moves(&self, m: &Masks, f: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        let Some(ep) = self.en_passant else {
            return true;
        };
        let (passed, victim) = (ep.passed.index(), ep.pawn.index());
        let capturers =
            PAWN_ATTACKERS[m.us.index()][passed] & m.ours & self.by_role[Role::Pawn.index()];
        for from in indices(capturers) {
            let occupied = (m.occupied ^ 1 << from ^ 1 << victim) | 1 << passed;
            let theirs = m.theirs ^ 1 << victim;
            if !self.is_attacked_by(Cell::ALL[m.king], m.us.other(), theirs, occupied)
                && !m.emit(f, Role::Pawn, from, 1 << passed, MovesKind::EnPassant)
            {
                return false;
            }
        }
        true
    }

    /// Every legal move, in a fixed-capacity list.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Every legal move, into `list` (cleared first): the reusable, allocation-free form.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.for_each_piece_moves(|moves| {
            moves.push_into(list);
            true
        });
    }

    /// The number of legal moves: a popcount per man, the unpinned pawns counted set-wise.
    pub fn legal_move_count(&self) -> usize {
        let mut n = 0;
        let pawns = self.generate(
            |moves| {
                n += moves.len();
                true
            },
            Pawns::Count,
        );
        n + pawns.unwrap_or(0)
    }

    /// Whether the side to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        !self.for_each_piece_moves(|moves| moves.is_empty())
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        !self.for_each_piece_moves(|moves| !moves.into_iter().any(|x| x == m))
    }
}

/// The number of leaves `depth` plies below `pos`, playing every leaf move: the same count as
/// [`hexvar_geometry::perft_without_bulk`], faster because the moves go from the set-wise layer
/// straight into play, with no move list.
///
/// ```
/// use hexvar_brusky::{perft_without_bulk, Position};
/// assert_eq!(perft_without_bulk(&Position::new(), 2), 3_583);
/// ```
pub fn perft_without_bulk(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    let mut count = |child: &Position| {
        nodes += if depth == 1 {
            // A leaf: the move is played (and kept from being optimised away), not recursed
            // into, which would only return 1.
            core::hint::black_box(child);
            1
        } else {
            perft_without_bulk(child, depth - 1)
        };
    };
    pos.for_each_piece_moves(|moves| {
        if moves.kind == MovesKind::Normal {
            // Plain moves and captures: the role is known, so play skips the mailbox look-up.
            let from = moves.from.index();
            for to in indices(moves.to.0) {
                let mut child = *pos;
                child.play_man(moves.role, from, to);
                count(&child);
            }
        } else {
            moves.for_each_move(|m| {
                let mut child = *pos;
                child.play_unchecked(m);
                count(&child);
            });
        }
        true
    });
    nodes
}
