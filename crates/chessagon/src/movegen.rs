//! Legal move generation: the set-wise layer ([`Position::for_each_piece_moves`]) and the
//! destination sets the official diagrams show ([`Position::pseudo_targets`]).
//!
//! Fully legal generation without make/test/undo. First the masks: the checkers, the check mask
//! (the checker and the cells between it and the King, intersected over all checkers: a Rook and
//! the Bishop behind it can check along one line, and one blocker on a same-colour cell stops
//! both) and the pins (a pinned piece stays on its pin line, intersected over all its pins). Each
//! slider family (rook, duke, bishop) has its own "between" table, since a Bishop jumps the
//! opposite-colour cells of its row: a Queen checking along a row where both its rook part and
//! its bishop part reach the King is blocked only on the same-colour cells. Then one function per
//! piece kind. King steps are tested against the enemy attacks with the King lifted off the
//! board; en passant (which lifts two pieces off one line) and castling are tested on the
//! position after the move.

use crate::board::{
    bishop_attacks, cells, duke_attacks, queen_attacks, rook_attacks, Cell, Color, Piece, Role,
    BETWEEN_BISHOP, BETWEEN_DUKE, BETWEEN_ROOK, BISHOP_ALL, BIT as BIT_OF, CELL_COUNT, DUKE_ALL,
    KING, KNIGHT, PAWN_CAPTURES, PAWN_DOUBLES, PAWN_PUSHES, PAWN_SHIFTS, PAWN_TABLE, PROMOTION,
    ROOK_ALL,
};
use crate::moves::{Castling, Move};
use crate::position::{mailbox_code, role_of, Position};
use hexvar_geometry::Set128 as CellSet;

/// What kind of moves a [`PieceMoves`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MovesKind {
    /// Ordinary moves (pawn moves onto the back edge are promotions to a Queen).
    Normal,
    /// En passant captures onto the middle cell.
    EnPassant,
    /// Castlings; the destination set holds the King targets.
    Castle,
}

/// The legal moves of one piece from one cell, as a destination set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceMoves {
    /// The moving piece.
    pub piece: Piece,
    /// Its cell.
    pub from: Cell,
    /// The destinations.
    pub to: CellSet,
    /// The kind of moves.
    pub kind: MovesKind,
}

impl PieceMoves {
    /// Number of moves (promotion is to a Queen only, so every destination is one move).
    #[inline]
    pub fn len(&self) -> usize {
        self.to.0.count_ones() as usize
    }

    /// Whether there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.to.0 == 0
    }

    /// The moves.
    #[inline]
    pub fn iter(&self) -> PieceMovesIter {
        let promotions = if self.piece.role == Role::Pawn {
            PROMOTION[self.piece.color.index()]
        } else {
            0
        };
        PieceMovesIter {
            from: self.from,
            plain: self.to.0 & !promotions,
            promoted: self.to.0 & promotions,
            kind: self.kind,
        }
    }
}

impl IntoIterator for PieceMoves {
    type Item = Move;
    type IntoIter = PieceMovesIter;
    #[inline]
    fn into_iter(self) -> PieceMovesIter {
        self.iter()
    }
}

/// The moves of a [`PieceMoves`]: the plain ones lowest destination first, then the promotions.
#[derive(Clone, Debug)]
pub struct PieceMovesIter {
    from: Cell,
    /// Destinations of moves of the set's kind.
    plain: u128,
    /// Destinations of promotions (pawn moves onto the back edge).
    promoted: u128,
    kind: MovesKind,
}

/// Takes the lowest cell out of a non-empty set (a bit scan of one 64-bit word).
#[inline(always)]
fn pop_lowest(set: &mut u128) -> Cell {
    let low = *set as u64;
    let index = if low != 0 {
        low.trailing_zeros()
    } else {
        64 + ((*set >> 64) as u64).trailing_zeros()
    };
    *set &= *set - 1;
    Cell::new_unchecked(index as usize)
}

impl Iterator for PieceMovesIter {
    type Item = Move;
    #[inline]
    fn next(&mut self) -> Option<Move> {
        let from = self.from;
        if self.plain != 0 {
            let to = pop_lowest(&mut self.plain);
            return Some(match self.kind {
                MovesKind::Normal => Move::Normal { from, to },
                MovesKind::EnPassant => Move::EnPassant { from, to },
                MovesKind::Castle => Move::Castle {
                    castling: Castling::by_target(to).expect("a castling target"),
                },
            });
        }
        if self.promoted != 0 {
            let to = pop_lowest(&mut self.promoted);
            return Some(Move::Promotion { from, to });
        }
        None
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.plain.count_ones() + self.promoted.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PieceMovesIter {}

/// The cells strictly between two cells on a common line of one slider family.
type Between = [[u128; CELL_COUNT]; CELL_COUNT];

/// The between tables of the three slider families: rook, duke, bishop.
static FAMILIES: [&Between; 3] = [&BETWEEN_ROOK, &BETWEEN_DUKE, &BETWEEN_BISHOP];

/// The masks every piece's generator uses, computed once per position.
struct Masks {
    us: Color,
    them: Color,
    ours: u128,
    theirs: u128,
    occ: u128,
    king: Cell,
    checkers: u128,
    /// Where a non-King move may go: not on an own piece, and stopping every check.
    target: u128,
    /// The pinned pieces. Their pin lines are found again only when one moves (pins are rare;
    /// a small value is cheap to build).
    pinned: u128,
}

impl Position {
    fn masks(&self) -> Masks {
        let us = self.turn;
        let them = us.other();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occ = ours | theirs;
        let king = self.king_of(us);
        let (slider_checkers, pinned) = self.pins(king.index(), us, occ);
        let k = king.index();
        let r = &self.by_role;
        let leapers = KNIGHT[k] & r[Role::Knight.index()]
            | KING[k] & r[Role::King.index()]
            | PAWN_CAPTURES[us.index()][k] & r[Role::Pawn.index()];
        let checkers = slider_checkers | leapers & theirs;
        // Every checker must be captured or blocked by the same move. Unlike chess, two checkers
        // can share one line (a Bishop checking through the Rook it stands behind, since it jumps
        // the opposite-colour cells), so a double check may still be blocked: intersect.
        let mut target = !ours;
        for c in cells(checkers) {
            target &= self.check_mask(c.index(), king.index(), occ);
        }
        Masks {
            us,
            them,
            ours,
            theirs,
            occ,
            king,
            checkers,
            target,
            pinned,
        }
    }

    /// The enemy sliders that check the King of `us` on `k` (nothing between them and the King
    /// on their line), and the pieces of `us` pinned to it, with their pin lines: one pass over
    /// the enemy sliders on the King's lines.
    #[inline]
    fn pins(&self, k: usize, us: Color, occ: u128) -> (u128, u128) {
        let r = &self.by_role;
        let them = self.by_color[us.other().index()];
        let ours = self.by_color[us.index()];
        let q = r[Role::Queen.index()];
        let snipers = [
            ROOK_ALL[k] & (r[Role::Rook.index()] | q) & them,
            DUKE_ALL[k] & (r[Role::Duke.index()] | q) & them,
            BISHOP_ALL[k] & (r[Role::Bishop.index()] | q) & them,
        ];
        let mut checkers = 0;
        let mut pinned = 0;
        for (family, between) in snipers.iter().zip(FAMILIES) {
            for sniper in cells(*family) {
                let b = between[k][sniper.index()] & occ;
                if b == 0 {
                    // Nothing between: it checks.
                    checkers |= sniper.bit();
                } else if b & (b - 1) == 0 && b & ours != 0 {
                    // Exactly one piece between, and it is ours: pinned.
                    pinned |= b;
                }
            }
        }
        (checkers, pinned)
    }

    /// The cells the pinned piece on `c` may move to without leaving its pin lines (the
    /// intersection of all of them: one piece can be pinned along two lines).
    #[inline(never)]
    fn pin_mask(&self, m: &Masks, c: usize) -> u128 {
        let k = m.king.index();
        let r = &self.by_role;
        let q = r[Role::Queen.index()];
        let snipers = [
            ROOK_ALL[k] & (r[Role::Rook.index()] | q) & m.theirs,
            DUKE_ALL[k] & (r[Role::Duke.index()] | q) & m.theirs,
            BISHOP_ALL[k] & (r[Role::Bishop.index()] | q) & m.theirs,
        ];
        let mut mask = !0u128;
        for (snipers, between) in snipers.iter().zip(FAMILIES) {
            for sniper in cells(*snipers) {
                let line = between[k][sniper.index()];
                if line & m.occ == 1u128 << c {
                    mask &= line | sniper.bit();
                }
            }
        }
        mask
    }

    /// The cells that stop a single check from `checker` (the checker and the blocking cells).
    fn check_mask(&self, checker: usize, k: usize, occ: u128) -> u128 {
        let role = role_of(self.board.get(checker));
        let kb = 1u128 << k;
        let mut mask = !0u128;
        if matches!(role, Role::Rook | Role::Queen) && rook_attacks(checker, occ) & kb != 0 {
            mask &= BETWEEN_ROOK[checker][k];
        }
        if matches!(role, Role::Duke | Role::Queen) && duke_attacks(checker, occ) & kb != 0 {
            mask &= BETWEEN_DUKE[checker][k];
        }
        if matches!(role, Role::Bishop | Role::Queen) && bishop_attacks(checker, occ) & kb != 0 {
            mask &= BETWEEN_BISHOP[checker][k];
        }
        if matches!(role, Role::Pawn | Role::Knight | Role::King) {
            mask = 0;
        }
        mask | 1u128 << checker
    }

    /// The set-wise layer: calls `f` once per (piece, from-cell, destination set) with a
    /// non-empty set of legal moves, in no particular order. Stops early and returns `false` as
    /// soon as `f` returns `false`; returns `true` otherwise.
    ///
    /// ```
    /// use hexvar_chessagon::Position;
    /// let pos = Position::new();
    /// let mut n = 0;
    /// let finished = pos.for_each_piece_moves(|pm| {
    ///     n += pm.len();
    ///     true
    /// });
    /// assert!(finished);
    /// assert_eq!(n, 50);
    /// ```
    #[inline]
    pub fn for_each_piece_moves(&self, mut f: impl FnMut(PieceMoves) -> bool) -> bool {
        self.generate::<_, false>(&mut f, &mut 0)
    }

    /// The number of legal moves, counted without listing them: a popcount per piece, and the
    /// unpinned pawns away from the edge ranks by shifts of the whole pawn set.
    pub fn legal_move_count(&self) -> usize {
        let mut n = 0;
        let mut pawns = 0;
        self.generate::<_, true>(
            &mut |pm: PieceMoves| {
                n += pm.len();
                true
            },
            &mut pawns,
        );
        n + pawns
    }

    /// The generator behind [`Position::for_each_piece_moves`]. With `COUNT_PAWNS` the moves of
    /// the pawns that shift set-wise are not reported but counted into `pawn_count`.
    #[inline(always)]
    fn generate<F: FnMut(PieceMoves) -> bool, const COUNT_PAWNS: bool>(
        &self,
        f: &mut F,
        pawn_count: &mut usize,
    ) -> bool {
        let m = self.masks();
        self.king_moves(&m, f)
            && (m.target == 0
                || self.piece_moves(&m, Role::Knight, |p| KNIGHT[p], f)
                    && self.piece_moves(&m, Role::Bishop, |p| bishop_attacks(p, m.occ), f)
                    && self.piece_moves(&m, Role::Duke, |p| duke_attacks(p, m.occ), f)
                    && self.piece_moves(&m, Role::Rook, |p| rook_attacks(p, m.occ), f)
                    && self.piece_moves(&m, Role::Queen, |p| queen_attacks(p, m.occ), f)
                    && self.pawn_moves::<F, COUNT_PAWNS>(&m, f, pawn_count))
            && self.en_passant_moves(&m, f)
            && self.castling_moves(&m, f)
    }

    /// King steps to cells the enemy does not attack once the King has left its cell.
    #[inline]
    fn king_moves(&self, m: &Masks, f: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        let k = m.king.index();
        let occ_no_king = m.occ ^ m.king.bit();
        let mut safe = 0u128;
        for to in cells(KING[k] & !m.ours) {
            if !self.is_attacked(to, m.them, occ_no_king) {
                safe |= to.bit();
            }
        }
        safe == 0
            || f(PieceMoves {
                piece: Piece::new(m.us, Role::King),
                from: m.king,
                to: CellSet(safe),
                kind: MovesKind::Normal,
            })
    }

    /// The moves of every piece of one role (not King, not Pawn), from its attack set: the
    /// unpinned pieces first, then the pinned ones, kept on their pin lines.
    #[inline(always)]
    fn piece_moves(
        &self,
        m: &Masks,
        role: Role,
        attacks: impl Fn(usize) -> u128,
        f: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
        let piece = Piece::new(m.us, role);
        let movers = m.ours & self.by_role[role.index()];
        let mut emit = |p: usize, to: u128| {
            to == 0
                || f(PieceMoves {
                    piece,
                    from: Cell::new_unchecked(p),
                    to: CellSet(to),
                    kind: MovesKind::Normal,
                })
        };
        let mut free = movers & !m.pinned;
        while free != 0 {
            let p = free.trailing_zeros() as usize;
            free &= free - 1;
            if !emit(p, attacks(p) & m.target) {
                return false;
            }
        }
        let mut pinned = movers & m.pinned;
        while pinned != 0 {
            let p = pinned.trailing_zeros() as usize;
            pinned &= pinned - 1;
            if !emit(p, attacks(p) & m.target & self.pin_mask(m, p)) {
                return false;
            }
        }
        true
    }

    /// Pawn pushes, double pushes (for unmoved pawns) and captures; promotions are the moves
    /// onto the back edge. In counting mode the unpinned pawns off the edge ranks are counted
    /// set-wise and only the others reported.
    #[inline(always)]
    fn pawn_moves<F: FnMut(PieceMoves) -> bool, const COUNT_PAWNS: bool>(
        &self,
        m: &Masks,
        f: &mut F,
        pawn_count: &mut usize,
    ) -> bool {
        let pawns = m.ours & self.by_role[Role::Pawn.index()];
        if COUNT_PAWNS {
            let shifts = &PAWN_SHIFTS[m.us.index()];
            let one_by_one = m.pinned | shifts.exceptions | shifts.double_exceptions & self.unmoved;
            let set_wise = pawns & !one_by_one;
            *pawn_count += match m.us {
                Color::White => self.count_pawns::<true>(m, set_wise),
                Color::Black => self.count_pawns::<false>(m, set_wise),
            };
            self.each_pawn(m, f, pawns & one_by_one)
        } else {
            self.each_pawn(m, f, pawns)
        }
    }

    /// The moves of the `pawns` (of the side to move, off the edge ranks, unpinned), counted by
    /// shifting the whole set once per step: each destination bit stands for one pawn's move.
    #[inline(always)]
    fn count_pawns<const WHITE: bool>(&self, m: &Masks, pawns: u128) -> usize {
        let shift = |set: u128, d: u32| if WHITE { set << d } else { set >> d };
        // Indexed by the constant colour, so the shift distances are constants too.
        let shifts = &PAWN_SHIFTS[usize::from(!WHITE)];
        let empty = !m.occ;
        let mut n = 0;
        for p in &shifts.pushes {
            n += (shift(pawns & p.sources, p.delta) & empty & m.target).count_ones();
        }
        for p in &shifts.captures {
            n += (shift(pawns & p.sources, p.delta) & m.theirs & m.target).count_ones();
        }
        let unmoved = pawns & self.unmoved;
        for (p, rest) in &shifts.doubles {
            let middle = shift(unmoved & p.sources, p.delta) & empty;
            n += (shift(middle, *rest) & empty & m.target).count_ones();
        }
        n as usize
    }

    /// The moves of each of the `pawns`, one pawn at a time.
    #[inline(always)]
    fn each_pawn(&self, m: &Masks, f: &mut impl FnMut(PieceMoves) -> bool, pawns: u128) -> bool {
        let piece = Piece::new(m.us, Role::Pawn);
        let table = &PAWN_TABLE[m.us.index()];
        let empty = !m.occ;
        let mut pawns = pawns;
        while pawns != 0 {
            let p = pawns.trailing_zeros() as usize;
            pawns &= pawns - 1;
            let t = &table[p];
            let mut to = t.push & empty | t.capture & m.theirs;
            if self.unmoved >> p & 1 != 0 {
                // Branch-free: a target counts when its path (middle and target) is empty.
                to |= t.double[0] & ((t.path[0] & m.occ == 0) as u128).wrapping_neg()
                    | t.double[1] & ((t.path[1] & m.occ == 0) as u128).wrapping_neg();
            }
            to &= m.target;
            if m.pinned & BIT_OF[p] != 0 {
                to &= self.pin_mask(m, p);
            }
            if to != 0
                && !f(PieceMoves {
                    piece,
                    from: Cell::new_unchecked(p),
                    to: CellSet(to),
                    kind: MovesKind::Normal,
                })
            {
                return false;
            }
        }
        true
    }

    /// En passant captures, each tested on the position after the capture (it lifts two pieces).
    #[inline]
    fn en_passant_moves(&self, m: &Masks, f: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        let Some(ep) = self.ep else {
            return true;
        };
        let middle = ep.middle.bit();
        if m.occ & middle != 0 {
            return true;
        }
        let ours = m.ours & self.by_role[Role::Pawn.index()];
        for from in cells(PAWN_CAPTURES[m.them.index()][ep.middle.index()] & ours) {
            let after = m.occ ^ from.bit() ^ middle ^ ep.landed.bit();
            let mut copy = *self;
            copy.by_color[m.them.index()] &= !ep.landed.bit();
            copy.by_role[Role::Pawn.index()] &= !ep.landed.bit();
            if !copy.is_attacked(m.king, m.them, after)
                && !f(PieceMoves {
                    piece: Piece::new(m.us, Role::Pawn),
                    from,
                    to: CellSet(middle),
                    kind: MovesKind::EnPassant,
                })
            {
                return false;
            }
        }
        true
    }

    /// Castling: rights held, path empty, not out of check, not through check, target safe.
    #[inline]
    fn castling_moves(&self, m: &Masks, f: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        let rights = self.castling & Castling::rights_of(m.us);
        if m.checkers != 0 || rights == 0 {
            return true;
        }
        let king = Piece::new(m.us, Role::King);
        let rook = Piece::new(m.us, Role::Rook);
        let mut to = 0u128;
        for c in Castling::of(m.us) {
            let i = c.info();
            if self.castling >> c.right() & 1 == 0
                || m.occ & i.empty.0 != 0
                || self.board.get(i.king_from.index()) != mailbox_code(king)
                || self.board.get(i.rook_from.index()) != mailbox_code(rook)
                || cells(i.safe.0).any(|c| self.is_attacked(c, m.them, m.occ))
            {
                continue;
            }
            let after =
                m.occ & !i.king_from.bit() & !i.rook_from.bit() | i.king_to.bit() | i.rook_to.bit();
            if !self.is_attacked(i.king_to, m.them, after) {
                to |= i.king_to.bit();
            }
        }
        to == 0
            || f(PieceMoves {
                piece: king,
                from: m.king,
                to: CellSet(to),
                kind: MovesKind::Castle,
            })
    }

    /// The pseudo-legal destinations of the piece on `cell` (empty if none): its moves by the rules
    /// ignoring whether its own King is left in check, and castling with the path empty and the
    /// rights present but without the check conditions. This is what the official diagrams
    /// highlight. En passant counts only for the side to move.
    pub fn pseudo_targets(&self, cell: Cell) -> CellSet {
        let Some(piece) = self.piece_at(cell) else {
            return CellSet::EMPTY;
        };
        let us = piece.color;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[us.other().index()];
        let occ = ours | theirs;
        let c = cell.index();
        CellSet(match piece.role {
            Role::Pawn => self.pawn_pseudo_targets(cell, us, occ, theirs),
            Role::Knight => KNIGHT[c] & !ours,
            Role::Bishop => bishop_attacks(c, occ) & !ours,
            Role::Duke => duke_attacks(c, occ) & !ours,
            Role::Rook => rook_attacks(c, occ) & !ours,
            Role::Queen => queen_attacks(c, occ) & !ours,
            Role::King => {
                let mut to = KING[c] & !ours;
                for castling in Castling::of(us) {
                    let i = castling.info();
                    if self.castling >> castling.right() & 1 != 0
                        && i.king_from == cell
                        && self.piece_at(i.rook_from) == Some(Piece::new(us, Role::Rook))
                        && occ & i.empty.0 == 0
                    {
                        to |= i.king_to.bit();
                    }
                }
                to
            }
        })
    }

    fn pawn_pseudo_targets(&self, cell: Cell, us: Color, occ: u128, theirs: u128) -> u128 {
        let c = cell.index();
        let mut to = PAWN_PUSHES[us.index()][c] & !occ | PAWN_CAPTURES[us.index()][c] & theirs;
        if self.unmoved & cell.bit() != 0 {
            for &(m, t) in &PAWN_DOUBLES[us.index()][c] {
                if m != u8::MAX && occ >> m & 1 == 0 && occ >> t & 1 == 0 {
                    to |= 1u128 << t;
                }
            }
        }
        if let Some(ep) = self.ep {
            if us == self.turn && PAWN_CAPTURES[us.index()][c] & ep.middle.bit() != 0 {
                to |= ep.middle.bit();
            }
        }
        to
    }
}

/// The number of leaves `depth` plies below `pos`, counting the last ply in bulk
/// ([`Position::legal_move_count`]).
///
/// This crate keeps its own perft beside `hexvar_geometry`'s generic one: it plays each move
/// straight from the set-wise layer, without filling a move list, and measures faster (see the
/// rules page, "Internals").
///
/// ```
/// use hexvar_chessagon::{perft, Position};
/// assert_eq!(perft(&Position::new(), 2), 2_492);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_move_count() as u64,
        _ => {
            let mut n = 0;
            pos.for_each_piece_moves(|pm| {
                for m in pm {
                    let mut child = *pos;
                    child.play_unchecked(m);
                    n += perft(&child, depth - 1);
                }
                true
            });
            n
        }
    }
}

/// The same count as [`perft`], playing every leaf move (measures `play_unchecked` too).
pub fn perft_without_bulk(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    pos.for_each_piece_moves(|pm| {
        for m in pm {
            let mut child = *pos;
            child.play_unchecked(m);
            n += if depth == 1 {
                // A leaf: the move is played (the result kept observable) and counts one,
                // without a call to learn that depth 0 counts one.
                core::hint::black_box(&child);
                1
            } else {
                perft_without_bulk(&child, depth - 1)
            };
        }
        true
    });
    n
}

/// Perft per legal root move, sorted by the move's notation. At depth 0 there are no moves to
/// split by, so the list is empty; at depth 1 every move counts 1.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut split: Vec<(Move, u64)> = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.play_unchecked(m);
            (m, perft(&child, depth - 1))
        })
        .collect();
    split.sort_by_cached_key(|(m, _)| m.to_string());
    split
}
