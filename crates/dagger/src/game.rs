//! A game record with repetition detection.

use crate::moves::Move;
use crate::position::{IllegalMove, Outcome, Position};

/// A start position plus the moves played, with the hash of every position reached.
///
/// ```
/// use hexvar_dagger::{Game, Position};
/// let mut game = Game::new(Position::new());
/// let m = game.position().parse_move("d2-f2").unwrap();
/// game.play(m).unwrap();
/// assert_eq!(game.moves().len(), 1);
/// assert_eq!(game.outcome(), None);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    hashes: Vec<u64>,
}

impl Game {
    /// A game from `start` with no moves yet.
    pub fn new(start: Position) -> Game {
        Game {
            start,
            position: start,
            moves: Vec::new(),
            hashes: vec![start.hash()],
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

    /// The moves played so far.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Play a legal move; on error nothing changes.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.position.play(m)?;
        self.moves.push(m);
        self.hashes.push(self.position.hash());
        Ok(())
    }

    /// How many times the current position has occurred (by hash, including now).
    pub fn repetitions(&self) -> usize {
        let now = self.position.hash();
        // Only positions with the same side to move and no irreversible move since can repeat.
        let plies = (self.position.halfmove_clock() as usize).min(self.hashes.len() - 1);
        self.hashes[self.hashes.len() - 1 - plies..]
            .iter()
            .filter(|&&h| h == now)
            .count()
    }

    /// [`Position::outcome`], plus a draw when the current position occurs for the third time.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position
            .outcome()
            .or_else(|| (self.repetitions() >= 3).then_some(Outcome::ThreefoldRepetition))
    }
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Position::new())
    }
}
