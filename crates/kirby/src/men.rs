//! The armies (sides, which are also seats), the roles and the pieces of Kirby's HexChess,
//! with their letters and text forms.

use core::fmt;
use core::str::FromStr;

pub use hexvar_geometry::ParseLetterError;

/// The number of armies (seats).
pub(crate) const ARMIES: usize = 6;

/// One of the six armies (the side type: an army's colour), which is also its seat and its
/// sideboard, in clockwise order from the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, at the bottom (sideboard on row A).
    Black = 0,
    /// Pink, lower left.
    Pink = 1,
    /// Silver, upper left.
    Silver = 2,
    /// White, at the top (sideboard on row Q).
    White = 3,
    /// Red, upper right.
    Red = 4,
    /// Gold, lower right.
    Gold = 5,
}

impl Color {
    /// The six armies in clockwise seat order: a slice, as
    /// [`VariantColor::ALL`](hexvar_geometry::VariantColor::ALL) is, so that `Color::ALL` names
    /// one thing whichever is in scope. (The armies a game seats are
    /// [`Position::seated`](crate::Position::seated).)
    pub const ALL: &'static [Color] = &[
        Color::Black,
        Color::Pink,
        Color::Silver,
        Color::White,
        Color::Red,
        Color::Gold,
    ];

    /// The seat index `0..6`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The army of seat `i` (`i` modulo 6).
    #[inline]
    pub(crate) const fn from_seat(i: usize) -> Color {
        Color::ALL[i % 6]
    }

    /// Kirby's initial for the color: `B P S W R G`.
    pub const fn char(self) -> char {
        match self {
            Color::Black => 'B',
            Color::Pink => 'P',
            Color::Silver => 'S',
            Color::White => 'W',
            Color::Red => 'R',
            Color::Gold => 'G',
        }
    }

    /// The army with Kirby's initial `c` (upper case).
    pub const fn from_char(c: char) -> Option<Color> {
        Some(match c {
            'B' => Color::Black,
            'P' => Color::Pink,
            'S' => Color::Silver,
            'W' => Color::White,
            'R' => Color::Red,
            'G' => Color::Gold,
            _ => return None,
        })
    }

    /// The next seat clockwise.
    pub const fn next(self) -> Color {
        Color::from_seat(self.index() + 1)
    }

    /// The army's name in English.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::Pink => "Pink",
            Color::Silver => "Silver",
            Color::White => "White",
            Color::Red => "Red",
            Color::Gold => "Gold",
        }
    }
}

// Display: the army's letter, `B P S W R G` (its English name is `Color::name`).
hexvar_geometry::letter_text!(Color, "army", "one of `B P S W R G`");

hexvar_geometry::roles! {
    /// A piece type. Values in centipawns: chess's values scaled by the role's mobility on this
    /// board (the rules page, "Piece values", gives the numbers). The third number, where
    /// given, is the role's playing value: what an engine counts it as, chosen by engine
    /// matches (the same section gives them); the others play at their value.
    pub enum Role {
        /// Pawn.
        Pawn('P', 100),
        /// Knight.
        Knight('N', 325, 300),
        /// Bishop.
        Bishop('B', 275, 300),
        /// Rook.
        Rook('R', 525, 500),
        /// Queen.
        Queen('Q', 900),
        /// Amazon (queen + knight), from promotion or stalemate relocation only.
        Amazon('A', 1225, 1200),
        /// King.
        King('K', 0),
    }
}

impl Role {
    /// The roles a pawn can reclaim (the first-rank pieces an army can lose), in the order the
    /// move generator lists them.
    pub const RECLAIMABLE: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// How many of this role an army has at the start (0 for the Amazon).
    pub const fn start_count(self) -> u32 {
        match self {
            Role::Pawn => 8,
            Role::Knight | Role::Bishop | Role::Rook => 2,
            Role::Queen | Role::King => 1,
            Role::Amazon => 0,
        }
    }

    /// Whether the role is a "power piece" (anything but pawn and king).
    pub const fn is_power(self) -> bool {
        !matches!(self, Role::Pawn | Role::King)
    }
}

/// A piece: an army and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner.
    pub color: Color,
    /// The piece type.
    pub role: Role,
}

impl Piece {
    /// The piece of `color` and `role`.
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// A compact code `1..=42` (0 means "empty" in the mailbox).
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        (self.color as u8) * 7 + self.role as u8 + 1
    }

    /// The piece of a mailbox code (`code != 0`).
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Piece {
        PIECE_OF_CODE[code as usize]
    }
}

/// `PIECE_OF_CODE[code]`: the piece of each code `1..=42`; an entry for every byte, so that a
/// code read from the mailbox indexes it without a bounds check (the others are never read).
const PIECE_OF_CODE: &[Piece; 256] = &{
    let mut out = [Piece {
        color: Color::Black,
        role: Role::Pawn,
    }; 256];
    let mut c = 1;
    while c < PIECE_CODES {
        out[c] = Piece {
            color: Color::ALL[(c - 1) / 7],
            role: Role::ALL[(c - 1) % 7],
        };
        c += 1;
    }
    out
};

impl fmt::Display for Piece {
    /// Army letter then role letter, e.g. `BK`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.color.char(), self.role.char())
    }
}

impl FromStr for Piece {
    type Err = ParseLetterError;
    /// Army letter then role letter, e.g. `BK`.
    fn from_str(s: &str) -> Result<Piece, ParseLetterError> {
        let mut chars = s.chars();
        match (
            chars.next().and_then(Color::from_char),
            // Upper case only, as the position text writes it (`Role::from_char` takes either).
            chars
                .next()
                .filter(char::is_ascii_uppercase)
                .and_then(Role::from_char),
            chars.next(),
        ) {
            (Some(color), Some(role), None) => Ok(Piece { color, role }),
            _ => Err(ParseLetterError::new(
                "piece",
                "an army letter and a role letter, e.g. `BK`",
                s,
            )),
        }
    }
}

/// Mailbox codes: 0 for an empty cell, then 7 roles for each of the 6 armies.
pub(crate) const PIECE_CODES: usize = 43;

#[cfg(feature = "serde")]
mod serde_impls {
    use super::Piece;
    hexvar_geometry::serde_as_text!(serde, Piece, "a piece, like BK");
}
