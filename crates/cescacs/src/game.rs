//! A game record with repetition detection, draw claims and agreement.

use crate::moves::Move;
use crate::position::{DrawReason, IllegalMove, Outcome, Position};

/// Why [`Game::play`] refused a move.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum GameError {
    /// The move is not legal in the current position.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMove),
    /// The game is over (any outcome, automatic draws and claimed or agreed draws included).
    #[error("the game is over: {0}")]
    Finished(Outcome),
}

/// A start position and the moves played from it, with the hashes of every position reached.
///
/// ```
/// use hexvar_cescacs::{Game, GameError, Position};
///
/// let mut game = Game::new();
/// let m = game.position().parse_move("E7-E13").unwrap();
/// game.play(m).unwrap();
/// game.play(game.position().parse_move("E21-E15").unwrap()).unwrap();
/// assert_eq!(game.moves().len(), 2);
/// assert_eq!(game.outcome(), None);
/// assert_eq!(game.undo().map(|m| m.to_string()), Some("E21-E15".to_string()));
/// game.agree_draw();
/// assert!(matches!(game.play(m), Err(GameError::Finished(_))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    start: Position,
    /// Every position reached, the start first.
    positions: Vec<Position>,
    moves: Vec<Move>,
    declared: Option<DrawReason>,
}

impl Default for Game {
    fn default() -> Game {
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
            positions: vec![start.clone()],
            start,
            moves: Vec::new(),
            declared: None,
        }
    }

    /// The start position.
    pub fn start_position(&self) -> &Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.start)
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Plays a legal move; refused once the game is over ([`Game::outcome`]).
    pub fn play(&mut self, mv: Move) -> Result<(), GameError> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Finished(outcome));
        }
        let mut next = self.position().clone();
        next.play(mv)?;
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Takes back the last move (and a declared draw with it); `None` at the start.
    pub fn undo(&mut self) -> Option<Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.declared = None;
        Some(mv)
    }

    /// How often the current position has occurred (counting now).
    pub fn repetitions(&self) -> usize {
        // The hash leaves the clocks out, as repetition does.
        let now = self.position().zobrist_hash();
        self.positions
            .iter()
            .filter(|p| p.zobrist_hash() == now)
            .count()
    }

    /// Whether a draw may be claimed: threefold repetition or 50 moves each.
    pub fn can_claim_draw(&self) -> bool {
        self.repetitions() >= 3 || self.position().can_claim_fifty_moves()
    }

    /// Claims a draw by threefold repetition or the 50-move rule; returns whether the claim
    /// was valid (the game is then drawn).
    pub fn claim_draw(&mut self) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        self.declared = if self.repetitions() >= 3 {
            Some(DrawReason::ThreefoldRepetition)
        } else if self.position().can_claim_fifty_moves() {
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
            return Some(Outcome::Draw { reason });
        }
        self.position().outcome().or_else(|| {
            (self.repetitions() >= 5).then_some(Outcome::Draw {
                reason: DrawReason::FivefoldRepetition,
            })
        })
    }
}
