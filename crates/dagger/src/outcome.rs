//! How a game ends: [`Outcome`], with [`WinReason`] and the shared [`DrawReason`].

use core::fmt;

use hexvar_geometry::DrawReason;

use crate::men::Color;

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
/// assert_eq!((mate.result_token(), draw.result_token()), ("1-0", "1/2-1/2"));
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

    /// The result as a game record writes it: `1-0` (White wins), `0-1` (Black wins) or
    /// `1/2-1/2`.
    pub const fn result_token(self) -> &'static str {
        match self {
            Outcome::Decisive {
                winner: Color::White,
                ..
            } => "1-0",
            Outcome::Decisive {
                winner: Color::Black,
                ..
            } => "0-1",
            Outcome::Draw { .. } => "1/2-1/2",
        }
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

impl fmt::Display for WinReason {
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
        Outcome::reason(*self)
    }

    /// `1-0`, `0-1` or `1/2-1/2`.
    fn result_token(&self) -> String {
        Outcome::result_token(*self).to_string()
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
        let tokens: Vec<&str> = all.iter().map(|o| o.result_token()).collect();
        assert_eq!(tokens, ["0-1", "1/2-1/2", "1/2-1/2", "1/2-1/2", "1/2-1/2"]);
    }

    #[test]
    fn the_generic_face_agrees() {
        use hexvar_geometry::VariantOutcome;
        let white = Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Checkmate,
        };
        assert!(white.is_win_for(Color::White));
        assert!(!white.is_win_for(Color::Black));
        assert_eq!(white.draw_reason(), None);
        assert_eq!(VariantOutcome::result_token(&white), "1-0");
        let draw = <Outcome as VariantOutcome>::draw(DrawReason::ThreefoldRepetition);
        assert_eq!(
            draw,
            Outcome::Draw {
                reason: DrawReason::ThreefoldRepetition
            }
        );
        assert_eq!(draw.draw_reason(), Some(DrawReason::ThreefoldRepetition));
        assert!(Color::ALL.iter().all(|&c| !draw.is_win_for(c)));
        assert_eq!(VariantOutcome::winner(&draw), None);
    }
}
