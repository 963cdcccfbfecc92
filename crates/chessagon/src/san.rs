//! Short algebraic notation (SAN): chess SAN on the triangle board, as the rules page's
//! "Notation (SAN)" section describes it. Geometry's [`hexvar_geometry::san`] picks the least
//! disambiguation and adds the check suffix; this module writes one move at a given level.
//!
//! ```
//! use hexvar_chessagon::Position;
//!
//! let pos = Position::new();
//! assert_eq!(pos.san(pos.parse_move("f3e5")?), "Ne5");
//! assert_eq!(pos.san(pos.parse_move("b4a6")?), "a6"); // p2p push, face-to-face via a5
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt::Write;

use hexvar_geometry::{Disambiguation, ParseSanError};

use crate::cells::Cell;
use crate::men::Role;
use crate::moves::Move;
use crate::position::Position;

/// The file letter of a cell (`a`–`h`).
fn file_char(cell: Cell) -> char {
    char::from(b'a' + cell.file())
}

impl Position {
    /// Writes a legal move's SAN without the check or mate suffix, naming as much of the origin
    /// cell as `origin` says: the piece letter (none for a pawn), the origin, `x` for a capture
    /// (en passant included), the destination, `=Q` for a promotion; castling as `O-O@f3`,
    /// `O-O@g3`, `O-O-O@c2`, `O-O-O@c3` (Black: `@f13`, `@g13`, `@c14`, `@c13`), the King's
    /// target named as in the move notation. A cell name is its file letter and rank number:
    /// [`Disambiguation::File`] writes the origin's letter, [`Disambiguation::Rank`] its number
    /// (a pawn, whose capture always names its file, writes the whole cell there),
    /// [`Disambiguation::Cell`] both. [`Position::san`] picks the least level that is unique.
    pub fn write_san(&self, mv: Move, origin: Disambiguation, out: &mut String) {
        let (from, to) = match mv {
            Move::Castle { .. } => {
                let _ = write!(out, "{mv}");
                return;
            }
            Move::Normal { from, to }
            | Move::Promotion { from, to }
            | Move::EnPassant { from, to } => (from, to),
        };
        let Some(piece) = self.piece_at(from) else {
            // Not a legal move: its move notation, which names it whole.
            let _ = write!(out, "{mv}");
            return;
        };
        let capture = matches!(mv, Move::EnPassant { .. }) || self.piece_at(to).is_some();
        if piece.role == Role::Pawn {
            match origin {
                Disambiguation::None if !capture => {}
                Disambiguation::None | Disambiguation::File => out.push(file_char(from)),
                Disambiguation::Rank | Disambiguation::Cell => {
                    let _ = write!(out, "{from}");
                }
            }
        } else {
            out.push(piece.role.char());
            match origin {
                Disambiguation::None => {}
                Disambiguation::File => out.push(file_char(from)),
                Disambiguation::Rank => {
                    let _ = write!(out, "{}", from.rank());
                }
                Disambiguation::Cell => {
                    let _ = write!(out, "{from}");
                }
            }
        }
        if capture {
            out.push('x');
        }
        let _ = write!(out, "{to}");
        if matches!(mv, Move::Promotion { .. }) {
            out.push_str("=Q");
        }
    }

    /// The legal move a SAN text names. It forgives over-disambiguation (`Nf3e5`), a missing or
    /// other capture sign (`:`, `×`), surrounding spaces and trailing `+ # ! ?`, and it takes the
    /// move notation too ([`Position::parse_move`]: `f3e5`, `O-O@f3`).
    ///
    /// ```
    /// use hexvar_chessagon::Position;
    ///
    /// let pos = Position::new();
    /// let knight = pos.parse_move("f3e5")?;
    /// assert_eq!(pos.parse_san("Ne5")?, knight);
    /// assert_eq!(pos.parse_san("Nf3e5+")?, knight);
    /// assert_eq!(pos.parse_san("f3e5")?, knight);
    /// assert!(pos.parse_san("Ne6").is_err());
    /// assert!(pos.parse_san("F3e5").is_ok(), "F is no piece: the cell f3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, ParseSanError> {
        // A text that starts with a piece's letter in upper case is SAN: the move notation, which
        // is case-free, would read `D12c11` (a Duke's move) as the move from the cell d12.
        let first = text
            .trim_start_matches(|c: char| c.is_ascii_whitespace())
            .chars()
            .next();
        if first.is_some_and(|c| c.is_ascii_uppercase() && Role::from_char(c).is_some()) {
            hexvar_geometry::san::parse_san_only(self, text)
        } else {
            hexvar_geometry::san::parse_san(self, text)
        }
    }
}
