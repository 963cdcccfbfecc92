//! The [`Move`] type, its notation, and the fixed-capacity [`MoveList`].

use core::fmt;
use core::str::FromStr;

use crate::cells::{cell, Cell};
use crate::men::Color;
use hexvar_geometry::long::{self, LongReader};
use hexvar_geometry::{LongMoveError, Set128 as CellSet};

/// A move. Special moves are their own variants.
///
/// Notation ([`Display`](fmt::Display) / [`FromStr`]): `c3d5` (normal), `a10a12=Q` (promotion,
/// always to a Queen), `b8b10ep` (en passant onto the middle cell), `O-O@f3` / `O-O-O@c2`
/// (castling, with the King's target; the side is the one whose King castles there).
/// [`Debug`](fmt::Debug) prints the notation too.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Any move that is not special (including pawn double pushes and King steps).
    Normal {
        /// Origin.
        from: Cell,
        /// Destination (may hold an enemy piece).
        to: Cell,
    },
    /// A pawn move onto a back-edge cell: the pawn becomes a Queen.
    Promotion {
        /// Origin.
        from: Cell,
        /// Back-edge destination (may hold an enemy piece).
        to: Cell,
    },
    /// En passant: the pawn lands on the middle cell of the enemy double push just played and
    /// removes the double-pushed pawn.
    EnPassant {
        /// Origin of the capturing pawn.
        from: Cell,
        /// The middle cell.
        to: Cell,
    },
    /// Castling: the King goes 3 or 4 steps along its edge row, the Rook lands two steps behind it.
    Castle {
        /// Which of the eight castlings.
        castling: Castling,
    },
}

/// Castling rights bit: White short (g-file Rook), text `K`.
pub const WHITE_SHORT: u8 = 1;
/// Castling rights bit: White long (b-file Rook), text `Q`.
pub const WHITE_LONG: u8 = 2;
/// Castling rights bit: Black short, text `k`.
pub const BLACK_SHORT: u8 = 4;
/// Castling rights bit: Black long, text `q`.
pub const BLACK_LONG: u8 = 8;
/// All four castling rights.
pub const ALL_CASTLING: u8 = WHITE_SHORT | WHITE_LONG | BLACK_SHORT | BLACK_LONG;

/// One of the 8 castlings (2 sides × short/long × King 3 or 4 steps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Castling(u8);

/// Data of one castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CastlingInfo {
    /// The castling side.
    pub color: Color,
    /// Short (g-file Rook) or long (b-file Rook).
    pub short: bool,
    /// King origin (e1 / e15).
    pub king_from: Cell,
    /// King target.
    pub king_to: Cell,
    /// Rook origin.
    pub rook_from: Cell,
    /// Rook target (two steps behind the King's target along the row).
    pub rook_to: Cell,
    /// Cells that must be empty (strictly between King and Rook on the row).
    pub empty: CellSet,
    /// Cells that must not be attacked before the move: the King's cell and the row cells it passes.
    pub safe: CellSet,
}

const fn row_cell(color: Color, row: &[(u8, u8)], i: usize) -> Cell {
    let (f, k) = row[i];
    if matches!(color, Color::White) {
        cell(f, k)
    } else {
        cell(f, 16 - k)
    }
}

const fn info(color: Color, short: bool, row: &[(u8, u8)], steps: usize) -> CastlingInfo {
    // row[0] is the King's cell, row[1..] the row toward the Rook; the Rook is on the last cell.
    let rook_index = row.len() - 1;
    let mut empty = 0;
    let mut i = 1;
    while i < rook_index {
        empty |= 1u128 << row_cell(color, row, i).index();
        i += 1;
    }
    let mut safe = 0;
    let mut i = 0;
    while i < steps {
        safe |= 1u128 << row_cell(color, row, i).index();
        i += 1;
    }
    CastlingInfo {
        color,
        short,
        king_from: row_cell(color, row, 0),
        king_to: row_cell(color, row, steps),
        rook_from: row_cell(color, row, rook_index),
        rook_to: row_cell(color, row, steps - 2),
        empty: CellSet(empty),
        safe: CellSet(safe),
    }
}

// Rows from the King (White frame): short e1 e2 f2 f3 g3(R); long e1 d1 d2 c2 c3 b3(R).
const SHORT_ROW: [(u8, u8); 5] = [(4, 1), (4, 2), (5, 2), (5, 3), (6, 3)];
const LONG_ROW: [(u8, u8); 6] = [(4, 1), (3, 1), (3, 2), (2, 2), (2, 3), (1, 3)];

/// The eight castlings, in the order of [`Castling::ALL`].
pub(crate) const CASTLING_INFO: [CastlingInfo; 8] = [
    info(Color::White, true, &SHORT_ROW, 3),
    info(Color::White, true, &SHORT_ROW, 4),
    info(Color::White, false, &LONG_ROW, 3),
    info(Color::White, false, &LONG_ROW, 4),
    info(Color::Black, true, &SHORT_ROW, 3),
    info(Color::Black, true, &SHORT_ROW, 4),
    info(Color::Black, false, &LONG_ROW, 3),
    info(Color::Black, false, &LONG_ROW, 4),
];

impl Castling {
    /// All eight castlings: White short (K f3, K g3), White long (K c2, K c3), then Black.
    pub const ALL: [Castling; 8] = [
        Castling(0),
        Castling(1),
        Castling(2),
        Castling(3),
        Castling(4),
        Castling(5),
        Castling(6),
        Castling(7),
    ];

    /// The castlings of one side.
    pub fn of(color: Color) -> [Castling; 4] {
        let b = color.index() as u8 * 4;
        [
            Castling(b),
            Castling(b + 1),
            Castling(b + 2),
            Castling(b + 3),
        ]
    }

    /// The castling-rights bits of one side.
    #[inline]
    pub fn rights_of(color: Color) -> u8 {
        match color {
            Color::White => WHITE_SHORT | WHITE_LONG,
            Color::Black => BLACK_SHORT | BLACK_LONG,
        }
    }

    /// The facts of this castling.
    #[inline]
    pub fn info(self) -> &'static CastlingInfo {
        &CASTLING_INFO[self.0 as usize]
    }

    /// Index of the castling right it needs: 0 White short, 1 White long, 2 Black short, 3 Black long.
    #[inline]
    pub const fn right(self) -> usize {
        (self.0 / 2) as usize
    }

    /// The castling whose King lands on `king_to`, if any.
    pub fn by_target(king_to: Cell) -> Option<Castling> {
        Castling::ALL
            .into_iter()
            .find(|c| c.info().king_to == king_to)
    }
}

impl Move {
    /// The name of this move's kind, as the notations tell kinds apart: for counting moves by kind
    /// (the long-notation test holds that the conformance data reaches every kind and spells a
    /// move of each, `tests/data/long.txt`).
    pub fn kind(self) -> &'static str {
        match self {
            Move::Normal { .. } => "move",
            Move::Promotion { .. } => "promotion",
            Move::EnPassant { .. } => "en passant",
            Move::Castle { .. } => "castling",
        }
    }

    /// Origin of the moving piece (the King for castling). Always a cell: Chessagon has no drops.
    pub fn from(self) -> Option<Cell> {
        Some(self.origin())
    }

    /// Origin of the moving piece (the King for castling).
    pub(crate) fn origin(self) -> Cell {
        match self {
            Move::Normal { from, .. }
            | Move::Promotion { from, .. }
            | Move::EnPassant { from, .. } => from,
            Move::Castle { castling } => castling.info().king_from,
        }
    }

    /// Destination of the moving piece (the King for castling).
    pub fn to(self) -> Cell {
        match self {
            Move::Normal { to, .. } | Move::Promotion { to, .. } | Move::EnPassant { to, .. } => to,
            Move::Castle { castling } => castling.info().king_to,
        }
    }
}

/// What a long text looks like, for the error.
const LONG_EXPECTED: &str = "c3d5, a10a12q, b8b10ep or e1f3o";

impl Move {
    /// The move in long notation (see [`Variant::long`](hexvar_geometry::Variant::long)): the
    /// from-cell and the to-cell, then `q` for a promotion, `ep` for en passant, or `o` for a
    /// castling (written by the King's cells): `c3d5`, `a10a12q`, `b8b10ep`, `e1f3o`.
    ///
    /// ```
    /// use hexvar_chessagon::{Move, Position};
    /// let pos = Position::new();
    /// let mv = pos.parse_move("f3e5")?;
    /// assert_eq!(mv.long(), "f3e5");
    /// assert_eq!(Move::from_long("f3e5")?, mv);
    /// assert_eq!(pos.parse_long("f3e5")?, mv);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn long(self) -> String {
        let suffix = match self {
            Move::Normal { .. } => "",
            Move::Promotion { .. } => "q",
            Move::EnPassant { .. } => "ep",
            Move::Castle { .. } => "o",
        };
        format!("{}{}{suffix}", self.origin(), self.to())
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
    let to: Cell = r.cell()?;
    Some(if r.eat("q") {
        Move::Promotion { from, to }
    } else if r.eat("ep") {
        Move::EnPassant { from, to }
    } else if r.eat("o") {
        let castling = Castling::by_target(to).filter(|c| c.info().king_from == from)?;
        Move::Castle { castling }
    } else {
        Move::Normal { from, to }
    })
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal { from, to } => write!(f, "{from}{to}"),
            Move::Promotion { from, to } => write!(f, "{from}{to}{PROMOTION_SUFFIX}"),
            Move::EnPassant { from, to } => write!(f, "{from}{to}{EN_PASSANT_SUFFIX}"),
            Move::Castle { castling } => {
                let i = castling.info();
                let prefix = if i.short { SHORT_PREFIX } else { LONG_PREFIX };
                write!(f, "{prefix}{}", i.king_to)
            }
        }
    }
}

hexvar_geometry::debug_as_display!(Move);

const PROMOTION_SUFFIX: &str = "=Q";
const EN_PASSANT_SUFFIX: &str = "ep";
const SHORT_PREFIX: &str = "O-O@";
const LONG_PREFIX: &str = "O-O-O@";

/// A move text that is not a move, or not a legal one.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParseMoveError {
    /// The text is not in the move notation (`c3d5`, `a10a12=Q`, `b8b10ep`, `O-O@f3`).
    #[error("{0:?} is not a Chessagon move (like `c3d5`, `a10a12=Q`, `b8b10ep` or `O-O@f3`)")]
    Notation(String),
    /// The text is a move, but no legal move of the position matches it.
    #[error("{0:?} is not a legal move here")]
    NotLegal(String),
}

/// Split `c3d5` style text into its two cell names.
pub(crate) fn split_cells(s: &str) -> Option<(&str, &str)> {
    let b = s.as_bytes();
    if b.len() < 4 || !b[0].is_ascii_lowercase() {
        return None;
    }
    let second = (1..b.len()).find(|&i| b[i].is_ascii_lowercase())?;
    Some((&s[..second], &s[second..]))
}

/// What the suffix of a from-to move says it is.
#[derive(Clone, Copy)]
enum Shape {
    Normal,
    Promotion,
    EnPassant,
}

impl FromStr for Move {
    type Err = ParseMoveError;

    /// The exact notation, as [`Display`](fmt::Display) prints it. (A position's
    /// [`parse_move`](crate::Position::parse_move) forgives more.)
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let bad = || ParseMoveError::Notation(hexvar_geometry::san::cut(s, 100));
        for (prefix, short) in [(LONG_PREFIX, false), (SHORT_PREFIX, true)] {
            if let Some(rest) = s.strip_prefix(prefix) {
                let to: Cell = rest.parse().map_err(|_| bad())?;
                let castling = Castling::by_target(to)
                    .filter(|c| c.info().short == short)
                    .ok_or_else(bad)?;
                return Ok(Move::Castle { castling });
            }
        }
        let (body, shape) = if let Some(b) = s.strip_suffix(PROMOTION_SUFFIX) {
            (b, Shape::Promotion)
        } else if let Some(b) = s.strip_suffix(EN_PASSANT_SUFFIX) {
            (b, Shape::EnPassant)
        } else {
            (s, Shape::Normal)
        };
        let (a, b) = split_cells(body).ok_or_else(bad)?;
        let from: Cell = a.parse().map_err(|_| bad())?;
        let to: Cell = b.parse().map_err(|_| bad())?;
        Ok(match shape {
            Shape::Normal => Move::Normal { from, to },
            Shape::Promotion => Move::Promotion { from, to },
            Shape::EnPassant => Move::EnPassant { from, to },
        })
    }
}

/// The usual spelling of a move text a player typed: surrounding ASCII spaces and trailing
/// `+ # ! ?` dropped, cells in lower case, castling with the letter O, promotion `=Q`.
pub(crate) fn normalise(text: &str) -> String {
    let text = text
        .trim_matches(|c: char| c.is_ascii_whitespace())
        .trim_end_matches(['+', '#', '!', '?']);
    let lower = text.to_ascii_lowercase();
    if let Some(rest) = lower
        .strip_prefix("o-o-o@")
        .or_else(|| lower.strip_prefix("0-0-0@"))
    {
        return format!("{LONG_PREFIX}{rest}");
    }
    if let Some(rest) = lower
        .strip_prefix("o-o@")
        .or_else(|| lower.strip_prefix("0-0@"))
    {
        return format!("{SHORT_PREFIX}{rest}");
    }
    match lower.strip_suffix("=q") {
        Some(body) => format!("{body}{PROMOTION_SUFFIX}"),
        None => lower,
    }
}

/// Capacity of a [`MoveList`].
///
/// Every legal move is fixed by its origin and destination (promotion is to a Queen only; an
/// en passant destination is an empty cell of the mover's pawn colour that no normal pawn move of
/// that pawn reaches; a castling target is not a King step). A side has at most 24 pieces
/// (promotion only replaces a pawn). A destination is never one of the mover's own occupied
/// cells, except the one castling that puts the King on its own Rook's cell (short, King 4 steps).
/// So with `n ≤ 24` pieces there are at most `n · (96 − n) + 1 ≤ 24 · 72 + 1 = 1729` moves.
pub const MAX_MOVES: usize = 1729;

/// A fixed-capacity list of moves on the stack (no allocation, no fill on creation).
pub type MoveList = hexvar_geometry::MoveList<Move, MAX_MOVES>;

#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Move, "a Chessagon move like \"c3d5\" or \"O-O@f3\"");

#[cfg(test)]
mod tests {
    use super::*;

    /// What castling generation relies on: the two castlings of a wing share the right, the
    /// King's and the Rook's cells, and the far one (4 steps) passes exactly the cells the near
    /// one passes and the near one's target.
    #[test]
    fn the_far_castling_of_a_wing_passes_the_near_ones_cells_and_target() {
        for color in Color::ALL {
            let [short_3, short_4, long_3, long_4] = Castling::of(color);
            for [near, far] in [[short_3, short_4], [long_3, long_4]] {
                let (n, f) = (near.info(), far.info());
                assert_eq!(near.right(), far.right());
                assert_eq!((n.king_from, n.rook_from), (f.king_from, f.rook_from));
                assert_eq!(f.safe.0, n.safe.0 | n.king_to.bit());
                assert!(n.safe.0 & n.king_from.bit() != 0);
            }
        }
    }

    #[test]
    fn castlings_follow_section_7() {
        let show = |c: Castling| {
            let i = c.info();
            format!("{}{} {}{}", i.king_from, i.king_to, i.rook_from, i.rook_to)
        };
        let all: Vec<String> = Castling::ALL.iter().map(|&c| show(c)).collect();
        assert_eq!(
            all,
            [
                "e1f3 g3e2",
                "e1g3 g3f2",
                "e1c2 b3d1",
                "e1c3 b3d2",
                "e15f13 g13e14",
                "e15g13 g13f14",
                "e15c14 b13d15",
                "e15c13 b13d14"
            ]
        );
        let names = |s: CellSet| {
            crate::cells::cells(s.0)
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
        };
        let i = Castling::ALL[0].info();
        assert_eq!(names(i.empty), ["e2", "f2", "f3"]);
        assert_eq!(names(i.safe), ["e1", "e2", "f2"]);
        let i = Castling::ALL[3].info();
        assert_eq!(names(i.empty), ["d1", "c2", "d2", "c3"]);
        assert_eq!(names(i.safe), ["d1", "e1", "c2", "d2"]);
    }

    #[test]
    fn notation_round_trips() {
        hexvar_geometry::check_text_round_trips::<Move>(&[
            "c3d5",
            "a10a12=Q",
            "b8b10ep",
            "O-O@f3",
            "O-O-O@c13",
            "e15e14",
        ])
        .unwrap();
        for bad in [
            "", "c3", "c3d", "O-O@c2", "O-O-O@f3", "z1a1", "c3d5=R", "d1d16",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }

    #[test]
    fn debug_prints_the_notation() {
        let m: Move = "O-O-O@c13".parse().unwrap();
        assert_eq!(format!("{m:?}"), "O-O-O@c13");
        assert_eq!(format!("{:?}", ["c3d5".parse::<Move>().unwrap()]), "[c3d5]");
    }

    #[test]
    fn normalise_forgives_what_players_type() {
        for (typed, exact) in [
            ("  C3D5+ ", "c3d5"),
            ("a10a12=q#", "a10a12=Q"),
            ("B8B10EP!?", "b8b10ep"),
            ("o-o@F3", "O-O@f3"),
            ("0-0-0@c2", "O-O-O@c2"),
            ("\tc3d5\n", "c3d5"),
        ] {
            assert_eq!(normalise(typed), exact, "{typed}");
            assert!(exact.parse::<Move>().is_ok());
        }
    }

    #[test]
    fn max_moves_is_the_documented_bound() {
        // A side has at most 24 pieces; n pieces have at most n · (96 − n) destinations that are
        // not their own cells, plus the one castling that lands on the own Rook's cell.
        let bound = (1..=24).map(|n| n * (96 - n) + 1).max().unwrap();
        assert_eq!(MAX_MOVES, bound);
    }
}
