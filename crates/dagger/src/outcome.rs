//! How a game ends: [`Outcome`], with [`WinReason`] and [`DrawReason`].

use core::fmt;

use crate::board::Color;

/// How a game ended: a win for one side, or a draw, with the reason.
///
/// ```
/// use hexvar_dagger::{Color, DrawReason, Outcome, WinReason};
/// let mate = Outcome::Decisive { winner: Color::White, reason: WinReason::Checkmate };
/// assert_eq!(mate.to_string(), "White wins by checkmate");
/// assert_eq!(mate.winner(), Some(Color::White));
/// let draw = Outcome::Draw { reason: DrawReason::Stalemate };
/// assert_eq!(draw.to_string(), "draw by stalemate");
/// assert!(draw.is_draw());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// One side wins.
    Decisive {
        /// The side that wins.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
    /// Nobody wins.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

/// Why a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum DrawReason {
    /// The side to move is not in check and has no legal move.
    Stalemate,
    /// 100 plies (50 moves each) without a capture, pawn move, entry or drop.
    FiftyMoveRule,
    /// The same position for the third time (only [`crate::Game`] sees this).
    ThreefoldRepetition,
    /// Only the two Kings are left and no knight is in hand.
    InsufficientMaterial,
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

    /// The reason in a few lowercase words: `"checkmate"`, `"stalemate"`, `"fifty-move rule"`.
    pub const fn reason(self) -> &'static str {
        match self {
            Outcome::Decisive { reason, .. } => reason.as_str(),
            Outcome::Draw { reason } => reason.as_str(),
        }
    }
}

impl WinReason {
    /// The reason in lowercase words.
    pub const fn as_str(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
        }
    }
}

impl DrawReason {
    /// The reason in lowercase words.
    pub const fn as_str(self) -> &'static str {
        match self {
            DrawReason::Stalemate => "stalemate",
            DrawReason::FiftyMoveRule => "fifty-move rule",
            DrawReason::ThreefoldRepetition => "threefold repetition",
            DrawReason::InsufficientMaterial => "insufficient material",
        }
    }
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Display for Outcome {
    /// `"White wins by checkmate"`, `"draw by stalemate"`.
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
    type Winner = Color;

    fn winner(&self) -> Option<Color> {
        Outcome::winner(*self)
    }

    fn reason(&self) -> &'static str {
        Outcome::reason(*self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_outcome_reads_as_words() {
        let all = [
            Outcome::Decisive {
                winner: Color::Black,
                reason: WinReason::Checkmate,
            },
            Outcome::Draw {
                reason: DrawReason::Stalemate,
            },
            Outcome::Draw {
                reason: DrawReason::FiftyMoveRule,
            },
            Outcome::Draw {
                reason: DrawReason::ThreefoldRepetition,
            },
            Outcome::Draw {
                reason: DrawReason::InsufficientMaterial,
            },
        ];
        let texts: Vec<String> = all.iter().map(Outcome::to_string).collect();
        assert_eq!(
            texts,
            [
                "Black wins by checkmate",
                "draw by stalemate",
                "draw by fifty-move rule",
                "draw by threefold repetition",
                "draw by insufficient material"
            ]
        );
        assert_eq!(all[0].winner(), Some(Color::Black));
        assert!(all[1..].iter().all(|o| o.is_draw() && o.winner().is_none()));
        assert_eq!(all[2].reason(), "fifty-move rule");
    }
}
