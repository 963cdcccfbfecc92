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

use hexvar_geometry::long::{self, LongReader};
use hexvar_geometry::san::cut;
use hexvar_geometry::LongMoveError;

use crate::cells::Cell;
use crate::hand::{entry_knight, HandKnight};
use crate::men::Role;

/// A move. Special moves are variants of their own. `Debug` and `Display` print the notation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
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
    /// The name of this move's kind, as the notations tell kinds apart: for counting moves by kind
    /// (the long-notation test holds that the conformance data reaches every kind and spells a
    /// move of each, `tests/data/long.txt`).
    pub fn kind(self) -> &'static str {
        match self {
            Move::Normal { .. } => "move",
            Move::Promotion { .. } => "promotion",
            Move::EnPassant { .. } => "en passant",
            Move::Entry { .. } => "entry",
            Move::Drop { .. } => "drop",
        }
    }

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

/// A move text that names no move ([`Move::from_str`]), or no legal move in a position
/// ([`crate::Position::parse_move`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
pub enum ParseMoveError {
    /// The text is not move notation.
    #[error(
        "not a Dagger Chess move: {0:?} (expected e.g. `d2-f2`, `m1-n1=Q`, `f3-e2ep`, `N@d1`, `NL@a1`)"
    )]
    Notation(String),
    /// The text is notation, but no single legal move of the position matches it.
    #[error("no legal move matches {0}")]
    NotLegal(String),
}

/// What a long text looks like, for the error.
const LONG_EXPECTED: &str = "d2f2, m1n1q, f3e2ep, N@d1 or NL@a1";

impl Move {
    /// The move in long notation (see [`Variant::long`](hexvar_geometry::Variant::long)): the
    /// from-cell and the to-cell, then a lower-case promotion letter or `ep` for en passant; a
    /// knight from the hand as `N@` and its cell, naming the knight (`NL@`, `NR@`) only on a
    /// drop, where both may land: `d2f2`, `m1n1q`, `f3e2ep`, `N@d1`, `NL@a1`.
    ///
    /// ```
    /// use hexvar_dagger::{HandKnight, Move, Position};
    /// let pos = Position::new();
    /// let mv = pos.legal_moves()[0];
    /// assert_eq!(Move::from_long(&mv.long())?, mv);
    /// assert_eq!(pos.parse_long(&mv.long())?, mv);
    /// let drop = Move::from_long("NL@a1")?;
    /// assert_eq!(drop, Move::Drop { knight: HandKnight::L, to: "a1".parse()? });
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn long(self) -> String {
        match self {
            Move::Normal { from, to } => format!("{from}{to}"),
            Move::Promotion { from, to, role } => {
                format!("{from}{to}{}", role.char().to_ascii_lowercase())
            }
            Move::EnPassant { from, to } => format!("{from}{to}ep"),
            Move::Entry { to, .. } => format!("N@{to}"),
            Move::Drop { knight, to } => format!("N{knight}@{to}"),
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
    if r.eat("N") {
        let named = if r.eat("L") {
            Some(HandKnight::L)
        } else if r.eat("R") {
            Some(HandKnight::R)
        } else {
            None
        };
        if !r.eat("@") {
            return None;
        }
        let to: Cell = r.cell()?;
        return Some(match named {
            Some(knight) => Move::Drop { knight, to },
            None => Move::Entry {
                knight: entry_knight(to)?.1,
                to,
            },
        });
    }
    let from: Cell = r.cell()?;
    let to: Cell = r.cell()?;
    if r.eat("ep") {
        return Some(Move::EnPassant { from, to });
    }
    Some(match r.char_if(|c| c.is_ascii_lowercase()) {
        Some(c) => Move::Promotion {
            from,
            to,
            role: Role::from_char(c).filter(|r| Role::PROMOTIONS.contains(r))?,
        },
        None => Move::Normal { from, to },
    })
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Normal { from, to } => write!(f, "{from}-{to}"),
            Move::Promotion { from, to, role } => write!(f, "{from}-{to}={role}"),
            Move::EnPassant { from, to } => write!(f, "{from}-{to}ep"),
            Move::Entry { to, .. } => write!(f, "N@{to}"),
            Move::Drop { knight, to } => write!(f, "N{knight}@{to}"),
        }
    }
}

hexvar_geometry::debug_as_display!(Move);

impl FromStr for Move {
    type Err = ParseMoveError;
    /// The notation exactly as [`Display`](fmt::Display) writes it (and `NL@`/`NR@` for
    /// entries). [`crate::Position::parse_move`] is more forgiving.
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError::Notation(cut(s, 100));
        let cell = |text: &str| text.parse::<Cell>().map_err(|_| err());
        if let Some((head, to)) = s.split_once('@') {
            let to = cell(to)?;
            let named = match head {
                "N" => None,
                "NL" => Some(HandKnight::L),
                "NR" => Some(HandKnight::R),
                _ => return Err(err()),
            };
            if to == Cell::A1 || to == Cell::N1 {
                let knight = named.ok_or_else(err)?;
                return Ok(Move::Drop { knight, to });
            }
            let (_, knight) = entry_knight(to).ok_or_else(err)?;
            if named.is_some_and(|k| k != knight) {
                return Err(err());
            }
            return Ok(Move::Entry { knight, to });
        }
        let (from, rest) = s.split_once('-').ok_or_else(err)?;
        let from = cell(from)?;
        if let Some(to) = rest.strip_suffix("ep") {
            let to = cell(to)?;
            return Ok(Move::EnPassant { from, to });
        }
        if let Some((to, role)) = rest.split_once('=') {
            let to = cell(to)?;
            let role = match role.as_bytes() {
                [letter] if letter.is_ascii_uppercase() => Role::from_char(*letter as char),
                _ => None,
            }
            .filter(|r| Role::PROMOTIONS.contains(r))
            .ok_or_else(err)?;
            return Ok(Move::Promotion { from, to, role });
        }
        Ok(Move::Normal {
            from,
            to: cell(rest)?,
        })
    }
}

/// A move text as a player may type it, in the notation's own case: surrounding ASCII
/// whitespace and trailing `+ # ! ?` removed, cells and `ep` in lower case, the piece letters
/// (`N`, `L`, `R` before `@`, the role after `=`) in upper case. The notation has no other
/// letters, so its case carries no meaning.
pub(crate) fn canonical_move_text(text: &str) -> String {
    let text = text
        .trim_matches(|c: char| c.is_ascii_whitespace())
        .trim_end_matches(['+', '#', '!', '?'])
        .trim_end_matches(|c: char| c.is_ascii_whitespace());
    let lower = text.to_ascii_lowercase();
    if let Some((head, to)) = lower.split_once('@') {
        format!("{}@{to}", head.to_ascii_uppercase())
    } else if let Some((cells, role)) = lower.split_once('=') {
        format!("{cells}={}", role.to_ascii_uppercase())
    } else {
        lower
    }
}

/// The most legal moves any position can have: the capacity of [`MoveList`].
///
/// A move is a mover, a destination and (for promotions) a role. Into a destination cell, at
/// most one piece can come along each of the 12 line directions (the nearest piece on that line:
/// King steps, pawn steps and pawn jumps are one-step line moves), at most one per knight leap,
/// one knight entering from the hand (the entry sets are disjoint) and two knights dropped on a
/// back-rank cell; a move into a promotion cell counts at most four times; at most two
/// en-passant captures exist. Summed over the board this is 580; the test
/// `max_moves_is_the_proven_bound` recomputes it from the tables.
pub const MAX_MOVES: usize = 580;

/// A fixed-capacity list of moves on the stack (no allocation, no fill on creation).
pub type MoveList = hexvar_geometry::MoveList<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hand::ENTRY;
    use crate::men::{home, Color};
    use crate::tables::{KING, KNIGHT};

    #[test]
    fn max_moves_is_the_proven_bound() {
        // Into each destination: at most one mover per line direction (KING lists the line
        // neighbours), one per knight leap, one entering knight, two drops on a back-rank cell;
        // four promotion choices on a1/n1; plus two e.p. captures.
        let entries = ENTRY.iter().flatten().fold(0, |a, &b| a | b);
        let mut bound = 2;
        for c in Cell::ALL {
            let i = c.index();
            let back_rank = c == home(Color::White) || c == home(Color::Black);
            let hand = if back_rank {
                2
            } else {
                usize::from(entries & c.bit() != 0)
            };
            let per = KING[i].count_ones() as usize + KNIGHT[i].count_ones() as usize + hand;
            bound += if back_rank { 4 * per } else { per };
        }
        assert_eq!(MAX_MOVES, bound);
        assert_eq!(MoveList::CAPACITY, MAX_MOVES);
    }

    #[test]
    fn notation_round_trips() {
        let texts = [
            "d2-f2", "m1-n1=Q", "l2-n1=N", "f3-e2ep", "N@d1", "N@l1", "NL@a1", "NR@n1",
        ];
        hexvar_geometry::check_text_round_trips::<Move>(&texts).unwrap();
        for text in texts {
            assert_eq!(format!("{:?}", text.parse::<Move>().unwrap()), text);
        }
        assert_eq!(
            "NL@d1".parse::<Move>().unwrap(),
            "N@d1".parse::<Move>().unwrap()
        );
        for bad in [
            "", "d2", "d2-", "d2-i1", "NR@d1", "N@a1", "N@g3", "X@d1", "m1-n1=K", "m1-n1=q",
            "m1-n1=", "m1-n1=QQ", "d2-f2ep ", "D2-F2", "d2–f2",
        ] {
            assert!(
                matches!(bad.parse::<Move>(), Err(ParseMoveError::Notation(_))),
                "{bad:?}"
            );
        }
    }

    #[test]
    fn canonical_text_forgives_case_spaces_and_annotations() {
        for (typed, canonical) in [
            ("  D2-F2+ ", "d2-f2"),
            ("m1-n1=q#", "m1-n1=Q"),
            ("F3-E2EP!?", "f3-e2ep"),
            ("n@D1", "N@d1"),
            ("nl@a1", "NL@a1"),
            ("\tk1-j1\n", "k1-j1"),
            ("k1-j1 +", "k1-j1"),
        ] {
            assert_eq!(canonical_move_text(typed), canonical, "{typed:?}");
        }
    }
}
