//! How long and how deep a search may think: [`Limits`], and the time budget a clock gives.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use crate::MAX_DEPTH;

/// The time left on the clock of the side to move, as UCI's `go wtime … winc … movestogo …`
/// gives it for one side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Clock {
    /// The time left.
    pub remaining: Duration,
    /// The time added after each move.
    pub increment: Duration,
    /// The moves to play before the next time control, if there is one.
    pub moves_to_go: Option<u32>,
}

/// The moves a clock without `moves_to_go` is shared over.
const MOVES_TO_GO: u32 = 30;
/// Kept back from every time limit: the search's unwinding, the program's answer, the pipe.
/// Measured through the match's pipe at `go movetime 100` (the engine's README, "Strength":
/// think times): the search sees its deadline within 256 nodes (about a millisecond) and the
/// answer reaches the reader well under a millisecond later; 10 ms, the first guess, gave away
/// a tenth of a 100 ms move.
const OVERHEAD: Duration = Duration::from_millis(2);
/// With a clock, no iteration starts after this share of the move's budget.
const SOFT_SHARE: f64 = 0.6;

impl Clock {
    /// The time this move may take: its share of the time left (`remaining / moves_to_go`, 30
    /// moves when no time control is near) plus three quarters of the increment, never more
    /// than four fifths of the time left.
    pub fn budget(&self) -> Duration {
        let moves = self.moves_to_go.unwrap_or(MOVES_TO_GO).max(1);
        let share = self.remaining / moves + self.increment.mul_f64(0.75);
        share
            .min(self.remaining.mul_f64(0.8))
            .saturating_sub(OVERHEAD)
    }
}

/// How long (and how deep) a search thinks: it stops at whichever limit comes first, or when
/// the stop flag is raised. A limit left at `None` does not bound the search; a search without
/// any limit runs until its stop flag is raised (or to [`MAX_DEPTH`]).
///
/// A search bounded by depth or nodes alone gives the same result on every machine and every
/// run (of an [`Engine`](crate::Engine) with the same options and a cleared table).
///
/// ```
/// use std::time::Duration;
/// use hexvar_engine::Limits;
///
/// let fixed = Limits::depth(4);
/// let quick = Limits::movetime(Duration::from_millis(100)).with_depth(6);
/// assert_eq!(quick.depth, Some(6));
/// assert_eq!(fixed.nodes, None);
/// ```
#[derive(Clone, Debug, Default)]
pub struct Limits {
    /// The deepest iteration, in plies of the main search (captures are searched beyond it),
    /// at most [`MAX_DEPTH`].
    pub depth: Option<u32>,
    /// The most nodes (main and quiescence search), counted exactly.
    pub nodes: Option<u64>,
    /// The time for this move.
    pub movetime: Option<Duration>,
    /// The clock of the side to move, turned into a time for this move by [`Clock::budget`].
    pub clock: Option<Clock>,
    /// Raised by another thread to stop the search: it unwinds at once and answers with the
    /// deepest finished iteration. The search never lowers it.
    pub stop: Option<Arc<AtomicBool>>,
}

impl Limits {
    /// No limit: the search runs until its stop flag is raised (`go infinite`).
    pub fn infinite() -> Limits {
        Limits::default()
    }

    /// A limit on depth alone.
    pub fn depth(depth: u32) -> Limits {
        Limits::default().with_depth(depth)
    }

    /// A limit on nodes alone.
    pub fn nodes(nodes: u64) -> Limits {
        Limits::default().with_nodes(nodes)
    }

    /// A limit on time alone.
    pub fn movetime(time: Duration) -> Limits {
        Limits::default().with_movetime(time)
    }

    /// A limit by the clock of the side to move.
    pub fn clock(clock: Clock) -> Limits {
        Limits {
            clock: Some(clock),
            ..Limits::default()
        }
    }

    /// These limits, and a depth limit.
    pub fn with_depth(mut self, depth: u32) -> Limits {
        self.depth = Some(depth);
        self
    }

    /// These limits, and a node limit.
    pub fn with_nodes(mut self, nodes: u64) -> Limits {
        self.nodes = Some(nodes);
        self
    }

    /// These limits, and a time limit.
    pub fn with_movetime(mut self, time: Duration) -> Limits {
        self.movetime = Some(time);
        self
    }

    /// These limits, and a stop flag.
    pub fn with_stop(mut self, stop: Arc<AtomicBool>) -> Limits {
        self.stop = Some(stop);
        self
    }

    /// The deepest iteration to start: the depth limit within `1..=MAX_DEPTH`.
    pub(crate) fn max_depth(&self) -> u32 {
        self.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH)
    }

    /// The time this move may take, if time bounds it: the shorter of the move time (less a
    /// small overhead) and the clock's budget.
    pub(crate) fn time_budget(&self) -> Option<Duration> {
        let movetime = self.movetime.map(|t| t.saturating_sub(OVERHEAD));
        let clock = self.clock.map(|c| c.budget());
        match (movetime, clock) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The time after which no iteration starts, if time bounds the search. With a clock, a
    /// share of the budget ([`SOFT_SHARE`]): an iteration that would not finish is not begun,
    /// and the time it would have wasted is kept for later moves. With a move time alone the
    /// whole budget: time not used is lost, and an unfinished iteration still counts (it
    /// searches the last best move first, and a move that beats it in full replaces it).
    pub(crate) fn soft_budget(&self) -> Option<Duration> {
        let budget = self.time_budget()?;
        Some(if self.clock.is_some() {
            budget.mul_f64(SOFT_SHARE)
        } else {
            budget
        })
    }

    /// Whether the stop flag is raised.
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|s| s.load(Ordering::Relaxed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_budget() {
        let secs = Duration::from_secs;
        let clock = Clock {
            remaining: secs(60),
            increment: secs(0),
            moves_to_go: None,
        };
        assert_eq!(clock.budget(), secs(2) - OVERHEAD);
        let last = Clock {
            moves_to_go: Some(1),
            ..clock
        };
        assert_eq!(last.budget(), secs(48) - OVERHEAD);
        let increment = Clock {
            remaining: secs(1),
            increment: secs(4),
            moves_to_go: None,
        };
        assert_eq!(increment.budget(), Duration::from_millis(800) - OVERHEAD);
        assert_eq!(Clock::default().budget(), Duration::ZERO);
    }

    #[test]
    fn shorter_time_counts() {
        let limits = Limits::movetime(Duration::from_millis(500)).with_depth(99);
        assert_eq!(limits.max_depth(), MAX_DEPTH);
        assert_eq!(limits.time_budget(), Some(Duration::from_millis(498)));
        let both = Limits {
            clock: Some(Clock {
                remaining: Duration::from_secs(3),
                ..Clock::default()
            }),
            ..limits.clone()
        };
        assert_eq!(both.time_budget(), Some(Duration::from_millis(98)));
        assert_eq!(Limits::infinite().time_budget(), None);
        // A move time alone is searched to its end; a clock keeps time back for later moves.
        assert_eq!(limits.soft_budget(), limits.time_budget());
        assert_eq!(
            both.soft_budget(),
            Some(Duration::from_millis(98).mul_f64(SOFT_SHARE))
        );
        assert_eq!(Limits::depth(3).soft_budget(), None);
        assert!(!Limits::infinite().stopped());
    }
}
