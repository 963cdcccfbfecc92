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
//! [`Context::replacing`]) are judged apart: out of check the pin mask has judged all but the
//! new piece, whose attack on the king is tested; in check the attackers are recomputed with
//! the victim taken and the waiting pawn as the piece it becomes.

use crate::board::{
    bishop_attacks, each_index, pent_bits, rook_attacks, sideboard_bits, sideboard_set, CastleSide,
    Cell, CellSet, Color, PawnCells, Piece, RayList, Role, ARMIES, BISHOP_FIRST_STEPS, BISHOP_RAYS,
    BISHOP_REACH, KING_ATTACKS, KNIGHT_ATTACKS, PAWNS, PAWN_ATTACKERS_ANY, PAWN_CELLS, RAYS,
    ROOK_FIRST_STEPS, ROOK_RAYS, ROOK_REACH,
};
use crate::elimination::ALL_CELLS;
use crate::moves::{Move, MoveList};
use crate::position::{Choices, Position};
use crate::setup::Layout;

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
fn push_moves(list: &mut MoveList, from: usize, to: CellSet) {
    let from = Cell::at(from);
    each_index(&to, |t| {
        list.push(Move::Normal {
            from,
            to: Cell::at(t),
            promotion: None,
        })
    });
}

/// Whether a piece of the power role `role` (knight, bishop, rook, queen or Amazon) on `from`
/// attacks `cell` when the occupancy is `occupied`.
fn piece_attacks(role: Role, from: usize, cell: usize, occupied: &CellSet) -> bool {
    let leaps = matches!(role, Role::Knight | Role::Amazon) && KNIGHT_ATTACKS[from].has(cell);
    let rook_lines = matches!(role, Role::Rook | Role::Queen | Role::Amazon)
        && ROOK_REACH[from].has(cell)
        && rook_attacks(from, occupied).has(cell);
    let bishop_lines = matches!(role, Role::Bishop | Role::Queen | Role::Amazon)
        && BISHOP_REACH[from].has(cell)
        && bishop_attacks(from, occupied).has(cell);
    leaps || rook_lines || bishop_lines
}

/// The moves of army `us`'s pawns on its own sideboard whose bits ([`sideboard_bits`]) are
/// `pawns` (unpinned ones), counted rank-wise as in chess: steps and captures into rank 3 by
/// shifting rank 2, then the steps, double steps and captures onto the pents (rank 4).
#[inline(always)]
fn count_sideboard_pawns(us: usize, pawns: u32, empty: &CellSet, capturable: &CellSet) -> u32 {
    const RANK: u32 = 0xFF;
    if pawns == 0 {
        return 0;
    }
    // Pawns never stand on their first rank.
    let (rank2, rank3) = ((pawns >> 8) & RANK, pawns >> 16);
    let empty3 = sideboard_bits(empty, us) >> 16;
    let capturable3 = sideboard_bits(capturable, us) >> 16;
    let stepping = rank2 & empty3;
    let mut n = stepping.count_ones()
        + ((rank2 << 1) & RANK & capturable3).count_ones()
        + ((rank2 >> 1) & capturable3).count_ones();
    if stepping | rank3 != 0 {
        let empty4 = pent_bits(empty, us);
        n += (stepping & empty4).count_ones() + (rank3 & empty4).count_ones();
        if rank3 != 0 {
            let capturable4 = pent_bits(capturable, us);
            n += ((rank3 << 1) & RANK & capturable4).count_ones()
                + ((rank3 >> 1) & capturable4).count_ones();
        }
    }
    n
}

/// The sideboard bits ([`sideboard_bits`]) of the squares from which a pawn captures on the
/// rank-3 squares `rank3` or the pents `rank4` (bits `file − 1`) of its own sideboard.
#[inline]
fn sideboard_pawns_capturing(rank3: u32, rank4: u32) -> u32 {
    let neighbours = |files: u32| ((files << 1) | (files >> 1)) & 0xFF;
    neighbours(rank3) << 8 | neighbours(rank4) << 16
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
static CASTLE_PATHS: [[[CastlePath; 2]; ARMIES]; 2] = [
    castle_paths(Layout::QueenLeft),
    castle_paths(Layout::QueenRight),
];

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
        let rooks = (br[Role::Rook.index()] | queens) & ctx.hostile;
        if ROOK_REACH[k].intersects(&rooks) {
            self.line_checks_and_pins(ctx, &ROOK_RAYS[k], &rooks);
        }
        let bishops = (br[Role::Bishop.index()] | queens) & ctx.hostile;
        if BISHOP_REACH[k].intersects(&bishops) {
            self.line_checks_and_pins(ctx, &BISHOP_RAYS[k], &bishops);
        }
    }

    /// [`Position::slider_checks_and_pins`] along the king's rays `list` of one kind, with the
    /// hostile sliders of that kind.
    fn line_checks_and_pins(&self, ctx: &mut Context, list: &RayList, sliders: &CellSet) {
        let k = ctx.king;
        let own = &self.by_color[ctx.army.index()];
        for ray in &list.rays[..list.len as usize] {
            let line = &RAYS[k][ray.slot as usize];
            if !line.intersects(sliders) {
                continue;
            }
            let blockers = *line & self.occupied;
            let Some(b1) = nearest(&blockers, ray.ascending) else {
                continue;
            };
            if sliders.has(b1) {
                ctx.checkers = ctx.checkers.with(b1);
                ctx.allowed |= *line - RAYS[b1][ray.slot as usize];
            } else if own.has(b1) {
                if let Some(b2) = nearest(&blockers.without(b1), ray.ascending) {
                    if sliders.has(b2) {
                        ctx.pins.add(b1, ray.slot, b2);
                    }
                }
            }
        }
    }

    /// Whether the capture `from` → `to` of a piece in [`Context::replacing`] leaves the
    /// mover's king safe once the victim's army's oldest waiting pawn has become the lost piece.
    fn safe_after_replacement(&self, ctx: &Context, from: usize, to: usize) -> bool {
        let victim = Piece::from_code(self.mailbox[to]);
        let Some(pawn) = self.waiting[victim.color.index()].oldest() else {
            return true;
        };
        let king = if from == ctx.king { to } else { ctx.king };
        let occupied = self.occupied.without(from);
        // The men as they stand, the victim taken and the waiting pawn left out; then the
        // waiting pawn as the piece it becomes.
        let others = self
            .attackers(
                king,
                &occupied,
                &ctx.hostile.without(to),
                ctx.hostile_armies,
            )
            .without(pawn);
        others.is_empty() && !piece_attacks(victim.role, pawn, king, &occupied)
    }

    /// The legal part of the pseudo-legal targets `pseudo` of the (non-king) piece on `from`.
    #[inline(always)]
    fn legal_targets(&self, ctx: &Context, from: usize, pseudo: CellSet) -> CellSet {
        self.unpinned_targets(ctx, from, pseudo & ctx.allowed, &pseudo)
    }

    /// The targets `to` of the piece on `from` (not in check) that its pin allows; when
    /// `REPLACING`, also the captures that turn a waiting pawn into a piece, judged one by one.
    #[inline(always)]
    fn pin_cut<const REPLACING: bool>(&self, ctx: &Context, from: usize, to: CellSet) -> CellSet {
        if REPLACING {
            self.unpinned_targets(ctx, from, to, &to)
        } else if ctx.pins.pinned.has(from) {
            to & ctx.pins.mask(ctx.king, from)
        } else {
            to
        }
    }

    /// The targets in `masked` (the pseudo-legal targets `pseudo` of the piece on `from`, masked
    /// by the checks) that its pin allows, and the captures in `pseudo` that turn a waiting
    /// pawn into a piece and leave the king safe (such a capture may also end a check).
    #[inline(always)]
    fn unpinned_targets(
        &self,
        ctx: &Context,
        from: usize,
        masked: CellSet,
        pseudo: &CellSet,
    ) -> CellSet {
        let mut legal = masked;
        if ctx.pins.pinned.has(from) {
            legal &= ctx.pins.mask(ctx.king, from);
        }
        if ctx.any_replacing && pseudo.intersects(&ctx.replacing) {
            legal = self.judge_replacements(ctx, from, legal, pseudo);
        }
        legal
    }

    /// `legal` with the captures in `pseudo` that turn a waiting pawn into a piece judged
    /// exactly (rare: out of line). Out of check, the pin already judged everything but the new
    /// piece: only its attack on the king, with `from` left empty, is tested.
    #[cold]
    #[inline(never)]
    fn judge_replacements(
        &self,
        ctx: &Context,
        from: usize,
        legal: CellSet,
        pseudo: &CellSet,
    ) -> CellSet {
        let special = *pseudo & ctx.replacing;
        let mut judged = legal - special;
        if ctx.checkers.is_empty() {
            let lifted = self.occupied.without(from);
            each_index(&(special & legal), |t| {
                if !self.replacement_attacks(ctx.king, t, &lifted) {
                    judged = judged.with(t);
                }
            });
        } else {
            each_index(&special, |t| {
                if self.safe_after_replacement(ctx, from, t) {
                    judged = judged.with(t);
                }
            });
        }
        judged
    }

    /// Whether the piece that a capture on `victim`'s cell makes of its army's oldest waiting
    /// pawn attacks `king`, with the occupancy `occupied`.
    fn replacement_attacks(&self, king: usize, victim: usize, occupied: &CellSet) -> bool {
        let piece = Piece::from_code(self.mailbox[victim]);
        match self.waiting[piece.color.index()].oldest() {
            Some(pawn) => piece_attacks(piece.role, pawn, king, occupied),
            None => false,
        }
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
        if !slider_first_steps(c, role).intersects(&ctx.targets) {
            // Every ray blocked at once by a man it cannot take.
            return true;
        }
        let reach = slider_reach(c, role, &self.occupied);
        let to = self.legal_targets(ctx, c, reach & ctx.targets);
        emit(f, Piece::new(ctx.army, role), c, to, MovesKind::Normal)
    }

    fn king_moves(&self, ctx: &Context, f: &mut impl FnMut(PieceMoves) -> bool) -> Flow {
        let k = ctx.king;
        let lifted = self.occupied.without(k);
        let steps = KING_ATTACKS[k] & ctx.targets;
        let plain = steps - ctx.replacing;
        // An attacker test per step costs about as much as the attacks of two hostile men, so a
        // king with many steps and few hostile men around (endgames, relocated kings) subtracts
        // the hostile attacks at once.
        let mut to = if plain.is_empty() {
            plain
        } else if 2 * plain.len() >= ctx.hostile.len() {
            plain - self.attacks_on_zone(&plain, &lifted, &ctx.hostile, ctx.hostile_armies)
        } else {
            let mut safe = CellSet::EMPTY;
            each_index(&plain, |t| {
                if self
                    .attackers(t, &lifted, &ctx.hostile, ctx.hostile_armies)
                    .is_empty()
                {
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
    fn castling_moves(&self, ctx: &Context, f: &mut impl FnMut(PieceMoves) -> bool) -> Flow {
        let us = ctx.army.index();
        if !ctx.checkers.is_empty() || self.castling[us] == 0 {
            return true;
        }
        let mut rooks = CellSet::EMPTY;
        let home = sideboard_bits(&self.occupied, us);
        for (castle, path) in CastleSide::BOTH
            .iter()
            .zip(&CASTLE_PATHS[self.layout as usize][us])
        {
            if self.castling[us] & castle.bit() == 0 || home & path.between != 0 {
                continue;
            }
            let safe = path.king_cells.iter().all(|&c| {
                self.attackers(c as usize, &self.occupied, &ctx.hostile, ctx.hostile_armies)
                    .is_empty()
            });
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

    /// Writes the legal moves into `list` (cleared first), in the order of
    /// [`Position::for_each_piece_moves`].
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        if self.one_team_left() {
            return;
        }
        self.with_context(|ctx| {
            if ctx.checkers.is_empty() {
                // The usual case: the pieces' targets written straight into the list.
                // Compiled twice, as the count.
                if ctx.any_replacing {
                    self.list_pieces_replacing(ctx, list);
                } else {
                    self.list_pieces_unchecked::<false>(ctx, list);
                }
                let mut push = |pm: PieceMoves| {
                    pm.for_each_move(|m| list.push(m));
                    true
                };
                self.king_moves(ctx, &mut push);
                self.castling_moves(ctx, &mut push);
            } else {
                self.normal_moves(ctx, &mut |pm| {
                    pm.for_each_move(|m| list.push(m));
                    true
                });
            }
            if list.is_empty() && ctx.checkers.is_empty() {
                self.relocations(&mut |pm| {
                    pm.for_each_move(|m| list.push(m));
                    true
                });
            }
        });
    }

    /// The moves of the pieces other than the king, into `list`, when the army to move is not
    /// in check: the targets masked by pins alone (captures that turn a waiting pawn into a
    /// piece judged one by one, when `REPLACING`), without batches (a pawn that may promote goes
    /// through its batches).
    #[inline(always)]
    fn list_pieces_unchecked<const REPLACING: bool>(&self, ctx: &Context, list: &mut MoveList) {
        let us = ctx.army.index();
        let own = self.by_color[us];
        let of = |role: Role| own & self.by_role[role.index()];
        let pinned = |c: usize, to: CellSet| self.pin_cut::<REPLACING>(ctx, c, to);
        let eve = &PAWN_CELLS[us].eve;
        each_index(&of(Role::Pawn), |c| {
            if eve.has(c) {
                self.pawn_moves(ctx, c, &mut |pm| {
                    pm.for_each_move(|m| list.push(m));
                    true
                });
            } else {
                push_moves(list, c, pinned(c, self.pawn_pseudo(ctx, c)));
            }
        });
        each_index(&of(Role::Knight), |c| {
            push_moves(list, c, pinned(c, KNIGHT_ATTACKS[c] & ctx.targets));
        });
        for role in [Role::Bishop, Role::Rook, Role::Queen, Role::Amazon] {
            each_index(&of(role), |c| {
                if slider_first_steps(c, role).intersects(&ctx.targets) {
                    let reach = slider_reach(c, role, &self.occupied);
                    push_moves(list, c, pinned(c, reach & ctx.targets));
                }
            });
        }
    }

    /// [`Position::list_pieces_unchecked`] when a capture may turn a waiting pawn into a piece
    /// (out of line, so that the usual case stays compact).
    #[inline(never)]
    fn list_pieces_replacing(&self, ctx: &Context, list: &mut MoveList) {
        self.list_pieces_unchecked::<true>(ctx, list);
    }

    /// The number of legal moves (a popcount per batch; without batches when not in check, the
    /// usual case).
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
            if ctx.checkers.is_empty() {
                self.king_moves(ctx, &mut add);
                self.castling_moves(ctx, &mut add);
                // Compiled twice, so that the usual case tests no waiting pawns per piece.
                n += if ctx.any_replacing {
                    self.count_pieces_replacing(ctx)
                } else {
                    self.count_pieces_unchecked::<false>(ctx)
                };
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
    /// in check: the targets masked by pins alone (captures that turn a waiting pawn into a
    /// piece judged one by one, when `REPLACING`), counted by popcounts.
    #[inline(always)]
    fn count_pieces_unchecked<const REPLACING: bool>(&self, ctx: &Context) -> usize {
        let us = ctx.army.index();
        let own = self.by_color[us];
        let of = |role: Role| own & self.by_role[role.index()];
        let pinned = |c: usize, to: CellSet| self.pin_cut::<REPLACING>(ctx, c, to);
        let mut n = 0;
        let mut promos = 0;
        let cells = &PAWN_CELLS[us];
        let empty = ALL_CELLS - self.occupied;
        // Pawns on their own sideboard rank-wise, unless pinned or capturing where a waiting
        // pawn would be replaced; the others one by one.
        let mut pawns = of(Role::Pawn);
        let mut exact = sideboard_bits(&ctx.pins.pinned, us);
        if REPLACING {
            let rank3 = sideboard_bits(&ctx.replacing, us) >> 16;
            exact |= sideboard_pawns_capturing(rank3, pent_bits(&ctx.replacing, us));
        }
        let on_squares = sideboard_bits(&pawns, us) & !exact;
        n += count_sideboard_pawns(us, on_squares, &empty, &ctx.capturable);
        pawns -= sideboard_set(on_squares, us);
        each_index(&pawns, |c| {
            let replaces = REPLACING && PAWNS[us].capture[c].intersects(&ctx.replacing);
            if ctx.pins.pinned.has(c) || cells.eve.has(c) || replaces {
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
        // A queen moves as a rook and as a bishop, an Amazon as both and as a knight, and the
        // three kinds of targets of a cell never meet (a board test): each part is counted in
        // the loop of its kind.
        let amazons = of(Role::Amazon);
        let queens = of(Role::Queen) | amazons;
        each_index(&(of(Role::Knight) | amazons), |c| {
            n += pinned(c, KNIGHT_ATTACKS[c] & ctx.targets).len();
        });
        // A slider whose every first step is blocked by a man it cannot take has no move
        // (common while the armies are at home): its rays are not walked.
        each_index(&(of(Role::Rook) | queens), |c| {
            if ROOK_FIRST_STEPS[c].intersects(&ctx.targets) {
                n += pinned(c, rook_attacks(c, &self.occupied) & ctx.targets).len();
            }
        });
        each_index(&(of(Role::Bishop) | queens), |c| {
            if BISHOP_FIRST_STEPS[c].intersects(&ctx.targets) {
                n += pinned(c, bishop_attacks(c, &self.occupied) & ctx.targets).len();
            }
        });
        n as usize
    }

    /// [`Position::count_pieces_unchecked`] when a capture may turn a waiting pawn into a piece
    /// (out of line, so that the usual case stays compact).
    #[inline(never)]
    fn count_pieces_replacing(&self, ctx: &Context) -> usize {
        self.count_pieces_unchecked::<true>(ctx)
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
