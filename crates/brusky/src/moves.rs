//! The [`Move`] type, its notation, and the fixed-capacity [`MoveList`].

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::long::{self, LongReader};
use hexvar_geometry::LongMoveError;

use crate::cells::{Cell, QUOTED_CHARS};
use crate::men::{Color, Role};

/// Which rook a king castles with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CastlingSide {
    /// With the king-side rook (i1 for White, d8 for Black): `O-O`, the king moves 2 cells.
    KingSide,
    /// With the queen-side rook (a1 for White, l8 for Black): `O-O-O`, the king moves 3 cells.
    QueenSide,
}

impl CastlingSide {
    /// Both sides, king side first.
    pub const ALL: [CastlingSide; 2] = [CastlingSide::KingSide, CastlingSide::QueenSide];

    /// The king's start cell, the king's and the rook's destinations, and the rook's start cell.
    #[inline]
    pub const fn cells(self, color: Color) -> CastlingCells {
        CASTLING_CELLS[color as usize][self as usize]
    }
}

const fn at(file: u8, rank: u8) -> Cell {
    match Cell::new(file, rank) {
        Some(cell) => cell,
        None => panic!("castling cell off the board"),
    }
}

/// Per side and castling: king from, king to, rook from, rook to (rules file §7).
const CASTLING_CELLS: [[CastlingCells; 2]; 2] = [
    [
        CastlingCells::new(at(5, 0), at(7, 0), at(8, 0), at(6, 0)), // f1-h1, i1-g1
        CastlingCells::new(at(5, 0), at(2, 0), at(0, 0), at(3, 0)), // f1-c1, a1-d1
    ],
    [
        CastlingCells::new(at(6, 7), at(4, 7), at(3, 7), at(5, 7)), // g8-e8, d8-f8
        CastlingCells::new(at(6, 7), at(9, 7), at(11, 7), at(8, 7)), // g8-j8, l8-i8
    ],
];

/// Where the king and the rook stand before and after castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastlingCells {
    /// The king's start cell.
    pub king_from: Cell,
    /// The king's destination.
    pub king_to: Cell,
    /// The rook's start cell.
    pub rook_from: Cell,
    /// The rook's destination.
    pub rook_to: Cell,
}

impl CastlingCells {
    const fn new(king_from: Cell, king_to: Cell, rook_from: Cell, rook_to: Cell) -> CastlingCells {
        CastlingCells {
            king_from,
            king_to,
            rook_from,
            rook_to,
        }
    }
}

/// A move. Special moves are variants of their own.
///
/// The notation: `h1-k3` (a move), `e5xg6` (a capture), `e7-e8=Q` / `e7xd8=N` (promotions),
/// `j4xk3e.p.` (en passant; `j4xk3 e.p.` and `j4xk3ep` are read too), `O-O` and `O-O-O` for
/// White's castlings, `o-o` and `o-o-o` for Black's (lower case for Black, as in the position
/// text's castling field, so that a castling move names its side on its own).
/// [`crate::Position::parse_move`] reads every castling in either case for the side to move.
///
/// `Debug` prints the notation too.
///
/// ```
/// use hexvar_brusky::{CastlingSide, Color, Move, Role};
/// let m: Move = "e7xd8=N".parse().unwrap();
/// assert_eq!(m.promotion(), Some(Role::Knight));
/// assert_eq!(m.to_string(), "e7xd8=N");
/// assert_eq!(format!("{m:?}"), "e7xd8=N");
/// let castle: Move = "o-o-o".parse().unwrap();
/// assert_eq!(castle, Move::Castle { color: Color::Black, side: CastlingSide::QueenSide });
/// assert_eq!(castle.to().to_string(), "j8");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Any move but en passant and castling; promotions included.
    Normal {
        /// Start cell.
        from: Cell,
        /// Destination.
        to: Cell,
        /// Whether an enemy piece stands on `to`.
        capture: bool,
        /// The role a pawn promotes to.
        promotion: Option<Role>,
    },
    /// A pawn captures en passant: it moves to the cell the enemy pawn passed over.
    EnPassant {
        /// Start cell.
        from: Cell,
        /// The cell the enemy pawn passed over.
        to: Cell,
    },
    /// Castling.
    Castle {
        /// The side that castles.
        color: Color,
        /// With which rook.
        side: CastlingSide,
    },
}

impl Move {
    /// The name of this move's kind, as the notations tell kinds apart: for counting moves by kind
    /// (the long-notation test holds that the conformance data reaches every kind and spells a
    /// move of each, `tests/data/long.txt`).
    /// Captures are a kind of their own: the long notation marks them.
    pub fn kind(self) -> &'static str {
        match self {
            Move::Normal {
                promotion: Some(_),
                capture: true,
                ..
            } => "capturing promotion",
            Move::Normal {
                promotion: Some(_), ..
            } => "promotion",
            Move::Normal { capture: true, .. } => "capture",
            Move::Normal { .. } => "move",
            Move::EnPassant { .. } => "en passant",
            Move::Castle { .. } => "castling",
        }
    }

    /// The cell the moving man leaves (the king's, for castling).
    pub fn from(self) -> Option<Cell> {
        Some(match self {
            Move::Normal { from, .. } | Move::EnPassant { from, .. } => from,
            Move::Castle { color, side } => side.cells(color).king_from,
        })
    }

    /// The cell the moving man lands on (the king's, for castling).
    pub fn to(self) -> Cell {
        match self {
            Move::Normal { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { color, side } => side.cells(color).king_to,
        }
    }

    /// Whether the move captures.
    pub fn is_capture(self) -> bool {
        match self {
            Move::Normal { capture, .. } => capture,
            Move::EnPassant { .. } => true,
            Move::Castle { .. } => false,
        }
    }

    /// The promotion role, if any.
    pub fn promotion(self) -> Option<Role> {
        match self {
            Move::Normal { promotion, .. } => promotion,
            _ => None,
        }
    }
}

/// What a long text looks like, for the error.
const LONG_EXPECTED: &str = "e2e4, e5xg6, e7e8q, e7xd8n, j4k3ep or f1h1o";

impl Move {
    /// The move in long notation (see [`Variant::long`](hexvar_geometry::Variant::long)): the
    /// from-cell and the to-cell, `x` between them for a capture (the move records it), a
    /// lower-case promotion letter, `ep` after an en passant capture, and `o` after a castling's
    /// king cells: `e2e4`, `e5xg6`, `e7e8q`, `e7xd8n`, `j4k3ep`, `f1h1o`, `g8j8o`.
    ///
    /// ```
    /// use hexvar_brusky::{Move, Position};
    /// let pos = Position::new();
    /// let mv = pos.parse_move("g2-g4")?;
    /// assert_eq!(mv.long(), "g2g4");
    /// assert_eq!(Move::from_long("g2g4")?, mv);
    /// assert_eq!(pos.parse_long(" g2g4 ")?, mv);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn long(self) -> String {
        let (from, to) = (self.from().unwrap_or(self.to()), self.to());
        match self {
            Move::Normal { .. } => {
                let sign = if self.is_capture() { "x" } else { "" };
                let promotion = self.promotion().map(|r| r.char().to_ascii_lowercase());
                format!(
                    "{from}{sign}{to}{}",
                    promotion.map(String::from).unwrap_or_default()
                )
            }
            Move::EnPassant { .. } => format!("{from}{to}ep"),
            Move::Castle { .. } => format!("{from}{to}o"),
        }
    }

    /// The move a long text names ([`Move::long`]'s spelling exactly, surrounding ASCII
    /// whitespace aside), without a position.
    pub fn from_long(text: &str) -> Result<Move, LongMoveError> {
        long::read(text, LONG_EXPECTED, read_long, Move::long)
    }
}

/// The parts of a long text, in [`Move::long`]'s order.
fn read_long(r: &mut LongReader<'_>) -> Option<Move> {
    let from: Cell = r.cell()?;
    let capture = r.eat("x");
    let to: Cell = r.cell()?;
    if r.eat("ep") {
        return Some(Move::EnPassant { from, to });
    }
    if r.eat("o") {
        let (color, side) = Color::ALL.into_iter().find_map(|color| {
            CastlingSide::ALL.into_iter().find_map(|side| {
                let cells = side.cells(color);
                (cells.king_from == from && cells.king_to == to).then_some((color, side))
            })
        })?;
        return Some(Move::Castle { color, side });
    }
    let promotion = match r.char_if(|c| c.is_ascii_lowercase()) {
        Some(c) => Some(Role::from_char(c).filter(|r| Role::PROMOTIONS.contains(r))?),
        None => None,
    };
    Some(Move::Normal {
        from,
        to,
        capture,
        promotion,
    })
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal {
                from,
                to,
                capture,
                promotion,
            } => {
                write!(f, "{from}{}{to}", if capture { 'x' } else { '-' })?;
                if let Some(role) = promotion {
                    write!(f, "={}", role.char())?;
                }
                Ok(())
            }
            Move::EnPassant { from, to } => write!(f, "{from}x{to}e.p."),
            Move::Castle { color, side } => f.write_str(castling_text(color, side)),
        }
    }
}

hexvar_geometry::debug_as_display!(Move);

/// The notation of a castling: upper case for White, lower case for Black.
const fn castling_text(color: Color, side: CastlingSide) -> &'static str {
    match (color, side) {
        (Color::White, CastlingSide::KingSide) => "O-O",
        (Color::White, CastlingSide::QueenSide) => "O-O-O",
        (Color::Black, CastlingSide::KingSide) => "o-o",
        (Color::Black, CastlingSide::QueenSide) => "o-o-o",
    }
}

/// An error reading a move: the text is not move notation, or (from
/// [`crate::Position::parse_move`]) no legal move of the position matches it.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParseMoveError {
    /// The text is not move notation; the message says what is wrong.
    #[error("not a move: {0}")]
    Notation(String),
    /// The text is move notation, but no legal move matches it.
    #[error("no legal move {0:?}")]
    NotLegal(String),
}

/// The castling side of a text like `O-O-O`, in either case and with `0` for `O`.
pub(crate) fn castling_side_of(text: &str) -> Option<CastlingSide> {
    match text {
        "O-O" | "o-o" | "0-0" => Some(CastlingSide::KingSide),
        "O-O-O" | "o-o-o" | "0-0-0" => Some(CastlingSide::QueenSide),
        _ => None,
    }
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = |reason: &str| {
            ParseMoveError::Notation(format!(
                "{:?}: {reason}",
                hexvar_geometry::san::cut(s, QUOTED_CHARS)
            ))
        };
        for color in Color::ALL {
            for side in CastlingSide::ALL {
                if s == castling_text(color, side) {
                    return Ok(Move::Castle { color, side });
                }
            }
        }
        if !s.is_ascii() {
            return Err(err(
                "expected ASCII like e2-e4, e5xf6, e7-e8=Q, j4xk3e.p., O-O or o-o",
            ));
        }
        let (body, en_passant) = match s
            .strip_suffix(" e.p.")
            .or_else(|| s.strip_suffix("e.p."))
            .or_else(|| s.strip_suffix("ep"))
        {
            Some(body) => (body, true),
            None => (s, false),
        };
        let (body, promotion) = match body.split_once('=') {
            Some((body, role)) => {
                let mut chars = role.chars();
                let role = match (chars.next().and_then(Role::from_char), chars.next()) {
                    (Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)), None) => r,
                    _ => return Err(err("a promotion is =Q, =R, =B or =N")),
                };
                (body, Some(role))
            }
            None => (body, None),
        };
        let sep = body
            .find(['-', 'x'])
            .ok_or_else(|| err("expected '-' or 'x' between the cells"))?;
        let capture = body.as_bytes()[sep] == b'x';
        let from: Cell = body[..sep].parse().map_err(|_| err("bad start cell"))?;
        let to: Cell = body[sep + 1..]
            .parse()
            .map_err(|_| err("bad destination cell"))?;
        if en_passant {
            if !capture || promotion.is_some() {
                return Err(err("en passant is written like j4xk3e.p."));
            }
            return Ok(Move::EnPassant { from, to });
        }
        Ok(Move::Normal {
            from,
            to,
            capture,
            promotion,
        })
    }
}

#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Move, "a move like \"h1-k3\", \"e7xd8=N\" or \"O-O\"");

/// The capacity of a [`MoveList`].
///
/// Worst case: a side has at most 19 men (9 pieces and 10 pawns). The king has at most 12 steps
/// plus 2 castlings; each of the other 18 men makes at most as many moves as a queen on the board's best cell (a pawn makes
/// at most 4 destinations × 4 promotions = 16). The queen's maximum over all cells on an empty board
/// is 39 (`tests::capacity_covers_the_worst_case` computes it), so 18 × 39 + 14 = 716 bounds every
/// legal position.
pub const MAX_MOVES: usize = 716;

/// The legal moves of a position, on the stack, with room for [`MAX_MOVES`].
pub type MoveList = hexvar_geometry::MoveList<Move, MAX_MOVES>;

/// What kind of moves a [`PieceMoves`](crate::PieceMoves) holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MovesKind {
    /// Plain moves and captures.
    Normal,
    /// Pawn moves onto the last rank: each destination is four moves (=Q, =R, =B, =N).
    Promotion,
    /// An en passant capture (one destination).
    EnPassant,
    /// Castling (the destination is the king's).
    Castle(CastlingSide),
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::{bishop_attacks, rook_attacks};
    use hexvar_geometry::Set128;

    #[test]
    fn capacity_covers_the_worst_case() {
        let queen_max = Cell::ALL
            .iter()
            .map(|&c| (rook_attacks(c, Set128::EMPTY) | bishop_attacks(c, Set128::EMPTY)).len())
            .max()
            .unwrap() as usize;
        assert_eq!(queen_max, 39);
        assert!(MAX_MOVES >= 18 * queen_max.max(16) + 12 + 2);
    }

    #[test]
    fn notation_round_trips() {
        hexvar_geometry::check_text_round_trips::<Move>(&[
            "h1-k3",
            "e5xg6",
            "e7-e8=Q",
            "e7xd8=N",
            "j4xk3e.p.",
            "O-O",
            "O-O-O",
            "o-o",
            "o-o-o",
        ])
        .unwrap();
        assert_eq!(
            "j4xk3 e.p.".parse::<Move>().unwrap().to_string(),
            "j4xk3e.p."
        );
        assert_eq!("j4xk3ep".parse::<Move>().unwrap().to_string(), "j4xk3e.p.");
    }

    #[test]
    fn bad_notation_is_an_error() {
        for text in [
            "",
            "e2",
            "e2e4",
            "a8-a7",
            "e7-e8=K",
            "e7-e8=",
            "j4-k3e.p.",
            "é2-e4",
            "x",
            "-",
            "0-0",
            "e2-e4 ",
        ] {
            assert!(text.parse::<Move>().is_err(), "{text}");
        }
    }
}
