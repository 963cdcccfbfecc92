#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod castling;
mod cells;
mod lines;
mod men;
mod movegen;
mod moves;
mod outcome;
mod position;
pub mod render;
#[cfg(feature = "serde")]
mod serde_impls;
mod setup;
mod tables;
mod variant;

pub use castling::Castling;
pub use cells::{Cell, CellSet, ParseCellError, Shade, CELL_COUNT};
pub use hexvar_geometry::contract::*;
pub use men::{Color, ParseLetterError, Piece, Role};
pub use movegen::{PieceMoves, PieceMovesIter};
pub use moves::{Move, MoveList, ParseMoveError, MAX_MOVES};
pub use outcome::{Outcome, Points, WinReason};
pub use position::{IllegalMove, ParsePositionError, Position, PositionError, PositionProblem};
pub use setup::{CastlingRights, ParseSetupError, Setup, Special, START_TEXT};

/// A game of C'escacs: the start position, the moves played and every position reached, with
/// the rules' draws — fivefold repetition automatic, threefold repetition and the fifty-move
/// rule claimable ([`Game::claim_draw`]), agreement ([`Game::agree_draw`]) — undo, and game
/// records in the author's CTL notation ([`Game::to_record`], [`Game::from_record`]).
///
/// ```
/// use hexvar_cescacs::{Game, GameError};
///
/// let mut game = Game::new();
/// let m = game.position().parse_san("E7-E13")?;
/// game.play(m)?;
/// game.play(game.position().parse_san("E21-E15")?)?;
/// assert_eq!(game.moves().len(), 2);
/// assert_eq!(game.outcome(), None);
/// assert_eq!(game.undo().map(|m| m.to_string()), Some("E21-E15".to_string()));
/// game.agree_draw();
/// assert_eq!(game.result_token(), "1-1");
/// assert!(matches!(game.play(m), Err(GameError::Finished(_))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Game = hexvar_geometry::Game<Position>;

/// Why [`Game::play`] refused a move: an illegal move, or a game already over.
pub type GameError = hexvar_geometry::GameError<Position>;

/// The rules of C'escacs v3 as this crate implements them: board, men, moves, game end,
/// notation and position text, every interpretation, and (at the end) the internals.
#[doc = include_str!("../docs/rules.md")]
pub mod rules {}
