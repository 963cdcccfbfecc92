//! The search: iterative deepening, principal-variation alpha-beta with a quiescence search on
//! captures, over the generic trait.
//!
//! Positions are copied and played (`clone` + `play_unchecked`); every node lists its legal moves
//! into a `V::MoveList` on the stack. Everything else a node needs (ordering scores, killers,
//! history, the path's hashes, the transposition table) is allocated once per search, so the hot
//! loop allocates nothing.
//!
//! **Teams (Kirby).** A node's score is from the view of the side to move's *coalition*: the root
//! army's team, or the coalition of all other armies (a paranoid search: every army outside the
//! root's team is assumed to play against it). Between two plies of the same coalition the window
//! passes unchanged; between coalitions it is negated, as in negamax. With two armies this is
//! plain negamax.
//!
//! **Repetitions.** A position that occurred before, in the game since its last irreversible
//! move or on the search path, scores as a draw. The draw is worth `-contempt` to the root team,
//! where the contempt is half the root's static advantage (0 when behind, at most 100): the side
//! ahead steers clear of repetitions, the side behind is glad of them.
//!
//! **Time.** The clock is read every 1024 nodes; past the limit the search unwinds at once and the
//! deepest finished iteration answers (or the partial one's best move, when the previous best
//! move was searched first and a later move beat it). No iteration starts after 60 % of the time.

use std::sync::Arc;
use std::time::Instant;

use hexvar_geometry::{
    DenseCell, Game, Variant, VariantColor, VariantOutcome, VariantPiece, VariantRole,
};

use super::eval::{Activity, Evaluator, Kings};
use super::knowledge::{knowledge, Knowledge};
use super::tt::{Bound, Entry, Table};
use super::{Limits, SearchResult, MATE};

/// The deepest ply of a search path (main search and quiescence together).
const MAX_PLY: usize = 128;
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
/// No iteration starts after this share of the time.
const SOFT_LIMIT: f64 = 0.6;
/// The most the draw's score moves away from 0.
const MAX_CONTEMPT: i32 = 100;

/// Ordering keys, best first.
const KEY_HASH_MOVE: i32 = 1 << 30;
const KEY_CAPTURE: i32 = 1 << 28;
const KEY_KILLER: i32 = 1 << 27;
/// History scores stay below the killers.
const HISTORY_MAX: i32 = 1 << 24;

/// Searches the game's current position within `limits` and returns the best move of the deepest
/// finished iteration. The game's history counts for repetitions.
///
/// The first iteration (depth 1) is searched even when the time is up at once, unless it alone
/// overruns the limit; the answer is then its best move so far, or the first move in the
/// engine's order. A finished game ([`Game::outcome`]) has no best move.
///
/// ```
/// use std::time::Duration;
/// use hexvar_geometry::Game;
/// use hexvar_play::engine::{search, Limits};
///
/// let game: Game<hexvar_brusky::Position> = Game::new();
/// let found = search(&game, Limits::depth(3));
/// assert!(found.best.is_some());
/// assert_eq!(found.depth, 3);
///
/// // The board's strength setting: a time per move.
/// let quick = search(&game, Limits::time(Duration::from_millis(100)));
/// assert!(quick.best.is_some());
/// ```
pub fn search<V: Variant>(game: &Game<V>, limits: Limits) -> SearchResult<V::Move> {
    let started = Instant::now();
    let pos = game.position();
    if let Some(outcome) = game.outcome() {
        let score = if outcome.is_draw() {
            0
        } else if outcome.is_win_for(pos.turn()) {
            MATE
        } else {
            -MATE
        };
        return SearchResult {
            best: None,
            score,
            depth: 0,
            nodes: 0,
        };
    }
    let mut moves = V::MoveList::default();
    pos.legal_moves_into(&mut moves);
    if moves.is_empty() {
        return SearchResult {
            best: None,
            score: 0,
            depth: 0,
            nodes: 0,
        };
    }
    let max_depth = if moves.len() == 1 {
        1
    } else {
        limits
            .max_depth
            .clamp(1, (MAX_PLY - QUIESCENCE_PLIES as usize - 8) as u32)
    };
    let deadline = started.checked_add(limits.time);
    let soft = started.checked_add(limits.time.mul_f64(SOFT_LIMIT));

    let mut s = Searcher::<V>::new(game, limits, deadline);
    s.root_moves = moves.iter().map(|&mv| (mv, 0)).collect();
    s.order_root(pos);

    let mut result = SearchResult {
        best: Some(s.root_moves[0].0),
        score: 0,
        depth: 0,
        nodes: 0,
    };
    for depth in 1..=max_depth {
        let best = s.root(pos, depth as i32);
        if let Some((mv, score)) = best {
            result.best = Some(mv);
            result.score = score;
        }
        if s.aborted {
            break;
        }
        result.depth = depth;
        if soft.is_some_and(|t| Instant::now() >= t) {
            break;
        }
        // A mate proved within the horizon will not change.
        if result.score.abs() > MATE_BOUND && MATE - result.score.abs() <= depth as i32 {
            break;
        }
    }
    result.nodes = s.nodes;
    result
}

struct Searcher<V: Variant> {
    k: Arc<Knowledge>,
    eval: Evaluator,
    tt: Table<V::Move>,
    killers: Vec<[Option<V::Move>; 2]>,
    /// `[(color * (roles + 1) + role) * cells + to]`, role `roles` for drops.
    history: Vec<i32>,
    /// The hashes of the game's positions since its last irreversible move, then of the search
    /// path; the last is the current node's.
    path: Vec<u64>,
    /// Ordering keys per ply, reused.
    keys: Vec<Vec<i32>>,
    root_moves: Vec<(V::Move, i32)>,
    deadline: Option<Instant>,
    nodes: u64,
    aborted: bool,
    /// The draw's value to the root team, negated.
    contempt: i32,
}

impl<V: Variant> Searcher<V> {
    fn new(game: &Game<V>, limits: Limits, deadline: Option<Instant>) -> Searcher<V> {
        let k = knowledge::<V>();
        let pos = game.position();
        let root = pos.turn();
        let root_team = V::Color::ALL
            .iter()
            .map(|&c| pos.same_team(root, c))
            .collect();
        // About a table entry per 2 µs of search, within 2^14..2^19 entries.
        let micros = limits.time.as_micros().min(1 << 40) as u64;
        let bits = if limits.time == std::time::Duration::MAX {
            18
        } else {
            (64 - (micros / 2).max(1).leading_zeros()).clamp(14, 19)
        };
        // Repetitions: the positions since the game's last irreversible move.
        let since = &game.hashes()[game.ply() - game.plies_since_zeroing()..];
        let mut path = Vec::with_capacity(since.len() + MAX_PLY);
        path.extend_from_slice(since);
        let mut s = Searcher {
            eval: Evaluator::new(Arc::clone(&k), root_team),
            tt: Table::new(bits),
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; k.colors * (k.roles + 1) * k.cells],
            path,
            keys: vec![Vec::new(); MAX_PLY],
            root_moves: Vec::new(),
            deadline,
            nodes: 0,
            aborted: false,
            contempt: 0,
            k,
        };
        let mut moves = V::MoveList::default();
        pos.legal_moves_into(&mut moves);
        let kings = s.eval.kings(pos);
        let act = s.eval.activity(pos, &moves, &kings);
        let fixed = s.eval.evaluate(pos, &kings, &act, &Activity::default());
        s.contempt = (fixed / 2).clamp(0, MAX_CONTEMPT);
        s
    }

    /// Counts a node; whether the search must stop.
    #[inline]
    fn poll(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && self.deadline.is_some_and(|t| Instant::now() >= t) {
            self.aborted = true;
        }
        self.aborted
    }

    #[inline]
    fn root_team(&self, color: V::Color) -> bool {
        self.eval.root_team[color.index()]
    }

    /// A draw's score for the side to move of `pos`.
    #[inline]
    fn draw(&self, pos: &V) -> i32 {
        if self.root_team(pos.turn()) {
            -self.contempt
        } else {
            self.contempt
        }
    }

    /// The score of a finished position for its side to move, `ply` plies from the root.
    fn finished(&self, pos: &V, outcome: Option<V::Outcome>, ply: usize) -> i32 {
        match outcome {
            None => self.draw(pos),
            Some(o) if o.is_draw() => self.draw(pos),
            Some(o) if o.is_win_for(pos.turn()) => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
        }
    }

    /// Whether the current node (the path's last hash) occurred before.
    #[inline]
    fn repeated(&self) -> bool {
        match self.path.split_last() {
            Some((last, earlier)) => earlier.iter().rev().any(|h| h == last),
            None => false,
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

    /// Orders the root moves for the first iteration: captures by value, the rest as listed.
    fn order_root(&mut self, pos: &V) {
        let kings = self.eval.kings(pos);
        let mut keyed: Vec<(i32, V::Move)> = self
            .root_moves
            .iter()
            .map(|&(mv, _)| {
                let key = self
                    .capture_key(pos, mv, &kings)
                    .map_or(0, |k| KEY_CAPTURE + k);
                (key, mv)
            })
            .collect();
        keyed.sort_by_key(|&(k, _)| std::cmp::Reverse(k));
        self.root_moves = keyed.into_iter().map(|(_, mv)| (mv, 0)).collect();
    }

    /// Searches a child: the window and the score cross to the child's coalition.
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
        activity: &Activity,
    ) -> i32 {
        self.path.push(child.zobrist_hash());
        let score = if self.root_team(child.turn()) == self.root_team(parent.turn()) {
            self.negamax(child, depth, alpha, beta, ply, activity)
        } else {
            -self.negamax(child, depth, -beta, -alpha, ply, activity)
        };
        self.path.pop();
        score
    }

    /// One iteration at the root; the best move and its score, if a move was fully searched.
    fn root(&mut self, pos: &V, depth: i32) -> Option<(V::Move, i32)> {
        let kings = self.eval.kings(pos);
        let mut moves = V::MoveList::default();
        pos.legal_moves_into(&mut moves);
        let activity = self.eval.activity(pos, &moves, &kings);
        let mut alpha = -INFINITY;
        let beta = INFINITY;
        let mut best: Option<(V::Move, i32)> = None;
        for i in 0..self.root_moves.len() {
            let mv = self.root_moves[i].0;
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = if i == 0 {
                self.child(pos, &child, depth - 1, alpha, beta, 1, &activity)
            } else {
                let s = self.child(pos, &child, depth - 1, alpha, alpha + 1, 1, &activity);
                if s > alpha && !self.aborted {
                    self.child(pos, &child, depth - 1, alpha, beta, 1, &activity)
                } else {
                    s
                }
            };
            if self.aborted {
                break;
            }
            self.root_moves[i].1 = score;
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((mv, score));
                alpha = alpha.max(score);
            }
        }
        // Next iteration: the best move first, then the others by this iteration's scores
        // (upper bounds for those that failed low, which still rank them).
        if let Some((mv, score)) = best {
            if let Some(e) = self.root_moves.iter_mut().find(|(m, _)| *m == mv) {
                e.1 = INFINITY;
            }
            self.root_moves.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
            self.root_moves[0].1 = score;
            self.tt.store(Entry {
                key: pos.zobrist_hash(),
                mv: Some(mv),
                score,
                depth: depth as i16,
                bound: Bound::Exact,
            });
        }
        best
    }

    fn negamax(
        &mut self,
        pos: &V,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        parent: &Activity,
    ) -> i32 {
        if self.poll() {
            return 0;
        }
        if self.repeated() {
            return self.draw(pos);
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
            return self.quiesce(pos, alpha, beta, ply, parent, QUIESCENCE_PLIES);
        }
        let pv = beta - alpha > 1;
        let hash = pos.zobrist_hash();
        let mut hash_move = None;
        if let Some(e) = self.tt.probe(hash) {
            hash_move = e.mv;
            if !pv && i32::from(e.depth) >= depth {
                let s = from_table(e.score, ply);
                let cut = match e.bound {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if cut {
                    return s;
                }
            }
        }
        let mut moves = V::MoveList::default();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return self.finished(pos, pos.outcome(), ply);
        }
        if let Some(outcome) = pos.outcome() {
            return self.finished(pos, Some(outcome), ply);
        }
        let kings = self.eval.kings(pos);
        let activity = self.eval.activity(pos, &moves, &kings);

        let mut keys = std::mem::take(&mut self.keys[ply]);
        keys.clear();
        let killers = self.killers[ply];
        for &mv in moves.iter() {
            let key = if Some(mv) == hash_move {
                KEY_HASH_MOVE
            } else if let Some(k) = self.capture_key(pos, mv, &kings) {
                KEY_CAPTURE + k
            } else if Some(mv) == killers[0] {
                KEY_KILLER + 1
            } else if Some(mv) == killers[1] {
                KEY_KILLER
            } else {
                self.history[self.history_index(pos, mv)]
            };
            keys.push(key);
        }

        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        for i in 0..moves.len() {
            // Selection: the best remaining move to the front.
            let mut top = i;
            for j in i + 1..moves.len() {
                if keys[j] > keys[top] {
                    top = j;
                }
            }
            moves.swap(i, top);
            keys.swap(i, top);
            let mv = moves[i];
            let quiet = keys[i] < KEY_CAPTURE && pos.captured(mv).is_none();
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = if i == 0 {
                self.child(pos, &child, depth - 1, alpha, beta, ply + 1, &activity)
            } else {
                let reduction = if depth >= 3
                    && i >= 3
                    && quiet
                    && keys[i] < KEY_KILLER
                    && !in_check
                    && !child.is_check()
                {
                    1 + i32::from(i >= 10 && depth >= 6)
                } else {
                    0
                };
                let mut s = self.child(
                    pos,
                    &child,
                    depth - 1 - reduction,
                    alpha,
                    alpha + 1,
                    ply + 1,
                    &activity,
                );
                if s > alpha && reduction > 0 && !self.aborted {
                    s = self.child(pos, &child, depth - 1, alpha, alpha + 1, ply + 1, &activity);
                }
                if s > alpha && s < beta && !self.aborted {
                    s = self.child(pos, &child, depth - 1, alpha, beta, ply + 1, &activity);
                }
                s
            };
            if self.aborted {
                self.keys[ply] = keys;
                return 0;
            }
            if score > best {
                best = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        if quiet {
                            self.reward(pos, mv, ply, depth);
                        }
                        break;
                    }
                }
            }
        }
        self.keys[ply] = keys;
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
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
        });
        best
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
        if self.history[i] > HISTORY_MAX {
            for h in &mut self.history {
                *h /= 2;
            }
        }
    }

    /// Captures only (every move when in check), on top of the standing score.
    fn quiesce(
        &mut self,
        pos: &V,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        parent: &Activity,
        left: u32,
    ) -> i32 {
        if self.poll() {
            return 0;
        }
        let mut moves = V::MoveList::default();
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            return self.finished(pos, pos.outcome(), ply);
        }
        if let Some(outcome) = pos.outcome() {
            return self.finished(pos, Some(outcome), ply);
        }
        let kings = self.eval.kings(pos);
        let activity = self.eval.activity(pos, &moves, &kings);
        // In check within the first plies, every evasion is searched (a mate is found); deeper,
        // the position is judged as if quiet, so that checks do not run the search away.
        let in_check = left + EVASION_PLIES > QUIESCENCE_PLIES && pos.is_check();
        let stand = if in_check {
            -INFINITY
        } else {
            self.eval.evaluate(pos, &kings, &activity, parent)
        };
        if left == 0 || ply + 1 >= MAX_PLY {
            return if in_check {
                self.eval.evaluate(pos, &kings, &activity, parent)
            } else {
                stand
            };
        }
        if stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);

        let mut keys = std::mem::take(&mut self.keys[ply]);
        keys.clear();
        for &mv in moves.iter() {
            let key = match self.capture_key(pos, mv, &kings) {
                // A capture that cannot lift the score near alpha is not worth a look.
                Some(k) if !in_check && stand + k / 16 + DELTA_MARGIN <= alpha => i32::MIN,
                // A dead army's body (Kirby) is worth nothing.
                Some(k) if !in_check && k <= 0 => i32::MIN,
                Some(k) => KEY_CAPTURE + k,
                None if in_check => 0,
                None => i32::MIN,
            };
            keys.push(key);
        }
        let mut best = stand;
        for i in 0..moves.len() {
            let mut top = i;
            for j in i + 1..moves.len() {
                if keys[j] > keys[top] {
                    top = j;
                }
            }
            if keys[top] == i32::MIN {
                break;
            }
            moves.swap(i, top);
            keys.swap(i, top);
            let mut child = pos.clone();
            child.play_unchecked(moves[i]);
            let score = if self.root_team(child.turn()) == self.root_team(pos.turn()) {
                self.quiesce(&child, alpha, beta, ply + 1, &activity, left - 1)
            } else {
                -self.quiesce(&child, -beta, -alpha, ply + 1, &activity, left - 1)
            };
            if self.aborted {
                self.keys[ply] = keys;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    alpha = score;
                    if score >= beta {
                        break;
                    }
                }
            }
        }
        self.keys[ply] = keys;
        best
    }
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
