//! Legal move generation — the set-wise layer ([`Position::for_each_piece_moves`]) and the list
//! layer ([`Position::legal_moves`]) — and perft.
//!
//! Generation is fully legal without make/test/undo: the King avoids every cell the enemy attacks
//! (its pieces with the King removed from the occupancy, plus the entry cells of its in-hand
//! knights); in single check the other moves must capture the checker or block its line (an entry
//! or a drop may block); pinned pieces keep to the line through King and pinner. Only en-passant
//! captures are tested by playing them on a copy.

use crate::board::{
    bishop_attacks, bits, cell_unchecked, rook_attacks, Cell, CellSet, Color, HandKnight, Role,
    BETWEEN, BISHOP_PSEUDO, CELL_COUNT, ENTRY, HAND_ATTACKS, KING, KNIGHT, LINE, PAWN_JUMP,
    PAWN_SHIFTS, PAWN_STEPS, RANK_NEIGHBOURS, ROOK_PSEUDO,
};
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// Where the moving piece comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A piece on the board.
    Cell(Cell),
    /// A knight in hand.
    Hand(HandKnight),
}

/// The legal moves of one piece (or in-hand knight) as a destination set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    /// The side moving.
    pub color: Color,
    /// The moving piece's role.
    pub role: Role,
    /// Where it comes from.
    pub from: Origin,
    /// The destinations.
    pub to: CellSet,
    /// Whether these are en-passant captures.
    pub en_passant: bool,
}

const PROMOTION_CELLS: u64 = Cell::A1.bit() | Cell::N1.bit();

impl PieceMoves {
    /// The number of moves: one per destination, four per promoting destination.
    #[inline]
    pub fn len(&self) -> usize {
        let n = self.to.len() as usize;
        if self.role == Role::Pawn && !self.en_passant {
            // A pawn reaches at most one promotion cell (White n1, Black a1).
            n + 3 * usize::from(self.to.0 & PROMOTION_CELLS != 0)
        } else {
            n
        }
    }

    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// Call `f` with each move (the fast form of [`PieceMoves::moves`]).
    #[inline]
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        match self.from {
            Origin::Hand(knight) => {
                let home = self.color.home();
                for to in bits(self.to.0) {
                    f(if to == home {
                        Move::Drop { knight, to }
                    } else {
                        Move::Entry { knight, to }
                    });
                }
            }
            Origin::Cell(from) if self.en_passant => {
                for to in bits(self.to.0) {
                    f(Move::EnPassant { from, to });
                }
            }
            Origin::Cell(from) => {
                let promoting = if self.role == Role::Pawn {
                    self.to.0 & PROMOTION_CELLS
                } else {
                    0
                };
                for to in bits(self.to.0 & !promoting) {
                    f(Move::Normal { from, to });
                }
                for to in bits(promoting) {
                    for role in Role::PROMOTIONS {
                        f(Move::Promotion { from, to, role });
                    }
                }
            }
        }
    }

    /// The moves.
    pub fn moves(self) -> impl Iterator<Item = Move> {
        self.to.iter().flat_map(move |to| {
            let mut out = [None; 4];
            match self.from {
                Origin::Hand(knight) => {
                    out[0] = Some(if to == self.color.home() {
                        Move::Drop { knight, to }
                    } else {
                        Move::Entry { knight, to }
                    })
                }
                Origin::Cell(from) => {
                    if self.en_passant {
                        out[0] = Some(Move::EnPassant { from, to });
                    } else if self.role == Role::Pawn && to.bit() & PROMOTION_CELLS != 0 {
                        for (slot, role) in out.iter_mut().zip(Role::PROMOTIONS) {
                            *slot = Some(Move::Promotion { from, to, role });
                        }
                    } else {
                        out[0] = Some(Move::Normal { from, to });
                    }
                }
            }
            out.into_iter().flatten()
        })
    }
}

impl Position {
    /// The set-wise layer: calls `f` once per (piece, origin, destination set) of the legal
    /// moves, in a fixed order (King, pawns, knights, bishops, rooks, queens, en passant, hand).
    /// Stops early when `f` returns `false`; returns `false` then, `true` otherwise.
    ///
    /// ```
    /// use hexvar_dagger::Position;
    /// let mut count = 0;
    /// Position::new().for_each_piece_moves(|pm| {
    ///     count += pm.len();
    ///     true
    /// });
    /// assert_eq!(count, 13);
    /// ```
    pub fn for_each_piece_moves<F: FnMut(PieceMoves) -> bool>(&self, f: F) -> bool {
        self.generate::<F, false>(f, &mut 0)
    }

    /// The generator behind [`Position::for_each_piece_moves`]. With `COUNT_PAWNS`, the moves of
    /// the unpinned pawns are not reported but counted set-wise into `pawn_count` (bulk perft).
    #[inline(always)]
    fn generate<F: FnMut(PieceMoves) -> bool, const COUNT_PAWNS: bool>(
        &self,
        mut f: F,
        pawn_count: &mut usize,
    ) -> bool {
        let us = self.turn;
        let them = us.other();
        let u = us.index();
        let own = self.by_color[u];
        let occupied = self.occupied();
        let king_bit = self.by_role[Role::King.index()] & own;
        let king = cell_unchecked(king_bit.trailing_zeros());
        let k = king.index();
        let emit = |f: &mut F, role: Role, from: Origin, to: u64, en_passant: bool| {
            f(PieceMoves {
                color: us,
                role,
                from,
                to: CellSet(to),
                en_passant,
            })
        };

        // King moves: test a few candidate cells one by one, or build the whole attack map when
        // the King has many (the occupancy leaves the King out, so sliders see through it).
        let candidates = KING[k] & !own;
        let hand_attacks = HAND_ATTACKS[them.index()][self.hands[them.index()].bits() as usize];
        let king_moves = if candidates.count_ones() <= 3 {
            let without_king = occupied ^ king_bit;
            let mut ok = 0;
            for c in bits(candidates & !hand_attacks) {
                if self.attackers(c, them, without_king) == 0 {
                    ok |= c.bit();
                }
            }
            ok
        } else {
            candidates & !self.attack_map(them, occupied ^ king_bit)
        };
        if king_moves != 0 && !emit(&mut f, Role::King, Origin::Cell(king), king_moves, false) {
            return false;
        }
        // Checkers and pins from one pass over the enemy sliders on the King's lines: a slider
        // with nothing between gives check, one with a single own piece between pins it.
        let enemy = self.by_color[them.index()];
        let r = &self.by_role;
        let queens = r[Role::Queen.index()];
        let snipers = ((ROOK_PSEUDO[k] & (r[Role::Rook.index()] | queens))
            | (BISHOP_PSEUDO[k] & (r[Role::Bishop.index()] | queens)))
            & enemy;
        let mut checkers = ((KNIGHT[k] & r[Role::Knight.index()])
            | (PAWN_STEPS[u][k] & r[Role::Pawn.index()]))
            & enemy;
        let mut pinned = 0;
        for s in bits(snipers) {
            let between = BETWEEN[k][s.index()] & occupied;
            if between == 0 {
                checkers |= s.bit();
            } else if between & between.wrapping_sub(1) == 0 && between & own != 0 {
                pinned |= between;
            }
        }
        let mut target = CellSet::FULL.0;
        if checkers != 0 || hand_attacks & king_bit != 0 {
            if hand_attacks & king_bit != 0 || checkers & checkers.wrapping_sub(1) != 0 {
                // Double check, or a check by an in-hand knight (which can be neither captured
                // nor blocked): only the King may move.
                return true;
            }
            target = BETWEEN[k][checkers.trailing_zeros() as usize] | checkers;
        }

        let not_own = !own & CellSet::FULL.0;
        macro_rules! piece_moves {
            ($role:expr, $set:expr, |$from:ident, $c:ident| $dests:expr) => {
                for $from in bits($set) {
                    let $c = $from.index();
                    let mut to = $dests & target;
                    if pinned & $from.bit() != 0 {
                        to &= LINE[k][$c];
                    }
                    if to != 0 && !emit(&mut f, $role, Origin::Cell($from), to, false) {
                        return false;
                    }
                }
            };
        }
        let mine = |role: Role| r[role.index()] & own;
        let empty = !occupied;
        if COUNT_PAWNS {
            // Unpinned pawns set-wise: each pawn move shifts the pawn set (one shift per group of
            // ranks); a destination bit stands for exactly one pawn, a promotion cell for four
            // moves.
            let free = mine(Role::Pawn) & !pinned;
            let steps = (
                shift_pawns(free, u, 0) & not_own & target,
                shift_pawns(free, u, 1) & not_own & target,
            );
            let jumps = shift_pawns(free, u, 2) & empty & target;
            for set in [steps.0, steps.1, jumps] {
                *pawn_count +=
                    set.count_ones() as usize + 3 * usize::from(set & PROMOTION_CELLS != 0);
            }
            piece_moves!(
                Role::Pawn,
                mine(Role::Pawn) & pinned,
                |from, c| (PAWN_STEPS[u][c] & not_own) | (PAWN_JUMP[u][c] & empty)
            );
        } else {
            piece_moves!(Role::Pawn, mine(Role::Pawn), |from, c| (PAWN_STEPS[u][c]
                & not_own)
                | (PAWN_JUMP[u][c] & empty));
        }
        // A pinned knight never moves: no knight leap stays on a line.
        piece_moves!(Role::Knight, mine(Role::Knight) & !pinned, |from, c| KNIGHT
            [c]
            & not_own);
        piece_moves!(Role::Bishop, mine(Role::Bishop), |from, c| bishop_attacks(
            from, occupied
        ) & not_own);
        piece_moves!(Role::Rook, mine(Role::Rook), |from, c| rook_attacks(
            from, occupied
        ) & not_own);
        piece_moves!(Role::Queen, mine(Role::Queen), |from, c| (rook_attacks(
            from, occupied
        )
            | bishop_attacks(from, occupied))
            & not_own);

        if let Some(t) = self.en_passant {
            let capturers = RANK_NEIGHBOURS[t.index()] & r[Role::Pawn.index()] & own;
            // The jump's start cell is the jumper's backward jump, i.e. our forward jump from t.
            let start = PAWN_JUMP[u][t.index()];
            if capturers != 0 && start != 0 {
                let passed = PAWN_STEPS[them.index()][start.trailing_zeros() as usize] & !occupied;
                for from in bits(capturers) {
                    let to = PAWN_STEPS[u][from.index()] & passed;
                    if to == 0 {
                        continue;
                    }
                    let m = Move::EnPassant {
                        from,
                        to: cell_unchecked(to.trailing_zeros()),
                    };
                    let after = self.played(m);
                    if after.is_attacked(king, them, after.occupied()) {
                        continue;
                    }
                    if !emit(&mut f, Role::Pawn, Origin::Cell(from), to, true) {
                        return false;
                    }
                }
            }
        }

        let home = us.home().bit();
        for knight in self.hands[u].iter() {
            let mut to = ENTRY[u][knight as usize] & not_own;
            if occupied & home == 0 {
                to |= home;
            }
            to &= target;
            if to != 0 && !emit(&mut f, Role::Knight, Origin::Hand(knight), to, false) {
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
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// The legal moves, into `list` (cleared first; no allocation).
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.for_each_piece_moves(|pm| {
            pm.for_each_move(|m| list.push(m));
            true
        });
    }

    /// The number of legal moves (a popcount per piece).
    pub fn legal_move_count(&self) -> usize {
        let mut n = 0;
        let mut pawns = 0;
        self.generate::<_, true>(
            |pm| {
                n += pm.len();
                true
            },
            &mut pawns,
        );
        n + pawns
    }
}

/// The cells reached by pawn move `kind` (0 forward-left, 1 forward-right, 2 jump) of the pawns
/// `pawns` of colour index `u`.
#[inline(always)]
fn shift_pawns(pawns: u64, u: usize, kind: usize) -> u64 {
    let groups = &PAWN_SHIFTS[u][kind];
    let mut out = 0;
    if u == 0 {
        for &(mask, shift) in groups {
            out |= (pawns & mask) << shift;
        }
    } else {
        for &(mask, shift) in groups {
            out |= (pawns & mask) >> shift;
        }
    }
    out
}

/// The number of leaf nodes `depth` plies below `pos`, counting the last ply by popcount.
///
/// ```
/// use hexvar_dagger::{perft, Position};
/// assert_eq!(perft(&Position::new(), 2), 166);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_move_count() as u64,
        _ => {
            let mut n = 0;
            pos.for_each_piece_moves(|pm| {
                pm.for_each_move(|m| {
                    let mut next = *pos;
                    pos.play_into(m, &mut next);
                    n += perft(&next, depth - 1);
                });
                true
            });
            n
        }
    }
}

/// [`perft`] that plays every move down to the leaves (no bulk counting).
pub fn perft_without_bulk(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    pos.for_each_piece_moves(|pm| {
        pm.for_each_move(|m| {
            let mut next = *pos;
            pos.play_into(m, &mut next);
            n += perft_without_bulk(&next, depth - 1);
        });
        true
    });
    n
}

/// Perft split by first move: `(move, leaf count below it)` in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut out = Vec::new();
    if depth == 0 {
        return out;
    }
    for &m in pos.legal_moves().iter() {
        let mut next = *pos;
        next.play_unchecked(m);
        out.push((m, perft(&next, depth - 1)));
    }
    out
}

const _: () = assert!(CELL_COUNT <= 64);
