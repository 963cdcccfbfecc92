//! The error types of the contract that every variant crate's `Position` shares in shape: the
//! list of broken rules, the two ways a position text fails, and the refused move. Each crate
//! names them with its own types through aliases (`pub type IllegalMove =
//! hexvar_geometry::IllegalMove<Move>`), so a user still writes `hexvar_brusky::IllegalMove`.

use core::fmt;
use std::error::Error;

/// The reasons a setup is not a legal position: every broken rule, at least one, each a
/// variant's own problem type `P` (its `PositionProblem`).
///
/// ```
/// use hexvar_geometry::PositionError;
///
/// let error = PositionError { problems: vec!["no White King", "two Black Kings"] };
/// assert_eq!(error.to_string(), "illegal position: no White King; two Black Kings");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PositionError<P> {
    /// Every broken rule.
    pub problems: Vec<P>,
}

impl<P: fmt::Display> fmt::Display for PositionError<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("illegal position: ")?;
        for (i, problem) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            problem.fmt(f)?;
        }
        Ok(())
    }
}

impl<P: fmt::Debug + fmt::Display> Error for PositionError<P> {}

/// An error reading a position from text: the text is not in the position format (`S`, the
/// crate's `ParseSetupError`), or it describes an illegal position (`E`, the crate's
/// `PositionError`). Either prints as its cause.
///
/// ```
/// use hexvar_geometry::{ParsePositionError, PositionError};
///
/// let error: ParsePositionError<String, PositionError<&str>> =
///     ParsePositionError::Position(PositionError { problems: vec!["no White King"] });
/// assert_eq!(error.to_string(), "illegal position: no White King");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ParsePositionError<S, E> {
    /// The text is not in the position format.
    Setup(S),
    /// The text describes an illegal position.
    Position(E),
}

impl<S: fmt::Display, E: fmt::Display> fmt::Display for ParsePositionError<S, E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParsePositionError::Setup(error) => error.fmt(f),
            ParsePositionError::Position(error) => error.fmt(f),
        }
    }
}

impl<S: Error, E: Error> Error for ParsePositionError<S, E> {
    /// The cause's own source: the error is transparent.
    fn source(&self) -> Option<&(dyn Error + 'static)> {
        match self {
            ParsePositionError::Setup(error) => error.source(),
            ParsePositionError::Position(error) => error.source(),
        }
    }
}

/// A move that is not legal in the position it was played in (the position is unchanged):
/// nothing is allocated per refusal.
///
/// ```
/// use hexvar_geometry::IllegalMove;
///
/// assert_eq!(IllegalMove { mv: "e2-e4" }.to_string(), "illegal move e2-e4");
/// assert_eq!(IllegalMove::unless(true, "e2-e4"), Ok(()));
/// assert_eq!(IllegalMove::unless(false, "e2-e4"), Err(IllegalMove { mv: "e2-e4" }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IllegalMove<M> {
    /// The move.
    pub mv: M,
}

impl<M> IllegalMove<M> {
    /// `Ok` when `legal`, else the refusal of `mv`: the test of a checked `play`, which plays
    /// the move only after it (`IllegalMove::unless(self.is_legal(mv), mv)?`).
    #[inline]
    pub fn unless(legal: bool, mv: M) -> Result<(), IllegalMove<M>> {
        if legal {
            Ok(())
        } else {
            Err(IllegalMove { mv })
        }
    }
}

impl<M: fmt::Display> fmt::Display for IllegalMove<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "illegal move {}", self.mv)
    }
}

impl<M: fmt::Debug + fmt::Display> Error for IllegalMove<M> {}

/// Names the contract's three generic errors with a crate's own types, at the crate's position
/// module: `PositionError` (over its `PositionProblem`), `ParsePositionError` (over its
/// `ParseSetupError` and that `PositionError`) and `IllegalMove` (over its `Move`), so that users
/// write `hexvar_brusky::IllegalMove`.
///
/// ```
/// mod position {
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub struct Move(pub u8);
///     pub type ParseSetupError = String;
///     pub type PositionProblem = &'static str;
///
///     hexvar_geometry::position_errors!(ParseSetupError, PositionProblem, Move);
/// }
///
/// let refused = position::IllegalMove { mv: position::Move(7) };
/// let unread: position::ParsePositionError = hexvar_geometry::ParsePositionError::Setup("?".into());
/// let broken = position::PositionError { problems: vec!["no king"] };
/// assert_eq!((refused.mv, unread.to_string()), (position::Move(7), "?".to_string()));
/// assert_eq!(broken.problems.len(), 1);
/// ```
#[macro_export]
macro_rules! position_errors {
    ($setup_error:ty, $problem:ty, $move:ty) => {
        /// The reasons a `Setup` is not a legal position: every broken rule, at least one.
        pub type PositionError = $crate::PositionError<$problem>;

        /// An error reading a position from text: the text is not in the position format
        /// (`Setup`), or it describes an illegal position (`Position`).
        pub type ParsePositionError = $crate::ParsePositionError<$setup_error, PositionError>;

        /// A move that is not legal in the position it was played in (the position is
        /// unchanged): nothing is allocated per refusal.
        pub type IllegalMove = $crate::IllegalMove<$move>;
    };
}
