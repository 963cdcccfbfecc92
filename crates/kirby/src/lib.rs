#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod armies;
pub mod board;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod position;
pub mod render;
pub mod setup;

pub use armies::Armies;
pub use board::{Army, Bits, Cell, CellKind, Color, ParseCellError, Piece, Role};
pub use game::Game;
pub use movegen::{divide, perft, perft_without_bulk, MovesKind, PieceMoves};
pub use moves::{Move, MoveList, ParseMoveError};
pub use position::{
    Choices, IllegalMove, Outcome, ParsePositionError, Position, PositionError, PositionProblem,
};
pub use setup::{Layout, Mode, ParseSetupError, Setup};
