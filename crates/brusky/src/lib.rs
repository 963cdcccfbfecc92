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

/// The rules of Brusky's Hexagonal Chess as this crate implements them, with the position text
/// format and the move notation.
#[doc = include_str!("../docs/rules.md")]
pub mod rules {}

pub use board::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks, Cell,
    CellSet, CellSetExt, Color, ParseCellError, ParseLetterError, Piece, Role, Shade, CELL_COUNT,
};
pub use game::{Game, GameError};
pub use hexvar_geometry::{divide, perft};
pub use movegen::{perft_without_bulk, MovesKind, PieceMoves, PieceMovesIter};
pub use moves::{CastlingCells, CastlingSide, Move, MoveList, ParseMoveError, MAX_MOVES};
pub use position::{
    DrawReason, IllegalMove, Outcome, ParsePositionError, Position, PositionError, PositionProblem,
    WinReason, MAX_MEN, MAX_PAWNS,
};
pub use setup::{CastlingRights, EnPassant, ParseSetupError, Setup, START_TEXT};
