//! A game record with repetition detection.

use crate::moves::Move;
use crate::position::{DrawReason, IllegalMove, Outcome, Position};

/// A start position plus the moves played, with the hash of every position reached.
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    current: Position,
    moves: Vec<Move>,
    hashes: Vec<u64>,
}

impl Game {
    /// A game from the start position.
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game from any position.
    pub fn from_position(start: Position) -> Game {
        Game {
            start,
            current: start,
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
        &self.current
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Play a legal move; an illegal one leaves the game untouched.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.current.play(m)?;
        self.moves.push(m);
        self.hashes.push(self.current.hash());
        Ok(())
    }

    /// How many times the current position has occurred (including now).
    pub fn repetitions(&self) -> usize {
        let h = self.current.hash();
        self.hashes.iter().filter(|&&x| x == h).count()
    }

    /// [`Position::outcome`], plus a draw when the current position occurs for the third time
    /// (chess convention, §10.3).
    pub fn outcome(&self) -> Option<Outcome> {
        self.current.outcome().or_else(|| {
            (self.repetitions() >= 3).then_some(Outcome::Draw {
                reason: DrawReason::Repetition,
            })
        })
    }
}

impl Default for Game {
    fn default() -> Self {
        Game::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::position::Position;

    #[test]
    fn knight_shuffle_repeats_the_start_position_three_times() {
        let mut game = Game::new();
        for _ in 0..2 {
            for text in ["f3e5", "f13e11", "e5f3", "e11f13"] {
                let m = game.position().parse_move(text).unwrap();
                game.play(m).unwrap();
            }
        }
        assert_eq!(game.repetitions(), 3);
        assert_eq!(
            game.position().to_string(),
            format!("{} 8 5", crate::setup::START)
        );
        assert_eq!(
            game.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::Repetition
            })
        );
        assert_eq!(game.moves().len(), 8);
        assert_eq!(*game.start(), Position::new());
        // An illegal move leaves the game untouched.
        let bad = "e1e2".parse().unwrap();
        assert!(game.play(bad).is_err());
        assert_eq!(game.moves().len(), 8);
    }
}
