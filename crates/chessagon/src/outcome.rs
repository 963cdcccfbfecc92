//! The end of a game: checkmate, the draws of the position itself, and the repetition identity.

use crate::men::Role;
use crate::movegen::MovesKind;
use crate::position::Position;
use crate::setup::EnPassant;

/// Why a side won: checkmate, the only win of the rules (geometry's chess-like reason).
pub use hexvar_geometry::ChessWinReason as WinReason;

/// The end of a game: geometry's two-player [`Outcome`](hexvar_geometry::Outcome) with
/// Chessagon's [`WinReason`].
///
/// ```
/// use hexvar_chessagon::{Color, DrawReason, Outcome, WinReason};
///
/// let mate = Outcome::Decisive { winner: Color::White, reason: WinReason::Checkmate };
/// assert_eq!(mate.winner(), Some(Color::White));
/// assert_eq!(mate.to_string(), "White wins by checkmate");
/// let draw = Outcome::Draw { reason: DrawReason::ThreefoldRepetition };
/// assert_eq!(draw.winner(), None);
/// ```
pub type Outcome = hexvar_geometry::Outcome<WinReason>;

impl Position {
    /// Whether `other` is the same position as this one for the repetition rule: the same
    /// pieces on the same cells, the same side to move, castling rights and unmoved-pawn flags,
    /// and the same en passant capture if one is legal; the clocks do not count. An en passant
    /// state that no legal move uses (the capturing pawn is pinned, say) counts as none.
    ///
    /// ```
    /// use hexvar_chessagon::Position;
    ///
    /// let mut pos = Position::new();
    /// for text in ["f3e5", "f13e11", "e5f3", "e11f13"] {
    ///     pos.play(pos.parse_move(text)?)?;
    /// }
    /// assert!(pos.is_repetition_of(&Position::new()));
    /// assert_ne!(pos, Position::new()); // the clocks differ
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_repetition_of(&self, other: &Position) -> bool {
        if self.ep == other.ep {
            // The hash covers everything but the clocks: a cheap first test.
            return self.hash == other.hash
                && Position {
                    halfmoves: other.halfmoves,
                    fullmoves: other.fullmoves,
                    ..*self
                } == *other;
        }
        Position {
            halfmoves: other.halfmoves,
            fullmoves: other.fullmoves,
            ep: other.ep,
            hash: other.hash,
            ..*self
        } == *other
            && self.legal_en_passant() == other.legal_en_passant()
    }

    /// The en passant state if an en passant capture is legal now.
    fn legal_en_passant(&self) -> Option<EnPassant> {
        self.ep
            .filter(|_| !self.for_each_piece_moves(|pm| pm.kind != MovesKind::EnPassant))
    }

    /// The game result if the game is over: checkmate, stalemate (draw, chess convention), the
    /// fifty-move rule (100 half-moves), or bare Kings.
    pub fn outcome(&self) -> Option<Outcome> {
        Outcome::of_chess_position(
            self.turn,
            self.has_legal_move(),
            || self.is_check(),
            self.halfmoves >= FIFTY_MOVE_HALFMOVES,
            || self.occ() == self.by_role[Role::King.index()],
        )
    }
}

/// The fifty-move rule: 100 half-moves without capture or pawn move.
const FIFTY_MOVE_HALFMOVES: u32 = 100;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::men::Color;
    use hexvar_geometry::DrawReason;

    #[test]
    fn smothered_mate_on_d15() {
        // Black King d15 boxed in by its own pieces on all six touching cells (d14 e15 e13 d13
        // e14 c14); the White Knight on f14 leaps to d15, and nothing black reaches f14.
        let pos: Position = "kn/pppN/2pp2/8/8/8/8/8/8/8/8/8/6/4/1K b - -"
            .parse()
            .unwrap();
        assert!(pos.is_check());
        assert_eq!(pos.legal_moves().len(), 0);
        assert_eq!(
            pos.outcome(),
            Some(Outcome::Decisive {
                winner: Color::White,
                reason: WinReason::Checkmate,
            })
        );
    }

    #[test]
    fn draws_by_convention() {
        let bare: Position = "1k/4/6/8/8/8/8/8/8/8/8/8/6/4/1K w - -".parse().unwrap();
        assert_eq!(
            bare.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::InsufficientMaterial
            })
        );
        let fifty: Position = "1k/4/6/8/8/8/8/8/8/8/8/8/R5/4/1K w - - 100 80"
            .parse()
            .unwrap();
        assert_eq!(
            fifty.outcome(),
            Some(Outcome::Draw {
                reason: DrawReason::FiftyMoveRule
            })
        );
        assert_eq!(Position::new().outcome(), None);
    }
}
