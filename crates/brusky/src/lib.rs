#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod board;
mod game;
mod movegen;
mod moves;
mod position;
pub mod render;
mod setup;

pub use board::{Cell, Color, ParseCellError, Piece, Role, Shade, CELL_COUNT};
pub use game::Game;
pub use movegen::{divide, perft, perft_without_bulk, MovesKind, PieceMoves, PieceMovesIter};
pub use moves::{CastlingCells, CastlingSide, Move, MoveList, ParseMoveError, MAX_MOVES};
pub use position::{
    IllegalMove, Outcome, ParseMoveInPositionError, ParsePositionError, Position, PositionError,
    PositionProblem,
};
pub use setup::{CastlingRights, EnPassant, ParseSetupError, Setup, START_TEXT};
