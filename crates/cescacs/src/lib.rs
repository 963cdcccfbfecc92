#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod board;
mod game;
mod movegen;
mod moves;
mod position;
pub mod render;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod variant;

pub use board::{
    Cell, CellSet, Color, ParseCellError, ParseLetterError, Piece, Role, Shade, CELL_COUNT,
};
pub use game::{Game, GameError};
pub use hexvar_geometry::{divide, perft, perft_without_bulk};
pub use movegen::{PieceMoves, PieceMovesIter};
pub use moves::{Castling, Move, MoveList, ParseMoveError, MAX_MOVES};
pub use position::{
    DrawReason, IllegalMove, Outcome, ParsePositionError, Position, PositionError, PositionProblem,
    WinReason,
};
pub use setup::{CastlingRights, ParseSetupError, Setup, Special, START_TEXT};

/// The rules of C'escacs v3 as this crate implements them: board, men, moves, game end,
/// notation and position text, every interpretation, and (at the end) the internals.
#[doc = include_str!("../docs/rules.md")]
pub mod rules {}
