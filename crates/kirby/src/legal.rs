//! The legality of targets without make/unmake: the check and pin masks of the army to move,
//! built once per node ([`Context`]), and the captures that turn a waiting pawn into a piece,
//! judged apart (the move generator's module docs say how).

mod king_steps;

pub(crate) use king_steps::KingSteps;

use crate::cells::{each_index, CellSet, ALL_CELLS};
use crate::men::{Color, Piece, Role};
use crate::position::Position;
use crate::tables::{
    bishop_attacks, rook_attacks, slider_hits, RayList, BISHOP_RAYS, BISHOP_REACH, KING_ATTACKS,
    KNIGHT_ATTACKS, PAWNS, PAWN_ATTACKERS_ANY, RAYS, ROOK_RAYS, ROOK_REACH,
};

/// The most pins: one per slider ray from the king (eight rook-type and eight bishop-type).
const MAX_PINS: usize = 16;

/// The pinned pieces of the army to move. A pin is kept as (pinned cell, ray slot from the king,
/// pinner's cell); its line is computed only when the pinned piece moves (rare), so the context
/// stays small and cheap to build.
pub(crate) struct Pins {
    pub(crate) cells: [u16; MAX_PINS],
    pub(crate) slots: [u8; MAX_PINS],
    pub(crate) pinners: [u16; MAX_PINS],
    pub(crate) len: usize,
    pub(crate) pinned: CellSet,
}

impl Pins {
    /// The cells the piece on `cell` may move to without exposing its king on `king`.
    #[inline]
    pub(crate) fn mask(&self, king: usize, cell: usize) -> CellSet {
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

/// The live hostile men by the way they attack, gathered once per node for the check search
/// and the attack tests of single cells (king steps, castling).
pub(crate) struct HostileMen {
    /// Knights and Amazons (their leaps).
    pub(crate) leapers: CellSet,
    /// Rooks, queens and Amazons (rook lines).
    pub(crate) rooks: CellSet,
    /// Bishops, queens and Amazons (bishop lines).
    pub(crate) bishops: CellSet,
    /// Pawns.
    pub(crate) pawns: CellSet,
    /// Kings.
    pub(crate) kings: CellSet,
}

/// What every piece's generation needs: the sides, the targets, the check and pin masks.
pub(crate) struct Context {
    pub(crate) army: Color,
    pub(crate) king: usize,
    pub(crate) hostile: CellSet,
    pub(crate) hostile_armies: u8,
    /// The men of `hostile` by the way they attack.
    pub(crate) men: HostileMen,
    /// Cells a move may land on: empty, or a hostile or dead piece that is not a king.
    pub(crate) targets: CellSet,
    pub(crate) checkers: CellSet,
    pub(crate) pins: Pins,
    /// The cells of power pieces of live hostile armies that have waiting pawns: capturing
    /// there turns a waiting pawn into a piece, so these captures are judged exactly.
    pub(crate) replacing: CellSet,
    /// Whether `replacing` has a cell.
    pub(crate) any_replacing: bool,
    /// Where a piece other than the king may go as far as checks allow: anywhere when not in
    /// check, in single check the checker and the cells between it and the king, nowhere in
    /// double check. (While the context is built: the checkers and the cells between.)
    pub(crate) allowed: CellSet,
    /// The cells a capture may land on.
    pub(crate) capturable: CellSet,
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

impl Position {
    /// Calls `f` with the context of the army to move. The context is built in this frame and
    /// lent: returned by value it was copied (a `memcpy` call per position).
    #[inline(always)]
    pub(crate) fn with_context<R>(&self, f: impl FnOnce(&Context) -> R) -> R {
        self.with_context_of(self.turn, f)
    }

    /// [`Position::with_context`] for `army` as if it were to move (perft takes the next army's
    /// count one ply early, module `count::standing`).
    #[inline(always)]
    pub(crate) fn with_context_of<R>(&self, army: Color, f: impl FnOnce(&Context) -> R) -> R {
        let us = army.index();
        let hostile_armies = self.hostile_armies(us);
        let mut hostile = CellSet::EMPTY;
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
        let friends = self.friends_of(us);
        let targets = ALL_CELLS - (friends | self.by_role[Role::King.index()]);
        let men = self.hostile_men(&hostile);
        let mut ctx = Context {
            army,
            king: self.kings[us] as usize,
            hostile,
            hostile_armies,
            men,
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

    /// The men of `hostile` by the way they attack.
    #[inline(always)]
    pub(crate) fn hostile_men(&self, hostile: &CellSet) -> HostileMen {
        let br = &self.by_role;
        let queens = br[Role::Queen.index()] | br[Role::Amazon.index()];
        HostileMen {
            leapers: (br[Role::Knight.index()] | br[Role::Amazon.index()]) & *hostile,
            rooks: (br[Role::Rook.index()] | queens) & *hostile,
            bishops: (br[Role::Bishop.index()] | queens) & *hostile,
            pawns: br[Role::Pawn.index()] & *hostile,
            kings: br[Role::King.index()] & *hostile,
        }
    }

    /// The men of the live armies of `army`'s team, itself included: the cells its men never
    /// land on (with the kings).
    #[inline(always)]
    pub(crate) fn friends_of(&self, army: usize) -> CellSet {
        let mut friends = CellSet::EMPTY;
        let mut armies = self.alive & !self.hostile_armies(army);
        while armies != 0 {
            friends |= self.by_color[armies.trailing_zeros() as usize];
            armies &= armies - 1;
        }
        friends
    }

    /// Checks by knights, Amazons' leaps, kings and pawns.
    fn leaper_checks(&self, ctx: &mut Context) {
        let k = ctx.king;
        let men = &ctx.men;
        let mut checkers = (KNIGHT_ATTACKS[k] & men.leapers) | (KING_ATTACKS[k] & men.kings);
        if PAWN_ATTACKERS_ANY[k].intersects(&men.pawns) {
            let mut armies = ctx.hostile_armies;
            while armies != 0 {
                let a = armies.trailing_zeros() as usize;
                checkers |= PAWNS[a].attackers[k] & men.pawns & self.by_color[a];
                armies &= armies - 1;
            }
        }
        ctx.checkers = checkers;
        ctx.allowed = checkers;
    }

    /// Checks and pins by sliders: along each ray from the king, a hostile slider of the ray's
    /// kind as the nearest blocker checks; behind one own piece, it pins that piece.
    fn slider_checks_and_pins(&self, ctx: &mut Context) {
        let k = ctx.king;
        let (rooks, bishops) = (ctx.men.rooks, ctx.men.bishops);
        if ROOK_REACH[k].intersects(&rooks) {
            self.line_checks_and_pins(ctx, &ROOK_RAYS[k], &rooks);
        }
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

    /// Whether a live hostile man attacks `cell` when the occupancy is `occupied` (the king
    /// lifted off for its own steps): the test of one cell, stopping at the first attacker
    /// found and gathering none.
    #[inline]
    pub(crate) fn is_attacked(&self, ctx: &Context, cell: usize, occupied: &CellSet) -> bool {
        self.is_attacked_by(&ctx.men, ctx.hostile_armies, cell, occupied)
    }

    /// [`Position::is_attacked`] by the men `men` of the armies in the bit mask
    /// `hostile_armies`.
    #[inline]
    pub(crate) fn is_attacked_by(
        &self,
        men: &HostileMen,
        hostile_armies: u8,
        cell: usize,
        occupied: &CellSet,
    ) -> bool {
        if KNIGHT_ATTACKS[cell].intersects(&men.leapers)
            || KING_ATTACKS[cell].intersects(&men.kings)
        {
            return true;
        }
        if PAWN_ATTACKERS_ANY[cell].intersects(&men.pawns) {
            let mut armies = hostile_armies;
            while armies != 0 {
                let a = armies.trailing_zeros() as usize;
                if PAWNS[a].attackers[cell].intersects(&(men.pawns & self.by_color[a])) {
                    return true;
                }
                armies &= armies - 1;
            }
        }
        (ROOK_REACH[cell].intersects(&men.rooks)
            && slider_hits(cell, &ROOK_RAYS[cell], occupied, &men.rooks))
            || (BISHOP_REACH[cell].intersects(&men.bishops)
                && slider_hits(cell, &BISHOP_RAYS[cell], occupied, &men.bishops))
    }

    /// Whether the capture `from` → `to` of a piece in [`Context::replacing`] leaves the
    /// mover's king safe once the victim's army's oldest waiting pawn has become the lost piece.
    pub(crate) fn safe_after_replacement(&self, ctx: &Context, from: usize, to: usize) -> bool {
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
    pub(crate) fn legal_targets(&self, ctx: &Context, from: usize, pseudo: CellSet) -> CellSet {
        self.unpinned_targets(ctx, from, pseudo & ctx.allowed, &pseudo)
    }

    /// The targets `to` of the piece on `from` (not in check) that its pin allows; when
    /// `REPLACING`, also the captures that turn a waiting pawn into a piece, judged one by one.
    #[inline(always)]
    pub(crate) fn pin_cut<const REPLACING: bool>(
        &self,
        ctx: &Context,
        from: usize,
        to: CellSet,
    ) -> CellSet {
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
}
