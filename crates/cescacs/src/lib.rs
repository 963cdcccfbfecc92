#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![allow(clippy::needless_range_loop)]

pub mod board;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod position;
pub mod render;
#[cfg(feature = "serde")]
mod serde_impls;
pub mod setup;

pub use board::{Bits, Cell, CellColor, Color, ParseCellError, Piece, Role, CELL_COUNT};
pub use game::Game;
pub use movegen::{divide, perft, perft_without_bulk, PieceMoves};
pub use moves::{Castling, Move, MoveList, ParseMoveError, MAX_MOVES};
pub use position::{
    DrawReason, IllegalMove, Outcome, ParsePositionError, PlayError, Position, PositionError,
    PositionProblem,
};
pub use setup::{CastlingRights, ParseSetupError, Setup, Special, START_PDTL};
