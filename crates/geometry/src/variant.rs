//! The one interface every hexvar variant's position offers, so that a program hosting several
//! variants (a game server, a board, an engine, a test suite) is written once.
//!
//! The trait names operations only; every rule stays in the variant crate that implements it.
//! Each crate's `Position` has the same methods inherently (no import needed); the trait is the
//! generic face over them.

use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::ops::DerefMut;
use core::str::FromStr;
use std::error::Error;

/// A validated position of one hexagonal chess variant, with its legal moves and rules.
///
/// Implemented by `hexvar_<variant>::Position`. Generic code uses it like this:
///
/// ```
/// use hexvar_geometry::Variant;
///
/// fn random_game<V: Variant>(mut pos: V, plies: usize) -> V {
///     for i in 0..plies {
///         let moves = pos.legal_moves();
///         if moves.is_empty() { break; }
///         pos.play_unchecked(moves[i % moves.len()]);
///     }
///     pos
/// }
/// # fn main() {}
/// ```
pub trait Variant:
    Clone + Eq + Hash + Debug + Display + FromStr<Err = Self::ParseError> + Send + Sync + 'static
{
    /// The variant's short name, lowercase, as its crate is named: `"brusky"`, `"kirby"`.
    const NAME: &'static str;
    /// The start position's text.
    const START_TEXT: &'static str;
    /// The most legal moves any position of the variant can have (the move list's capacity).
    const MAX_MOVES: usize;
    /// The number of cells on the board.
    const CELL_COUNT: usize;

    /// A move; `Display` and `FromStr` in the variant's move notation.
    type Move: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;
    /// A cell; `Display` and `FromStr` in the variant's cell notation.
    type Cell: Copy + Eq + Hash + Ord + Debug + Display + FromStr + Send + Sync + 'static;
    /// A side: a colour, or in multi-army variants an army.
    type Color: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;
    /// A man on the board, with its side and role.
    type Piece: VariantPiece<Color = Self::Color>;
    /// How a finished game ended.
    type Outcome: VariantOutcome;
    /// The fixed-capacity move list (`hexvar_geometry::MoveList<Self::Move, MAX_MOVES>`).
    type MoveList: Default
        + Clone
        + Debug
        + DerefMut<Target = [Self::Move]>
        + IntoIterator<Item = Self::Move>
        + Send
        + Sync;
    /// Why a text is not a (legal) position.
    type ParseError: Error + Send + Sync + 'static;
    /// Why a move is not legal here.
    type IllegalMove: Error + Send + Sync + 'static;
    /// Why a text names no legal move here.
    type ParseMoveError: Error + Send + Sync + 'static;

    /// The start position.
    fn start() -> Self;

    /// Named start positions, for variants that have several (player counts, layouts): pairs of
    /// a name and a position text. The first is [`Variant::start`].
    fn start_positions() -> Vec<(String, String)> {
        vec![("standard".to_string(), Self::START_TEXT.to_string())]
    }

    /// Every cell, in the dense index's order.
    fn cells() -> &'static [Self::Cell];

    /// The side to move.
    fn turn(&self) -> Self::Color;

    /// The man on `cell`.
    fn piece_at(&self, cell: Self::Cell) -> Option<Self::Piece>;

    /// Fills `moves` with the legal moves (it is cleared first).
    fn legal_moves_into(&self, moves: &mut Self::MoveList);

    /// The legal moves.
    fn legal_moves(&self) -> Self::MoveList {
        let mut moves = Self::MoveList::default();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// The number of legal moves, counted without listing them (the fast bulk count).
    fn legal_move_count(&self) -> usize;

    /// The cell a move leaves (none for a drop from the hand) and the cell it goes to.
    fn move_cells(mv: Self::Move) -> (Option<Self::Cell>, Self::Cell);

    /// Plays a legal move; an illegal one is an error and leaves the position unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::IllegalMove>;

    /// Plays a move known to be legal (from [`Variant::legal_moves`]): the hot path.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// The legal move a text names (forgiving surrounding spaces and trailing `+ # ! ?`).
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::ParseMoveError>;

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;

    /// How the game has ended in this position, if it has.
    fn outcome(&self) -> Option<Self::Outcome>;

    /// The Zobrist hash: equal positions hash alike.
    fn zobrist_hash(&self) -> u64;

    /// An SVG picture of the position with `marked` cells ringed; every cell's polygon carries
    /// `data-cell="<cell>"`.
    fn svg(&self, marked: &[Self::Cell]) -> String;

    /// Perft with bulk counting at the last ply. The default is geometry's generic
    /// [`generic_perft`](crate::perft::generic_perft); a crate overrides it only with its own
    /// specialised perft where that measures faster (and says so in its rules page).
    fn perft(&self, depth: u32) -> u64 {
        crate::perft::generic_perft(self, depth)
    }

    /// Perft playing every leaf move. The default is geometry's generic
    /// [`generic_perft_without_bulk`](crate::perft::generic_perft_without_bulk); overridden as
    /// [`Variant::perft`] is.
    fn perft_without_bulk(&self, depth: u32) -> u64 {
        crate::perft::generic_perft_without_bulk(self, depth)
    }
}

/// A man on the board: its side and its role.
pub trait VariantPiece: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static {
    /// The side type.
    type Color;
    /// The role type; `Display` prints its letter.
    type Role: Copy + Eq + Hash + Debug + Display;
    /// The man's side.
    fn color(self) -> Self::Color;
    /// The man's role.
    fn role(self) -> Self::Role;
}

/// How a game ended: a win for a side (or a team) or a draw, with the reason.
pub trait VariantOutcome: Clone + Eq + Hash + Debug + Display + Send + Sync + 'static {
    /// Who wins: a colour, or in multi-army variants a team of armies.
    type Winner: Clone + Eq + Debug + Display;
    /// The winner, or `None` for a draw.
    fn winner(&self) -> Option<Self::Winner>;
    /// The reason in a few lowercase words: `"checkmate"`, `"stalemate"`, `"fifty-move rule"`.
    fn reason(&self) -> &'static str;
    /// Whether the game is drawn.
    fn is_draw(&self) -> bool {
        self.winner().is_none()
    }
}
