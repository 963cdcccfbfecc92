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

use crate::record::RecordError;
use crate::san::cut;
use crate::{perft, Game, GameError, Variant, VariantOutcome};

/// A legal move as text: its notation and the cells it leaves and reaches.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveInfo {
    /// The move in the variant's notation; [`DynVariant::play_text`] takes it back.
    pub notation: String,
    /// The move in short algebraic notation, in the position it is (or was) played from.
    pub san: String,
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
    /// The Zobrist hash.
    fn hash(&self) -> u64;
    /// The number of legal moves (named apart from [`Variant::legal_move_count`] so that generic
    /// code with both traits in scope is not ambiguous).
    fn move_count(&self) -> usize;
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

fn move_info<V: Variant>(mv: V::Move, san: String) -> MoveInfo {
    let (from, to) = V::move_cells(mv);
    MoveInfo {
        notation: mv.to_string(),
        san,
        from: from.map(|c| c.to_string()),
        to: to.to_string(),
    }
}

fn outcome_info<O: VariantOutcome>(o: &O) -> OutcomeInfo {
    OutcomeInfo {
        winner: o.winner().map(|w| w.to_string()),
        reason: o.reason().to_string(),
        text: o.to_string(),
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
        crate::san::san_list(self)
            .into_iter()
            .map(|(mv, san)| move_info::<V>(mv, san.into_string()))
            .collect()
    }

    fn play_text(&mut self, text: &str) -> Result<MoveInfo, TextError> {
        let mv = self
            .parse_san(text)
            .map_err(|e| TextError::Move(e.to_string()))?;
        let san = self.san(mv).into_string();
        self.play(mv).map_err(|e| TextError::Move(e.to_string()))?;
        Ok(move_info::<V>(mv, san))
    }

    fn status(&self) -> Status {
        Status {
            turn: self.turn().to_string(),
            check: self.is_check(),
            outcome: self.outcome().as_ref().map(outcome_info),
            hash: self.zobrist_hash(),
        }
    }

    fn hash(&self) -> u64 {
        self.zobrist_hash()
    }

    fn move_count(&self) -> usize {
        Variant::legal_move_count(self)
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
        .map_err(|e| TextError::Position(cut(&e.to_string(), 200)))
}

/// A game of any variant, driven by text: the object-safe face of [`Game`], blanket-implemented
/// for every `Game<V>`.
pub trait DynGame: fmt::Debug + Send + Sync {
    /// The variant's name (`"brusky"`).
    fn name(&self) -> &'static str;
    /// The current position, as a [`DynVariant`].
    fn position(&self) -> &dyn DynVariant;
    /// The start position's text.
    fn start_text(&self) -> String;
    /// Side to move, check and hash of the current position, and the game's outcome
    /// (repetition and declared draws included).
    fn status(&self) -> Status;
    /// The legal moves (none once the game is over), with their SAN.
    fn moves(&self) -> Vec<MoveInfo>;
    /// The moves played, with their SAN.
    fn history(&self) -> Vec<MoveInfo>;
    /// Plays the legal move a SAN or notation text names; on error the game is unchanged.
    fn play_text(&mut self, text: &str) -> Result<MoveInfo, TextError>;
    /// Takes back the last move.
    fn undo(&mut self) -> Option<MoveInfo>;
    /// How often the current position has occurred.
    fn repetitions(&self) -> usize;
    /// Claims the draw the rules allow now, if any; returns its reason.
    fn claim_draw(&mut self) -> Option<String>;
    /// Agrees a draw; returns whether it was recorded.
    fn agree_draw(&mut self) -> bool;
    /// Sets a record tag: an error for a name or value no record can hold, or a tag of the start
    /// (see [`Game::set_tag`]).
    fn set_tag(&mut self, name: &str, value: &str) -> Result<(), crate::TagError>;
    /// The game record (see [`crate::record`]).
    fn record(&self) -> String;
    /// A copy behind a new box.
    fn clone_game(&self) -> Box<dyn DynGame>;
}

impl<V: Variant> DynGame for Game<V> {
    fn name(&self) -> &'static str {
        V::NAME
    }

    fn position(&self) -> &dyn DynVariant {
        Game::<V>::position(self)
    }

    fn start_text(&self) -> String {
        self.start_position().to_string()
    }

    fn status(&self) -> Status {
        let pos = Game::<V>::position(self);
        Status {
            turn: pos.turn().to_string(),
            check: pos.is_check(),
            outcome: self.outcome().as_ref().map(outcome_info),
            hash: pos.zobrist_hash(),
        }
    }

    fn moves(&self) -> Vec<MoveInfo> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        DynVariant::moves(Game::<V>::position(self))
    }

    fn history(&self) -> Vec<MoveInfo> {
        self.moves()
            .iter()
            .zip(self.positions_iter())
            .map(|(&mv, pos)| move_info::<V>(mv, pos.san(mv).into_string()))
            .collect()
    }

    fn play_text(&mut self, text: &str) -> Result<MoveInfo, TextError> {
        let pos = Game::<V>::position(self);
        let mv = pos
            .parse_san(text)
            .map_err(|e| TextError::Move(e.to_string()))?;
        let san = pos.san(mv).into_string();
        self.play(mv).map_err(|e| match e {
            GameError::IllegalMove(e) => TextError::Move(e.to_string()),
            GameError::Finished(o) => TextError::Move(format!("the game is over: {o}")),
        })?;
        Ok(move_info::<V>(mv, san))
    }

    fn undo(&mut self) -> Option<MoveInfo> {
        let mv = Game::<V>::undo(self)?;
        let san = Game::<V>::position(self).san(mv).into_string();
        Some(move_info::<V>(mv, san))
    }

    fn repetitions(&self) -> usize {
        Game::<V>::repetitions(self)
    }

    fn claim_draw(&mut self) -> Option<String> {
        Game::<V>::claim_draw(self).map(|r| r.to_string())
    }

    fn agree_draw(&mut self) -> bool {
        Game::<V>::agree_draw(self)
    }

    fn set_tag(&mut self, name: &str, value: &str) -> Result<(), crate::TagError> {
        Game::<V>::set_tag(self, name, value)
    }

    fn record(&self) -> String {
        self.to_record()
    }

    fn clone_game(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn DynGame> {
    fn clone(&self) -> Self {
        self.clone_game()
    }
}

fn new_game_boxed<V: Variant>(text: Option<&str>) -> Result<Box<dyn DynGame>, TextError> {
    let start = match text {
        Some(text) => text
            .parse::<V>()
            .map_err(|e| TextError::Position(cut(&e.to_string(), 200)))?,
        None => V::start(),
    };
    Ok(Box::new(Game::from_position(start)))
}

fn read_record_boxed<V: Variant>(text: &str) -> Result<Box<dyn DynGame>, RecordError> {
    Game::<V>::from_record(text).map(|g| Box::new(g) as Box<dyn DynGame>)
}

/// How a [`VariantEntry`] makes a new game: from the start, or from a position text.
pub type NewGame = fn(Option<&str>) -> Result<Box<dyn DynGame>, TextError>;

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
    /// A new game from the start, or from a position text.
    pub new_game: NewGame,
    /// A game read from its record.
    pub read_record: fn(&str) -> Result<Box<dyn DynGame>, RecordError>,
}

impl VariantEntry {
    /// The entry of the variant `V`.
    pub const fn of<V: Variant>() -> VariantEntry {
        VariantEntry {
            name: V::NAME,
            start: start_boxed::<V>,
            parse: parse_boxed::<V>,
            start_positions: V::start_positions,
            new_game: new_game_boxed::<V>,
            read_record: read_record_boxed::<V>,
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
