//! The [`Move`] type, its notation, and the fixed-capacity [`MoveList`].

use core::fmt;
use core::str::FromStr;

use crate::board::{cell, Cell, Color, ParseCellError};

/// A move. Special moves are their own variants.
///
/// Notation ([`Display`](fmt::Display) / [`FromStr`]): `c3d5` (normal), `a10a12=Q` (promotion,
/// always to a Queen), `b8b10ep` (en passant onto the middle cell), `O-O@f3` / `O-O-O@c2`
/// (castling, with the King's target; the side is the one whose King castles there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

/// One of the 8 castlings (2 sides × short/long × King 3 or 4 steps).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Castling(u8);

/// Data of one castling.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
    pub empty: u128,
    /// Cells that must not be attacked before the move: the King's cell and the row cells it passes.
    pub safe: u128,
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
        empty |= row_cell(color, row, i).bit();
        i += 1;
    }
    let mut safe = 0;
    let mut i = 0;
    while i < steps {
        safe |= row_cell(color, row, i).bit();
        i += 1;
    }
    CastlingInfo {
        color,
        short,
        king_from: row_cell(color, row, 0),
        king_to: row_cell(color, row, steps),
        rook_from: row_cell(color, row, rook_index),
        rook_to: row_cell(color, row, steps - 2),
        empty,
        safe,
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

    /// The facts of this castling.
    #[inline]
    pub fn info(self) -> &'static CastlingInfo {
        &CASTLING_INFO[self.0 as usize]
    }

    /// Index of the castling right it needs: 0 White short, 1 White long, 2 Black short, 3 Black long.
    #[inline]
    pub fn right(self) -> usize {
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
    /// Origin of the moving piece (the King for castling).
    pub fn from(self) -> Cell {
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

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal { from, to } => write!(f, "{from}{to}"),
            Move::Promotion { from, to } => write!(f, "{from}{to}=Q"),
            Move::EnPassant { from, to } => write!(f, "{from}{to}ep"),
            Move::Castle { castling } => {
                let i = castling.info();
                write!(f, "{}@{}", if i.short { "O-O" } else { "O-O-O" }, i.king_to)
            }
        }
    }
}

/// A move text that is not in the move notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseMoveError {
    /// A cell name inside the move is wrong.
    #[error("bad cell in move: {0}")]
    Cell(#[from] ParseCellError),
    /// The text has no recognisable shape.
    #[error("move {0:?} is not `c3d5`, `a10a12=Q`, `b8b10ep` or `O-O@f3`")]
    Syntax(String),
    /// A castling names a King target that no castling has.
    #[error("no castling puts the King on {0}")]
    Castling(String),
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

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let syntax = || ParseMoveError::Syntax(s.to_string());
        if let Some(rest) = s.strip_prefix("O-O-O@").or_else(|| s.strip_prefix("O-O@")) {
            let to: Cell = rest.parse()?;
            let castling = Castling::by_target(to)
                .ok_or_else(|| ParseMoveError::Castling(rest.to_string()))?;
            if castling.info().short == s.starts_with("O-O-O") {
                return Err(ParseMoveError::Castling(rest.to_string()));
            }
            return Ok(Move::Castle { castling });
        }
        let (body, kind) = if let Some(b) = s.strip_suffix("=Q") {
            (b, 1)
        } else if let Some(b) = s.strip_suffix("ep") {
            (b, 2)
        } else {
            (s, 0)
        };
        let (a, b) = split_cells(body).ok_or_else(syntax)?;
        let (from, to) = (a.parse()?, b.parse()?);
        Ok(match kind {
            0 => Move::Normal { from, to },
            1 => Move::Promotion { from, to },
            _ => Move::EnPassant { from, to },
        })
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

/// A fixed-capacity list of moves (no allocation).
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::Normal {
                from: Cell::ALL[0],
                to: Cell::ALL[0],
            }; MAX_MOVES],
            len: 0,
        }
    }

    /// Append a move. Panics only if the documented capacity bound were wrong.
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Remove every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The moves as a slice.
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::Move;
    use serde::{de::Error, Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for Move {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Move {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
            let s = String::deserialize(d)?;
            s.parse().map_err(D::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let names = |s: u128| {
            crate::board::cells(s)
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
        for text in [
            "c3d5",
            "a10a12=Q",
            "b8b10ep",
            "O-O@f3",
            "O-O-O@c13",
            "e15e14",
        ] {
            let m: Move = text.parse().unwrap();
            assert_eq!(m.to_string(), text);
        }
        for bad in [
            "", "c3", "c3d", "O-O@c2", "O-O-O@f3", "z1a1", "c3d5=R", "d1d16",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
    }
}
