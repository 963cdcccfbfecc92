//! How a game ends: [`Outcome`], geometry's two-player outcome over this crate's
//! [`WinReason`], with the shared [`DrawReason`](hexvar_geometry::DrawReason).

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

/// Why a side won: checkmate, the only win of the rules (geometry's chess-like reason).
pub use hexvar_geometry::ChessWinReason as WinReason;
