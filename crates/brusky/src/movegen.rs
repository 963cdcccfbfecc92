//! Legal move generation: the set-wise layer ([`Position::for_each_piece_moves`]) and the list
//! layer built on it.
//!
//! The order of work: the king's own steps first (each tested with the king lifted off the
//! board), then the checkers and the pinned men, which give two masks: `target` (with one
//! checker, the cells that capture or block it; otherwise every cell not ours) and the pin line
//! of each pinned man. Every other man's destinations are its attacks cut by those masks, so
//! every generated move is legal without playing it. Then one function per kind of man.

use hexvar_geometry::Set128;

use crate::cells::{indices, Cell, CellSet};
use crate::men::{pawn_rank, promotion_rank, Color, Role};
use crate::moves::{CastlingSide, Move, MoveList, MovesKind};
use crate::position::Position;
use crate::sliders::{bishop_attacks_from, rook_attacks_from};
use crate::tables::{
    BETWEEN, BISHOP_LINES, BIT, KING_ATTACKS, KNIGHTS_NEAR_KING, KNIGHT_ATTACKS, LINE,
    PAWNS_NEAR_KING, PAWN_AHEAD, PAWN_ATTACKERS, PAWN_ATTACKS, PAWN_DOUBLE, PAWN_SHIFTS,
    RANK_CELLS, RANK_FIRSTS, RANK_LASTS, ROOK_LINES,
};

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
    /// The view before checks and pins are known: every cell not ours is a target.
    #[inline(always)]
    fn new(pos: &Position) -> Masks {
        let us = pos.turn;
        let ours = pos.by_color[us.index()];
        let theirs = pos.by_color[us.other().index()];
        Masks {
            us,
            ours,
            theirs,
            occupied: ours | theirs,
            king: pos.king(us).index(),
            target: !ours,
            pinned: 0,
        }
    }

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

/// [`Position::count_free_pawn_moves`] for the side with index `SIDE`, whose shift distances
/// are then constants.
#[inline(always)]
fn count_free_pawn_moves_of<const SIDE: usize>(m: &Masks, pawns: u128) -> usize {
    let shifts = const { &PAWN_SHIFTS[SIDE] };
    let empty = !m.occupied;
    let low = shifts.low.forward(pawns);
    let mut high = (low & !RANK_LASTS) << 1;
    let at_edge = pawns & shifts.high_only;
    if at_edge != 0 {
        high |= shifts.high_at_edge.forward(at_edge);
    }
    // The enemy-block rule, on the destinations: an enemy man on `low + 1` blocks the pawn
    // whose lower forward cell is `low`, one on `high - 1` the pawn whose higher one is `high`
    // (when those cells are on the same rank), and every non-capture of that pawn.
    let single_low = low & empty & !((m.theirs >> 1) & !RANK_LASTS);
    let single_high = high & empty & !((m.theirs << 1) & !RANK_FIRSTS);
    let destinations = [
        single_low,
        single_high,
        shifts.double[0].forward(single_low) & empty,
        shifts.double[1].forward(single_high) & empty,
        (low & !RANK_FIRSTS) >> 1 & m.theirs,
        (high & !RANK_LASTS) << 1 & m.theirs,
        shifts.vertical.forward(pawns) & m.theirs,
    ];
    destinations
        .iter()
        .map(|&to| (to & m.target).count_ones() as usize)
        .sum()
}

/// The enemy rooks and queens that may attack the king's steps, and the occupancy without the
/// king.
struct Snipers {
    straight: u128,
    occupied: u128,
}

impl Snipers {
    /// The cells of `steps` no slider attacks, step by step.
    #[inline(always)]
    fn spare_by_steps(&self, steps: u128) -> u128 {
        let mut spared = 0;
        for to in indices(steps) {
            let snipers = ROOK_LINES[to] & self.straight;
            if indices(snipers).all(|s| BETWEEN[to][s] & self.occupied != 0) {
                spared |= BIT[to];
            }
        }
        spared
    }

    /// The cells of `steps` no slider attacks, slider by slider.
    #[inline(always)]
    fn spare_by_sliders(&self, steps: u128) -> u128 {
        let mut spared = steps;
        for s in indices(self.straight) {
            for to in indices(ROOK_LINES[s] & spared) {
                if BETWEEN[s][to] & self.occupied == 0 {
                    spared &= !BIT[to];
                }
            }
        }
        spared
    }
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
        self.generate(f)
    }

    /// The generator: `false` when `f` stopped it.
    #[inline(always)]
    fn generate(&self, mut f: impl FnMut(PieceMoves) -> bool) -> bool {
        let mut m = Masks::new(self);
        if !m.emit(
            &mut f,
            Role::King,
            m.king,
            self.king_steps(&m),
            MovesKind::Normal,
        ) {
            return false;
        }
        let (checkers, pinned) = self.checkers_and_pins(&m);
        m.pinned = pinned;
        if checkers.count_ones() > 1 {
            return true; // double check: only the king moves
        }
        if checkers != 0 {
            m.target = BETWEEN[m.king][checkers.trailing_zeros() as usize] | checkers;
        } else if !self.castlings(&m, &mut f) {
            return false;
        }
        self.pawn_moves(&m, m.ours & self.by_role[Role::Pawn.index()], &mut f)
            && self.knight_moves(&m, &mut f)
            && self.slider_moves(&m, &mut f)
            && self.en_passant_moves(&m, &mut f)
    }

    /// The king's safe steps, each judged with the king lifted off the board (so that it cannot
    /// hide from a slider on the line it stands on): the leapers' attacks taken out set-wise
    /// (only the few enemy knights and pawns near the king can matter), then the sliders'.
    #[inline(always)]
    fn king_steps(&self, m: &Masks) -> u128 {
        let candidates = KING_ATTACKS[m.king] & !m.ours;
        if candidates == 0 {
            return 0;
        }
        let r = &self.by_role;
        let theirs = |role: Role| m.theirs & r[role.index()];
        let them = m.us.other().index();
        let king = theirs(Role::King).trailing_zeros() as usize;
        let mut safe = candidates & !KING_ATTACKS[king];
        for knight in indices(theirs(Role::Knight) & KNIGHTS_NEAR_KING[m.king]) {
            safe &= !KNIGHT_ATTACKS[knight];
        }
        for pawn in indices(theirs(Role::Pawn) & PAWNS_NEAR_KING[them][m.king]) {
            safe &= !PAWN_ATTACKS[them][pawn];
        }
        let queens = theirs(Role::Queen);
        let occupied = m.occupied ^ BIT[m.king];
        // A bishop's attacks are one look-up: cheaper than testing the steps on its lines.
        for s in indices(theirs(Role::Bishop) | queens) {
            if BISHOP_LINES[s] & safe != 0 {
                safe &= !bishop_attacks_from(s, occupied);
            }
        }
        // A rook's take three; each step against each rook on one of its lines, by the between
        // table, costs less. The pairs are the same whichever way they are found; the loop over
        // the fewer of steps and rooks costs less.
        let snipers = Snipers {
            straight: theirs(Role::Rook) | queens,
            occupied,
        };
        if safe.count_ones() <= snipers.straight.count_ones() {
            snipers.spare_by_steps(safe)
        } else {
            snipers.spare_by_sliders(safe)
        }
    }

    /// The men checking our king, and our men pinned against it.
    ///
    /// One pass over the enemy sliders on the king's lines finds both: a slider with nothing
    /// between it and the king checks, one with a single man of ours between pins that man.
    #[inline(always)]
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
                checkers |= BIT[sniper];
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
            let to = bishop_attacks_from(from, m.occupied);
            m.emit(f, Role::Bishop, from, to & legal(from), MovesKind::Normal)
        }) && mine(Role::Rook).all(|from| {
            let to = rook_attacks_from(from, m.occupied);
            m.emit(f, Role::Rook, from, to & legal(from), MovesKind::Normal)
        }) && mine(Role::Queen).all(|from| {
            let to = rook_attacks_from(from, m.occupied) | bishop_attacks_from(from, m.occupied);
            m.emit(f, Role::Queen, from, to & legal(from), MovesKind::Normal)
        })
    }

    /// The pawns on `pawns`, one at a time; `false` when `f` stopped the generation.
    fn pawn_moves(&self, m: &Masks, pawns: u128, f: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        let u = m.us.index();
        let before_last = RANK_CELLS[rank_ahead(m.us, promotion_rank(m.us), -1)];
        let start_rank = RANK_CELLS[pawn_rank(m.us) as usize];
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
                return false;
            }
        }
        true
    }

    /// The moves of the free `pawns` (neither pinned nor about to promote), counted set-wise:
    /// each step moves the whole set by shifts (see [`PawnShifts`](crate::tables::PawnShifts)),
    /// and a destination bit stands for exactly one pawn.
    #[inline(always)]
    fn count_free_pawn_moves(&self, m: &Masks, pawns: u128) -> usize {
        match m.us {
            Color::White => count_free_pawn_moves_of::<WHITE>(m, pawns),
            Color::Black => count_free_pawn_moves_of::<BLACK>(m, pawns),
        }
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
        MoveList::filled_by(|list| self.legal_moves_into(list))
    }

    /// Every legal move, into `list` (cleared first): the reusable, allocation-free form.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.for_each_piece_moves(|moves| {
            moves.push_into(list);
            true
        });
    }

    /// The number of legal moves, counted without listing them: the king's steps as in
    /// generation, a popcount per free man (the pawns set-wise, by shifts of the whole pawn
    /// set), and the rare pinned men, promotions and en passant captures through the
    /// generator's paths.
    pub fn legal_move_count(&self) -> usize {
        let mut m = Masks::new(self);
        let king_moves = self.king_steps(&m).count_ones() as usize;
        let (checkers, pinned) = self.checkers_and_pins(&m);
        m.pinned = pinned;
        if checkers.count_ones() > 1 {
            return king_moves; // double check: only the king moves
        }
        let mut special = 0;
        let mut count = |moves: PieceMoves| {
            special += moves.len();
            true
        };
        if checkers != 0 {
            m.target = BETWEEN[m.king][checkers.trailing_zeros() as usize] | checkers;
        } else {
            self.castlings(&m, &mut count);
        }
        self.en_passant_moves(&m, &mut count);
        let pawns = m.ours & self.by_role[Role::Pawn.index()];
        let before_last = RANK_CELLS[rank_ahead(m.us, promotion_rank(m.us), -1)];
        let one_by_one = pawns & (pinned | before_last);
        if one_by_one != 0 {
            self.pawn_moves(&m, one_by_one, &mut count);
        }
        king_moves
            + special
            + self.count_free_pawn_moves(&m, pawns & !one_by_one)
            + self.count_piece_moves(&m, m.ours & !pinned, !0)
            + self.count_pinned_piece_moves(&m)
    }

    /// The moves of our knights, bishops, rooks and queens on `men`, each kept to `line` as
    /// well as to the target: one look-up and a popcount per man (a queen's two look-ups count
    /// apart, their cells being disjoint).
    #[inline(always)]
    fn count_piece_moves(&self, m: &Masks, men: u128, line: u128) -> usize {
        let r = &self.by_role;
        let queens = r[Role::Queen.index()];
        let legal = m.target & line;
        let mut n = 0;
        for from in indices(men & r[Role::Knight.index()]) {
            n += (KNIGHT_ATTACKS[from] & legal).count_ones();
        }
        for from in indices(men & (r[Role::Bishop.index()] | queens)) {
            n += (bishop_attacks_from(from, m.occupied) & legal).count_ones();
        }
        for from in indices(men & (r[Role::Rook.index()] | queens)) {
            n += (rook_attacks_from(from, m.occupied) & legal).count_ones();
        }
        n as usize
    }

    /// The moves of our pinned pieces, each along its pin line (a pinned knight has none).
    fn count_pinned_piece_moves(&self, m: &Masks) -> usize {
        let pieces = m.pinned & !self.by_role[Role::Pawn.index()];
        indices(pieces)
            .map(|from| self.count_piece_moves(m, BIT[from], LINE[m.king][from]))
            .sum()
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
pub(crate) fn perft_without_bulk(pos: &Position, depth: u32) -> u64 {
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
