//! Legal move generation: the set-wise layer ([`Position::for_each_piece_moves`]) and the list
//! layer ([`Position::legal_moves_into`]).
//!
//! Generation is fully legal without make/unmake. First the checkers and pins of the army to
//! move are found by walking the slider rays from its king (every live piece of every army of
//! another team counts as hostile); then each kind of piece has its own function, which masks
//! its targets with the check mask and its pin mask; king targets are tested against all
//! hostile attackers with the king lifted off the board (one test per target, or the hostile
//! attacks at once when the targets outnumber the hostile men).
//!
//! One rule needs more than masks: a capture of a power piece of an army with waiting pawns
//! turns that army's oldest waiting pawn into the lost piece at once (rules §5, §9 item 6), and
//! the mover's king must be safe *after* that replacement (§7). Such captures (the targets in
//! `Context::replacing`) are judged apart: out of check the pin mask has judged all but the
//! new piece, whose attack on the king is tested; in check the attackers are recomputed with
//! the victim taken and the waiting pawn as the piece it becomes.

use crate::cells::{each_index, more_than, sparse_len, Cell, CellSet};
use crate::legal::{Context, KingSteps};
use crate::men::{Color, Piece, Role, ARMIES};
use crate::moves::{Move, MoveList};
use crate::position::{Choices, Position, NO_KING};
use crate::setup::Layout;
use crate::tables::{
    bishop_attacks, rook_attacks, sideboard_bits, CastleSide, BISHOP_FIRST_STEPS, KING_ATTACKS,
    KNIGHT_ATTACKS, PAWNS, PAWN_CELLS, ROOK_FIRST_STEPS,
};

/// What a [`PieceMoves`] batch means.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MovesKind {
    /// Ordinary moves (and captures).
    Normal,
    /// Pawn moves into the promotion zone: one move per target and per choice (one move, a
    /// waiting pawn, if there is no choice).
    Promotion(Choices),
    /// Castling: the targets are the rooks' cells.
    Castle,
    /// Stalemate relocation of the king: one move per target and per reclaimable piece (one,
    /// placing nothing, if there is none).
    Relocate(Choices),
}

/// The moves of one piece from one cell to a set of cells, all of one kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceMoves {
    /// The moving piece.
    pub piece: Piece,
    /// Its cell.
    pub from: Cell,
    /// The target cells (rook cells for castling).
    pub to: CellSet,
    /// What the moves are.
    pub kind: MovesKind,
}

impl PieceMoves {
    /// The number of moves (promotion and reclaim choices multiply).
    #[inline]
    pub fn len(&self) -> usize {
        let per = match self.kind {
            MovesKind::Promotion(c) | MovesKind::Relocate(c) => c.len().max(1),
            _ => 1,
        };
        self.to.len() as usize * per
    }

    /// Whether there is no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.to.is_empty()
    }

    /// The moves to `to` (one per choice for promotions and relocations).
    fn moves_to(&self, to: Cell, f: &mut impl FnMut(Move)) {
        let from = self.from;
        match self.kind {
            MovesKind::Normal => f(Move::Normal {
                from,
                to,
                promotion: None,
            }),
            MovesKind::Castle => f(Move::Castle {
                king: from,
                rook: to,
            }),
            MovesKind::Promotion(c) if c.is_empty() => f(Move::Normal {
                from,
                to,
                promotion: None,
            }),
            MovesKind::Promotion(c) => c.iter().for_each(|r| {
                f(Move::Normal {
                    from,
                    to,
                    promotion: Some(r),
                })
            }),
            MovesKind::Relocate(c) if c.is_empty() => f(Move::Relocate {
                from,
                to,
                reclaim: None,
            }),
            MovesKind::Relocate(c) => c.iter().for_each(|r| {
                f(Move::Relocate {
                    from,
                    to,
                    reclaim: Some(r),
                })
            }),
        }
    }

    /// Calls `f` on each move.
    #[inline]
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        let from = self.from;
        match self.kind {
            // The common case in a tight loop over the set's words.
            MovesKind::Normal => each_cell(&self.to, |to| {
                f(Move::Normal {
                    from,
                    to,
                    promotion: None,
                })
            }),
            _ => each_cell(&self.to, |to| self.moves_to(to, &mut f)),
        }
    }
}

/// Calls `f` on each cell of `set`, lowest first.
#[inline]
fn each_cell(set: &CellSet, mut f: impl FnMut(Cell)) {
    each_index(set, |i| f(Cell::at(i)));
}

/// Calls `f` on each cell of `set`, lowest first, until `f` returns `false`; returns whether it
/// went to the end. A word loop: cheaper than the set's iterator, which re-tests the word index
/// on every call.
#[inline(always)]
fn each_cell_while(set: &CellSet, mut f: impl FnMut(usize) -> bool) -> Flow {
    for (w, &word) in set.0.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            if !f(w * 64 + bits.trailing_zeros() as usize) {
                return false;
            }
            bits &= bits - 1;
        }
    }
    true
}

/// The cells a piece of the sliding kind `role` (bishop, rook, queen or Amazon, whose knight
/// leaps are added) on `c` reaches.
#[inline(always)]
fn slider_reach(c: usize, role: Role, occ: &CellSet) -> CellSet {
    match role {
        Role::Bishop => bishop_attacks(c, occ),
        Role::Rook => rook_attacks(c, occ),
        Role::Queen => rook_attacks(c, occ) | bishop_attacks(c, occ),
        _ => rook_attacks(c, occ) | bishop_attacks(c, occ) | KNIGHT_ATTACKS[c],
    }
}

/// The first cells of the rays (and the leaps) of a piece of the sliding kind `role` on `c`:
/// when none is a target, the piece has no move.
#[inline(always)]
fn slider_first_steps(c: usize, role: Role) -> CellSet {
    match role {
        Role::Bishop => BISHOP_FIRST_STEPS[c],
        Role::Rook => ROOK_FIRST_STEPS[c],
        Role::Queen => ROOK_FIRST_STEPS[c] | BISHOP_FIRST_STEPS[c],
        _ => ROOK_FIRST_STEPS[c] | BISHOP_FIRST_STEPS[c] | KNIGHT_ATTACKS[c],
    }
}

/// Writes the ordinary moves from `from` to each cell of `to` into `list`, lowest target first.
#[inline(always)]
pub(crate) fn push_moves(list: &mut MoveList, from: usize, to: CellSet) {
    let from = Cell::at(from);
    each_index(&to, |t| {
        list.push(Move::Normal {
            from,
            to: Cell::at(t),
            promotion: None,
        })
    });
}

/// Where [`Position::list_pieces_unchecked`] writes the moves of the pieces other than the
/// king: a move list, or the census's tally.
pub(crate) trait MoveSink {
    /// The ordinary moves from `from` to each cell of `to`, lowest target first.
    fn normal(&mut self, from: usize, to: CellSet);
    /// The moves of a batch (a pawn's promotions and its other moves).
    fn batch(&mut self, pm: PieceMoves);
    /// Whether no move has been written yet.
    fn is_empty(&self) -> bool;
}

impl MoveSink for MoveList {
    #[inline(always)]
    fn normal(&mut self, from: usize, to: CellSet) {
        push_moves(self, from, to);
    }

    #[inline(always)]
    fn batch(&mut self, pm: PieceMoves) {
        pm.for_each_move(|m| self.push(m));
    }

    #[inline(always)]
    fn is_empty(&self) -> bool {
        self.as_slice().is_empty()
    }
}

impl IntoIterator for PieceMoves {
    type Item = Move;
    type IntoIter = std::vec::IntoIter<Move>;

    /// The moves, in target order (choices in `Q R B N` order).
    fn into_iter(self) -> Self::IntoIter {
        let mut moves = Vec::with_capacity(self.len());
        self.for_each_move(|m| moves.push(m));
        moves.into_iter()
    }
}

/// One side's castling as cells, for a layout and an army with the right (king and rook at
/// home): the squares between them, which must be empty (as [`sideboard_bits`]), the two cells
/// the king crosses and lands on, which must not be attacked, and the rook's cell.
struct CastlePath {
    between: u32,
    king_cells: [u16; 2],
    rook: u16,
}

/// The index of `army`'s rank-1 square on `file`.
const fn home_square(army: Color, file: u8) -> usize {
    match Cell::square(army, file, 1) {
        Some(c) => c.index(),
        None => panic!("rank 1"),
    }
}

const fn castle_path(layout: Layout, army: Color, castle: CastleSide) -> CastlePath {
    let (kf, rf) = (layout.king_file(), castle.file());
    let (lo, hi, toward) = if rf < kf {
        (rf, kf, [kf - 1, kf - 2])
    } else {
        (kf, rf, [kf + 1, kf + 2])
    };
    let mut between = 0;
    let mut f = lo + 1;
    while f < hi {
        // Rank 1: bit `file − 1`.
        between |= 1 << (f - 1);
        f += 1;
    }
    CastlePath {
        between,
        king_cells: [
            home_square(army, toward[0]) as u16,
            home_square(army, toward[1]) as u16,
        ],
        rook: home_square(army, rf) as u16,
    }
}

const fn castle_sides(layout: Layout, a: usize) -> [CastlePath; 2] {
    [
        castle_path(layout, Color::ALL[a], CastleSide::File1),
        castle_path(layout, Color::ALL[a], CastleSide::File8),
    ]
}

const fn castle_paths(layout: Layout) -> [[CastlePath; 2]; ARMIES] {
    [
        castle_sides(layout, 0),
        castle_sides(layout, 1),
        castle_sides(layout, 2),
        castle_sides(layout, 3),
        castle_sides(layout, 4),
        castle_sides(layout, 5),
    ]
}

/// `CASTLE_PATHS[layout][army]`: the two sides' [`CastlePath`]s, in [`CastleSide::BOTH`] order.
const CASTLE_PATHS: &[[[CastlePath; 2]; ARMIES]; 2] = &[
    castle_paths(Layout::QueenLeft),
    castle_paths(Layout::QueenRight),
];

/// Whether the generation went on to the end (`true`) or the callback stopped it.
type Flow = bool;

impl Position {
    /// The pawn on `c`'s steps, double step and captures, before check and pin masks.
    #[inline(always)]
    pub(crate) fn pawn_pseudo(&self, ctx: &Context, c: usize) -> CellSet {
        let tables = &PAWNS[ctx.army.index()];
        let occ = &self.occupied;
        let mut pseudo = tables.push[c] - *occ;
        let (mid, double) = tables.double[c];
        if double != u16::MAX && !occ.has(mid as usize) && !occ.has(double as usize) {
            pseudo = pseudo.with(double as usize);
        }
        pseudo | (tables.capture[c] & ctx.capturable)
    }

    fn pawn_moves(&self, ctx: &Context, c: usize, f: &mut impl FnMut(PieceMoves) -> bool) -> Flow {
        let tables = &PAWNS[ctx.army.index()];
        let to = self.legal_targets(ctx, c, self.pawn_pseudo(ctx, c));
        let piece = Piece::new(ctx.army, Role::Pawn);
        let promo = to & tables.promotes;
        if !promo.is_empty() {
            let kind = MovesKind::Promotion(self.claims(ctx.army));
            if !emit(f, piece, c, promo, kind) {
                return false;
            }
        }
        emit(f, piece, c, to - promo, MovesKind::Normal)
    }

    fn knight_moves(
        &self,
        ctx: &Context,
        c: usize,
        f: &mut impl FnMut(PieceMoves) -> bool,
    ) -> Flow {
        let to = self.legal_targets(ctx, c, KNIGHT_ATTACKS[c] & ctx.targets);
        emit(
            f,
            Piece::new(ctx.army, Role::Knight),
            c,
            to,
            MovesKind::Normal,
        )
    }

    fn slider_moves(
        &self,
        ctx: &Context,
        c: usize,
        role: Role,
        f: &mut impl FnMut(PieceMoves) -> bool,
    ) -> Flow {
        if !slider_first_steps(c, role).intersects(&ctx.targets) {
            // Every ray blocked at once by a man it cannot take.
            return true;
        }
        let reach = slider_reach(c, role, &self.occupied);
        let to = self.legal_targets(ctx, c, reach & ctx.targets);
        emit(f, Piece::new(ctx.army, role), c, to, MovesKind::Normal)
    }

    /// The king's moves; with `known` (the attacked steps judged in the parent position and
    /// the two cells the move since changed: perft's bulk count), the steps whose judgement
    /// stands are not tested again.
    #[inline(always)]
    pub(crate) fn king_moves(
        &self,
        ctx: &Context,
        known: Option<(&KingSteps, [usize; 2])>,
        f: &mut impl FnMut(PieceMoves) -> bool,
    ) -> Flow {
        let steps = KING_ATTACKS[ctx.king] & ctx.targets;
        if steps.is_empty() {
            // A king walled in by its own men (or kings): the usual case at home, decided
            // here without a call.
            return true;
        }
        self.king_steps(ctx, steps, known, f)
    }

    /// [`Position::king_moves`] when the king has a step to judge (out of line).
    #[inline(never)]
    fn king_steps(
        &self,
        ctx: &Context,
        steps: CellSet,
        known: Option<(&KingSteps, [usize; 2])>,
        f: &mut impl FnMut(PieceMoves) -> bool,
    ) -> Flow {
        let k = ctx.king;
        let lifted = self.occupied.without(k);
        let mut plain = steps - ctx.replacing;
        let mut to = CellSet::EMPTY;
        if let Some((steps, changed)) = known {
            let (standing, safe) = steps.standing(&plain, changed);
            to = safe;
            plain -= standing;
        }
        // An attacker test per step costs about as much as the attacks of three or four hostile
        // men, so a king with many steps and few hostile men around (endgames, relocated kings)
        // subtracts the hostile attacks at once. Either way gives the same steps; the men are
        // counted one by one, no further than needed.
        to |= if plain.is_empty() {
            plain
        } else if !more_than(&ctx.hostile, 4 * sparse_len(&plain)) {
            plain - self.attacks_on_zone(&plain, &lifted, &ctx.hostile, ctx.hostile_armies)
        } else {
            let mut safe = CellSet::EMPTY;
            each_index(&plain, |t| {
                if !self.is_attacked(ctx, t, &lifted) {
                    safe = safe.with(t);
                }
            });
            safe
        };
        if ctx.any_replacing {
            each_index(&(steps & ctx.replacing), |t| {
                if self.safe_after_replacement(ctx, k, t) {
                    to = to.with(t);
                }
            });
        }
        emit(
            f,
            Piece::new(ctx.army, Role::King),
            k,
            to,
            MovesKind::Normal,
        )
    }

    /// Castling (rules §9 item 8): rights kept, the cells between king and rook empty, the
    /// king not in check and neither cell it crosses or lands on attacked.
    #[inline(always)]
    pub(crate) fn castling_moves(
        &self,
        ctx: &Context,
        f: &mut impl FnMut(PieceMoves) -> bool,
    ) -> Flow {
        let us = ctx.army.index();
        if !ctx.checkers.is_empty() || self.castling[us] == 0 {
            return true;
        }
        // The sides kept whose squares between are empty, found here without a call (at home
        // the pieces between stand for many plies); only those go on to the attack tests.
        let home = sideboard_bits(&self.occupied, us);
        let paths = &CASTLE_PATHS[self.layout as usize][us];
        let mut open = 0;
        for (castle, path) in CastleSide::BOTH.iter().zip(paths) {
            if home & path.between == 0 {
                open |= castle.bit();
            }
        }
        open &= self.castling[us];
        if open == 0 {
            return true;
        }
        self.castling_through(ctx, open, f)
    }

    /// [`Position::castling_moves`] over the sides in `open` ([`CastleSide`] bits: rights kept,
    /// the squares between empty): the king's two cells tested for attacks (out of line).
    #[inline(never)]
    fn castling_through(
        &self,
        ctx: &Context,
        open: u8,
        f: &mut impl FnMut(PieceMoves) -> bool,
    ) -> Flow {
        let us = ctx.army.index();
        let mut rooks = CellSet::EMPTY;
        for (castle, path) in CastleSide::BOTH
            .iter()
            .zip(&CASTLE_PATHS[self.layout as usize][us])
        {
            if open & castle.bit() == 0 {
                continue;
            }
            let safe = path
                .king_cells
                .iter()
                .all(|&c| !self.is_attacked(ctx, c as usize, &self.occupied));
            if safe {
                rooks = rooks.with(path.rook as usize);
            }
        }
        emit(
            f,
            Piece::new(ctx.army, Role::King),
            ctx.king,
            rooks,
            MovesKind::Castle,
        )
    }

    /// The ordinary moves (no relocation) of the army to move; `false` when `f` stopped.
    pub(crate) fn normal_moves(
        &self,
        ctx: &Context,
        f: &mut impl FnMut(PieceMoves) -> bool,
    ) -> Flow {
        let skip_pieces = ctx.checkers.has_many() && !ctx.any_replacing;
        if !skip_pieces {
            let own = self.by_color[ctx.army.index()];
            let of = |role: Role| own & self.by_role[role.index()];
            if !each_cell_while(&of(Role::Pawn), |c| self.pawn_moves(ctx, c, f)) {
                return false;
            }
            if !each_cell_while(&of(Role::Knight), |c| self.knight_moves(ctx, c, f)) {
                return false;
            }
            for role in [Role::Bishop, Role::Rook, Role::Queen, Role::Amazon] {
                if !each_cell_while(&of(role), |c| self.slider_moves(ctx, c, role, f)) {
                    return false;
                }
            }
        }
        self.king_moves(ctx, None, f) && self.castling_moves(ctx, f)
    }

    /// Calls `f` once per (piece, from-cell, target set, kind) of the army to move, fully
    /// legal; stops early when `f` returns `false` and then returns `false`. When the army has
    /// no ordinary move and is not in check (stalemate), the batch is its stalemate
    /// relocations. Nothing is generated once the game is over.
    pub fn for_each_piece_moves(&self, mut f: impl FnMut(PieceMoves) -> bool) -> bool {
        if self.one_team_left() {
            return true;
        }
        self.with_context(|ctx| {
            let mut any = false;
            let flow = self.normal_moves(ctx, &mut |pm| {
                any = true;
                f(pm)
            });
            if !flow {
                return false;
            }
            if !any && ctx.checkers.is_empty() {
                return self.relocations(&mut f);
            }
            true
        })
    }

    /// Whether the army to move has an ordinary legal move (not counting relocations).
    pub(crate) fn has_normal_move(&self) -> bool {
        if self.kings[self.turn.index()] == NO_KING {
            return false;
        }
        self.with_context(|ctx| !self.normal_moves(ctx, &mut |_| false))
    }

    /// Writes the legal moves into `list` (cleared first), in the order of
    /// [`Position::for_each_piece_moves`].
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        if self.one_team_left() {
            return;
        }
        self.with_context(|ctx| self.legal_moves_into_sink(ctx, list));
    }

    /// The legal moves written into `sink` in the list's order (the list and the census,
    /// [`Position::census_moves_into`], share it): out of check the pieces' targets, the king's
    /// moves and castling, and the relocations if none; in check the batches of
    /// [`Position::normal_moves`].
    #[inline(always)]
    pub(crate) fn legal_moves_into_sink<S: MoveSink>(&self, ctx: &Context, sink: &mut S) {
        if ctx.checkers.is_empty() {
            // The usual case: the pieces' targets written straight into the sink. Compiled
            // twice, as the count.
            if ctx.any_replacing {
                self.list_pieces_replacing(ctx, sink);
            } else {
                self.list_pieces_unchecked::<false, _>(ctx, sink);
            }
            let mut batch = |pm: PieceMoves| {
                sink.batch(pm);
                true
            };
            self.king_moves(ctx, None, &mut batch);
            self.castling_moves(ctx, &mut batch);
            if sink.is_empty() {
                // Stalemate: the relocations.
                self.relocations(&mut |pm: PieceMoves| {
                    sink.batch(pm);
                    true
                });
            }
        } else {
            self.normal_moves(ctx, &mut |pm: PieceMoves| {
                sink.batch(pm);
                true
            });
        }
    }

    /// The moves of the pieces other than the king, into `sink`, when the army to move is not
    /// in check: the targets masked by pins alone (captures that turn a waiting pawn into a
    /// piece judged one by one, when `REPLACING`), without batches (a pawn that may promote goes
    /// through its batches). The list and the census ([`Position::census_moves_into`]) share it,
    /// so that the census lists its moves in the list's order.
    #[inline(always)]
    pub(crate) fn list_pieces_unchecked<const REPLACING: bool, S: MoveSink>(
        &self,
        ctx: &Context,
        sink: &mut S,
    ) {
        let us = ctx.army.index();
        let own = self.by_color[us];
        let of = |role: Role| own & self.by_role[role.index()];
        let pinned = |c: usize, to: CellSet| self.pin_cut::<REPLACING>(ctx, c, to);
        let eve = &PAWN_CELLS[us].eve;
        each_index(&of(Role::Pawn), |c| {
            if eve.has(c) {
                self.pawn_moves(ctx, c, &mut |pm| {
                    sink.batch(pm);
                    true
                });
            } else {
                sink.normal(c, pinned(c, self.pawn_pseudo(ctx, c)));
            }
        });
        each_index(&of(Role::Knight), |c| {
            sink.normal(c, pinned(c, KNIGHT_ATTACKS[c] & ctx.targets));
        });
        for role in [Role::Bishop, Role::Rook, Role::Queen, Role::Amazon] {
            each_index(&of(role), |c| {
                if slider_first_steps(c, role).intersects(&ctx.targets) {
                    let reach = slider_reach(c, role, &self.occupied);
                    sink.normal(c, pinned(c, reach & ctx.targets));
                }
            });
        }
    }

    /// [`Position::list_pieces_unchecked`] when a capture may turn a waiting pawn into a piece
    /// (out of line, so that the usual case stays compact).
    #[inline(never)]
    pub(crate) fn list_pieces_replacing<S: MoveSink>(&self, ctx: &Context, sink: &mut S) {
        self.list_pieces_unchecked::<true, S>(ctx, sink);
    }

    /// Whether the army to move has a legal move.
    pub fn has_legal_move(&self) -> bool {
        !self.for_each_piece_moves(|_| false)
    }

    /// Whether `m` is a legal move here.
    pub fn is_legal(&self, m: Move) -> bool {
        let from = m.origin();
        let mut found = false;
        self.for_each_piece_moves(|pm| {
            let target = m.batch_target();
            if pm.from == from && pm.to.has(target.index()) {
                pm.moves_to(target, &mut |x| found |= x == m);
            }
            !found
        });
        found
    }
}

/// Passes a non-empty batch to `f`.
#[inline(always)]
fn emit(
    f: &mut impl FnMut(PieceMoves) -> bool,
    piece: Piece,
    from: usize,
    to: CellSet,
    kind: MovesKind,
) -> Flow {
    if to.is_empty() {
        return true;
    }
    f(PieceMoves {
        piece,
        from: Cell::at(from),
        to,
        kind,
    })
}

#[cfg(test)]
mod tests {
    use crate::Position;

    /// The list layer (targets written straight into the list out of check) gives the moves of
    /// the set-wise layer's batches, in their order, and the count their number: on every
    /// conformance position and each position one move later.
    #[test]
    fn the_list_and_the_count_follow_the_batches() {
        let texts = crate::conformance_texts();
        for text in texts {
            let root: Position = text.parse().expect("a valid position");
            let mut positions = vec![root.clone()];
            for m in root.legal_moves() {
                let mut next = root.clone();
                next.apply(m);
                positions.push(next);
            }
            for pos in positions {
                let mut batches = Vec::new();
                pos.for_each_piece_moves(|pm| {
                    pm.for_each_move(|m| batches.push(m));
                    true
                });
                assert_eq!(pos.legal_moves().as_slice(), &batches[..], "{pos}");
                assert_eq!(pos.legal_move_count(), batches.len(), "{pos}");
            }
        }
    }
}
