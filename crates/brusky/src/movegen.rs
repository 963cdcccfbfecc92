//! Legal move generation: the set-wise layer ([`Position::for_each_piece_moves`]) with check
//! and pin masks, the list layer built on it, and perft.

use hexvar_geometry::Set128;

use crate::board::{
    slider_attacks, Cell, Color, Role, BISHOP_LINES, BISHOP_RAYS, KING_ATTACKS, KNIGHT_ATTACKS,
    LINE, PAWN_AHEAD, PAWN_ATTACKERS, PAWN_ATTACKS, PAWN_DOUBLE, RANK_CELLS, ROOK_LINES, ROOK_RAYS,
};
use crate::moves::{CastlingSide, Move};
use crate::position::Position;

/// What kind of moves a [`PieceMoves`] holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    /// The role of the moving man.
    pub role: Role,
    /// Its cell.
    pub from: Cell,
    /// The destinations.
    pub to: Set128,
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
            MovesKind::Promotion => 4 * n,
            _ => n,
        }
    }

    /// Whether there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }
}

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
        let cell = Cell::ALL[to];
        let capture = self.moves.enemies >> to & 1 != 0;
        let m = match self.moves.kind {
            MovesKind::Normal => {
                self.moves.to = self.moves.to.without(to);
                Move::Normal {
                    from: self.moves.from,
                    to: cell,
                    capture,
                    promotion: None,
                }
            }
            MovesKind::Promotion => {
                let role = Role::PROMOTIONS[self.promotion];
                self.promotion += 1;
                if self.promotion == 4 {
                    self.promotion = 0;
                    self.moves.to = self.moves.to.without(to);
                }
                Move::Normal {
                    from: self.moves.from,
                    to: cell,
                    capture,
                    promotion: Some(role),
                }
            }
            MovesKind::EnPassant => {
                self.moves.to = self.moves.to.without(to);
                Move::EnPassant {
                    from: self.moves.from,
                    to: cell,
                }
            }
            MovesKind::Castle(side) => {
                self.moves.to = self.moves.to.without(to);
                Move::Castle(side)
            }
        };
        Some(m)
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

#[inline(always)]
fn emit(
    f: &mut impl FnMut(PieceMoves) -> bool,
    role: Role,
    from: usize,
    to: u128,
    kind: MovesKind,
    enemies: u128,
) -> bool {
    to == 0
        || f(PieceMoves {
            role,
            from: Cell::ALL[from],
            to: Set128(to),
            kind,
            enemies,
        })
}

impl Position {
    /// The men checking `us`'s king on `king`, and `us`'s men pinned against it.
    ///
    /// One pass over the enemy sliders on the king's lines finds both: a slider with nothing
    /// between it and the king checks, one with a single man of `us` between pins that man.
    fn checkers_and_pins(&self, king: Cell, us: Color) -> (u128, u128) {
        let them = us.other();
        let theirs = self.by_color[them.index()];
        let ours = self.by_color[us.index()];
        let occupied = ours | theirs;
        let r = &self.by_role;
        let k = king.index();
        let mut checkers = theirs
            & ((KNIGHT_ATTACKS[k] & r[Role::Knight.index()])
                | (PAWN_ATTACKERS[them.index()][k] & r[Role::Pawn.index()]));
        let snipers = theirs
            & ((ROOK_LINES[k] & (r[Role::Rook.index()] | r[Role::Queen.index()]))
                | (BISHOP_LINES[k] & (r[Role::Bishop.index()] | r[Role::Queen.index()])));
        let mut pinned = 0;
        for sniper in Set128(snipers) {
            let line = Position::between(king, Cell::ALL[sniper]);
            let blockers = line & occupied;
            if blockers == 0 {
                checkers |= 1 << sniper;
            } else if blockers & (blockers - 1) == 0 && blockers & ours != 0 {
                pinned |= blockers;
            }
        }
        (checkers, pinned)
    }

    /// Calls `f` with the legal moves of each man (one [`PieceMoves`] per man and kind of move),
    /// until `f` returns `false`. Returns `false` if `f` stopped it.
    ///
    /// This is the fast set-wise layer under [`Position::legal_moves`]: checks and pins are
    /// resolved with masks, so every destination is legal without playing the move.
    pub fn for_each_piece_moves(&self, mut f: impl FnMut(PieceMoves) -> bool) -> bool {
        let us = self.turn;
        let them = us.other();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occupied = ours | theirs;
        let king = self.king(us);
        let r = &self.by_role;
        // King steps: the king may not stay on a line it is attacked along, so test each
        // destination with the king lifted off the board.
        let without_king = occupied ^ 1 << king.index();
        let mut king_to = 0;
        for to in Set128(KING_ATTACKS[king.index()] & !ours) {
            if !self.is_attacked(Cell::ALL[to], them, without_king) {
                king_to |= 1 << to;
            }
        }
        if !emit(
            &mut f,
            Role::King,
            king.index(),
            king_to,
            MovesKind::Normal,
            theirs,
        ) {
            return false;
        }

        let (checkers, pinned) = self.checkers_and_pins(king, us);
        // A pinned man moves only along the line through the king and itself.
        let pin_line = |from: usize| {
            if pinned >> from & 1 == 0 {
                !0
            } else {
                LINE[king.index()][from]
            }
        };
        if checkers.count_ones() > 1 {
            return true;
        }
        let target = if checkers == 0 {
            !ours
        } else {
            Position::between(king, Cell::ALL[checkers.trailing_zeros() as usize]) | checkers
        };

        if checkers == 0 {
            for side in CastlingSide::ALL {
                if !self.castling.has(us, side) {
                    continue;
                }
                let c = side.cells(us);
                let path = Position::between(c.king_from, c.rook_from);
                let walk = Position::between(c.king_from, c.king_to) | 1 << c.king_to.index();
                if path & occupied == 0
                    && Set128(walk)
                        .iter()
                        .all(|cell| !self.is_attacked(Cell::ALL[cell], them, occupied))
                    && !emit(
                        &mut f,
                        Role::King,
                        king.index(),
                        1 << c.king_to.index(),
                        MovesKind::Castle(side),
                        theirs,
                    )
                {
                    return false;
                }
            }
        }

        for from in Set128(ours & r[Role::Knight.index()] & !pinned) {
            if !emit(
                &mut f,
                Role::Knight,
                from,
                KNIGHT_ATTACKS[from] & target,
                MovesKind::Normal,
                theirs,
            ) {
                return false;
            }
        }
        let straight = r[Role::Rook.index()] | r[Role::Queen.index()];
        let diagonal = r[Role::Bishop.index()] | r[Role::Queen.index()];
        for from in Set128(ours & (straight | diagonal)) {
            let role = self.board.get(from).map_or(Role::Queen, |p| p.role);
            let mut to = 0;
            if straight >> from & 1 != 0 {
                to |= slider_attacks(&ROOK_RAYS, from, occupied);
            }
            if diagonal >> from & 1 != 0 {
                to |= slider_attacks(&BISHOP_RAYS, from, occupied);
            }
            if !emit(
                &mut f,
                role,
                from,
                to & target & pin_line(from),
                MovesKind::Normal,
                theirs,
            ) {
                return false;
            }
        }

        let promoting = RANK_CELLS[if us == Color::White { 6 } else { 1 }];
        let start_rank = RANK_CELLS[us.pawn_rank() as usize];
        let empty = !occupied;
        for from in Set128(ours & r[Role::Pawn.index()]) {
            let mut to = PAWN_ATTACKS[us.index()][from] & theirs;
            // The enemy-block rule: an enemy man on either forward cell forbids every non-capture.
            if PAWN_AHEAD[us.index()][from] & theirs == 0 {
                to |= PAWN_AHEAD[us.index()][from] & empty;
                if start_rank >> from & 1 != 0 {
                    // A double step needs its own direction's first cell empty.
                    let [(single0, double0), (single1, double1)] = PAWN_DOUBLE[us.index()][from];
                    let open0 = ((single0 & empty != 0) as u128).wrapping_neg();
                    let open1 = ((single1 & empty != 0) as u128).wrapping_neg();
                    to |= (double0 & open0 | double1 & open1) & empty;
                }
            }
            let kind = if promoting >> from & 1 != 0 {
                MovesKind::Promotion
            } else {
                MovesKind::Normal
            };
            if !emit(
                &mut f,
                Role::Pawn,
                from,
                to & target & pin_line(from),
                kind,
                theirs,
            ) {
                return false;
            }
        }

        if let Some(ep) = self.en_passant {
            // Rare: test the capture by playing it, which covers every discovered line at once.
            let candidates = PAWN_ATTACKERS[us.index()][ep.passed.index()];
            for from in Set128(candidates & ours & r[Role::Pawn.index()]) {
                let m = Move::EnPassant {
                    from: Cell::ALL[from],
                    to: ep.passed,
                };
                let after = self.played(m);
                if !after.is_attacked(after.king(us), them, after.occupied())
                    && !emit(
                        &mut f,
                        Role::Pawn,
                        from,
                        1 << ep.passed.index(),
                        MovesKind::EnPassant,
                        theirs,
                    )
                {
                    return false;
                }
            }
        }
        true
    }
}

/// The number of leaf nodes `depth` plies below `pos`, counting the last ply in bulk.
///
/// ```
/// use hexvar_brusky::{perft, Position};
/// assert_eq!(perft(&Position::new(), 2), 3_583);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.legal_move_count() as u64,
        _ => {
            let mut nodes = 0;
            pos.for_each_piece_moves(|moves| {
                for m in moves {
                    nodes += perft(&pos.played(m), depth - 1);
                }
                true
            });
            nodes
        }
    }
}

/// [`perft`] without bulk counting: every leaf move is played.
pub fn perft_without_bulk(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    pos.for_each_piece_moves(|moves| {
        for m in moves {
            nodes += perft_without_bulk(&pos.played(m), depth - 1);
        }
        true
    });
    nodes
}

/// The [`perft`] count below each legal move of `pos`.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .iter()
        .map(|&m| {
            (
                m,
                if depth <= 1 {
                    1
                } else {
                    perft(&pos.played(m), depth - 1)
                },
            )
        })
        .collect()
}
