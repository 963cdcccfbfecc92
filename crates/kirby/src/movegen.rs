//! Legal move generation: the set-wise layer ([`Position::for_each_piece_moves`]), the list
//! layer ([`Position::legal_moves_into`]), and perft.
//!
//! Generation is fully legal without make/unmake: the checkers and pins of the army to move are
//! found by walking the slider rays from its king (every live piece of every army of another
//! team counts as hostile); king targets are tested against all hostile attackers with the king
//! lifted off the board.

use crate::board::{
    bishop_attacks, rook_attacks, Bits, Cell, Piece, Role, BISHOP_RAYS, BISHOP_REACH, CELLS,
    KING_ATTACKS, KNIGHT_ATTACKS, PAWNS, PAWN_ATTACKERS_ANY, RAYS, ROOK_RAYS, ROOK_REACH,
};
use crate::moves::{Move, MoveList};
use crate::position::{Choices, Position};

/// Every cell of the board.
pub const ALL_CELLS: Bits = {
    let mut s = Bits::EMPTY;
    let mut i = 0;
    while i < CELLS {
        s = s.with(i);
        i += 1;
    }
    s
};

/// What a [`PieceMoves`] batch means.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceMoves {
    /// The moving piece.
    pub piece: Piece,
    /// Its cell.
    pub from: Cell,
    /// The target cells (rook cells for castling).
    pub to: Bits,
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

    /// Calls `f` on each move.
    pub fn for_each_move(&self, mut f: impl FnMut(Move)) {
        for t in self.to.iter() {
            let to = Cell::ALL[t];
            match self.kind {
                MovesKind::Normal => f(Move::Normal {
                    from: self.from,
                    to,
                    promotion: None,
                }),
                MovesKind::Castle => f(Move::Castle {
                    king: self.from,
                    rook: to,
                }),
                MovesKind::Promotion(c) => {
                    if c.is_empty() {
                        f(Move::Normal {
                            from: self.from,
                            to,
                            promotion: None,
                        });
                    }
                    for r in c.iter() {
                        f(Move::Normal {
                            from: self.from,
                            to,
                            promotion: Some(r),
                        });
                    }
                }
                MovesKind::Relocate(c) => {
                    if c.is_empty() {
                        f(Move::Relocate {
                            from: self.from,
                            to,
                            reclaim: None,
                        });
                    }
                    for r in c.iter() {
                        f(Move::Relocate {
                            from: self.from,
                            to,
                            reclaim: Some(r),
                        });
                    }
                }
            }
        }
    }
}

#[inline]
fn nearest(set: &Bits, ascending: bool) -> Option<usize> {
    if ascending {
        set.first()
    } else {
        set.last()
    }
}

struct Pins {
    cells: [u16; 16],
    masks: [Bits; 16],
    len: usize,
    pinned: Bits,
}

impl Pins {
    #[inline]
    fn mask(&self, cell: usize) -> Bits {
        let mut m = ALL_CELLS;
        for i in 0..self.len {
            if self.cells[i] as usize == cell {
                m &= self.masks[i];
            }
        }
        m
    }
}

/// The outcome of the normal-move pass.
struct Pass {
    aborted: bool,
    any: bool,
    in_check: bool,
}

impl Position {
    /// Calls `f` once per (piece, from-cell, target set, kind) of the army to move, fully legal;
    /// stops early when `f` returns `false`. When the army has no ordinary move and is not in
    /// check (stalemate), the batch is its stalemate relocations. Nothing is generated once the
    /// game is over.
    pub fn for_each_piece_moves(&self, mut f: impl FnMut(PieceMoves) -> bool) {
        if let Some(resolved) = self.generate(&mut f) {
            resolved.generate(&mut f);
        }
    }

    /// Generates the moves of the army to move, or, when a checkmate (or a stalemate without a
    /// safe cell) at the start of its turn is still pending, generates nothing and returns the
    /// resolved position whose moves are wanted instead.
    pub(crate) fn generate(&self, f: &mut impl FnMut(PieceMoves) -> bool) -> Option<Position> {
        if self.live_teams_raw() <= 1 {
            return None;
        }
        let pass = self.normal_moves(f);
        if pass.any {
            return None;
        }
        if self.pending && (pass.in_check || !self.has_relocation()) {
            let mut resolved = self.clone();
            resolved.resolve();
            return Some(resolved);
        }
        if !pass.in_check {
            self.relocations(f);
        }
        None
    }

    /// The legal moves into `list`, and the position they belong to if it is not `self` (a
    /// pending elimination was carried out).
    pub(crate) fn moves_and_base(&self, list: &mut MoveList) -> Option<Position> {
        list.clear();
        let mut push = |pm: PieceMoves| {
            pm.for_each_move(|m| list.push(m));
            true
        };
        let resolved = self.generate(&mut push);
        if let Some(r) = &resolved {
            r.generate(&mut push);
        }
        resolved
    }

    /// Whether the army to move has an ordinary legal move (not counting relocations).
    pub(crate) fn has_normal_move(&self) -> bool {
        let mut any = false;
        self.normal_moves(&mut |_| {
            any = true;
            false
        });
        any
    }

    /// Whether a stalemate relocation exists (called only when there is no ordinary move).
    pub(crate) fn has_relocation(&self) -> bool {
        let mut any = false;
        self.relocations(&mut |_| {
            any = true;
            false
        });
        any
    }

    /// Writes the legal moves into `list` (cleared first).
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.for_each_piece_moves(|pm| {
            pm.for_each_move(|m| list.push(m));
            true
        });
    }

    /// The number of legal moves (a popcount per batch).
    pub fn count_moves(&self) -> u64 {
        let mut n = 0;
        self.for_each_piece_moves(|pm| {
            n += pm.len() as u64;
            true
        });
        n
    }

    fn normal_moves(&self, f: &mut impl FnMut(PieceMoves) -> bool) -> Pass {
        let us = self.turn.index();
        let army = self.turn;
        let k = self.kings[us] as usize;
        let occ = self.occupied;
        let br = &self.by_role;
        let own = self.by_army[us];
        let mut friends = Bits::EMPTY;
        let mut hostile = Bits::EMPTY;
        let hostile_armies = self.alive & !self.team_mask[us];
        let friendly_armies = self.alive & self.team_mask[us];
        for a in 0..6 {
            if hostile_armies & (1 << a) != 0 {
                hostile |= self.by_army[a];
            } else if friendly_armies & (1 << a) != 0 {
                friends |= self.by_army[a];
            }
        }
        let kings = br[Role::King as usize];
        let targets = ALL_CELLS - (friends | kings);
        let capturable = targets & occ;
        let empty = ALL_CELLS - occ;

        // Checkers and pins.
        let queens = br[Role::Queen as usize] | br[Role::Amazon as usize];
        let mut checkers = (KNIGHT_ATTACKS[k]
            & (br[Role::Knight as usize] | br[Role::Amazon as usize]))
            | (KING_ATTACKS[k] & kings);
        if PAWN_ATTACKERS_ANY[k].intersects(&(br[Role::Pawn as usize] & hostile)) {
            for (a, pawns) in PAWNS.iter().enumerate() {
                if hostile_armies & (1 << a) != 0 {
                    checkers |= pawns.attackers[k] & br[Role::Pawn as usize] & self.by_army[a];
                }
            }
        }
        checkers &= hostile;
        let mut check_mask = checkers;
        let mut pins = Pins {
            cells: [0; 16],
            masks: [Bits::EMPTY; 16],
            len: 0,
            pinned: Bits::EMPTY,
        };
        for (lists, reach, sliders) in [
            (
                &ROOK_RAYS,
                &ROOK_REACH,
                (br[Role::Rook as usize] | queens) & hostile,
            ),
            (
                &BISHOP_RAYS,
                &BISHOP_REACH,
                (br[Role::Bishop as usize] | queens) & hostile,
            ),
        ] {
            if !reach[k].intersects(&sliders) {
                continue;
            }
            let list = &lists[k];
            for ray in &list.rays[..list.len as usize] {
                let set = RAYS[k][ray.slot as usize];
                if !set.intersects(&sliders) {
                    continue;
                }
                let blockers = set & occ;
                let Some(b1) = nearest(&blockers, ray.ascending) else {
                    continue;
                };
                if sliders.has(b1) {
                    checkers = checkers.with(b1);
                    check_mask |= set - RAYS[b1][ray.slot as usize];
                } else if own.has(b1) {
                    if let Some(b2) = nearest(&blockers.without(b1), ray.ascending) {
                        if sliders.has(b2) {
                            pins.cells[pins.len] = b1 as u16;
                            pins.masks[pins.len] = set - RAYS[b2][ray.slot as usize];
                            pins.len += 1;
                            pins.pinned = pins.pinned.with(b1);
                        }
                    }
                }
            }
        }
        let in_check = !checkers.is_empty();
        let mut pass = Pass {
            aborted: false,
            any: false,
            in_check,
        };
        let mut emit = |pm: PieceMoves, pass: &mut Pass| -> bool {
            if pm.to.is_empty() {
                return true;
            }
            pass.any = true;
            if !f(pm) {
                pass.aborted = true;
                return false;
            }
            true
        };

        if !checkers.has_many() {
            let mask = if in_check { check_mask } else { ALL_CELLS };
            let pawn_tables = &PAWNS[us];
            for c in (own.without(k)).iter() {
                let role = Piece::from_code(self.mailbox[c]).role;
                let mut allow = mask;
                if pins.pinned.has(c) {
                    allow &= pins.mask(c);
                }
                let from = Cell::ALL[c];
                let piece = Piece { army, role };
                if role == Role::Pawn {
                    let mut to = pawn_tables.push[c] & empty;
                    let (mid, dbl) = pawn_tables.double[c];
                    if dbl != u16::MAX && empty.has(mid as usize) && empty.has(dbl as usize) {
                        to = to.with(dbl as usize);
                    }
                    to |= pawn_tables.capture[c] & capturable;
                    to &= allow;
                    let promo = to & pawn_tables.promotes;
                    if !promo.is_empty() {
                        let kind = MovesKind::Promotion(self.claims(army));
                        if !emit(
                            PieceMoves {
                                piece,
                                from,
                                to: promo,
                                kind,
                            },
                            &mut pass,
                        ) {
                            return pass;
                        }
                        to -= promo;
                    }
                    if !emit(
                        PieceMoves {
                            piece,
                            from,
                            to,
                            kind: MovesKind::Normal,
                        },
                        &mut pass,
                    ) {
                        return pass;
                    }
                    continue;
                }
                let to = match role {
                    Role::Knight => KNIGHT_ATTACKS[c],
                    Role::Bishop => bishop_attacks(c, &occ),
                    Role::Rook => rook_attacks(c, &occ),
                    Role::Queen => rook_attacks(c, &occ) | bishop_attacks(c, &occ),
                    Role::Amazon => {
                        rook_attacks(c, &occ) | bishop_attacks(c, &occ) | KNIGHT_ATTACKS[c]
                    }
                    Role::Pawn | Role::King => Bits::EMPTY,
                } & targets
                    & allow;
                if !emit(
                    PieceMoves {
                        piece,
                        from,
                        to,
                        kind: MovesKind::Normal,
                    },
                    &mut pass,
                ) {
                    return pass;
                }
            }
        }

        // King steps.
        let lifted = occ.without(k);
        let mut to = Bits::EMPTY;
        for t in (KING_ATTACKS[k] & targets).iter() {
            if self
                .attackers(t, &lifted, &hostile, hostile_armies)
                .is_empty()
            {
                to = to.with(t);
            }
        }
        let king = Piece {
            army,
            role: Role::King,
        };
        if !emit(
            PieceMoves {
                piece: king,
                from: Cell::ALL[k],
                to,
                kind: MovesKind::Normal,
            },
            &mut pass,
        ) {
            return pass;
        }

        // Castling.
        if !in_check && self.castling[us] != 0 {
            let kf = self.layout.king_file() as usize;
            let mut rooks = Bits::EMPTY;
            for (bit, rf) in [(1u8, 1usize), (2, 8)] {
                if self.castling[us] & bit == 0 {
                    continue;
                }
                let base = us * 24;
                let (lo, hi) = if rf < kf { (rf, kf) } else { (kf, rf) };
                if (lo + 1..hi).any(|f| occ.has(base + f - 1)) {
                    continue;
                }
                let dir: isize = if rf > kf { 1 } else { -1 };
                let safe = (1..=2).all(|s| {
                    let t = base + (kf as isize + s * dir) as usize - 1;
                    self.attackers(t, &occ, &hostile, hostile_armies).is_empty()
                });
                if safe {
                    rooks = rooks.with(base + rf - 1);
                }
            }
            if !emit(
                PieceMoves {
                    piece: king,
                    from: Cell::ALL[k],
                    to: rooks,
                    kind: MovesKind::Castle,
                },
                &mut pass,
            ) {
                return pass;
            }
        }
        pass
    }

    fn relocations(&self, f: &mut impl FnMut(PieceMoves) -> bool) {
        let us = self.turn.index();
        let k = self.kings[us] as usize;
        let hostile = self.hostile_to(us);
        let hostile_armies = self.alive & !self.team_mask[us];
        let claims = self.claims(self.turn);
        let base = if claims.is_empty() {
            self.occupied.without(k)
        } else {
            self.occupied
        };
        let mut to = Bits::EMPTY;
        for t in (ALL_CELLS - self.occupied).iter() {
            if self
                .attackers(t, &base.with(t), &hostile, hostile_armies)
                .is_empty()
            {
                to = to.with(t);
            }
        }
        if !to.is_empty() {
            let piece = Piece {
                army: self.turn,
                role: Role::King,
            };
            f(PieceMoves {
                piece,
                from: Cell::ALL[k],
                to,
                kind: MovesKind::Relocate(claims),
            });
        }
    }
}

/// Counts the leaf nodes of the move tree to `depth` plies, counting the last ply in bulk.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth <= 1 {
        return if depth == 0 { 1 } else { pos.count_moves() };
    }
    // One move list per ply, made once (a list is large: see `MoveList::CAPACITY`).
    let mut lists: Vec<MoveList> = (1..depth).map(|_| MoveList::new()).collect();
    perft_inner(pos, depth, &mut lists)
}

fn perft_inner(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 1 {
        return pos.count_moves();
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    let resolved = pos.moves_and_base(list);
    let base = resolved.as_ref().unwrap_or(pos);
    let mut nodes = 0;
    for &m in list.iter() {
        let mut child = base.clone();
        child.apply(m);
        nodes += perft_inner(&child, depth - 1, rest);
    }
    nodes
}

/// [`perft`] that plays every move, the leaves included (slower; a cross-check of the bulk
/// counts).
pub fn perft_without_bulk(pos: &Position, depth: u32) -> u64 {
    let mut lists: Vec<MoveList> = (0..depth).map(|_| MoveList::new()).collect();
    perft_without_bulk_inner(pos, depth, &mut lists)
}

fn perft_without_bulk_inner(pos: &Position, depth: u32, lists: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (list, rest) = lists.split_first_mut().expect("one list per ply");
    let resolved = pos.moves_and_base(list);
    let base = resolved.as_ref().unwrap_or(pos);
    let mut nodes = 0;
    for &m in list.iter() {
        let mut child = base.clone();
        child.apply(m);
        nodes += perft_without_bulk_inner(&child, depth - 1, rest);
    }
    nodes
}

/// The perft count below each legal move (`depth ≥ 1`).
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    let resolved = pos.moves_and_base(&mut list);
    let base = resolved.as_ref().unwrap_or(pos);
    list.iter()
        .map(|&m| {
            let mut child = base.clone();
            child.apply(m);
            (m, perft(&child, depth.saturating_sub(1)))
        })
        .collect()
}
