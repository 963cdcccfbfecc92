//! The one game record of every variant: a start position, the moves played, the hash of every
//! position reached, the repetition draws and draw claims each variant's rules allow, and the tags
//! of a game record (see [`crate::record`]).
//!
//! What differs per variant comes through the [`Variant`] trait: which positions count as the same
//! ([`Variant::is_repetition_of`]), which moves reset the count ([`Variant::is_zeroing`]), the
//! repetition rules ([`Variant::DRAW_RULES`]) and the positional claims
//! ([`Variant::claimable_draw`]).
//!
//! # Memory
//!
//! A [`Game`] keeps, per ply, the move and the Zobrist hash of the position it reached; whole
//! positions only every [`Game::CHECKPOINT_INTERVAL`] plies (a checkpoint, the start the first)
//! and for the last `2 · CHECKPOINT_INTERVAL` plies (the current position among them). Any other
//! position is replayed from the checkpoint before it. [`Game::BYTES_PER_PLY`] is the most a ply
//! adds (the move, its hash, a checkpoint's share, and 8 bytes if the move was a zeroing one):
//!
//! | variant | position | move | checkpoint interval | bytes a ply |
//! |---|---|---|---|---|
//! | Brusky | 240 B | 4 B | 8 | 50 |
//! | Chessagon | 192 B | 3 B | 8 | 43 |
//! | Dagger | 128 B | 3 B | 8 | 35 |
//! | C'escacs | 560 B | 5 B | 18 | 53 |
//! | Kirby | 1,024 B | 6 B | 32 | 54 |
//!
//! (a test holds the last column at most 100 in every variant), and whatever a game's length, up
//! to `2 · CHECKPOINT_INTERVAL + 1` recent positions (65 KB in Kirby). A game that kept every
//! position grew by the position's size a ply: a kilobyte in Kirby.
//!
//! # Costs
//!
//! - [`Game::play_unchecked`] (the search path): a copy of the position, the variant's
//!   `play_unchecked`, `is_zeroing` and `zobrist_hash`; nothing checked, no outcome computed.
//! - [`Game::undo`]: no copy; amortised at most one replayed move (when undo reaches the oldest
//!   recent position, those back to the checkpoint before it are replayed, and they stay while a
//!   search goes back and forth).
//! - [`Game::play`]: [`Game::outcome`] (a finished game refuses moves), then a checked play on a
//!   copy.
//! - [`Game::repetitions`]: one comparison of hashes per position since the last zeroing move
//!   (every second one in a game of two sides), and one [`Variant::is_repetition_of`] with the
//!   first of them, which alone may hold a right the hash keeps and the rules leave out (an en
//!   passant right that no legal move uses: only a zeroing move creates one). C'escacs meets it.
//! - [`Game::outcome`]: the position's own outcome, then the repetitions, computed when asked.
//! - [`Game::position_at`]: a copy, and fewer plays than the checkpoint interval for a position
//!   not kept whole; [`Game::positions_iter`]: a copy and a play a position.
//!
//! Measured (CPU time per ply on random lines 8 plies deep from a middlegame, 200,000 plies;
//! `cargo test -p xtask --release --test cross_variant game:: -- --ignored --nocapture`):
//!
//! | variant | `play_unchecked` + `undo` | the position's `clone` + `play_unchecked` | `play` + `outcome` + `undo` |
//! |---|---|---|---|
//! | Brusky | 28 ns | 24 ns | 338 ns |
//! | Chessagon | 37 ns | 26 ns | 265 ns |
//! | Dagger | 22 ns | 19 ns | 102 ns |
//! | C'escacs | 39 ns | 39 ns | 1,200 ns |
//! | Kirby | 79 ns | 80 ns | 240 ns |

use core::fmt;
use std::sync::OnceLock;

pub use crate::draw::{DrawReason, DrawRules};
use crate::line::Line;
pub use crate::line::Positions;
use crate::{Variant, VariantColor, VariantOutcome};

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

/// A game of the variant `V`: the start position, the moves played, the Zobrist hash of every
/// position reached (for repetitions), draws declared by claim or agreement, and the record's
/// tags.
///
/// A finished game ([`Game::outcome`] is some: the position's own end, an automatic repetition
/// draw, a claimed or agreed draw) refuses further moves through [`Game::play`]; [`Game::undo`]
/// reopens it. A search plays and takes back moves with [`Game::play_unchecked`] and
/// [`Game::undo`], and reads the repetitions from [`Game::hashes`] and
/// [`Game::plies_since_zeroing`].
///
/// What it keeps and what each operation costs: see the [module page](self).
///
/// Each variant crate names it `Game = hexvar_geometry::Game<Position>`.
///
/// ```
/// use hexvar_geometry::{Game, Variant};
///
/// /// Plays the first legal move `plies` times and takes them all back.
/// fn there_and_back<V: Variant>(plies: usize) {
///     let mut game = Game::<V>::new();
///     for _ in 0..plies {
///         let Some(&mv) = game.position().legal_moves().first() else { break };
///         game.play_unchecked(mv);
///     }
///     assert_eq!(game.hashes().len(), game.ply() + 1);
///     let last = game.position().clone();
///     assert_eq!(game.position_at(game.ply()), last);
///     while game.undo().is_some() {}
///     assert_eq!(game.position(), game.start_position());
/// }
/// # fn main() {}
/// ```
#[derive(Clone)]
pub struct Game<V: Variant> {
    line: Line<V>,
    /// The plies right after each zeroing move, in order: the last is the first position that
    /// may repeat.
    zeroings: Vec<usize>,
    rules: DrawRules,
    declared: Option<DrawReason>,
    tags: Vec<(String, String)>,
    /// The position at the last zeroing ply, once [`Game::repetitions`] needed it and the line
    /// did not hold it whole; emptied when that ply changes.
    window_start: OnceLock<V>,
}

/// Games are equal when they have the same start, moves, repetition rules, declared draw and
/// tags (what they hold besides is derived from these).
impl<V: Variant> PartialEq for Game<V> {
    fn eq(&self, other: &Self) -> bool {
        self.start_position() == other.start_position()
            && self.moves() == other.moves()
            && self.rules == other.rules
            && self.declared == other.declared
            && self.tags == other.tags
    }
}

impl<V: Variant> Eq for Game<V> {}

impl<V: Variant> fmt::Debug for Game<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("start", &self.start_position().to_string())
            .field("moves", &self.moves())
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
    /// The bytes a ply adds to a game at most: the move, the hash of the position it reaches,
    /// the share of a checkpoint position, and the ply of a zeroing move (see the
    /// [module page](self)).
    pub const BYTES_PER_PLY: usize = Line::<V>::BYTES_PER_PLY + core::mem::size_of::<usize>();

    /// Plies between the positions the game keeps whole: a position's size over 32 bytes, and at
    /// least 8 (8 in Brusky, Chessagon and Dagger, 18 in C'escacs, 32 in Kirby).
    /// [`Game::position_at`] replays fewer moves than this.
    pub const CHECKPOINT_INTERVAL: usize = Line::<V>::INTERVAL;

    /// A game from the start position.
    pub fn new() -> Self {
        Game::from_position(V::start())
    }

    /// A game from any position.
    pub fn from_position(start: V) -> Self {
        Game {
            line: Line::new(start),
            zeroings: Vec::new(),
            rules: V::DRAW_RULES,
            declared: None,
            tags: Vec::new(),
            window_start: OnceLock::new(),
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
        self.line.start()
    }

    /// The current position.
    pub fn position(&self) -> &V {
        self.line.current()
    }

    /// The position after the first `ply` moves (`0` the start, [`Game::ply`] the current one),
    /// copied or replayed from the checkpoint before it.
    ///
    /// # Panics
    ///
    /// When `ply` is beyond [`Game::ply`], as a slice index beyond its length does.
    pub fn position_at(&self, ply: usize) -> V {
        assert!(
            ply <= self.ply(),
            "position_at({ply}) in a game of {} plies",
            self.ply()
        );
        self.line.position_at(ply)
    }

    /// Every position reached, the start first and the current one last, replayed from the start.
    pub fn positions_iter(&self) -> Positions<'_, V> {
        self.line.positions()
    }

    /// The moves played.
    pub fn moves(&self) -> &[V::Move] {
        self.line.moves()
    }

    /// The number of moves played.
    pub fn ply(&self) -> usize {
        self.line.ply()
    }

    /// The Zobrist hash of every position reached, the start first: `hashes()[i]` is the hash
    /// of [`Game::position_at`]`(i)`.
    pub fn hashes(&self) -> &[u64] {
        self.line.hashes()
    }

    /// The moves played since the last zeroing move ([`Variant::is_zeroing`]; all of them if
    /// none was): the positions before it can no longer repeat.
    pub fn plies_since_zeroing(&self) -> usize {
        self.ply() - self.window_start_ply()
    }

    /// The first ply whose position may still repeat: right after the last zeroing move.
    fn window_start_ply(&self) -> usize {
        self.zeroings.last().copied().unwrap_or(0)
    }

    /// Plays a legal move. An illegal move, or any move once the game is over, is refused and
    /// leaves the game unchanged.
    pub fn play(&mut self, mv: V::Move) -> Result<(), GameError<V>> {
        if let Some(outcome) = self.outcome() {
            return Err(GameError::Finished(outcome));
        }
        let mut next = self.position().clone();
        next.play(mv).map_err(GameError::IllegalMove)?;
        let zeroing = self.position().is_zeroing(mv);
        self.line.push_played(mv, next);
        self.note_zeroing(zeroing);
        Ok(())
    }

    /// Plays a move known to be legal in the current position (from its
    /// [`Variant::legal_moves`]): the search path. Nothing is checked, the outcome included: a
    /// game that is over goes on. An illegal move leaves the game in an unspecified (memory-safe)
    /// state, as [`Variant::play_unchecked`] does.
    #[inline]
    pub fn play_unchecked(&mut self, mv: V::Move) {
        let zeroing = self.position().is_zeroing(mv);
        self.line.push_unchecked(mv);
        self.note_zeroing(zeroing);
    }

    #[inline]
    fn note_zeroing(&mut self, zeroing: bool) {
        if zeroing {
            self.zeroings.push(self.ply());
            self.window_start.take();
        }
    }

    /// Takes back the last move and returns it (`None` at the start), and withdraws a declared
    /// draw (claimed or agreed) in either case: a draw agreed before any move is taken back by
    /// one `undo` too.
    pub fn undo(&mut self) -> Option<V::Move> {
        self.declared = None;
        let ply = self.ply();
        let mv = self.line.pop()?;
        if self.zeroings.last() == Some(&ply) {
            self.zeroings.pop();
            self.window_start.take();
        }
        Some(mv)
    }

    /// How often the current position has occurred, now included: positions since the last
    /// zeroing move with the current position's hash (the first of them compared by
    /// [`Variant::is_repetition_of`], see the module page).
    pub fn repetitions(&self) -> usize {
        let ply = self.ply();
        let since = self.window_start_ply();
        let hashes = self.hashes();
        let now = hashes[ply];
        // In a game of two sides, only every second position has the same side to move.
        let step = if V::Color::ALL.len() == 2 { 2 } else { 1 };
        let later = (since + 1..=ply)
            .rev()
            .step_by(step)
            .filter(|&i| hashes[i] == now)
            .count();
        let first = (ply - since).is_multiple_of(step)
            && (hashes[since] == now || self.window_start().is_repetition_of(self.position()));
        later + usize::from(first)
    }

    /// The position at the last zeroing ply.
    fn window_start(&self) -> &V {
        let since = self.window_start_ply();
        match self.line.stored(since) {
            Some(position) => position,
            None => self
                .window_start
                .get_or_init(|| self.line.position_at(since)),
        }
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

    crate::tags::tag_methods! {
        tags: concat!(
            "The record's tags in order (`Event`, `White`, …), without `Variant` and `Position`, ",
            "which the game itself determines when it is written."
        ),
        set_tag: concat!(
            "Sets a tag (replacing one of the same name). The name and value must be what a ",
            "record can hold (`record::check_tag`: a PGN symbol, a ",
            "value on one line); `Variant`, `Position`, `FEN` and `SetUp` are refused, since the ",
            "game determines them. A `Result` tag is kept only for a game the rules have not ",
            "ended (a resignation, say) and written in place of `*`."
        ),
    }

    /// The result as a record writes it: the outcome's token, else a `Result` tag, else `*`.
    pub fn result_token(&self) -> String {
        match self.outcome() {
            Some(outcome) => outcome.result_token(),
            None => self.tag("Result").unwrap_or("*").to_string(),
        }
    }
}
