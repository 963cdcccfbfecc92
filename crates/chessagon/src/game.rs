//! A game record with repetition detection.

use crate::moves::Move;
use crate::position::{DrawReason, IllegalMove, Outcome, Position};

/// A move the game refuses.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum GameError {
    /// The move is not legal in the current position.
    #[error(transparent)]
    IllegalMove(#[from] IllegalMove),
    /// The game is over (checkmate, or a draw by rule), so no move is accepted.
    #[error("the game is over: {0}")]
    Finished(Outcome),
}

/// A start position plus the moves played, with every position reached (for repetitions and
/// [`Game::undo`]).
///
/// ```
/// use hexvar_chessagon::{Game, GameError};
///
/// let mut game = Game::new();
/// let mv = game.position().parse_move("f3e5")?;
/// game.play(mv)?;
/// assert_eq!(game.moves(), &[mv]);
/// assert_eq!(game.undo(), Some(mv));
/// assert_eq!(game.position(), game.start_position());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Game {
    /// Every position reached, the start first and the current one last.
    positions: Vec<Position>,
    moves: Vec<Move>,
}

/// The third occurrence of a position draws (chess convention).
const REPETITIONS_TO_DRAW: usize = 3;

impl Game {
    /// A game from the start position.
    pub fn new() -> Game {
        Game::from_position(Position::new())
    }

    /// A game from any position.
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
            .expect("a game holds its start position")
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Play a legal move. An illegal move, or any move once the game is over ([`Game::outcome`]
    /// is some), is refused and leaves the game untouched.
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

    /// Takes back the last move and returns it (`None` at the start position).
    pub fn undo(&mut self) -> Option<Move> {
        let m = self.moves.pop()?;
        self.positions.pop();
        Some(m)
    }

    /// How many times the current position has occurred (including now).
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions
            .iter()
            .filter(|p| p.zobrist_hash() == now.zobrist_hash() && p.same_state(now))
            .count()
    }

    /// [`Position::outcome`], plus a draw when the current position occurs for the third time
    /// (chess convention; the rules name no draws). Positions count as the same when the board, the side to move,
    /// the castling rights, the en passant state and the unmoved-pawn flags agree; the clocks
    /// do not count.
    pub fn outcome(&self) -> Option<Outcome> {
        self.position().outcome().or_else(|| {
            (self.repetitions() >= REPETITIONS_TO_DRAW).then_some(Outcome::Draw {
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
    use crate::setup::START_TEXT;

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
        assert_eq!(game.position().to_string(), format!("{START_TEXT} 8 5"));
        let draw = Outcome::Draw {
            reason: DrawReason::Repetition,
        };
        assert_eq!(game.outcome(), Some(draw));
        assert_eq!(game.moves().len(), 8);
        assert_eq!(*game.start_position(), Position::new());
        // The game is over: even a legal move is refused, and nothing changes.
        let legal = game.position().parse_move("f3e5").unwrap();
        assert_eq!(game.play(legal), Err(GameError::Finished(draw)));
        assert_eq!(game.moves().len(), 8);
        // Undo one move: the game goes on, and an illegal move is refused as such.
        let last = game.undo().unwrap();
        assert_eq!(last.to_string(), "e11f13");
        assert_eq!(game.outcome(), None);
        let bad = "e1e2".parse().unwrap();
        assert!(matches!(game.play(bad), Err(GameError::IllegalMove(_))));
        assert_eq!(game.moves().len(), 7);
    }

    #[test]
    fn an_automatic_draw_finishes_the_game() {
        // The fifty-move rule: 100 half-moves without capture or pawn move.
        let pos: Position = "1k/4/6/8/8/8/8/8/8/8/8/8/R5/4/1K w - - 100 80"
            .parse()
            .unwrap();
        let mut game = Game::from_position(pos);
        let m = game.position().legal_moves()[0];
        assert!(matches!(
            game.play(m),
            Err(GameError::Finished(Outcome::Draw {
                reason: DrawReason::FiftyMoves
            }))
        ));
        assert_eq!(game.undo(), None);
    }
}
