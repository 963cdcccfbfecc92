//! The hexvar engine, written once over the generic trait [`hexvar_geometry::Variant`]: it knows no
//! variant's rules beyond what the trait says, and learns each board's geometry by itself.
//!
//! - [`search`]: iterative deepening principal-variation alpha-beta with a quiescence search on
//!   captures, a transposition table keyed by the Zobrist hash, move ordering (hash move,
//!   captures by victim then attacker value, two killers per ply, history), check extension and
//!   late-move reductions, repetitions detected along the game and the search path (scored as a
//!   draw that the side ahead avoids), and a time limit that stops cleanly.
//! - The evaluation (`eval.rs`): material by role letter, piece-square tables, mobility, pressure
//!   on the hostile kings' surroundings and pawn advancement, tapered between middlegame and
//!   endgame. The tables come from random games played once per variant (`knowledge.rs`).
//! - Multi-army Kirby: a paranoid search. The army to move at the root and its team-mates
//!   maximise, every other army minimises the root team's score.
//! - [`search_material`]: the first opponent (material only), the self-play match's yardstick.

use std::time::Duration;

mod eval;
mod knowledge;
mod material;
mod search;
mod tt;

pub use material::{role_value, search_material};
pub use search::search;

/// A won game's score; a mate found `n` plies from the root scores `MATE - n`.
pub const MATE: i32 = 1_000_000;
/// The deepest iteration the search starts (and the most plies of its main search).
pub const MAX_DEPTH: u32 = 64;

/// How long (and how deep) the opponent thinks: the search stops at whichever limit comes first.
///
/// The board's strength setting is a time per move of 0.1–5 s, or a depth.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Limits {
    /// The time per move. The search stops an iteration that would overrun it and answers with
    /// the deepest finished one.
    pub time: Duration,
    /// The deepest iteration, in plies of the main search (captures are searched beyond it).
    pub max_depth: u32,
}

impl Limits {
    /// A limit on time alone.
    pub const fn time(time: Duration) -> Limits {
        Limits {
            time,
            max_depth: MAX_DEPTH,
        }
    }

    /// A limit on depth alone (the result is then the same on every machine).
    pub const fn depth(max_depth: u32) -> Limits {
        Limits {
            time: Duration::MAX,
            max_depth,
        }
    }
}

impl Default for Limits {
    /// One second.
    fn default() -> Limits {
        Limits::time(Duration::from_secs(1))
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` when the game is over (no legal move, or a draw the game has
    /// declared).
    pub best: Option<M>,
    /// Its score in centipawns from the view of the side to move (its team in Kirby):
    /// `MATE - n` for a mate in `n` plies, negative when the side to move is mated.
    pub score: i32,
    /// The deepest iteration that finished.
    pub depth: u32,
    /// Nodes visited (main and quiescence search).
    pub nodes: u64,
}
