#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod cells;
mod count;
mod legal;
mod masks;
mod men;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod play;
mod position;
pub mod render;
mod san;
mod setup;
mod tables;
mod variant;

/// A game: the start position, the moves played, every position reached, and the draws by
/// repetition (the third occurrence, chess convention), claim or agreement; records in SAN
/// ([`Game::to_record`], [`Game::from_record`]). See [`hexvar_geometry::Game`].
pub type Game = hexvar_geometry::Game<Position>;

/// Why a [`Game`] refused a move: an illegal move, or a game that is over.
pub type GameError = hexvar_geometry::GameError<Position>;

pub use cells::{Cell, CellSet, ParseCellError, Shade, CELL_COUNT};
pub use hexvar_geometry::contract::*;
pub use men::{Color, ParseLetterError, Piece, Role};
pub use movegen::{MovesKind, PieceMoves, PieceMovesIter};
pub use moves::{
    Castling, CastlingInfo, Move, MoveList, ParseMoveError, ALL_CASTLING, BLACK_LONG, BLACK_SHORT,
    MAX_MOVES, WHITE_LONG, WHITE_SHORT,
};
pub use outcome::{Outcome, WinReason};
pub use position::{IllegalMove, ParsePositionError, Position, PositionError, PositionProblem};
pub use setup::{EnPassant, ParseSetupError, Setup, START_TEXT};

#[doc = include_str!("../docs/rules.md")]
pub mod rules {}
