//! A game record: a start position and the moves played, with repetition detection.

use crate::moves::Move;
use crate::position::{DrawReason, IllegalMove, Outcome, Position};

/// A game: the start position, the moves played, and every position reached, so that threefold
/// repetition is detected and moves can be taken back.
///
/// A finished game (checkmate, stalemate, or an automatic draw: the 50-move rule, insufficient
/// material, threefold repetition) refuses further moves with [`GameError::Finished`].
///
/// ```
/// use hexvar_brusky::{DrawReason, Game, GameError, Outcome};
/// let mut game = Game::new();
/// for text in ["h1-g3", "e8-f6", "g3-h1", "f6-e8", "h1-g3", "e8-f6", "g3-h1"] {
///     let m = game.position().parse_move(text).unwrap();
///     game.play(m).unwrap();
///     assert_eq!(game.outcome(), None);
/// }
/// let m = game.position().parse_move("f6-e8").unwrap();
/// game.play(m).unwrap(); // the start position, a third time
/// assert_eq!(game.repetitions(), 3);
/// let draw = Outcome::Draw { reason: DrawReason::ThreefoldRepetition };
/// assert_eq!(game.outcome(), Some(draw));
/// let next = game.position().parse_move("h1-g3").unwrap();
/// assert_eq!(game.play(next), Err(GameError::Finished(draw)));
/// assert_eq!(game.undo(), Some(m));
/// assert_eq!(game.outcome(), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// The start position, then the position after each move.
    positions: Vec<Position>,
    moves: Vec<Move>,
}

/// Why a [`Game`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum GameError {
    /// The move is not legal in the current position.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMove),
    /// The game is over.
    #[error("the game is over: {0}")]
    Finished(Outcome),
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A game from the start position.
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game from `start`.
    pub fn from_position(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The start position.
    pub fn start_position(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("a game has its start position")
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays `m` if the game is not over and `m` is legal; otherwise the game is unchanged.
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Finished(outcome));
        }
        let mut next = *self.position();
        next.play(m)?;
        self.positions.push(next);
        self.moves.push(m);
        Ok(())
    }

    /// Takes back the last move and returns it (`None` at the start).
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        Some(m)
    }

    /// How often the current position has occurred (same men, side to move, castling rights and
    /// usable en passant target), counting only positions since the last capture or pawn move.
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        let window = (current.halfmove_clock() as usize).saturating_add(1);
        self.positions
            .iter()
            .rev()
            .take(window)
            .filter(|p| p.same_placement_and_rights(current))
            .count()
    }

    /// The game's end: [`Position::outcome`], or a draw when the current position has occurred
    /// three times.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.position().outcome() {
            Some(outcome) => Some(outcome),
            None if self.repetitions() >= REPETITIONS_TO_DRAW => Some(Outcome::Draw {
                reason: DrawReason::ThreefoldRepetition,
            }),
            None => None,
        }
    }
}

/// How many times a position must occur for the repetition draw.
const REPETITIONS_TO_DRAW: usize = 3;
