//! The one game record of every variant: a start position, the moves played, every position
//! reached, the repetition draws and draw claims each variant's rules allow, and the tags of a
//! game record (see [`crate::record`]).
//!
//! What differs per variant comes through the [`Variant`] trait: which positions count as the same
//! ([`Variant::is_repetition_of`]), which moves reset the count ([`Variant::is_zeroing`]), the
//! repetition rules ([`Variant::DRAW_RULES`]) and the positional claims
//! ([`Variant::claimable_draw`]).

use core::fmt;

use crate::{Variant, VariantOutcome};

/// Why a game is drawn: one vocabulary for all five variants (each uses the reasons its rules
/// name).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DrawReason {
    /// The side to move has no legal move and is not in check.
    Stalemate,
    /// Neither side can ever checkmate.
    InsufficientMaterial,
    /// 50 moves by each side without a capture or pawn move (automatic or claimed, as the
    /// variant's rules say).
    FiftyMoveRule,
    /// 75 moves by each side without a capture or pawn move (automatic).
    SeventyFiveMoveRule,
    /// The same position for the third time (automatic or claimed, as the variant's rules say).
    ThreefoldRepetition,
    /// The same position for the fifth time (automatic).
    FivefoldRepetition,
    /// The same position as often as a game's own repetition option asks (Kirby).
    Repetition,
    /// Both players agreed.
    Agreement,
}

impl DrawReason {
    /// The reason in lowercase words.
    pub const fn as_str(self) -> &'static str {
        match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::InsufficientMaterial => "insufficient material",
            DrawReason::FiftyMoveRule => "fifty-move rule",
            DrawReason::SeventyFiveMoveRule => "seventy-five-move rule",
            DrawReason::ThreefoldRepetition => "threefold repetition",
            DrawReason::FivefoldRepetition => "fivefold repetition",
            DrawReason::Repetition => "repetition",
            DrawReason::Agreement => "agreement",
        }
    }

    /// The reason a repetition draw after `times` occurrences is named by.
    pub const fn repetition(times: usize) -> DrawReason {
        match times {
            3 => DrawReason::ThreefoldRepetition,
            5 => DrawReason::FivefoldRepetition,
            _ => DrawReason::Repetition,
        }
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A variant's repetition rules: after how many occurrences of a position the game is drawn
/// by itself, and after how many a player may claim the draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DrawRules {
    /// Occurrences that draw the game automatically (`None`: never).
    pub automatic_repetition: Option<usize>,
    /// Occurrences after which the side to move may claim a draw (`None`: no claim).
    pub claimable_repetition: Option<usize>,
}

impl DrawRules {
    /// Chess convention where a variant's rules name no draws: the third occurrence draws.
    pub const AUTOMATIC_THREEFOLD: DrawRules = DrawRules {
        automatic_repetition: Some(3),
        claimable_repetition: None,
    };
    /// No repetition draw at all (Kirby's rules; a [`Game`] may still ask for one).
    pub const NONE: DrawRules = DrawRules {
        automatic_repetition: None,
        claimable_repetition: None,
    };
}

/// Why a [`Game`] refused a move; the game is unchanged.
pub enum GameError<V: Variant> {
    /// The move is not legal in the current position.
    IllegalMove(V::IllegalMove),
    /// The game is over.
    Finished(V::Outcome),
}

impl<V: Variant> Clone for GameError<V> {
    fn clone(&self) -> Self {
        match self {
            GameError::IllegalMove(e) => GameError::IllegalMove(e.clone()),
            GameError::Finished(o) => GameError::Finished(o.clone()),
        }
    }
}

impl<V: Variant> PartialEq for GameError<V> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (GameError::IllegalMove(a), GameError::IllegalMove(b)) => a == b,
            (GameError::Finished(a), GameError::Finished(b)) => a == b,
            _ => false,
        }
    }
}

impl<V: Variant> fmt::Debug for GameError<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::IllegalMove(e) => f.debug_tuple("IllegalMove").field(e).finish(),
            GameError::Finished(o) => f.debug_tuple("Finished").field(o).finish(),
        }
    }
}

impl<V: Variant> fmt::Display for GameError<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::IllegalMove(e) => fmt::Display::fmt(e, f),
            GameError::Finished(o) => write!(f, "the game is over: {o}"),
        }
    }
}

impl<V: Variant> std::error::Error for GameError<V> {}

/// A nonsense option for a [`Game`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameOptionError {
    /// A repetition draw needs a position to occur at least twice.
    Repetitions(usize),
}

impl fmt::Display for GameOptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameOptionError::Repetitions(n) => {
                write!(f, "a repetition draw needs at least 2 occurrences, not {n}")
            }
        }
    }
}

impl std::error::Error for GameOptionError {}

/// A game of the variant `V`: the start position, the moves played, every position reached (for
/// repetitions and [`Game::undo`]), draws declared by claim or agreement, and the record's tags.
///
/// A finished game ([`Game::outcome`] is some: the position's own end, an automatic repetition
/// draw, a claimed or agreed draw) refuses further moves; [`Game::undo`] reopens it.
///
/// Each variant crate names it `Game = hexvar_geometry::Game<Position>`.
#[derive(Clone, PartialEq, Eq)]
pub struct Game<V: Variant> {
    /// The start first, then the position after each move.
    positions: Vec<V>,
    moves: Vec<V::Move>,
    /// `zeroing[i]`: whether `moves[i]` made every earlier position unrepeatable.
    zeroing: Vec<bool>,
    rules: DrawRules,
    declared: Option<DrawReason>,
    tags: Vec<(String, String)>,
}

impl<V: Variant> fmt::Debug for Game<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("start", &self.start_position().to_string())
            .field("moves", &self.moves)
            .field("declared", &self.declared)
            .field("tags", &self.tags)
            .finish()
    }
}

impl<V: Variant> Default for Game<V> {
    fn default() -> Self {
        Game::new()
    }
}

impl<V: Variant> Game<V> {
    /// A game from the start position.
    pub fn new() -> Self {
        Game::from_position(V::start())
    }

    /// A game from any position.
    pub fn from_position(start: V) -> Self {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            zeroing: Vec::new(),
            rules: V::DRAW_RULES,
            declared: None,
            tags: Vec::new(),
        }
    }

    /// The same game with a draw when a position occurs `times` times (an option for variants
    /// whose rules have no repetition draw, such as Kirby; it replaces the automatic rule).
    /// `times` below 2 is an error: the start position occurs once already.
    pub fn with_repetition_draw(mut self, times: usize) -> Result<Self, GameOptionError> {
        if times < 2 {
            return Err(GameOptionError::Repetitions(times));
        }
        self.rules.automatic_repetition = Some(times);
        Ok(self)
    }

    /// The repetition rules in force.
    pub fn draw_rules(&self) -> DrawRules {
        self.rules
    }

    /// The start position.
    pub fn start_position(&self) -> &V {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &V {
        self.positions
            .last()
            .expect("a game holds its start position")
    }

    /// Every position reached: the start first, the current one last.
    pub fn positions(&self) -> &[V] {
        &self.positions
    }

    /// The moves played.
    pub fn moves(&self) -> &[V::Move] {
        &self.moves
    }

    /// Plays a legal move. An illegal move, or any move once the game is over, is refused and
    /// leaves the game unchanged.
    pub fn play(&mut self, mv: V::Move) -> Result<(), GameError<V>> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Finished(outcome));
        }
        let mut next = self.position().clone();
        next.play(mv).map_err(GameError::IllegalMove)?;
        self.zeroing.push(self.position().is_zeroing(mv));
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Takes back the last move and returns it (`None` at the start), and withdraws a declared
    /// draw (claimed or agreed) in either case: a draw agreed before any move is taken back by
    /// one `undo` too.
    pub fn undo(&mut self) -> Option<V::Move> {
        self.declared = None;
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.zeroing.pop();
        Some(mv)
    }

    /// How often the current position has occurred, now included: positions since the last
    /// zeroing move that [`Variant::is_repetition_of`] calls the same.
    pub fn repetitions(&self) -> usize {
        let now = self.position();
        let since = self.zeroing.iter().rposition(|&z| z).map_or(0, |i| i + 1);
        self.positions[since..]
            .iter()
            .filter(|p| p.is_repetition_of(now))
            .count()
    }

    /// The draw the side to move may claim now (repetition, or the variant's positional
    /// claims), if any; `None` once the game is over.
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        if self.outcome().is_some() {
            return None;
        }
        match self.rules.claimable_repetition {
            Some(times) if self.repetitions() >= times => Some(DrawReason::repetition(times)),
            _ => self.position().claimable_draw(),
        }
    }

    /// Claims the draw [`Game::claimable_draw`] names; the game is then drawn. Returns the reason,
    /// or `None` (and nothing changes) when no claim is valid.
    pub fn claim_draw(&mut self) -> Option<DrawReason> {
        let reason = self.claimable_draw()?;
        self.declared = Some(reason);
        Some(reason)
    }

    /// Records a draw by agreement, if the game is not over yet; returns whether it was recorded.
    pub fn agree_draw(&mut self) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        self.declared = Some(DrawReason::Agreement);
        true
    }

    /// How the game has ended, if it has: a declared draw, the position's own end, or an
    /// automatic repetition draw.
    pub fn outcome(&self) -> Option<V::Outcome> {
        if let Some(reason) = self.declared {
            return Some(V::Outcome::draw(reason));
        }
        self.position().outcome().or_else(|| {
            let times = self.rules.automatic_repetition?;
            (self.repetitions() >= times).then(|| V::Outcome::draw(DrawReason::repetition(times)))
        })
    }

    /// The record's tags in order (`Event`, `White`, …), without `Variant` and `Position`, which
    /// the game itself determines when it is written.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// A tag's value.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets a tag (replacing one of the same name). The name and value must be what a record can
    /// hold ([`record::check_tag`](crate::record::check_tag): a PGN symbol, a value on one line);
    /// `Variant`, `Position`, `FEN` and `SetUp` are refused, since the game determines them. A
    /// `Result` tag is kept only for a game the rules have not ended (a resignation, say) and
    /// written in place of `*`.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), crate::record::TagError> {
        crate::record::check_settable_tag(name, value)?;
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// The result as a record writes it: the outcome's token, else a `Result` tag, else `*`.
    pub fn result_token(&self) -> String {
        match self.outcome() {
            Some(outcome) => outcome.result_token(),
            None => self.tag("Result").unwrap_or("*").to_string(),
        }
    }
}
