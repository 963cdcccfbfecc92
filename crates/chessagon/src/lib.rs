#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod board;
pub mod game;
pub mod movegen;
pub mod moves;
pub mod position;
pub mod render;
pub mod setup;

pub use board::{Cell, Color, ParseCellError, Piece, Role};
pub use game::Game;
pub use movegen::{divide, perft, perft_without_bulk, MoveKind, PieceMoves};
pub use moves::{Castling, CastlingInfo, Move, MoveList, ParseMoveError, MAX_MOVES};
pub use position::{
    DrawReason, IllegalMove, Outcome, ParseLegalMoveError, ParsePositionError, Position,
    PositionError, PositionProblem,
};
pub use setup::{EnPassant, ParseSetupError, Setup};
