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

use crate::cells::{cells, Cell, BIT as BIT_OF};
use crate::masks::{sees, Masks};
use crate::men::{Color, Piece, Role};
use crate::moves::{Castling, CastlingInfo, Move, CASTLING_INFO};
use crate::position::Position;
use crate::tables::{
    bishop_attacks, bishop_attacks_at, duke_attacks, duke_attacks_at, queen_attacks,
    queen_attacks_at, rook_attacks, rook_attacks_at, BETWEEN_BISHOP, BETWEEN_DUKE, BETWEEN_ROOK,
    BISHOP_ALL, BISHOP_ZONE, DUKE_ALL, DUKE_ZONE, KING, KING_STEP_BASE, KNIGHT, KNIGHT_ZONE,
    PAWN_CAPTURES, PAWN_DOUBLES, PAWN_PUSHES, PAWN_TABLE, PAWN_ZONE, PROMOTION, ROOK_ALL,
    ROOK_ZONE,
};
use hexvar_geometry::Set128 as CellSet;

/// Per side, the cells each wing's castlings need empty (short, long): both castlings of a wing
/// share their path (a test holds that).
const WING_PATHS: [[u128; 2]; 2] = {
    let mut out = [[0u128; 2]; 2];
    let mut i = 0;
    while i < 8 {
        // `CASTLING_INFO` runs White short (two), White long (two), then Black.
        out[i / 4][i / 2 % 2] = CASTLING_INFO[i].empty.0;
        i += 1;
    }
    out
};

/// Per side and pair of its rights (bit 0 short, bit 1 long), the cells each wing's castlings
/// need empty, or every cell for a wing without its right (the Kings are never all gone, so such
/// a path is never empty): one test per wing settles right and path together.
static RIGHTS_PATHS: [[[u128; 2]; 4]; 2] = {
    let mut out = [[[u128::MAX; 2]; 4]; 2];
    hexvar_geometry::const_for!(side in 0..2 => {
        hexvar_geometry::const_for!(rights in 0..4 => {
            hexvar_geometry::const_for!(wing in 0..2 => {
                if rights >> wing & 1 != 0 {
                    out[side][rights][wing] = WING_PATHS[side][wing];
                }
            });
        });
    });
    out
};

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

    /// Internal iteration (`for_each`, `fold`, `sum`, …): the destinations word by word, with
    /// a 64-bit bit scan per move where `next` needs a 128-bit one.
    #[inline]
    fn fold<B, G: FnMut(B, Move) -> B>(self, init: B, mut g: G) -> B {
        let from = self.from;
        let kind = self.kind;
        let acc = fold_cells(self.plain, init, |acc, to| {
            g(
                acc,
                match kind {
                    MovesKind::Normal => Move::Normal { from, to },
                    MovesKind::EnPassant => Move::EnPassant { from, to },
                    MovesKind::Castle => Move::Castle {
                        castling: Castling::by_target(to).expect("a castling target"),
                    },
                },
            )
        });
        fold_cells(self.promoted, acc, |acc, to| {
            g(acc, Move::Promotion { from, to })
        })
    }
}

/// Folds `g` over the cells of `set`, lowest first, one 64-bit word at a time (one call site of
/// `g`, so that it can be inlined).
#[inline(always)]
pub(crate) fn fold_cells<B>(set: u128, init: B, mut g: impl FnMut(B, Cell) -> B) -> B {
    let mut acc = init;
    let (mut word, mut high, mut base) = (set as u64, (set >> 64) as u64, 0);
    loop {
        if word == 0 {
            if high == 0 {
                return acc;
            }
            (word, high, base) = (high, 0, 64);
        }
        acc = g(
            acc,
            Cell::new_unchecked(base + word.trailing_zeros() as usize),
        );
        word &= word - 1;
    }
}

impl ExactSizeIterator for PieceMovesIter {}

impl Position {
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
        let m = self.masks();
        let f = &mut f;
        let knights = |p: usize| KNIGHT[p];
        self.king_moves(&m, f)
            && (m.target == 0
                || self.piece_moves(&m, Role::Knight, knights, knights, f)
                    && self.piece_moves(
                        &m,
                        Role::Bishop,
                        |p| bishop_attacks_at::<true>(p, m.occ),
                        |p| bishop_attacks_at::<false>(p, m.occ),
                        f,
                    )
                    && self.piece_moves(
                        &m,
                        Role::Duke,
                        |p| duke_attacks_at::<true>(p, m.occ),
                        |p| duke_attacks_at::<false>(p, m.occ),
                        f,
                    )
                    && self.piece_moves(
                        &m,
                        Role::Rook,
                        |p| rook_attacks_at::<true>(p, m.occ),
                        |p| rook_attacks_at::<false>(p, m.occ),
                        f,
                    )
                    && self.piece_moves(
                        &m,
                        Role::Queen,
                        |p| queen_attacks_at::<true>(p, m.occ),
                        |p| queen_attacks_at::<false>(p, m.occ),
                        f,
                    )
                    && self.each_pawn(&m, f, m.ours & self.by_role[Role::Pawn.index()]))
            && self.en_passant_moves(&m, f)
            && self.castling_moves(&m, f)
    }

    /// King steps to cells the enemy does not attack once the King has left its cell.
    #[inline]
    fn king_moves(&self, m: &Masks, f: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        let safe = self.safe_king_steps(m);
        safe == 0
            || f(PieceMoves {
                piece: Piece::new(m.us, Role::King),
                from: m.king,
                to: CellSet(safe),
                kind: MovesKind::Normal,
            })
    }

    /// The cells the King can step to: not its own pieces', and not attacked once the King has
    /// left its cell (a slider's ray goes on through it). The enemy leapers are taken off
    /// set-wise (one table row per enemy Knight and pawn near the King, the enemy King's steps); only the steps left are tested against the enemy sliders, with the
    /// per-node sets of those sliders computed once instead of once per step.
    #[inline(always)]
    pub(crate) fn safe_king_steps(&self, m: &Masks) -> u128 {
        let k = m.king.index();
        let r = &self.by_role;
        let mut steps = KING[k] & !m.ours;
        if steps == 0 {
            return 0;
        }
        let their_king = r[Role::King.index()] & m.theirs;
        steps &= !KING[their_king.trailing_zeros() as usize];
        for n in cells(r[Role::Knight.index()] & m.theirs & KNIGHT_ZONE[k]) {
            steps &= !KNIGHT[n.index()];
        }
        for p in cells(r[Role::Pawn.index()] & m.theirs & PAWN_ZONE[m.us.index()][k]) {
            steps &= !PAWN_CAPTURES[m.them.index()][p.index()];
        }
        let [rooks, dukes, bishops] = m.sliders;
        let near = [
            rooks & ROOK_ZONE[k],
            dukes & DUKE_ZONE[k],
            bishops & BISHOP_ZONE[k],
        ];
        if near[0] | near[1] | near[2] == 0 {
            return steps;
        }
        let occ = m.occ ^ m.king.bit();
        // The steps walked as one 64-bit word shifted down to the lowest step of the King's
        // cell (a 128-bit bit scan and clear cost some ten instructions more per step).
        let base = usize::from(KING_STEP_BASE[k]);
        let mut rest = (steps >> base) as u64;
        let mut attacked = 0u64;
        while rest != 0 {
            let c = base + rest.trailing_zeros() as usize;
            if sees(c, near[0], &BETWEEN_ROOK, &ROOK_ALL, occ)
                || sees(c, near[1], &BETWEEN_DUKE, &DUKE_ALL, occ)
                || sees(c, near[2], &BETWEEN_BISHOP, &BISHOP_ALL, occ)
            {
                attacked |= rest & rest.wrapping_neg();
            }
            rest &= rest - 1;
        }
        steps & !(u128::from(attacked) << base)
    }

    /// The moves of every piece of one role (not King, not Pawn), from its attack set (`low`
    /// for a cell below 64, `high` for the others: see `board`'s attack functions): the
    /// unpinned pieces first, then the pinned ones, kept on their pin lines.
    #[inline(always)]
    fn piece_moves(
        &self,
        m: &Masks,
        role: Role,
        low: impl Fn(usize) -> u128,
        high: impl Fn(usize) -> u128,
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
        let free = movers & !m.pinned;
        let mut word = free as u64;
        while word != 0 {
            let p = word.trailing_zeros() as usize;
            word &= word - 1;
            if !emit(p, low(p) & m.target) {
                return false;
            }
        }
        let mut word = (free >> 64) as u64;
        while word != 0 {
            let p = 64 + word.trailing_zeros() as usize;
            word &= word - 1;
            if !emit(p, high(p) & m.target) {
                return false;
            }
        }
        for p in cells(movers & m.pinned) {
            let p = p.index();
            let attacks = if p < 64 { low(p) } else { high(p) };
            if !emit(p, attacks & m.target & self.pin_mask(p)) {
                return false;
            }
        }
        true
    }

    /// The moves of each of the `pawns`, one pawn at a time: pushes, double pushes (for
    /// unmoved pawns) and captures; promotions are the moves onto the back edge.
    #[inline(always)]
    pub(crate) fn each_pawn(
        &self,
        m: &Masks,
        f: &mut impl FnMut(PieceMoves) -> bool,
        pawns: u128,
    ) -> bool {
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
                to &= self.pin_mask(p);
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
    pub(crate) fn en_passant_moves(
        &self,
        m: &Masks,
        f: &mut impl FnMut(PieceMoves) -> bool,
    ) -> bool {
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
    /// Most positions have no wing with both its right and an empty path: that is settled by
    /// the side's rights, then two tests on [`RIGHTS_PATHS`], before any castling's facts are
    /// read.
    #[inline]
    pub(crate) fn castling_moves(&self, m: &Masks, f: &mut impl FnMut(PieceMoves) -> bool) -> bool {
        // The side's two rights (short, long) are bits `2 · side` and `2 · side + 1`.
        let rights = usize::from(self.castling >> (2 * m.us.index()) & 3);
        if rights == 0 || m.checkers != 0 {
            return true;
        }
        let paths = &RIGHTS_PATHS[m.us.index()][rights];
        let open = [m.occ & paths[0] == 0, m.occ & paths[1] == 0];
        if !(open[0] || open[1]) {
            return true;
        }
        let [short_3, short_4, long_3, long_4] = Castling::of(m.us);
        let mut to = 0u128;
        if open[0] {
            to |= self.castling_targets(m.us, m.occ, [short_3, short_4]);
        }
        if open[1] {
            to |= self.castling_targets(m.us, m.occ, [long_3, long_4]);
        }
        to == 0
            || f(PieceMoves {
                piece: Piece::new(m.us, Role::King),
                from: m.king,
                to: CellSet(to),
                kind: MovesKind::Castle,
            })
    }

    /// The King targets of the two castlings of one wing (right held, path empty) that are
    /// not out of, through or into check. A right implies its King and Rook on their start
    /// cells (validation and `play` keep that), and the caller has found the King not in check,
    /// so its own cell needs no test. The far castling (4 steps) passes every cell the near one
    /// (3 steps) passes, and the near one's target: each such cell is tested once, nearest
    /// first, the first attacked one ending the wing. The targets are tested on the position
    /// after the castling (the King's and the Rook's cells change). The attack test sorts the
    /// enemy's men by kind once, not per cell as [`Position::is_attacked`] does (the masks'
    /// own sets are not passed in: taking the masks by reference slows every node's count).
    #[inline(never)]
    fn castling_targets(&self, us: Color, occ: u128, wing: [Castling; 2]) -> u128 {
        let (near, far) = (wing[0].info(), wing[1].info());
        debug_assert!(
            self.piece_at(near.king_from) == Some(Piece::new(us, Role::King))
                && self.piece_at(near.rook_from) == Some(Piece::new(us, Role::Rook))
        );
        let r = &self.by_role;
        let theirs = self.by_color[us.other().index()];
        let queens = r[Role::Queen.index()] & theirs;
        let of = |role: Role| r[role.index()] & theirs;
        let (knights, king, pawns) = (of(Role::Knight), of(Role::King), of(Role::Pawn));
        let rooks = of(Role::Rook) | queens;
        let dukes = of(Role::Duke) | queens;
        let bishops = of(Role::Bishop) | queens;
        let pawn_reach = &PAWN_CAPTURES[us.index()];
        let attacked_on = |c: Cell, occ: u128| {
            let c = c.index();
            (KNIGHT[c] & knights | KING[c] & king | pawn_reach[c] & pawns) != 0
                || sees(c, rooks, &BETWEEN_ROOK, &ROOK_ALL, occ)
                || sees(c, dukes, &BETWEEN_DUKE, &DUKE_ALL, occ)
                || sees(c, bishops, &BETWEEN_BISHOP, &BISHOP_ALL, occ)
        };
        let attacked = |set: u128| cells(set).any(|c| attacked_on(c, occ));
        if attacked(near.safe.0 & !near.king_from.bit()) {
            return 0;
        }
        let lands_safely = |i: &CastlingInfo| {
            let after =
                occ & !i.king_from.bit() & !i.rook_from.bit() | i.king_to.bit() | i.rook_to.bit();
            !attacked_on(i.king_to, after)
        };
        let mut to = 0u128;
        if lands_safely(near) {
            to |= near.king_to.bit();
        }
        if !attacked(far.safe.0 & !near.safe.0) && lands_safely(far) {
            to |= far.king_to.bit();
        }
        to
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

#[cfg(test)]
mod tests {
    use super::*;

    /// What the castling pre-test relies on: each castling's right is bit `2 · side + wing`,
    /// its empty path is its wing's entry in [`WING_PATHS`], and [`RIGHTS_PATHS`] holds that
    /// path exactly when the pair of rights holds the wing's right.
    #[test]
    fn wing_paths_hold_every_castlings_empty_path_and_right() {
        for color in Color::ALL {
            for (i, castling) in Castling::of(color).into_iter().enumerate() {
                let wing = i / 2;
                assert_eq!(castling.right(), 2 * color.index() + wing);
                assert_eq!(
                    WING_PATHS[color.index()][wing],
                    castling.info().empty.0,
                    "{castling:?}"
                );
                for (rights, paths) in RIGHTS_PATHS[color.index()].iter().enumerate() {
                    let path = paths[wing];
                    if rights >> wing & 1 != 0 {
                        assert_eq!(path, castling.info().empty.0, "{castling:?} {rights}");
                    } else {
                        assert_eq!(path, u128::MAX, "{castling:?} {rights}");
                    }
                }
            }
        }
    }
}
