//! A game record with repetition detection.

use crate::moves::Move;
use crate::position::{DrawReason, IllegalMove, Outcome, PlayError, Position};

/// A start position and the moves played from it, with the hashes of every position reached.
///
/// ```
/// use hexvar_cescacs::{Game, Position};
///
/// let mut game = Game::new(Position::new());
/// game.play_str("E7-E13").unwrap();
/// game.play_str("E21-E15").unwrap();
/// assert_eq!(game.moves().len(), 2);
/// assert_eq!(game.outcome(), None);
/// ```
#[derive(Clone, Debug)]
pub struct Game {
    start: Position,
    position: Position,
    moves: Vec<Move>,
    hashes: Vec<u64>,
}

impl Default for Game {
    fn default() -> Game {
        Game::new(Position::new())
    }
}

impl Game {
    /// A game from `start`.
    pub fn new(start: Position) -> Game {
        let h = start.hash();
        Game {
            position: start.clone(),
            start,
            moves: Vec::new(),
            hashes: vec![h],
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

    /// Plays a legal move.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        self.position.play(m)?;
        self.moves.push(m);
        self.hashes.push(self.position.hash());
        Ok(())
    }

    /// Plays the legal move a CTL-AN text names.
    pub fn play_str(&mut self, text: &str) -> Result<Move, PlayError> {
        let m = self.position.parse_move(text)?;
        self.position.play_unchecked(m);
        self.moves.push(m);
        self.hashes.push(self.position.hash());
        Ok(m)
    }

    /// How often the current position has occurred (counting now).
    pub fn repetitions(&self) -> usize {
        let h = self.position.hash();
        self.hashes.iter().filter(|&&x| x == h).count()
    }

    /// Whether a draw may be claimed: threefold repetition or 50 moves each.
    pub fn can_claim_draw(&self) -> bool {
        self.repetitions() >= 3 || self.position.can_claim_fifty_moves()
    }

    /// The outcome: [`Position::outcome`] plus the automatic fivefold-repetition draw.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome().or_else(|| {
            (self.repetitions() >= 5).then_some(Outcome::Draw(DrawReason::FivefoldRepetition))
        })
    }
}
