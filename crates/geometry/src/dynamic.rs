//! The text-level, object-safe face of a [`Variant`]: strings in, strings out, so that a program
//! can hold positions of any variant as `Box<dyn DynVariant>` (a game server, a web board, a
//! command line). Every [`Variant`] has it through a blanket implementation.
//!
//! ```ignore
//! use hexvar_geometry::{DynVariant, VariantEntry};
//!
//! const VARIANTS: &[VariantEntry] = &[
//!     VariantEntry::of::<hexvar_brusky::Position>(),
//!     VariantEntry::of::<hexvar_dagger::Position>(),
//! ];
//! let mut pos: Box<dyn DynVariant> = (VARIANTS[0].start)();
//! let first = pos.moves()[0].notation.clone();
//! pos.play_text(&first)?;
//! println!("{}", pos.position_text());
//! ```

use core::fmt;

use crate::{perft, Variant, VariantOutcome};

/// A legal move as text: its notation and the cells it leaves and reaches.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveInfo {
    /// The move in the variant's notation; [`DynVariant::play_text`] takes it back.
    pub notation: String,
    /// The cell the move leaves (none for a drop from the hand).
    pub from: Option<String>,
    /// The cell the move goes to.
    pub to: String,
}

/// How a finished game ended, as text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OutcomeInfo {
    /// The winning side or team, or `None` for a draw.
    pub winner: Option<String>,
    /// The reason: `"checkmate"`, `"stalemate"`, …
    pub reason: String,
    /// The whole outcome in words, as the variant's `Outcome` displays it.
    pub text: String,
}

/// The state of play in a position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Status {
    /// The side to move.
    pub turn: String,
    /// Whether the side to move is in check.
    pub check: bool,
    /// How the game ended, when it has.
    pub outcome: Option<OutcomeInfo>,
    /// The Zobrist hash.
    pub hash: u64,
}

/// Bad text given to a [`DynVariant`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum TextError {
    /// The text is not a legal position of the variant.
    Position(String),
    /// The text names no legal move in the position.
    Move(String),
}

impl fmt::Display for TextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TextError::Position(message) | TextError::Move(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for TextError {}

/// A position of any variant, driven by text. Blanket-implemented for every [`Variant`].
pub trait DynVariant: fmt::Debug + fmt::Display + Send + Sync {
    /// The variant's name (`"brusky"`).
    fn name(&self) -> &'static str;
    /// The position text.
    fn position_text(&self) -> String;
    /// The legal moves, in the order the generator gives them.
    fn moves(&self) -> Vec<MoveInfo>;
    /// Plays the legal move a text names and returns it; on error the position is unchanged.
    fn play_text(&mut self, text: &str) -> Result<MoveInfo, TextError>;
    /// Side to move, check, outcome and hash.
    fn status(&self) -> Status;
    /// An SVG picture with the named cells ringed (names that are not cells are ignored).
    fn svg_marked(&self, marked: &[&str]) -> String;
    /// Another position of the same variant, read from its text.
    fn parse_same_variant(&self, text: &str) -> Result<Box<dyn DynVariant>, TextError>;
    /// A copy behind a new box.
    fn clone_box(&self) -> Box<dyn DynVariant>;
    /// The variant's named start positions (name, text).
    fn start_positions(&self) -> Vec<(String, String)>;
    /// Perft with bulk counting at the last ply.
    fn perft(&self, depth: u32) -> u64;
    /// Perft playing every leaf move.
    fn perft_without_bulk(&self, depth: u32) -> u64;
    /// Perft per root move, sorted by notation.
    fn divide(&self, depth: u32) -> Vec<(String, u64)>;
    /// Perft with the root moves split over threads.
    #[cfg(feature = "parallel")]
    fn perft_parallel(&self, depth: u32) -> u64;
}

fn move_info<V: Variant>(mv: V::Move) -> MoveInfo {
    let (from, to) = V::move_cells(mv);
    MoveInfo {
        notation: mv.to_string(),
        from: from.map(|c| c.to_string()),
        to: to.to_string(),
    }
}

impl<V: Variant> DynVariant for V {
    fn name(&self) -> &'static str {
        V::NAME
    }

    fn position_text(&self) -> String {
        self.to_string()
    }

    fn moves(&self) -> Vec<MoveInfo> {
        self.legal_moves()
            .iter()
            .map(|&mv| move_info::<V>(mv))
            .collect()
    }

    fn play_text(&mut self, text: &str) -> Result<MoveInfo, TextError> {
        let mv = self
            .parse_move(text)
            .map_err(|e| TextError::Move(e.to_string()))?;
        self.play(mv).map_err(|e| TextError::Move(e.to_string()))?;
        Ok(move_info::<V>(mv))
    }

    fn status(&self) -> Status {
        Status {
            turn: self.turn().to_string(),
            check: self.is_check(),
            outcome: self.outcome().map(|o| OutcomeInfo {
                winner: o.winner().map(|w| w.to_string()),
                reason: o.reason().to_string(),
                text: o.to_string(),
            }),
            hash: self.zobrist_hash(),
        }
    }

    fn svg_marked(&self, marked: &[&str]) -> String {
        let cells: Vec<V::Cell> = marked.iter().filter_map(|c| c.parse().ok()).collect();
        self.svg(&cells)
    }

    fn parse_same_variant(&self, text: &str) -> Result<Box<dyn DynVariant>, TextError> {
        parse_boxed::<V>(text)
    }

    fn clone_box(&self) -> Box<dyn DynVariant> {
        Box::new(self.clone())
    }

    fn start_positions(&self) -> Vec<(String, String)> {
        V::start_positions()
    }

    fn perft(&self, depth: u32) -> u64 {
        Variant::perft(self, depth)
    }

    fn perft_without_bulk(&self, depth: u32) -> u64 {
        Variant::perft_without_bulk(self, depth)
    }

    fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        perft::divide(self, depth)
            .into_iter()
            .map(|(mv, n)| (mv.to_string(), n))
            .collect()
    }

    #[cfg(feature = "parallel")]
    fn perft_parallel(&self, depth: u32) -> u64 {
        perft::perft_parallel(self, depth)
    }
}

impl Clone for Box<dyn DynVariant> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

fn start_boxed<V: Variant>() -> Box<dyn DynVariant> {
    Box::new(V::start())
}

fn parse_boxed<V: Variant>(text: &str) -> Result<Box<dyn DynVariant>, TextError> {
    text.parse::<V>()
        .map(|pos| Box::new(pos) as Box<dyn DynVariant>)
        .map_err(|e| TextError::Position(e.to_string()))
}

/// One variant in a program's table of variants: its name and how to make its positions.
#[derive(Clone, Copy)]
pub struct VariantEntry {
    /// The variant's name (`"brusky"`).
    pub name: &'static str,
    /// The start position.
    pub start: fn() -> Box<dyn DynVariant>,
    /// A position from its text.
    pub parse: fn(&str) -> Result<Box<dyn DynVariant>, TextError>,
    /// The named start positions (name, text).
    pub start_positions: fn() -> Vec<(String, String)>,
}

impl VariantEntry {
    /// The entry of the variant `V`.
    pub const fn of<V: Variant>() -> VariantEntry {
        VariantEntry {
            name: V::NAME,
            start: start_boxed::<V>,
            parse: parse_boxed::<V>,
            start_positions: V::start_positions,
        }
    }
}

impl fmt::Debug for VariantEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("VariantEntry")
            .field("name", &self.name)
            .finish_non_exhaustive()
    }
}
