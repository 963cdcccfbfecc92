//! The 84-cell Brusky board's geometry: cells, their notation and colours, and the cell set.

use core::fmt;

use hexvar_geometry::set::Set128Iter;
use hexvar_geometry::{Hex, Set128};

/// The longest part of a bad text an error quotes (longer texts are cut, with `…`).
pub(crate) const QUOTED_CHARS: usize = 100;

/// The number of cells on the board.
pub const CELL_COUNT: usize = 84;

/// The first dense index of each rank.
pub(crate) const RANK_OFFSET: [u8; 8] = [0, 9, 19, 30, 42, 54, 65, 75];
/// The lowest and highest file index of each rank.
pub(crate) const RANK_FILES: [(u8, u8); 8] = [
    (0, 8),
    (0, 9),
    (0, 10),
    (0, 11),
    (0, 11),
    (1, 11),
    (2, 11),
    (3, 11),
];

const FILE_LETTERS: &[u8; 12] = b"abcdefghijkl";

hexvar_geometry::dense_cell! {
    /// A cell of the board: a dense index `0..84`, rank by rank from rank 1, lowest file first.
    ///
    /// ```
    /// use hexvar_brusky::Cell;
    /// let f5: Cell = "f5".parse().unwrap();
    /// assert_eq!((f5.file(), f5.rank()), (5, 4));
    /// assert_eq!(f5.to_string(), "f5");
    /// assert!("a8".parse::<Cell>().is_err()); // a8 is off the board
    /// ```
    #[derive(Debug)]
    pub struct Cell(u8), CELL_COUNT
}

impl Cell {
    /// The cell on file `file` (0 = a … 11 = l) and rank `rank` (0 = rank 1 … 7 = rank 8).
    pub const fn new(file: u8, rank: u8) -> Option<Cell> {
        if rank >= 8 {
            return None;
        }
        let (lo, hi) = RANK_FILES[rank as usize];
        if file < lo || file > hi {
            return None;
        }
        Some(Cell(RANK_OFFSET[rank as usize] + file - lo))
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    pub const fn rank(self) -> u8 {
        let mut r = 7;
        while RANK_OFFSET[r] > self.0 {
            r -= 1;
        }
        r as u8
    }

    /// The file, 0 (a) to 11 (l).
    pub const fn file(self) -> u8 {
        let r = self.rank() as usize;
        self.0 - RANK_OFFSET[r] + RANK_FILES[r].0
    }

    /// The file's letter, `a` to `l`.
    pub const fn file_char(self) -> char {
        FILE_LETTERS[self.file() as usize] as char
    }

    /// The rank's digit, `1` to `8`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }

    /// The cell's colour class: `(file + rank) mod 3`.
    pub const fn shade(self) -> Shade {
        match (self.file() + self.rank()) % 3 {
            0 => Shade::Medium,
            1 => Shade::Dark,
            _ => Shade::Light,
        }
    }

    /// The cell as axial hex coordinates (`q = file − rank`, `r = rank`).
    pub const fn hex(self) -> Hex {
        Hex::new(self.file() as i8 - self.rank() as i8, self.rank() as i8)
    }

    /// The cell at axial coordinates `h`, if on the board.
    pub const fn from_hex(h: Hex) -> Option<Cell> {
        let rank = h.r;
        let file = h.q as i16 + h.r as i16;
        if rank < 0 || file < 0 || file > 11 {
            return None;
        }
        Cell::new(file as u8, rank as u8)
    }

    /// The cell rotated by 180° about the board's centre (the board's only symmetry).
    pub const fn rotated(self) -> Cell {
        Cell(CELL_COUNT as u8 - 1 - self.0)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            FILE_LETTERS[self.file() as usize] as char,
            self.rank() + 1
        )
    }
}

hexvar_geometry::cell_text! {
    /// An error parsing a [`Cell`].
    ParseCellError for Cell by read_cell:
        "invalid cell {0:?}: expected a file a–l and a rank 1–8 on the board, like \"f5\""
}

/// The cell a name like `f5` names.
fn read_cell(text: &str) -> Option<Cell> {
    let &[file, rank] = text.as_bytes() else {
        return None;
    };
    let file = FILE_LETTERS.iter().position(|&c| c == file)?;
    Cell::new(file as u8, rank.wrapping_sub(b'1'))
}

#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Cell, "a cell like \"f5\"");

/// The three colours of cells (bishop colour classes). Names follow Jocly's palette.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shade {
    /// `(file + rank) mod 3 = 0`.
    Medium,
    /// `(file + rank) mod 3 = 1`.
    Dark,
    /// `(file + rank) mod 3 = 2`.
    Light,
}

/// A set of cells, one bit per dense cell index. Iterating yields indices; geometry's
/// [`Set128::cells`], [`Set128::has_cell`], [`Set128::with_cell`] and [`Set128::from_cells`] work
/// with [`Cell`]s.
///
/// ```
/// use hexvar_brusky::{Cell, CellSet};
/// let f5: Cell = "f5".parse().unwrap();
/// let set = CellSet::from_cells([f5]);
/// assert!(set.has_cell(f5));
/// assert_eq!(set.cells::<Cell>().collect::<Vec<_>>(), [f5]);
/// ```
pub type CellSet = Set128;

/// The indices of the cells of `set`, lowest first: geometry's [`Set128Iter`], which scans one
/// 64-bit word at a time (cheaper in the generator's loops than clearing bits of the whole `u128`:
/// measured about 10 % of bulk perft in middlegames).
#[inline(always)]
pub(crate) fn indices(set: u128) -> Set128Iter {
    Set128(set).iter()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn board_has_84_cells_with_the_documented_shape() {
        let mut n = 0;
        for f in 0..12u8 {
            for r in 0..8u8 {
                let on = (f as i8 - r as i8) >= -4 && (f as i8 - r as i8) <= 8;
                assert_eq!(Cell::new(f, r).is_some(), on, "{f} {r}");
                if let Some(cell) = Cell::new(f, r) {
                    assert_eq!((cell.file(), cell.rank()), (f, r));
                    n += 1;
                }
            }
        }
        assert_eq!(n, 84);
    }

    #[test]
    fn index_is_the_documented_dense_index() {
        for cell in Cell::ALL {
            let (f, r) = (cell.file() as usize, cell.rank() as usize);
            let off = [0, 9, 19, 30, 42, 54, 65, 75];
            assert_eq!(cell.index(), off[r] + f - r.saturating_sub(4));
            assert_eq!(cell.to_string().parse::<Cell>().unwrap(), cell);
            assert_eq!(Cell::from_hex(cell.hex()), Some(cell));
        }
    }

    #[test]
    fn rotation_matches_the_rules_file() {
        for (a, b) in [("a1", "l8"), ("f1", "g8"), ("d1", "i8"), ("a5", "l4")] {
            assert_eq!(c(a).rotated(), c(b));
            assert_eq!(c(b).rotated(), c(a));
        }
        for cell in Cell::ALL {
            let r = cell.rotated();
            assert_eq!((r.file(), r.rank()), (11 - cell.file(), 7 - cell.rank()));
        }
    }

    #[test]
    fn shades_are_balanced_and_match_the_table() {
        let count = |s| Cell::ALL.iter().filter(|c| c.shade() == s).count();
        assert_eq!(count(Shade::Medium), 28);
        assert_eq!(count(Shade::Dark), 28);
        assert_eq!(count(Shade::Light), 28);
        assert_eq!(c("c1").shade(), Shade::Light);
        assert_eq!(c("e1").shade(), Shade::Dark);
        assert_eq!(c("g1").shade(), Shade::Medium);
        assert_eq!(c("g8").shade(), Shade::Dark);
        assert_eq!(c("l8").shade(), Shade::Medium);
    }
}
