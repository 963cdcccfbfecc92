//! The [`Move`] type, its notation, and the fixed-capacity [`MoveList`].
//!
//! Notation (coordinate style, no position needed to read or write it):
//!
//! | move | text | example |
//! |---|---|---|
//! | piece or pawn move, capture or not | `<from>-<to>` | `d2-f2`, `b1-a1` |
//! | promotion | `<from>-<to>=<Q/R/B/N>` | `m1-n1=Q` |
//! | en passant (a move of its own, even when a plain move has the same cells) | `<from>-<to>ep` | `f3-e2ep` |
//! | knight entry (from the hand, may capture) | `N@<to>` | `N@d1` |
//! | knight drop on the own King's start cell | `NL@<cell>` / `NR@<cell>` | `NL@a1` |
//!
//! The knight's identity is written for drops, where both knights may land on the same cell; an
//! entry cell belongs to exactly one knight (L: `d1 d2 c3` / `k1 k2 l3`, R: `c1 d3 d4` /
//! `k3 k4 l1`), so `N@d1` needs none (`NL@d1` is read too).

use core::fmt;
use core::str::FromStr;

use crate::board::{Cell, Color, HandKnight, Role, ENTRY};

/// A move. Special moves are variants of their own.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A piece (or pawn, not promoting) moves from `from` to `to`, capturing whatever enemy
    /// piece stands there.
    Normal {
        /// Start cell.
        from: Cell,
        /// Destination cell.
        to: Cell,
    },
    /// A pawn reaches the enemy King's start cell (`n1` / `a1`) and becomes `role`.
    Promotion {
        /// Start cell.
        from: Cell,
        /// Destination (the promotion cell).
        to: Cell,
        /// Queen, Rook, Bishop or Knight.
        role: Role,
    },
    /// A pawn captures a pawn that has just made a double jump, landing on the cell the jump
    /// passed beside (`to`); the jumped pawn is removed from its landing cell.
    EnPassant {
        /// Start cell of the capturing pawn.
        from: Cell,
        /// Where the capturing pawn lands (a cell the jump passed between).
        to: Cell,
    },
    /// A knight leaves the hand by a knight leap from its imaginary cell onto an entry cell,
    /// capturing whatever enemy piece stands there.
    Entry {
        /// Which knight.
        knight: HandKnight,
        /// One of its 3 entry cells.
        to: Cell,
    },
    /// A knight from the hand is placed on the own King's start cell, which is empty.
    Drop {
        /// Which knight.
        knight: HandKnight,
        /// The own King's start cell (`a1` for White, `n1` for Black).
        to: Cell,
    },
}

impl Move {
    /// The destination cell.
    pub const fn to(self) -> Cell {
        match self {
            Move::Normal { to, .. }
            | Move::Promotion { to, .. }
            | Move::EnPassant { to, .. }
            | Move::Entry { to, .. }
            | Move::Drop { to, .. } => to,
        }
    }

    /// The start cell, or `None` for a knight from the hand.
    pub const fn from(self) -> Option<Cell> {
        match self {
            Move::Normal { from, .. }
            | Move::Promotion { from, .. }
            | Move::EnPassant { from, .. } => Some(from),
            Move::Entry { .. } | Move::Drop { .. } => None,
        }
    }

    /// The promotion role, if any.
    pub const fn promotion(self) -> Option<Role> {
        match self {
            Move::Promotion { role, .. } => Some(role),
            _ => None,
        }
    }

    /// Whether a knight leaves the hand.
    pub const fn is_from_hand(self) -> bool {
        matches!(self, Move::Entry { .. } | Move::Drop { .. })
    }
}

/// The error for a text that is not a move in this notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "not a Dagger Chess move: {0:?} (expected e.g. `d2-f2`, `m1-n1=Q`, `f3-e2ep`, `N@d1`, `NL@a1`)"
)]
pub struct ParseMoveError(pub String);

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal { from, to } => write!(f, "{from}-{to}"),
            Move::Promotion { from, to, role } => write!(f, "{from}-{to}={}", role.upper_char()),
            Move::EnPassant { from, to } => write!(f, "{from}-{to}ep"),
            Move::Entry { to, .. } => write!(f, "N@{to}"),
            Move::Drop { knight, to } => write!(f, "N{}@{to}", knight.char()),
        }
    }
}

/// The hand knight that enters on `cell`, if `cell` is an entry cell.
pub(crate) fn entry_knight(cell: Cell) -> Option<(Color, HandKnight)> {
    for color in Color::ALL {
        for knight in HandKnight::ALL {
            if ENTRY[color.index()][knight as usize] & cell.bit() != 0 {
                return Some((color, knight));
            }
        }
    }
    None
}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError(s.to_owned());
        if let Some((head, cell)) = s.split_once('@') {
            let to: Cell = cell.parse().map_err(|_| err())?;
            let named = match head {
                "N" => None,
                "NL" => Some(HandKnight::L),
                "NR" => Some(HandKnight::R),
                _ => return Err(err()),
            };
            if to == Cell::A1 || to == Cell::N1 {
                return Ok(Move::Drop {
                    knight: named.ok_or_else(err)?,
                    to,
                });
            }
            let (_, knight) = entry_knight(to).ok_or_else(err)?;
            if named.is_some_and(|k| k != knight) {
                return Err(err());
            }
            return Ok(Move::Entry { knight, to });
        }
        let (from, rest) = s.split_once('-').ok_or_else(err)?;
        let from: Cell = from.parse().map_err(|_| err())?;
        if let Some(to) = rest.strip_suffix("ep") {
            return Ok(Move::EnPassant {
                from,
                to: to.parse().map_err(|_| err())?,
            });
        }
        if let Some((to, role)) = rest.split_once('=') {
            let to: Cell = to.parse().map_err(|_| err())?;
            let mut chars = role.chars();
            let role = match (chars.next().and_then(Role::from_char), chars.next()) {
                (Some(r), None)
                    if Role::PROMOTIONS.contains(&r)
                        && role.chars().all(|c| c.is_ascii_uppercase()) =>
                {
                    r
                }
                _ => return Err(err()),
            };
            return Ok(Move::Promotion { from, to, role });
        }
        Ok(Move::Normal {
            from,
            to: rest.parse().map_err(|_| err())?,
        })
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Move {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Move, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The most legal moves any position can have (see [`MoveList`]).
pub const MAX_MOVES: usize = MoveList::CAPACITY;

/// A fixed-capacity list of moves (no allocation).
///
/// [`MoveList::CAPACITY`] is a proven bound on the number of legal moves in any position: a move
/// is a mover, a destination and (for promotions) a role. Into a destination cell, at most one
/// piece can come along each of the 12 line directions (the nearest piece on that line — King
/// steps and pawn steps and jumps are one-step line moves), at most one per knight leap, and at
/// most two knights from the hand; a move into a promotion cell counts at most four times; at most
/// two en-passant captures exist. Summed over the board this gives [`MoveList::CAPACITY`]; the test
/// `move_list_capacity_is_the_proven_bound` recomputes it from the tables.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    /// The capacity: the bound described in the type's docs.
    pub const CAPACITY: usize = 580;

    /// An empty list.
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::Normal {
                from: Cell::A1,
                to: Cell::A1,
            }; MoveList::CAPACITY],
            len: 0,
        }
    }

    /// Append a move.
    ///
    /// # Panics
    /// If the list is full (never for the legal moves of a position, see the type's docs).
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
    fn default() -> MoveList {
        MoveList::new()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl core::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = core::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}
