//! Short algebraic notation (SAN) for Dagger Chess: [`Position::write_san`], [`Position::san`]
//! and [`Position::parse_san`].
//!
//! The rule page gives no move notation, so chess SAN is followed, read with Dagger's cell names
//! (rank letter, then the cell's number within the rank):
//!
//! | move | SAN | disambiguated |
//! |---|---|---|
//! | piece move, capture | `Bg3`, `Rxb2` | by the origin's rank letter (`Bcg3`), else its number (`B1g3`), else the whole cell (`Bc1g3`) |
//! | pawn move | `f2` (no letter) | by the origin's rank letter (`ef2`: a step; `df2`: a jump), else the whole cell (`e1f2`) |
//! | pawn capture, en passant | `dxe2` (the origin's rank letter always written) | by the whole cell (`d2xe2`) |
//! | promotion | `n1=Q`, `mxn1=R` | as a pawn move (`m2n1=Q`) |
//! | knight entry from the hand | `N@d1`, capturing `N@xd1` | by the knight (`NL@d1`) |
//! | knight drop on the own King's start cell | `N@a1` | by the knight (`NL@a1`, `NR@a1`) |
//!
//! plus `+` for check and `#` for mate. The least disambiguation that makes a move's text unique
//! among the legal moves is chosen by `hexvar_geometry::san`.
//!
//! ```
//! use hexvar_dagger::Position;
//! let pos = Position::new();
//! assert_eq!(pos.san(pos.parse_move("d2-f2")?), "df2");
//! let hand: Position = "k/2/3/4/3/4/5/4/3/p3/3/K1/1 w LR/- -".parse()?;
//! assert_eq!(hand.san(hand.parse_move("b1-c2")?), "Kc2");
//! assert_eq!(hand.san(hand.parse_move("N@d1")?), "N@xd1");
//! assert_eq!(hand.san(hand.parse_move("NR@a1")?), "NR@a1");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ```
//! use hexvar_dagger::{ParseSanError, Position};
//! let pos = Position::new();
//! let jump = pos.parse_move("d2-f2")?;
//! assert_eq!(pos.parse_san("df2")?, jump);
//! assert_eq!(pos.parse_san("d2f2+")?, jump);
//! assert_eq!(pos.parse_san("d2-f2")?, jump);
//! assert!(matches!(pos.parse_san("f2"), Err(ParseSanError::Ambiguous { .. })));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use hexvar_geometry::san::Disambiguation;

use crate::cells::{Cell, RANK_LETTERS};
use crate::men::Role;
use crate::moves::Move;
use crate::position::Position;

/// The rank letter of a cell (`d` of `d2`).
fn rank_letter(cell: Cell) -> char {
    RANK_LETTERS[usize::from(cell.rank())] as char
}

/// Appends a cell's name.
fn push_cell(out: &mut String, cell: Cell) {
    out.push(rank_letter(cell));
    push_number(out, cell);
}

/// Appends a cell's number within its rank (`2` of `d2`; at most 5).
fn push_number(out: &mut String, cell: Cell) {
    out.push(char::from(b'0' + cell.number()));
}

impl Position {
    /// Writes the SAN of a legal move `m`, without the `+` / `#` suffix, naming as much of the
    /// cell it leaves as `origin` says (see the rules page, "Notation (SAN)"):
    /// - a piece: nothing, the origin's rank letter, its number, or the whole origin cell;
    /// - a pawn: nothing (a capture always writes the origin's rank letter), the rank letter, or
    ///   the whole origin cell (for [`Disambiguation::Rank`] too: a pawn's number alone would
    ///   read as a move number);
    /// - a knight from the hand (`@`): nothing, or which knight, `L` or `R`, for every other
    ///   level.
    ///
    /// [`Position::san`] picks the least level that makes the text unique.
    ///
    /// ```
    /// use hexvar_dagger::{Disambiguation, Position};
    /// let pos = Position::new();
    /// let jump = pos.parse_move("d2-f2")?;
    /// let mut text = String::new();
    /// pos.write_san(jump, Disambiguation::Cell, &mut text);
    /// assert_eq!(text, "d2f2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_san(&self, m: Move, origin: Disambiguation, out: &mut String) {
        match m {
            Move::Entry { knight, to } => {
                out.push('N');
                if origin != Disambiguation::None {
                    out.push(knight.char());
                }
                out.push('@');
                if self.piece_at(to).is_some() {
                    out.push('x');
                }
                push_cell(out, to);
            }
            Move::Drop { knight, to } => {
                out.push('N');
                if origin != Disambiguation::None {
                    out.push(knight.char());
                }
                out.push('@');
                push_cell(out, to);
            }
            Move::Normal { from, to }
            | Move::Promotion { from, to, .. }
            | Move::EnPassant { from, to } => {
                let role = self.piece_at(from).map_or(Role::Pawn, |p| p.role);
                let capture = matches!(m, Move::EnPassant { .. }) || self.piece_at(to).is_some();
                if role == Role::Pawn {
                    match origin {
                        Disambiguation::None if !capture => {}
                        Disambiguation::None | Disambiguation::File => {
                            out.push(rank_letter(from));
                        }
                        Disambiguation::Rank | Disambiguation::Cell => push_cell(out, from),
                    }
                } else {
                    out.push(role.char());
                    match origin {
                        Disambiguation::None => {}
                        Disambiguation::File => out.push(rank_letter(from)),
                        Disambiguation::Rank => push_number(out, from),
                        Disambiguation::Cell => push_cell(out, from),
                    }
                }
                if capture {
                    out.push('x');
                }
                push_cell(out, to);
                if let Move::Promotion { role, .. } = m {
                    out.push('=');
                    out.push(role.char());
                }
            }
        }
    }
}
