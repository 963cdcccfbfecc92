#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod attacks;
mod cells;
mod census;
mod check;
mod colors;
mod count;
mod elimination;
mod legal;
mod men;
mod movegen;
mod moves;
mod outcome;
mod perft;
mod play;
mod position;
pub mod render;
mod san;
mod setup;
mod tables;
mod undo;
mod validation;
mod variant;

/// Kirby's HexChess: the rules as this crate implements them, the position text format, and
/// how the perft counts were obtained.
#[doc = include_str!("../docs/rules.md")]
pub mod rules {}

pub use cells::{Cell, CellKind, CellSet, ParseCellError, Shade, CELL_COUNT};
pub use colors::ColorSet;
pub use hexvar_geometry::contract::*;
pub use men::{Color, ParseLetterError, Piece, Role};
pub use movegen::{MovesKind, PieceMoves};
pub use moves::{Move, MoveList, ParseMoveError, MAX_MOVES};
pub use outcome::{Outcome, WinReason};
pub use position::{Choices, IllegalMove, Position};
pub use setup::{Layout, Mode, ParseSetupError, Setup, START_TEXT};
pub use validation::{ParsePositionError, PositionError, PositionProblem};

/// A game of Kirby's HexChess: the start position, the moves played, every position reached,
/// and the record's tags (geometry's generic game). Kirby's rules have no draws, so a game ends
/// only when one team is left; [`Game::with_repetition_draw`] adds a repetition draw as an
/// option. [`Game::to_record`] and [`Game::from_record`] write and read it as a game record,
/// the moves in SAN ([`Position::san`]).
pub type Game = hexvar_geometry::Game<Position>;

/// Why a [`Game`] refused a move: the move is illegal, or the game is over.
pub type GameError = hexvar_geometry::GameError<Position>;

/// The position texts of the conformance rows, then the start: what the unit tests that walk
/// every conformance position read.
#[cfg(test)]
fn conformance_texts() -> impl Iterator<Item = &'static str> {
    include_str!("../tests/data/conformance.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| l.splitn(3, ' ').nth(2).expect("depth count position"))
        .chain([START_TEXT])
}
