//! The men of Dagger Chess: the two sides, the roles and the pieces, with their letters.

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::parse_letter;
pub use hexvar_geometry::ParseLetterError;

use crate::cells::Cell;

/// One of the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White moves first, up the board (rising rank).
    White = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other colour.
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

    /// The side's one-cell first rank: its King's start cell and the opponent's promotion cell.
    #[inline]
    pub const fn home(self) -> Cell {
        match self {
            Color::White => Cell::A1,
            Color::Black => Cell::N1,
        }
    }

    /// `'w'` or `'b'`, as in the position text.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The colour of `'w'` or `'b'`.
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// `"White"` or `"Black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    /// The letter `w` or `b`.
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

/// The kind of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Moeser's pawn.
    Pawn = 0,
    /// Knight (Gliński-type leaper); both sides start with two in hand.
    Knight = 1,
    /// Bishop: slides along the 6 diagonals.
    Bishop = 2,
    /// Rook: slides along the 6 orthogonal lines.
    Rook = 3,
    /// Queen: Rook plus Bishop (only by promotion).
    Queen = 4,
    /// King: one step to any of 12 cells.
    King = 5,
}

/// The number of roles.
pub(crate) const ROLE_COUNT: usize = 6;

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; ROLE_COUNT] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// The roles a pawn may promote to, in notation order.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The upper-case letter: `P N B R Q K`.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The material value in centipawns: chess's values scaled by the role's mobility on this
    /// board (the rules page, "Piece values", gives the numbers); a knight in hand counts as one
    /// on the board: P 100, N 350, B 250, R 525, Q 875, K 0.
    pub const fn value(self) -> i32 {
        match self {
            Role::Pawn => 100,
            Role::Knight => 350,
            Role::Bishop => 250,
            Role::Rook => 525,
            Role::Queen => 875,
            Role::King => 0,
        }
    }

    /// The role of an upper- or lower-case letter.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }

    /// `0..6`, pawn first.
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
    /// One letter of `PNBRQK`, either case.
    fn from_str(s: &str) -> Result<Role, ParseLetterError> {
        parse_letter(s, Role::from_char, "role", "one of `P N B R Q K`")
    }
}

/// A man of one side: its colour and its role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

/// The number of distinct pieces (colour × role).
pub(crate) const PIECE_COUNT: usize = 2 * ROLE_COUNT;

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// `KQRBNP` for White, `kqrbnp` for Black, as in the position text.
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a letter (upper case White, lower case Black).
    pub const fn from_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }

    /// `0..12`: `color * 6 + role`.
    #[inline]
    pub(crate) const fn index(self) -> usize {
        self.color as usize * ROLE_COUNT + self.role as usize
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

impl fmt::Display for Piece {
    /// The letter of the position text: `K` for a White King, `p` for a Black pawn.
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
            "one of `KQRBNP` (White) or `kqrbnp` (Black)",
        )
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
}
