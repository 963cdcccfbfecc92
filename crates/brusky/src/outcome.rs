//! How a game ends: [`Outcome`], geometry's two-player outcome over this crate's
//! [`WinReason`], with the shared [`DrawReason`](hexvar_geometry::DrawReason).

use core::fmt;

/// How a game ended: a win for a side, or a draw, with the reason (the family's shared
/// [`DrawReason`](hexvar_geometry::DrawReason); this crate's positions end in `Stalemate`,
/// `FiftyMoveRule` and `InsufficientMaterial`, a [`Game`](crate::Game) also in
/// `ThreefoldRepetition` and `Agreement`).
///
/// ```
/// use hexvar_brusky::{Color, DrawReason, Outcome, WinReason};
/// let mate = Outcome::Decisive { winner: Color::White, reason: WinReason::Checkmate };
/// assert_eq!(mate.to_string(), "White wins by checkmate");
/// assert_eq!(mate.winner(), Some(Color::White));
/// let draw = Outcome::Draw { reason: DrawReason::Stalemate };
/// assert_eq!(draw.to_string(), "draw by stalemate");
/// assert!(draw.is_draw());
/// assert_eq!((mate.result_token(), draw.result_token()), ("1-0", "1/2-1/2"));
/// ```
pub type Outcome = hexvar_geometry::Outcome<WinReason>;

/// Why a side won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum WinReason {
    /// The loser is in check and has no legal move.
    Checkmate,
}

impl hexvar_geometry::WinReason for WinReason {
    /// `"checkmate"`.
    fn as_str(self) -> &'static str {
        match self {
            WinReason::Checkmate => "checkmate",
        }
    }
}

impl fmt::Display for WinReason {
    /// The reason in lowercase words: `checkmate`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(hexvar_geometry::WinReason::as_str(*self))
    }
}

#[cfg(test)]
mod tests {
    use hexvar_geometry::{Color, DrawReason};

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
        assert_eq!(WinReason::Checkmate.to_string(), "checkmate");
        assert_eq!(all[0].winner(), Some(Color::Black));
        assert!(all[1..].iter().all(|o| o.is_draw() && o.winner().is_none()));
        assert_eq!(all[2].reason(), "fifty-move rule");
        let tokens: Vec<&str> = all.iter().map(|o| o.result_token()).collect();
        assert_eq!(tokens, ["0-1", "1/2-1/2", "1/2-1/2", "1/2-1/2", "1/2-1/2"]);
    }
}
