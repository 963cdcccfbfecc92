//! Cells, cell notation, colours, pieces, and the static tables (rays, leaps, between, Zobrist).
//!
//! The 96 triangles get a dense index `0..96` rank by rank (height `h = 0..15`), files `a..h`
//! left to right inside a rank. Triangle geometry comes from [`hexvar_geometry::triangle`]:
//! Chessagon's dark cells are the left-pointing triangles.

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::table::{between_128, leap_sets_128, ray_table_128, NO_CELL};
use hexvar_geometry::triangle::{self, Tri};

/// Number of cells on the board.
pub const CELL_COUNT: usize = 96;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first, starts at the bottom (ranks 1–5).
    White = 0,
    /// Starts at the top (ranks 11–15).
    Black = 1,
}

impl Color {
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
}

impl core::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
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
    pub const fn upper_char(self) -> char {
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
        let c = self.role.upper_char();
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

    /// Index `0..14` (colour-major) for tables.
    #[inline]
    pub const fn index(self) -> usize {
        self.color.index() * 7 + self.role.index()
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

/// Lowest height (0-based) of file `f` (0..8): `3 - f` for `f <= 3`, `f - 4` otherwise.
pub const fn file_low(f: u8) -> u8 {
    if f <= 3 {
        3 - f
    } else {
        f - 4
    }
}

const fn build_cells() -> [Tri; CELL_COUNT] {
    let mut cells = [Tri::ZERO; CELL_COUNT];
    let mut n = 0;
    let mut h = 0u8;
    while h < 15 {
        let mut f = 0u8;
        while f < 8 {
            let lo = file_low(f);
            if h >= lo && h <= 14 - lo {
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
pub static CELLS: [Tri; CELL_COUNT] = build_cells();
const CELLS_C: [Tri; CELL_COUNT] = build_cells();

/// A cell: the dense index `0..96` (rank by rank from rank 1, files left to right).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

const fn build_grid() -> [[u8; 15]; 8] {
    let mut grid = [[u8::MAX; 15]; 8];
    let mut i = 0;
    while i < CELL_COUNT {
        grid[CELLS_C[i].x as usize][CELLS_C[i].y as usize] = i as u8;
        i += 1;
    }
    grid
}
static GRID: [[u8; 15]; 8] = build_grid();

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

    /// The cell with dense index `index`, which must be `< 96` (checked in debug builds).
    #[inline]
    pub const fn new_unchecked(index: usize) -> Cell {
        debug_assert!(index < CELL_COUNT);
        Cell(index as u8)
    }

    /// The cell on `file` (0 = a … 7 = h) and `rank` (1 … 15), if it is on the board.
    pub fn from_file_rank(file: u8, rank: u8) -> Option<Cell> {
        if file >= 8 || rank == 0 || rank > 15 {
            return None;
        }
        let i = GRID[file as usize][rank as usize - 1];
        (i != u8::MAX).then_some(Cell(i))
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

    /// Whether the cell is dark (a left-pointing triangle: file + rank − 1 odd).
    #[inline]
    pub fn is_dark(self) -> bool {
        CELLS[self.index()].points_left()
    }

    /// The singleton set of this cell.
    #[inline]
    pub const fn bit(self) -> u128 {
        1u128 << self.0
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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid cell name {0:?} (files a–h, ranks 1–15, inside the hexagon)")]
pub struct ParseCellError(pub String);

impl FromStr for Cell {
    type Err = ParseCellError;
    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        let err = || ParseCellError(s.to_string());
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

/// Iterate over the cells of a bit set.
#[inline]
pub fn cells(set: u128) -> impl Iterator<Item = Cell> {
    let mut s = set;
    core::iter::from_fn(move || {
        if s == 0 {
            None
        } else {
            let i = s.trailing_zeros();
            s &= s - 1;
            Some(Cell(i as u8))
        }
    })
}

/// All dark cells.
pub static DARK: u128 = {
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
pub static ROOK_STEPS: [[u16; 6]; CELL_COUNT] =
    triangle::step_table(&CELLS_C, &triangle::FACE_ROWS);
/// Duke directions (vertex rows): E, NE, NW, W, SW, SE.
pub static DUKE_STEPS: [[u16; 6]; CELL_COUNT] =
    triangle::step_table(&CELLS_C, &triangle::VERTEX_ROWS);
/// Bishop directions (same-colour diagonals): N, NE, SE, S, SW, NW.
pub static BISHOP_STEPS: [[u16; 6]; CELL_COUNT] =
    triangle::uniform_step_table(&CELLS_C, &triangle::DIAGONALS);

/// Rook rays per cell and direction (see [`ROOK_STEPS`]).
pub static ROOK_RAYS: [[u128; 6]; CELL_COUNT] = ray_table_128(&ROOK_STEPS);
/// Duke rays per cell and direction (see [`DUKE_STEPS`]).
pub static DUKE_RAYS: [[u128; 6]; CELL_COUNT] = ray_table_128(&DUKE_STEPS);
/// Bishop rays per cell and direction (see [`BISHOP_STEPS`]).
pub static BISHOP_RAYS: [[u128; 6]; CELL_COUNT] = ray_table_128(&BISHOP_STEPS);

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
pub static ROOK_ALL: [u128; CELL_COUNT] = unions(&ray_table_128(&triangle::step_table(
    &CELLS_C,
    &triangle::FACE_ROWS,
)));
/// Every cell on a duke ray of a cell (empty board).
pub static DUKE_ALL: [u128; CELL_COUNT] = unions(&ray_table_128(&triangle::step_table(
    &CELLS_C,
    &triangle::VERTEX_ROWS,
)));
/// Every cell on a bishop ray of a cell (empty board).
pub static BISHOP_ALL: [u128; CELL_COUNT] = unions(&ray_table_128(&triangle::uniform_step_table(
    &CELLS_C,
    &triangle::DIAGONALS,
)));

/// Knight targets of every cell.
pub static KNIGHT: [u128; CELL_COUNT] =
    leap_sets_128(&triangle::step_table(&CELLS_C, &triangle::KNIGHT));
/// King targets (the 12 touching cells) of every cell.
pub static KING: [u128; CELL_COUNT] =
    leap_sets_128(&triangle::step_table(&CELLS_C, &triangle::TOUCHING));

/// Cells strictly between two cells on a common rook line.
pub static BETWEEN_ROOK: [[u128; CELL_COUNT]; CELL_COUNT] =
    between_128(&triangle::step_table(&CELLS_C, &triangle::FACE_ROWS));
/// Cells strictly between two cells on a common duke line.
pub static BETWEEN_DUKE: [[u128; CELL_COUNT]; CELL_COUNT] =
    between_128(&triangle::step_table(&CELLS_C, &triangle::VERTEX_ROWS));
/// Same-colour cells strictly between two cells on a common bishop line.
pub static BETWEEN_BISHOP: [[u128; CELL_COUNT]; CELL_COUNT] = between_128(
    &triangle::uniform_step_table(&CELLS_C, &triangle::DIAGONALS),
);

// The dense index runs rank by rank, so a ray that climbs meets its nearest blocker at the lowest
// set bit and a ray that descends at the highest — except inside one rank, where a face row may
// hold two cells. The NW face row visits them right-to-left (the higher index first), the SE face
// row left-to-right (the lower index first): there the pair partner of the bit found is checked.

const fn padded(rays: &[[u128; 6]; CELL_COUNT]) -> [[u128; 6]; 128] {
    let mut out = [[0u128; 6]; 128];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = rays[i];
        i += 1;
    }
    out
}

// Ray tables padded to 128 rows (rows 96.. are empty), so that "no blocker" needs no branch:
// a climbing ray ORs in the unused bit 127 before the bit scan; a descending one masks the
// (wrapped) index of an empty scan to 127.
static ROOK_P: [[u128; 6]; 128] = padded(&ray_table_128(&triangle::step_table(
    &CELLS_C,
    &triangle::FACE_ROWS,
)));
static DUKE_P: [[u128; 6]; 128] = padded(&ray_table_128(&triangle::step_table(
    &CELLS_C,
    &triangle::VERTEX_ROWS,
)));
static BISHOP_P: [[u128; 6]; 128] = padded(&ray_table_128(&triangle::uniform_step_table(
    &CELLS_C,
    &triangle::DIAGONALS,
)));

/// `1` where the next index lies in the same rank (for the face-row pair fix), by index.
static NEXT_SAME_RANK: [u8; 129] = {
    let mut out = [0u8; 129];
    let mut i = 0;
    while i + 1 < CELL_COUNT {
        if CELLS_C[i].y == CELLS_C[i + 1].y {
            out[i] = 1;
        }
        i += 1;
    }
    out
};

const SENTINEL: u128 = 1 << 127;

#[inline(always)]
fn up(rays: &[[u128; 6]; 128], c: usize, d: usize, occ: u128) -> u128 {
    let ray = rays[c][d];
    let n = ((ray & occ) | SENTINEL).trailing_zeros() as usize;
    ray ^ rays[n][d]
}

#[inline(always)]
fn down(rays: &[[u128; 6]; 128], c: usize, d: usize, occ: u128) -> u128 {
    let ray = rays[c][d];
    let n = 127usize.wrapping_sub((ray & occ).leading_zeros() as usize) & 127;
    ray ^ rays[n][d]
}

/// Rook destinations from `c` with occupancy `occ` (including the first blocker of each ray).
#[inline]
pub fn rook_attacks(c: usize, occ: u128) -> u128 {
    let r = &ROOK_P;
    let mut att = up(r, c, 0, occ) | up(r, c, 1, occ) | down(r, c, 3, occ) | down(r, c, 4, occ);
    // NW climbs, but inside a rank it visits the higher index first: if the lowest blocker has
    // a blocking partner just after it in the same rank, the partner is the nearer one.
    let ray = r[c][5];
    let x = ray & occ;
    let n = (x | SENTINEL).trailing_zeros() as usize;
    let n = n + ((x >> n >> 1) as usize & 1 & NEXT_SAME_RANK[n] as usize);
    att |= ray ^ r[n & 127][5];
    // SE descends, but inside a rank it visits the lower index first.
    let ray = r[c][2];
    let x = ray & occ;
    let n = 127usize.wrapping_sub(x.leading_zeros() as usize) & 127;
    let m = n.wrapping_sub(1) & 127;
    let n = n - ((x >> m) as usize & 1 & NEXT_SAME_RANK[m] as usize & (n != 0) as usize);
    att |= ray ^ r[n][2];
    att
}

/// Duke destinations from `c` with occupancy `occ`. Only pieces on the duke line's own cells block.
#[inline]
pub fn duke_attacks(c: usize, occ: u128) -> u128 {
    let r = &DUKE_P;
    up(r, c, 0, occ)
        | up(r, c, 1, occ)
        | up(r, c, 2, occ)
        | down(r, c, 3, occ)
        | down(r, c, 4, occ)
        | down(r, c, 5, occ)
}

/// Bishop destinations from `c` with occupancy `occ`. Only same-colour cells block.
#[inline]
pub fn bishop_attacks(c: usize, occ: u128) -> u128 {
    let r = &BISHOP_P;
    up(r, c, 0, occ)
        | up(r, c, 1, occ)
        | down(r, c, 2, occ)
        | down(r, c, 3, occ)
        | down(r, c, 4, occ)
        | up(r, c, 5, occ)
}

/// Queen destinations: the union of the rook, duke and bishop parts, each blocked by its own rules.
#[inline]
pub fn queen_attacks(c: usize, occ: u128) -> u128 {
    rook_attacks(c, occ) | duke_attacks(c, occ) | bishop_attacks(c, occ)
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
pub static PAWN_PUSHES: [[u128; CELL_COUNT]; 2] = build_pushes();
/// Pawn captures (the three forward points-adjacent cells), per side and cell.
pub static PAWN_CAPTURES: [[u128; CELL_COUNT]; 2] = build_captures();
/// First-move double pushes `(middle, target)` per side and cell (`u8::MAX` = none).
pub static PAWN_DOUBLES: [[[(u8, u8); 2]; CELL_COUNT]; 2] = build_doubles();

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

/// First-move double pushes as `(middle and target cells, target cell)` bit sets per side and
/// cell: the push is possible when the first set is empty (`(u128::MAX, 0)` = no such push).
pub static DOUBLE_PATHS: [[[(u128, u128); 2]; CELL_COUNT]; 2] = build_double_paths();

/// Everything a pawn on one cell can do, in one place (one cache-friendly lookup per pawn).
#[derive(Clone, Copy, Debug)]
pub struct PawnMoves {
    /// Single pushes (f2f and p2p forward).
    pub push: u128,
    /// Capture cells.
    pub capture: u128,
    /// Double-push targets (0 when off the board).
    pub double: [u128; 2],
    /// Middle and target cells of each double push (`u128::MAX` when there is none).
    pub path: [u128; 2],
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
pub static PAWN_TABLE: [[PawnMoves; CELL_COUNT]; 2] = build_pawn_table();

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
pub static PROMOTION: [u128; 2] = build_back_edges();

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
pub static PAWN_START: [u128; 2] = [WHITE_PAWN_START, mirror_set(WHITE_PAWN_START)];

/// The cell mirrored top to bottom (rank `r` → `16 - r`), the board symmetry between the sides.
pub fn mirror(c: Cell) -> Cell {
    Cell(MIRROR[c.index()])
}

static MIRROR: [u8; CELL_COUNT] = {
    let mut out = [0u8; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let t = CELLS_C[i];
        out[i] = cell_at(t.x as u8, 15 - t.y as u8) as u8;
        i += 1;
    }
    out
};

/// Named cell constant by file (0 = a) and rank (1-based), usable in `const` context.
pub const fn cell(file: u8, rank: u8) -> Cell {
    Cell(cell_at(file, rank) as u8)
}

// ---------------------------------------------------------------------------------------------
// Zobrist keys.

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Zobrist keys: 14 pieces × 96 cells, then unmoved-pawn flags (96), en passant middle cells (96),
/// castling rights (16), side to move (1).
pub struct Zobrist {
    /// Piece on cell, by [`Piece::index`].
    pub piece: [[u64; CELL_COUNT]; 14],
    /// Unmoved pawn (double push allowed) on cell.
    pub unmoved: [u64; CELL_COUNT],
    /// En passant middle cell.
    pub ep: [u64; CELL_COUNT],
    /// Castling rights bit set.
    pub castling: [u64; 16],
    /// Black to move.
    pub black: u64,
}

const fn build_zobrist() -> Zobrist {
    let mut z = Zobrist {
        piece: [[0; CELL_COUNT]; 14],
        unmoved: [0; CELL_COUNT],
        ep: [0; CELL_COUNT],
        castling: [0; 16],
        black: 0,
    };
    let mut state = 0x1234_5678_9ABC_DEF0u64;
    let mut p = 0;
    while p < 14 {
        let mut c = 0;
        while c < CELL_COUNT {
            let (s, v) = splitmix(state);
            state = s;
            z.piece[p][c] = v;
            c += 1;
        }
        p += 1;
    }
    let mut c = 0;
    while c < CELL_COUNT {
        let (s, v) = splitmix(state);
        let (s2, w) = splitmix(s);
        state = s2;
        z.unmoved[c] = v;
        z.ep[c] = w;
        c += 1;
    }
    let mut k = 1;
    while k < 16 {
        let (s, v) = splitmix(state);
        state = s;
        z.castling[k] = v;
        k += 1;
    }
    let (_, v) = splitmix(state);
    z.black = v;
    z
}

/// The Zobrist key table.
pub static ZOBRIST: Zobrist = build_zobrist();

#[allow(dead_code)]
const _: () = assert!(NO_CELL == u16::MAX);

#[cfg(test)]
mod tests {
    use super::*;

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
            "a1", "a3", "a13", "i4", "d0", "d16", "d01", "", "d", "dd", "d1x",
        ] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
        assert_eq!(DARK.count_ones(), 48);
        assert!(Cell::ALL[c("d1")].is_dark() && !Cell::ALL[c("e1")].is_dark());
        assert!(Cell::ALL[c("d15")].is_dark() && !Cell::ALL[c("e15")].is_dark());
    }

    #[test]
    fn rook_ne_from_e1_follows_the_spec_example() {
        // §4 lists the ray as far as h4; from the light h4 the NE step (0,+1) still reaches h5, just
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
    fn fast_slider_attacks_equal_walking_the_rays() {
        let mut state = 7u64;
        for round in 0..4000 {
            let mut occ = 0u128;
            for _ in 0..(round % 40) {
                let (s, v) = splitmix(state);
                state = s;
                occ |= 1 << (v % 96);
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
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::{Cell, Piece};
    use serde::{de::Error, Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for Cell {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Cell {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
            let s = String::deserialize(d)?;
            s.parse().map_err(D::Error::custom)
        }
    }

    impl Serialize for Piece {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Piece {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Piece, D::Error> {
            let s = String::deserialize(d)?;
            let mut chars = s.chars();
            match (chars.next().and_then(Piece::from_char), chars.next()) {
                (Some(p), None) => Ok(p),
                _ => Err(D::Error::custom(format!("invalid piece {s:?}"))),
            }
        }
    }
}
