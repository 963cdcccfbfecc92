//! [`PieceMoves`], one man's legal moves as the set-wise layer reports them, and their iterator.

use crate::cells::{for_each_index, Cell, CellSet};
use crate::men::{Piece, Role};
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::tables::{cell_set, PROMOTION_EDGE, SHADE_CELLS};

/// The legal moves of one man from one cell: a destination set (set-wise layer), or one special
/// move. Iterating yields the moves ([`Move`]s); [`PieceMoves::len`] counts them without listing.
#[derive(Clone, Copy)]
pub struct PieceMoves<'a> {
    pub(super) pos: &'a Position,
    /// The moving man.
    pub piece: Piece,
    /// Where it stands.
    pub from: Cell,
    /// The destinations (for a special move: its single destination).
    pub to: CellSet,
    /// Allowed promotion roles by promotion-hex shade (bit = role index).
    pub(super) promotions: [u16; 3],
    /// The special move, if this entry is one.
    pub(super) special: Option<Move>,
}

impl core::fmt::Debug for PieceMoves<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(*self).finish()
    }
}

impl<'a> PieceMoves<'a> {
    /// The number of moves: a pawn destination on the promotion edge counts once per allowed
    /// promotion (once, as an awaiting move, if none is allowed).
    #[inline]
    pub fn len(&self) -> usize {
        if self.special.is_some() {
            return 1;
        }
        if self.piece.role != Role::Pawn {
            return self.to.len() as usize;
        }
        let edge = self.to & PROMOTION_EDGE[self.piece.color.index()];
        if edge.is_empty() {
            return self.to.len() as usize;
        }
        let mut n = (self.to - edge).len() as usize;
        for (shade, cells) in SHADE_CELLS.iter().enumerate() {
            let on = (edge & *cells).len() as usize;
            n += on * (self.promotions[shade].count_ones().max(1) as usize);
        }
        n
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The special move this entry stands for, if it is one.
    pub fn special(&self) -> Option<Move> {
        self.special
    }

    /// The allowed promotion roles on a promotion hex `to` (bit = role index; 0: awaiting).
    #[inline]
    fn promotion_mask(&self, to: Cell) -> u16 {
        if self.piece.role == Role::Pawn && to.is_promotion_edge(self.piece.color) {
            self.promotions[to.shade().index()]
        } else {
            0
        }
    }

    /// Appends the moves to a list.
    #[inline(always)]
    pub(crate) fn push_into(&self, list: &mut MoveList) {
        if let Some(m) = self.special {
            list.push(m);
            return;
        }
        let role = self.piece.role;
        if role == Role::Pawn
            && self
                .to
                .intersects(&PROMOTION_EDGE[self.piece.color.index()])
        {
            return self.push_pawn_into(list);
        }
        let from = self.from;
        let roles = self.pos.roles();
        // One loop in destination order, captures and quiet moves alike: the captured role
        // (`None` on an empty cell) is one read of the mailbox, and a set's index is a cell of
        // the board. (This order is what a search's move ordering sees: the engine's
        // fingerprint test holds it.)
        for_each_index(self.to, |t| {
            list.push(Move::Normal {
                role,
                from,
                capture: roles[t],
                to: Cell::new_unchecked(t),
                promotion: None,
            });
        });
    }

    /// [`PieceMoves::push_into`] for a pawn that reaches its promotion edge (rare): each
    /// destination there once per allowed promotion (once, awaiting, if none is allowed).
    #[inline(never)]
    fn push_pawn_into(&self, list: &mut MoveList) {
        let from = self.from;
        let roles = self.pos.roles();
        let normal = |t: usize, promotion| Move::Normal {
            role: Role::Pawn,
            from,
            capture: roles[t],
            to: Cell::new_unchecked(t),
            promotion,
        };
        let edge = self.to & PROMOTION_EDGE[self.piece.color.index()];
        for_each_index(self.to - edge, |t| list.push(normal(t, None)));
        for t in edge {
            let mask = self.promotions[Cell::ALL[t].shade().index()];
            if mask == 0 {
                list.push(normal(t, None));
            }
            for r in Role::PROMOTIONS {
                if mask >> r.index() & 1 != 0 {
                    list.push(normal(t, Some(r)));
                }
            }
        }
    }
}

/// The moves of a [`PieceMoves`], in destination order (promotions in [`Role::PROMOTIONS`] order).
#[derive(Clone, Debug)]
pub struct PieceMovesIter<'a> {
    moves: PieceMoves<'a>,
    rest: CellSet,
    /// The destination being promoted on, its capture and the promotion roles still to yield.
    pending: Option<(Cell, Option<Role>, u16)>,
    special: Option<Move>,
}

impl Iterator for PieceMovesIter<'_> {
    type Item = Move;

    fn next(&mut self) -> Option<Move> {
        if self.moves.special.is_some() {
            return self.special.take();
        }
        let pm = &self.moves;
        let normal = |to, capture, promotion| Move::Normal {
            role: pm.piece.role,
            from: pm.from,
            capture,
            to,
            promotion,
        };
        if let Some((to, capture, mask)) = self.pending {
            let role = Role::ALL[mask.trailing_zeros() as usize];
            let rest = mask & (mask - 1);
            self.pending = (rest != 0).then_some((to, capture, rest));
            return Some(normal(to, capture, Some(role)));
        }
        let t = self.rest.first()?;
        self.rest -= cell_set(t);
        let to = Cell::ALL[t];
        let capture = pm.pos.role_at(t);
        let mask = pm.promotion_mask(to);
        if mask == 0 {
            return Some(normal(to, capture, None));
        }
        self.pending = Some((to, capture, mask));
        self.next()
    }
}

impl<'a> IntoIterator for PieceMoves<'a> {
    type Item = Move;
    type IntoIter = PieceMovesIter<'a>;

    fn into_iter(self) -> PieceMovesIter<'a> {
        PieceMovesIter {
            moves: self,
            rest: self.to,
            pending: None,
            special: self.special,
        }
    }
}
