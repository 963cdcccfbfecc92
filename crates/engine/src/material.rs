//! The first opponent, kept as the yardstick of the self-play match: a small alpha-beta search on
//! material alone, written once over the generic trait [`hexvar_geometry::Variant`].
//!
//! Iterative deepening (depth 1, 2, 3, …) with a time limit: the move of the deepest finished
//! iteration is played. Each node is a negamax node from the side to move; a man counts for the
//! side to move when its colour (in Kirby's game, its army) is [`Variant::turn`], against it
//! otherwise. At depth 0 a short capture-only search settles the exchanges in progress.

use std::time::Instant;

use hexvar_geometry::{Game, Variant, VariantOutcome, VariantPiece, VariantRole};

use crate::{Limits, Line, Score, SearchResult, MATE};

/// The deepest iteration this search starts.
const MAX_DEPTH: u32 = 12;
/// How many plies of captures the quiescence search looks at.
const QUIESCENCE_PLIES: u32 = 6;

type RoleOf<V> = <<V as Variant>::Piece as VariantPiece>::Role;

struct Searcher<'a, V: Variant> {
    variant: std::marker::PhantomData<V>,
    deadline: Option<Instant>,
    limits: &'a Limits,
    node_limit: u64,
    nodes: u64,
    aborted: bool,
}

impl<V: Variant> Searcher<'_, V> {
    fn value(&mut self, role: RoleOf<V>) -> i32 {
        role.value()
    }

    /// Material from the side to move's view.
    fn evaluate(&mut self, pos: &V) -> i32 {
        let turn = pos.turn();
        let mut score = 0;
        for &cell in V::cells() {
            if let Some(piece) = pos.piece_at(cell) {
                let v = self.value(piece.role());
                if piece.color() == turn {
                    score += v;
                } else {
                    score -= v;
                }
            }
        }
        score
    }

    /// The score of a position without legal moves, `ply` plies from the root.
    fn terminal(&self, pos: &V, ply: u32) -> i32 {
        match pos.outcome() {
            // `is_win_for` in place of the first version's comparison of the winner's and the
            // side's texts, which the trait's team winners (Kirby) no longer match.
            Some(outcome) if outcome.is_draw() => 0,
            Some(outcome) if outcome.is_win_for(pos.turn()) => MATE - ply as i32,
            Some(_) => -(MATE - ply as i32),
            None => 0,
        }
    }

    fn out_of_time(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit
            || (self.nodes.is_multiple_of(256)
                && (self.limits.stopped() || self.deadline.is_some_and(|t| Instant::now() >= t)))
        {
            self.aborted = true;
        }
        self.aborted
    }

    /// The value of the man a move captures (0 for a quiet move).
    fn victim(&mut self, pos: &V, mv: V::Move) -> i32 {
        let (_, to) = V::move_cells(mv);
        match pos.piece_at(to) {
            Some(p) if p.color() != pos.turn() => 1 + self.value(p.role()),
            _ => 0,
        }
    }

    /// Captures first, the most valuable victim first; the rest in the generator's order.
    fn ordered(&mut self, pos: &V, moves: V::MoveList, first: Option<V::Move>) -> Vec<V::Move> {
        let mut scored: Vec<(i32, V::Move)> = moves
            .into_iter()
            .map(|mv| {
                let key = if Some(mv) == first {
                    i32::MAX
                } else {
                    self.victim(pos, mv)
                };
                (key, mv)
            })
            .collect();
        scored.sort_by_key(|&(key, _)| std::cmp::Reverse(key));
        scored.into_iter().map(|(_, mv)| mv).collect()
    }

    fn quiesce(&mut self, pos: &V, mut alpha: i32, beta: i32, ply: u32, left: u32) -> i32 {
        if self.out_of_time() {
            return 0;
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return self.terminal(pos, ply);
        }
        let stand = self.evaluate(pos);
        if stand >= beta || left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut captures: Vec<(i32, V::Move)> = Vec::new();
        for mv in moves {
            let v = self.victim(pos, mv);
            if v > 0 {
                captures.push((v, mv));
            }
        }
        captures.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
        for (_, mv) in captures {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = -self.quiesce(&child, -beta, -alpha, ply + 1, left - 1);
            if self.aborted {
                return 0;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    fn negamax(&mut self, pos: &V, depth: u32, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        if self.out_of_time() {
            return 0;
        }
        if depth == 0 {
            return self.quiesce(pos, alpha, beta, ply, QUIESCENCE_PLIES);
        }
        let moves = pos.legal_moves();
        if moves.is_empty() {
            return self.terminal(pos, ply);
        }
        let mut best = -MATE - 1;
        for mv in self.ordered(pos, moves, None) {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1);
            if self.aborted {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

/// The first opponent: material only, captures first, no transposition table, no repetitions.
/// Searches the game's position within `limits` (depth capped at 12 plies plus captures) and
/// returns the best move of the deepest finished iteration, with a single line.
///
/// The first iteration always finishes unless it alone overruns a limit, in which case the best
/// move seen so far (or the first legal move) is returned. It is the yardstick of the self-play
/// match (`examples/match.rs` of `hexvar-play`); the engine is [`crate::Engine`].
pub fn search_material<V: Variant>(game: &Game<V>, limits: &Limits) -> SearchResult<V::Move> {
    let pos = game.position();
    let mut searcher = Searcher::<V> {
        variant: std::marker::PhantomData,
        deadline: limits
            .time_budget()
            .and_then(|b| Instant::now().checked_add(b)),
        limits,
        node_limit: limits.nodes.unwrap_or(u64::MAX),
        nodes: 0,
        aborted: false,
    };
    let moves = pos.legal_moves();
    let mut result = SearchResult {
        best: moves.first().copied(),
        score: Score::Centipawns(0),
        lines: Vec::new(),
        depth: 0,
        seldepth: 0,
        nodes: 0,
    };
    let mut score = 0;
    for depth in 1..=limits.max_depth().min(MAX_DEPTH) {
        if moves.len() <= 1 {
            break;
        }
        let mut list = V::MoveList::default();
        pos.legal_moves_into(&mut list);
        let order = searcher.ordered(pos, list, result.best);
        let (mut alpha, beta) = (-MATE - 1, MATE + 1);
        let mut best: Option<(V::Move, i32)> = None;
        for mv in order {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            let score = -searcher.negamax(&child, depth - 1, -beta, -alpha, 1);
            if searcher.aborted {
                break;
            }
            if best.is_none_or(|(_, s)| score > s) {
                best = Some((mv, score));
            }
            alpha = alpha.max(score);
        }
        // A partial iteration searched the previous best move first: a move that beat it at this
        // depth is better informed than the previous iteration's choice.
        if let Some((mv, s)) = best {
            result.best = Some(mv);
            score = s;
        }
        if searcher.aborted {
            break;
        }
        result.depth = depth;
        if score.abs() >= MATE - MAX_DEPTH as i32 * 2 - QUIESCENCE_PLIES as i32 {
            break;
        }
    }
    result.score = Score::from_internal(score);
    result.lines = result
        .best
        .map(|mv| Line {
            score: result.score,
            pv: vec![mv],
        })
        .into_iter()
        .collect();
    result.nodes = searcher.nodes;
    result.seldepth = result.depth;
    result
}
