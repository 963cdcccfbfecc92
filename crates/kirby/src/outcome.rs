//! How a game ends: [`Outcome`], with its [`WinReason`] or [`DrawReason`].

use core::fmt;

use hexvar_geometry::DrawReason;

use crate::colors::ColorSet;
use crate::men::Color;

/// Why a team won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// Every other team's kings were removed by checkmate (or, in the rare case of a
    /// stalemated army without a safe cell to relocate its king to, by elimination): the last
    /// team with a king on the board wins (rules §7).
    Checkmate,
}

impl WinReason {
    /// The reason in lowercase words.
    pub const fn words(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// How a game ended: a win for a team of armies, or a draw. Kirby's rules have no draws; a
/// [`crate::Game`] made with [`Game::with_repetition_draw`](crate::Game::with_repetition_draw)
/// ends in `Draw { reason: DrawReason::Repetition }` (or `ThreefoldRepetition`, … by the count),
/// and a record may end in a draw by agreement.
///
/// ```
/// use hexvar_kirby::{Color, Mode, Outcome, Position, WinReason};
///
/// let six = Position::start_mode(Mode::SixPlayerThreeTeams);
/// let team = six.team(Color::Black);
/// let win = Outcome::Decisive { winner: team, reason: WinReason::Checkmate };
/// assert_eq!(win.winner(), Some(team));
/// assert!(!win.is_draw());
/// assert!(win.to_string().ends_with(" win by checkmate"));
/// assert_eq!(win.result_token(), "B+W");
/// assert!(win.is_win_for(Color::White) && !win.is_win_for(Color::Red));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The winning team (its live and dead members) and why.
    Decisive {
        /// The armies of the winning team.
        winner: ColorSet,
        /// Why.
        reason: WinReason,
    },
    /// A draw.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winning team, or `None` for a draw.
    pub fn winner(&self) -> Option<ColorSet> {
        match *self {
            Outcome::Decisive { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Whether the game is drawn.
    pub fn is_draw(&self) -> bool {
        matches!(self, Outcome::Draw { .. })
    }

    /// Whether `color` is in the winning team (false for a draw).
    pub fn is_win_for(&self, color: Color) -> bool {
        self.winner().is_some_and(|team| team.contains(color))
    }

    /// The draw's reason, or `None` for a win.
    pub fn draw_reason(&self) -> Option<DrawReason> {
        match *self {
            Outcome::Decisive { .. } => None,
            Outcome::Draw { reason } => Some(reason),
        }
    }

    /// The reason in lowercase words.
    pub fn reason(&self) -> &'static str {
        match *self {
            Outcome::Decisive { reason, .. } => reason.words(),
            Outcome::Draw { reason } => reason.as_str(),
        }
    }

    /// The result as a game record writes it: the winning team's army letters in seat order
    /// joined by `+` (`B+W`, `R`), or `1/2-1/2` for a draw.
    pub fn result_token(&self) -> String {
        match *self {
            Outcome::Decisive { winner, .. } => winner
                .iter()
                .map(|c| c.char().to_string())
                .collect::<Vec<_>>()
                .join("+"),
            Outcome::Draw { .. } => "1/2-1/2".to_string(),
        }
    }
}

impl fmt::Display for Outcome {
    /// `"Black and White win by checkmate"`, `"Red wins by checkmate"`, `"draw by repetition"`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Decisive { winner, reason } => {
                let verb = if winner.len() == 1 { "wins" } else { "win" };
                write!(f, "{winner} {verb} by {reason}")
            }
            Outcome::Draw { reason } => write!(f, "draw by {reason}"),
        }
    }
}

impl hexvar_geometry::VariantOutcome for Outcome {
    type Color = Color;
    type Winner = ColorSet;
    fn draw(reason: DrawReason) -> Outcome {
        Outcome::Draw { reason }
    }
    fn winner(&self) -> Option<ColorSet> {
        Outcome::winner(self)
    }
    fn is_win_for(&self, color: Color) -> bool {
        Outcome::is_win_for(self, color)
    }
    fn draw_reason(&self) -> Option<DrawReason> {
        Outcome::draw_reason(self)
    }
    fn reason(&self) -> &'static str {
        Outcome::reason(self)
    }
    fn result_token(&self) -> String {
        Outcome::result_token(self)
    }
    fn is_draw(&self) -> bool {
        Outcome::is_draw(self)
    }
}
