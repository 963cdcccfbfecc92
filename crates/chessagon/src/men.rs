//! Sides, roles and pieces, and their letters.

pub use hexvar_geometry::ParseLetterError;

pub use hexvar_geometry::Color;

hexvar_geometry::roles! {
    /// A kind of piece. The value is the material in centipawns: chess's values scaled by the
    /// role's mobility on this board (the rules page, "Piece values", gives the numbers).
    pub enum Role {
        /// Pawn (P).
        Pawn('P', 100),
        /// Knight (N): 12 leaps.
        Knight('N', 250),
        /// Bishop (B): same-colour diagonals, jumping opposite-colour cells.
        Bishop('B', 275),
        /// Duke (D): the rook lines turned 30° (face then point steps).
        Duke('D', 350),
        /// Rook (R): face-to-face rows.
        Rook('R', 600),
        /// Queen (Q): Rook ∪ Duke ∪ Bishop.
        Queen('Q', 975),
        /// King (K): one step to any of the 12 touching cells.
        King('K', 0),
    }
}

hexvar_geometry::two_sided_piece! {
    /// A piece: a side and a role. Its letter is upper case for White, lower case for Black.
    pub struct Piece(Role);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_of_sides_roles_and_pieces_round_trip() {
        for color in Color::ALL {
            assert_eq!(color.to_string().parse::<Color>().unwrap(), color);
        }
        for role in Role::ALL {
            assert_eq!(role.to_string().parse::<Role>().unwrap(), role);
            for color in Color::ALL {
                let piece = Piece::new(color, role);
                assert_eq!(piece.to_string().parse::<Piece>().unwrap(), piece);
            }
        }
        assert_eq!(
            "q".parse::<Piece>().unwrap(),
            Piece::new(Color::Black, Role::Queen)
        );
        for bad in ["", "x", "ww", "W", "K "] {
            assert!(bad.parse::<Color>().is_err(), "{bad}");
        }
        assert!("KQ".parse::<Piece>().is_err() && "".parse::<Role>().is_err());
    }
}
