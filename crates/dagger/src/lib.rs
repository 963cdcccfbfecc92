#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod board;
mod game;
mod hand;
mod movegen;
mod moves;
mod outcome;
mod position;
pub mod render;
mod setup;
mod variant;

pub use board::{
    Cell, CellSet, Color, ParseCellError, ParseLetterError, Piece, Role, Shade, CELL_COUNT,
};
pub use game::{Game, GameError};
pub use hand::{entry_cells, hand_attacks, Hand, HandKnight};
pub use hexvar_geometry::divide;
pub use movegen::{perft, perft_without_bulk, Origin, PieceMoves, PieceMovesIter};
pub use moves::{Move, MoveList, ParseMoveError, MAX_MOVES};
pub use outcome::{DrawReason, Outcome, WinReason};
pub use position::{IllegalMove, ParsePositionError, Position, PositionError, PositionProblem};
pub use setup::{ParseSetupError, Setup, START_TEXT};

/// The rules of Dagger Chess as this crate implements them, with every decision taken where the
/// rule documents are silent, the position text, the move notation and how the counts in the
/// tests were obtained.
#[doc = include_str!("../docs/rules.md")]
pub mod rules {}

#[cfg(feature = "serde")]
mod serde_impls {
    use crate::{Cell, Color, Hand, HandKnight, Move, Piece, Role};
    hexvar_geometry::serde_as_text!(serde, Cell, "a Dagger Chess cell such as `g3`");
    hexvar_geometry::serde_as_text!(serde, Move, "a Dagger Chess move such as `d2-f2`");
    hexvar_geometry::serde_as_text!(serde, Color, "a side, `w` or `b`");
    hexvar_geometry::serde_as_text!(serde, Role, "a role letter such as `N`");
    hexvar_geometry::serde_as_text!(serde, Piece, "a piece letter such as `N` or `p`");
    hexvar_geometry::serde_as_text!(serde, Hand, "a hand, `LR`, `L`, `R` or `-`");
    hexvar_geometry::serde_as_text!(serde, HandKnight, "a hand knight, `L` or `R`");
}
