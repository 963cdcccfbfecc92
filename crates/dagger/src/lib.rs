#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod board;
pub mod game;
pub mod hand;
pub mod movegen;
pub mod moves;
pub mod position;
pub mod render;
pub mod setup;

pub use board::{Cell, CellSet, Color, HandKnight, ParseCellError, Piece, Role, CELL_COUNT};
pub use game::Game;
pub use hand::{entry_cells, hand_attacks, Hand};
pub use movegen::{divide, perft, perft_without_bulk, Origin, PieceMoves};
pub use moves::{Move, MoveList, ParseMoveError, MAX_MOVES};
pub use position::{
    IllegalMove, MoveTextError, Outcome, ParsePositionError, Position, PositionError, Problem,
};
pub use setup::{ParseSetupError, Setup, START_TEXT};
