//! Short algebraic notation (SAN) for Kirby's game: how one move is written
//! ([`Position::write_san`]), and Kirby's check and mate signs ([`Position::check_suffix`]).
//! Geometry's `san` module picks the least disambiguation and reads texts back.
//!
//! The rules page's "Notation (SAN)" section is the reference; in short:
//!
//! | move | SAN | origin named when needed |
//! |---|---|---|
//! | piece move, capture | `NB/33`, `RxA16`, `QH17` | `RBA16` (row B), `RB15A16`, `NB/12B/33` |
//! | pawn move | `A10` | `B15C16` |
//! | pawn capture | `B/27xB/36`, `G14xH15` (always the origin cell) | |
//! | promotion | `H13=Q`, `G14xH15=A` | |
//! | castling | `O-O` (the rook three files away), `O-O-O` (four) | |
//! | stalemate relocation | `K>A10=Q`, `K>A10` | `KB/15>A10=Q` |
//!
//! ```
//! use hexvar_kirby::Position;
//!
//! let pos = Position::new();
//! let m = pos.parse_move("B/12-B/33")?;
//! assert_eq!(pos.san(m).as_str(), "NB/33");
//! assert_eq!(pos.san(pos.parse_move("B/22-A10")?).as_str(), "A10");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ```
//! use hexvar_kirby::Position;
//!
//! let pos = Position::new();
//! let m = pos.parse_move("B/12-B/33")?;
//! assert_eq!(pos.parse_san("NB/33")?, m);
//! assert_eq!(pos.parse_san("NB/12B/33+")?, m);
//! assert_eq!(pos.parse_san("B/12-B/33")?, m);
//! assert!(pos.parse_san("NB/34").is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use hexvar_geometry::Disambiguation;

use crate::cells::{Cell, CellSet};
use crate::men::{Role, ARMIES};
use crate::moves::Move;
use crate::position::{Position, NO_KING};

impl Position {
    /// Writes a legal move's SAN without the check or mate sign, naming as much of the cell it
    /// leaves as `origin` says: nothing beyond what the notation always writes (a pawn
    /// capture's origin cell), at [`Disambiguation::File`] a grid cell's row letter, otherwise
    /// the whole cell (a square's name, `B/12`, is never cut; a pawn's origin is always whole).
    /// [`Position::san`] picks the least level that makes the text unique.
    ///
    /// ```
    /// use hexvar_kirby::{Disambiguation, Position};
    ///
    /// let pos = Position::new();
    /// let knight = pos.parse_move("B/12-B/33")?;
    /// let mut text = String::new();
    /// pos.write_san(knight, Disambiguation::None, &mut text);
    /// assert_eq!(text, "NB/33");
    /// text.clear();
    /// pos.write_san(knight, Disambiguation::Cell, &mut text);
    /// assert_eq!(text, "NB/12B/33");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_san(&self, mv: Move, origin: Disambiguation, out: &mut String) {
        match mv {
            Move::Castle { king, rook } => {
                let file = |c: Cell| c.square_coords().map_or(0, |(_, f, _)| f);
                let short = file(king).abs_diff(file(rook)) == 3;
                out.push_str(if short { "O-O" } else { "O-O-O" });
            }
            Move::Relocate { from, to, reclaim } => {
                out.push('K');
                if origin != Disambiguation::None {
                    out.push_str(from.name());
                }
                out.push('>');
                out.push_str(to.name());
                if let Some(role) = reclaim {
                    out.push('=');
                    out.push(role.char());
                }
            }
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                let role = self.piece_at(from).map_or(Role::Pawn, |p| p.role);
                let capture = self.piece_at(to).is_some();
                if role == Role::Pawn {
                    if capture || origin != Disambiguation::None {
                        out.push_str(from.name());
                    }
                } else {
                    out.push(role.char());
                    let name = from.name();
                    match origin {
                        Disambiguation::None => {}
                        // A grid cell's row letter (one ASCII letter).
                        Disambiguation::File if from.grid().is_some() => out.push_str(&name[..1]),
                        _ => out.push_str(name),
                    }
                }
                if capture {
                    out.push('x');
                }
                out.push_str(to.name());
                if let Some(role) = promotion {
                    out.push('=');
                    out.push(role.char());
                }
            }
        }
    }

    /// Kirby's check or mate sign of a legal move: `#` when the move ends an army's game (after
    /// it, an army is eliminated at the start of its turn: checkmated, or in the rare case of
    /// rules page item 17 stalemated without a safe cell), else `+` when it puts a king in
    /// check (some king is attacked by a man that did not attack it before the move: the
    /// moved man, a man whose line it opened, a waiting pawn it turned into a piece), for any
    /// army, not only the next to move; else nothing.
    ///
    /// ```
    /// use hexvar_kirby::Position;
    ///
    /// // Black mates White: the game ends.
    /// let pos: Position = "layout=QL turn=B teams=B/W castling=- dead=- waiting=- \
    ///     B:KB/15,RQ8 W:KW/11,PW/21,PW/22".parse()?;
    /// assert_eq!(pos.check_suffix(pos.parse_move("Q8-W/18")?), "#");
    /// assert_eq!(pos.check_suffix(pos.parse_move("Q8-Q10")?), "");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn check_suffix(&self, mv: Move) -> &'static str {
        let mut after = self.clone();
        after.play_unchecked(mv);
        if after.alive != self.alive {
            return "#";
        }
        let gains_checker = (0..ARMIES).any(|a| {
            after.kings[a] != NO_KING && {
                let new: CellSet = after.king_attackers(a) - self.king_attackers(a);
                !new.is_empty()
            }
        });
        if gains_checker {
            "+"
        } else {
            ""
        }
    }
}
