//! The 39-cell Dagger Chess board's geometry: cells, cell notation, cell colours and the cell set.
//!
//! Cells are numbered densely rank by rank from White's back rank (`a1` = 0) to Black's
//! (`n1` = 38), left to right within a rank as White sees the board. A rank-by-rank index means a
//! ray whose direction raises the index meets its nearest blocker at the lowest set bit.
//!
//! Coordinates follow the rules: `(q, r)` with `r` the rank index (a = 0 … n = 12, no `i`) and
//! `q` rising by one per cell to the right. The geometry crate's axial [`Hex`] uses the neighbour
//! set `(±1,0) (0,±1) (1,-1) (-1,1)`; the rules' `(q, r)` maps to `Hex::new(q - r, r)`.

use core::fmt;

use hexvar_geometry::{Hex, Set128};

/// The number of cells on the board.
pub const CELL_COUNT: usize = 39;

/// The raw cell set the hot paths work on: one bit per dense index (the public face is
/// [`CellSet`]). 39 cells fit one 64-bit word.
pub(crate) type Bits = u64;

const _: () = assert!(CELL_COUNT <= Bits::BITS as usize);

/// The number of ranks.
pub(crate) const RANK_COUNT: usize = 13;
/// The rank letters, from White's back rank to Black's (there is no `i`).
pub(crate) const RANK_LETTERS: [u8; RANK_COUNT] = *b"abcdefghjklmn";
/// The number of cells of each rank, `a` to `n`.
pub(crate) const RANK_LENGTHS: [u8; RANK_COUNT] = [1, 2, 3, 4, 3, 4, 5, 4, 3, 4, 3, 2, 1];
/// The rules' `q` of the first cell of each rank.
const RANK_QMIN: [i8; RANK_COUNT] = [0, 0, 0, 0, 1, 1, 1, 2, 3, 3, 4, 5, 6];
/// The dense index of the first cell of each rank.
pub(crate) const RANK_START: [u8; RANK_COUNT] = {
    let mut out = [0u8; RANK_COUNT];
    hexvar_geometry::const_for!(r in 1..RANK_COUNT => {
        out[r] = out[r - 1] + RANK_LENGTHS[r - 1];
    });
    out
};

/// The three cell colours, `(q + r) mod 3`. An orthogonal step always changes the colour and a
/// diagonal step never does, so each Bishop keeps its colour. The rules page gives the colours no
/// names; these follow the pictures (`render::svg`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shade {
    /// `(q + r) mod 3 = 0`: 15 cells, the centre `g3` and both back-rank cells among them.
    Medium = 0,
    /// `(q + r) mod 3 = 1`: 12 cells.
    Light = 1,
    /// `(q + r) mod 3 = 2`: 12 cells.
    Dark = 2,
}

impl Shade {
    /// The three shades in the order of `(q + r) mod 3`.
    pub const ALL: [Shade; 3] = [Shade::Medium, Shade::Light, Shade::Dark];

    /// `(q + r) mod 3`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

hexvar_geometry::dense_cell! {
    /// A cell of the board: a dense index `0..39`, rank by rank from `a1` to `n1`. Every value is a
    /// cell of the board.
    pub struct Cell(u8), CELL_COUNT
}

hexvar_geometry::cell_text! {
    /// A text that names no cell.
    ParseCellError for Cell by read_cell:
        "not a Dagger Chess cell: {0:?} (ranks a–n without i, numbered from 1)"
}

impl Cell {
    /// White's back-rank cell (White King's start, Black's promotion cell).
    pub const A1: Cell = Cell(0);
    /// The centre cell.
    pub const G3: Cell = Cell(19);
    /// Black's back-rank cell (Black King's start, White's promotion cell).
    pub const N1: Cell = Cell(38);

    /// The cell of a bit index known to be below 39 (from a set of cells).
    #[inline]
    pub(crate) const fn from_bit_index(index: u32) -> Cell {
        debug_assert!((index as usize) < CELL_COUNT);
        Cell(index as u8)
    }

    /// The lowest cell of a non-empty raw set.
    #[inline]
    pub(crate) const fn first_of(set: Bits) -> Cell {
        Cell::from_bit_index(set.trailing_zeros())
    }

    /// The rank index: `a` = 0 … `n` = 12.
    pub const fn rank(self) -> u8 {
        let mut r = RANK_COUNT - 1;
        while RANK_START[r] > self.0 {
            r -= 1;
        }
        r as u8
    }

    /// The cell number within its rank, from 1 (White's left).
    pub const fn number(self) -> u8 {
        self.0 - RANK_START[self.rank() as usize] + 1
    }

    /// The cell at rank index `rank` (0..13) and number `number` (from 1), if on the board.
    pub const fn from_rank_number(rank: u8, number: u8) -> Option<Cell> {
        if rank as usize >= RANK_COUNT || number == 0 || number > RANK_LENGTHS[rank as usize] {
            return None;
        }
        Some(Cell(RANK_START[rank as usize] + number - 1))
    }

    /// The rules' coordinates `(q, r)` (see the module docs).
    pub const fn qr(self) -> (i8, i8) {
        let r = self.rank();
        (RANK_QMIN[r as usize] + self.number() as i8 - 1, r as i8)
    }

    /// The cell at the rules' coordinates `(q, r)`, if on the board.
    pub const fn from_qr(q: i8, r: i8) -> Option<Cell> {
        if r < 0 || r as usize >= RANK_COUNT {
            return None;
        }
        let k = q - RANK_QMIN[r as usize];
        if k < 0 || k >= RANK_LENGTHS[r as usize] as i8 {
            return None;
        }
        Some(Cell(RANK_START[r as usize] + k as u8))
    }

    /// The cell as a geometry-crate [`Hex`] (`Hex::new(q - r, r)`).
    pub const fn hex(self) -> Hex {
        let (q, r) = self.qr();
        spec_hex(q, r)
    }

    /// The cell's colour, `(q + r) mod 3` (15, 12 and 12 cells).
    pub const fn shade(self) -> Shade {
        let (q, r) = self.qr();
        Shade::ALL[((q + r) % 3) as usize]
    }

    /// The cell turned 180° about the centre `g3`: `(q, r)` → `(6 − q, 12 − r)`.
    pub const fn flip(self) -> Cell {
        Cell(CELL_COUNT as u8 - 1 - self.0)
    }

    /// The cell mirrored left–right: `(q, r)` → `(r − q, r)`.
    pub const fn mirror(self) -> Cell {
        let r = self.rank();
        Cell(2 * RANK_START[r as usize] + RANK_LENGTHS[r as usize] - 1 - self.0)
    }

    /// The one-cell raw set.
    #[inline]
    pub(crate) const fn bit(self) -> Bits {
        1 << self.0
    }
}

/// A rules' `(q, r)` step or cell as a geometry [`Hex`].
pub(crate) const fn spec_hex(q: i8, r: i8) -> Hex {
    Hex::new(q - r, r)
}

impl fmt::Display for Cell {
    /// The cell's name: rank letter and number, `a1` … `n1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            RANK_LETTERS[self.rank() as usize] as char,
            self.number()
        )
    }
}

hexvar_geometry::debug_as_display!(Cell);

/// The cell a name in lower case names: `a1`, `g3`, `n1`.
fn read_cell(text: &str) -> Option<Cell> {
    let &[letter, digit] = text.as_bytes() else {
        return None;
    };
    let rank = RANK_LETTERS.iter().position(|&l| l == letter)?;
    if !digit.is_ascii_digit() {
        return None;
    }
    Cell::from_rank_number(rank as u8, digit - b'0')
}

/// A set of cells: `hexvar_geometry`'s [`Set128`], one bit per dense index (bits 39 and above
/// are never set by this crate). Iterating it yields indices; `cells()` yields [`Cell`]s.
///
/// ```
/// use hexvar_dagger::{Cell, CellSet};
/// let set: CellSet = ["a1", "g3"].iter().map(|c| c.parse::<Cell>().unwrap()).collect();
/// assert!(set.has(Cell::G3.index()));
/// let names: Vec<String> = set.cells::<Cell>().map(|c| c.to_string()).collect();
/// assert_eq!(names, ["a1", "g3"]);
/// ```
pub type CellSet = Set128;

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        iter.into_iter()
            .fold(CellSet::EMPTY, |s, c| s.with(c.index()))
    }
}

impl From<Cell> for CellSet {
    fn from(cell: Cell) -> CellSet {
        CellSet::single(cell.index())
    }
}

/// A raw set as the public [`CellSet`].
#[inline]
pub(crate) const fn cell_set(bits: Bits) -> CellSet {
    Set128(bits as u128)
}

/// The cells of a raw set, lowest index first (hot-loop helper).
#[inline]
pub(crate) fn cells_of(mut set: Bits) -> impl Iterator<Item = Cell> {
    core::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let c = set.trailing_zeros();
            set &= set - 1;
            Some(Cell::from_bit_index(c))
        }
    })
}

/// The raw set of the cells named in `names` (space-separated), for tests.
#[cfg(test)]
pub(crate) fn bits_of(names: &str) -> Bits {
    names
        .split_whitespace()
        .map(|n| n.parse::<Cell>().unwrap().bit())
        .fold(0, |a, b| a | b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bits_of as set;

    #[test]
    fn cell_names_round_trip_and_follow_the_rank_lengths() {
        let names: Vec<String> = Cell::ALL.iter().map(|c| c.to_string()).collect();
        assert_eq!(names[0], "a1");
        assert_eq!(names[19], "g3");
        assert_eq!(names[38], "n1");
        for c in Cell::ALL {
            assert_eq!(c.to_string().parse::<Cell>(), Ok(c));
            assert_eq!(format!("{c:?}"), c.to_string());
            assert_eq!(Cell::from_index(c.index()), Some(c));
            let (q, r) = c.qr();
            assert_eq!(Cell::from_qr(q, r), Some(c));
        }
        assert_eq!(Cell::from_index(CELL_COUNT), None);
        for bad in [
            "i1", "a2", "g6", "n0", "", "a", "a10", "z1", "b3", "A1", " a1", "é1",
        ] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }

    #[test]
    fn coordinates_match_the_rules_table() {
        // Rules §2: d2 = (1,3), e2 = (2,4), f2 = (2,5), f3 = (3,5), n1 = (6,12).
        for (name, qr) in [
            ("d2", (1, 3)),
            ("e2", (2, 4)),
            ("f2", (2, 5)),
            ("f3", (3, 5)),
            ("n1", (6, 12)),
        ] {
            assert_eq!(name.parse::<Cell>().unwrap().qr(), qr);
        }
    }

    #[test]
    fn colour_classes_match_the_rules() {
        let by = |shade: Shade| -> Bits {
            Cell::ALL
                .iter()
                .filter(|c| c.shade() == shade)
                .map(|c| c.bit())
                .sum()
        };
        assert_eq!(
            by(Shade::Medium),
            set("a1 c2 d1 d4 e2 f1 f4 g3 h1 h4 j2 k1 k4 l2 n1")
        );
        assert_eq!(by(Shade::Light), set("b1 c3 d2 e3 f2 g1 g4 h2 j3 k2 l3 m1"));
        assert_eq!(by(Shade::Dark), set("b2 c1 d3 e1 f3 g2 g5 h3 j1 k3 l1 m2"));
    }

    #[test]
    fn cell_sets_yield_cells() {
        let set: CellSet = [Cell::N1, Cell::A1].into_iter().collect();
        assert_eq!(
            set.cells::<Cell>().collect::<Vec<_>>(),
            [Cell::A1, Cell::N1]
        );
        assert!(set.has(Cell::N1.index()) && !set.has(Cell::G3.index()));
        assert_eq!(cell_set(Cell::A1.bit() | Cell::N1.bit()), set);
        assert_eq!(CellSet::from(Cell::G3).len(), 1);
    }
}
