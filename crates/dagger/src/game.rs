//! A game record with repetition detection: [`Game`].

use crate::moves::Move;
use crate::outcome::{DrawReason, Outcome};
use crate::position::{IllegalMove, Position};

/// The number of occurrences of a position that draws by repetition.
const REPETITION_DRAW: usize = 3;

/// Why [`Game::play`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum GameError {
    /// The move is not legal in the current position.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMove),
    /// The game is over; it takes no more moves.
    #[error("the game is over: {0}")]
    Finished(Outcome),
}

/// A start position plus the moves played, with every position reached (for repetitions and
/// [`Game::undo`]).
///
/// ```
/// use hexvar_dagger::{Game, GameError};
/// let mut game = Game::new();
/// let m = game.position().parse_move("d2-f2").unwrap();
/// game.play(m).unwrap();
/// assert_eq!(game.moves().len(), 1);
/// assert_eq!(game.outcome(), None);
/// assert_eq!(game.undo(), Some(m));
/// assert_eq!(game.position(), game.start_position());
/// assert!(matches!(game.play(m), Ok(())));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// The positions reached, the start first.
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl Game {
    /// A game from the start position.
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game from `start` with no moves yet.
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
        self.positions.last().expect("a game has a start position")
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a legal move. A finished game (any [`Game::outcome`], automatic draws included)
    /// refuses every move; on error nothing changes.
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

    /// Takes back the last move and returns it; `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        Some(m)
    }

    /// How many times the current position has occurred, now included (positions compare by
    /// hash; only those since the last irreversible move can repeat).
    pub fn repetitions(&self) -> usize {
        let now = self.position().zobrist_hash();
        let plies = (self.position().halfmove_clock() as usize).min(self.moves.len());
        self.positions[self.positions.len() - 1 - plies..]
            .iter()
            .filter(|p| p.zobrist_hash() == now)
            .count()
    }

    /// [`Position::outcome`], or a draw when the current position occurs for the third time.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position().outcome().or_else(|| {
            (self.repetitions() >= REPETITION_DRAW).then_some(Outcome::Draw {
                reason: DrawReason::ThreefoldRepetition,
            })
        })
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new()
    }
}
