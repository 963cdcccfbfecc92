#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod attacks_impl;
mod board;
mod colors;
mod elimination;
mod game;
mod movegen;
mod moves;
mod outcome;
mod position;
pub mod render;
mod setup;
mod variant;

/// The moves of each kind of piece on Kirby's board, given the occupancy: for engines, and
/// for tests that check the generator against a slow oracle.
pub mod attacks {
    pub use crate::attacks_impl::*;
}

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
pub use hexvar_geometry::{divide, perft, perft_without_bulk};
pub use movegen::{MovesKind, PieceMoves};
pub use moves::{Move, MoveList, ParseMoveError, MAX_MOVES};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use position::{
    Choices, IllegalMove, ParsePositionError, Position, PositionError, PositionProblem,
};
pub use setup::{Layout, Mode, ParseSetupError, Setup, START_TEXT};
