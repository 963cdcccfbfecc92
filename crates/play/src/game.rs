//! A game of any variant: its start, the moves played and the positions they led to, behind the
//! object-safe trait [`PlayGame`] so that the server holds games of every variant alike.

use std::time::Duration;

use hexvar_geometry::{DynVariant, MoveInfo, Status, Variant, VariantPiece};

use crate::engine;

/// Why a request on a game was refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError {
    /// The text names no legal move (or is not move notation).
    IllegalMove(String),
    /// The game has ended: no more moves.
    Finished(String),
    /// Undo with no move played.
    NothingToUndo,
}

impl std::fmt::Display for GameError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            GameError::IllegalMove(message) => write!(f, "illegal move: {message}"),
            GameError::Finished(outcome) => write!(f, "the game is over: {outcome}"),
            GameError::NothingToUndo => f.write_str("no move to undo"),
        }
    }
}

impl std::error::Error for GameError {}

/// A game of one variant, driven by text: what the server and the page need.
pub trait PlayGame: Send + Sync {
    /// The variant's name (`"dagger"`).
    fn variant(&self) -> &'static str;
    /// The text of the position the game started from.
    fn start_text(&self) -> String;
    /// The text of the current position.
    fn position_text(&self) -> String;
    /// Side to move, check, outcome and hash of the current position.
    fn status(&self) -> Status;
    /// The legal moves of the current position (none once the game has ended).
    fn moves(&self) -> Vec<MoveInfo>;
    /// The moves played, in the variant's notation.
    fn history(&self) -> Vec<MoveInfo>;
    /// The current position as an SVG picture whose cell polygons carry `data-cell`.
    fn svg(&self) -> String;
    /// The cells of the side to move's kings (role letter `K`) when it is in check.
    fn checked_kings(&self) -> Vec<String>;
    /// Plays the legal move a text names; on error the game is unchanged.
    fn play_text(&mut self, text: &str) -> Result<MoveInfo, GameError>;
    /// Takes back the last move.
    fn undo(&mut self) -> Result<MoveInfo, GameError>;
    /// The opponent's choice in the current position (searching at most about `limit`), as
    /// notation; `None` when there is no legal move.
    fn opponent_move(&self, limit: Duration) -> Option<String>;
    /// A copy behind a new box.
    fn clone_box(&self) -> Box<dyn PlayGame>;
}

/// A game of the variant `V`.
#[derive(Clone, Debug)]
pub struct Game<V: Variant> {
    /// `positions[0]` is the start, `positions[i + 1]` follows `moves[i]`.
    positions: Vec<V>,
    moves: Vec<V::Move>,
}

impl<V: Variant> Game<V> {
    /// A game from `start`.
    pub fn new(start: V) -> Self {
        Game {
            positions: vec![start],
            moves: Vec::new(),
        }
    }

    /// The current position.
    pub fn position(&self) -> &V {
        self.positions.last().expect("a game has a position")
    }

    fn info(mv: V::Move) -> MoveInfo {
        let (from, to) = V::move_cells(mv);
        MoveInfo {
            notation: mv.to_string(),
            from: from.map(|c| c.to_string()),
            to: to.to_string(),
        }
    }
}

impl<V: Variant> PlayGame for Game<V> {
    fn variant(&self) -> &'static str {
        V::NAME
    }

    fn start_text(&self) -> String {
        self.positions[0].to_string()
    }

    fn position_text(&self) -> String {
        self.position().to_string()
    }

    fn status(&self) -> Status {
        DynVariant::status(self.position())
    }

    fn moves(&self) -> Vec<MoveInfo> {
        let pos = self.position();
        if pos.outcome().is_some() {
            return Vec::new();
        }
        pos.legal_moves().iter().map(|&mv| Self::info(mv)).collect()
    }

    fn history(&self) -> Vec<MoveInfo> {
        self.moves.iter().map(|&mv| Self::info(mv)).collect()
    }

    fn svg(&self) -> String {
        self.position().svg(&[])
    }

    fn checked_kings(&self) -> Vec<String> {
        let pos = self.position();
        if !pos.is_check() {
            return Vec::new();
        }
        let turn = pos.turn();
        V::cells()
            .iter()
            .filter(|&&cell| {
                pos.piece_at(cell)
                    .is_some_and(|p| p.color() == turn && p.role().to_string() == "K")
            })
            .map(|cell| cell.to_string())
            .collect()
    }

    fn play_text(&mut self, text: &str) -> Result<MoveInfo, GameError> {
        let pos = self.position();
        if let Some(outcome) = pos.outcome() {
            return Err(GameError::Finished(outcome.to_string()));
        }
        let mv = pos
            .parse_move(text)
            .map_err(|e| GameError::IllegalMove(e.to_string()))?;
        let mut next = pos.clone();
        next.play(mv)
            .map_err(|e| GameError::IllegalMove(e.to_string()))?;
        self.positions.push(next);
        self.moves.push(mv);
        Ok(Self::info(mv))
    }

    fn undo(&mut self) -> Result<MoveInfo, GameError> {
        let mv = self.moves.pop().ok_or(GameError::NothingToUndo)?;
        self.positions.pop();
        Ok(Self::info(mv))
    }

    fn opponent_move(&self, limit: Duration) -> Option<String> {
        let pos = self.position();
        if pos.outcome().is_some() {
            return None;
        }
        engine::search(pos, limit, engine::MAX_DEPTH)
            .best
            .map(|mv| mv.to_string())
    }

    fn clone_box(&self) -> Box<dyn PlayGame> {
        Box::new(self.clone())
    }
}
