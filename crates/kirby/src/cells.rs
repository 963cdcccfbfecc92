//! The cells of Kirby's board, their names and the set of cells.
//!
//! The board is one graph of 313 cells. Dense indices:
//!
//! - `0..144`: the squares, side board by side board (`k = 0..6`, in seat order), rank by rank
//!   (ranks 1..3), file by file (files 1..8 from the owner's left): `24k + 8(rank−1) + (file−1)`;
//! - `144..313`: the 169 field cells (42 pents and 127 hexes), row by row from row A to row Q,
//!   left to right (Kirby's grid).
//!
//! Every ray (a direction slot repeated) then runs through strictly increasing or strictly
//! decreasing indices, which the tests check, so the nearest blocker is a bit scan.

use core::fmt;

use hexvar_geometry::square::Square;
use hexvar_geometry::table;
use hexvar_geometry::{Hex, WideSet};

use crate::men::Color;

/// A set of cells of Kirby's board (313 cells in 5 words of 64 bits); iterating yields dense
/// cell indices ([`Cell::from_index`] turns them into cells).
pub type CellSet = WideSet<5>;

/// Calls `f` on the index of each cell of `set`, lowest first. A word loop: cheaper than the
/// set's iterator, which re-tests the word index on every call.
#[inline(always)]
pub(crate) fn each_index(set: &CellSet, mut f: impl FnMut(usize)) {
    for (w, &word) in set.0.iter().enumerate() {
        let mut bits = word;
        while bits != 0 {
            f(w * 64 + bits.trailing_zeros() as usize);
            bits &= bits - 1;
        }
    }
}

/// The number of cells of a set of a few cells (a king's steps), one step per cell: cheaper than
/// [`CellSet::len`]'s word-wise count, which a baseline x86-64 build (no `popcnt`) does with
/// a dozen instructions per word.
#[inline]
pub(crate) fn sparse_len(set: &CellSet) -> u32 {
    let mut n = 0;
    for &word in &set.0 {
        let mut bits = word;
        while bits != 0 {
            n += 1;
            bits &= bits - 1;
        }
    }
    n
}

/// Whether `set` holds more than `n` cells, counted one by one no further than the `n + 1`th.
#[inline]
pub(crate) fn more_than(set: &CellSet, n: u32) -> bool {
    let mut left = n;
    for &word in &set.0 {
        let mut bits = word;
        while bits != 0 {
            if left == 0 {
                return true;
            }
            left -= 1;
            bits &= bits - 1;
        }
    }
    false
}

/// The number of cells.
pub const CELL_COUNT: usize = 313;
pub(crate) const CELLS: usize = CELL_COUNT;
/// The number of sideboard squares.
pub(crate) const SQUARES: usize = 144;
/// The number of field cells (pents and hexes).
pub(crate) const FIELD: usize = 169;
/// Squares per sideboard (8 files × 3 ranks).
pub(crate) const SQUARES_PER_BOARD: usize = 24;
/// Files per sideboard.
pub(crate) const FILES: usize = 8;

/// Every cell of the board.
pub(crate) const ALL_CELLS: CellSet = {
    let mut s = CellSet::EMPTY;
    hexvar_geometry::const_for!(i in 0..CELLS => {
        s = s.with(i);
    });
    s
};

/// The shape of a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CellKind {
    /// A sideboard square (ranks 1–3).
    Square,
    /// A pentagon of the ring (rank 4 of one or two sideboards).
    Pent,
    /// A hexagon of the central field.
    Hex,
}

hexvar_geometry::dense_cell! {
    /// A cell of the board: a dense index `0..313` (see the module docs for the order). `Debug`
    /// and `Display` print its name in Kirby's notation.
    pub struct Cell(u16), CELLS
}

hexvar_geometry::debug_as_display!(Cell);

const fn field_cells() -> [Hex; FIELD] {
    let mut out = [Hex::ZERO; FIELD];
    let mut n = 0;
    hexvar_geometry::const_for!(y in 0i32..15 => {
        // Doubled x: the field's cells are the lattice points with x + y even.
        hexvar_geometry::const_for!(x in 1i32..30 => {
            if (x + y) % 2 == 0 && (x - 15).abs() + (y - 7).abs() <= 14 {
                let r = y - 7;
                let q = (x - 15 - r) / 2;
                out[n] = Hex::new(q as i8, r as i8);
                n += 1;
            }
        });
    });
    assert!(n == FIELD);
    out
}

pub(crate) const FIELD_CONST: [Hex; FIELD] = field_cells();
const FIELD_GRID: [u16; 64 * 64] = table::index_grid(&FIELD_CONST);

pub(crate) const fn field_index(h: Hex) -> Option<usize> {
    if h.length() > 7 {
        return None;
    }
    match table::index_in(&FIELD_GRID, h) {
        Some(i) => Some(SQUARES + i),
        None => None,
    }
}

/// The pent of side `k`, file `f` (1..8), in axial coordinates (spec §2.3).
pub(crate) const fn pent_hex(k: usize, f: i8) -> Hex {
    match k {
        0 => Hex::new(f - 1, -7),
        1 => Hex::new(f - 8, 1 - f),
        2 => Hex::new(-7, 8 - f),
        3 => Hex::new(1 - f, 7),
        4 => Hex::new(8 - f, f - 1),
        _ => Hex::new(7, f - 8),
    }
}

pub(crate) const fn pent_index(k: usize, f: i8) -> usize {
    match field_index(pent_hex(k, f)) {
        Some(i) => i,
        None => panic!("pent off the field"),
    }
}

/// The rank of axial `h` as seen from side `k` (spec §2.3): 4 on the side's own ring, 11 on the
/// line through the centre.
pub(crate) const fn field_rank(k: usize, h: Hex) -> i32 {
    let q = h.q as i32;
    let r = h.r as i32;
    match k {
        0 => r + 11,
        1 => q + r + 11,
        2 => q + 11,
        3 => 11 - r,
        4 => 11 - q - r,
        _ => 11 - q,
    }
}

impl Cell {
    /// The number of cells ([`CELL_COUNT`]).
    pub const COUNT: usize = CELLS;

    /// The centre hex `C` (= H15).
    pub const CENTRE: Cell = match field_index(Hex::ZERO) {
        Some(i) => Cell(i as u16),
        None => panic!(),
    };

    /// The cell of a dense index known to be on the board (`i < 313`, from a [`CellSet`]).
    #[inline]
    pub(crate) const fn at(i: usize) -> Cell {
        debug_assert!(i < CELLS);
        Cell(i as u16)
    }

    /// The shape of the cell.
    pub const fn kind(self) -> CellKind {
        if (self.0 as usize) < SQUARES {
            CellKind::Square
        } else if FIELD_CONST[self.0 as usize - SQUARES].length() == 7 {
            CellKind::Pent
        } else {
            CellKind::Hex
        }
    }

    /// The sideboard square `(side, file, rank)`, files 1..8 from the owner's left, ranks 1..3;
    /// rank 4 gives the pent of that side and file.
    pub const fn square(side: Color, file: u8, rank: u8) -> Option<Cell> {
        if file < 1 || file > 8 || rank < 1 || rank > 4 {
            return None;
        }
        if rank == 4 {
            return Some(Cell(pent_index(side as usize, file as i8) as u16));
        }
        Some(Cell(
            (side as usize * 24 + (rank as usize - 1) * 8 + file as usize - 1) as u16,
        ))
    }

    /// The field cell at axial `h`, if it is on the board.
    pub const fn from_hex(h: Hex) -> Option<Cell> {
        match field_index(h) {
            Some(i) => Some(Cell(i as u16)),
            None => None,
        }
    }

    /// The field cell at Kirby's grid row `row` (`A..Q` without `I` and `O`, as `0..15`) and
    /// column `x` (1..29).
    pub const fn from_grid(row: u8, x: u8) -> Option<Cell> {
        let y = row as i32;
        let x = x as i32;
        if y > 14 || (x + y) % 2 != 0 || (x - 15).abs() + (y - 7).abs() > 14 {
            return None;
        }
        let r = y - 7;
        Cell::from_hex(Hex::new(((x - 15 - r) / 2) as i8, r as i8))
    }

    /// Axial coordinates of a field cell (`None` for a square).
    pub const fn hex(self) -> Option<Hex> {
        if (self.0 as usize) < SQUARES {
            None
        } else {
            Some(FIELD_CONST[self.0 as usize - SQUARES])
        }
    }

    /// Kirby's grid row (0 = A … 14 = Q) and column (1..29) of a field cell.
    pub const fn grid(self) -> Option<(u8, u8)> {
        match self.hex() {
            Some(h) => {
                let y = h.r as i32 + 7;
                let x = 2 * h.q as i32 + h.r as i32 + 15;
                Some((y as u8, x as u8))
            }
            None => None,
        }
    }

    /// For a square: its side, file (1..8) and rank (1..3).
    pub const fn square_coords(self) -> Option<(Color, u8, u8)> {
        let i = self.0 as usize;
        if i >= SQUARES {
            return None;
        }
        Some((
            Color::ALL[i / 24],
            (i % 8) as u8 + 1,
            ((i % 24) / 8) as u8 + 1,
        ))
    }

    /// The sideboards whose FIDE layer contains the cell, with the file there: one for a square
    /// or a mid-side pent, two for a corner pent, none for a hex.
    pub fn boards(self) -> impl Iterator<Item = (Color, u8)> {
        let i = self.index();
        let mut out = [None, None];
        let mut n = 0;
        if let Some((side, file, _)) = self.square_coords() {
            out[0] = Some((side, file));
        } else {
            for &side in Color::ALL {
                for file in 1..=8u8 {
                    if pent_index(side.index(), file as i8) == i {
                        out[n] = Some((side, file));
                        n += 1;
                    }
                }
            }
        }
        out.into_iter().flatten()
    }

    /// The rank of the cell as seen from `army`: 1..3 on the army's own squares, 4 on the ring,
    /// 5.. into the field (11 through the centre, 18 at the far ring). `None` for the squares of
    /// the other sideboards.
    pub const fn rank_for(self, color: Color) -> Option<u8> {
        match self.square_coords() {
            Some((side, _, rank)) => {
                if side as usize == color as usize {
                    Some(rank)
                } else {
                    None
                }
            }
            None => Some(field_rank(color as usize, FIELD_CONST[self.0 as usize - SQUARES]) as u8),
        }
    }

    /// The cell's colour: for a field cell one of Kirby's three colours by `(q − r) mod 3`
    /// (0 light, 1 middle, 2 dark; pents match the hexes); for a square light or dark in the
    /// usual chess pattern, the rank-1 corner on the owner's left being dark. Colours have no
    /// effect on the rules.
    pub const fn shade(self) -> Shade {
        match self.hex() {
            Some(h) => match (h.q as i32 - h.r as i32).rem_euclid(3) {
                0 => Shade::Light,
                1 => Shade::Middle,
                _ => Shade::Dark,
            },
            None => {
                let i = self.0 as usize;
                let file = (i % FILES) as i8;
                let rank = ((i % SQUARES_PER_BOARD) / FILES) as i8;
                if Square::new(file, rank).is_light() {
                    Shade::Light
                } else {
                    Shade::Dark
                }
            }
        }
    }
}

/// The colour of a cell: three for the field's hexes and pents, light and dark for the
/// squares. No rule depends on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shade {
    /// The light cells.
    Light,
    /// The field's middle colour (no square has it).
    Middle,
    /// The dark cells.
    Dark,
}

const ROWS: &[u8; 15] = b"ABCDEFGHJKLMNPQ";

/// Each cell's name in Kirby's notation as ASCII bytes (`B/15`, `H15`, `A8`: at most four) and
/// its length.
static CELL_NAME_BYTES: [([u8; 4], usize); CELLS] = {
    let mut out = [([0u8; 4], 0); CELLS];
    hexvar_geometry::const_for!(i in 0..CELLS => {
        let cell = Cell(i as u16);
        out[i] = match cell.square_coords() {
            Some((side, file, rank)) => ([side.char() as u8, b'/', b'0' + rank, b'0' + file], 4),
            None => match cell.grid() {
                Some((y, x)) if x >= 10 => ([ROWS[y as usize], b'0' + x / 10, b'0' + x % 10, 0], 3),
                Some((y, x)) => ([ROWS[y as usize], b'0' + x, 0, 0], 2),
                None => panic!("a cell is a square or a field cell"),
            },
        };
    });
    out
};

/// Each cell's name, so that printing a cell (SAN writes several per move) formats nothing.
static CELL_NAMES: [&str; CELLS] = {
    let mut out = [""; CELLS];
    hexvar_geometry::const_for!(i in 0..CELLS => {
        let (bytes, len) = &CELL_NAME_BYTES[i];
        out[i] = match core::str::from_utf8(bytes.split_at(*len).0) {
            Ok(name) => name,
            Err(_) => panic!("cell names are ASCII"),
        };
    });
    out
};

impl Cell {
    /// The cell's name in Kirby's notation, as `Display` prints it: `H15`, `A8`, `B/15`.
    #[inline]
    pub fn name(self) -> &'static str {
        CELL_NAMES[self.index()]
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

hexvar_geometry::cell_text! {
    /// The error for a cell name that is not on Kirby's board (the text, cut to 100 characters).
    ParseCellError for Cell by read_cell:
        "not a cell of Kirby's board: {0:?} (expected a grid cell like H15 or C, or a square like B/32)"
}

/// Reads `A8`…`Q22` (Kirby's grid), `C` (the centre, = `H15`), `B/11`…`G/38` (sideboard
/// squares, `<army>/<rank><file>`) and also `B/41`…`G/48` (the pents as rank 4).
fn read_cell(text: &str) -> Option<Cell> {
    let b = text.as_bytes();
    if text == "C" {
        return Some(Cell::CENTRE);
    }
    if b.len() == 4 && b[1] == b'/' {
        let army = Color::from_char(b[0] as char)?;
        let (rank, file) = (b[2].wrapping_sub(b'0'), b[3].wrapping_sub(b'0'));
        return Cell::square(army, file, rank);
    }
    if b.len() < 2 || b.len() > 3 {
        return None;
    }
    let row = ROWS.iter().position(|&r| r == b[0])?;
    if !b[1..].iter().all(u8::is_ascii_digit) || b[1] == b'0' {
        return None;
    }
    Cell::from_grid(row as u8, text[1..].parse().ok()?)
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::Cell;
    hexvar_geometry::serde_as_text!(serde, Cell, "a cell of Kirby's board, like H15 or B/32");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn counts_and_kinds() {
        let kinds = |k| Cell::ALL.iter().filter(|c| c.kind() == k).count();
        assert_eq!(kinds(CellKind::Square), 144);
        assert_eq!(kinds(CellKind::Pent), 42);
        assert_eq!(kinds(CellKind::Hex), 127);
        let shared = Cell::ALL.iter().filter(|c| c.boards().count() == 2).count();
        let single = Cell::ALL
            .iter()
            .filter(|c| c.kind() == CellKind::Pent && c.boards().count() == 1)
            .count();
        assert_eq!((single, shared), (36, 6));
    }

    #[test]
    fn notation_round_trips() {
        for cell in Cell::ALL {
            assert_eq!(c(&cell.to_string()), cell);
        }
        assert_eq!(c("C"), c("H15"));
        assert_eq!(Cell::CENTRE.to_string(), "H15");
        assert_eq!(c("B/41"), c("A8"));
        assert_eq!(c("P/48"), c("A8"));
        assert_eq!(c("G/41"), c("A22"));
        for bad in [
            "", "A9", "A7", "I5", "Q24", "B/39", "B/01", "X/11", "H0", "H015", "A8 ",
        ] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }

    #[test]
    fn pent_table_of_the_spec() {
        let names = |side: Color| {
            (1..=8)
                .map(|f| Cell::square(side, f, 4).unwrap().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names(Color::Black), "A8 A10 A12 A14 A16 A18 A20 A22");
        assert_eq!(names(Color::Pink), "H1 G2 F3 E4 D5 C6 B7 A8");
        assert_eq!(names(Color::Silver), "Q8 P7 N6 M5 L4 K3 J2 H1");
        assert_eq!(names(Color::White), "Q22 Q20 Q18 Q16 Q14 Q12 Q10 Q8");
        assert_eq!(names(Color::Red), "H29 J28 K27 L26 M25 N24 P23 Q22");
        assert_eq!(names(Color::Gold), "A22 B23 C24 D25 E26 F27 G28 H29");
    }

    #[test]
    fn ranks_of_the_spec() {
        assert_eq!(c("A16").rank_for(Color::Black), Some(4));
        assert_eq!(c("C12").rank_for(Color::Black), Some(6));
        assert_eq!(c("C").rank_for(Color::Black), Some(11));
        assert_eq!(c("H1").rank_for(Color::Black), Some(11));
        assert_eq!(c("B/27").rank_for(Color::Black), Some(2));
        assert_eq!(c("B/27").rank_for(Color::White), None);
        for &a in Color::ALL {
            assert_eq!(Cell::CENTRE.rank_for(a), Some(11));
        }
    }
}
