#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod annotate;
mod engine;
mod eval;
mod exchange;
mod knowledge;
mod limits;
mod material;
mod ordering;
mod passed;
mod repetition;
mod search;
mod tt;

pub use annotate::{annotate, AnnotateOptions};
pub use engine::{Engine, Info, Levers, Line, Options, Score, SearchResult, WIDE_BOARD_CELLS};
pub use limits::{Clock, Limits};
pub use material::search_material;

/// A won game's score on the search's internal scale; a mate found `n` plies from the root
/// scores `MATE - n` (reported as [`Score::MateIn`]).
pub(crate) const MATE: i32 = 1_000_000;
/// The deepest iteration the search starts (and the most plies of its main search).
pub const MAX_DEPTH: u32 = 64;
/// The deepest ply of a search path (main search and quiescence together).
pub(crate) const MAX_PLY: usize = 128;
