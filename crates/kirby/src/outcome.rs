//! How a game ends: [`Outcome`], with its [`WinReason`] or [`DrawReason`].

use core::fmt;

use crate::colors::ColorSet;

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

/// Why a game was drawn. Kirby's rules have no draws; the repetition draw is an option of
/// [`crate::Game`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DrawReason {
    /// A position occurred as often as [`crate::Game::with_repetition_draw`] asked.
    Repetition,
}

impl DrawReason {
    /// The reason in lowercase words.
    pub const fn words(self) -> &'static str {
        match self {
            DrawReason::Repetition => "repetition",
        }
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.words())
    }
}

/// How a game ended: a win for a team of armies, or a draw.
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

    /// The reason in lowercase words.
    pub fn reason(&self) -> &'static str {
        match *self {
            Outcome::Decisive { reason, .. } => reason.words(),
            Outcome::Draw { reason } => reason.words(),
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
    type Winner = ColorSet;
    fn winner(&self) -> Option<ColorSet> {
        Outcome::winner(self)
    }
    fn reason(&self) -> &'static str {
        Outcome::reason(self)
    }
}
