//! A game record: a start position and the moves played, with repetition detection.

use crate::moves::Move;
use crate::position::{IllegalMove, Outcome, Position};

/// A game: the start position, the moves played and the hash of every position reached.
///
/// Kirby's rules have no draws; repetition draws are an option, off by default
/// ([`Game::with_repetition_draw`]).
///
/// ```
/// use hexvar_kirby::{Game, Outcome};
/// let mut game = Game::new().with_repetition_draw(3);
/// // Both sides shuffle a knight out and back twice: the start position occurs a third time.
/// for _ in 0..2 {
///     for text in ["B/12-B/33", "W/12-W/33", "B/33-B/12", "W/33-W/12"] {
///         let m = game.position().parse_move(text).unwrap();
///         game.play(m).unwrap();
///     }
/// }
/// assert_eq!(game.repetitions(), 3);
/// assert_eq!(game.outcome(), Some(Outcome::Draw));
/// assert_eq!(Game::new().outcome(), None);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    hashes: Vec<u64>,
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
        let hash = start.hash();
        Game {
            position: start.clone(),
            start,
            moves: Vec::new(),
            hashes: vec![hash],
            repetition_draw: None,
        }
    }

    /// Declares a draw when a position occurs `times` times (an option: Kirby gives no draw
    /// rules).
    pub fn with_repetition_draw(mut self, times: usize) -> Game {
        self.repetition_draw = Some(times);
        self
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays `m` if it is legal; the game is unchanged otherwise.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.position.play(m)?;
        self.moves.push(m);
        self.hashes.push(self.position.hash());
        Ok(())
    }

    /// How often the current position has occurred (same pieces, armies, turn and rights).
    pub fn repetitions(&self) -> usize {
        let current = self.position.hash();
        self.hashes.iter().filter(|&&h| h == current).count()
    }

    /// The position's outcome, or a repetition draw if that option is on and reached.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position
            .outcome()
            .or_else(|| match self.repetition_draw {
                Some(n) if self.repetitions() >= n => Some(Outcome::Draw),
                _ => None,
            })
    }
}
