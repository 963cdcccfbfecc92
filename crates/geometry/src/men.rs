//! The rule-free vocabulary of two-sided games: the two colours, the shape of a two-player
//! outcome, and the macros that write a variant's `Role` and `Piece` from one table. Which roles
//! a variant has, how they move and what ends its games stay in the variant's crate.

use core::fmt;
use core::hash::Hash;

use crate::draw::DrawReason;
use crate::variant::{VariantColor, VariantOutcome};

/// A side of a two-player game. Its text is the letter of a position text's turn field: `w` or
/// `b`. Multi-army variants (Kirby) have their own side type.
///
/// ```
/// use hexvar_geometry::Color;
///
/// assert_eq!("b".parse::<Color>(), Ok(Color::Black));
/// assert_eq!(Color::White.to_string(), "w");
/// assert_eq!(!Color::White, Color::Black);
/// assert_eq!(Color::Black.name(), "Black");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White, who moves first.
    White,
    /// Black.
    Black,
}

impl Color {
    /// Both sides, White first (the order of play).
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
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

    /// The side's letter in a position text: `'w'` or `'b'`.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The side of `'w'` or `'b'`.
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

    /// `white` for White, `black` for Black: a value chosen by side without a branch at the
    /// call site (`color.fold(1, -1)`).
    #[inline]
    pub fn fold<T>(self, white: T, black: T) -> T {
        match self {
            Color::White => white,
            Color::Black => black,
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

crate::letter_text!(Color, "side", "`w` or `b`");

impl VariantColor for Color {
    const ALL: &'static [Color] = &Color::ALL;
    #[inline]
    fn index(self) -> usize {
        self as usize
    }
}

/// Why a side won a two-player game: each variant's own enum (checkmate; C'escacs also
/// stalemate), with its words and its result tokens.
///
/// ```
/// use hexvar_geometry::{Color, WinReason};
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// enum Win {
///     Checkmate,
/// }
/// impl WinReason for Win {
///     fn as_str(self) -> &'static str {
///         "checkmate"
///     }
/// }
/// assert_eq!(Win::Checkmate.result_token(Color::Black), "0-1");
/// assert_eq!(Win::DRAW_TOKEN, "1/2-1/2");
/// ```
pub trait WinReason: Copy + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    /// The result token of a draw, as a game record writes it.
    const DRAW_TOKEN: &'static str = "1/2-1/2";

    /// The reason in a few lowercase words: `"checkmate"`.
    fn as_str(self) -> &'static str;

    /// The result token of a win by this reason for `winner`, as a game record writes it:
    /// chess's `1-0` and `0-1` unless the variant scores otherwise.
    fn result_token(self, winner: Color) -> &'static str {
        match winner {
            Color::White => "1-0",
            Color::Black => "0-1",
        }
    }
}

/// The win reason of a chess-like variant whose only win is checkmate (Brusky, Chessagon and
/// Dagger re-export it as their `WinReason`).
///
/// ```
/// use hexvar_geometry::{ChessWinReason, Color, Outcome};
///
/// let mate = Outcome::Decisive { winner: Color::Black, reason: ChessWinReason::Checkmate };
/// assert_eq!(mate.to_string(), "Black wins by checkmate");
/// assert_eq!((mate.result_token(), ChessWinReason::Checkmate.to_string()), ("0-1", "checkmate".into()));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ChessWinReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
}

impl ChessWinReason {
    /// The reason in lowercase words: `"checkmate"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ChessWinReason::Checkmate => "checkmate",
        }
    }
}

impl WinReason for ChessWinReason {
    fn as_str(self) -> &'static str {
        ChessWinReason::as_str(self)
    }
}

impl fmt::Display for ChessWinReason {
    /// The reason in lowercase words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How a two-player game ended: a side won for a reason of the variant's, or a draw.
///
/// ```
/// use hexvar_geometry::{Color, DrawReason, Outcome, WinReason};
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
/// enum Win {
///     Checkmate,
/// }
/// impl WinReason for Win {
///     fn as_str(self) -> &'static str {
///         "checkmate"
///     }
/// }
///
/// let mate = Outcome::Decisive { winner: Color::White, reason: Win::Checkmate };
/// assert_eq!(mate.to_string(), "White wins by checkmate");
/// assert_eq!(mate.winner(), Some(Color::White));
/// assert_eq!(mate.result_token(), "1-0");
/// let draw: Outcome<Win> = Outcome::Draw { reason: DrawReason::Stalemate };
/// assert_eq!(draw.to_string(), "draw by stalemate");
/// assert!(draw.is_draw());
/// assert_eq!(draw.result_token(), "1/2-1/2");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome<R> {
    /// A side won.
    Decisive {
        /// The winner.
        winner: Color,
        /// How.
        reason: R,
    },
    /// A draw.
    Draw {
        /// Why.
        reason: DrawReason,
    },
}

impl Outcome<ChessWinReason> {
    /// The end of a chess-like position, in the rules' order: with no legal move, checkmate of
    /// the side to move (`turn`) when `in_check`, else stalemate (a draw); then the fifty-move
    /// rule (`fifty_moves`: the clock has reached it, a draw as soon as it applies); then
    /// `insufficient` material. `in_check` and `insufficient` are asked only when needed.
    ///
    /// ```
    /// use hexvar_geometry::{ChessWinReason, Color, DrawReason, Outcome};
    ///
    /// let mate = Outcome::of_chess_position(Color::White, false, || true, false, || false);
    /// assert_eq!(mate, Some(Outcome::Decisive { winner: Color::Black, reason: ChessWinReason::Checkmate }));
    /// let fifty = Outcome::of_chess_position(Color::White, true, || false, true, || true);
    /// assert_eq!(fifty, Some(Outcome::Draw { reason: DrawReason::FiftyMoveRule }));
    /// assert_eq!(Outcome::of_chess_position(Color::Black, true, || false, false, || false), None);
    /// ```
    pub fn of_chess_position(
        turn: Color,
        has_legal_move: bool,
        in_check: impl FnOnce() -> bool,
        fifty_moves: bool,
        insufficient: impl FnOnce() -> bool,
    ) -> Option<Self> {
        let reason = if !has_legal_move {
            if in_check() {
                return Some(Outcome::Decisive {
                    winner: turn.other(),
                    reason: ChessWinReason::Checkmate,
                });
            }
            DrawReason::Stalemate
        } else if fifty_moves {
            DrawReason::FiftyMoveRule
        } else if insufficient() {
            DrawReason::InsufficientMaterial
        } else {
            return None;
        };
        Some(Outcome::Draw { reason })
    }
}

impl<R: WinReason> Outcome<R> {
    /// The winner, or `None` for a draw.
    pub fn winner(self) -> Option<Color> {
        match self {
            Outcome::Decisive { winner, .. } => Some(winner),
            Outcome::Draw { .. } => None,
        }
    }

    /// Whether the game is drawn.
    pub fn is_draw(self) -> bool {
        matches!(self, Outcome::Draw { .. })
    }

    /// The reason in a few lowercase words: `"checkmate"`, `"stalemate"`, `"fifty-move rule"`.
    pub fn reason(self) -> &'static str {
        match self {
            Outcome::Decisive { reason, .. } => reason.as_str(),
            Outcome::Draw { reason } => reason.as_str(),
        }
    }

    /// The result as a game record writes it (`1-0`, `0-1`, `1/2-1/2`, or the variant's own).
    pub fn result_token(self) -> &'static str {
        match self {
            Outcome::Decisive { winner, reason } => reason.result_token(winner),
            Outcome::Draw { .. } => R::DRAW_TOKEN,
        }
    }
}

impl<R: WinReason> fmt::Display for Outcome<R> {
    /// `White wins by checkmate`, `draw by stalemate`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Decisive { winner, reason } => {
                write!(f, "{} wins by {}", winner.name(), reason.as_str())
            }
            Outcome::Draw { reason } => write!(f, "draw by {}", reason.as_str()),
        }
    }
}

impl<R: WinReason> VariantOutcome for Outcome<R> {
    type Color = Color;
    type Winner = Color;

    fn draw(reason: DrawReason) -> Self {
        Outcome::Draw { reason }
    }

    fn winner(&self) -> Option<Color> {
        Outcome::winner(*self)
    }

    fn is_win_for(&self, color: Color) -> bool {
        Outcome::winner(*self) == Some(color)
    }

    fn draw_reason(&self) -> Option<DrawReason> {
        match *self {
            Outcome::Draw { reason } => Some(reason),
            Outcome::Decisive { .. } => None,
        }
    }

    fn reason(&self) -> &'static str {
        Outcome::reason(*self)
    }

    fn result_token(&self) -> String {
        Outcome::result_token(*self).to_owned()
    }
}

/// Writes a variant's `Role` enum from one table of roles with their letters and values: the
/// enum (index order is the listed order), `ALL`, `COUNT`, `index`, `char`, `from_char` (either
/// case), `value`, `Display` (the upper-case letter), `FromStr`, [`VariantRole`](crate::VariantRole),
/// and serde as text when the calling crate's `serde` feature is on (the crate names serde
/// `serde`). Letters are upper case; a value is in centipawns, the King's 0. A role may give a
/// third number, its `playing_value` ([`VariantRole::playing_value`](crate::VariantRole::playing_value):
/// what an engine should count it as, where that differs from the documented value); a role
/// without one plays at its value.
///
/// ```
/// use hexvar_geometry::VariantRole;
///
/// hexvar_geometry::roles! {
///     /// A kind of man.
///     pub enum Role {
///         /// Pawn.
///         Pawn('P', 100),
///         /// Rook: documented at 1000, played at 500.
///         Rook('R', 1000, 500),
///         /// King.
///         King('K', 0),
///     }
/// }
///
/// assert_eq!((Role::Rook.value(), Role::Rook.playing_value()), (1000, 500));
/// assert_eq!(VariantRole::playing_value(Role::Pawn), 100);
///
/// assert_eq!(Role::ALL, [Role::Pawn, Role::Rook, Role::King]);
/// assert_eq!(Role::COUNT, 3);
/// assert_eq!(Role::from_char('r'), Some(Role::Rook));
/// assert_eq!("K".parse::<Role>(), Ok(Role::King));
/// assert!("X".parse::<Role>().is_err());
/// assert_eq!((Role::Rook.index(), Role::Rook.char(), Role::Rook.value()), (1, 'R', 1000));
/// assert_eq!(Role::Pawn.to_string(), "P");
/// ```
#[macro_export]
macro_rules! roles {
    // A role's playing value: its own where the table gives one, else its value.
    (@playing $value:expr) => {
        $value
    };
    (@playing $value:expr, $playing:expr) => {
        $playing
    };
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $( $(#[$variant_meta:meta])* $variant:ident($letter:literal, $value:expr $(, $playing:expr)?) ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis enum $name {
            $( $(#[$variant_meta])* $variant, )+
        }

        impl $name {
            /// How many roles there are.
            pub const COUNT: usize = [$($name::$variant),+].len();

            /// Every role, in index order.
            pub const ALL: [$name; $name::COUNT] = [$($name::$variant),+];

            /// The role's place in [`Self::ALL`].
            #[inline]
            pub const fn index(self) -> usize {
                self as usize
            }

            /// The role's upper-case letter.
            pub const fn char(self) -> char {
                match self {
                    $( $name::$variant => $letter, )+
                }
            }

            /// The role of a letter, either case.
            pub const fn from_char(c: char) -> Option<$name> {
                match c.to_ascii_uppercase() {
                    $( $letter => Some($name::$variant), )+
                    _ => None,
                }
            }

            /// The material value in centipawns (the rules page explains it; the King 0).
            pub const fn value(self) -> i32 {
                match self {
                    $( $name::$variant => $value, )+
                }
            }

            /// The value an engine plays with, in centipawns: the table's third number where
            /// it gives one (the rules page explains it), else [`Self::value`].
            pub const fn playing_value(self) -> i32 {
                match self {
                    $( $name::$variant => $crate::roles!(@playing $value $(, $playing)?), )+
                }
            }
        }

        $crate::letter_text!($name, "role", concat!("a role letter, one of: " $(, $letter)+));

        impl $crate::VariantRole for $name {
            const ALL: &'static [$name] = &$name::ALL;
            #[inline]
            fn index(self) -> usize {
                self as usize
            }
            fn char(self) -> char {
                $name::char(self)
            }
            fn value(self) -> i32 {
                $name::value(self)
            }
            fn playing_value(self) -> i32 {
                $name::playing_value(self)
            }
        }
    };
}

/// Writes a two-sided variant's `Piece`: a [`Color`] and the crate's `Role` (written by
/// [`roles!`]), with `new`, `char` (upper case for White, lower case for Black), `from_char`,
/// `Display`, `FromStr`, [`VariantPiece`](crate::VariantPiece), and serde as text when the
/// calling crate's `serde` feature is on.
///
/// ```
/// use hexvar_geometry::Color;
///
/// hexvar_geometry::roles! {
///     /// A kind of man.
///     pub enum Role {
///         /// Pawn.
///         Pawn('P', 100),
///         /// King.
///         King('K', 0),
///     }
/// }
/// hexvar_geometry::two_sided_piece! {
///     /// A man: its side and its role.
///     pub struct Piece(Role);
/// }
///
/// let king = Piece::new(Color::Black, Role::King);
/// assert_eq!(king.to_string(), "k");
/// assert_eq!("P".parse::<Piece>(), Ok(Piece::new(Color::White, Role::Pawn)));
/// assert!("x".parse::<Piece>().is_err());
/// ```
#[macro_export]
macro_rules! two_sided_piece {
    (
        $(#[$meta:meta])*
        $vis:vis struct $name:ident($role:ty);
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        $vis struct $name {
            /// The side that owns it.
            pub color: $crate::Color,
            /// Its kind.
            pub role: $role,
        }

        impl $name {
            /// The piece of `color` and `role`.
            #[inline]
            pub const fn new(color: $crate::Color, role: $role) -> $name {
                $name { color, role }
            }

            /// Its letter in a position text: upper case for White, lower case for Black.
            pub const fn char(self) -> char {
                let c = self.role.char();
                match self.color {
                    $crate::Color::White => c,
                    $crate::Color::Black => c.to_ascii_lowercase(),
                }
            }

            /// The piece of a letter: upper case White, lower case Black.
            pub const fn from_char(c: char) -> Option<$name> {
                match <$role>::from_char(c) {
                    Some(role) => Some($name {
                        color: if c.is_ascii_uppercase() {
                            $crate::Color::White
                        } else {
                            $crate::Color::Black
                        },
                        role,
                    }),
                    None => None,
                }
            }
        }

        $crate::letter_text!(
            $name,
            "piece",
            "a piece letter, upper case for White, lower case for Black"
        );

        impl $crate::VariantPiece for $name {
            type Color = $crate::Color;
            type Role = $role;
            #[inline]
            fn color(self) -> $crate::Color {
                self.color
            }
            #[inline]
            fn role(self) -> $role {
                self.role
            }
        }
    };
}

/// `Display` (the letter from `char()`), `FromStr` (through `from_char`, with
/// [`ParseLetterError`]) and serde as text under the caller's `serde` feature, for a type named by
/// one letter: what [`roles!`] and [`two_sided_piece!`] write for their types, and geometry's
/// and Kirby's `Color`. The type has `char()` and `from_char(char) -> Option<Self>`; the
/// arguments are the type, what its letter names and the letters expected.
///
/// ```
/// #[derive(Clone, Copy, Debug, PartialEq)]
/// struct Wind(char);
/// impl Wind {
///     fn char(self) -> char { self.0 }
///     fn from_char(c: char) -> Option<Wind> { "NESW".contains(c).then_some(Wind(c)) }
/// }
/// hexvar_geometry::letter_text!(Wind, "wind", "one of `N E S W`");
///
/// assert_eq!("E".parse::<Wind>(), Ok(Wind('E')));
/// assert_eq!(Wind('W').to_string(), "W");
/// assert!("X".parse::<Wind>().is_err());
/// ```
#[macro_export]
macro_rules! letter_text {
    ($name:ident, $what:literal, $expected:expr) => {
        impl ::core::fmt::Display for $name {
            /// Its letter.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                write!(f, "{}", self.char())
            }
        }

        impl ::core::str::FromStr for $name {
            type Err = $crate::ParseLetterError;
            fn from_str(s: &str) -> ::core::result::Result<$name, $crate::ParseLetterError> {
                $crate::parse_letter(s, $name::from_char, $what, $expected)
            }
        }

        #[cfg(feature = "serde")]
        $crate::serde_as_text!(serde, $name, $expected);
    };
}
