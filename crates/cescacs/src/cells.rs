//! The board's cells: the 169 hexes, their CTL names and text, their colours (shades), the
//! cell-set type, and the twelve line directions that order the dense index.
//!
//! The 169 cells are numbered line by line (line 0 first), left to right within a line, so
//! the dense index grows along every direction that raises the line, and along the
//! transversal diagonal to the right. A ray in such a "positive" direction meets its nearest
//! blocker at the lowest set bit; in the other six directions at the highest.

use core::fmt;

use hexvar_geometry::{Hex, WideSet};

/// A set of cells: 169 cells need three 64-bit words. Iterating yields dense indices;
/// `cells()` yields [`Cell`]s; `from_cells`, `has_cell` and `with_cell` take them.
///
/// ```
/// use hexvar_cescacs::{Cell, CellSet, Color, Position};
///
/// let centre: Cell = "F14".parse()?;
/// let set = CellSet::from_cells([centre, Cell::CENTRE]);
/// assert_eq!(set.cells().collect::<Vec<Cell>>(), [Cell::CENTRE]);
/// assert!(set.has_cell(centre) && !set.has_cell("G1".parse::<Cell>()?));
/// let white = Position::new().by_color(Color::White);
/// assert_eq!(white.len(), 27);
/// assert!(white.has_cell("G1".parse::<Cell>()?));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub type CellSet = WideSet<3>;

/// The cells of a set, in index order.
#[inline]
pub(crate) fn cells(set: CellSet) -> impl Iterator<Item = Cell> {
    set.into_iter().map(Cell::new_unchecked)
}

/// Calls `f` with every index of `set`, lowest first, word by word: cheaper than the set's
/// iterator in the generator's tight loops.
#[inline(always)]
pub(crate) fn for_each_index(set: CellSet, mut f: impl FnMut(usize)) {
    for (w, &word) in set.0.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            f(w * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

/// `SINGLE[cell]`: the set holding only `cell` (a table, so that updates are plain word XORs).
pub(crate) static SINGLE: [CellSet; CELL_COUNT] = {
    let mut out = [CellSet::EMPTY; CELL_COUNT];
    hexvar_geometry::const_for!(i in 0..CELL_COUNT => {
        out[i] = CellSet::single(i);
    });
    out
};

/// The number of cells on the board.
pub const CELL_COUNT: usize = 169;

/// Column letters, left to right from White's side (`c = 0..15`; no `J`; `F` is the centre).
pub(crate) const COLUMN_LETTERS: [char; 15] = [
    'P', 'T', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'K', 'L', 'X', 'Z',
];

/// The lowest line of column `c`.
pub(crate) const fn column_min_line(c: u8) -> u8 {
    c.abs_diff(7)
}

/// The highest line of column `c`.
pub(crate) const fn column_max_line(c: u8) -> u8 {
    if c <= 7 {
        21 + c
    } else {
        35 - c
    }
}

/// Whether column `c`, line `l` is a hex of the board.
pub(crate) const fn on_board(c: i32, l: i32) -> bool {
    c >= 0
        && c <= 14
        && l >= 0
        && (l - c) % 2 != 0
        && l >= column_min_line(c as u8) as i32
        && l <= column_max_line(c as u8) as i32
}

const fn build_coords() -> [(u8, u8); CELL_COUNT] {
    let mut out = [(0u8, 0u8); CELL_COUNT];
    let mut n = 0;
    let mut l = 0;
    while l <= 28 {
        let mut c = 0;
        while c <= 14 {
            if on_board(c, l) {
                out[n] = (c as u8, l as u8);
                n += 1;
            }
            c += 1;
        }
        l += 1;
    }
    assert!(n == CELL_COUNT);
    out
}

/// `(column, line)` of every cell, by dense index.
pub(crate) static COORDS: [(u8, u8); CELL_COUNT] = build_coords();
/// [`COORDS`] for `const` builders.
pub(crate) const COORDS_C: [(u8, u8); CELL_COUNT] = build_coords();

const fn axial(c: i32, l: i32) -> Hex {
    let q = c - 7;
    Hex::new(q as i8, ((l - 14 - q) / 2) as i8)
}

const fn build_hexes() -> [Hex; CELL_COUNT] {
    let mut out = [Hex::ZERO; CELL_COUNT];
    hexvar_geometry::const_for!(i in 0..CELL_COUNT => {
        out[i] = axial(COORDS_C[i].0 as i32, COORDS_C[i].1 as i32);
    });
    out
}

/// The axial coordinates of every cell (see [`hexvar_geometry::Hex`]).
pub(crate) const HEXES: [Hex; CELL_COUNT] = build_hexes();

const fn build_index() -> [[u8; 29]; 15] {
    let mut out = [[u8::MAX; 29]; 15];
    hexvar_geometry::const_for!(i in 0..CELL_COUNT => {
        out[COORDS_C[i].0 as usize][COORDS_C[i].1 as usize] = i as u8;
    });
    out
}

static INDEX: [[u8; 29]; 15] = build_index();
const INDEX_C: [[u8; 29]; 15] = build_index();

/// The cell at column `c`, line `l`, in `const` context (panics at compile time if off the board).
pub(crate) const fn cell_const(c: u8, l: u8) -> Cell {
    let i = INDEX_C[c as usize][l as usize];
    assert!(i != u8::MAX, "off the board");
    Cell(i)
}

/// The twelve line directions as `(Δcolumn, Δline)`: six orthogonal (0–5), then six diagonal
/// (6–11). Directions 0–2 and 6–8 raise the dense index.
pub(crate) const DIRECTIONS: [(i8, i8); 12] = [
    (0, 2),
    (1, 1),
    (-1, 1),
    (0, -2),
    (-1, -1),
    (1, -1),
    (2, 0),
    (1, 3),
    (-1, 3),
    (-2, 0),
    (-1, -3),
    (1, -3),
];

/// Whether direction `d` (an index into [`DIRECTIONS`]) raises the dense index.
#[inline]
pub(crate) const fn positive(d: usize) -> bool {
    d % 6 < 3
}

/// The colour of a hex: its line mod 3 (all hexes of a line share it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Shade {
    /// Line ≡ 0 (mod 3).
    Black,
    /// Line ≡ 1 (mod 3).
    White,
    /// Line ≡ 2 (mod 3), the centre's colour.
    Coloured,
}

impl Shade {
    /// The three shades, by line mod 3.
    pub const ALL: [Shade; 3] = [Shade::Black, Shade::White, Shade::Coloured];

    /// The index into [`Shade::ALL`] (the line mod 3).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

hexvar_geometry::dense_cell! {
    /// A hex of the 169-hex board, as its dense index (`0..169`, line by line). `Debug` and
    /// `Display` print its name (`F14`).
    pub struct Cell(u8), CELL_COUNT
}

impl Cell {
    /// The centre hex, F14.
    pub const CENTRE: Cell = cell_const(7, 14);

    /// The cell of a dense index known to be in range.
    #[inline]
    pub(crate) const fn new_unchecked(i: usize) -> Cell {
        Cell(i as u8)
    }

    /// The cell at column `c` (0 = P … 14 = Z) and line `l`, if on the board.
    pub fn new(c: u8, l: u8) -> Option<Cell> {
        if c > 14 || l > 28 {
            return None;
        }
        let i = INDEX[c as usize][l as usize];
        (i != u8::MAX).then_some(Cell(i))
    }

    /// The cell at signed coordinates, if on the board.
    pub(crate) fn at(c: i32, l: i32) -> Option<Cell> {
        if (0..15).contains(&c) && (0..29).contains(&l) {
            Cell::new(c as u8, l as u8)
        } else {
            None
        }
    }

    /// Column, 0 (P) to 14 (Z).
    #[inline]
    pub fn column(self) -> u8 {
        COORDS[self.index()].0
    }

    /// Line, 0 to 28.
    #[inline]
    pub fn line(self) -> u8 {
        COORDS[self.index()].1
    }

    /// The column letter.
    pub fn column_char(self) -> char {
        COLUMN_LETTERS[self.column() as usize]
    }

    /// The hex's colour (its line mod 3).
    #[inline]
    pub fn shade(self) -> Shade {
        Shade::ALL[(self.line() % 3) as usize]
    }

    /// The axial coordinates (geometry crate).
    pub fn hex(self) -> Hex {
        HEXES[self.index()]
    }

    /// The cell mirrored for the other side (same column, line `28 - l`).
    #[inline]
    pub fn flip(self) -> Cell {
        FLIP[self.index()]
    }
}

hexvar_geometry::debug_as_display!(Cell);

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column_char(), self.line())
    }
}

hexvar_geometry::cell_text! {
    /// A cell text that names no hex of the board.
    ParseCellError for Cell by read_cell:
        "invalid cell {0:?}: expected a column P T A B C D E F G H I K L X Z and a line 0-28 of the right parity"
}

/// The column index of a column letter (case-insensitive).
pub(crate) fn column_of_char(ch: char) -> Option<u8> {
    let up = ch.to_ascii_uppercase();
    COLUMN_LETTERS
        .iter()
        .position(|&c| c == up)
        .map(|c| c as u8)
}

/// The hex a name like `F14` names (the column letter in either case).
fn read_cell(text: &str) -> Option<Cell> {
    let mut chars = text.chars();
    let c = chars.next().and_then(column_of_char)?;
    let line = chars.as_str();
    if line.is_empty() || line.len() > 2 || !line.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if line.len() == 2 && line.starts_with('0') {
        return None;
    }
    Cell::new(c, line.parse().ok()?)
}

const fn build_flip() -> [Cell; CELL_COUNT] {
    let mut out = [Cell(0); CELL_COUNT];
    hexvar_geometry::const_for!(i in 0..CELL_COUNT => {
        let (c, l) = COORDS_C[i];
        out[i] = cell_const(c, 28 - l);
    });
    out
}

/// The cell mirrored for the other side, in `const` context (see [`Cell::flip`]).
pub(crate) const fn flip_const(cell: Cell) -> Cell {
    let (c, l) = COORDS_C[cell.index()];
    cell_const(c, 28 - l)
}

/// `FLIP[cell]`: the same column, line `28 - l` (the other side's view).
pub(crate) static FLIP: [Cell; CELL_COUNT] = build_flip();

#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Cell, "a C'escacs hex such as F14");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_shape() {
        assert_eq!(Cell::CENTRE.to_string(), "F14");
        for c in 0..15u8 {
            let n = (0..29).filter(|&l| Cell::new(c, l).is_some()).count();
            assert_eq!(n, 15 - (c as i32 - 7).unsigned_abs() as usize);
        }
        for cell in Cell::ALL {
            assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
            assert!(cell.hex().length() <= 7);
            assert_eq!(cell.flip().flip(), cell);
        }
        assert!("J3".parse::<Cell>().is_err());
        assert!("F1".parse::<Cell>().is_err());
        assert!("F01".parse::<Cell>().is_err());
    }
}
