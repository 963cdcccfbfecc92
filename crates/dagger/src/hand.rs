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
use core::str::FromStr;

use crate::cells::{cell_set, Bits, Cell, CellSet};
use crate::men::{Color, ParseLetterError};
use crate::tables::KNIGHT_LEAPS;

/// Which of a side's two in-hand knights (interpretation A: each is tied to its own imaginary
/// first-rank cell beside the King's start cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HandKnight {
    /// The knight on the imaginary cell left of the back-rank cell as White sees the board
    /// (`a0` = (−1, 0) for White, (5, 12) for Black).
    L = 0,
    /// The knight on the imaginary cell to the right (`a2` = (1, 0) for White, (7, 12) for Black).
    R = 1,
}

impl HandKnight {
    /// Both, `L` first.
    pub const ALL: [HandKnight; 2] = [HandKnight::L, HandKnight::R];

    /// `'L'` or `'R'`.
    pub const fn char(self) -> char {
        match self {
            HandKnight::L => 'L',
            HandKnight::R => 'R',
        }
    }

    /// The knight of `'L'` or `'R'`.
    pub const fn from_char(c: char) -> Option<HandKnight> {
        match c {
            'L' => Some(HandKnight::L),
            'R' => Some(HandKnight::R),
            _ => None,
        }
    }

    /// The imaginary cell in the rules' `(q, r)` coordinates.
    pub const fn imaginary_qr(self, color: Color) -> (i8, i8) {
        match (color, self) {
            (Color::White, HandKnight::L) => (-1, 0),
            (Color::White, HandKnight::R) => (1, 0),
            (Color::Black, HandKnight::L) => (5, 12),
            (Color::Black, HandKnight::R) => (7, 12),
        }
    }

    /// The in-hand bit of this knight in a [`Hand`].
    #[inline]
    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

impl fmt::Display for HandKnight {
    /// `L` or `R`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for HandKnight {
    type Err = ParseLetterError;
    fn from_str(s: &str) -> Result<HandKnight, ParseLetterError> {
        match s {
            "L" => Ok(HandKnight::L),
            "R" => Ok(HandKnight::R),
            _ => Err(ParseLetterError::new("hand knight", "`L` or `R`", s)),
        }
    }
}

/// The knights a side holds in hand: a subset of `{L, R}`. Written `LR`, `L`, `R` or `-`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Hand(u8);

/// The number of distinct hands (subsets of `{L, R}`).
const HAND_COUNT: usize = 4;

impl Hand {
    /// No knight in hand.
    pub const EMPTY: Hand = Hand(0);
    /// Both knights in hand (the start).
    pub const BOTH: Hand = Hand(HandKnight::L.bit() | HandKnight::R.bit());

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

    /// The hand as an index `0..4` into per-hand tables (masked, so that the compiler sees the
    /// bound and checks none).
    #[inline]
    pub(crate) const fn index(self) -> usize {
        (self.0 & 3) as usize
    }

    /// The knights in hand, `L` first.
    pub fn iter(self) -> impl Iterator<Item = HandKnight> {
        HandKnight::ALL
            .into_iter()
            .filter(move |k| self.contains(*k))
    }
}

impl fmt::Display for Hand {
    /// `LR`, `L`, `R` or `-`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for k in self.iter() {
            write!(f, "{k}")?;
        }
        Ok(())
    }
}

impl FromStr for Hand {
    type Err = ParseLetterError;
    /// `LR`, `L`, `R` or `-`.
    fn from_str(s: &str) -> Result<Hand, ParseLetterError> {
        match s {
            "-" => Ok(Hand::EMPTY),
            "L" => Ok(Hand::EMPTY.with(HandKnight::L)),
            "R" => Ok(Hand::EMPTY.with(HandKnight::R)),
            "LR" => Ok(Hand::BOTH),
            _ => Err(ParseLetterError::new("hand", "`LR`, `L`, `R` or `-`", s)),
        }
    }
}

/// `ENTRY[color][knight]`: the cells a knight in hand enters on (its knight leaps from its
/// imaginary cell that land on the board) — and attacks while in hand.
pub(crate) const ENTRY: [[Bits; 2]; 2] = {
    let mut out = [[0; 2]; 2];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 2 {
            let (q, r) = HandKnight::ALL[k].imaginary_qr(Color::ALL[c]);
            let mut l = 0;
            while l < KNIGHT_LEAPS.len() {
                if let Some(cell) = Cell::from_qr(q + KNIGHT_LEAPS[l].0, r + KNIGHT_LEAPS[l].1) {
                    out[c][k] |= cell.bit();
                }
                l += 1;
            }
            k += 1;
        }
        c += 1;
    }
    out
};

/// `HAND_ATTACKS[color][hand]`: the union of the entry cells of the knights in hand.
pub(crate) const HAND_ATTACKS: [[Bits; HAND_COUNT]; 2] = {
    let mut out = [[0; HAND_COUNT]; 2];
    let mut c = 0;
    while c < 2 {
        let mut hand = 0;
        while hand < HAND_COUNT {
            let mut k = 0;
            while k < 2 {
                if hand & 1 << k != 0 {
                    out[c][hand] |= ENTRY[c][k];
                }
                k += 1;
            }
            hand += 1;
        }
        c += 1;
    }
    out
};

/// The 3 entry cells of `color`'s in-hand knight `knight` (rules §5):
/// White L `d1 d2 c3`, White R `c1 d3 d4`, Black L `k1 k2 l3`, Black R `k3 k4 l1`.
///
/// ```
/// use hexvar_dagger::{entry_cells, Cell, Color, HandKnight};
/// let cells: Vec<String> = entry_cells(Color::White, HandKnight::L)
///     .cells::<Cell>()
///     .map(|c| c.to_string())
///     .collect();
/// assert_eq!(cells, ["c3", "d1", "d2"]);
/// ```
pub fn entry_cells(color: Color, knight: HandKnight) -> CellSet {
    cell_set(ENTRY[color.index()][knight as usize])
}

/// The cells attacked by `color`'s knights in `hand`: the union of their entry cells.
pub fn hand_attacks(color: Color, hand: Hand) -> CellSet {
    cell_set(HAND_ATTACKS[color.index()][hand.index()])
}

/// The in-hand knight whose entry cells hold `cell`, if any (the entry sets are disjoint).
pub(crate) fn entry_knight(cell: Cell) -> Option<(Color, HandKnight)> {
    Color::ALL.into_iter().find_map(|color| {
        HandKnight::ALL
            .into_iter()
            .find(|&knight| ENTRY[color.index()][knight as usize] & cell.bit() != 0)
            .map(|knight| (color, knight))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells::cells_of;

    fn names(set: Bits) -> Vec<String> {
        cells_of(set).map(|c| c.to_string()).collect()
    }

    #[test]
    fn entry_cells_match_the_rules() {
        assert_eq!(names(ENTRY[0][0]), ["c3", "d1", "d2"]);
        assert_eq!(names(ENTRY[0][1]), ["c1", "d3", "d4"]);
        assert_eq!(names(ENTRY[1][0]), ["k1", "k2", "l3"]);
        assert_eq!(names(ENTRY[1][1]), ["k3", "k4", "l1"]);
        let all = ENTRY.iter().flatten().fold(0, |a, &b| {
            assert_eq!(a & b, 0, "entry sets are disjoint");
            a | b
        });
        assert_eq!(all.count_ones(), 12);
    }

    #[test]
    fn hand_attacks_are_the_union_of_the_entry_cells_in_hand() {
        for color in Color::ALL {
            let c = color.index();
            assert_eq!(HAND_ATTACKS[c][Hand::EMPTY.index()], 0);
            assert_eq!(
                HAND_ATTACKS[c][Hand::BOTH.index()],
                ENTRY[c][0] | ENTRY[c][1]
            );
            for knight in HandKnight::ALL {
                let hand = Hand::EMPTY.with(knight);
                assert_eq!(HAND_ATTACKS[c][hand.index()], ENTRY[c][knight as usize]);
                assert_eq!(
                    entry_knight(Cell::first_of(ENTRY[c][knight as usize])),
                    Some((color, knight))
                );
            }
        }
        assert_eq!(entry_knight(Cell::G3), None);
    }

    #[test]
    fn hands_round_trip_as_text() {
        for text in ["-", "L", "R", "LR"] {
            assert_eq!(text.parse::<Hand>().unwrap().to_string(), text);
        }
        for bad in ["", "RL", "LL", "l", "LRR", "- "] {
            assert!(bad.parse::<Hand>().is_err(), "{bad:?}");
        }
        assert_eq!("R".parse::<HandKnight>(), Ok(HandKnight::R));
        assert!("x".parse::<HandKnight>().is_err());
    }
}
