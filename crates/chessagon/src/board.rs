//! Cells, cell notation, colours, pieces, and the static tables (rays, leaps, between, Zobrist).
//!
//! The 96 triangles get a dense index `0..96` rank by rank (height `h = 0..15`), files `a..h`
//! left to right inside a rank. Triangle geometry comes from [`hexvar_geometry::triangle`]:
//! Chessagon's dark cells are the left-pointing triangles.

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::magic::{self, MagicLookup};
use hexvar_geometry::san::cut;
use hexvar_geometry::table::{between_128, leap_sets_128, ray_table_128};
use hexvar_geometry::triangle::{self, Tri};
use hexvar_geometry::zobrist::KeyStream;

use hexvar_geometry::parse_letter;
pub use hexvar_geometry::ParseLetterError;
use hexvar_geometry::Set128 as CellSet;

/// Number of cells on the board.
pub const CELL_COUNT: usize = 96;

/// The number of ranks (1–15) and files (a–h).
const RANKS: u8 = 15;
const FILES: u8 = 8;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first, starts at the bottom (ranks 1–5).
    White = 0,
    /// Starts at the top (ranks 11–15).
    Black = 1,
}

impl Color {
    /// Both sides, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `0` for White, `1` for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side's letter in the position text: `w` or `b`.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The side of a letter `w` or `b`.
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// The side's name: `"White"` or `"Black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    /// The letter `w` or `b`, as in the position text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Color {
    type Err = ParseLetterError;
    fn from_str(s: &str) -> Result<Color, ParseLetterError> {
        parse_letter(s, Color::from_char, "side", "`w` or `b`")
    }
}

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn (P).
    Pawn = 0,
    /// Knight (N): 12 leaps.
    Knight = 1,
    /// Bishop (B): same-colour diagonals, jumping opposite-colour cells.
    Bishop = 2,
    /// Duke (D): the rook lines turned 30° (face then point steps).
    Duke = 3,
    /// Rook (R): face-to-face rows.
    Rook = 4,
    /// Queen (Q): Rook ∪ Duke ∪ Bishop.
    Queen = 5,
    /// King (K): one step to any of the 12 touching cells.
    King = 6,
}

impl Role {
    /// All roles, in index order.
    pub const ALL: [Role; 7] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Duke,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// Upper-case letter: `P N B D R Q K`.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Duke => 'D',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The material value in centipawns: chess's values scaled by the role's mobility on this
    /// board (the rules page, "Piece values", gives the numbers): P 100, N 250, B 275, D 350, R 600, Q 975, K 0.
    pub const fn value(self) -> i32 {
        match self {
            Role::Pawn => 100,
            Role::Knight => 250,
            Role::Bishop => 275,
            Role::Duke => 350,
            Role::Rook => 600,
            Role::Queen => 975,
            Role::King => 0,
        }
    }

    /// The role of a letter (either case).
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'D' => Role::Duke,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// Index `0..7`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Role {
    /// The upper-case letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Role {
    type Err = ParseLetterError;
    fn from_str(s: &str) -> Result<Role, ParseLetterError> {
        parse_letter(s, Role::from_char, "role", "one of `P N B D R Q K`")
    }
}

/// A piece: a side and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Owner.
    pub color: Color,
    /// Kind.
    pub role: Role,
}

impl Piece {
    /// The piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// Letter in the position text: upper case for White, lower case for Black.
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a letter (upper case White, lower case Black).
    pub const fn from_char(c: char) -> Option<Piece> {
        match Role::from_char(c) {
            Some(role) => Some(Piece {
                color: if c.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                },
                role,
            }),
            None => None,
        }
    }
}

impl fmt::Display for Piece {
    /// The letter of the position text (upper case White, lower case Black).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Piece {
    type Err = ParseLetterError;
    fn from_str(s: &str) -> Result<Piece, ParseLetterError> {
        parse_letter(
            s,
            Piece::from_char,
            "piece",
            "one of `KQDBNRP` (White) or `kqdbnrp` (Black)",
        )
    }
}

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
    let mut h = 0u8;
    while h < RANKS {
        let mut f = 0u8;
        while f < FILES {
            let lo = file_low(f);
            if h >= lo && h <= TOP - lo {
                cells[n] = Tri::new(f as i8, h as i8);
                n += 1;
            }
            f += 1;
        }
        h += 1;
    }
    assert!(n == CELL_COUNT);
    cells
}

/// The geometry of every cell, by dense index: `x` = file (0 = a), `y` = height (rank − 1).
pub(crate) static CELLS: [Tri; CELL_COUNT] = build_cells();
pub(crate) const CELLS_C: [Tri; CELL_COUNT] = build_cells();

/// A cell: the dense index `0..96` (rank by rank from rank 1, files left to right).
///
/// Only the 96 cells of the board can be built (by name, [`Cell::from_index`],
/// [`Cell::from_file_rank`] or [`Cell::ALL`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

/// No cell: an empty slot of the file × rank grid.
const NO_SLOT: u8 = u8::MAX;

const fn build_grid() -> [[u8; RANKS as usize]; FILES as usize] {
    let mut grid = [[NO_SLOT; RANKS as usize]; FILES as usize];
    let mut i = 0;
    while i < CELL_COUNT {
        grid[CELLS_C[i].x as usize][CELLS_C[i].y as usize] = i as u8;
        i += 1;
    }
    grid
}
static GRID: [[u8; RANKS as usize]; FILES as usize] = build_grid();

/// The singleton set of every cell, by index (a table lookup instead of a variable `u128` shift).
pub(crate) static BIT: [u128; CELL_COUNT] = {
    let mut out = [0u128; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = 1 << i;
        i += 1;
    }
    out
};

impl Cell {
    /// Every cell in index order.
    pub const ALL: [Cell; CELL_COUNT] = {
        let mut all = [Cell(0); CELL_COUNT];
        let mut i = 0;
        while i < CELL_COUNT {
            all[i] = Cell(i as u8);
            i += 1;
        }
        all
    };

    /// The cell of a dense index, if `index < 96`.
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < CELL_COUNT {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

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

    /// The dense index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
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
        CellSet(self.bit())
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

/// A cell name that is not one of the 96 cells.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("invalid cell name {0:?} (files a–h, ranks 1–15, inside the hexagon)")]
pub struct ParseCellError(pub String);

impl FromStr for Cell {
    type Err = ParseCellError;
    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        let err = || ParseCellError(cut(s, 100));
        let bytes = s.as_bytes();
        if bytes.len() < 2 || bytes.len() > 3 || !(b'a'..=b'h').contains(&bytes[0]) {
            return Err(err());
        }
        if bytes[1] == b'0' || !bytes[1..].iter().all(u8::is_ascii_digit) {
            return Err(err());
        }
        let rank: u8 = s[1..].parse().map_err(|_| err())?;
        Cell::from_file_rank(bytes[0] - b'a', rank).ok_or_else(err)
    }
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

/// All dark cells.
#[cfg(test)]
pub(crate) static DARK: u128 = {
    let mut s = 0u128;
    let mut i = 0;
    while i < CELL_COUNT {
        if CELLS_C[i].points_left() {
            s |= 1 << i;
        }
        i += 1;
    }
    s
};

// ---------------------------------------------------------------------------------------------
// Rays and leaps.

/// Rook directions (face rows), by net direction: N, NE, SE, S, SW, NW.
#[cfg(test)]
pub(crate) static ROOK_STEPS: [[u16; 6]; CELL_COUNT] =
    triangle::step_table(&CELLS_C, &triangle::FACE_ROWS);
/// Duke directions (vertex rows): E, NE, NW, W, SW, SE.
#[cfg(test)]
pub(crate) static DUKE_STEPS: [[u16; 6]; CELL_COUNT] =
    triangle::step_table(&CELLS_C, &triangle::VERTEX_ROWS);
/// Bishop directions (same-colour diagonals): N, NE, SE, S, SW, NW.
#[cfg(test)]
pub(crate) static BISHOP_STEPS: [[u16; 6]; CELL_COUNT] =
    triangle::uniform_step_table(&CELLS_C, &triangle::DIAGONALS);

/// Rook rays per cell and direction (see [`ROOK_STEPS`]).
#[cfg(test)]
pub(crate) static ROOK_RAYS: [[u128; 6]; CELL_COUNT] = ray_table_128(&ROOK_STEPS);

const fn unions(rays: &[[u128; 6]; CELL_COUNT]) -> [u128; CELL_COUNT] {
    let mut out = [0u128; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = rays[i][0] | rays[i][1] | rays[i][2] | rays[i][3] | rays[i][4] | rays[i][5];
        i += 1;
    }
    out
}

/// Every cell on a rook ray of a cell (empty board).
pub(crate) static ROOK_ALL: [u128; CELL_COUNT] = unions(&ray_table_128(&triangle::step_table(
    &CELLS_C,
    &triangle::FACE_ROWS,
)));
/// Every cell on a duke ray of a cell (empty board).
pub(crate) static DUKE_ALL: [u128; CELL_COUNT] = unions(&ray_table_128(&triangle::step_table(
    &CELLS_C,
    &triangle::VERTEX_ROWS,
)));
/// Every cell on a bishop ray of a cell (empty board).
pub(crate) static BISHOP_ALL: [u128; CELL_COUNT] = unions(&ray_table_128(
    &triangle::uniform_step_table(&CELLS_C, &triangle::DIAGONALS),
));

/// The cells on some line of the family (`lines`) through one of `c`'s King steps, per cell:
/// only an enemy slider there can attack a step of a King on `c`.
const fn zones(lines: &[u128; CELL_COUNT]) -> [u128; CELL_COUNT] {
    let king = leap_sets_128(&triangle::step_table(&CELLS_C, &triangle::TOUCHING));
    let mut out = [0u128; CELL_COUNT];
    let mut k = 0;
    while k < CELL_COUNT {
        let mut c = 0;
        while c < CELL_COUNT {
            if king[k] >> c & 1 != 0 {
                out[k] |= lines[c];
            }
            c += 1;
        }
        k += 1;
    }
    out
}

/// Per King cell, where an enemy Rook or Queen can attack one of the King's steps.
pub(crate) static ROOK_ZONE: [u128; CELL_COUNT] = zones(&ROOK_ALL);
/// Per King cell, where an enemy Duke or Queen can attack one of the King's steps.
pub(crate) static DUKE_ZONE: [u128; CELL_COUNT] = zones(&DUKE_ALL);
/// Per King cell, where an enemy Bishop or Queen can attack one of the King's steps.
pub(crate) static BISHOP_ZONE: [u128; CELL_COUNT] = zones(&BISHOP_ALL);

/// Knight targets of every cell.
pub(crate) static KNIGHT: [u128; CELL_COUNT] =
    leap_sets_128(&triangle::step_table(&CELLS_C, &triangle::KNIGHT));
/// King targets (the 12 touching cells) of every cell.
pub(crate) static KING: [u128; CELL_COUNT] =
    leap_sets_128(&triangle::step_table(&CELLS_C, &triangle::TOUCHING));

/// Cells strictly between two cells on a common rook line.
pub(crate) static BETWEEN_ROOK: [[u128; CELL_COUNT]; CELL_COUNT] =
    between_128(&triangle::step_table(&CELLS_C, &triangle::FACE_ROWS));
/// Cells strictly between two cells on a common duke line.
pub(crate) static BETWEEN_DUKE: [[u128; CELL_COUNT]; CELL_COUNT] =
    between_128(&triangle::step_table(&CELLS_C, &triangle::VERTEX_ROWS));
/// Same-colour cells strictly between two cells on a common bishop line.
pub(crate) static BETWEEN_BISHOP: [[u128; CELL_COUNT]; CELL_COUNT] = between_128(
    &triangle::uniform_step_table(&CELLS_C, &triangle::DIAGONALS),
);

// The Duke's lines by hashed table look-up ("magic bitboards"): one look-up per line instead of
// one ray cut per direction. A vertex row is short (at most 8 cells; 6 whose occupancy matters,
// the Duke's own and each end excluded), so each of the Duke's three lines gets a table: 9,108
// attack sets (146 KB; 256 KB with the table rounded up to a power of two), built at compile time by `hexvar_geometry::magic` from the vertex-row
// step table. Of the three slider families only the Duke fits that module: a face row (the
// Rook's) has up to 13 cells that matter (8.5 MB of tables per line), and a Bishop's diagonal can
// hold cells `i` and `i + 64`, which the look-up's fold of the set's two halves into one word
// cannot keep apart. The multipliers are `magic::search_magics`'s result for the seed
// `0x9e37_79b9_7f4a_7c15`; a test repeats the search, and the build fails if one maps two
// occupancies with different attacks to one entry.

/// The vertex-row step table (directions E, NE, NW, W, SW, SE) of the Duke's look-ups.
static DUKE_LINE_STEPS: [[u16; 6]; CELL_COUNT] =
    triangle::step_table(&CELLS_C, &triangle::VERTEX_ROWS);

/// The number of tables per cell: one per line.
const DUKE_TABLES: usize = 3;

/// The step directions of each table: both ways of each of the Duke's three lines.
const DUKE_TABLE_DIRECTIONS: [&[usize]; DUKE_TABLES] = [&[0, 3], &[1, 4], &[2, 5]];

/// The multiplier of each (cell, table): `magic::search_magics` with the seed
/// `0x9e37_79b9_7f4a_7c15`. A table with no inner cell needs none (its one entry is at index 0).
#[rustfmt::skip]
const DUKE_MAGICS: [[u64; DUKE_TABLES]; CELL_COUNT] = [
    [0x0000_0000_0000_0000, 0x1404_0450_1040_0010, 0x9000_1040_2449_0804],
    [0x0000_0000_0000_0000, 0x4804_0810_0401_4201, 0x0212_8140_1080_0044],
    [0x0800_0510_0218_000c, 0x4005_8008_0120_1000, 0x0100_0082_0012_0542],
    [0x0810_0000_0103_0800, 0x0804_0008_2081_4020, 0x8014_4060_010e_0028],
    [0x1282_0000_0108_0040, 0x080c_0408_0020_0980, 0x0202_0040_2202_0020],
    [0x2800_0044_0904_0040, 0x0222_2008_1100_0200, 0x0200_1021_1010_1c05],
    [0x0188_2210_0021_5422, 0x0520_1102_0110_100c, 0x8004_2014_0288_4084],
    [0x053f_0012_2020_6980, 0x0410_2025_0040_0010, 0x1000_94c6_0002_0000],
    [0x0060_0800_0200_0000, 0x0450_0018_800a_8910, 0x0022_a201_0020_6104],
    [0x08a1_8009_1001_8800, 0x0440_2000_2004_0020, 0x0901_4023_0009_0420],
    [0x0140_0000_0021_4001, 0x0000_8050_2010_0402, 0x0406_a005_6210_88a9],
    [0x0160_0000_0080_0801, 0x0510_2020_4810_a401, 0x8543_0020_02a9_0810],
    [0x008b_2003_2402_8420, 0x8800_8090_4100_0646, 0x0000_0000_0000_0000],
    [0x0080_6101_4240_0002, 0x0040_1080_0260_1201, 0x0010_0088_0002_0c00],
    [0x4000_6001_9041_1004, 0x1004_4118_1280_4021, 0x0800_0040_08e4_0002],
    [0x4802_a001_0022_2001, 0x909c_0308_0542_1010, 0x0014_0240_8301_2c44],
    [0x8045_2002_0040_0222, 0x0a40_0000_a110_0004, 0x4200_2831_2140_5049],
    [0x0300_8204_1084_0000, 0x0210_8220_0120_0229, 0x0200_8488_3108_0489],
    [0x5000_4001_0000_0800, 0x0001_6902_9820_1011, 0x4090_0120_0002_1000],
    [0x0010_2002_0000_1004, 0x0000_0000_0000_0000, 0x4040_0840_14b0_0806],
    [0x8000_41a0_0400_000e, 0x2080_90a1_0002_0400, 0x0000_0000_0000_0000],
    [0x8008_2020_0020_0282, 0x0242_0084_0520_4421, 0x0310_1012_0c06_8202],
    [0x11c0_0060_0208_0004, 0x0082_4044_8403_1020, 0x9282_0016_2200_4092],
    [0x8280_0208_0000_000a, 0x0421_0228_0020_1110, 0x0040_2030_2001_0084],
    [0x0480_0320_4074_1000, 0x4150_2004_a620_409d, 0x4080_8001_0010_2821],
    [0x8008_0220_0400_8002, 0x8800_1180_0085_0e00, 0x20a5_4000_0403_4080],
    [0x4040_0040_0848_0000, 0x0010_7000_8800_1000, 0x5141_0a00_2005_1040],
    [0x080a_0208_0060_1040, 0x0000_0000_0000_0000, 0x0004_0868_0420_1001],
    [0x1001_0101_2042_0004, 0x0100_3310_0002_8b00, 0x1204_0001_5400_c000],
    [0x0001_0003_2004_0800, 0x8001_0840_8840_0083, 0x04b0_0400_0422_0041],
    [0x0010_0244_1042_0009, 0xa080_4900_008e_4920, 0x1b20_5000_0045_0402],
    [0x0100_040a_0864_a402, 0x4001_7000_18a0_0481, 0x00c8_0041_0001_0200],
    [0x0009_1911_0420_24a1, 0x0060_0310_0010_208c, 0x0501_0802_2020_4011],
    [0x0021_c202_2002_8b20, 0x8642_2102_4008_4010, 0x0040_2061_0001_0c80],
    [0x0211_30ac_4000_4000, 0x0408_0020_1040_0801, 0x2004_1130_c060_0453],
    [0x0008_8108_2024_0009, 0x3a00_2000_0081_4221, 0x0140_2009_0020_0208],
    [0x1849_0020_0120_0040, 0x0888_2600_0002_1084, 0x82a4_0004_4000_8014],
    [0x1008_4600_4220_0402, 0x4008_1501_0908_00c2, 0x1111_8040_8454_2004],
    [0x0080_0610_0060_0840, 0x2910_0881_0080_8043, 0x02b1_0000_a8c2_0201],
    [0x1024_00a6_00a0_6000, 0x0801_0803_0000_6a60, 0x4501_2008_0010_200a],
    [0x2100_0000_0120_2004, 0x04a0_2245_0000_804c, 0x8803_1020_5002_1071],
    [0x4100_2c00_0082_0804, 0xab08_4000_4080_0008, 0x2080_482c_4401_20a0],
    [0x40c0_0000_2040_0000, 0x0809_0886_0092_0808, 0xc000_2432_0480_0820],
    [0x2a80_1000_0304_0200, 0x8011_1048_9600_0004, 0x1004_4080_2060_2402],
    [0x1000_0018_0040_a002, 0x0260_0400_0020_0219, 0x0080_c405_2084_0880],
    [0x2811_0000_a400_2001, 0x0029_0102_0400_0400, 0x0802_0189_00c0_0089],
    [0x0000_0100_8000_6000, 0x04c0_0681_0022_0001, 0x0040_0124_4820_5100],
    [0x0080_00c2_0202_0821, 0x8010_e600_6148_0080, 0x0100_6010_c010_00c2],
    [0x0010_0001_0201_0402, 0x0409_0080_2021_0000, 0x2300_4120_4644_0210],
    [0x0000_8000_0080_8210, 0x0020_0a10_4028_0014, 0x1020_4020_2221_2000],
    [0x0000_1000_0024_2000, 0x0400_4840_0002_1000, 0x0010_0688_081a_0004],
    [0x1000_0180_0020_2040, 0x0010_00a0_8800_02c1, 0x4810_0081_82c8_08c0],
    [0x0201_0081_0900_6020, 0x0004_0122_1008_0084, 0x0110_8106_0047_0210],
    [0x8800_2008_0003_0460, 0xc081_0041_1004_1100, 0x8082_1001_0040_1111],
    [0x0100_3000_0a00_6410, 0x0002_2201_2047_1291, 0x0484_0040_882a_0109],
    [0x8180_0003_0400_c208, 0x0081_6045_0280_1802, 0x2238_6000_a010_08c1],
    [0x4032_0004_4601_0304, 0x0a81_c100_c480_2002, 0xd481_2224_402c_2020],
    [0x0000_10c4_0801_2220, 0x4110_0022_8000_0600, 0x4004_1445_5002_0410],
    [0x090a_0000_0200_0084, 0x2010_4000_0408_0000, 0x0004_0808_1c02_9018],
    [0x0044_d210_0a89_0104, 0x4020_0010_a406_6400, 0x12c0_3008_00c0_3090],
    [0x0401_0000_0001_0001, 0x0044_5030_0100_0188, 0x4401_2208_0086_0001],
    [0x0802_2080_0100_4001, 0x820a_5442_0712_0008, 0x0009_00a0_4280_a204],
    [0x4410_0881_0580_0081, 0x0011_1301_0c20_0040, 0x2100_1080_4018_4000],
    [0x0920_0800_0000_8002, 0x2040_7210_c206_4104, 0x0020_4404_8040_02c8],
    [0x0409_0040_0040_0081, 0x3100_4002_1180_0260, 0x0040_4120_0850_0824],
    [0x1c02_0040_1002_1501, 0x0228_4890_4080_420a, 0x0040_0842_6114_3020],
    [0x9800_0004_0210_1231, 0x00c8_40c0_d140_4042, 0x0012_0080_208c_0404],
    [0x8401_0008_2001_0001, 0x091e_c010_8050_0210, 0x4010_2000_2012_2080],
    [0x1424_8200_12a4_0010, 0x0000_0000_0000_0000, 0xdc00_2010_8092_0018],
    [0x8820_2508_0000_0014, 0x0000_0c14_00c2_2812, 0xc020_8c13_0100_8040],
    [0x0410_0080_0012_3801, 0x1230_a004_0032_9400, 0x001a_4861_0021_0289],
    [0x1a08_0002_620a_4800, 0x0c01_0040_604f_0001, 0x1000_9040_0810_40a0],
    [0x0104_8020_0220_0e03, 0x1000_2041_0001_0111, 0x2500_0902_0018_4020],
    [0x2220_0840_8020_5000, 0x4000_1040_8030_4000, 0x2084_1920_9000_1048],
    [0x0040_0600_1000_6020, 0x8281_1830_2001_2420, 0x1001_812a_0202_1200],
    [0x4a20_0000_0601_0000, 0x0400_0882_0020_0202, 0x0000_0000_0000_0000],
    [0x0040_4104_0118_8010, 0x0000_0000_0000_0000, 0x4009_0402_c101_00a1],
    [0x8000_60c0_2800_05a0, 0x0218_4064_0000_081b, 0x0461_0310_4008_c200],
    [0x0000_6054_4488_4028, 0x0080_1108_0400_4281, 0x1001_d002_1910_0083],
    [0x000a_a008_0000_0921, 0x000a_4041_4102_111a, 0x4100_0010_200d_0810],
    [0x0001_2000_a400_4001, 0x0009_2202_8100_6080, 0x1000_0100_4c82_0020],
    [0x0028_8215_4124_2000, 0x9021_0840_18c0_0080, 0x1040_8284_0480_0214],
    [0x4400_4000_c810_0004, 0x0004_0008_2108_2040, 0x1000_0040_0010_8020],
    [0x0000_2004_0201_0000, 0x2048_4100_020c_2108, 0x0000_0000_0000_0000],
    [0x0004_1088_80e0_4008, 0x0112_a100_0008_8008, 0x1900_0410_0040_1086],
    [0x0207_8123_2040_0004, 0x0100_10a0_1008_0002, 0x8101_1441_1020_0081],
    [0xc280_0441_0404_0000, 0x0190_9201_0400_8041, 0x4880_0024_0060_1080],
    [0x0000_4280_4220_3c80, 0x0011_1308_0103_c803, 0xc000_4140_4803_0748],
    [0x0000_8300_1000_0000, 0xc082_1001_0120_0018, 0x1208_0060_0200_1014],
    [0x1041_0086_1005_2044, 0x1002_1024_0040_8000, 0x5100_d808_4108_0111],
    [0x1002_0108_8240_04c0, 0x1202_0180_0028_0041, 0x0884_1110_4060_0410],
    [0x0014_0018_4400_0214, 0x0040_8080_8542_0400, 0x9040_418a_10a6_4002],
    [0x0000_2010_0101_1800, 0x4880_1220_0481_a001, 0x21c0_48c8_0320_0810],
    [0x0014_4288_4016_0000, 0x1020_8044_2041_0880, 0x0960_0840_d400_0208],
    [0x0000_0000_0000_0000, 0x0020_1204_1000_8400, 0x0808_4088_4820_0004],
    [0x0000_0000_0000_0000, 0x0000_c020_8202_0092, 0x0004_0800_5000_1008],
];

static DUKE_LOOKUPS: [[MagicLookup; DUKE_TABLES]; CELL_COUNT] =
    magic::lookups(&DUKE_LINE_STEPS, &DUKE_TABLE_DIRECTIONS, &DUKE_MAGICS);

/// The length of [`DUKE_ATTACKS`]: its entries rounded up to a power of two, so that masking an
/// index with `DUKE_ATTACKS_LEN - 1` shows the compiler the bound (no bounds check per look-up).
const DUKE_ATTACKS_LEN: usize = magic::entry_count(&DUKE_LOOKUPS).next_power_of_two();

/// The attacks of every (cell, line) for every occupancy of its inner cells, at its hashed
/// entry.
static DUKE_ATTACKS: [u128; DUKE_ATTACKS_LEN] =
    magic::attack_table(&DUKE_LINE_STEPS, &DUKE_TABLE_DIRECTIONS, &DUKE_LOOKUPS);

/// The attacks of look-up `lookup` with `occupied` blocking, from a table of `LEN` entries.
#[inline(always)]
fn magic_attacks<const LEN: usize>(
    attacks: &[u128; LEN],
    lookup: &MagicLookup,
    occupied: u128,
) -> u128 {
    attacks[lookup.index(occupied) & (LEN - 1)]
}

/// Duke destinations from `from` with `occupied` blocking (each line up to and including its
/// first man): three look-ups.
#[inline(always)]
fn duke_attacks_from(from: usize, occupied: u128) -> u128 {
    let lookups = &DUKE_LOOKUPS[from];
    magic_attacks(&DUKE_ATTACKS, &lookups[0], occupied)
        | magic_attacks(&DUKE_ATTACKS, &lookups[1], occupied)
        | magic_attacks(&DUKE_ATTACKS, &lookups[2], occupied)
}

// The Bishop's NE-SW and SE-NW diagonals the same way (4,320 attack sets, 69 KB, 128 KB rounded up, from the
// same-orientation diagonal step table; multipliers by the same search and seed). Its N-S line
// stays two ray cuts: some of its lines hold cells `i` and `i + 64`.

/// The same-orientation diagonal step table (directions N, NE, SE, S, SW, NW) of the Bishop's
/// look-ups.
static BISHOP_LINE_STEPS: [[u16; 6]; CELL_COUNT] =
    triangle::uniform_step_table(&CELLS_C, &triangle::DIAGONALS);

/// The number of the Bishop's tables per cell: its two diagonals that cross the files.
const BISHOP_TABLES: usize = 2;

/// The step directions of each of the Bishop's tables: NE and SW, then SE and NW.
const BISHOP_TABLE_DIRECTIONS: [&[usize]; BISHOP_TABLES] = [&[1, 4], &[2, 5]];

/// The multiplier of each (cell, Bishop table): `magic::search_magics` with the seed
/// `0x9e37_79b9_7f4a_7c15`.
#[rustfmt::skip]
const BISHOP_MAGICS: [[u64; BISHOP_TABLES]; CELL_COUNT] = [
    [0x0224_3110_6004_000a, 0x1220_0414_04a0_7490],
    [0x0310_4080_0402_0200, 0x4901_0808_0900_0252],
    [0x2011_4240_0944_0220, 0x3200_2040_0040_0060],
    [0x0020_4008_c000_0000, 0x8094_0088_0240_0000],
    [0x0c20_9000_0082_0004, 0x0042_e400_3000_1001],
    [0x8010_0000_0000_2880, 0x0aa1_0045_2004_0080],
    [0x4000_4100_8820_1808, 0x2322_0a82_0025_4040],
    [0x4002_2422_2460_5020, 0x0814_1000_0000_8800],
    [0x0801_9030_1020_3a04, 0x8101_1440_6000_1204],
    [0x1001_4110_0008_0100, 0x4400_8231_4400_5400],
    [0x0400_2000_8020_1000, 0x0009_8021_1146_0042],
    [0x0c8a_c000_0080_008a, 0x8002_0909_0882_0018],
    [0x8912_6401_0021_4a90, 0x2105_0000_2800_8809],
    [0x4001_0040_8882_1006, 0x2902_0000_8021_0000],
    [0x0000_1460_8010_1081, 0x0141_2400_8000_0448],
    [0x6501_2480_1030_0000, 0x4090_2704_0060_6040],
    [0x0646_0050_2000_0020, 0xb000_c120_b204_0024],
    [0x0040_2011_8620_4851, 0x0104_0011_8a01_002b],
    [0x0810_0481_5180_0000, 0x0080_0008_2288_2400],
    [0x0350_2240_0000_0040, 0x0060_0010_1008_2014],
    [0x1014_0482_0210_1080, 0x5091_2000_1004_0000],
    [0x4802_0102_0112_50a0, 0x0852_1001_0002_0a00],
    [0xa020_4002_2080_2009, 0x0040_8003_3000_0821],
    [0x4080_4540_2042_1000, 0x0080_b009_0440_0000],
    [0x9000_8200_4008_0400, 0x2000_6000_4204_9050],
    [0x00b2_4408_2000_1808, 0x4258_0800_80c0_4204],
    [0x00a4_4011_0004_8400, 0x6030_1100_40a4_1142],
    [0x8225_1120_8e30_4003, 0x0040_1800_6008_2049],
    [0x14a0_0040_2400_8030, 0x0a44_8400_2202_4410],
    [0x1444_0102_0100_4080, 0x9020_c200_0842_510c],
    [0x6228_0a22_0b40_8038, 0x2200_3100_0200_0094],
    [0x8000_0e24_00d0_1110, 0x0100_1081_0042_3000],
    [0x0222_0242_00c9_1084, 0x2040_0208_0041_0c14],
    [0x0008_8530_0020_0000, 0x0006_0303_0090_4202],
    [0x2030_8020_0604_4100, 0x0042_4c84_0208_8041],
    [0x0048_608a_0000_0000, 0x2180_8000_8630_2451],
    [0x1028_2000_cc21_0441, 0x0020_4202_9300_0c00],
    [0x3440_0000_0400_8080, 0x2848_6392_0044_0028],
    [0x0420_9000_9000_8021, 0x0040_2021_16a1_8204],
    [0x0201_1102_1000_4119, 0x0008_0010_8140_4218],
    [0x4001_8060_9020_4036, 0x0804_0002_2008_a584],
    [0x0040_8498_8002_8c00, 0x0c01_0814_2440_6011],
    [0x0c80_4840_c100_0242, 0x0100_0800_0000_1019],
    [0xa011_2040_3020_1008, 0xd049_08c1_0100_0240],
    [0x2041_4008_0840_5882, 0x5000_12c1_0400_2400],
    [0x0222_2100_3808_a041, 0x0280_4054_4901_0000],
    [0x852b_0040_0200_8240, 0x0820_4010_8128_0248],
    [0x1720_0018_8080_0840, 0x1208_0006_2940_0201],
    [0x0300_1400_4080_0210, 0x0041_882e_0410_0482],
    [0x0400_00a0_8010_0320, 0x0045_0111_2108_0041],
    [0x0108_8020_8420_0230, 0x8081_8008_1020_0008],
    [0x181d_0090_1030_1000, 0x9491_0120_0010_2010],
    [0x0214_4020_000a_0006, 0x0800_4010_4622_0000],
    [0x0040_8008_0154_0351, 0x0444_0040_1080_8100],
    [0x1125_2000_0102_c001, 0x0c02_0008_8840_1004],
    [0x6040_91c8_4083_1680, 0xa051_c200_0908_4082],
    [0x6102_0201_2200_2200, 0x20c8_2081_2010_1021],
    [0x2410_7401_a0c4_4020, 0x2281_6000_0000_200c],
    [0x0009_d208_6040_3202, 0x1051_0000_4420_4a62],
    [0x8005_0020_2640_2200, 0x6120_a840_c000_0800],
    [0x0e40_8e00_0625_1000, 0x0440_000a_8043_0140],
    [0x0109_0040_0402_2202, 0x80a8_8044_0c20_8200],
    [0x1300_3000_0080_0203, 0x1102_aa40_b040_0820],
    [0x0140_5400_0204_0140, 0x0140_4040_0020_2421],
    [0x1645_4110_8181_0040, 0x0110_8207_2801_0520],
    [0x0008_2004_0022_8010, 0x0840_4002_0388_5420],
    [0x0901_a414_8080_0818, 0x0510_4200_8c09_2052],
    [0x0004_0101_0011_2408, 0x0021_20c0_100c_0004],
    [0x12a1_1210_0018_1000, 0x0100_0420_0404_6282],
    [0x0809_0200_0000_0800, 0x0100_4013_2242_1141],
    [0x800c_6280_9a60_0004, 0x0202_0501_0015_a021],
    [0x0120_3040_0000_0202, 0x8001_0131_1021_c808],
    [0x0071_4804_0041_2105, 0x2411_01c0_08a0_0008],
    [0x4000_05a0_0080_8100, 0x1000_80a0_0a00_0041],
    [0x2280_0040_9020_c080, 0x9004_6100_9888_c000],
    [0x8100_4042_0280_2029, 0x0004_2042_0802_0008],
    [0x0042_0520_0800_0001, 0x0080_2002_0202_8141],
    [0x8200_8230_0000_08c0, 0x8100_6160_8202_0823],
    [0x2c00_a100_0420_1840, 0x8045_1200_0000_105c],
    [0x0204_8080_8000_0001, 0x4022_2000_1041_0010],
    [0x0250_0a01_0004_4403, 0xa138_4101_0020_0020],
    [0x2011_0040_8002_048d, 0x0014_010c_2100_0020],
    [0x1240_0200_0103_0851, 0x1180_4086_7208_3080],
    [0xb0a0_0038_8a11_10c0, 0x8040_2252_0005_0080],
    [0x2806_8024_2600_0002, 0x2100_4462_0402_c220],
    [0x402c_814c_0804_0400, 0x4025_2101_0100_4250],
    [0xc682_0080_2010_c030, 0x2028_2049_0420_0102],
    [0x1650_8000_0200_0401, 0x2619_4000_4000_9000],
    [0x4040_4b00_2004_0082, 0x4010_9408_4200_a800],
    [0x0128_6080_10b1_0049, 0x0881_1084_0480_0001],
    [0x0002_8d00_1024_2402, 0x0a28_8114_0804_6008],
    [0x0004_0a38_4038_4410, 0x1049_2300_2006_0400],
    [0x0102_1100_0000_2001, 0x1808_2a40_0004_8420],
    [0x0150_4090_4804_000c, 0x0020_0040_6500_8000],
    [0x0000_0422_0001_8421, 0x0000_0ac8_00c0_a024],
    [0x4404_0204_0008_0000, 0x0010_404a_0000_1000],
];

static BISHOP_LOOKUPS: [[MagicLookup; BISHOP_TABLES]; CELL_COUNT] =
    magic::lookups(&BISHOP_LINE_STEPS, &BISHOP_TABLE_DIRECTIONS, &BISHOP_MAGICS);

/// The length of [`BISHOP_ATTACKS`], a power of two (see [`DUKE_ATTACKS_LEN`]).
const BISHOP_ATTACKS_LEN: usize = magic::entry_count(&BISHOP_LOOKUPS).next_power_of_two();

/// The attacks of every (cell, Bishop diagonal) for every occupancy of its inner cells.
static BISHOP_ATTACKS: [u128; BISHOP_ATTACKS_LEN] = magic::attack_table(
    &BISHOP_LINE_STEPS,
    &BISHOP_TABLE_DIRECTIONS,
    &BISHOP_LOOKUPS,
);

// The dense index runs rank by rank, so a ray that climbs meets its nearest blocker at the lowest
// set bit and a ray that descends at the highest — except inside one rank, where a face row may
// hold two cells. The NW face row visits them right-to-left (the higher index first), the SE face
// row left-to-right (the lower index first): there the pair partner of the bit found is checked.

/// Rows of the padded ray tables: one per bit scan result (`0..=128`, 128 for an empty set), and
/// one more for a scan result plus one (the pair partners of the rook's NW and SE rows).
const SCANS: usize = 130;

/// The rays of every cell, padded to [`SCANS`] rows (rows 96.. are empty), so that the index a
/// bit scan of an empty set gives (128) picks an empty row without a branch.
const fn padded(rays: &[[u128; 6]; CELL_COUNT]) -> [[u128; 6]; SCANS] {
    let mut out = [[0u128; 6]; SCANS];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = rays[i];
        i += 1;
    }
    out
}

/// The rays by direction, indexed by the leading-zero count of the cell's bit (row `j` holds the
/// rays of cell `127 - j`; rows of no cell and row 128 are empty): a descending ray's nearest
/// blocker's leading-zero count picks its row with no arithmetic.
const fn reversed(rays: &[[u128; 6]; CELL_COUNT]) -> [[u128; SCANS]; 6] {
    let mut out = [[0u128; SCANS]; 6];
    let mut i = 0;
    while i < CELL_COUNT {
        let mut d = 0;
        while d < 6 {
            out[d][127 - i] = rays[i][d];
            d += 1;
        }
        i += 1;
    }
    out
}

const ROOK_RAYS_C: [[u128; 6]; CELL_COUNT] =
    ray_table_128(&triangle::step_table(&CELLS_C, &triangle::FACE_ROWS));
const BISHOP_RAYS_C: [[u128; 6]; CELL_COUNT] = ray_table_128(&triangle::uniform_step_table(
    &CELLS_C,
    &triangle::DIAGONALS,
));

static ROOK_P: [[u128; 6]; SCANS] = padded(&ROOK_RAYS_C);
static BISHOP_P: [[u128; 6]; SCANS] = padded(&BISHOP_RAYS_C);
static ROOK_R: [[u128; SCANS]; 6] = reversed(&ROOK_RAYS_C);
static BISHOP_R: [[u128; SCANS]; 6] = reversed(&BISHOP_RAYS_C);

/// `1 << (c + 1)` of cell `c` (rows of no cell are empty): subtracting it from a climbing ray's
/// blockers borrows through every bit from just above `c` up to the nearest blocker, which the
/// XOR then recovers. A table of [`SCANS`] rows, so that a cell index from a bit scan needs no
/// bounds check.
static ABOVE: [u128; SCANS] = {
    let mut out = [0u128; SCANS];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = 2 << i;
        i += 1;
    }
    out
};

/// By the index `n` of a bit (128: none), the bit `n + 1` when it lies in the same rank (the
/// NW face row's pair partner, visited first), else nothing.
static PARTNER_ABOVE: [u128; SCANS] = {
    let mut out = [0u128; SCANS];
    let mut i = 0;
    while i + 1 < CELL_COUNT {
        if CELLS_C[i].y == CELLS_C[i + 1].y {
            out[i] = 1 << (i + 1);
        }
        i += 1;
    }
    out
};

/// By the leading-zero count `j` of a bit (cell `127 - j`; 128: none), the bit of the cell just
/// below it when it lies in the same rank (the SE face row's pair partner, visited first).
static PARTNER_BELOW: [u128; SCANS] = {
    let mut out = [0u128; SCANS];
    let mut i = 1;
    while i < CELL_COUNT {
        if CELLS_C[i - 1].y == CELLS_C[i].y {
            out[127 - i] = 1 << (i - 1);
        }
        i += 1;
    }
    out
};

// Where a piece stands decides which rays fit in one 64-bit word: from a cell below 64 every
// descending ray lies in the low word, from a cell of 64 or more every climbing ray lies in the
// high word. The attack functions take that side as the constant `LOW` (callers that iterate a
// set word by word know it), so half of a piece's rays cost one word's operations instead of
// two (a 128-bit leading-zero count alone is five instructions).

/// The high word of a set.
#[inline(always)]
fn high(set: u128) -> u64 {
    (set >> 64) as u64
}

/// A climbing ray (every cell above `c` in index order, visited in that order) up to and
/// including its nearest blocker, by subtraction (an empty ray borrows through all of it).
#[inline(always)]
fn up<const LOW: bool>(rays: &[[u128; 6]; SCANS], c: usize, d: usize, occ: u128) -> u128 {
    let ray = rays[c][d];
    if LOW {
        let o = ray & occ;
        ray & (o ^ o.wrapping_sub(ABOVE[c]))
    } else {
        let (ray, o) = (high(ray), high(ray) & high(occ));
        u128::from(ray & (o ^ o.wrapping_sub(high(ABOVE[c])))) << 64
    }
}

/// A descending ray up to and including its nearest blocker (its highest set bit).
#[inline(always)]
fn down<const LOW: bool>(
    rays: &[[u128; 6]; SCANS],
    rev: &[[u128; SCANS]; 6],
    c: usize,
    d: usize,
    occ: u128,
) -> u128 {
    let ray = rays[c][d];
    if LOW {
        // The leading zeros of the 128-bit set are 64 plus those of its low word.
        let ray = ray as u64;
        let lz = 64 + (ray & occ as u64).leading_zeros() as usize;
        u128::from(ray ^ rev[d][lz] as u64)
    } else {
        // A blocker in the high word settles the ray there (one 64-bit scan instead of a
        // 128-bit one); else the low word's scan does, as from a low cell.
        let blockers = high(ray) & high(occ);
        if blockers != 0 {
            let beyond = rev[d][blockers.leading_zeros() as usize];
            u128::from(high(ray) ^ high(beyond)) << 64
        } else {
            ray ^ rev[d][64 + (ray as u64 & occ as u64).leading_zeros() as usize]
        }
    }
}

/// The NW face row from `c`: it climbs, but inside a rank it visits the higher index first, so
/// when the lowest blocker has a blocking partner just after it in the same rank, the partner
/// is the nearer one.
#[inline(always)]
fn rook_north_west<const LOW: bool>(c: usize, occ: u128) -> u128 {
    let r = &ROOK_P;
    let ray = r[c][5];
    if LOW {
        let x = ray & occ;
        let n = x.trailing_zeros() as usize;
        let n = n + (x & PARTNER_ABOVE[n] != 0) as usize;
        ray ^ r[n][5]
    } else {
        let x = high(ray) & high(occ);
        let n = 64 + x.trailing_zeros() as usize;
        let n = n + (x & high(PARTNER_ABOVE[n]) != 0) as usize;
        u128::from(high(ray) ^ high(r[n][5])) << 64
    }
}

/// The SE face row from `c`: it descends, but inside a rank it visits the lower index first.
#[inline(always)]
fn rook_south_east<const LOW: bool>(c: usize, occ: u128) -> u128 {
    let (r, rev) = (&ROOK_P, &ROOK_R);
    let ray = r[c][2];
    if LOW {
        let x = ray as u64 & occ as u64;
        let j = 64 + x.leading_zeros() as usize;
        let j = j + (x & PARTNER_BELOW[j] as u64 != 0) as usize;
        u128::from(ray as u64 ^ rev[2][j] as u64)
    } else {
        let x = ray & occ;
        let j = x.leading_zeros() as usize;
        let j = j + (x & PARTNER_BELOW[j] != 0) as usize;
        ray ^ rev[2][j]
    }
}

/// Rook destinations from `c` (below 64 when `LOW`, else not) with occupancy `occ` (including
/// the first blocker of each ray).
#[inline(always)]
pub(crate) fn rook_attacks_at<const LOW: bool>(c: usize, occ: u128) -> u128 {
    let (r, rev) = (&ROOK_P, &ROOK_R);
    up::<LOW>(r, c, 0, occ)
        | up::<LOW>(r, c, 1, occ)
        | down::<LOW>(r, rev, c, 3, occ)
        | down::<LOW>(r, rev, c, 4, occ)
        | rook_north_west::<LOW>(c, occ)
        | rook_south_east::<LOW>(c, occ)
}

/// Duke destinations from `c` with occupancy `occ` (by hashed look-up, the same from either
/// word). Only pieces on the duke line's own cells block.
#[inline(always)]
pub(crate) fn duke_attacks_at<const LOW: bool>(c: usize, occ: u128) -> u128 {
    duke_attacks_from(c, occ)
}

/// Bishop destinations from `c` (below 64 when `LOW`) with occupancy `occ`. Only same-colour
/// cells block.
#[inline(always)]
pub(crate) fn bishop_attacks_at<const LOW: bool>(c: usize, occ: u128) -> u128 {
    let (r, rev) = (&BISHOP_P, &BISHOP_R);
    let lookups = &BISHOP_LOOKUPS[c];
    up::<LOW>(r, c, 0, occ)
        | down::<LOW>(r, rev, c, 3, occ)
        | magic_attacks(&BISHOP_ATTACKS, &lookups[0], occ)
        | magic_attacks(&BISHOP_ATTACKS, &lookups[1], occ)
}

/// Queen destinations from `c` (below 64 when `LOW`): the union of the rook, duke and bishop
/// parts, each blocked by its own rules.
#[inline(always)]
pub(crate) fn queen_attacks_at<const LOW: bool>(c: usize, occ: u128) -> u128 {
    rook_attacks_at::<LOW>(c, occ)
        | duke_attacks_at::<LOW>(c, occ)
        | bishop_attacks_at::<LOW>(c, occ)
}

/// Rook destinations from `c` with occupancy `occ` (including the first blocker of each ray).
#[inline(always)]
pub(crate) fn rook_attacks(c: usize, occ: u128) -> u128 {
    if c < 64 {
        rook_attacks_at::<true>(c, occ)
    } else {
        rook_attacks_at::<false>(c, occ)
    }
}

/// Duke destinations from `c` with occupancy `occ`. Only pieces on the duke line's own cells block.
#[inline]
pub(crate) fn duke_attacks(c: usize, occ: u128) -> u128 {
    if c < 64 {
        duke_attacks_at::<true>(c, occ)
    } else {
        duke_attacks_at::<false>(c, occ)
    }
}

/// Bishop destinations from `c` with occupancy `occ`. Only same-colour cells block.
#[inline]
pub(crate) fn bishop_attacks(c: usize, occ: u128) -> u128 {
    if c < 64 {
        bishop_attacks_at::<true>(c, occ)
    } else {
        bishop_attacks_at::<false>(c, occ)
    }
}

/// Queen destinations: the union of the rook, duke and bishop parts, each blocked by its own rules.
#[inline]
pub(crate) fn queen_attacks(c: usize, occ: u128) -> u128 {
    if c < 64 {
        queen_attacks_at::<true>(c, occ)
    } else {
        queen_attacks_at::<false>(c, occ)
    }
}

// ---------------------------------------------------------------------------------------------
// Pawns.

const fn pawn_step(c: usize, color: usize, dx: i8, dy: i8) -> Option<usize> {
    let t = CELLS_C[c];
    let dy = if color == 0 { dy } else { -dy };
    triangle::index_of(&CELLS_C, Tri::new(t.x + dx, t.y + dy))
}

const fn push_dx(c: usize) -> i8 {
    // The p2p push: (-1, +2) from a light cell, (+1, +2) from a dark one.
    if CELLS_C[c].points_left() {
        1
    } else {
        -1
    }
}

const fn build_pushes() -> [[u128; CELL_COUNT]; 2] {
    let mut out = [[0u128; CELL_COUNT]; 2];
    let mut color = 0;
    while color < 2 {
        let mut c = 0;
        while c < CELL_COUNT {
            if let Some(t) = pawn_step(c, color, 0, 1) {
                out[color][c] |= 1 << t;
            }
            if let Some(t) = pawn_step(c, color, push_dx(c), 2) {
                out[color][c] |= 1 << t;
            }
            c += 1;
        }
        color += 1;
    }
    out
}

const fn build_captures() -> [[u128; CELL_COUNT]; 2] {
    let mut out = [[0u128; CELL_COUNT]; 2];
    let mut color = 0;
    while color < 2 {
        let mut c = 0;
        while c < CELL_COUNT {
            if let Some(t) = pawn_step(c, color, 0, 2) {
                out[color][c] |= 1 << t;
            }
            if let Some(t) = pawn_step(c, color, -1, 1) {
                out[color][c] |= 1 << t;
            }
            if let Some(t) = pawn_step(c, color, 1, 1) {
                out[color][c] |= 1 << t;
            }
            c += 1;
        }
        color += 1;
    }
    out
}

/// A first-move double push: `(middle, target)` as dense indices, `u8::MAX` if off the board.
const fn build_doubles() -> [[[(u8, u8); 2]; CELL_COUNT]; 2] {
    let none = (u8::MAX, u8::MAX);
    let mut out = [[[none; 2]; CELL_COUNT]; 2];
    let mut color = 0;
    while color < 2 {
        let mut c = 0;
        while c < CELL_COUNT {
            let dx = push_dx(c);
            // f2f then p2p: the middle is (0, +1); from there the p2p push goes the other way.
            if let Some(m) = pawn_step(c, color, 0, 1) {
                if let Some(t) = pawn_step(c, color, -dx, 3) {
                    out[color][c][0] = (m as u8, t as u8);
                }
            }
            // p2p then f2f.
            if let Some(m) = pawn_step(c, color, dx, 2) {
                if let Some(t) = pawn_step(c, color, dx, 3) {
                    out[color][c][1] = (m as u8, t as u8);
                }
            }
            c += 1;
        }
        color += 1;
    }
    out
}

/// Single pawn pushes (f2f and p2p forward), per side and cell.
pub(crate) static PAWN_PUSHES: [[u128; CELL_COUNT]; 2] = build_pushes();
/// Pawn captures (the three forward points-adjacent cells), per side and cell.
pub(crate) static PAWN_CAPTURES: [[u128; CELL_COUNT]; 2] = build_captures();
/// Per side and King cell, the cells from which an enemy pawn attacks one of the King's
/// steps: only the enemy pawns there can stop a step.
pub(crate) static PAWN_ZONE: [[u128; CELL_COUNT]; 2] = {
    let captures = build_captures();
    let king = leap_sets_128(&triangle::step_table(&CELLS_C, &triangle::TOUCHING));
    let mut out = [[0u128; CELL_COUNT]; 2];
    let mut color = 0;
    while color < 2 {
        let mut k = 0;
        while k < CELL_COUNT {
            let mut c = 0;
            while c < CELL_COUNT {
                if king[k] >> c & 1 != 0 {
                    out[color][k] |= captures[color][c];
                }
                c += 1;
            }
            k += 1;
        }
        color += 1;
    }
    out
};
/// First-move double pushes `(middle, target)` per side and cell (`u8::MAX` = none).
pub(crate) static PAWN_DOUBLES: [[[(u8, u8); 2]; CELL_COUNT]; 2] = build_doubles();

const fn build_double_paths() -> [[[(u128, u128); 2]; CELL_COUNT]; 2] {
    let doubles = build_doubles();
    let mut out = [[[(u128::MAX, 0u128); 2]; CELL_COUNT]; 2];
    let mut color = 0;
    while color < 2 {
        let mut c = 0;
        while c < CELL_COUNT {
            let mut k = 0;
            while k < 2 {
                let (m, t) = doubles[color][c][k];
                if m != u8::MAX {
                    out[color][c][k] = (1u128 << m | 1u128 << t, 1u128 << t);
                }
                k += 1;
            }
            c += 1;
        }
        color += 1;
    }
    out
}

/// A double push as playing it needs it: its middle cell, and the cells from which an enemy
/// pawn would capture onto the middle (the en passant state is recorded only with one there).
#[derive(Clone, Copy, Debug)]
pub(crate) struct DoublePush {
    /// The cell passed over.
    pub(crate) middle: u8,
    /// The cells of the enemy pawns that could take en passant (none for an entry of no push).
    pub(crate) catchers: u128,
}

/// The double pushes of an unmoved pawn on one cell, found from a move's target without a
/// branch: `pushes[hit]` with `hit` = (target is `targets[0]`) + 2 · (target is `targets[1]`),
/// so that entry 0, a single push, catches nothing.
#[derive(Clone, Copy, Debug)]
pub(crate) struct FirstMoves {
    /// The targets of the two double pushes (`u8::MAX`: none).
    pub(crate) targets: [u8; 2],
    /// The double push by `hit` (entries 0 and 3 are none).
    pub(crate) pushes: [DoublePush; 4],
}

/// The [`FirstMoves`] per side and cell.
pub(crate) static FIRST_MOVES: [[FirstMoves; CELL_COUNT]; 2] = {
    let doubles = build_doubles();
    let captures = build_captures();
    let none = DoublePush {
        middle: u8::MAX,
        catchers: 0,
    };
    let empty = FirstMoves {
        targets: [u8::MAX; 2],
        pushes: [none; 4],
    };
    let mut out = [[empty; CELL_COUNT]; 2];
    let mut color = 0;
    while color < 2 {
        let mut c = 0;
        while c < CELL_COUNT {
            let mut k = 0;
            while k < 2 {
                let (middle, target) = doubles[color][c][k];
                if middle != u8::MAX {
                    out[color][c].targets[k] = target;
                    out[color][c].pushes[1 << k] = DoublePush {
                        middle,
                        catchers: captures[color][middle as usize],
                    };
                }
                k += 1;
            }
            c += 1;
        }
        color += 1;
    }
    out
};

/// Everything a pawn on one cell can do, in one place (one cache-friendly lookup per pawn).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnMoves {
    /// Single pushes (f2f and p2p forward).
    pub(crate) push: u128,
    /// Capture cells.
    pub(crate) capture: u128,
    /// Double-push targets (0 when off the board).
    pub(crate) double: [u128; 2],
    /// Middle and target cells of each double push (`u128::MAX` when there is none).
    pub(crate) path: [u128; 2],
}

const fn build_pawn_table() -> [[PawnMoves; CELL_COUNT]; 2] {
    let pushes = build_pushes();
    let captures = build_captures();
    let paths = build_double_paths();
    let empty = PawnMoves {
        push: 0,
        capture: 0,
        double: [0; 2],
        path: [u128::MAX; 2],
    };
    let mut out = [[empty; CELL_COUNT]; 2];
    let mut color = 0;
    while color < 2 {
        let mut c = 0;
        while c < CELL_COUNT {
            out[color][c] = PawnMoves {
                push: pushes[color][c],
                capture: captures[color][c],
                double: [paths[color][c][0].1, paths[color][c][1].1],
                path: [paths[color][c][0].0, paths[color][c][1].0],
            };
            c += 1;
        }
        color += 1;
    }
    out
}

/// Pawn moves per side and cell (the tables above, gathered).
pub(crate) static PAWN_TABLE: [[PawnMoves; CELL_COUNT]; 2] = build_pawn_table();

// Set-wise pawn moves. Inside the board's middle ranks (8 cells each) one pawn step is one shift
// of the dense index, the same for every pawn of one cell colour: the f2f push is +8, a capture
// two up the file +16. Near the edges the distance changes; the pawns there are the exceptions,
// handled one by one.

/// A pawn step by its file change: none, one file left or right, or the p2p direction of the
/// cell (right from a dark cell, left from a light one).
#[derive(Clone, Copy)]
enum FileStep {
    Same,
    Left,
    Right,
    P2p,
}

const fn step_target(c: usize, color: usize, file: FileStep, dy: i8) -> Option<usize> {
    let dx = match file {
        FileStep::Same => 0,
        FileStep::Left => -1,
        FileStep::Right => 1,
        FileStep::P2p => push_dx(c),
    };
    pawn_step(c, color, dx, dy)
}

/// One set-wise pawn step: the pawns on `sources` reach the cell `delta` indices further
/// (up the index for White, down for Black).
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnShift {
    pub(crate) sources: u128,
    pub(crate) delta: u32,
}

/// Every set-wise pawn step of one side, and the pawn cells the shifts do not describe.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnShifts {
    /// f2f and p2p pushes, for dark and light cells; steps of one distance share a shift.
    pub(crate) pushes: [PawnShift; 3],
    /// The three captures, for dark and light cells.
    pub(crate) captures: [PawnShift; 3],
    /// Double pushes from the starting cells, grouped by their distances: the shift to the
    /// middle cell, then the further distance to the target.
    pub(crate) doubles: [(PawnShift, u32); 8],
    /// Pawn cells from which a push or capture lands elsewhere than its shift says.
    pub(crate) exceptions: u128,
}

/// Cells in the middle of the board, one dark (d7) and one light (e7): every pawn step from
/// them has the distance of the middle ranks.
const REFERENCE: [usize; 2] = [cell_at(3, 7), cell_at(4, 7)];

const fn distance(from: usize, to: usize, color: usize) -> u32 {
    if color == 0 {
        (to - from) as u32
    } else {
        (from - to) as u32
    }
}

/// The sources of one step among the cells of one colour, and the cells where it goes astray.
const fn shift_of(color: usize, dark: bool, file: FileStep, dy: i8) -> (PawnShift, u128) {
    let r = REFERENCE[if dark { 0 } else { 1 }];
    let delta = match step_target(r, color, file, dy) {
        Some(t) => distance(r, t, color),
        None => panic!("a middle cell has every pawn step"),
    };
    let mut sources = 0u128;
    let mut astray = 0u128;
    let mut c = 0;
    while c < CELL_COUNT {
        if CELLS_C[c].points_left() == dark {
            if let Some(t) = step_target(c, color, file, dy) {
                let on_pattern = if color == 0 {
                    t == c + delta as usize
                } else {
                    c >= delta as usize && t == c - delta as usize
                };
                if on_pattern {
                    sources |= 1 << c;
                } else {
                    astray |= 1 << c;
                }
            }
        }
        c += 1;
    }
    (PawnShift { sources, delta }, astray)
}

/// The steps merged by distance: steps of one distance (the f2f push from dark and from light
/// cells, say) become one shift of the union of their sources. There must be exactly `M`
/// distances.
const fn by_distance<const N: usize, const M: usize>(steps: [PawnShift; N]) -> [PawnShift; M] {
    let mut out = [PawnShift {
        sources: 0,
        delta: 0,
    }; M];
    let mut used = 0;
    let mut i = 0;
    while i < N {
        let mut j = 0;
        while j < used && out[j].delta != steps[i].delta {
            j += 1;
        }
        if j == used {
            assert!(used < M, "more distances than expected");
            out[j].delta = steps[i].delta;
            used += 1;
        }
        out[j].sources |= steps[i].sources;
        i += 1;
    }
    assert!(used == M, "fewer distances than expected");
    out
}

/// The double pushes of the pawns on their starting cells, grouped by the pair of distances
/// (to the middle cell, then on to the target): every starting cell is covered, the short
/// third rank's too, so no unmoved pawn needs to be looked at one by one.
const fn doubles_by_distance<const M: usize>(color: usize) -> [(PawnShift, u32); M] {
    let doubles = build_doubles();
    let starts = if color == 0 {
        WHITE_PAWN_START
    } else {
        mirror_set(WHITE_PAWN_START)
    };
    let mut out = [(
        PawnShift {
            sources: 0,
            delta: 0,
        },
        0,
    ); M];
    let mut used = 0;
    let mut c = 0;
    while c < CELL_COUNT {
        let mut k = 0;
        while starts >> c & 1 != 0 && k < 2 {
            let (m, t) = doubles[color][c][k];
            if m != u8::MAX {
                let pair = (
                    distance(c, m as usize, color),
                    distance(m as usize, t as usize, color),
                );
                let mut j = 0;
                while j < used && (out[j].0.delta != pair.0 || out[j].1 != pair.1) {
                    j += 1;
                }
                if j == used {
                    assert!(used < M, "more distance pairs than expected");
                    out[j] = (
                        PawnShift {
                            sources: 0,
                            delta: pair.0,
                        },
                        pair.1,
                    );
                    used += 1;
                }
                out[j].0.sources |= 1 << c;
            }
            k += 1;
        }
        c += 1;
    }
    assert!(used == M, "fewer distance pairs than expected");
    out
}

const fn build_pawn_shifts(color: usize) -> PawnShifts {
    let mut exceptions = 0u128;
    let empty = PawnShift {
        sources: 0,
        delta: 0,
    };
    let mut pushes = [empty; 4];
    let mut captures = [empty; 6];
    let mut k = 0;
    while k < 2 {
        let dark = k == 0;
        let push_steps = [(FileStep::Same, 1), (FileStep::P2p, 2)];
        let mut i = 0;
        while i < 2 {
            let (shift, astray) = shift_of(color, dark, push_steps[i].0, push_steps[i].1);
            pushes[2 * k + i] = shift;
            exceptions |= astray;
            i += 1;
        }
        let capture_steps = [
            (FileStep::Same, 2),
            (FileStep::Left, 1),
            (FileStep::Right, 1),
        ];
        let mut i = 0;
        while i < 3 {
            let (shift, astray) = shift_of(color, dark, capture_steps[i].0, capture_steps[i].1);
            captures[3 * k + i] = shift;
            exceptions |= astray;
            i += 1;
        }
        k += 1;
    }
    PawnShifts {
        pushes: by_distance(pushes),
        captures: by_distance(captures),
        doubles: doubles_by_distance(color),
        exceptions,
    }
}

/// The set-wise pawn steps per side.
pub(crate) static PAWN_SHIFTS: [PawnShifts; 2] = [build_pawn_shifts(0), build_pawn_shifts(1)];

const fn build_back_edges() -> [u128; 2] {
    let mut out = [0u128; 2];
    let mut i = 0;
    while i < CELL_COUNT {
        let t = CELLS_C[i];
        let lo = file_low(t.x as u8) as i8;
        if t.y == 14 - lo {
            out[0] |= 1 << i;
        }
        if t.y == lo {
            out[1] |= 1 << i;
        }
        i += 1;
    }
    out
}

/// Promotion cells per side: White promotes on the top cell of each file, Black on the bottom one.
pub(crate) static PROMOTION: [u128; 2] = build_back_edges();

const fn cell_at(file: u8, rank: u8) -> usize {
    match triangle::index_of(&CELLS_C, Tri::new(file as i8, rank as i8 - 1)) {
        Some(i) => i,
        None => panic!("off the board"),
    }
}

const fn set_of(list: &[(u8, u8)]) -> u128 {
    let mut s = 0u128;
    let mut i = 0;
    while i < list.len() {
        s |= 1 << cell_at(list[i].0, list[i].1);
        i += 1;
    }
    s
}

const fn mirror_set(s: u128) -> u128 {
    let mut out = 0u128;
    let mut i = 0;
    while i < CELL_COUNT {
        if s >> i & 1 != 0 {
            let t = CELLS_C[i];
            out |= 1 << cell_at(t.x as u8, 15 - t.y as u8);
        }
        i += 1;
    }
    out
}

const WHITE_PAWN_START: u128 = set_of(&[
    (3, 3),
    (4, 3),
    (0, 4),
    (1, 4),
    (2, 4),
    (3, 4),
    (4, 4),
    (5, 4),
    (6, 4),
    (7, 4),
    (1, 5),
    (2, 5),
    (5, 5),
    (6, 5),
]);

/// The starting pawn cells of each side (a pawn on one of its own is read as unmoved).
pub(crate) static PAWN_START: [u128; 2] = [WHITE_PAWN_START, mirror_set(WHITE_PAWN_START)];

/// Named cell constant by file (0 = a) and rank (1-based), usable in `const` context.
pub(crate) const fn cell(file: u8, rank: u8) -> Cell {
    Cell(cell_at(file, rank) as u8)
}

// ---------------------------------------------------------------------------------------------
// Zobrist keys.

/// Zobrist keys: 14 pieces × 96 cells, then unmoved-pawn flags (96), en passant middle cells (96),
/// castling rights (16), side to move (1).
pub(crate) struct Zobrist {
    /// Piece on cell, by the piece's code (`color · 8 + role + 1`; rows 0 and 8, which
    /// no piece has, are zero).
    pub(crate) piece: [[u64; CELL_COUNT]; 16],
    /// Unmoved pawn (double push allowed) on cell.
    pub(crate) unmoved: [u64; CELL_COUNT],
    /// En passant middle cell.
    pub(crate) ep: [u64; CELL_COUNT],
    /// Castling rights bit set (no rights: key 0, so a position without rights hashes as none).
    pub(crate) castling: [u64; 16],
    /// Black to move.
    pub(crate) black: u64,
}

/// The seed of the key stream ("chessagon" in ASCII, truncated).
const ZOBRIST_SEED: u64 = 0x6368_6573_7361_676F;

const fn build_zobrist() -> Zobrist {
    let mut stream = KeyStream::new(ZOBRIST_SEED);
    let by_index: [[u64; CELL_COUNT]; 14] = stream.table();
    let mut piece = [[0; CELL_COUNT]; 16];
    let mut i = 0;
    while i < 14 {
        // White roles 0..7 take codes 1..8, Black ones codes 9..16.
        piece[i / 7 * 8 + i % 7 + 1] = by_index[i];
        i += 1;
    }
    let unmoved = stream.keys();
    let ep = stream.keys();
    let mut castling: [u64; 16] = stream.keys();
    castling[0] = 0;
    Zobrist {
        piece,
        unmoved,
        ep,
        castling,
        black: stream.next_key(),
    }
}

/// The Zobrist key table.
pub(crate) static ZOBRIST: Zobrist = build_zobrist();

#[cfg(test)]
mod tests {
    use super::*;
    use hexvar_geometry::table::NO_CELL;

    fn c(s: &str) -> usize {
        s.parse::<Cell>().unwrap().index()
    }

    fn names(set: u128) -> Vec<String> {
        cells(set).map(|c| c.to_string()).collect()
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
        assert_eq!(DARK.count_ones(), 48);
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

    #[test]
    fn rook_ne_from_e1_follows_the_spec_example() {
        // The official example lists the ray as far as h4; from the light h4 the NE step (0,+1) still reaches h5, just
        // as the official diagram RC1 shows the b3 Rook's NE ray ending h8, h9.
        assert_eq!(
            names(ROOK_RAYS[c("e1")][1]),
            ["e2", "f2", "f3", "g3", "g4", "h4", "h5"]
        );
    }

    fn slow_ray(steps: &[[u16; 6]; CELL_COUNT], c: usize, d: usize, occ: u128) -> u128 {
        let mut out = 0u128;
        let mut at = steps[c][d];
        while at != NO_CELL {
            out |= 1 << at;
            if occ >> at & 1 != 0 {
                break;
            }
            at = steps[at as usize][d];
        }
        out
    }

    #[test]
    fn first_moves_pick_each_double_push_by_its_target() {
        for color in 0..2 {
            for c in 0..CELL_COUNT {
                let first = &FIRST_MOVES[color][c];
                for (k, &(middle, target)) in PAWN_DOUBLES[color][c].iter().enumerate() {
                    assert_eq!(first.targets[k], target);
                    let push = &first.pushes[1 << k];
                    if middle != u8::MAX {
                        assert_eq!(push.middle, middle);
                        assert_eq!(push.catchers, PAWN_CAPTURES[color][middle as usize]);
                    }
                }
                // A single push (no target matches) and no cell at all (both would) catch nothing.
                assert_eq!(first.pushes[0].catchers | first.pushes[3].catchers, 0);
            }
        }
    }

    #[test]
    fn fast_slider_attacks_equal_walking_the_rays() {
        let mut stream = KeyStream::new(7);
        for round in 0..4000 {
            let mut occ = 0u128;
            for _ in 0..(round % 40) {
                occ |= 1 << (stream.next_key() % 96);
            }
            for cell in 0..CELL_COUNT {
                let mut rook = 0;
                let mut duke = 0;
                let mut bishop = 0;
                for d in 0..6 {
                    rook |= slow_ray(&ROOK_STEPS, cell, d, occ);
                    duke |= slow_ray(&DUKE_STEPS, cell, d, occ);
                    bishop |= slow_ray(&BISHOP_STEPS, cell, d, occ);
                }
                assert_eq!(rook_attacks(cell, occ), rook, "rook {cell} {occ:x}");
                assert_eq!(duke_attacks(cell, occ), duke, "duke {cell}");
                assert_eq!(bishop_attacks(cell, occ), bishop, "bishop {cell}");
            }
        }
    }

    #[test]
    fn pawn_tables() {
        let w = 0;
        assert_eq!(names(PAWN_PUSHES[w][c("e3")]), ["e4", "d5"]);
        assert_eq!(names(PAWN_CAPTURES[w][c("c7")]), ["b8", "d8", "c9"]);
        assert_eq!(
            PAWN_DOUBLES[1][c("b11")][0],
            (c("b10") as u8, c("a8") as u8)
        );
        assert_eq!(PAWN_DOUBLES[1][c("b11")][1], (c("c9") as u8, c("c8") as u8));
        assert_eq!(
            names(PROMOTION[0]),
            ["a12", "h12", "b13", "g13", "c14", "f14", "d15", "e15"]
        );
        assert_eq!(
            names(PROMOTION[1]),
            ["d1", "e1", "c2", "f2", "b3", "g3", "a4", "h4"]
        );
        assert_eq!(PAWN_START[0].count_ones(), 14);
        assert!(PAWN_START[1] >> c("b11") & 1 != 0);
        assert_eq!(KING[c("e6")].count_ones(), 12);
        assert_eq!(KNIGHT[c("e7")].count_ones(), 12);
        assert_eq!(
            names(KNIGHT[c("c3")] & !((1u128 << c("a5")) - 1) & !PAWN_START[0]),
            ["d5", "a6", "c6", "b7"]
        );
    }

    #[test]
    fn pawn_shifts_agree_with_the_pawn_tables() {
        for color in 0..2 {
            let s = &PAWN_SHIFTS[color];
            let shift = |set: u128, d: u32| if color == 0 { set << d } else { set >> d };
            let mut exceptions = 0;
            for (c, t) in PAWN_TABLE[color].iter().enumerate() {
                let one = 1u128 << c;
                let pushes = s
                    .pushes
                    .iter()
                    .fold(0, |a, p| a | shift(one & p.sources, p.delta));
                let captures = s
                    .captures
                    .iter()
                    .fold(0, |a, p| a | shift(one & p.sources, p.delta));
                let doubles = s.doubles.iter().fold(0, |a, (p, rest)| {
                    a | shift(shift(one & p.sources, p.delta), *rest)
                });
                let table_doubles = t.double[0] | t.double[1];
                if s.exceptions & one == 0 {
                    assert_eq!(pushes, t.push, "push {color} {c}");
                    assert_eq!(captures, t.capture, "capture {color} {c}");
                } else {
                    exceptions += 1;
                }
                if PAWN_START[color] & one != 0 {
                    assert_eq!(doubles, table_doubles, "double {color} {c}");
                }
            }
            // Only the edge ranks are exceptions: a pawn on ranks 4–10 always shifts (its steps
            // reach at most two ranks further, still 8-cell ranks).
            for c in cells(s.exceptions) {
                let r = if color == 0 { c.rank() } else { 16 - c.rank() };
                assert!(!(4..=10).contains(&r), "{color} {c}");
            }
            assert!(exceptions > 0);
        }
    }

    #[test]
    fn letters_of_sides_roles_and_pieces_round_trip() {
        for color in Color::ALL {
            assert_eq!(color.to_string().parse::<Color>().unwrap(), color);
        }
        for role in Role::ALL {
            assert_eq!(role.to_string().parse::<Role>().unwrap(), role);
            for color in Color::ALL {
                let piece = Piece::new(color, role);
                assert_eq!(piece.to_string().parse::<Piece>().unwrap(), piece);
            }
        }
        assert_eq!(
            "q".parse::<Piece>().unwrap(),
            Piece::new(Color::Black, Role::Queen)
        );
        for bad in ["", "x", "ww", "W", "K "] {
            assert!(bad.parse::<Color>().is_err(), "{bad}");
        }
        assert!("KQ".parse::<Piece>().is_err() && "".parse::<Role>().is_err());
    }

    #[test]
    fn zobrist_keys_are_distinct_and_no_rights_is_zero() {
        let z = &ZOBRIST;
        let mut all: Vec<u64> = z.piece.concat().into_iter().filter(|&k| k != 0).collect();
        assert_eq!(all.len(), 14 * CELL_COUNT);
        all.extend(z.unmoved);
        all.extend(z.ep);
        all.extend(&z.castling[1..]);
        all.push(z.black);
        let n = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), n);
        assert_eq!(z.castling[0], 0);
    }

    #[test]
    fn duke_look_ups_match_walking_the_lines() {
        let all: [usize; 6] = [0, 1, 2, 3, 4, 5];
        for occupied in hexvar_geometry::magic::sample_occupancies(CELL_COUNT, 400) {
            for from in 0..CELL_COUNT {
                assert_eq!(
                    duke_attacks_from(from, occupied),
                    hexvar_geometry::magic::attacks_by_walking(
                        &DUKE_LINE_STEPS,
                        from,
                        &all,
                        occupied
                    ),
                    "duke on {from}, occupancy {occupied:#x}"
                );
            }
        }
    }

    /// The search of the module's head, repeated: it finds exactly [`DUKE_MAGICS`].
    #[test]
    fn magics_are_the_search_result() {
        let found = hexvar_geometry::magic::search_magics(
            &DUKE_LINE_STEPS,
            &DUKE_TABLE_DIRECTIONS,
            0x9e37_79b9_7f4a_7c15,
        );
        assert_eq!(found, DUKE_MAGICS);
        let found = hexvar_geometry::magic::search_magics(
            &BISHOP_LINE_STEPS,
            &BISHOP_TABLE_DIRECTIONS,
            0x9e37_79b9_7f4a_7c15,
        );
        assert_eq!(found, BISHOP_MAGICS);
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::{Cell, Color, Piece, Role};

    hexvar_geometry::serde_as_text!(serde, Cell, "a Chessagon cell name like \"e15\"");
    hexvar_geometry::serde_as_text!(serde, Color, "a side's letter, \"w\" or \"b\"");
    hexvar_geometry::serde_as_text!(serde, Role, "a role's letter, one of PNBDRQK");
    hexvar_geometry::serde_as_text!(serde, Piece, "a piece's letter, like \"Q\" or \"d\"");
}
