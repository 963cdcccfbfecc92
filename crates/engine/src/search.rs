//! The search: iterative deepening, principal-variation alpha-beta with a quiescence search on
//! captures, over the generic trait.
//!
//! Positions are copied and played (`clone` + `play_unchecked`); every node lists its legal moves
//! into a `V::MoveList` on the stack. Everything else a node needs (ordering scores, killers,
//! history, the principal variations, the path's hashes) is allocated once per search, and the
//! transposition table once per engine, so the hot loop allocates nothing.
//!
//! **Teams (Kirby).** A node's score is from the view of the side to move's *coalition*: the root
//! army's team, or the coalition of all other armies (a paranoid search: every army outside the
//! root's team is assumed to play against it). Between two plies of the same coalition the window
//! passes unchanged; between coalitions it is negated, as in negamax. With two armies this is
//! plain negamax.
//!
//! **Repetitions.** A position that occurred before, in the game since its last irreversible
//! move or on the search path, scores as a draw, worth `-contempt` to the root team (with more
//! than two armies, a level standing less the contempt: see [`Options::contempt`]). Compared as
//! [`Game`] does (see [`crate::repetition`]): by hash, and the first position after the last
//! zeroing move by the rules too.
//!
//! **Multi-PV.** The root keeps the `k` best moves exact: a move is searched with a null window
//! at the `k`-th best score found so far in the iteration, and searched again with an open
//! window when it beats it. With `k = 1` this is the usual principal-variation search.
//!
//! **Limits.** Nodes are counted exactly (a node limit gives the same search on any machine);
//! the clock and the stop flag are read every 256 nodes. Past a limit the search unwinds at once
//! and the deepest finished iteration answers (or the partial one's best move, when the previous
//! best move was searched first and a later move beat it: on its null window is enough, its
//! full-window search may be unfinished). A proved mate ends the iterations only when it is a
//! mate with the next move: a longer one may hide a shorter one behind reductions. With a clock no iteration starts
//! after 60 % of the move's budget; with a move time alone the search goes on to its end (see
//! `Limits::soft_budget`).

use std::sync::Arc;
use std::time::Instant;

use hexvar_geometry::{
    CellBits, DenseCell, Game, Variant, VariantColor, VariantOutcome, VariantPiece, VariantRole,
};

use crate::engine::{Info, Levers, Line, Options, Score, SearchResult, WIDE_BOARD_CELLS};
use crate::eval::{Activity, Evaluator, Kings, Material};
use crate::exchange::{self, Counting};
use crate::knowledge::{knowledge, Knowledge};
use crate::ordering::{
    Keys, HISTORY_MAX, KEY_CAPTURE, KEY_HASH_MOVE, KEY_KILLER, KEY_LOSING_CAPTURE, KEY_SKIP,
};
use crate::repetition::{repeats, Window};
use crate::tt::{Bound, Entry, Table};
use crate::{Limits, MATE, MAX_DEPTH, MAX_PLY};

mod best_reply;

/// The most plies of quiescence below a main-search leaf.
const QUIESCENCE_PLIES: u32 = 8;
/// The quiescence plies in which a side in check searches all its moves.
const EVASION_PLIES: u32 = 2;
/// Above every score.
const INFINITY: i32 = MATE + 1;
/// Scores beyond this are mates.
const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// A capture's victim must be able to lift the standing score to within this of alpha.
const DELTA_MARGIN: i32 = 150;
/// Null-move pruning: the shallowest node that passes, and the plies the pass's search is
/// reduced by beyond the pass itself (one more every six plies left).
const NULL_MIN_DEPTH: i32 = 3;
const NULL_REDUCTION: i32 = 2;
/// Reverse futility: the deepest node whose static score may cut, and the margin a ply.
const FUTILITY_DEPTH: i32 = 3;
const FUTILITY_MARGIN: i32 = 120;
/// Late move pruning: the deepest node that prunes, and the quiet moves searched before it
/// does (`LMP_BASE + 2·depth²`).
const LMP_DEPTH: i32 = 3;
const LMP_BASE: usize = 3;
/// The depths and move indices the reduction table covers (beyond, the last entry).
const REDUCTION_TABLE: usize = 64;
/// Aspiration windows: the shallowest iteration searched within a window around the last
/// one's score, the window's first half-width, and the half-width past which a side opens.
const ASPIRATION_DEPTH: i32 = 4;
const ASPIRATION_WINDOW: i32 = 35;
const ASPIRATION_MAX: i32 = 500;
/// The most the automatic contempt moves the draw's score away from a level standing.
const MAX_AUTO_CONTEMPT: i32 = 100;

/// A root move and what the search knows of it.
#[derive(Clone, Debug)]
struct RootMove<M> {
    mv: M,
    /// Its score in the latest iteration that searched it (a bound when it failed low).
    score: i32,
    /// Its principal variation, itself first.
    pv: Vec<M>,
    /// Searched in the current iteration.
    fresh: bool,
}

/// The search of one position: see the module page.
pub(crate) fn run<V: Variant>(
    table: &mut Table<V::Move>,
    options: &Options,
    game: &Game<V>,
    limits: &Limits,
    on_info: &mut dyn FnMut(&Info<V::Move>),
) -> SearchResult<V::Move> {
    let started = Instant::now();
    let pos = game.position();
    let mut moves = V::MoveList::default();
    pos.legal_moves_into(&mut moves);
    if let Some(score) = finished_game_score(game, moves.is_empty()) {
        return SearchResult {
            best: None,
            score: Score::from_internal(score),
            lines: Vec::new(),
            depth: 0,
            seldepth: 0,
            nodes: 0,
        };
    }
    let max_depth = if moves.len() == 1 {
        1
    } else {
        limits.max_depth()
    };
    let soft = limits.soft_budget().and_then(|b| started.checked_add(b));
    let mut s = Searcher::new(game, table, options, limits, started);
    let window_start = game.position_at(game.ply() - game.plies_since_zeroing());
    let window = Window {
        start: &window_start,
        index: 0,
    };
    s.root_moves = moves
        .iter()
        .map(|&mv| RootMove {
            mv,
            score: -INFINITY,
            pv: vec![mv],
            fresh: false,
        })
        .collect();
    s.order_root(pos);
    let mut depth_done = 0;
    for depth in 1..=max_depth {
        s.iterate(pos, depth as i32, window);
        if s.aborted {
            break;
        }
        depth_done = depth;
        s.report(depth, on_info);
        if soft.is_some_and(|t| Instant::now() >= t) {
            break;
        }
        // A mate proved within the horizon may hide a shorter one (late moves are searched
        // shallower, or not at all), so the iterations go on while the limits allow; only a
        // mate with the next move, than which none is shorter, ends them.
        if s.root_moves[0].score >= MATE - 1 {
            break;
        }
    }
    let lines = s.lines();
    SearchResult {
        best: Some(s.root_moves[0].mv),
        score: lines[0].score,
        lines,
        depth: depth_done,
        seldepth: s.seldepth as u32,
        nodes: s.nodes,
    }
}

/// The score of a game that is over, from the view of its side to move; `None` while it goes on.
fn finished_game_score<V: Variant>(game: &Game<V>, no_moves: bool) -> Option<i32> {
    let pos = game.position();
    match game.outcome() {
        Some(outcome) if outcome.is_draw() => Some(0),
        Some(outcome) if outcome.is_win_for(pos.turn()) => Some(MATE),
        Some(_) => Some(-MATE),
        None => no_moves.then_some(0),
    }
}

/// The hashes of the game's positions since its last irreversible move, the current one last:
/// the positions a repetition can return to.
fn repeatable_history<V: Variant>(game: &Game<V>) -> Vec<u64> {
    let since = &game.hashes()[game.ply() - game.plies_since_zeroing()..];
    let mut path = Vec::with_capacity(since.len() + MAX_PLY);
    path.extend_from_slice(since);
    path
}

struct Searcher<'a, V: Variant> {
    k: Arc<Knowledge>,
    eval: Evaluator,
    tt: &'a mut Table<V::Move>,
    limits: &'a Limits,
    killers: Vec<[Option<V::Move>; 2]>,
    /// `[(color * (roles + 1) + role) * cells + to]`, role `roles` for drops.
    history: Vec<i32>,
    /// The hashes of the game's positions since its last irreversible move, then of the search
    /// path; the last is the current node's.
    path: Vec<u64>,
    /// Ordering keys per ply, reused.
    keys: Vec<Keys>,
    /// The men's sums of the position at each ply of the path (see [`Material`]), each node's
    /// made from its parent's as the search enters it.
    sums: Vec<Material>,
    /// The principal variation found below each ply, reused.
    pv: Vec<Vec<V::Move>>,
    root_moves: Vec<RootMove<V::Move>>,
    multi_pv: usize,
    levers: Levers,
    started: Instant,
    deadline: Option<Instant>,
    node_limit: u64,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    /// The draw's value to the root team, negated.
    contempt: i32,
    /// `[depth * REDUCTION_TABLE + index]`: the logarithmic late move reduction
    /// ([`Levers::log_reductions`]).
    reductions: Vec<u8>,
}

impl<'a, V: Variant> Searcher<'a, V> {
    fn new(
        game: &Game<V>,
        tt: &'a mut Table<V::Move>,
        options: &Options,
        limits: &'a Limits,
        started: Instant,
    ) -> Searcher<'a, V> {
        let k = knowledge::<V>();
        let pos = game.position();
        let root = pos.turn();
        let root_team = V::Color::ALL
            .iter()
            .map(|&c| pos.same_team(root, c))
            .collect();
        let mut s = Searcher {
            eval: Evaluator::new(Arc::clone(&k), root_team, &options.levers),
            tt,
            limits,
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; k.colors * (k.roles + 1) * k.cells],
            path: repeatable_history(game),
            keys: vec![Keys::default(); MAX_PLY],
            sums: vec![Material::default(); MAX_PLY + 1],
            pv: vec![Vec::new(); MAX_PLY + 1],
            root_moves: Vec::new(),
            multi_pv: options.multi_pv.max(1),
            // Whether reverse futility prunes is settled once (everywhere, or on a wide
            // board), not asked at every node.
            levers: Levers {
                futility: options.levers.futility
                    || (options.levers.wide_futility && k.cells >= WIDE_BOARD_CELLS),
                ..options.levers
            },
            started,
            deadline: limits.time_budget().and_then(|b| started.checked_add(b)),
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            nodes: 0,
            seldepth: 0,
            aborted: false,
            contempt: 0,
            reductions: reduction_table(),
            k,
        };
        let mut moves = V::MoveList::default();
        pos.legal_moves_into(&mut moves);
        let kings = s.eval.kings(pos);
        let act = s.eval.activity(pos, &moves, &kings);
        s.sums[0] = s.eval.material(pos, kings.alive);
        let fixed = s
            .eval
            .evaluate(pos, &kings, &s.sums[0], &act, &Activity::default());
        // Ahead of a level standing the root team steers clear of draws (with two armies the
        // level standing is 0; with more, see `draw`).
        let level = s.eval.level(&s.sums[0]);
        let auto = ((fixed - level) / 2).clamp(0, MAX_AUTO_CONTEMPT);
        s.contempt = options.contempt + auto;
        s
    }

    /// Counts a node at `ply`; whether the search must stop.
    #[inline]
    fn poll(&mut self, ply: usize) -> bool {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        // The clock and the flag every 256 nodes (C'escacs's nodes cost up to 4 µs, so a
        // deadline is seen within about a millisecond); the node limit exactly.
        if self.nodes >= self.node_limit
            || (self.nodes & 255 == 0
                && (self.limits.stopped() || self.deadline.is_some_and(|t| Instant::now() >= t)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    #[inline]
    fn root_team(&self, color: V::Color) -> bool {
        self.eval.root_team[color.index()]
    }

    /// A root-team score turned to the view of `pos`'s side to move.
    #[inline]
    fn level_view(&self, pos: &V, score: i32) -> i32 {
        if self.root_team(pos.turn()) {
            score
        } else {
            -score
        }
    }

    /// A draw's score for the side to move of `pos`, `ply` plies from the root: a level
    /// standing less the contempt, from the root team's view. With two armies a level standing
    /// is 0; with more the evaluation counts every other army's men against the root team's,
    /// so that a level standing of three armies scores about minus one army's men, and a draw
    /// scored 0 would be worth that army to the root team (every repetition taken).
    #[inline]
    fn draw(&self, pos: &V, ply: usize) -> i32 {
        let level = self.eval.level(&self.sums[ply]);
        self.level_view(pos, level - self.contempt)
    }

    /// The score of a finished position for its side to move, `ply` plies from the root.
    fn finished(&self, pos: &V, outcome: Option<V::Outcome>, ply: usize) -> i32 {
        match outcome {
            None => self.draw(pos, ply),
            Some(o) if o.is_draw() => self.draw(pos, ply),
            Some(o) if o.is_win_for(pos.turn()) => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        }
    }

    /// The value of a man for ordering and delta pruning (0 for a dead army's body).
    #[inline]
    fn man_value(&self, piece: V::Piece, kings: &Kings) -> i32 {
        if kings.is_alive(piece.color().index()) {
            self.k.value[piece.role().index()].max(50)
        } else {
            0
        }
    }

    #[inline]
    fn history_index(&self, pos: &V, mv: V::Move) -> usize {
        let (from, to) = V::move_cells(mv);
        let role = from
            .and_then(|f| pos.piece_at(f))
            .map_or(self.k.roles, |p| p.role().index());
        (pos.turn().index() * (self.k.roles + 1) + role) * self.k.cells + to.dense_index()
    }

    /// The capture key of a move, or `None` for a quiet move: victim first, cheaper attacker
    /// first among equal victims.
    #[inline]
    fn capture_key(&self, pos: &V, mv: V::Move, kings: &Kings) -> Option<i32> {
        let victim = pos.captured(mv)?;
        let attacker = V::move_cells(mv)
            .0
            .and_then(|f| pos.piece_at(f))
            .map_or(0, |p| self.k.value[p.role().index()]);
        Some(self.man_value(victim, kings) * 16 - attacker / 8)
    }

    /// With [`Levers::quiescence_promotions`], the key of a quiet move that promotes a pawn (its
    /// man one move from promotion): as a capture of the promotion's gain (the most valuable
    /// role's value less the pawn's); `None` for any other quiet move.
    #[inline]
    fn promotion_key(&self, pos: &V, mv: V::Move) -> Option<i32> {
        if !self.levers.quiescence_promotions {
            return None;
        }
        let from = V::move_cells(mv).0?;
        let man = pos.piece_at(from)?;
        let pawn = self.k.pawn?;
        let promotes = man.role().index() == pawn
            && self
                .eval
                .race
                .promotes_next(man.color().index(), from.dense_index());
        let best = self.k.value.iter().copied().max().unwrap_or(0);
        promotes.then(|| (best - self.k.value[pawn]) * 16)
    }

    /// Whether a capture needs judging by static exchange: the lever is on and the capturing
    /// man is worth more than its victim (no other capture can lose material).
    #[inline]
    fn may_lose(&self, pos: &V, mv: V::Move, kings: &Kings) -> bool {
        self.levers.see && exchange::may_lose(pos, mv, &self.counting(kings))
    }

    /// Whether a capture loses material by static exchange.
    fn loses_exchange(&self, pos: &V, mv: V::Move, kings: &Kings) -> bool {
        exchange::see(pos, mv, &self.counting(kings)) < 0
    }

    #[inline]
    fn counting<'k>(&'k self, kings: &'k Kings) -> NodeCounting<'k> {
        NodeCounting {
            k: &self.k,
            root_team: &self.eval.root_team,
            kings,
        }
    }

    /// Orders the root moves for the first iteration: the table's move, then captures by value,
    /// the rest as listed.
    fn order_root(&mut self, pos: &V) {
        let kings = self.eval.kings(pos);
        let hash_move = self.tt.probe(pos.zobrist_hash()).and_then(|e| e.mv);
        let mut keyed: Vec<(i32, RootMove<V::Move>)> = std::mem::take(&mut self.root_moves)
            .into_iter()
            .map(|rm| {
                let key = if Some(rm.mv) == hash_move {
                    KEY_HASH_MOVE
                } else {
                    self.capture_key(pos, rm.mv, &kings)
                        .map_or(0, |k| KEY_CAPTURE + k)
                };
                (key, rm)
            })
            .collect();
        keyed.sort_by_key(|(k, _)| std::cmp::Reverse(*k));
        self.root_moves = keyed.into_iter().map(|(_, rm)| rm).collect();
    }

    /// Searches a child: the window and the score cross to the child's coalition. `inherited`:
    /// the parent's, with `zeroing` when the move to the child was a zeroing move.
    #[inline]
    #[allow(clippy::too_many_arguments)]
    fn child(
        &mut self,
        parent: &V,
        child: &V,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        inherited: Inherited<'_, V>,
    ) -> i32 {
        self.path.push(child.zobrist_hash());
        self.enter(parent, child, ply);
        let score = if self.root_team(child.turn()) == self.root_team(parent.turn()) {
            self.negamax(child, depth, alpha, beta, ply, inherited)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply, inherited)
        };
        self.path.pop();
        score
    }

    /// The men's sums of `child`, `ply` plies from the root, from those of `parent` one ply
    /// nearer.
    #[inline]
    fn enter(&mut self, parent: &V, child: &V, ply: usize) {
        self.sums[ply] = self.eval.material_after(parent, &self.sums[ply - 1], child);
    }

    /// The score a root move must beat to be among the `multi_pv` best of this iteration.
    fn root_alpha(&self) -> i32 {
        let mut fresh: Vec<i32> = self
            .root_moves
            .iter()
            .filter(|rm| rm.fresh)
            .map(|rm| rm.score)
            .collect();
        if fresh.len() < self.multi_pv {
            return -INFINITY;
        }
        fresh.sort_unstable_by(|a, b| b.cmp(a));
        fresh[self.multi_pv - 1]
    }

    /// One iteration: with [`Levers::aspiration`] (one line, from the fourth iteration, the
    /// last score not a mate) first within a window around the last iteration's score, opened
    /// on the side it failed (twice as wide each time, then fully) until the score falls inside.
    fn iterate(&mut self, pos: &V, depth: i32, window: Window<'_, V>) {
        let last = self.root_moves[0].score;
        let aspire = self.levers.aspiration
            && self.multi_pv == 1
            && depth >= ASPIRATION_DEPTH
            && last.abs() < MATE_BOUND;
        if !aspire {
            self.root(pos, depth, window, -INFINITY, INFINITY);
            return;
        }
        let mut width = ASPIRATION_WINDOW;
        let (mut low, mut high) = (last - width, last + width);
        loop {
            let fit = self.root(pos, depth, window, low, high);
            if self.aborted || fit == Fit::Inside {
                return;
            }
            width *= 2;
            let opened = width > ASPIRATION_MAX;
            match fit {
                Fit::Low if opened => low = -INFINITY,
                Fit::Low => low = last - width,
                _ if opened => high = INFINITY,
                _ => high = last + width,
            }
        }
    }

    /// One iteration at the root within `low..high`. The root moves end sorted: those searched
    /// in this iteration by their scores, then the rest (only when the iteration was cut off,
    /// or a move failed high) in their old order; when every move failed low, in their old
    /// order.
    fn root(&mut self, pos: &V, depth: i32, window: Window<'_, V>, low: i32, high: i32) -> Fit {
        let kings = self.eval.kings(pos);
        let mut moves = V::MoveList::default();
        pos.legal_moves_into(&mut moves);
        let activity = self.eval.activity(pos, &moves, &kings);
        for rm in &mut self.root_moves {
            rm.fresh = false;
        }
        let mut fit = Fit::Inside;
        for i in 0..self.root_moves.len() {
            let mv = self.root_moves[i].mv;
            let unbounded = self.root_alpha();
            let alpha = unbounded.max(low);
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let inherited = Inherited {
                activity: &activity,
                window,
                zeroing: pos.is_zeroing(mv),
                null: false,
            };
            // Among the first `multi_pv` moves, a full search at once.
            let mut score = if unbounded == -INFINITY {
                INFINITY
            } else {
                self.child(pos, &child, depth - 1, alpha, alpha + 1, 1, inherited)
            };
            // The move beat alpha on its null window: it is better than the line it would
            // displace, even if its full search is cut off below.
            let beat = unbounded != -INFINITY && score > alpha && !self.aborted;
            if score > alpha && !self.aborted {
                score = self.child(pos, &child, depth - 1, alpha, high, 1, inherited);
            }
            if self.aborted {
                if beat {
                    self.keep_unfinished(i, alpha);
                    fit = Fit::Unfinished;
                }
                break;
            }
            let rm = &mut self.root_moves[i];
            rm.score = score;
            rm.fresh = true;
            rm.pv.clear();
            rm.pv.push(mv);
            rm.pv.extend_from_slice(&self.pv[1]);
            if score >= high {
                fit = Fit::High;
                break;
            }
        }
        let best_fresh = self
            .root_moves
            .iter()
            .filter(|rm| rm.fresh)
            .map(|rm| rm.score)
            .max();
        if fit == Fit::Inside && best_fresh.is_some_and(|b| b <= low) {
            // Every score is only a bound (also when the iteration was cut off: a later move's
            // bound may lie above the first's without it being better): the old order is the
            // better guess.
            return Fit::Low;
        }
        // Stable: among equal scores the earlier (better ordered) move stays first.
        self.root_moves
            .sort_by_key(|rm| std::cmp::Reverse((rm.fresh, if rm.fresh { rm.score } else { 0 })));
        let best = &self.root_moves[0];
        if best.fresh && fit == Fit::Inside && !self.aborted {
            self.tt.store(Entry {
                key: pos.zobrist_hash(),
                mv: Some(best.mv),
                score: best.score,
                depth: depth as i16,
                bound: Bound::Exact,
                generation: 0,
            });
        }
        fit
    }

    /// The root move at `i` beat `alpha` on its null window and its full search was cut off:
    /// it is kept at `alpha + 1` (a lower bound) with itself alone as its line, so that the
    /// sort puts it above the moves it beat and a search stopped now plays it.
    fn keep_unfinished(&mut self, i: usize, alpha: i32) {
        let rm = &mut self.root_moves[i];
        rm.score = alpha + 1;
        rm.fresh = true;
        rm.pv.clear();
        rm.pv.push(rm.mv);
    }

    /// The best lines, as many as asked and there are root moves.
    fn lines(&self) -> Vec<Line<V::Move>> {
        self.root_moves
            .iter()
            .take(self.multi_pv)
            .map(|rm| Line {
                score: Score::from_internal(if rm.score == -INFINITY { 0 } else { rm.score }),
                pv: rm.pv.clone(),
            })
            .collect()
    }

    /// Reports a finished iteration, once per line.
    fn report(&self, depth: u32, on_info: &mut dyn FnMut(&Info<V::Move>)) {
        let time = self.started.elapsed();
        let nps = (self.nodes as f64 / time.as_secs_f64().max(1e-6)) as u64;
        let hashfull = self.tt.hashfull();
        for (i, line) in self.lines().into_iter().enumerate() {
            on_info(&Info {
                depth,
                seldepth: self.seldepth as u32,
                multipv: i + 1,
                line,
                nodes: self.nodes,
                nps,
                hashfull,
                time,
            });
        }
    }

    /// The table's verdict on a node: a score that settles it, or the move to try first.
    #[inline]
    fn probe(
        &self,
        hash: u64,
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Result<Option<V::Move>, i32> {
        let Some(e) = self.tt.probe(hash) else {
            return Ok(None);
        };
        if beta - alpha == 1 && i32::from(e.depth) >= depth {
            let s = from_table(e.score, ply);
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if cut {
                return Err(s);
            }
        }
        Ok(e.mv)
    }

    /// Lists a node's legal moves; its kings and activity, or the score when the game is over
    /// there. `zeroed`: the move into the node was a zeroing move.
    #[inline]
    fn expand(
        &mut self,
        pos: &V,
        ply: usize,
        zeroed: bool,
        moves: &mut V::MoveList,
    ) -> Result<(Kings, Activity), i32> {
        pos.legal_moves_into(moves);
        if moves.is_empty() {
            return Err(self.finished(pos, pos.outcome(), ply));
        }
        let kings = self.eval.kings(pos);
        if self.may_be_over(pos, &kings, zeroed) {
            if let Some(outcome) = pos.outcome() {
                return Err(self.finished(pos, Some(outcome), ply));
            }
        }
        let activity = self.eval.activity(pos, moves, &kings);
        Ok((kings, activity))
    }

    /// As [`Searcher::expand`] for a quiescence node not in check: only the moves it may search
    /// are listed ([`Evaluator::census`]), first in `moves`, and their number returned; the
    /// activity and the end of the game are those of the whole legal list.
    #[inline]
    fn expand_tactical(
        &mut self,
        pos: &V,
        ply: usize,
        zeroed: bool,
        moves: &mut V::MoveList,
    ) -> Result<(Kings, Activity, usize), i32> {
        let kings = self.eval.kings(pos);
        let promotions = self.levers.quiescence_promotions;
        let (census, activity) = self.eval.census(pos, &kings, moves, promotions);
        if census.legal == 0 {
            return Err(self.finished(pos, pos.outcome(), ply));
        }
        if self.may_be_over(pos, &kings, zeroed) {
            if let Some(outcome) = pos.outcome() {
                return Err(self.finished(pos, Some(outcome), ply));
            }
        }
        Ok((kings, activity, census.listed))
    }

    /// Whether a position whose side to move has a legal move may still be over by the rules,
    /// so that [`Variant::outcome`] (which looks for a legal move again) must be asked. Every
    /// variant here ends such a game only by a draw on the count of moves since the last
    /// capture or pawn move, by a draw of material without pawns, or (with more than two
    /// armies) when one team is left: so not after a zeroing move (the count starts again),
    /// with a pawn on the board and two coalitions alive.
    #[inline]
    fn may_be_over(&self, pos: &V, kings: &Kings, zeroed: bool) -> bool {
        let Some(pawn) = self.k.pawn else {
            return true;
        };
        let coalitions = kings.iter().fold([false; 2], |mut seen, (color, _)| {
            seen[usize::from(self.root_team(V::Color::ALL[color]))] = true;
            seen
        });
        !zeroed
            || coalitions != [true, true]
            || pos.by_role(<V::Role as VariantRole>::ALL[pawn]).is_empty()
    }

    fn negamax(
        &mut self,
        pos: &V,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        inherited: Inherited<'_, V>,
    ) -> i32 {
        self.pv[ply].clear();
        if self.poll(ply) {
            return 0;
        }
        let parent = inherited.activity;
        // A zeroing move starts a new window of repeatable positions, this one its first.
        let window = if inherited.zeroing {
            Window {
                start: pos,
                index: self.path.len() - 1,
            }
        } else {
            inherited.window
        };
        if repeats(&self.path, window, pos) {
            return self.draw(pos, ply);
        }
        // Mate-distance pruning: no line from here beats a mate already found nearer the root.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        let in_check = pos.is_check();
        let deep = ply + QUIESCENCE_PLIES as usize + 4 >= MAX_PLY;
        if in_check && !deep {
            depth += 1;
        }
        if depth <= 0 || deep {
            let zeroed = inherited.zeroing;
            return self.quiesce(pos, alpha, beta, ply, parent, zeroed, QUIESCENCE_PLIES);
        }
        let hash = pos.zobrist_hash();
        let hash_move = match self.probe(hash, depth, alpha, beta, ply) {
            Ok(mv) => mv,
            Err(score) => return score,
        };
        let mut moves = V::MoveList::default();
        let (kings, activity) = match self.expand(pos, ply, inherited.zeroing, &mut moves) {
            Ok(expanded) => expanded,
            Err(score) => return score,
        };
        let node = Node {
            depth,
            beta,
            ply,
            in_check,
            pv: beta - alpha > 1,
        };
        if beta - alpha == 1 && !in_check {
            let early = Early {
                kings: &kings,
                activity: &activity,
                parent,
                window,
                after_null: inherited.null,
            };
            if let Some(score) = self.cut_early(pos, &node, &early) {
                return score;
            }
        }
        let mut keys = std::mem::take(&mut self.keys[ply]);
        self.order(pos, &moves, hash_move, ply, &kings, &mut keys);
        let (mut best, mut best_move) = self.search_moves(
            pos, &mut moves, &mut keys, alpha, &node, &kings, &activity, window,
        );
        if !self.aborted && best < beta && self.replies_best(pos, &kings) {
            let passed = self.pass_reply(pos, &node, alpha.max(best), &activity, window);
            if let Some(score) = passed.filter(|&s| s > best) {
                (best, best_move) = (score, None);
            }
        }
        self.keys[ply] = keys;
        if self.aborted {
            return 0;
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(Entry {
            key: hash,
            mv: best_move,
            score: to_table(best, ply),
            depth: depth as i16,
            bound,
            generation: 0,
        });
        best
    }

    /// A cut-off before a null-window node's moves are searched (the node not in check), when
    /// a lever finds one: the static score beats beta by a margin that grows with the depth
    /// left ([`Levers::futility`]), or passing the turn still does in a reduced search
    /// ([`Levers::null_move`]).
    fn cut_early(&mut self, pos: &V, node: &Node, early: &Early<'_, V>) -> Option<i32> {
        let futility = self.levers.futility && node.depth <= FUTILITY_DEPTH;
        let null = self.levers.null_move && node.depth >= NULL_MIN_DEPTH && !early.after_null;
        if !(futility || null) || node.beta.abs() >= MATE_BOUND {
            return None;
        }
        let stand = self.eval.evaluate(
            pos,
            early.kings,
            &self.sums[node.ply],
            early.activity,
            early.parent,
        );
        if futility && stand - FUTILITY_MARGIN * node.depth >= node.beta {
            return Some(stand);
        }
        if !null || stand < node.beta || !self.may_pass(pos, early.kings) {
            return None;
        }
        let mut passed = pos.clone();
        if !passed.play_null() {
            return None;
        }
        let inherited = Inherited {
            activity: early.activity,
            window: early.window,
            // No repetition reaches across a pass.
            zeroing: true,
            null: true,
        };
        let depth = node.depth - 1 - NULL_REDUCTION - node.depth / 6;
        let (beta, ply) = (node.beta, node.ply + 1);
        let score = self.child(pos, &passed, depth, beta - 1, beta, ply, inherited);
        // A mate found after a pass proves nothing: the node is only known to reach beta.
        (score >= beta && !self.aborted).then_some(score.min(MATE_BOUND))
    }

    /// Whether passing is a fair test of the side to move: exactly two sides in play (with
    /// three or more armies, a pass hands the move to an army that the paranoid search may
    /// count on the side of the one that passed), the next to move on the other side, and a
    /// man other than king and pawns on the board (with king and pawns alone zugzwang is
    /// common: passing would be the best move, and the cut a lie).
    fn may_pass(&self, pos: &V, kings: &Kings) -> bool {
        if kings.alive.count_ones() != 2 {
            return false;
        }
        let mine = pos.by_color(pos.turn());
        let mut officers = mine.count();
        for role in [self.k.king, self.k.pawn].into_iter().flatten() {
            officers -= (mine & pos.by_role(<V::Role as VariantRole>::ALL[role])).count();
        }
        officers > 0
    }

    /// The ordering keys of a node's moves: the table's move, captures, killers, history.
    fn order(
        &self,
        pos: &V,
        moves: &[V::Move],
        hash_move: Option<V::Move>,
        ply: usize,
        kings: &Kings,
        keys: &mut Keys,
    ) {
        keys.clear();
        let killers = self.killers[ply];
        for &mv in moves {
            let mut unjudged = false;
            let key = if Some(mv) == hash_move {
                KEY_HASH_MOVE
            } else if let Some(k) = self.capture_key(pos, mv, kings) {
                // A capture that may lose is judged when picked (`search_moves`).
                unjudged = self.may_lose(pos, mv, kings);
                KEY_CAPTURE + k
            } else if Some(mv) == killers[0] {
                KEY_KILLER + 1
            } else if Some(mv) == killers[1] {
                KEY_KILLER
            } else {
                self.history[self.history_index(pos, mv)]
            };
            keys.push(key, unjudged);
        }
    }

    /// The move loop of a main-search node: the best score and move (the score is meaningless
    /// when the search was aborted).
    #[allow(clippy::too_many_arguments)]
    fn search_moves(
        &mut self,
        pos: &V,
        moves: &mut V::MoveList,
        keys: &mut Keys,
        mut alpha: i32,
        node: &Node,
        kings: &Kings,
        activity: &Activity,
        window: Window<'_, V>,
    ) -> (i32, Option<V::Move>) {
        let (depth, beta, ply) = (node.depth, node.beta, node.ply);
        let mut best = -INFINITY;
        let mut best_move = None;
        let best_reply = self.replies_best(pos, kings);
        for i in 0..moves.len() {
            keys.pick(moves, i, |mv, key| {
                self.loses_exchange(pos, mv, kings)
                    .then_some(key - KEY_CAPTURE + KEY_LOSING_CAPTURE)
            });
            let mv = moves[i];
            let quiet = keys.get(i) < KEY_CAPTURE && pos.captured(mv).is_none();
            let late = quiet && keys.get(i) < KEY_KILLER;
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let zeroing = pos.is_zeroing(mv) | (best_reply && self.pass_to_root(&mut child));
            let gives_check = late && child.is_check();
            if late
                && !zeroing
                && !gives_check
                && best > -MATE_BOUND
                && self.prunes_late(node, i)
                && !eliminates(pos, &child)
            {
                continue;
            }
            let inherited = Inherited {
                activity,
                window,
                zeroing,
                null: false,
            };
            let score = if i == 0 {
                self.child(pos, &child, depth - 1, alpha, beta, ply + 1, inherited)
            } else {
                let reduction = if late && !gives_check {
                    self.reduction(node, i)
                } else {
                    0
                };
                self.later_move(
                    pos,
                    &child,
                    depth - 1,
                    reduction,
                    alpha,
                    beta,
                    ply,
                    inherited,
                )
            };
            if self.aborted {
                return (0, None);
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    self.set_pv(ply, mv);
                    if score >= beta {
                        if quiet {
                            self.reward(pos, mv, ply, depth);
                            if self.levers.history_malus {
                                self.punish_earlier_quiets(pos, &moves[..i], keys.before(i), depth);
                            }
                        }
                        break;
                    }
                }
            }
        }
        (best, best_move)
    }

    /// Whether a late quiet move (no capture, killer, pawn move or check) at index `i` of a node
    /// goes unsearched ([`Levers::late_move_pruning`]).
    #[inline]
    fn prunes_late(&self, node: &Node, i: usize) -> bool {
        self.levers.late_move_pruning
            && !node.pv
            && !node.in_check
            && node.depth <= LMP_DEPTH
            && i >= LMP_BASE + 2 * (node.depth * node.depth) as usize
    }

    /// The plies a late quiet move at index `i` is searched shallower first (never into
    /// quiescence at once).
    #[inline]
    fn reduction(&self, node: &Node, i: usize) -> i32 {
        let depth = node.depth;
        if depth < 3 || i < 3 || node.in_check {
            return 0;
        }
        if !self.levers.log_reductions {
            return 1 + i32::from(i >= 10 && depth >= 6);
        }
        let at = (depth as usize).min(REDUCTION_TABLE - 1) * REDUCTION_TABLE
            + i.min(REDUCTION_TABLE - 1);
        let r = i32::from(self.reductions[at]) - i32::from(node.pv);
        r.clamp(1, depth - 2)
    }

    /// The quiet moves searched before the one that cut off lose what it gained
    /// ([`Levers::history_malus`]).
    fn punish_earlier_quiets(&mut self, pos: &V, moves: &[V::Move], keys: &[i32], depth: i32) {
        for (&mv, &key) in moves.iter().zip(keys) {
            if key < KEY_KILLER && pos.captured(mv).is_none() {
                let i = self.history_index(pos, mv);
                self.history[i] = (self.history[i] - depth * depth).max(-HISTORY_MAX);
            }
        }
    }

    /// A move after the first: a null window (at a reduced depth first, when reduced), and the
    /// full search only when it beats alpha.
    #[allow(clippy::too_many_arguments)]
    fn later_move(
        &mut self,
        pos: &V,
        child: &V,
        depth: i32,
        reduction: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        inherited: Inherited<'_, V>,
    ) -> i32 {
        let next = ply + 1;
        let mut s = self.child(
            pos,
            child,
            depth - reduction,
            alpha,
            alpha + 1,
            next,
            inherited,
        );
        if s > alpha && reduction > 0 && !self.aborted {
            s = self.child(pos, child, depth, alpha, alpha + 1, next, inherited);
        }
        if s > alpha && s < beta && !self.aborted {
            s = self.child(pos, child, depth, alpha, beta, next, inherited);
        }
        s
    }

    /// The principal variation at `ply`: `mv`, then the child's.
    #[inline]
    fn set_pv(&mut self, ply: usize, mv: V::Move) {
        let (here, below) = self.pv.split_at_mut(ply + 1);
        let line = &mut here[ply];
        line.clear();
        line.push(mv);
        line.extend_from_slice(&below[0]);
    }

    /// A quiet move caused a cut-off: a killer at this ply, and history.
    fn reward(&mut self, pos: &V, mv: V::Move, ply: usize, depth: i32) {
        let killers = &mut self.killers[ply];
        if killers[0] != Some(mv) {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let i = self.history_index(pos, mv);
        self.history[i] += depth * depth;
        if self.history[i] >= HISTORY_MAX {
            for h in &mut self.history {
                *h /= 2;
            }
        }
    }

    /// Captures only (every move when in check), on top of the standing score. `zeroed`: the
    /// move into the node was a zeroing move.
    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        pos: &V,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        parent: &Activity,
        zeroed: bool,
        left: u32,
    ) -> i32 {
        self.pv[ply].clear();
        if self.poll(ply) {
            return 0;
        }
        let hash_move = match self.quiescence_probe(pos, alpha, beta, ply) {
            Ok(mv) => mv,
            Err(score) => return score,
        };
        // In check within the first plies, every evasion is searched (a mate is found); deeper,
        // the position is judged as if quiet, so that checks do not run the search away.
        let in_check = left + EVASION_PLIES > QUIESCENCE_PLIES && pos.is_check();
        let mut moves = V::MoveList::default();
        // A variant's own census lists the captures alone; the default's filtering of the whole
        // list costs more than the keys it spares (Brusky +8 % instructions).
        let expanded = if in_check || !V::SET_WISE_CENSUS {
            self.expand(pos, ply, zeroed, &mut moves)
                .map(|(kings, activity)| (kings, activity, moves.len()))
        } else {
            self.expand_tactical(pos, ply, zeroed, &mut moves)
        };
        let (kings, activity, listed) = match expanded {
            Ok(expanded) => expanded,
            Err(score) => return score,
        };
        let stand = self
            .eval
            .evaluate(pos, &kings, &self.sums[ply], &activity, parent);
        if left == 0 || ply + 1 >= MAX_PLY {
            return stand;
        }
        let stand = if in_check { -INFINITY } else { stand };
        if stand >= beta {
            self.quiescence_store(pos, stand, None, Bound::Lower, ply);
            return stand;
        }
        let window = (alpha, beta);
        alpha = alpha.max(stand);
        let mut keys = std::mem::take(&mut self.keys[ply]);
        let order = QuietOrder {
            kings: &kings,
            stand,
            alpha,
            in_check,
            hash_move,
        };
        self.quiescence_keys(pos, &moves[..listed], &order, &mut keys);
        let kept = keys.compact(&mut moves[..listed]);
        let moves = &mut moves[..kept];
        let (mut best, mut best_move) = (stand, None);
        for i in 0..kept {
            // A capture that loses the exchange is not searched.
            keys.pick(moves, i, |mv, _| {
                self.loses_exchange(pos, mv, &kings).then_some(KEY_SKIP)
            });
            if keys.get(i) == KEY_SKIP {
                break;
            }
            let mut child = pos.clone();
            child.play_unchecked(moves[i]);
            let zeroing = pos.is_zeroing(moves[i]);
            let (next, rest) = (ply + 1, left - 1);
            self.enter(pos, &child, next);
            let score = if self.root_team(child.turn()) == self.root_team(pos.turn()) {
                self.quiesce(&child, alpha, beta, next, &activity, zeroing, rest)
            } else {
                -self.quiesce(&child, -beta, -alpha, next, &activity, zeroing, rest)
            };
            if self.aborted {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(moves[i]);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.keys[ply] = keys;
        if self.aborted {
            return 0;
        }
        if best > -INFINITY {
            let bound = if best >= window.1 {
                Bound::Lower
            } else if best > window.0 {
                Bound::Exact
            } else {
                Bound::Upper
            };
            self.quiescence_store(pos, best, best_move, bound, ply);
        }
        best
    }

    /// With [`Levers::quiescence_table`], the table's verdict on a quiescence node: a score that
    /// settles it (an entry of any depth whose bound does), or the move to try first.
    #[inline]
    fn quiescence_probe(
        &self,
        pos: &V,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> Result<Option<V::Move>, i32> {
        if !self.levers.quiescence_table {
            return Ok(None);
        }
        let Some(e) = self.tt.probe(pos.zobrist_hash()) else {
            return Ok(None);
        };
        let s = from_table(e.score, ply);
        let settles = match e.bound {
            Bound::Exact => true,
            Bound::Lower => s >= beta,
            Bound::Upper => s <= alpha,
        };
        if settles {
            Err(s)
        } else {
            Ok(e.mv)
        }
    }

    /// With [`Levers::quiescence_table`], keeps a quiescence node's score at depth 0 (below
    /// every main-search entry, which the table keeps first).
    #[inline]
    fn quiescence_store(
        &mut self,
        pos: &V,
        score: i32,
        mv: Option<V::Move>,
        bound: Bound,
        ply: usize,
    ) {
        if self.levers.quiescence_table {
            self.tt.store(Entry {
                key: pos.zobrist_hash(),
                mv,
                score: to_table(score, ply),
                depth: 0,
                bound,
                generation: 0,
            });
        }
    }

    /// The quiescence ordering keys: captures by value, evasions when in check, [`KEY_SKIP`]
    /// for a move not searched (a capture that may lose the exchange is judged when picked).
    fn quiescence_keys(
        &self,
        pos: &V,
        moves: &[V::Move],
        order: &QuietOrder<'_, V>,
        keys: &mut Keys,
    ) {
        let QuietOrder {
            kings,
            stand,
            alpha,
            in_check,
            hash_move,
        } = *order;
        keys.clear();
        for &mv in moves {
            let (key, unjudged) = match self.capture_key(pos, mv, kings) {
                // A capture that cannot lift the score near alpha is not worth a look.
                Some(k) if !in_check && stand + k / 16 + DELTA_MARGIN <= alpha => (KEY_SKIP, false),
                // A dead army's body (Kirby) is worth nothing.
                Some(k) if !in_check && k <= 0 => (KEY_SKIP, false),
                // Nor is a capture that loses the exchange, judged when picked.
                Some(k) => (KEY_CAPTURE + k, !in_check && self.may_lose(pos, mv, kings)),
                None if in_check => (0, false),
                None => match self.promotion_key(pos, mv) {
                    Some(k) if stand + k / 16 + DELTA_MARGIN > alpha => (KEY_CAPTURE + k, false),
                    _ => (KEY_SKIP, false),
                },
            };
            // The table's move first, among those searched here.
            let key = if key != KEY_SKIP && Some(mv) == hash_move {
                KEY_HASH_MOVE
            } else {
                key
            };
            keys.push(key, unjudged);
        }
    }
}

/// The exchange evaluation's values at a node: the variant's, a dead army's men worth nothing,
/// coalitions as the search sees them.
struct NodeCounting<'a> {
    k: &'a Knowledge,
    root_team: &'a [bool],
    kings: &'a Kings,
}

impl<V: Variant> Counting<V> for NodeCounting<'_> {
    fn value(&self, piece: V::Piece) -> i32 {
        if self.kings.is_alive(piece.color().index()) {
            self.k.value[piece.role().index()]
        } else {
            0
        }
    }

    fn attacker_cost(&self, piece: V::Piece) -> i32 {
        let role = piece.role().index();
        if Some(role) == self.k.king {
            exchange::KING_COST
        } else {
            self.k.value[role]
        }
    }

    fn same_side(&self, a: &V, b: &V) -> bool {
        self.root_team[a.turn().index()] == self.root_team[b.turn().index()]
    }

    fn two_sides(&self) -> bool {
        self.kings.alive.count_ones() == 2
    }
}

/// What ordering a quiescence node's moves needs besides the moves.
struct QuietOrder<'a, V: Variant> {
    kings: &'a Kings,
    /// The standing score (`-INFINITY` in check).
    stand: i32,
    alpha: i32,
    in_check: bool,
    /// The table's move.
    hash_move: Option<V::Move>,
}

impl<V: Variant> Clone for QuietOrder<'_, V> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<V: Variant> Copy for QuietOrder<'_, V> {}

/// Where an iteration's best score fell against its aspiration window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fit {
    /// Inside: the scores stand.
    Inside,
    /// At or below its low end: every move is worse than the window.
    Low,
    /// At or above its high end: a move is better than the window.
    High,
    /// Cut off by a limit after a move beat the best on its null window, before its full
    /// search ended: that move is kept as the best, at a bound.
    Unfinished,
}

/// What a child inherits from its parent: the parent's activity and repetition window, and
/// whether the move between them was zeroing (the child then starts a window of its own) or a
/// pass (a null move).
struct Inherited<'a, V> {
    activity: &'a Activity,
    window: Window<'a, V>,
    zeroing: bool,
    null: bool,
}

// Derived `Clone`/`Copy` would ask `V: Copy`; only references are held.
impl<V> Clone for Inherited<'_, V> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<V> Copy for Inherited<'_, V> {}

/// What a node's early cut-offs need besides the node.
struct Early<'a, V> {
    kings: &'a Kings,
    activity: &'a Activity,
    parent: &'a Activity,
    window: Window<'a, V>,
    /// The node was reached by a pass: it does not pass again.
    after_null: bool,
}

/// What a main-search node's move loop needs to know of the node.
struct Node {
    depth: i32,
    beta: i32,
    ply: usize,
    in_check: bool,
    /// An open window: a principal-variation node.
    pv: bool,
}

/// Whether a move took a side out of play: a Kirby mate removes the mated army at once, so the
/// position after it shows no check.
fn eliminates<V: Variant>(pos: &V, child: &V) -> bool {
    V::Color::ALL
        .iter()
        .any(|&c| pos.in_play(c) && !child.in_play(c))
}

/// The logarithmic late move reductions, `[depth * REDUCTION_TABLE + index]`:
/// `ln depth · ln index / 2`, rounded.
fn reduction_table() -> Vec<u8> {
    let mut table = vec![0u8; REDUCTION_TABLE * REDUCTION_TABLE];
    for depth in 1..REDUCTION_TABLE {
        for index in 1..REDUCTION_TABLE {
            let r = (depth as f64).ln() * (index as f64).ln() / 2.0;
            table[depth * REDUCTION_TABLE + index] = r.round() as u8;
        }
    }
    table
}

/// A score as the table stores it: mates counted from the node, not the root.
#[inline]
fn to_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score + ply as i32
    } else if score < -MATE_BOUND {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score as seen `ply` plies from the root.
#[inline]
fn from_table(score: i32, ply: usize) -> i32 {
    if score > MATE_BOUND {
        score - ply as i32
    } else if score < -MATE_BOUND {
        score + ply as i32
    } else {
        score
    }
}

// The deepest iteration leaves room on the path for check extensions and quiescence.
const _: () = assert!(MAX_DEPTH as usize + QUIESCENCE_PLIES as usize + 8 <= MAX_PLY);
