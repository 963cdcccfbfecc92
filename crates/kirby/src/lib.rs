#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod attacks;
mod board;
mod colors;
mod elimination;
mod game;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod position;
pub mod render;
mod setup;
mod variant;

/// Kirby's HexChess: the rules as this crate implements them, the position text format, and
/// how the perft counts were obtained.
#[doc = include_str!("../docs/rules.md")]
pub mod rules {}

pub use board::{
    Cell, CellKind, CellSet, Color, ParseCellError, ParseColorError, ParsePieceError,
    ParseRoleError, Piece, Role, Shade, CELL_COUNT,
};
pub use colors::ColorSet;
pub use game::{Game, GameError, GameOptionError};
pub use movegen::{MovesKind, PieceMoves};
pub use moves::{Move, MoveList, ParseMoveError, MAX_MOVES};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use perft::{divide, perft, perft_without_bulk};
pub use position::{
    Choices, IllegalMove, ParsePositionError, Position, PositionError, PositionProblem,
};
pub use setup::{Layout, Mode, ParseSetupError, Setup, START_TEXT};
