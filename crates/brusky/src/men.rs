//! The men of Brusky chess: the two sides (geometry's [`Color`]), the roles and the pieces, with
//! their letters, and the ranks where each side's pawns start and promote.

pub use hexvar_geometry::{Color, ParseLetterError};

hexvar_geometry::roles! {
    /// A kind of piece. Its text is its upper-case letter (`P N B R Q K`); either case is read.
    /// The values are chess's scaled by the role's mobility on this board (the rules page,
    /// "Piece values", gives the numbers). The third number, where given, is the role's playing
    /// value: what an engine counts it as, chosen by engine matches (the same section explains
    /// them); the others play at their value.
    pub enum Role {
        /// Pawn.
        Pawn('P', 100),
        /// Knight.
        Knight('N', 300),
        /// Bishop.
        Bishop('B', 250, 300),
        /// Rook.
        Rook('R', 550, 500),
        /// Queen.
        Queen('Q', 925, 900),
        /// King.
        King('K', 0),
    }
}

impl Role {
    /// The roles a pawn may promote to.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];
}

hexvar_geometry::two_sided_piece! {
    /// A man on the board: a side and a role. Its text is its letter in the position text: upper
    /// case for White, lower case for Black.
    ///
    /// ```
    /// use hexvar_brusky::{Color, Piece, Role};
    /// let queen: Piece = "q".parse().unwrap();
    /// assert_eq!(queen, Piece::new(Color::Black, Role::Queen));
    /// assert_eq!(queen.to_string(), "q");
    /// ```
    pub struct Piece(Role);
}

/// The rank (0-based) the pawns of `color` start on: 1 for White, 6 for Black.
///
/// ```
/// use hexvar_brusky::{pawn_rank, Color};
/// assert_eq!((pawn_rank(Color::White), pawn_rank(Color::Black)), (1, 6));
/// ```
#[inline]
pub const fn pawn_rank(color: Color) -> u8 {
    match color {
        Color::White => 1,
        Color::Black => 6,
    }
}

/// The rank (0-based) the pawns of `color` promote on: 7 for White, 0 for Black.
///
/// ```
/// use hexvar_brusky::{promotion_rank, Color};
/// assert_eq!((promotion_rank(Color::White), promotion_rank(Color::Black)), (7, 0));
/// ```
#[inline]
pub const fn promotion_rank(color: Color) -> u8 {
    match color {
        Color::White => 7,
        Color::Black => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_keep_their_letters_values_and_order() {
        let roles = Role::ALL.map(|r| format!("{}{}", r.char(), r.value()));
        assert_eq!(roles.join(" "), "P100 N300 B250 R550 Q925 K0");
        for color in Color::ALL {
            assert_eq!(pawn_rank(color), 7 - pawn_rank(!color));
            assert_eq!(promotion_rank(color), 7 - promotion_rank(!color));
        }
        assert_eq!(pawn_rank(Color::White), promotion_rank(Color::Black) + 1);
    }
}
