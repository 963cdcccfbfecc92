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
    declared: Option<DrawReason>,
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
            declared: None,
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

    /// Plays a legal move (refused once the game is over).
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if self.declared.is_some() {
            return Err(IllegalMove(m));
        }
        self.position.play(m)?;
        self.moves.push(m);
        self.hashes.push(self.position.hash());
        Ok(())
    }

    /// Plays the legal move a CTL-AN text names.
    pub fn play_str(&mut self, text: &str) -> Result<Move, PlayError> {
        if self.declared.is_some() {
            return Err(PlayError::Illegal(text.to_string()));
        }
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

    /// Claims a draw by threefold repetition or the 50-move rule; returns whether the claim
    /// was valid (the game is then drawn).
    pub fn claim_draw(&mut self) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        self.declared = if self.repetitions() >= 3 {
            Some(DrawReason::ThreefoldRepetition)
        } else if self.position.can_claim_fifty_moves() {
            Some(DrawReason::FiftyMoves)
        } else {
            None
        };
        self.declared.is_some()
    }

    /// Records a draw by agreement (if the game is not over yet).
    pub fn agree_draw(&mut self) {
        if self.outcome().is_none() {
            self.declared = Some(DrawReason::Agreement);
        }
    }

    /// The outcome: a declared draw (agreement or a valid claim), else [`Position::outcome`]
    /// plus the automatic fivefold-repetition draw.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(reason) = self.declared {
            return Some(Outcome::Draw(reason));
        }
        self.position.outcome().or_else(|| {
            (self.repetitions() >= 5).then_some(Outcome::Draw(DrawReason::FivefoldRepetition))
        })
    }
}
