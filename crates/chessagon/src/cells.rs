//! The board's geometry: the 96 cells, their names and text, and the cell set.
//!
//! The 96 triangles get a dense index `0..96` rank by rank (height `h = 0..15`), files `a..h`
//! left to right inside a rank. Triangle geometry comes from [`hexvar_geometry::triangle`]:
//! Chessagon's dark cells are the left-pointing triangles.

use core::fmt;

use hexvar_geometry::triangle::{self, Tri};

/// A set of cells: bit `i` is the cell with dense index `i` ([`Cell::index`]). Iterating it
/// yields indices; `set.cells::<Cell>()` yields [`Cell`]s.
pub type CellSet = hexvar_geometry::Set128;

/// Number of cells on the board.
pub const CELL_COUNT: usize = 96;

/// The number of ranks (1–15) and files (a–h).
const RANKS: u8 = 15;
const FILES: u8 = 8;

/// A cell's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shade {
    /// A right-pointing triangle (file index + rank − 1 even): e1, e15.
    Light,
    /// A left-pointing triangle (file index + rank − 1 odd): d1, d15.
    Dark,
}

/// Lowest height (0-based) of file `f` (0..8): `3 - f` for `f <= 3`, `f - 4` otherwise.
pub(crate) const fn file_low(f: u8) -> u8 {
    if f <= 3 {
        3 - f
    } else {
        f - 4
    }
}

/// The highest height (0-based) of any file.
const TOP: u8 = RANKS - 1;

const fn build_cells() -> [Tri; CELL_COUNT] {
    let mut cells = [Tri::ZERO; CELL_COUNT];
    let mut n = 0;
    hexvar_geometry::const_for!(h in 0u8..RANKS => {
        hexvar_geometry::const_for!(f in 0u8..FILES => {
            let lo = file_low(f);
            if h >= lo && h <= TOP - lo {
                cells[n] = Tri::new(f as i8, h as i8);
                n += 1;
            }
        });
    });
    assert!(n == CELL_COUNT);
    cells
}

/// The geometry of every cell, by dense index: `x` = file (0 = a), `y` = height (rank − 1).
pub(crate) static CELLS: [Tri; CELL_COUNT] = build_cells();
pub(crate) const CELLS_C: [Tri; CELL_COUNT] = build_cells();

hexvar_geometry::dense_cell! {
    /// A cell: the dense index `0..96` (rank by rank from rank 1, files left to right).
    ///
    /// Only the 96 cells of the board can be built (by name, [`Cell::from_index`],
    /// [`Cell::from_file_rank`] or [`Cell::ALL`]).
    #[derive(Debug)]
    pub struct Cell(u8), CELL_COUNT
}

/// No cell: an empty slot of the file × rank grid.
const NO_SLOT: u8 = u8::MAX;

const fn build_grid() -> [[u8; RANKS as usize]; FILES as usize] {
    let mut grid = [[NO_SLOT; RANKS as usize]; FILES as usize];
    hexvar_geometry::const_for!(i in 0..CELL_COUNT => {
        grid[CELLS_C[i].x as usize][CELLS_C[i].y as usize] = i as u8;
    });
    grid
}
static GRID: [[u8; RANKS as usize]; FILES as usize] = build_grid();

/// The singleton set of every cell, by index (a table lookup instead of a variable `u128` shift).
pub(crate) static BIT: [u128; CELL_COUNT] = hexvar_geometry::table::singletons_128();

impl Cell {
    /// The cell with dense index `index`, which the caller knows to be `< 96` (a bit of a set
    /// of cells).
    #[inline]
    pub(crate) const fn new_unchecked(index: usize) -> Cell {
        debug_assert!(index < CELL_COUNT);
        Cell(index as u8)
    }

    /// The cell on `file` (0 = a … 7 = h) and `rank` (1 … 15), if it is on the board.
    pub fn from_file_rank(file: u8, rank: u8) -> Option<Cell> {
        if file >= FILES || rank == 0 || rank > RANKS {
            return None;
        }
        let i = GRID[file as usize][rank as usize - 1];
        (i != NO_SLOT).then_some(Cell(i))
    }

    /// File `0..8` (a..h).
    #[inline]
    pub fn file(self) -> u8 {
        CELLS[self.index()].x as u8
    }

    /// Rank `1..=15`.
    #[inline]
    pub fn rank(self) -> u8 {
        CELLS[self.index()].y as u8 + 1
    }

    /// The cell's colour: dark cells point left (file index + rank − 1 odd).
    #[inline]
    pub fn shade(self) -> Shade {
        if CELLS[self.index()].points_left() {
            Shade::Dark
        } else {
            Shade::Light
        }
    }

    /// The singleton set of this cell, as the raw bits.
    #[inline]
    pub(crate) fn bit(self) -> u128 {
        BIT[self.index()]
    }

    /// The set holding only this cell.
    #[inline]
    pub fn set(self) -> CellSet {
        hexvar_geometry::Set128(self.bit())
    }

    /// The geometry of the cell (`x` = file, `y` = rank − 1).
    pub fn tri(self) -> Tri {
        CELLS[self.index()]
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank())
    }
}

hexvar_geometry::cell_text! {
    /// A cell name that is not one of the 96 cells.
    ParseCellError for Cell by read_cell:
        "invalid cell name {0:?} (files a–h, ranks 1–15, inside the hexagon)"
}

/// The cell a name like `c13` names.
fn read_cell(text: &str) -> Option<Cell> {
    let bytes = text.as_bytes();
    if bytes.len() < 2 || bytes.len() > 3 || !(b'a'..=b'h').contains(&bytes[0]) {
        return None;
    }
    if bytes[1] == b'0' || !bytes[1..].iter().all(u8::is_ascii_digit) {
        return None;
    }
    Cell::from_file_rank(bytes[0] - b'a', text[1..].parse().ok()?)
}

/// Iterator over the cells of a raw bit set, lowest index first.
#[derive(Clone, Debug)]
pub(crate) struct Cells(u128);

impl Iterator for Cells {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(Cell(i as u8))
    }
}

/// Iterate over the cells of a raw bit set.
#[inline]
pub(crate) fn cells(set: u128) -> Cells {
    Cells(set)
}

/// Calls `f` with the index of every cell of `set`, the low word's first: two loops over 64-bit
/// words are cheaper than one over the 128-bit set.
#[inline(always)]
pub(crate) fn each_index(set: u128, mut f: impl FnMut(usize)) {
    let mut low = set as u64;
    while low != 0 {
        f(low.trailing_zeros() as usize);
        low &= low - 1;
    }
    let mut high = (set >> 64) as u64;
    while high != 0 {
        f(64 + high.trailing_zeros() as usize);
        high &= high - 1;
    }
}

pub(crate) const fn cell_at(file: u8, rank: u8) -> usize {
    match triangle::index_of(&CELLS_C, Tri::new(file as i8, rank as i8 - 1)) {
        Some(i) => i,
        None => panic!("off the board"),
    }
}

pub(crate) const fn set_of(list: &[(u8, u8)]) -> u128 {
    let mut s = 0u128;
    hexvar_geometry::const_for!(i in 0..list.len() => {
        s |= 1 << cell_at(list[i].0, list[i].1);
    });
    s
}

pub(crate) const fn mirror_set(s: u128) -> u128 {
    let mut out = 0u128;
    hexvar_geometry::const_for!(i in 0..CELL_COUNT => {
        if s >> i & 1 != 0 {
            let t = CELLS_C[i];
            out |= 1 << cell_at(t.x as u8, 15 - t.y as u8);
        }
    });
    out
}

/// Named cell constant by file (0 = a) and rank (1-based), usable in `const` context.
pub(crate) const fn cell(file: u8, rank: u8) -> Cell {
    Cell(cell_at(file, rank) as u8)
}

/// The index of a cell name (tests only).
#[cfg(test)]
pub(crate) fn index_of_name(name: &str) -> usize {
    name.parse::<Cell>().unwrap().index()
}

/// The names of a raw set's cells, lowest index first (tests only).
#[cfg(test)]
pub(crate) fn names(set: u128) -> Vec<String> {
    cells(set).map(|c| c.to_string()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> usize {
        index_of_name(s)
    }

    #[test]
    fn ninety_six_cells_named_as_in_the_spec() {
        let per_file: Vec<usize> = (0..8)
            .map(|f| Cell::ALL.iter().filter(|c| c.file() == f).count())
            .collect();
        assert_eq!(per_file, [9, 11, 13, 15, 15, 13, 11, 9]);
        let per_rank: Vec<usize> = (1..=15)
            .map(|r| Cell::ALL.iter().filter(|c| c.rank() == r).count())
            .collect();
        assert_eq!(per_rank, [2, 4, 6, 8, 8, 8, 8, 8, 8, 8, 8, 8, 6, 4, 2]);
        for cell in Cell::ALL {
            assert_eq!(cell.to_string().parse::<Cell>().unwrap(), cell);
        }
        assert!(c("d1") == 0 && c("e1") == 1 && c("e15") == 95);
        for bad in [
            "a1", "a3", "a13", "i4", "d0", "d16", "d01", "", "d", "dd", "d1x", "d1 ", " d1", "D1",
            "d\u{a0}1",
        ] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
        let dark = Cell::ALL
            .iter()
            .filter(|c| c.shade() == Shade::Dark)
            .count();
        assert_eq!(dark, 48);
        let shade = |s: &str| Cell::ALL[c(s)].shade();
        assert_eq!(shade("d1"), Shade::Dark);
        assert_eq!(shade("e1"), Shade::Light);
        assert_eq!(shade("d15"), Shade::Dark);
        assert_eq!(shade("e15"), Shade::Light);
        for cell in Cell::ALL {
            assert_eq!(cell.bit(), 1u128 << cell.index());
            assert_eq!(cell.set().0.count_ones(), 1);
        }
    }
}

#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Cell, "a Chessagon cell name like \"e15\"");
