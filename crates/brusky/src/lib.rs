#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

mod attacks;
mod cells;
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

/// The rules of Brusky's Hexagonal Chess as this crate implements them, with the position text
/// format, the move notation and the short algebraic notation (SAN).
#[doc = include_str!("../docs/rules.md")]
pub mod rules {}

pub use attacks::{
    between, bishop_attacks, king_attacks, knight_attacks, pawn_attacks, rook_attacks,
};
pub use cells::{Cell, CellSet, ParseCellError, Shade, CELL_COUNT};
pub use hexvar_geometry::contract::*;
pub use men::{pawn_rank, promotion_rank, Color, ParseLetterError, Piece, Role};
pub use movegen::{PieceMoves, PieceMovesIter};
pub use moves::{
    CastlingCells, CastlingSide, Move, MoveList, MovesKind, ParseMoveError, MAX_MOVES,
};
pub use outcome::{Outcome, WinReason};
pub use position::{
    IllegalMove, ParsePositionError, Position, PositionError, PositionProblem, MAX_MEN, MAX_PAWNS,
};
pub use setup::{CastlingRights, EnPassant, ParseSetupError, Setup, START_TEXT};

/// A game of Brusky's Hexagonal Chess: the start position, the moves played, every position
/// reached, threefold repetition (an automatic draw, as the other automatic draws of this crate),
/// draws by agreement, undo, and game records in SAN ([`Game::to_record`], [`Game::from_record`]).
///
/// ```
/// use hexvar_brusky::{DrawReason, Game, GameError, Outcome};
/// let mut game = Game::new();
/// for text in ["Ng3", "Nf6", "Nh1", "Ne8", "Ng3", "Nf6", "Nh1"] {
///     let m = game.position().parse_san(text)?;
///     game.play(m)?;
///     assert_eq!(game.outcome(), None);
/// }
/// let m = game.position().parse_san("Ne8")?;
/// game.play(m)?; // the start position, a third time
/// assert_eq!(game.repetitions(), 3);
/// let draw = Outcome::Draw { reason: DrawReason::ThreefoldRepetition };
/// assert_eq!(game.outcome(), Some(draw));
/// let next = game.position().parse_san("Ng3")?;
/// assert_eq!(game.play(next), Err(GameError::Finished(draw)));
/// assert_eq!(game.undo(), Some(m));
/// assert_eq!(game.outcome(), None);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type Game = hexvar_geometry::Game<Position>;

/// Why a [`Game`] refused a move: [`GameError::IllegalMove`](hexvar_geometry::GameError::IllegalMove)
/// or [`GameError::Finished`](hexvar_geometry::GameError::Finished); the game is unchanged.
pub type GameError = hexvar_geometry::GameError<Position>;
