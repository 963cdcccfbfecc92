//! Knights in hand.
//!
//! Each side starts with two Knights in hand. Under interpretation A of the rules (the one this
//! crate implements), each knight keeps its own imaginary first-rank cell beside the King's start
//! cell — `L` on the left and `R` on the right as White sees the board — so a side's hand is a
//! subset of `{L, R}`. A knight in hand:
//! - enters as a whole move by a knight leap from its imaginary cell onto one of its 3 entry cells
//!   ([`entry_cells`]), empty or holding an enemy piece (a capture);
//! - may instead be dropped onto its own King's start cell (`a1` / `n1`) when that cell is empty
//!   (never a capture);
//! - attacks its 3 entry cells for every check test, and can never be captured.

use core::fmt;

use crate::board::{CellSet, Color, HandKnight, ENTRY};

/// The knights a side holds in hand: a subset of `{L, R}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Hand(u8);

impl Hand {
    /// No knight in hand.
    pub const EMPTY: Hand = Hand(0);
    /// Both knights in hand (the start).
    pub const BOTH: Hand = Hand(3);

    /// Whether `knight` is in hand.
    #[inline]
    pub const fn contains(self, knight: HandKnight) -> bool {
        self.0 & knight.bit() != 0
    }

    /// The hand with `knight` added.
    #[inline]
    pub const fn with(self, knight: HandKnight) -> Hand {
        Hand(self.0 | knight.bit())
    }

    /// The hand with `knight` removed.
    #[inline]
    pub const fn without(self, knight: HandKnight) -> Hand {
        Hand(self.0 & !knight.bit())
    }

    /// Whether no knight is in hand.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of knights in hand (0, 1 or 2).
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The raw bits: `1` for `L`, `2` for `R`.
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The knights in hand, `L` first.
    pub fn iter(self) -> impl Iterator<Item = HandKnight> {
        HandKnight::ALL
            .into_iter()
            .filter(move |k| self.contains(*k))
    }

    /// Parse `LR`, `L`, `R` or `-`.
    pub fn parse(text: &str) -> Option<Hand> {
        match text {
            "-" => Some(Hand::EMPTY),
            "L" => Some(Hand(1)),
            "R" => Some(Hand(2)),
            "LR" => Some(Hand(3)),
            _ => None,
        }
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for k in self.iter() {
            write!(f, "{}", k.char())?;
        }
        Ok(())
    }
}

/// The 3 entry cells of `color`'s in-hand knight `knight` (spec §5):
/// White L `d1 d2 c3`, White R `c1 d3 d4`, Black L `k1 k2 l3`, Black R `k3 k4 l1`.
///
/// ```
/// use hexvar_dagger::{entry_cells, Color, HandKnight};
/// let cells: Vec<String> = entry_cells(Color::White, HandKnight::L).iter().map(|c| c.to_string()).collect();
/// assert_eq!(cells, ["c3", "d1", "d2"]);
/// ```
pub fn entry_cells(color: Color, knight: HandKnight) -> CellSet {
    CellSet(ENTRY[color.index()][knight as usize])
}

/// The cells attacked by `color`'s knights in `hand`: the union of their entry cells.
pub fn hand_attacks(color: Color, hand: Hand) -> CellSet {
    CellSet(crate::board::HAND_ATTACKS[color.index()][hand.bits() as usize])
}
