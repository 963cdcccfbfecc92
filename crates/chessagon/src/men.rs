//! Sides, roles and pieces, and their letters.

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::parse_letter;
pub use hexvar_geometry::ParseLetterError;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first, starts at the bottom (ranks 1–5).
    White = 0,
    /// Starts at the top (ranks 11–15).
    Black = 1,
}

impl Color {
    /// Both sides, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `0` for White, `1` for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side's letter in the position text: `w` or `b`.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The side of a letter `w` or `b`.
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// The side's name: `"White"` or `"Black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    /// The letter `w` or `b`, as in the position text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Color {
    type Err = ParseLetterError;
    fn from_str(s: &str) -> Result<Color, ParseLetterError> {
        parse_letter(s, Color::from_char, "side", "`w` or `b`")
    }
}

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn (P).
    Pawn = 0,
    /// Knight (N): 12 leaps.
    Knight = 1,
    /// Bishop (B): same-colour diagonals, jumping opposite-colour cells.
    Bishop = 2,
    /// Duke (D): the rook lines turned 30° (face then point steps).
    Duke = 3,
    /// Rook (R): face-to-face rows.
    Rook = 4,
    /// Queen (Q): Rook ∪ Duke ∪ Bishop.
    Queen = 5,
    /// King (K): one step to any of the 12 touching cells.
    King = 6,
}

impl Role {
    /// All roles, in index order.
    pub const ALL: [Role; 7] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Duke,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// Upper-case letter: `P N B D R Q K`.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Duke => 'D',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The material value in centipawns: chess's values scaled by the role's mobility on this
    /// board (the rules page, "Piece values", gives the numbers): P 100, N 250, B 275, D 350, R 600, Q 975, K 0.
    pub const fn value(self) -> i32 {
        match self {
            Role::Pawn => 100,
            Role::Knight => 250,
            Role::Bishop => 275,
            Role::Duke => 350,
            Role::Rook => 600,
            Role::Queen => 975,
            Role::King => 0,
        }
    }

    /// The role of a letter (either case).
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'D' => Role::Duke,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// Index `0..7`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Role {
    /// The upper-case letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Role {
    type Err = ParseLetterError;
    fn from_str(s: &str) -> Result<Role, ParseLetterError> {
        parse_letter(s, Role::from_char, "role", "one of `P N B D R Q K`")
    }
}

/// A piece: a side and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Owner.
    pub color: Color,
    /// Kind.
    pub role: Role,
}

impl Piece {
    /// The piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// Letter in the position text: upper case for White, lower case for Black.
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a letter (upper case White, lower case Black).
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    /// The letter of the position text (upper case White, lower case Black).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Piece {
    type Err = ParseLetterError;
    fn from_str(s: &str) -> Result<Piece, ParseLetterError> {
        parse_letter(
            s,
            Piece::from_char,
            "piece",
            "one of `KQDBNRP` (White) or `kqdbnrp` (Black)",
        )
    }
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

#[cfg(feature = "serde")]
mod serde_impls {
    use super::{Color, Piece, Role};

    hexvar_geometry::serde_as_text!(serde, Color, "a side's letter, \"w\" or \"b\"");
    hexvar_geometry::serde_as_text!(serde, Role, "a role's letter, one of PNBDRQK");
    hexvar_geometry::serde_as_text!(serde, Piece, "a piece's letter, like \"Q\" or \"d\"");
}
