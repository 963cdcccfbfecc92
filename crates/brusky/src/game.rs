//! A game record: a start position and the moves played, with repetition detection.

use crate::moves::Move;
use crate::position::{IllegalMove, Outcome, Position};

/// A game: the start position, the moves played, and the hash of every position reached, so
/// that threefold repetition can be detected.
///
/// ```
/// use hexvar_brusky::{Game, Outcome};
/// let mut game = Game::new();
/// for text in ["h1-g3", "e8-f6", "g3-h1", "f6-e8", "h1-g3", "e8-f6", "g3-h1"] {
///     game.play(text.parse().unwrap()).unwrap();
///     assert_eq!(game.outcome(), None);
/// }
/// game.play("f6-e8".parse().unwrap()).unwrap(); // the start position, a third time
/// assert_eq!(game.repetitions(), 3);
/// assert_eq!(game.outcome(), Some(Outcome::ThreefoldRepetition));
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    hashes: Vec<u64>,
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
        let hash = start.hash();
        Game {
            position: start.clone(),
            start,
            moves: Vec::new(),
            hashes: vec![hash],
        }
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

    /// Plays `m` if it is legal and the game is not over by checkmate or stalemate.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.position.play(m)?;
        self.moves.push(m);
        self.hashes.push(self.position.hash());
        Ok(())
    }

    /// How often the current position has occurred (same men, side to move, rights and en
    /// passant target), counting only positions since the last capture or pawn move.
    pub fn repetitions(&self) -> usize {
        let current = self.position.hash();
        let window = (self.position.halfmove_clock() as usize + 1).min(self.hashes.len());
        self.hashes[self.hashes.len() - window..]
            .iter()
            .filter(|&&h| h == current)
            .count()
    }

    /// The game's end: [`Position::outcome`], or a draw when the current position has occurred
    /// three times.
    pub fn outcome(&self) -> Option<Outcome> {
        match self.position.outcome() {
            Some(outcome) => Some(outcome),
            None if self.repetitions() >= 3 => Some(Outcome::ThreefoldRepetition),
            None => None,
        }
    }
}
