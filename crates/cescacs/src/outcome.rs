//! How a game ends: [`WinReason`] and [`Outcome`], with the author's 3-1-0 scoring.

use core::fmt;

use hexvar_geometry::DrawReason;

use crate::men::Color;

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// Checkmate: the winner scores 3–0.
    Checkmate,
    /// Stalemate: a win "by the slightest" for the stalemating side, 2–1.
    Stalemate,
}

impl WinReason {
    /// The reason in lowercase words.
    pub const fn as_str(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
            WinReason::Stalemate => "stalemate",
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a game ended. C'escacs scores 3-1-0: mate 3–0, stalemate 2–1 for the stalemating side,
/// a draw 1–1 ([`Outcome::points`]).
///
/// ```
/// use hexvar_cescacs::{Color, DrawReason, Outcome, WinReason};
/// use hexvar_geometry::VariantOutcome;
///
/// let stalemate = Outcome::Decisive { winner: Color::Black, reason: WinReason::Stalemate };
/// assert_eq!(stalemate.winner(), Some(Color::Black));
/// assert_eq!(stalemate.points(), (1, 2));
/// assert_eq!(stalemate.result_token(), "1-2");
/// let draw = Outcome::Draw { reason: DrawReason::Agreement };
/// assert!(draw.is_draw());
/// assert_eq!(draw.points(), (1, 1));
/// assert_eq!(draw.result_token(), "1-1");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// A side won.
    Decisive {
        /// The winner (for a stalemate: the stalemating side, the one not to move).
        winner: Color,
        /// How.
        reason: WinReason,
    },
    /// A draw, 1–1.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub const fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Whether the game is drawn.
    pub const fn is_draw(self) -> bool {
        matches!(self, Outcome::Draw { .. })
    }

    /// The author's 3-1-0 scoring: `(White's points, Black's points)`.
    pub const fn points(self) -> (u8, u8) {
        let (win, lose) = match self {
            Outcome::Decisive {
                reason: WinReason::Checkmate,
                ..
            } => (3, 0),
            Outcome::Decisive {
                reason: WinReason::Stalemate,
                ..
            } => (2, 1),
            Outcome::Draw { .. } => return (1, 1),
        };
        match self.winner() {
            Some(Color::Black) => (lose, win),
            _ => (win, lose),
        }
    }

    /// The reason in lowercase words.
    pub const fn reason_str(self) -> &'static str {
        match self {
            Outcome::Decisive { reason, .. } => reason.as_str(),
            Outcome::Draw { reason } => reason.as_str(),
        }
    }
}

impl fmt::Display for Outcome {
    /// `White wins by checkmate`, `Black wins by stalemate`, `draw by agreement`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Decisive { winner, reason } => {
                write!(f, "{} wins by {reason}", winner.name())
            }
            Outcome::Draw { reason } => write!(f, "draw by {reason}"),
        }
    }
}

impl hexvar_geometry::VariantOutcome for Outcome {
    type Color = Color;
    type Winner = Color;

    fn draw(reason: DrawReason) -> Outcome {
        Outcome::Draw { reason }
    }

    fn winner(&self) -> Option<Color> {
        Outcome::winner(*self)
    }

    fn is_win_for(&self, color: Color) -> bool {
        Outcome::winner(*self) == Some(color)
    }

    fn draw_reason(&self) -> Option<DrawReason> {
        match *self {
            Outcome::Draw { reason } => Some(reason),
            Outcome::Decisive { .. } => None,
        }
    }

    fn reason(&self) -> &'static str {
        self.reason_str()
    }

    /// The author's 3-1-0 points, White's first, as his records write them: `3-0`, `0-3`
    /// (mate), `2-1`, `1-2` (stalemate), `1-1` (draw).
    fn result_token(&self) -> String {
        let (white, black) = self.points();
        format!("{white}-{black}")
    }
}
