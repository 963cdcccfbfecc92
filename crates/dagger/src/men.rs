//! The men of Dagger Chess: the two sides (geometry's [`Color`]), the roles and the pieces, with
//! their letters, and what a side means on this board (its one-cell home rank).

pub use hexvar_geometry::{Color, ParseLetterError};

use crate::cells::Cell;

hexvar_geometry::roles! {
    /// The kind of a piece. Its text is its upper-case letter (`P N B R Q K`); either case is
    /// read. The values are chess's scaled by the role's mobility on this board (the rules page,
    /// "Piece values", gives the numbers); a knight in hand counts as one on the board.
    pub enum Role {
        /// Moeser's pawn.
        Pawn('P', 100),
        /// Knight (Gliński-type leaper); both sides start with two in hand.
        Knight('N', 350),
        /// Bishop: slides along the 6 diagonals.
        Bishop('B', 250),
        /// Rook: slides along the 6 orthogonal lines.
        Rook('R', 525),
        /// Queen: Rook plus Bishop (only by promotion).
        Queen('Q', 875),
        /// King: one step to any of 12 cells.
        King('K', 0),
    }
}

/// The number of roles.
pub(crate) const ROLE_COUNT: usize = Role::COUNT;

impl Role {
    /// The roles a pawn may promote to, in notation order.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
}

hexvar_geometry::two_sided_piece! {
    /// A man of one side: its colour and its role. Its text is its letter in the position text:
    /// upper case for White, lower case for Black.
    ///
    /// ```
    /// use hexvar_dagger::{Color, Piece, Role};
    /// let knight: Piece = "n".parse().unwrap();
    /// assert_eq!(knight, Piece::new(Color::Black, Role::Knight));
    /// assert_eq!(knight.to_string(), "n");
    /// ```
    pub struct Piece(Role);
}

/// The number of distinct pieces (colour × role).
pub(crate) const PIECE_COUNT: usize = 2 * ROLE_COUNT;

impl Piece {
    /// `0..12`: `color * 6 + role`.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.color.index() * ROLE_COUNT + self.role.index()
    }

    /// The piece of [`Piece::index`].
    #[inline]
    pub(crate) const fn from_index(index: usize) -> Piece {
        Piece {
            color: if index < ROLE_COUNT {
                Color::White
            } else {
                Color::Black
            },
            role: Role::ALL[index % ROLE_COUNT],
        }
    }
}

/// The one-cell first rank of `color`: its King's start cell, its knights' drop cell and the
/// opponent's promotion cell (`a1` for White, `n1` for Black).
///
/// ```
/// use hexvar_dagger::{home, Cell, Color};
/// assert_eq!(home(Color::White), Cell::A1);
/// assert_eq!(home(Color::Black), Cell::N1);
/// ```
#[inline]
pub const fn home(color: Color) -> Cell {
    match color {
        Color::White => Cell::A1,
        Color::Black => Cell::N1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_round_trip() {
        for color in Color::ALL {
            assert_eq!(color.to_string().parse::<Color>(), Ok(color));
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                assert_eq!(piece.to_string().parse::<Piece>(), Ok(piece));
                assert_eq!(Piece::from_index(piece.index()), piece);
                assert_eq!(role.to_string().parse::<Role>(), Ok(role));
                assert_eq!(role.to_string().to_lowercase().parse::<Role>(), Ok(role));
            }
        }
        for bad in ["", "x", "ww", "W", "white"] {
            assert!(bad.parse::<Color>().is_err(), "{bad}");
        }
        for bad in ["", "X", "KK", "1"] {
            assert!(bad.parse::<Piece>().is_err(), "{bad}");
            assert!(bad.parse::<Role>().is_err(), "{bad}");
        }
    }

    #[test]
    fn roles_keep_their_letters_values_and_order() {
        let roles = Role::ALL.map(|r| format!("{}{}", r.char(), r.value()));
        assert_eq!(roles.join(" "), "P100 N350 B250 R525 Q875 K0");
        assert_eq!(home(Color::White).flip(), home(Color::Black));
    }
}
