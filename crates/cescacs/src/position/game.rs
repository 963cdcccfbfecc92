//! What the game layer asks: the outcome, the draws, captures and zeroing moves, repetition.

use super::{Position, AUTOMATIC_DRAW_PLIES, CLAIM_PLIES};
use crate::men::{Color, Piece, Role};
use crate::moves::Move;
use crate::outcome::{Outcome, WinReason};
use crate::setup::Special;
use hexvar_geometry::DrawReason;

impl Position {
    /// Outcome decided by the position alone: mate, stalemate, the 75-move rule, insufficient
    /// material. Repetition, claims and agreement need the game: see [`crate::Game::outcome`].
    pub fn outcome(&self) -> Option<Outcome> {
        let mut any = false;
        self.for_each_piece_moves(|pm| {
            any = !pm.is_empty();
            !any
        });
        if !any {
            let winner = self.state.turn.other();
            let reason = if self.is_check() {
                WinReason::Checkmate
            } else {
                WinReason::Stalemate
            };
            return Some(Outcome::Decisive { winner, reason });
        }
        if self.state.halfmove_clock >= AUTOMATIC_DRAW_PLIES {
            return Some(Outcome::Draw {
                reason: DrawReason::SeventyFiveMoveRule,
            });
        }
        if self.is_insufficient_material() {
            return Some(Outcome::Draw {
                reason: DrawReason::InsufficientMaterial,
            });
        }
        None
    }

    /// The draw the side to move may claim in this position alone: the fifty-move rule after
    /// 100 plies without pawn move or capture (rules §7). Repetition claims need the game's
    /// history: see [`crate::Game::claimable_draw`].
    ///
    /// ```
    /// use hexvar_cescacs::{DrawReason, Position};
    ///
    /// let pos: Position = "/27:1k/14:3R3/1:1K/ w - - 100 80".parse()?;
    /// assert_eq!(pos.claimable_draw(), Some(DrawReason::FiftyMoveRule));
    /// assert_eq!(pos.outcome(), None);
    /// assert_eq!(Position::new().claimable_draw(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn claimable_draw(&self) -> Option<DrawReason> {
        (self.state.halfmove_clock >= CLAIM_PLIES).then_some(DrawReason::FiftyMoveRule)
    }

    /// Rules §7.9: no pawns, and neither side has a major piece (D, V, R), a Pegasus with another minor
    /// piece (G, N, J, E), or two Pegasi.
    pub fn is_insufficient_material(&self) -> bool {
        if !self.by_role[Role::Pawn.index()].is_empty() {
            return false;
        }
        Color::ALL.iter().all(|&c| {
            let majors = self.pieces(c, Role::Queen)
                | self.pieces(c, Role::Wyvern)
                | self.pieces(c, Role::Rook);
            let pegasi = self.pieces(c, Role::Pegasus).len();
            let minors = (self.pieces(c, Role::Knight)
                | self.pieces(c, Role::Bishop)
                | self.pieces(c, Role::Elephant))
            .len();
            majors.is_empty() && pegasi < 2 && !(pegasi == 1 && minors > 0)
        })
    }

    /// Whether the move is a capture.
    pub fn is_capture(&self, m: Move) -> bool {
        m.capture().is_some()
    }

    /// The man a legal move takes off the board: the man on its destination, the e.p. victim
    /// behind it, or the scornful pawn (or the piece any of these promoted to).
    ///
    /// ```
    /// use hexvar_cescacs::{Color, Piece, Position, Role};
    ///
    /// let pos: Position = "/27:1k/21:1p5/19:1Q5/1:1K/ w - - 0 1".parse()?;
    /// let take = pos.parse_san("DA19×A21")?;
    /// assert_eq!(pos.captured(take), Some(Piece { color: Color::Black, role: Role::Pawn }));
    /// assert_eq!(pos.captured(pos.parse_san("KG1-G3")?), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn captured(&self, mv: Move) -> Option<Piece> {
        mv.capture().map(|role| Piece {
            color: self.state.turn.other(),
            role,
        })
    }

    /// Whether a legal move resets the halfmove clock (and so makes every earlier position
    /// unrepeatable): a capture, a pawn move (e.p., scornful captures and promotions included)
    /// and an in-place promotion. Castlings and King's leaps without capture do not, as in
    /// [`Position::play`].
    pub fn is_zeroing(&self, mv: Move) -> bool {
        match mv {
            Move::Normal { role, capture, .. } => role == Role::Pawn || capture.is_some(),
            Move::EnPassant { .. } | Move::Scornful { .. } | Move::Promote { .. } => true,
            Move::Castle { .. } => false,
        }
    }

    /// Whether `other` is the same position for the repetition rules: the same men, side to
    /// move and castling rights (the king's right includes its leap), and the same e.p. or
    /// scornful right where one of them can be used by a legal move; the clocks are left out.
    /// (The hash and the position text keep an unusable right; repetition does not.)
    ///
    /// ```
    /// use hexvar_cescacs::Position;
    ///
    /// let a: Position = "/27:1k/14:3R3/1:1K/ w - - 0 1".parse()?;
    /// let b: Position = "/27:1k/14:3R3/1:1K/ w - - 37 60".parse()?;
    /// assert!(a.is_repetition_of(&b));
    /// assert!(!a.is_repetition_of(&Position::new()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_repetition_of(&self, other: &Position) -> bool {
        self.state.turn == other.state.turn
            && self.by_color == other.by_color
            && self.by_role == other.by_role
            && self.state.castling == other.state.castling
            && (self.state.special == other.state.special
                || self.usable_special() == other.usable_special())
    }

    /// The e.p. or scornful right if a legal move uses it, else [`Special::None`].
    fn usable_special(&self) -> Special {
        let used = self.state.special != Special::None
            && self
                .legal_moves()
                .iter()
                .any(|m| matches!(m, Move::EnPassant { .. } | Move::Scornful { .. }));
        if used {
            self.state.special
        } else {
            Special::None
        }
    }
}
