#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod cells;
mod hand;
mod men;
mod movegen;
mod moves;
mod outcome;
mod position;
pub mod render;
mod san;
mod setup;
mod sliders;
mod tables;
mod variant;

pub use cells::{Cell, CellSet, ParseCellError, Shade, CELL_COUNT};
pub use hand::{entry_cells, hand_attacks, Hand, HandKnight};
pub use hexvar_geometry::contract::*;
pub use men::{home, Color, ParseLetterError, Piece, Role};
pub use movegen::{Origin, PieceMoves, PieceMovesIter};
pub use moves::{Move, MoveList, ParseMoveError, MAX_MOVES};
pub use outcome::{Outcome, WinReason};
pub use position::{IllegalMove, ParsePositionError, Position, PositionError, PositionProblem};
pub use setup::{ParseSetupError, Setup, START_TEXT};

/// A game of Dagger Chess: the start position, the moves played, every position reached, the
/// automatic threefold repetition draw (positions compared by [`Position::is_repetition_of`]:
/// the men, the side to move, the knights in hand and a usable en-passant capture), draws by
/// agreement, undo, and game records ([`Game::to_record`], [`Game::from_record`]). It is
/// `hexvar_geometry`'s generic game over [`Position`].
///
/// ```
/// use hexvar_dagger::{Game, GameError};
/// let mut game = Game::new();
/// let m = game.position().parse_san("df2")?;
/// game.play(m)?;
/// assert_eq!(game.moves().len(), 1);
/// assert_eq!(game.outcome(), None);
/// assert_eq!(game.undo(), Some(m));
/// assert_eq!(game.position(), game.start_position());
/// assert!(matches!(game.play(m), Ok(())));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Game = hexvar_geometry::Game<Position>;

/// Why [`Game::play`] refused a move: an illegal move, or a finished game.
pub type GameError = hexvar_geometry::GameError<Position>;

/// The rules of Dagger Chess as this crate implements them, with every decision taken where the
/// rule documents are silent, the position text, the move notation and how the counts in the
/// tests were obtained.
#[doc = include_str!("../docs/rules.md")]
pub mod rules {}

#[cfg(feature = "serde")]
mod serde_impls {
    use crate::{Cell, Hand, HandKnight, Move};
    hexvar_geometry::serde_as_text!(serde, Cell, "a Dagger Chess cell such as `g3`");
    hexvar_geometry::serde_as_text!(serde, Move, "a Dagger Chess move such as `d2-f2`");
    hexvar_geometry::serde_as_text!(serde, Hand, "a hand, `LR`, `L`, `R` or `-`");
    hexvar_geometry::serde_as_text!(serde, HandKnight, "a hand knight, `L` or `R`");
}
