//! Legal move generation: the set-wise layer ([`Position::for_each_piece_moves`]) and the list
//! layer ([`Position::legal_moves_into`]).
//!
//! Generation is fully legal without make/unmake. First the checkers and pins of the army to
//! move are found by walking the slider rays from its king (every live piece of every army of
//! another team counts as hostile); then each kind of piece has its own function, which masks
//! its targets with the check mask and its pin mask; king targets are tested against all
//! hostile attackers with the king lifted off the board.
//!
//! One rule needs more than masks: a capture of a power piece of an army with waiting pawns
//! turns that army's oldest waiting pawn into the lost piece at once (rules §5, §9 item 6), and
//! the mover's king must be safe *after* that replacement (§7). Such captures (rare: the
//! targets in [`Context::replacing`]) are judged exactly, with the attackers recomputed on the
//! role sets after the replacement.

use crate::board::{
    bishop_attacks, rook_attacks, Cell, CellSet, Color, PawnCells, Piece, Role, BISHOP_RAYS,
    BISHOP_REACH, KING_ATTACKS, KNIGHT_ATTACKS, PAWNS, PAWN_ATTACKERS_ANY, PAWN_CELLS, RAYS,
    ROOK_RAYS, ROOK_REACH,
};
use crate::elimination::ALL_CELLS;
use crate::moves::{Move, MoveList};
use crate::position::{attackers_on, Choices, Position};

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

/// Calls `f` on the index of each cell of `set`, lowest first.
#[inline(always)]
fn each_index(set: &CellSet, mut f: impl FnMut(usize)) {
    for (w, &word) in set.0.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            f(w * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
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

/// The moves of an unpinned pawn of army `us` on `c` that cannot reach the promotion zone, with
/// the empty and the capturable cells: a test per target cell, no set operations.
#[inline(always)]
fn count_plain_pawn(
    cells: &PawnCells,
    empty: &CellSet,
    capturable: &CellSet,
    us: usize,
    c: usize,
) -> u32 {
    let [s0, s1] = cells.steps[c];
    let [x0, x1, x2] = cells.captures[c];
    let mut n = empty.has(s0 as usize) as u32
        + empty.has(s1 as usize) as u32
        + capturable.has(x0 as usize) as u32
        + capturable.has(x1 as usize) as u32
        + capturable.has(x2 as usize) as u32;
    let (mid, double) = PAWNS[us].double[c];
    if double != u16::MAX && empty.has(mid as usize) && empty.has(double as usize) {
        n += 1;
    }
    n
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

/// The most pins: one per slider ray from the king (eight rook-type and eight bishop-type).
const MAX_PINS: usize = 16;

/// The pinned pieces of the army to move. A pin is kept as (pinned cell, ray slot from the king,
/// pinner's cell); its line is computed only when the pinned piece moves (rare), so the context
/// stays small and cheap to build.
struct Pins {
    cells: [u16; MAX_PINS],
    slots: [u8; MAX_PINS],
    pinners: [u16; MAX_PINS],
    len: usize,
    pinned: CellSet,
}

impl Pins {
    /// The cells the piece on `cell` may move to without exposing its king on `king`.
    #[inline]
    fn mask(&self, king: usize, cell: usize) -> CellSet {
        let mut m = ALL_CELLS;
        for i in 0..self.len {
            if self.cells[i] as usize == cell {
                let slot = self.slots[i] as usize;
                m &= RAYS[king][slot] - RAYS[self.pinners[i] as usize][slot];
            }
        }
        m
    }

    fn add(&mut self, cell: usize, slot: u8, pinner: usize) {
        self.cells[self.len] = cell as u16;
        self.slots[self.len] = slot;
        self.pinners[self.len] = pinner as u16;
        self.len += 1;
        self.pinned = self.pinned.with(cell);
    }
}

/// What every piece's generation needs: the sides, the targets, the check and pin masks.
struct Context {
    army: Color,
    king: usize,
    hostile: CellSet,
    hostile_armies: u8,
    /// Cells a move may land on: empty, or a hostile or dead piece that is not a king.
    targets: CellSet,
    checkers: CellSet,
    pins: Pins,
    /// The cells of power pieces of live hostile armies that have waiting pawns: capturing
    /// there turns a waiting pawn into a piece, so these captures are judged exactly.
    replacing: CellSet,
    /// Whether `replacing` has a cell.
    any_replacing: bool,
    /// Where a piece other than the king may go as far as checks allow: anywhere when not in
    /// check, in single check the checker and the cells between it and the king, nowhere in
    /// double check. (While the context is built: the checkers and the cells between.)
    allowed: CellSet,
    /// The cells a capture may land on.
    capturable: CellSet,
}

/// The nearest cell of `set` along a ray that runs up or down the index.
#[inline]
fn nearest(set: &CellSet, ascending: bool) -> Option<usize> {
    if ascending {
        set.first()
    } else {
        set.last()
    }
}

/// Whether the generation went on to the end (`true`) or the callback stopped it.
type Flow = bool;

impl Position {
    /// Calls `f` with the context of the army to move. The context is built in this frame and
    /// lent: returned by value it was copied (a `memcpy` call per position).
    #[inline(always)]
    fn with_context<R>(&self, f: impl FnOnce(&Context) -> R) -> R {
        let us = self.turn.index();
        let hostile_armies = self.hostile_armies(us);
        let mut hostile = CellSet::EMPTY;
        let mut friends = CellSet::EMPTY;
        let mut replacing = CellSet::EMPTY;
        let powers = self.by_role[Role::Pawn.index()] | self.by_role[Role::King.index()];
        // Over the armies present only (two of six in the two-player game).
        let mut armies = hostile_armies;
        while armies != 0 {
            let a = armies.trailing_zeros() as usize;
            hostile |= self.by_color[a];
            if !self.waiting[a].is_empty() {
                replacing |= self.by_color[a] - powers;
            }
            armies &= armies - 1;
        }
        let mut armies = self.alive & !hostile_armies;
        while armies != 0 {
            friends |= self.by_color[armies.trailing_zeros() as usize];
            armies &= armies - 1;
        }
        let targets = ALL_CELLS - (friends | self.by_role[Role::King.index()]);
        let mut ctx = Context {
            army: self.turn,
            king: self.kings[us] as usize,
            hostile,
            hostile_armies,
            targets,
            checkers: CellSet::EMPTY,
            pins: Pins {
                cells: [0; MAX_PINS],
                slots: [0; MAX_PINS],
                pinners: [0; MAX_PINS],
                len: 0,
                pinned: CellSet::EMPTY,
            },
            any_replacing: !replacing.is_empty(),
            replacing,
            allowed: CellSet::EMPTY,
            capturable: targets & self.occupied,
        };
        self.leaper_checks(&mut ctx);
        self.slider_checks_and_pins(&mut ctx);
        if ctx.checkers.is_empty() {
            ctx.allowed = ALL_CELLS;
        } else if ctx.checkers.has_many() {
            ctx.allowed = CellSet::EMPTY;
        }
        f(&ctx)
    }

    /// Checks by knights, Amazons' leaps, kings and pawns.
    fn leaper_checks(&self, ctx: &mut Context) {
        let k = ctx.king;
        let br = &self.by_role;
        let mut checkers = (KNIGHT_ATTACKS[k]
            & (br[Role::Knight.index()] | br[Role::Amazon.index()]))
            | (KING_ATTACKS[k] & br[Role::King.index()]);
        let pawns = br[Role::Pawn.index()];
        if PAWN_ATTACKERS_ANY[k].intersects(&(pawns & ctx.hostile)) {
            for (a, table) in PAWNS.iter().enumerate() {
                if ctx.hostile_armies & (1 << a) != 0 {
                    checkers |= table.attackers[k] & pawns & self.by_color[a];
                }
            }
        }
        ctx.checkers = checkers & ctx.hostile;
        ctx.allowed = ctx.checkers;
    }

    /// Checks and pins by sliders: along each ray from the king, a hostile slider of the ray's
    /// kind as the nearest blocker checks; behind one own piece, it pins that piece.
    fn slider_checks_and_pins(&self, ctx: &mut Context) {
        let k = ctx.king;
        let br = &self.by_role;
        let queens = br[Role::Queen.index()] | br[Role::Amazon.index()];
        let own = self.by_color[ctx.army.index()];
        let rooks = (br[Role::Rook.index()] | queens) & ctx.hostile;
        let bishops = (br[Role::Bishop.index()] | queens) & ctx.hostile;
        for (list, reach, sliders) in [
            (&ROOK_RAYS[k], &ROOK_REACH[k], rooks),
            (&BISHOP_RAYS[k], &BISHOP_REACH[k], bishops),
        ] {
            if !reach.intersects(&sliders) {
                continue;
            }
            for ray in &list.rays[..list.len as usize] {
                let line = RAYS[k][ray.slot as usize];
                if !line.intersects(&sliders) {
                    continue;
                }
                let blockers = line & self.occupied;
                let Some(b1) = nearest(&blockers, ray.ascending) else {
                    continue;
                };
                if sliders.has(b1) {
                    ctx.checkers = ctx.checkers.with(b1);
                    ctx.allowed |= line - RAYS[b1][ray.slot as usize];
                } else if own.has(b1) {
                    if let Some(b2) = nearest(&blockers.without(b1), ray.ascending) {
                        if sliders.has(b2) {
                            ctx.pins.add(b1, ray.slot, b2);
                        }
                    }
                }
            }
        }
    }

    /// Whether the capture `from` → `to` of a piece in [`Context::replacing`] leaves the
    /// mover's king safe once the victim's army's oldest waiting pawn has become the lost piece.
    fn safe_after_replacement(&self, ctx: &Context, from: usize, to: usize) -> bool {
        let victim = Piece::from_code(self.mailbox[to]);
        let army = victim.color.index();
        let Some(pawn) = self.waiting[army].oldest() else {
            return true;
        };
        let mut roles = self.by_role;
        let mut armies = self.by_color;
        roles[victim.role.index()] = roles[victim.role.index()].without(to);
        armies[army] = armies[army].without(to);
        roles[Role::Pawn.index()] = roles[Role::Pawn.index()].without(pawn);
        roles[victim.role.index()] = roles[victim.role.index()].with(pawn);
        let king = if from == ctx.king { to } else { ctx.king };
        attackers_on(
            king,
            &self.occupied.without(from),
            &ctx.hostile.without(to),
            ctx.hostile_armies,
            &roles,
            &armies,
        )
        .is_empty()
    }

    /// The legal part of the pseudo-legal targets `pseudo` of the (non-king) piece on `from`.
    #[inline(always)]
    fn legal_targets(&self, ctx: &Context, from: usize, pseudo: CellSet) -> CellSet {
        let mut legal = pseudo & ctx.allowed;
        if ctx.pins.pinned.has(from) {
            legal &= ctx.pins.mask(ctx.king, from);
        }
        let special = pseudo & ctx.replacing;
        if ctx.any_replacing && !special.is_empty() {
            legal -= special;
            for t in special.iter() {
                if self.safe_after_replacement(ctx, from, t) {
                    legal = legal.with(t);
                }
            }
        }
        legal
    }

    /// The pawn on `c`'s steps, double step and captures, before check and pin masks.
    #[inline(always)]
    fn pawn_pseudo(&self, ctx: &Context, c: usize) -> CellSet {
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
        let reach = slider_reach(c, role, &self.occupied);
        let to = self.legal_targets(ctx, c, reach & ctx.targets);
        emit(f, Piece::new(ctx.army, role), c, to, MovesKind::Normal)
    }

    fn king_moves(&self, ctx: &Context, f: &mut impl FnMut(PieceMoves) -> bool) -> Flow {
        let k = ctx.king;
        let lifted = self.occupied.without(k);
        let mut to = CellSet::EMPTY;
        for t in (KING_ATTACKS[k] & ctx.targets).iter() {
            let safe = if ctx.replacing.has(t) {
                self.safe_after_replacement(ctx, k, t)
            } else {
                self.attackers(t, &lifted, &ctx.hostile, ctx.hostile_armies)
                    .is_empty()
            };
            if safe {
                to = to.with(t);
            }
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
    fn castling_moves(&self, ctx: &Context, f: &mut impl FnMut(PieceMoves) -> bool) -> Flow {
        let us = ctx.army.index();
        if !ctx.checkers.is_empty() || self.castling[us] == 0 {
            return true;
        }
        let kf = self.layout.king_file();
        let mut rooks = CellSet::EMPTY;
        for castle in crate::board::CastleSide::BOTH {
            if self.castling[us] & castle.bit() == 0 {
                continue;
            }
            let rf = castle.file();
            let file = |f: u8| Cell::square(ctx.army, f, 1).expect("rank 1").index();
            let (lo, hi) = (rf.min(kf), rf.max(kf));
            if (lo + 1..hi).any(|f| self.occupied.has(file(f))) {
                continue;
            }
            let step = |s: u8| if rf > kf { kf + s } else { kf - s };
            let safe = (1..=2).all(|s| {
                self.attackers(
                    file(step(s)),
                    &self.occupied,
                    &ctx.hostile,
                    ctx.hostile_armies,
                )
                .is_empty()
            });
            if safe {
                rooks = rooks.with(file(rf));
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
    fn normal_moves(&self, ctx: &Context, f: &mut impl FnMut(PieceMoves) -> bool) -> Flow {
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
        self.king_moves(ctx, f) && self.castling_moves(ctx, f)
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
        if self.kings[self.turn.index()] == crate::position::NO_KING {
            return false;
        }
        self.with_context(|ctx| !self.normal_moves(ctx, &mut |_| false))
    }

    /// Writes the legal moves into `list` (cleared first).
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        self.for_each_piece_moves(|pm| {
            pm.for_each_move(|m| list.push(m));
            true
        });
    }

    /// The number of legal moves (a popcount per batch; without batches when not in check and
    /// no capture turns a waiting pawn into a piece, the usual case).
    pub fn legal_move_count(&self) -> usize {
        if self.one_team_left() {
            return 0;
        }
        self.with_context(|ctx| {
            let mut n = 0;
            let mut add = |pm: PieceMoves| {
                n += pm.len();
                true
            };
            if ctx.checkers.is_empty() && !ctx.any_replacing {
                self.king_moves(ctx, &mut add);
                self.castling_moves(ctx, &mut add);
                n += self.count_pieces_unchecked(ctx);
            } else {
                self.normal_moves(ctx, &mut add);
            }
            if n == 0 && ctx.checkers.is_empty() {
                self.relocations(&mut |pm| {
                    n += pm.len();
                    true
                });
            }
            n
        })
    }

    /// The number of legal moves of the pieces other than the king when the army to move is not
    /// in check and no capture turns a waiting pawn into a piece: the targets masked by pins
    /// alone, counted by popcounts.
    fn count_pieces_unchecked(&self, ctx: &Context) -> usize {
        let us = ctx.army.index();
        let own = self.by_color[us];
        let of = |role: Role| own & self.by_role[role.index()];
        let pinned = |c: usize, to: CellSet| {
            if ctx.pins.pinned.has(c) {
                to & ctx.pins.mask(ctx.king, c)
            } else {
                to
            }
        };
        let mut n = 0;
        let mut promos = 0;
        let cells = &PAWN_CELLS[us];
        let empty = ALL_CELLS - self.occupied;
        each_index(&of(Role::Pawn), |c| {
            if ctx.pins.pinned.has(c) || cells.eve.has(c) {
                let to = pinned(c, self.pawn_pseudo(ctx, c));
                n += to.len();
                promos += (to & PAWNS[us].promotes).len();
            } else {
                n += count_plain_pawn(cells, &empty, &ctx.capturable, us, c);
            }
        });
        if promos > 0 {
            // Each promoting target is one move per claimable piece (one if none).
            n += promos * (self.claims(ctx.army).len().max(1) as u32 - 1);
        }
        each_index(&of(Role::Knight), |c| {
            n += pinned(c, KNIGHT_ATTACKS[c] & ctx.targets).len();
        });
        for role in [Role::Bishop, Role::Rook, Role::Queen, Role::Amazon] {
            each_index(&of(role), |c| {
                n += pinned(c, slider_reach(c, role, &self.occupied) & ctx.targets).len();
            });
        }
        n as usize
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
#[inline]
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
