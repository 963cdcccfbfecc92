//! Why a game is drawn, and a variant's repetition rules: the draw vocabulary every variant's
//! outcome and [`Game`](crate::Game) share, below the [`Variant`](crate::Variant) trait that names
//! it.

use core::fmt;

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
    /// No repetition draw at all (Kirby's rules; a [`Game`](crate::Game) may still ask for one).
    pub const NONE: DrawRules = DrawRules {
        automatic_repetition: None,
        claimable_repetition: None,
    };
}
