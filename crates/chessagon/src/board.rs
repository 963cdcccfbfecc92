//! Cells, cell notation, colours, pieces, and the static tables (rays, leaps, between, Zobrist).
//!
//! The 96 triangles get a dense index `0..96` rank by rank (height `h = 0..15`), files `a..h`
//! left to right inside a rank. Triangle geometry comes from [`hexvar_geometry::triangle`]:
//! Chessagon's dark cells are the left-pointing triangles.

use core::fmt;
use core::str::FromStr;

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
const CELLS_C: [Tri; CELL_COUNT] = build_cells();

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
const DUKE_RAYS_C: [[u128; 6]; CELL_COUNT] =
    ray_table_128(&triangle::step_table(&CELLS_C, &triangle::VERTEX_ROWS));
const BISHOP_RAYS_C: [[u128; 6]; CELL_COUNT] = ray_table_128(&triangle::uniform_step_table(
    &CELLS_C,
    &triangle::DIAGONALS,
));

static ROOK_P: [[u128; 6]; SCANS] = padded(&ROOK_RAYS_C);
static DUKE_P: [[u128; 6]; SCANS] = padded(&DUKE_RAYS_C);
static BISHOP_P: [[u128; 6]; SCANS] = padded(&BISHOP_RAYS_C);
static ROOK_R: [[u128; SCANS]; 6] = reversed(&ROOK_RAYS_C);
static DUKE_R: [[u128; SCANS]; 6] = reversed(&DUKE_RAYS_C);
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

/// Duke destinations from `c` (below 64 when `LOW`) with occupancy `occ`. Only pieces on the
/// duke line's own cells block.
#[inline(always)]
pub(crate) fn duke_attacks_at<const LOW: bool>(c: usize, occ: u128) -> u128 {
    let (r, rev) = (&DUKE_P, &DUKE_R);
    up::<LOW>(r, c, 0, occ)
        | up::<LOW>(r, c, 1, occ)
        | up::<LOW>(r, c, 2, occ)
        | down::<LOW>(r, rev, c, 3, occ)
        | down::<LOW>(r, rev, c, 4, occ)
        | down::<LOW>(r, rev, c, 5, occ)
}

/// Bishop destinations from `c` (below 64 when `LOW`) with occupancy `occ`. Only same-colour
/// cells block.
#[inline(always)]
pub(crate) fn bishop_attacks_at<const LOW: bool>(c: usize, occ: u128) -> u128 {
    let (r, rev) = (&BISHOP_P, &BISHOP_R);
    up::<LOW>(r, c, 0, occ)
        | up::<LOW>(r, c, 1, occ)
        | down::<LOW>(r, rev, c, 2, occ)
        | down::<LOW>(r, rev, c, 3, occ)
        | down::<LOW>(r, rev, c, 4, occ)
        | up::<LOW>(r, c, 5, occ)
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
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::{Cell, Color, Piece, Role};

    hexvar_geometry::serde_as_text!(serde, Cell, "a Chessagon cell name like \"e15\"");
    hexvar_geometry::serde_as_text!(serde, Color, "a side's letter, \"w\" or \"b\"");
    hexvar_geometry::serde_as_text!(serde, Role, "a role's letter, one of PNBDRQK");
    hexvar_geometry::serde_as_text!(serde, Piece, "a piece's letter, like \"Q\" or \"d\"");
}
