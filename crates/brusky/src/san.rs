//! Short algebraic notation (SAN) for Brusky's Hexagonal Chess: chess SAN on the hex board's
//! cells, as the rules page's "Notation (SAN)" section describes. The choice of the least
//! disambiguation, the check and mate suffixes and the forgiving reader are `hexvar-geometry`'s,
//! written once for every variant; this module says how one move is written.
//!
//! ```
//! use hexvar_brusky::Position;
//! let mut pos = Position::new();
//! assert_eq!(pos.san(pos.parse_move("h1-g3")?), "Ng3");
//! assert_eq!(pos.san(pos.parse_move("a2-a4")?), "a4");
//! // Pawns step in two forward directions: e2 reaches g4 too (e2-f3-g4), so the file is named.
//! assert_eq!(pos.san(pos.parse_move("g2-g4")?), "gg4");
//! assert_eq!(pos.san(pos.parse_move("e2-g4")?), "eg4");
//! pos.play(pos.parse_move("h1-g3")?)?;
//! assert_eq!(pos.san(pos.parse_move("h8xe2")?), "Bxe2+");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ```
//! use hexvar_brusky::{ParseSanError, Position};
//! let pos = Position::new();
//! let m = pos.parse_move("h1-g3")?;
//! assert_eq!(pos.parse_san("Ng3")?, m);
//! assert_eq!(pos.parse_san("Nh1g3")?, m);
//! assert_eq!(pos.parse_san("h1-g3")?, m);
//! assert!(matches!(pos.parse_san("Ng4"), Err(ParseSanError::NotLegal { .. })));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use hexvar_geometry::san::Disambiguation;

use crate::men::Role;
use crate::moves::{CastlingSide, Move};
use crate::position::Position;

impl Position {
    /// Writes the SAN body of a legal move (without `+` or `#`), naming as much of the cell it
    /// leaves as `origin` says: a piece's letter, the origin (nothing, its file, its rank or the
    /// whole cell), `x` for a capture, the destination, `=Q` for a promotion; a pawn has no letter
    /// and its captures always name its file; castling is `O-O` or `O-O-O` at every level.
    /// [`Position::san`] picks the least level that no other legal move shares.
    ///
    /// ```
    /// use hexvar_brusky::{Disambiguation, Position};
    /// let pos = Position::new();
    /// let m = pos.parse_move("h1-g3")?;
    /// let body = |origin| {
    ///     let mut out = String::new();
    ///     pos.write_san(m, origin, &mut out);
    ///     out
    /// };
    /// assert_eq!(body(Disambiguation::None), "Ng3");
    /// assert_eq!(body(Disambiguation::File), "Nhg3");
    /// assert_eq!(body(Disambiguation::Rank), "N1g3");
    /// assert_eq!(body(Disambiguation::Cell), "Nh1g3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn write_san(&self, mv: Move, origin: Disambiguation, out: &mut String) {
        let (from, to, promotion, capture) = match mv {
            Move::Castle { side, .. } => {
                out.push_str(match side {
                    CastlingSide::KingSide => "O-O",
                    CastlingSide::QueenSide => "O-O-O",
                });
                return;
            }
            Move::EnPassant { from, to } => (from, to, None, true),
            Move::Normal {
                from,
                to,
                promotion,
                ..
            } => (from, to, promotion, self.piece_at(to).is_some()),
        };
        let role = self.piece_at(from).map_or(Role::Pawn, |p| p.role);
        let (file, rank) = match (role, origin) {
            // A pawn's capture always names its file, so its rank comes with the file.
            (Role::Pawn, Disambiguation::None) => (capture, false),
            (Role::Pawn, Disambiguation::Rank) => (capture, true),
            (_, Disambiguation::None) => (false, false),
            (_, Disambiguation::File) => (true, false),
            (_, Disambiguation::Rank) => (false, true),
            (_, Disambiguation::Cell) => (true, true),
        };
        if role != Role::Pawn {
            out.push(role.char());
        }
        if file {
            out.push(from.file_char());
        }
        if rank {
            out.push(from.rank_char());
        }
        if capture {
            out.push('x');
        }
        out.push(to.file_char());
        out.push(to.rank_char());
        if let Some(role) = promotion {
            out.push('=');
            out.push(role.char());
        }
    }
}
