//! The [`Move`] type, its notation, and the fixed-capacity [`MoveList`].

use core::fmt;
use core::str::FromStr;

use crate::board::{Cell, Role};

/// A move of the army to move.
///
/// Notation (`Display`/`FromStr`):
///
/// | move | notation | example |
/// |---|---|---|
/// | ordinary move or capture | `<from>-<to>` | `A16-B15` |
/// | pawn promotion (the chosen piece) | `<from>-<to>=<role>` | `G14-H13=Q`, `G14-H15=A` |
/// | castling (king cell, then rook cell) | `<king>@<rook>` | `B/15@B/18` |
/// | stalemate relocation (king from, king to, reclaimed piece) | `<from>><to>[=<role>]` | `B/15>A10=Q` |
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece moves from `from` to `to`, capturing whatever non-king piece is there; a pawn
    /// that reaches its promotion zone with a lost piece (or the Amazon) to claim names it in
    /// `promotion`.
    Normal {
        /// Start cell.
        from: Cell,
        /// Target cell.
        to: Cell,
        /// The piece a promoting pawn becomes (`None` for every other move, and for a pawn that
        /// reaches the zone with nothing to claim and therefore waits).
        promotion: Option<Role>,
    },
    /// Castling on rank 1: the king on `king` and the rook on `rook` (same sideboard). The king
    /// moves two squares towards the rook; the rook lands on the square the king passed.
    Castle {
        /// The king's cell.
        king: Cell,
        /// The rook's cell.
        rook: Cell,
    },
    /// Stalemate relocation: the king is lifted from `from` to the empty cell `to`, and
    /// `reclaim` (a lost piece, or the Amazon, or nothing when neither is available) is put on
    /// `from`.
    Relocate {
        /// The stalemated king's cell, where the reclaimed piece appears.
        from: Cell,
        /// The king's new cell.
        to: Cell,
        /// The piece placed on `from`.
        reclaim: Option<Role>,
    },
}

impl Move {
    /// The cell the moving piece leaves (the king's cell for castling and relocation).
    pub const fn from(self) -> Cell {
        match self {
            Move::Normal { from, .. } | Move::Relocate { from, .. } => from,
            Move::Castle { king, .. } => king,
        }
    }

    /// The cell the moving piece (the king, for castling and relocation) lands on.
    pub fn to(self) -> Cell {
        match self {
            Move::Normal { to, .. } | Move::Relocate { to, .. } => to,
            Move::Castle { king, rook } => crate::position::castle_targets(king, rook).0,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal {
                from,
                to,
                promotion,
            } => {
                write!(f, "{from}-{to}")?;
                if let Some(p) = promotion {
                    write!(f, "={}", p.letter())?;
                }
                Ok(())
            }
            Move::Castle { king, rook } => write!(f, "{king}@{rook}"),
            Move::Relocate { from, to, reclaim } => {
                write!(f, "{from}>{to}")?;
                if let Some(p) = reclaim {
                    write!(f, "={}", p.letter())?;
                }
                Ok(())
            }
        }
    }
}

/// The error for text that is not a move in the notation of [`Move`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a move: {0:?} (expected e.g. A16-B15, G14-H13=Q, B/15@B/18 or B/15>A10=Q)")]
pub struct ParseMoveError(pub String);

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError(s.to_string());
        let cell = |t: &str| t.parse::<Cell>().map_err(|_| err());
        let role = |t: Option<&str>| -> Result<Option<Role>, ParseMoveError> {
            match t {
                None => Ok(None),
                Some(t) => {
                    let mut chars = t.chars();
                    match (chars.next().and_then(Role::from_letter), chars.next()) {
                        (Some(r), None) if !matches!(r, Role::Pawn | Role::King) => Ok(Some(r)),
                        _ => Err(err()),
                    }
                }
            }
        };
        if let Some((king, rook)) = s.split_once('@') {
            return Ok(Move::Castle {
                king: cell(king)?,
                rook: cell(rook)?,
            });
        }
        let (body, suffix) = match s.split_once('=') {
            Some((b, r)) => (b, Some(r)),
            None => (s, None),
        };
        if let Some((from, to)) = body.split_once('>') {
            return Ok(Move::Relocate {
                from: cell(from)?,
                to: cell(to)?,
                reclaim: role(suffix)?,
            });
        }
        let (from, to) = body.split_once('-').ok_or_else(err)?;
        Ok(Move::Normal {
            from: cell(from)?,
            to: cell(to)?,
            promotion: role(suffix)?,
        })
    }
}

/// A list of moves with a fixed capacity, on the stack.
///
/// The capacity, [`MoveList::CAPACITY`] = 1248, is set by the largest move count a position can
/// have: a stalemated army that lost its queen, a rook, a bishop and a knight relocates its king
/// to any of at most 311 empty cells (313 minus its own king's cell minus at least one other
/// king) with 4 choices of reclaimed piece: 1244 moves. Ordinary move counts are lower: at most
/// eight power pieces (two each of R, B, N, a queen and an Amazon), each with at most the
/// Amazon's largest empty-board count, plus eight pawns with 5 targets and 4 promotion choices
/// each, plus the king — the test suite checks that this sum stays below the capacity.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MoveList::CAPACITY],
    len: usize,
}

impl MoveList {
    /// The capacity (see the type docs for the worst case).
    pub const CAPACITY: usize = 1248;

    /// An empty list.
    pub fn new() -> MoveList {
        MoveList {
            moves: [Move::Normal {
                from: Cell::CENTRE,
                to: Cell::CENTRE,
                promotion: None,
            }; MoveList::CAPACITY],
            len: 0,
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    /// If the list is full (which no position allows, see the type docs).
    #[inline]
    pub fn push(&mut self, m: Move) {
        self.moves[self.len] = m;
        self.len += 1;
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Iterates over the moves.
    pub fn iter(&self) -> core::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Whether the list holds `m`.
    pub fn contains(&self, m: &Move) -> bool {
        self.as_slice().contains(m)
    }
}

impl Default for MoveList {
    fn default() -> Self {
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
        self.iter()
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::*;
    use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for Move {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Move {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Move, D::Error> {
            let s = String::deserialize(d)?;
            s.parse().map_err(de::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips() {
        for s in [
            "A16-B15",
            "G14-H13=Q",
            "G14-H15=A",
            "B/15@B/18",
            "B/15>A10=Q",
            "B/15>A10",
            "B/27-A14",
        ] {
            let m: Move = s.parse().unwrap();
            assert_eq!(m.to_string(), s);
        }
        for bad in [
            "",
            "A16",
            "A16-",
            "A16-B15=K",
            "A16-B15=P",
            "A16-B15=QQ",
            "B/15@",
            "X1-A8",
            "A16-B15=",
            "A16>",
        ] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
        assert_eq!("C-H17".parse::<Move>().unwrap().to_string(), "H15-H17");
    }
}
