//! A game record: a start position and the moves played, with repetition detection.

use crate::moves::Move;
use crate::outcome::{DrawReason, Outcome};
use crate::position::{IllegalMove, Position};

/// Why [`Game::play`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum GameError {
    /// The move is not legal in the current position.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMove),
    /// The game is over.
    #[error("the game is over: {0}")]
    Finished(Outcome),
}

/// A nonsense option for a [`Game`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum GameOptionError {
    /// A repetition draw needs a position to occur at least twice.
    #[error("a repetition draw needs at least 2 occurrences, not {0}")]
    Repetitions(usize),
}

/// A game: the start position, the moves played and every position reached.
///
/// Kirby's rules have no draws; repetition draws are an option, off by default
/// ([`Game::with_repetition_draw`]). A finished game refuses further moves.
///
/// ```
/// use hexvar_kirby::{DrawReason, Game, Outcome};
/// let mut game = Game::new().with_repetition_draw(3).unwrap();
/// // Both sides shuffle a knight out and back twice: the start position occurs a third time.
/// for _ in 0..2 {
///     for text in ["B/12-B/33", "W/12-W/33", "B/33-B/12", "W/33-W/12"] {
///         let m = game.position().parse_move(text).unwrap();
///         game.play(m).unwrap();
///     }
/// }
/// assert_eq!(game.repetitions(), 3);
/// assert_eq!(game.outcome(), Some(Outcome::Draw { reason: DrawReason::Repetition }));
/// assert!(game.play("B/12-B/33".parse().unwrap()).is_err());
/// assert_eq!(game.undo().map(|m| m.to_string()), Some("W/33-W/12".to_string()));
/// assert_eq!(game.outcome(), None);
/// assert!(Game::new().with_repetition_draw(1).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    positions: Vec<Position>,
    moves: Vec<Move>,
    repetition_draw: Option<usize>,
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

impl Game {
    /// A game from the two-player start position.
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game from `start`.
    pub fn from_position(start: Position) -> Game {
        Game {
            positions: vec![start.clone()],
            start,
            moves: Vec::new(),
            repetition_draw: None,
        }
    }

    /// Declares a draw when a position occurs `times` times (an option: Kirby gives no draw
    /// rules). `times` below 2 is an error: the start position occurs once already.
    pub fn with_repetition_draw(mut self, times: usize) -> Result<Game, GameOptionError> {
        if times < 2 {
            return Err(GameOptionError::Repetitions(times));
        }
        self.repetition_draw = Some(times);
        Ok(self)
    }

    /// The start position.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions
            .last()
            .expect("the start position is always there")
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays `m` if the game is not over and `m` is legal; the game is unchanged otherwise.
    pub fn play(&mut self, m: Move) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Finished(outcome));
        }
        let mut next = self.position().clone();
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

    /// How often the current position has occurred (same pieces, armies, turn and rights).
    pub fn repetitions(&self) -> usize {
        let current = self.position();
        self.positions.iter().filter(|&p| p == current).count()
    }

    /// The position's outcome, or a repetition draw if that option is on and reached.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position()
            .outcome()
            .or_else(|| match self.repetition_draw {
                Some(n) if self.repetitions() >= n => Some(Outcome::Draw {
                    reason: DrawReason::Repetition,
                }),
                _ => None,
            })
    }
}
