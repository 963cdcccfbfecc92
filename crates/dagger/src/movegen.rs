//! Legal move generation: the set-wise layer ([`Position::for_each_piece_moves`]), the list
//! layer ([`Position::legal_moves`]) and the bulk count ([`Position::legal_move_count`]).
//!
//! Generation is fully legal without make/test/undo. First the masks:
//! - the King's moves avoid every cell the enemy attacks (its pieces with the King removed from
//!   the occupancy, so that a slider sees through it, plus the entry cells of its in-hand
//!   knights);
//! - the checkers and the pinned pieces come from one pass over the enemy sliders on the King's
//!   lines (nothing between: check; exactly one own piece between: a pin);
//! - in double check, or in check by an in-hand knight (which can be neither captured nor
//!   blocked, and arises only in a constructed position), only the King moves; in single check
//!   every other move must capture the checker or block its line (an entry or a drop may block);
//! - a pinned piece keeps to the line through its King and the pinner.
//!
//! Then one function per kind of mover: pawns, knights, bishops, rooks, queens, en-passant
//! captures (judged by recomputing the King's attackers with the three cells the capture
//! changes) and knights in hand.

use crate::cells::{cell_set, cells_of, Bits, Cell, CellSet, CELL_COUNT};
use crate::hand::{HandKnight, ENTRY, HAND_ATTACKS};
use crate::men::{home, Color, Role};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::sliders::{bishop_attacks, bishop_attacks_from, rook_attacks, rook_attacks_from};
use crate::tables::{
    PawnStep, BETWEEN, BISHOP_PSEUDO, KING, KNIGHT, KNIGHTS_NEAR_KING, LINE, PAWNS_NEAR_KING,
    PAWN_FROM, PAWN_JUMP, PAWN_SHIFTS, PAWN_STEPS, RANK_LASTS, RANK_NEIGHBOURS, ROOK_PSEUDO,
};

/// Where a mover comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A piece on the board.
    Cell(Cell),
    /// A knight in hand.
    Hand(HandKnight),
}

/// The two promotion cells: each side's one-cell back rank.
const PROMOTION_CELLS: Bits = Cell::A1.bit() | Cell::N1.bit();
/// Every cell of the board.
const ALL_CELLS: Bits = (1 << CELL_COUNT) - 1;
/// The number of promotion choices.
const PROMOTION_CHOICES: usize = Role::PROMOTIONS.len();

/// The legal moves of one mover (a piece, or a knight in hand) as a destination set.
///
/// It iterates its moves: one per destination, four per promoting destination (`=Q`, `=R`, `=B`,
/// `=N`), a drop for a knight in hand landing on its own King's start cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceMoves {
    color: Color,
    role: Role,
    from: Origin,
    to: Bits,
    en_passant: bool,
}

impl PieceMoves {
    /// The side moving.
    #[inline]
    pub fn color(&self) -> Color {
        self.color
    }

    /// The moving piece's role.
    #[inline]
    pub fn role(&self) -> Role {
        self.role
    }

    /// Where the mover comes from.
    #[inline]
    pub fn from(&self) -> Origin {
        self.from
    }

    /// The destinations.
    #[inline]
    pub fn to(&self) -> CellSet {
        cell_set(self.to)
    }

    /// The from-cell when these are plain moves, one [`Move::Normal`] per destination (a
    /// piece's, or a pawn's not promoting nor en passant).
    #[inline]
    fn plain_from(&self) -> Option<Cell> {
        match self.from {
            Origin::Cell(from) if !self.en_passant && self.promoting() == 0 => Some(from),
            _ => None,
        }
    }

    /// Whether these are en-passant captures.
    #[inline]
    pub fn is_en_passant(&self) -> bool {
        self.en_passant
    }

    /// The destinations that promote (a pawn's move, not en passant, onto a back-rank cell).
    #[inline]
    fn promoting(&self) -> Bits {
        if self.role == Role::Pawn && !self.en_passant {
            self.to & PROMOTION_CELLS
        } else {
            0
        }
    }

    /// The number of moves: one per destination, four per promoting destination.
    #[inline]
    pub fn len(&self) -> usize {
        // A pawn reaches at most one promotion cell (White n1, Black a1).
        self.to.count_ones() as usize + (PROMOTION_CHOICES - 1) * usize::from(self.promoting() != 0)
    }

    /// Whether there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.to == 0
    }

    /// Whether `m` is one of these moves.
    pub(crate) fn contains(&self, m: Move) -> bool {
        let hit = |to: Cell| self.to & to.bit() != 0;
        match (m, self.from) {
            (Move::Normal { from, to }, Origin::Cell(origin)) => {
                from == origin && !self.en_passant && hit(to) && self.promoting() & to.bit() == 0
            }
            (Move::Promotion { from, to, role }, Origin::Cell(origin)) => {
                from == origin
                    && self.promoting() & to.bit() != 0
                    && Role::PROMOTIONS.contains(&role)
            }
            (Move::EnPassant { from, to }, Origin::Cell(origin)) => {
                from == origin && self.en_passant && hit(to)
            }
            (Move::Entry { knight, to }, Origin::Hand(k)) => {
                knight == k && hit(to) && to != home(self.color)
            }
            (Move::Drop { knight, to }, Origin::Hand(k)) => {
                knight == k && hit(to) && to == home(self.color)
            }
            _ => false,
        }
    }

    /// Calls `f` with each move (the fast form of the iterator).
    #[inline]
    pub(crate) fn for_each_move(&self, mut f: impl FnMut(Move)) {
        match self.from {
            Origin::Hand(knight) => {
                let drop_cell = home(self.color);
                for to in cells_of(self.to) {
                    f(if to == drop_cell {
                        Move::Drop { knight, to }
                    } else {
                        Move::Entry { knight, to }
                    });
                }
            }
            Origin::Cell(from) if self.en_passant => {
                for to in cells_of(self.to) {
                    f(Move::EnPassant { from, to });
                }
            }
            Origin::Cell(from) => {
                let promoting = self.promoting();
                for to in cells_of(self.to & !promoting) {
                    f(Move::Normal { from, to });
                }
                for to in cells_of(promoting) {
                    for role in Role::PROMOTIONS {
                        f(Move::Promotion { from, to, role });
                    }
                }
            }
        }
    }
}

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

/// The moves of a [`PieceMoves`], destinations in index order.
#[derive(Clone, Debug)]
pub struct PieceMovesIter {
    moves: PieceMoves,
    /// The next promotion choice on the current (promoting) destination.
    promotion: usize,
}

impl Iterator for PieceMovesIter {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        let pm = &mut self.moves;
        if pm.to == 0 {
            return None;
        }
        let to = Cell::first_of(pm.to);
        let mut done = true;
        let m = match pm.from {
            Origin::Hand(knight) if to == home(pm.color) => Move::Drop { knight, to },
            Origin::Hand(knight) => Move::Entry { knight, to },
            Origin::Cell(from) if pm.en_passant => Move::EnPassant { from, to },
            Origin::Cell(from) if pm.promoting() & to.bit() != 0 => {
                let role = Role::PROMOTIONS[self.promotion];
                self.promotion += 1;
                done = self.promotion == PROMOTION_CHOICES;
                Move::Promotion { from, to, role }
            }
            Origin::Cell(from) => Move::Normal { from, to },
        };
        if done {
            pm.to &= pm.to - 1;
            self.promotion = 0;
        }
        Some(m)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.moves.len() - self.promotion;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PieceMovesIter {}

/// What every mover's generation reads: the side, the occupancy, the King, and the check and
/// pin masks.
struct Masks {
    us: Color,
    them: Color,
    own: Bits,
    occupied: Bits,
    king: Cell,
    /// Where a move other than the King's must land: everywhere, or in single check the checker
    /// and the cells between it and the King.
    target: Bits,
    /// The own pieces pinned against the King.
    pinned: Bits,
}

/// Reports one mover's moves to the closure, unless there are none; `false` when it stopped.
#[inline(always)]
fn emit<F: FnMut(PieceMoves) -> bool>(
    f: &mut F,
    color: Color,
    role: Role,
    from: Origin,
    to: Bits,
    en_passant: bool,
) -> bool {
    to == 0
        || f(PieceMoves {
            color,
            role,
            from,
            to,
            en_passant,
        })
}

/// The destinations of the moves of the free `pawns` of the side with index `SIDE` (whose
/// shift distances are then constants; none of the pawns about to promote), set-wise (see
/// [`PawnShifts`](crate::tables::PawnShifts)): the lower forward steps, the higher ones and the
/// jumps, kept to `step_to` and `jump_to`. Each destination bit of each set stands for exactly
/// one pawn's move.
#[inline(always)]
fn free_pawn_destinations<const SIDE: usize>(
    pawns: Bits,
    step_to: Bits,
    jump_to: Bits,
) -> [Bits; 3] {
    let shifts = const { &PAWN_SHIFTS[SIDE] };
    let low = shifts.low.forward(pawns);
    let mut high = (low & !RANK_LASTS) << 1;
    let at_edge = pawns & shifts.high_only;
    if at_edge != 0 {
        high |= shifts.high_at_edge.forward(at_edge);
    }
    [
        low & step_to,
        high & step_to,
        shifts.jump.forward(pawns) & jump_to,
    ]
}

/// The index of White, of Black (for code specialised to one side).
const WHITE: usize = Color::White.index();
const BLACK: usize = Color::Black.index();

impl Position {
    /// The set-wise layer: calls `f` once per mover (a piece, or a knight in hand) that has legal
    /// moves, with its destination set, in a fixed order (King, pawns, knights, bishops, rooks,
    /// queens, en passant, hand). Stops early when `f` returns `false`; returns `false` then,
    /// `true` otherwise.
    ///
    /// ```
    /// use hexvar_dagger::Position;
    /// let mut count = 0;
    /// let finished = Position::new().for_each_piece_moves(|pm| {
    ///     count += pm.len();
    ///     true
    /// });
    /// assert!(finished);
    /// assert_eq!(count, 13);
    /// ```
    pub fn for_each_piece_moves(&self, f: impl FnMut(PieceMoves) -> bool) -> bool {
        self.for_each_piece_moves_of(self.turn, f)
    }

    /// [`Position::for_each_piece_moves`] with the side to move `us` given (a constant where
    /// the caller has branched on the side).
    #[inline(always)]
    fn for_each_piece_moves_of(&self, us: Color, mut f: impl FnMut(PieceMoves) -> bool) -> bool {
        debug_assert_eq!(us, self.turn);
        let (king_steps, masks) = self.masks(us);
        if !emit(
            &mut f,
            us,
            Role::King,
            Origin::Cell(self.king(us)),
            king_steps,
            false,
        ) {
            return false;
        }
        let Some(m) = masks else {
            return true; // only the King may move
        };
        self.pawn_moves(&m, &mut f, self.pieces_bits(m.us, Role::Pawn))
            && self.knight_moves(&m, &mut f)
            && self.bishop_moves(&m, &mut f)
            && self.rook_moves(&m, &mut f)
            && self.queen_moves(&m, &mut f)
            && self.en_passant_moves(&m, &mut f)
            && self.hand_moves(&m, &mut f)
    }

    /// The King's legal destinations, and the masks every other mover's generation reads:
    /// `None` in double check, or in check by a knight in hand (which can be neither captured
    /// nor blocked, and arises only in a constructed position), where only the King may move.
    #[inline(always)]
    fn masks(&self, us: Color) -> (Bits, Option<Masks>) {
        let them = us.other();
        let own = self.by_color[us.index()];
        let occupied = self.occupied_bits();
        let king = self.king(us);
        let in_hand = self.hand_attacks(them);
        let king_moves = self.king_moves(them, king, own, occupied, in_hand);
        let (checkers, pinned) = self.checkers_and_pins(us, king, own, occupied);
        let mut target = ALL_CELLS;
        let checked_from_hand = in_hand & king.bit() != 0;
        if checkers != 0 || checked_from_hand {
            if checked_from_hand || checkers & (checkers - 1) != 0 {
                return (king_moves, None);
            }
            target = BETWEEN[king.index()][checkers.trailing_zeros() as usize] | checkers;
        }
        let masks = Masks {
            us,
            them,
            own,
            occupied,
            king,
            target,
            pinned,
        };
        (king_moves, Some(masks))
    }

    /// The King's legal destinations, judged with the King off the board (so that a slider
    /// sees through it): the cells the enemy's King, knights in hand (`in_hand`: their entry
    /// cells) and on the board, and pawns attack are taken out set-wise (only the pieces near the King can matter), then each
    /// enemy slider's attacks, one look-up each, when one of its lines crosses a cell left.
    #[inline(always)]
    fn king_moves(
        &self,
        them: Color,
        king: Cell,
        own: Bits,
        occupied: Bits,
        in_hand: Bits,
    ) -> Bits {
        let k = king.index();
        let mut safe = KING[k] & !own;
        if safe == 0 {
            return 0;
        }
        let theirs = |role: Role| self.pieces_bits(them, role);
        safe &= !(KING[self.king(them).index()] | in_hand);
        for knight in cells_of(theirs(Role::Knight) & KNIGHTS_NEAR_KING[k]) {
            safe &= !KNIGHT[knight.index()];
        }
        for pawn in cells_of(theirs(Role::Pawn) & PAWNS_NEAR_KING[them.index()][k]) {
            safe &= !PAWN_STEPS[them.index()][pawn.index()];
        }
        let without_king = occupied ^ king.bit();
        let queens = theirs(Role::Queen);
        for s in cells_of(theirs(Role::Bishop) | queens) {
            if BISHOP_PSEUDO[s.index()] & safe != 0 {
                safe &= !bishop_attacks_from(s.index(), without_king);
            }
        }
        for s in cells_of(theirs(Role::Rook) | queens) {
            if ROOK_PSEUDO[s.index()] & safe != 0 {
                safe &= !rook_attacks_from(s.index(), without_king);
            }
        }
        safe
    }

    /// The enemy pieces that check the King, and the own pieces pinned against it: one pass
    /// over the enemy sliders on the King's lines.
    #[inline(always)]
    fn checkers_and_pins(&self, us: Color, king: Cell, own: Bits, occupied: Bits) -> (Bits, Bits) {
        let them = us.other();
        let k = king.index();
        let enemy = self.by_color[them.index()];
        let r = &self.by_role;
        let queens = r[Role::Queen.index()];
        let snipers = ((ROOK_PSEUDO[k] & (r[Role::Rook.index()] | queens))
            | (BISHOP_PSEUDO[k] & (r[Role::Bishop.index()] | queens)))
            & enemy;
        let mut checkers = ((KNIGHT[k] & r[Role::Knight.index()])
            | (PAWN_STEPS[us.index()][k] & r[Role::Pawn.index()]))
            & enemy;
        let mut pinned = 0;
        for s in cells_of(snipers) {
            let between = BETWEEN[k][s.index()] & occupied;
            if between == 0 {
                checkers |= s.bit();
            } else if between & (between - 1) == 0 && between & own != 0 {
                pinned |= between;
            }
        }
        (checkers, pinned)
    }

    /// Reports the moves of each piece of `role` on `pieces` with destinations `dests(cell)`,
    /// kept to the check mask and, for a pinned piece, to its pin line.
    #[inline(always)]
    fn each_piece<F: FnMut(PieceMoves) -> bool>(
        &self,
        m: &Masks,
        f: &mut F,
        role: Role,
        pieces: Bits,
        dests: impl Fn(Cell) -> Bits,
    ) -> bool {
        for from in cells_of(pieces) {
            let mut to = dests(from) & m.target;
            if m.pinned & from.bit() != 0 {
                to &= LINE[m.king.index()][from.index()];
            }
            if !emit(f, m.us, role, Origin::Cell(from), to, false) {
                return false;
            }
        }
        true
    }

    /// The pawns on `pawns`: the two forward steps (move or capture) and the jump (move only).
    #[inline(always)]
    fn pawn_moves<F: FnMut(PieceMoves) -> bool>(&self, m: &Masks, f: &mut F, pawns: Bits) -> bool {
        let u = m.us.index();
        let not_own = !m.own;
        let empty = !m.occupied;
        let one = |from: Cell| {
            (PAWN_STEPS[u][from.index()] & not_own) | (PAWN_JUMP[u][from.index()] & empty)
        };
        self.each_piece(m, f, Role::Pawn, pawns, one)
    }

    /// Knights on the board. A pinned knight never moves: no knight leap stays on a line.
    #[inline(always)]
    fn knight_moves<F: FnMut(PieceMoves) -> bool>(&self, m: &Masks, f: &mut F) -> bool {
        let knights = self.pieces_bits(m.us, Role::Knight) & !m.pinned;
        self.each_piece(m, f, Role::Knight, knights, |from| {
            KNIGHT[from.index()] & !m.own
        })
    }

    /// Bishops.
    #[inline(always)]
    fn bishop_moves<F: FnMut(PieceMoves) -> bool>(&self, m: &Masks, f: &mut F) -> bool {
        let bishops = self.pieces_bits(m.us, Role::Bishop);
        self.each_piece(m, f, Role::Bishop, bishops, |from| {
            bishop_attacks(from, m.occupied) & !m.own
        })
    }

    /// Rooks.
    #[inline(always)]
    fn rook_moves<F: FnMut(PieceMoves) -> bool>(&self, m: &Masks, f: &mut F) -> bool {
        let rooks = self.pieces_bits(m.us, Role::Rook);
        self.each_piece(m, f, Role::Rook, rooks, |from| {
            rook_attacks(from, m.occupied) & !m.own
        })
    }

    /// Queens.
    #[inline(always)]
    fn queen_moves<F: FnMut(PieceMoves) -> bool>(&self, m: &Masks, f: &mut F) -> bool {
        let queens = self.pieces_bits(m.us, Role::Queen);
        self.each_piece(m, f, Role::Queen, queens, |from| {
            (rook_attacks(from, m.occupied) | bishop_attacks(from, m.occupied)) & !m.own
        })
    }

    /// En-passant captures of the pawn that has just jumped onto the e.p. cell `t`: by the own
    /// pawns beside `t` on its rank, each onto the one passed cell that is its forward step. The
    /// capture changes three cells (the capturer leaves, it lands, the jumper goes), so it is
    /// legal when the King has no attacker left with that occupancy (the jumper itself no
    /// longer counts).
    #[inline(always)]
    fn en_passant_moves<F: FnMut(PieceMoves) -> bool>(&self, m: &Masks, f: &mut F) -> bool {
        let Some(t) = self.en_passant else {
            return true;
        };
        let u = m.us.index();
        let capturers = RANK_NEIGHBOURS[t.index()] & self.pieces_bits(m.us, Role::Pawn);
        // The jump's start cell is the jumper's backward jump, i.e. our forward jump from t.
        let start = PAWN_JUMP[u][t.index()];
        if capturers == 0 || start == 0 {
            return true;
        }
        let passed = PAWN_STEPS[m.them.index()][start.trailing_zeros() as usize] & !m.occupied;
        for from in cells_of(capturers) {
            let to = PAWN_STEPS[u][from.index()] & passed;
            if to == 0 {
                continue;
            }
            let occupied = (m.occupied ^ from.bit() ^ t.bit()) | to;
            if self.attackers(m.king, m.them, occupied) & !t.bit() != 0 {
                continue;
            }
            if !emit(f, m.us, Role::Pawn, Origin::Cell(from), to, true) {
                return false;
            }
        }
        true
    }

    /// Knights in hand: entries onto their entry cells (empty or enemy) and drops onto the own
    /// King's start cell when it is empty.
    #[inline(always)]
    fn hand_moves<F: FnMut(PieceMoves) -> bool>(&self, m: &Masks, f: &mut F) -> bool {
        let u = m.us.index();
        let drop = home(m.us).bit() & !m.occupied;
        for knight in self.hands[u].iter() {
            let to = ((ENTRY[u][knight as usize] & !m.own) | drop) & m.target;
            if !emit(f, m.us, Role::Knight, Origin::Hand(knight), to, false) {
                return false;
            }
        }
        true
    }

    /// The legal moves, into a fresh list.
    ///
    /// ```
    /// use hexvar_dagger::Position;
    /// let moves = Position::new().legal_moves();
    /// assert_eq!(moves.len(), 13);
    /// assert!(moves.iter().any(|m| m.to_string() == "d2-f2"));
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        MoveList::filled_by(|list| self.legal_moves_into(list))
    }

    /// The legal moves, into `list` (cleared first; no allocation).
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.for_each_piece_moves(|pm| {
            pm.for_each_move(|m| list.push(m));
            true
        });
    }

    /// The number of legal moves, counted without listing them: the King's destinations as in
    /// generation, a popcount per free piece (the pawns set-wise, by shifts of the whole pawn
    /// set), the knights in hand by their entry cells, and the rare pinned pieces and en-passant
    /// captures through the generator's paths.
    pub fn legal_move_count(&self) -> usize {
        self.count_legal_moves()
    }

    /// [`Position::legal_move_count`], inlined into the ply above the leaves of [`perft`].
    #[inline(always)]
    fn count_legal_moves(&self) -> usize {
        // One branch on the side here, so that each side's count sees its colour as a constant:
        // its tables' rows and its sets' indices fixed, no selection by the side per read.
        match self.turn {
            Color::White => self.count_legal_moves_of(Color::White),
            Color::Black => self.count_legal_moves_of(Color::Black),
        }
    }

    /// [`Position::count_legal_moves`] for the side to move `us`.
    #[inline(always)]
    fn count_legal_moves_of(&self, us: Color) -> usize {
        let (king_steps, masks) = self.masks(us);
        let Some(m) = masks else {
            return king_steps.count_ones() as usize; // only the King may move
        };
        let mut special = 0;
        let mut count = |pm: PieceMoves| {
            special += pm.len();
            true
        };
        self.en_passant_moves(&m, &mut count);
        let pawn_moves = match m.us {
            Color::White => self.count_pawn_moves::<WHITE>(&m, &mut count),
            Color::Black => self.count_pawn_moves::<BLACK>(&m, &mut count),
        };
        king_steps.count_ones() as usize
            + special
            + pawn_moves
            + self.count_piece_moves(&m, m.own & !m.pinned, ALL_CELLS)
            + self.count_pinned_piece_moves(&m)
            + self.count_hand_moves(&m)
    }

    /// The moves of our pawns (we are the side with index `SIDE`): the pinned ones and those
    /// about to promote reported to `count` one by one, the others counted set-wise.
    #[inline(always)]
    fn count_pawn_moves<const SIDE: usize>(
        &self,
        m: &Masks,
        count: &mut impl FnMut(PieceMoves) -> bool,
    ) -> usize {
        let pawns = self.pieces_bits(m.us, Role::Pawn);
        let one_by_one = pawns & (m.pinned | const { PAWN_SHIFTS[SIDE].promoting });
        if one_by_one != 0 {
            self.pawn_moves(m, count, one_by_one);
        }
        let free = pawns & !one_by_one;
        // The shifts cost the same for one pawn as for seven: none is common in endings.
        if free == 0 {
            return 0;
        }
        let destinations =
            free_pawn_destinations::<SIDE>(free, !m.own & m.target, !m.occupied & m.target);
        destinations.iter().map(|d| d.count_ones() as usize).sum()
    }

    /// The moves of our knights, bishops, rooks and queens on `pieces`, each kept to `line` as
    /// well as to the target: one look-up and a popcount per piece (a queen's two look-ups count
    /// apart, their cells being disjoint).
    #[inline(always)]
    fn count_piece_moves(&self, m: &Masks, pieces: Bits, line: Bits) -> usize {
        let r = &self.by_role;
        let queens = r[Role::Queen.index()];
        let legal = !m.own & m.target & line;
        let mut n = 0;
        for from in cells_of(pieces & r[Role::Knight.index()]) {
            n += (KNIGHT[from.index()] & legal).count_ones();
        }
        for from in cells_of(pieces & (r[Role::Bishop.index()] | queens)) {
            n += (bishop_attacks_from(from.index(), m.occupied) & legal).count_ones();
        }
        for from in cells_of(pieces & (r[Role::Rook.index()] | queens)) {
            n += (rook_attacks_from(from.index(), m.occupied) & legal).count_ones();
        }
        n as usize
    }

    /// The moves of our pinned pieces, each along its pin line (a pinned knight has none).
    #[inline(always)]
    fn count_pinned_piece_moves(&self, m: &Masks) -> usize {
        let pieces = m.pinned & !self.by_role[Role::Pawn.index()];
        if pieces == 0 {
            return 0; // the common case, without a call
        }
        cells_of(pieces)
            .map(|from| self.count_piece_moves(m, from.bit(), LINE[m.king.index()][from.index()]))
            .sum()
    }

    /// The moves of our knights in hand: their entry cells are disjoint, so the entries are one
    /// popcount of their union; each knight may also drop onto the King's start cell when it is
    /// empty.
    #[inline(always)]
    fn count_hand_moves(&self, m: &Masks) -> usize {
        let hand = self.hands[m.us.index()];
        let entries = HAND_ATTACKS[m.us.index()][hand.index()] & !m.own & m.target;
        let drop = home(m.us).bit() & !m.occupied & m.target;
        (entries.count_ones() + hand.len() * drop.count_ones()) as usize
    }

    /// Whether the side to move has a legal move (stops at the first).
    pub fn has_legal_move(&self) -> bool {
        !self.for_each_piece_moves(|_| false)
    }

    /// Whether `m` is legal here.
    pub fn is_legal(&self, m: Move) -> bool {
        !self.for_each_piece_moves(|pm| !pm.contains(m))
    }
}

/// The number of leaves `depth` plies below `pos`: each move played straight from the set-wise
/// layer, without a move list, and the last ply counted in bulk
/// ([`Position::legal_move_count`]).
///
/// ```
/// use hexvar_dagger::{perft, Position};
/// assert_eq!(perft(&Position::new(), 3), 2580);
/// ```
pub(crate) fn perft(pos: &Position, depth: u32) -> u64 {
    walk::<true>(pos, depth)
}

/// Perft with the last ply counted in bulk (`BULK`) or played move by move: one branch on the
/// side per node, below which generation, play and the children's counts see both sides'
/// colours as constants.
fn walk<const BULK: bool>(pos: &Position, depth: u32) -> u64 {
    match pos.turn {
        Color::White => walk_of::<WHITE, BULK>(pos, depth),
        Color::Black => walk_of::<BLACK, BULK>(pos, depth),
    }
}

/// [`walk`] with the side to move given as a constant, the index `US` (read as a constant
/// inside the closures too, which are called out of line: a captured colour would be loaded).
#[inline(always)]
fn walk_of<const US: usize, const BULK: bool>(pos: &Position, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => return 1,
        1 if BULK => return pos.count_legal_moves_of(Color::ALL[US]) as u64,
        // The ply above the leaves has an arm of its own, so that the count inlines into it:
        // no call, no second pass through this match per leaf-parent.
        2 if BULK => for_each_child::<US>(pos, |child| {
            nodes += child.count_legal_moves_of(Color::ALL[US].other()) as u64;
        }),
        // A leaf: the move is played (and kept from being optimised away), not recursed into,
        // which would only return 1.
        1 => for_each_child::<US>(pos, |child| {
            core::hint::black_box(child);
            nodes += 1;
        }),
        _ => for_each_child::<US>(pos, |child| nodes += walk::<BULK>(child, depth - 1)),
    }
    nodes
}

/// Calls `visit` with each child of `pos`, where the side with index `US` is to move: each
/// move played on a copy straight from the set-wise layer, in its order but for the free pawns
/// (neither pinned nor about to promote), whose moves come set-wise, three sets for all of them
/// (fewer, longer loops than one per pawn), each move's pawn read from a table. A plain move is
/// played through [`Position::play_plain_of`] with its mover's role.
#[inline(always)]
fn for_each_child<const US: usize>(pos: &Position, mut visit: impl FnMut(&Position)) {
    let us = Color::ALL[US];
    let (king_steps, masks) = pos.masks(us);
    let pawns = pos.pieces_bits(us, Role::Pawn);
    let shifts = const { &PAWN_SHIFTS[US] };
    let one_by_one = masks
        .as_ref()
        .map_or(pawns, |m| pawns & (m.pinned | shifts.promoting));
    if let Some(m) = &masks {
        let free = pawns & !one_by_one;
        if free != 0 {
            let destinations =
                free_pawn_destinations::<US>(free, !m.own & m.target, !m.occupied & m.target);
            let steps = [shifts.low_step, shifts.high_step, PawnStep::Jump];
            for (set, step) in destinations.into_iter().zip(steps) {
                for to in cells_of(set) {
                    let from =
                        Cell::from_bit_index(u32::from(PAWN_FROM[US][step as usize][to.index()]));
                    visit_plain::<US>(pos, Role::Pawn, from, to, &mut visit);
                }
            }
        }
    }
    let mut each_mover = |pm: PieceMoves| {
        if let Some(from) = pm.plain_from() {
            for to in cells_of(pm.to) {
                visit_plain::<US>(pos, pm.role, from, to, &mut visit);
            }
        } else {
            pm.for_each_move(|m| {
                let mut child = *pos;
                child.play_of(us, m);
                visit(&child);
            });
        }
        true
    };
    emit(
        &mut each_mover,
        us,
        Role::King,
        Origin::Cell(pos.king(us)),
        king_steps,
        false,
    );
    let Some(m) = masks else {
        return; // only the King may move
    };
    if one_by_one != 0 {
        pos.pawn_moves(&m, &mut each_mover, one_by_one);
    }
    let _ = pos.knight_moves(&m, &mut each_mover)
        && pos.bishop_moves(&m, &mut each_mover)
        && pos.rook_moves(&m, &mut each_mover)
        && pos.queen_moves(&m, &mut each_mover)
        && pos.en_passant_moves(&m, &mut each_mover)
        && pos.hand_moves(&m, &mut each_mover);
}

/// Calls `visit` with the child of `pos` after the plain move `from`-`to` of the side with
/// index `US`'s man of `role`.
#[inline(always)]
fn visit_plain<const US: usize>(
    pos: &Position,
    role: Role,
    from: Cell,
    to: Cell,
    visit: &mut impl FnMut(&Position),
) {
    let mut child = *pos;
    child.play_plain_of(Color::ALL[US], role, from, to);
    visit(&child);
}

/// Perft that plays every move down to the leaves, straight from the set-wise layer: each
/// mover's destinations are played as they are generated, without a move list.
///
/// The generic [`hexvar_geometry::perft_without_bulk`] fills a list per node first; on the same
/// instruction count per leaf this one runs faster in wall time (see the rules page, "Perft").
///
/// ```
/// use hexvar_dagger::{perft_without_bulk, Position};
/// assert_eq!(perft_without_bulk(&Position::new(), 2), 166);
/// ```
pub(crate) fn perft_without_bulk(pos: &Position, depth: u32) -> u64 {
    walk::<false>(pos, depth)
}
