//! How a game ends: C'escacs's [`WinReason`]s in geometry's two-player [`Outcome`], and the
//! author's 3-1-0 scoring ([`Points`]).

use core::fmt;

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

    /// The winner's and the loser's points: 3–0 for a mate, 2–1 for a stalemate.
    pub const fn points(self) -> (u8, u8) {
        match self {
            WinReason::Checkmate => (3, 0),
            WinReason::Stalemate => (2, 1),
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl hexvar_geometry::WinReason for WinReason {
    /// A draw scores 1–1.
    const DRAW_TOKEN: &'static str = "1-1";

    fn as_str(self) -> &'static str {
        WinReason::as_str(self)
    }

    /// The author's points, White's first, as his records write them: `3-0`, `0-3` (mate),
    /// `2-1`, `1-2` (stalemate).
    fn result_token(self, winner: Color) -> &'static str {
        match (self, winner) {
            (WinReason::Checkmate, Color::White) => "3-0",
            (WinReason::Checkmate, Color::Black) => "0-3",
            (WinReason::Stalemate, Color::White) => "2-1",
            (WinReason::Stalemate, Color::Black) => "1-2",
        }
    }
}

/// How a game ended: geometry's two-player outcome with C'escacs's [`WinReason`]s. For a
/// stalemate the winner is the stalemating side, the one not to move. C'escacs scores 3-1-0:
/// mate 3–0, stalemate 2–1 for the stalemating side, a draw 1–1 ([`Points::points`]).
///
/// ```
/// use hexvar_cescacs::{Color, DrawReason, Outcome, Points, WinReason};
///
/// let stalemate = Outcome::Decisive { winner: Color::Black, reason: WinReason::Stalemate };
/// assert_eq!(stalemate.winner(), Some(Color::Black));
/// assert_eq!(stalemate.points(), (1, 2));
/// assert_eq!(stalemate.result_token(), "1-2");
/// assert_eq!(stalemate.to_string(), "Black wins by stalemate");
/// let draw = Outcome::Draw { reason: DrawReason::Agreement };
/// assert!(draw.is_draw());
/// assert_eq!(draw.points(), (1, 1));
/// assert_eq!(draw.result_token(), "1-1");
/// ```
pub type Outcome = hexvar_geometry::Outcome<WinReason>;

/// The author's 3-1-0 scoring of an [`Outcome`].
pub trait Points {
    /// `(White's points, Black's points)`: 3–0 or 0–3 for a mate, 2–1 or 1–2 for a stalemate,
    /// 1–1 for a draw.
    fn points(self) -> (u8, u8);
}

impl Points for Outcome {
    fn points(self) -> (u8, u8) {
        match self {
            Outcome::Decisive { winner, reason } => {
                let (win, lose) = reason.points();
                winner.fold((win, lose), (lose, win))
            }
            Outcome::Draw { .. } => (1, 1),
        }
    }
}
