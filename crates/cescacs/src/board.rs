//! Cells, CTL cell notation, colours, pieces and the static tables (rays, leaps, Zobrist keys).
//!
//! The 169 cells are numbered line by line (line 0 first), left to right within a line, so
//! the dense index grows along every direction that raises the line, and along the
//! transversal diagonal to the right. A ray in such a "positive" direction meets its nearest
//! blocker at the lowest set bit; in the other six directions at the highest.

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::san::cut;
use hexvar_geometry::table::{self, NO_CELL};
use hexvar_geometry::zobrist::KeyStream;
pub use hexvar_geometry::ParseLetterError;
use hexvar_geometry::{parse_letter, Hex, WideSet};

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
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = CellSet::single(i);
        i += 1;
    }
    out
};

/// The nearest cell of `blockers` along a ray in direction `d` (see [`positive`]): the lowest
/// set index in a positive direction, else the highest. `None` for an empty set.
#[inline(always)]
pub(crate) fn nearest(blockers: &CellSet, d: usize) -> Option<usize> {
    if positive(d) {
        blockers.first()
    } else {
        blockers.last()
    }
}

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
const COORDS_C: [(u8, u8); CELL_COUNT] = build_coords();

const fn axial(c: i32, l: i32) -> Hex {
    let q = c - 7;
    Hex::new(q as i8, ((l - 14 - q) / 2) as i8)
}

const fn step(dc: i32, dl: i32) -> Hex {
    Hex::new(dc as i8, ((dl - dc) / 2) as i8)
}

const fn build_hexes() -> [Hex; CELL_COUNT] {
    let mut out = [Hex::ZERO; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = axial(COORDS_C[i].0 as i32, COORDS_C[i].1 as i32);
        i += 1;
    }
    out
}

/// The axial coordinates of every cell (see [`hexvar_geometry::Hex`]).
pub(crate) const HEXES: [Hex; CELL_COUNT] = build_hexes();

const fn build_index() -> [[u8; 29]; 15] {
    let mut out = [[u8::MAX; 29]; 15];
    let mut i = 0;
    while i < CELL_COUNT {
        out[COORDS_C[i].0 as usize][COORDS_C[i].1 as usize] = i as u8;
        i += 1;
    }
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

/// The twelve knight leaps as `(Δcolumn, Δline)`.
pub(crate) const KNIGHT_LEAPS: [(i8, i8); 12] = [
    (3, 1),
    (3, -1),
    (-3, 1),
    (-3, -1),
    (2, 4),
    (2, -4),
    (-2, 4),
    (-2, -4),
    (1, 5),
    (1, -5),
    (-1, 5),
    (-1, -5),
];

const fn to_hexes<const D: usize>(v: &[(i8, i8); D]) -> [Hex; D] {
    let mut out = [Hex::ZERO; D];
    let mut i = 0;
    while i < D {
        out[i] = step(v[i].0 as i32, v[i].1 as i32);
        i += 1;
    }
    out
}

const fn doubled<const D: usize>(v: &[(i8, i8); D]) -> [(i8, i8); D] {
    let mut out = [(0, 0); D];
    let mut i = 0;
    while i < D {
        out[i] = (v[i].0 * 2, v[i].1 * 2);
        i += 1;
    }
    out
}

/// `STEPS[cell][d]`: the neighbour of `cell` in direction `d`, or [`NO_CELL`].
pub(crate) static STEPS: [[u16; 12]; CELL_COUNT] =
    table::step_table(&HEXES, &to_hexes(&DIRECTIONS));
/// [`STEPS`] for `const` builders.
pub(crate) const STEPS_C: [[u16; 12]; CELL_COUNT] =
    table::step_table(&HEXES, &to_hexes(&DIRECTIONS));
/// `KNIGHT_STEPS_C[cell][k]`: the knight leap `k` from `cell`, or [`NO_CELL`].
const KNIGHT_STEPS_C: [[u16; 12]; CELL_COUNT] = table::step_table(&HEXES, &to_hexes(&KNIGHT_LEAPS));

/// No cell in a `u8` table.
pub(crate) const NO_CELL_U8: u8 = u8::MAX;

const fn build_ride_beyond() -> [[u8; CELL_COUNT]; CELL_COUNT] {
    let leaps = KNIGHT_STEPS_C;
    let rides = table::step_table(&HEXES, &to_hexes(&doubled(&KNIGHT_LEAPS)));
    let mut out = [[NO_CELL_U8; CELL_COUNT]; CELL_COUNT];
    let mut from = 0;
    while from < CELL_COUNT {
        let mut k = 0;
        while k < 12 {
            if leaps[from][k] != NO_CELL && rides[from][k] != NO_CELL {
                out[from][leaps[from][k] as usize] = rides[from][k] as u8;
            }
            k += 1;
        }
        from += 1;
    }
    out
}

/// `RIDE_BEYOND[from][over]`: where a Knight on `from` riding over its leap hex `over` lands
/// (the same leap again), or [`NO_CELL_U8`]: a ride is looked up only for the empty leap hexes.
pub(crate) static RIDE_BEYOND: [[u8; CELL_COUNT]; CELL_COUNT] = build_ride_beyond();

/// `RAYS[cell][d]`: the cells reached by repeating direction `d` from `cell`.
pub(crate) static RAYS: [[CellSet; 12]; CELL_COUNT] = table::ray_table_wide(&STEPS_C);
const fn build_lines(first: usize) -> [CellSet; CELL_COUNT] {
    let mut out = [CellSet::EMPTY; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let mut d = first;
        while d < first + 6 {
            let mut at = STEPS_C[i][d];
            while at != NO_CELL {
                out[i] = out[i].with(at as usize);
                at = STEPS_C[at as usize][d];
            }
            d += 1;
        }
        i += 1;
    }
    out
}

/// `LINES[0][cell]`: every cell on an orthogonal line through `cell`; `LINES[1]`: diagonal.
pub(crate) static LINES: [[CellSet; CELL_COUNT]; 2] = [build_lines(0), build_lines(6)];
/// `KING_STEPS[cell]`: the twelve neighbours (orthogonal and diagonal).
pub(crate) static KING_STEPS: [CellSet; CELL_COUNT] = table::leap_sets_wide(&STEPS_C);
/// `KNIGHT[cell]`: the knight leaps.
pub(crate) static KNIGHT: [CellSet; CELL_COUNT] = table::leap_sets_wide(&KNIGHT_STEPS_C);

const fn build_line_dir() -> [[u8; CELL_COUNT]; CELL_COUNT] {
    let mut out = [[u8::MAX; CELL_COUNT]; CELL_COUNT];
    let mut a = 0;
    while a < CELL_COUNT {
        let mut d = 0;
        while d < 12 {
            let mut at = STEPS_C[a][d];
            while at != NO_CELL {
                out[a][at as usize] = d as u8;
                at = STEPS_C[at as usize][d];
            }
            d += 1;
        }
        a += 1;
    }
    out
}

/// `LINE_DIR[a][b]`: the direction from `a` to `b` if they share a line, else `u8::MAX`.
pub(crate) static LINE_DIR: [[u8; CELL_COUNT]; CELL_COUNT] = build_line_dir();

/// The cells strictly between `a` and `b` on their common line (empty if none).
#[inline]
pub(crate) fn between(a: usize, b: usize) -> CellSet {
    let d = LINE_DIR[a][b];
    if d == u8::MAX {
        return CellSet::EMPTY;
    }
    (RAYS[a][d as usize] ^ RAYS[b][d as usize]).without(b)
}

/// Forward direction index (straight step) for White (0) and Black (1).
pub(crate) const FORWARD: [usize; 2] = [0, 3];
/// The two forward-diagonal (capture) directions per colour.
pub(crate) const PAWN_CAPTURE_DIRS: [[usize; 2]; 2] = [[7, 8], [10, 11]];
/// The two 60° oblique forward directions per colour.
pub(crate) const PAWN_OBLIQUE_DIRS: [[usize; 2]; 2] = [[1, 2], [4, 5]];
/// The four non-transversal diagonal directions (the Elephant's diagonal steps).
pub(crate) const ELEPHANT_DIAG_DIRS: [usize; 4] = [7, 8, 10, 11];

const fn build_dir_sets<const K: usize>(dirs: [usize; K]) -> [CellSet; CELL_COUNT] {
    let mut out = [CellSet::EMPTY; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let mut k = 0;
        while k < K {
            let t = STEPS_C[i][dirs[k]];
            if t != NO_CELL {
                out[i] = out[i].with(t as usize);
            }
            k += 1;
        }
        i += 1;
    }
    out
}

/// `PAWN_OBLIQUE[color][cell]`: the pawn's two 60° oblique forward steps.
pub(crate) static PAWN_OBLIQUE: [[CellSet; CELL_COUNT]; 2] = [
    build_dir_sets(PAWN_OBLIQUE_DIRS[0]),
    build_dir_sets(PAWN_OBLIQUE_DIRS[1]),
];

/// The triple-step hexes of each side (rules §3): the initial pawn hexes minus the A, F and L
/// pawns: White B4 C5 D6 E7 G7 H6 I5 K4; Black B24 C23 D22 E21 G21 H22 I23 K24.
const TRIPLE_STEP_C: [CellSet; 2] = {
    const fn set(cells: [(u8, u8); 8]) -> CellSet {
        let mut b = CellSet::EMPTY;
        let mut i = 0;
        while i < 8 {
            b = b.with(cell_const(cells[i].0, cells[i].1).index());
            i += 1;
        }
        b
    }
    [
        set([
            (3, 4),
            (4, 5),
            (5, 6),
            (6, 7),
            (8, 7),
            (9, 6),
            (10, 5),
            (11, 4),
        ]),
        set([
            (3, 24),
            (4, 23),
            (5, 22),
            (6, 21),
            (8, 21),
            (9, 22),
            (10, 23),
            (11, 24),
        ]),
    ]
};

/// The most straight steps of a pawn: two from any hex, three from a triple-step hex.
const fn build_pushes(color: usize) -> [CellSet; CELL_COUNT] {
    let mut out = [CellSet::EMPTY; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let max = if TRIPLE_STEP_C[color].has(i) { 3 } else { 2 };
        let mut at = i;
        let mut s = 0;
        while s < max {
            let next = STEPS_C[at][FORWARD[color]];
            if next == NO_CELL {
                break;
            }
            at = next as usize;
            out[i] = out[i].with(at);
            s += 1;
        }
        i += 1;
    }
    out
}

/// `PAWN_PUSHES[color][cell]`: the hexes of the pawn's straight steps on an empty board.
pub(crate) static PAWN_PUSHES: [[CellSet; CELL_COUNT]; 2] = [build_pushes(0), build_pushes(1)];

const fn build_push_counts(color: usize) -> [u8; CELL_COUNT] {
    let pushes = build_pushes(color);
    let mut out = [0; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = pushes[i].len() as u8;
        i += 1;
    }
    out
}

/// `PAWN_PUSH_COUNT[color][cell]`: the number of hexes in `PAWN_PUSHES[color][cell]`.
pub(crate) static PAWN_PUSH_COUNT: [[u8; CELL_COUNT]; 2] =
    [build_push_counts(0), build_push_counts(1)];

/// The cells from which a pawn of `color` may reach (or stands on) its promotion edge with one
/// move: its moves there are promotions or awaiting moves, counted one by one.
const fn build_promotion_reach(color: usize) -> CellSet {
    let pushes = build_pushes(color);
    let oblique = build_dir_sets(PAWN_OBLIQUE_DIRS[color]);
    let captures = build_dir_sets(PAWN_CAPTURE_DIRS[color]);
    let edge = LINE_SETS.1[color];
    let mut out = CellSet::EMPTY;
    let mut i = 0;
    while i < CELL_COUNT {
        let reach = pushes[i].union(&oblique[i]).union(&captures[i]);
        let mut w = 0;
        let mut hits = edge.has(i);
        while w < 3 {
            hits |= reach.0[w] & edge.0[w] != 0;
            w += 1;
        }
        if hits {
            out = out.with(i);
        }
        i += 1;
    }
    out
}

/// `PROMOTION_REACH[color]`: see [`build_promotion_reach`].
pub(crate) static PROMOTION_REACH: [CellSet; 2] =
    [build_promotion_reach(0), build_promotion_reach(1)];

/// `PAWN_ATTACKS[color][cell]`: the cells a pawn of `color` on `cell` attacks.
pub(crate) static PAWN_ATTACKS: [[CellSet; CELL_COUNT]; 2] = [
    build_dir_sets(PAWN_CAPTURE_DIRS[0]),
    build_dir_sets(PAWN_CAPTURE_DIRS[1]),
];
/// `ELEPHANT_DIAG[cell]`: the Elephant's four diagonal steps.
pub(crate) static ELEPHANT_DIAG: [CellSet; CELL_COUNT] = build_dir_sets(ELEPHANT_DIAG_DIRS);

const fn build_line_sets() -> ([CellSet; 3], [CellSet; 2]) {
    let mut colours = [CellSet::EMPTY; 3];
    let mut edges = [CellSet::EMPTY; 2];
    let mut i = 0;
    while i < CELL_COUNT {
        let (c, l) = COORDS_C[i];
        colours[(l % 3) as usize] = colours[(l % 3) as usize].with(i);
        if l == column_max_line(c) {
            edges[0] = edges[0].with(i);
        }
        if l == column_min_line(c) {
            edges[1] = edges[1].with(i);
        }
        i += 1;
    }
    (colours, edges)
}

const LINE_SETS: ([CellSet; 3], [CellSet; 2]) = build_line_sets();
/// The cells of each colour (index = line mod 3: 0 black, 1 white, 2 coloured).
pub(crate) static SHADE_CELLS: [CellSet; 3] = LINE_SETS.0;
/// The promotion edge of each side (White: the far top boundary; Black: the bottom one).
pub(crate) static PROMOTION_EDGE: [CellSet; 2] = LINE_SETS.1;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White, moving towards line 28.
    White,
    /// Black, moving towards line 0.
    Black,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other side.
    #[inline]
    #[must_use]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The line direction of this side's pawns: `+1` White, `-1` Black.
    #[inline]
    pub const fn forward(self) -> i8 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }

    /// `'w'` or `'b'`.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The side of `'w'` or `'b'` (either case).
    pub const fn from_char(c: char) -> Option<Color> {
        match c.to_ascii_lowercase() {
            'w' => Some(Color::White),
            'b' => Some(Color::Black),
            _ => None,
        }
    }

    /// `"White"` or `"Black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// A piece kind. Letters follow CTL-AN (language independent).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// King (`K`).
    King,
    /// Queen (`D`, "Dama"): orthogonal and diagonal slider.
    Queen,
    /// Wyvern (`V`): orthogonal slider plus knight leap.
    Wyvern,
    /// Rook (`R`): orthogonal slider.
    Rook,
    /// Pegasus (`G`): diagonal slider plus knight leap.
    Pegasus,
    /// Knight (`N`): knight leap plus the non-capturing ride.
    Knight,
    /// Bishop (`J`): diagonal slider.
    Bishop,
    /// Elephant (`E`): diagonal steps forward and back, one or two steps straight forward.
    Elephant,
    /// Pawn (`P`, omitted in move notation).
    Pawn,
}

impl Role {
    /// All roles, in the order of their index.
    pub const ALL: [Role; 9] = [
        Role::King,
        Role::Queen,
        Role::Wyvern,
        Role::Rook,
        Role::Pegasus,
        Role::Knight,
        Role::Bishop,
        Role::Elephant,
        Role::Pawn,
    ];

    /// The roles a pawn may promote to ("regainable" pieces).
    pub const PROMOTIONS: [Role; 6] = [
        Role::Queen,
        Role::Wyvern,
        Role::Rook,
        Role::Pegasus,
        Role::Knight,
        Role::Bishop,
    ];

    /// Index into [`Role::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The CTL-AN letter (uppercase).
    pub const fn char(self) -> char {
        match self {
            Role::King => 'K',
            Role::Queen => 'D',
            Role::Wyvern => 'V',
            Role::Rook => 'R',
            Role::Pegasus => 'G',
            Role::Knight => 'N',
            Role::Bishop => 'J',
            Role::Elephant => 'E',
            Role::Pawn => 'P',
        }
    }

    /// The material value in centipawns: the author's relative values (the rules page, "Piece
    /// values") times 100: P 100, E 200, J 300, N 400, G 800, R 1000, V 1500, D 1600, K 0. (The
    /// author adds a point for holding all three Bishops, which no single role carries.)
    pub const fn value(self) -> i32 {
        match self {
            Role::King => 0,
            Role::Queen => 1600,
            Role::Wyvern => 1500,
            Role::Rook => 1000,
            Role::Pegasus => 800,
            Role::Knight => 400,
            Role::Bishop => 300,
            Role::Elephant => 200,
            Role::Pawn => 100,
        }
    }

    /// The role of a letter, case-insensitive, accepting the aliases of the rules
    /// (`Q`=D, `W`=V, `T`=R, `C`/`S`=N, `A`/`B`/`F`/`L`=J, `H`=E).
    pub const fn from_char(ch: char) -> Option<Role> {
        Some(match ch.to_ascii_uppercase() {
            'K' => Role::King,
            'D' | 'Q' => Role::Queen,
            'V' | 'W' => Role::Wyvern,
            'R' | 'T' => Role::Rook,
            'G' => Role::Pegasus,
            'N' | 'C' | 'S' => Role::Knight,
            'J' | 'A' | 'B' | 'F' | 'L' => Role::Bishop,
            'E' | 'H' => Role::Elephant,
            'P' => Role::Pawn,
            _ => return None,
        })
    }

    /// The number of pieces of this role each side starts with.
    pub const fn initial_count(self) -> u32 {
        match self {
            Role::King | Role::Queen | Role::Wyvern => 1,
            Role::Rook | Role::Pegasus | Role::Knight => 2,
            Role::Bishop => 3,
            Role::Elephant => 4,
            Role::Pawn => 11,
        }
    }
}

/// A piece: a colour and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// The letter of the position format: uppercase White, lowercase Black.
    pub const fn char(self) -> char {
        match self.color {
            Color::White => self.role.char(),
            Color::Black => self.role.char().to_ascii_lowercase(),
        }
    }

    /// The piece of a position-format letter (aliases accepted).
    pub const fn from_char(ch: char) -> Option<Piece> {
        if !ch.is_ascii_alphabetic() {
            return None;
        }
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(ch) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

impl fmt::Display for Color {
    /// `w` or `b`, as in the position text.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Color {
    type Err = ParseLetterError;
    /// `w` or `b` (either case).
    fn from_str(text: &str) -> Result<Color, ParseLetterError> {
        parse_letter(text, Color::from_char, "side", "`w` or `b`")
    }
}

impl fmt::Display for Role {
    /// The CTL-AN letter, upper case.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Role {
    type Err = ParseLetterError;
    /// A role letter in either case, aliases accepted ([`Role::from_char`]).
    fn from_str(text: &str) -> Result<Role, ParseLetterError> {
        parse_letter(
            text,
            Role::from_char,
            "role",
            "one of `K D V R G N J E P` or an alias",
        )
    }
}

impl fmt::Display for Piece {
    /// The letter of the position text: upper case White, lower case Black.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Piece {
    type Err = ParseLetterError;
    /// A letter of the position text (aliases accepted).
    fn from_str(text: &str) -> Result<Piece, ParseLetterError> {
        parse_letter(
            text,
            Piece::from_char,
            "piece",
            "a role letter, upper case for White, lower case for Black",
        )
    }
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

/// A hex of the 169-hex board, as its dense index (`0..169`, line by line). `Debug` and
/// `Display` print its name (`F14`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// The centre hex, F14.
    pub const CENTRE: Cell = cell_const(7, 14);

    /// Every cell, by dense index.
    pub const ALL: [Cell; CELL_COUNT] = {
        let mut out = [Cell(0); CELL_COUNT];
        let mut i = 0;
        while i < CELL_COUNT {
            out[i] = Cell(i as u8);
            i += 1;
        }
        out
    };

    /// The cell of a dense index, if `< 169`.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Cell> {
        if i < CELL_COUNT {
            Some(Cell(i as u8))
        } else {
            None
        }
    }

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

    /// Dense index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
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

    /// The neighbour in direction `d` (index into `DIRECTIONS`).
    #[inline]
    pub(crate) fn step(self, d: usize) -> Option<Cell> {
        let t = STEPS[self.index()][d];
        (t != NO_CELL).then_some(Cell(t as u8))
    }

    /// The cell mirrored for the other side (same column, line `28 - l`).
    #[inline]
    pub fn flip(self) -> Cell {
        FLIP[self.index()]
    }

    /// Whether this cell is on `color`'s promotion edge.
    #[inline]
    pub fn is_promotion_edge(self, color: Color) -> bool {
        PROMOTION_EDGE[color.index()].has(self.index())
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.column_char(), self.line())
    }
}

/// A cell text that names no hex of the board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid cell {0:?}: expected a column P T A B C D E F G H I K L X Z and a line 0-28 of the right parity")]
pub struct ParseCellError(pub String);

/// The column index of a column letter (case-insensitive).
pub(crate) fn column_of_char(ch: char) -> Option<u8> {
    let up = ch.to_ascii_uppercase();
    COLUMN_LETTERS
        .iter()
        .position(|&c| c == up)
        .map(|c| c as u8)
}

impl FromStr for Cell {
    type Err = ParseCellError;
    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        let err = || ParseCellError(cut(s, 100));
        let mut chars = s.chars();
        let c = chars.next().and_then(column_of_char).ok_or_else(err)?;
        let rest = chars.as_str();
        if rest.is_empty() || rest.len() > 2 || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        if rest.len() == 2 && rest.starts_with('0') {
            return Err(err());
        }
        let l: u8 = rest.parse().map_err(|_| err())?;
        Cell::new(c, l).ok_or_else(err)
    }
}

const fn build_flip() -> [Cell; CELL_COUNT] {
    let mut out = [Cell(0); CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let (c, l) = COORDS_C[i];
        out[i] = cell_const(c, 28 - l);
        i += 1;
    }
    out
}

/// The cell mirrored for the other side, in `const` context (see [`Cell::flip`]).
pub(crate) const fn flip_const(cell: Cell) -> Cell {
    let (c, l) = COORDS_C[cell.index()];
    cell_const(c, 28 - l)
}

/// `FLIP[cell]`: the same column, line `28 - l` (the other side's view).
pub(crate) static FLIP: [Cell; CELL_COUNT] = build_flip();

/// The home hex of each side's king (G1, G27).
pub(crate) const KING_HOME: [Cell; 2] = [cell_const(8, 1), cell_const(8, 27)];
/// The home hexes of each side's rooks: `[queen's rook, king's rook]` (C3/I3, C25/I25).
pub(crate) const ROOK_HOME: [[Cell; 2]; 2] = [
    [cell_const(4, 3), cell_const(10, 3)],
    [cell_const(4, 25), cell_const(10, 25)],
];

/// The Zobrist keys, made at compile time by a SplitMix64 [`KeyStream`].
pub(crate) struct ZobristKeys {
    /// Per colour, role and cell.
    pub(crate) pieces: [[[u64; CELL_COUNT]; 9]; 2],
    /// Black to move.
    pub(crate) black: u64,
    /// Per colour and set of castling-right bits (the keys of the set bits combined).
    pub(crate) castling_rights: [[u64; 8]; 2],
    /// The e.p. right comes from a triple step.
    pub(crate) triple: u64,
    /// The e.p. or scornful pawn's cell.
    pub(crate) special_pawn: [u64; CELL_COUNT],
    /// The scornful capturer's cell.
    pub(crate) capturer: [u64; CELL_COUNT],
}

/// The seed of the key stream ("cescacs" in ASCII).
const ZOBRIST_SEED: u64 = 0x63_6573_6361_6373;

pub(crate) static ZOBRIST: ZobristKeys = {
    let mut stream = KeyStream::new(ZOBRIST_SEED);
    ZobristKeys {
        pieces: [stream.table(), stream.table()],
        black: stream.next_key(),
        castling_rights: {
            let keys: [[u64; 3]; 2] = stream.table();
            let mut out = [[0; 8]; 2];
            let mut side = 0;
            while side < 2 {
                let mut bits = 0;
                while bits < 8 {
                    let mut i = 0;
                    while i < 3 {
                        if bits >> i & 1 != 0 {
                            out[side][bits] ^= keys[side][i];
                        }
                        i += 1;
                    }
                    bits += 1;
                }
                side += 1;
            }
            out
        },
        triple: stream.next_key(),
        special_pawn: stream.keys(),
        capturer: stream.keys(),
    }
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn board_shape() {
        assert_eq!(Cell::CENTRE.to_string(), "F14");
        assert_eq!(KING_HOME[0].to_string(), "G1");
        assert_eq!(KING_HOME[1].to_string(), "G27");
        assert_eq!(ROOK_HOME[0][0].to_string(), "C3");
        assert_eq!(ROOK_HOME[0][1].to_string(), "I3");
        assert_eq!(ROOK_HOME[1][0].to_string(), "C25");
        assert_eq!(ROOK_HOME[1][1].to_string(), "I25");
        for c in 0..15u8 {
            let n = (0..29).filter(|&l| Cell::new(c, l).is_some()).count();
            assert_eq!(n, 15 - (c as i32 - 7).unsigned_abs() as usize);
        }
        assert_eq!(PROMOTION_EDGE[0].len(), 15);
        assert_eq!(PROMOTION_EDGE[1].len(), 15);
        for cell in Cell::ALL {
            assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
            assert!(cell.hex().length() <= 7);
        }
        assert!("J3".parse::<Cell>().is_err());
        assert!("F1".parse::<Cell>().is_err());
        assert!("F01".parse::<Cell>().is_err());
    }

    #[test]
    fn directions_order_the_index() {
        for cell in 0..CELL_COUNT {
            for d in 0..12 {
                let t = STEPS[cell][d];
                if t != NO_CELL {
                    assert_eq!((t as usize) > cell, positive(d));
                    let (c, l) = COORDS[cell];
                    let (tc, tl) = COORDS[t as usize];
                    assert_eq!(
                        (tc as i32 - c as i32, tl as i32 - l as i32),
                        (DIRECTIONS[d].0 as i32, DIRECTIONS[d].1 as i32)
                    );
                }
            }
        }
    }

    #[test]
    fn knight_from_the_centre_matches_the_notation_page() {
        let mut names: Vec<String> = KNIGHT[Cell::CENTRE.index()]
            .iter()
            .map(|i| Cell::ALL[i].to_string())
            .collect();
        names.sort();
        let mut expected = [
            "C13", "C15", "D10", "E9", "D18", "E19", "G9", "H10", "G19", "H18", "I13", "I15",
        ];
        expected.sort();
        assert_eq!(names, expected);
    }

    #[test]
    fn between_cells() {
        let a: Cell = "F0".parse().unwrap();
        let b: Cell = "F8".parse().unwrap();
        let mid: Vec<String> = between(a.index(), b.index())
            .iter()
            .map(|i| Cell::ALL[i].to_string())
            .collect();
        assert_eq!(mid, ["F2", "F4", "F6"]);
        let c: Cell = "G1".parse().unwrap();
        assert!(between(a.index(), c.index()).is_empty());
    }
}
