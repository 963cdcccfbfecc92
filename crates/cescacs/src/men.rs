//! The men: sides ([`Color`]), piece kinds ([`Role`]) and pieces ([`Piece`]), with their letters.

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::parse_letter;
pub use hexvar_geometry::ParseLetterError;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White, moving towards line 28.
    White,
    /// Black, moving towards line 0.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The line direction of this side's pawns: `+1` White, `-1` Black.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// `'w'` or `'b'`.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The side of `'w'` or `'b'` (either case).
    pub const fn from_char(c: char) -> Option<Color> {
        match c.to_ascii_lowercase() {
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

/// A piece kind. Letters follow CTL-AN (language independent).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// King (`K`).
    King,
    /// Queen (`D`, "Dama"): orthogonal and diagonal slider.
    Queen,
    /// Wyvern (`V`): orthogonal slider plus knight leap.
    Wyvern,
    /// Rook (`R`): orthogonal slider.
    Rook,
    /// Pegasus (`G`): diagonal slider plus knight leap.
    Pegasus,
    /// Knight (`N`): knight leap plus the non-capturing ride.
    Knight,
    /// Bishop (`J`): diagonal slider.
    Bishop,
    /// Elephant (`E`): diagonal steps forward and back, one or two steps straight forward.
    Elephant,
    /// Pawn (`P`, omitted in move notation).
    Pawn,
}

impl Role {
    /// All roles, in the order of their index.
    pub const ALL: [Role; 9] = [
        Role::King,
        Role::Queen,
        Role::Wyvern,
        Role::Rook,
        Role::Pegasus,
        Role::Knight,
        Role::Bishop,
        Role::Elephant,
        Role::Pawn,
    ];

    /// The roles a pawn may promote to ("regainable" pieces).
    pub const PROMOTIONS: [Role; 6] = [
        Role::Queen,
        Role::Wyvern,
        Role::Rook,
        Role::Pegasus,
        Role::Knight,
        Role::Bishop,
    ];

    /// Index into [`Role::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The CTL-AN letter (uppercase).
    pub const fn char(self) -> char {
        match self {
            Role::King => 'K',
            Role::Queen => 'D',
            Role::Wyvern => 'V',
            Role::Rook => 'R',
            Role::Pegasus => 'G',
            Role::Knight => 'N',
            Role::Bishop => 'J',
            Role::Elephant => 'E',
            Role::Pawn => 'P',
        }
    }

    /// The material value in centipawns: the author's relative values (the rules page, "Piece
    /// values") times 100: P 100, E 200, J 300, N 400, G 800, R 1000, V 1500, D 1600, K 0. (The
    /// author adds a point for holding all three Bishops, which no single role carries.)
    pub const fn value(self) -> i32 {
        match self {
            Role::King => 0,
            Role::Queen => 1600,
            Role::Wyvern => 1500,
            Role::Rook => 1000,
            Role::Pegasus => 800,
            Role::Knight => 400,
            Role::Bishop => 300,
            Role::Elephant => 200,
            Role::Pawn => 100,
        }
    }

    /// The role of a letter, case-insensitive, accepting the aliases of the rules
    /// (`Q`=D, `W`=V, `T`=R, `C`/`S`=N, `A`/`B`/`F`/`L`=J, `H`=E).
    pub const fn from_char(ch: char) -> Option<Role> {
        Some(match ch.to_ascii_uppercase() {
            'K' => Role::King,
            'D' | 'Q' => Role::Queen,
            'V' | 'W' => Role::Wyvern,
            'R' | 'T' => Role::Rook,
            'G' => Role::Pegasus,
            'N' | 'C' | 'S' => Role::Knight,
            'J' | 'A' | 'B' | 'F' | 'L' => Role::Bishop,
            'E' | 'H' => Role::Elephant,
            'P' => Role::Pawn,
            _ => return None,
        })
    }

    /// The number of pieces of this role each side starts with.
    pub const fn initial_count(self) -> u32 {
        match self {
            Role::King | Role::Queen | Role::Wyvern => 1,
            Role::Rook | Role::Pegasus | Role::Knight => 2,
            Role::Bishop => 3,
            Role::Elephant => 4,
            Role::Pawn => 11,
        }
    }
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// The letter of the position format: uppercase White, lowercase Black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.char(),
            Color::Black => self.role.char().to_ascii_lowercase(),
        }
    }

    /// The piece of a position-format letter (aliases accepted).
    pub const fn from_char(ch: char) -> Option<Piece> {
        if !ch.is_ascii_alphabetic() {
            return None;
        }
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(ch) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

impl fmt::Display for Color {
    /// `w` or `b`, as in the position text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Color {
    type Err = ParseLetterError;
    /// `w` or `b` (either case).
    fn from_str(text: &str) -> Result<Color, ParseLetterError> {
        parse_letter(text, Color::from_char, "side", "`w` or `b`")
    }
}

impl fmt::Display for Role {
    /// The CTL-AN letter, upper case.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Role {
    type Err = ParseLetterError;
    /// A role letter in either case, aliases accepted ([`Role::from_char`]).
    fn from_str(text: &str) -> Result<Role, ParseLetterError> {
        parse_letter(
            text,
            Role::from_char,
            "role",
            "one of `K D V R G N J E P` or an alias",
        )
    }
}

impl fmt::Display for Piece {
    /// The letter of the position text: upper case White, lower case Black.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Piece {
    type Err = ParseLetterError;
    /// A letter of the position text (aliases accepted).
    fn from_str(text: &str) -> Result<Piece, ParseLetterError> {
        parse_letter(
            text,
            Piece::from_char,
            "piece",
            "a role letter, upper case for White, lower case for Black",
        )
    }
}

#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Color, "a side letter, w or b");
#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Role, "a role letter such as D");
#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Piece, "a piece letter such as D or d");
