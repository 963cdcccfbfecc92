#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod board;
mod game;
mod movegen;
mod moves;
mod position;
pub mod render;
mod setup;
mod variant;

/// A set of cells: bit `i` is the cell with dense index `i` ([`Cell::index`]). Iterating it
/// yields indices; `set.cells::<Cell>()` yields [`Cell`]s.
pub type CellSet = hexvar_geometry::Set128;

pub use board::{Cell, Color, ParseCellError, ParseLetterError, Piece, Role, Shade, CELL_COUNT};
pub use game::{Game, GameError};
pub use movegen::{divide, perft, perft_without_bulk, MoveKind, PieceMoves, PieceMovesIter};
pub use moves::{Castling, CastlingInfo, Move, MoveList, ParseMoveError, MAX_MOVES};
pub use position::{
    DrawReason, IllegalMove, Outcome, ParsePositionError, Position, PositionError, PositionProblem,
    WinReason,
};
pub use setup::{
    EnPassant, ParseSetupError, Setup, ALL_CASTLING, BLACK_LONG, BLACK_SHORT, START_TEXT,
    WHITE_LONG, WHITE_SHORT,
};

#[doc = include_str!("../docs/rules.md")]
pub mod rules {}
