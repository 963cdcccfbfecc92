//! Cells, their notation and colours, pieces, and the static tables built from the board's
//! 84 cells at compile time.

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::table::{between_128, leap_sets_128, ray_table_128, step_table, NO_CELL};
use hexvar_geometry::zobrist::KeyStream;
pub use hexvar_geometry::ParseLetterError;
use hexvar_geometry::{parse_letter, Hex, Set128};

use crate::sliders::{bishop_attacks_from, rook_attacks_from};

/// The number of cells on the board.
pub const CELL_COUNT: usize = 84;

/// The first dense index of each rank.
const RANK_OFFSET: [u8; 8] = [0, 9, 19, 30, 42, 54, 65, 75];
/// The lowest and highest file index of each rank.
const RANK_FILES: [(u8, u8); 8] = [
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

/// A cell of the board: a dense index `0..84`, rank by rank from rank 1, lowest file first.
///
/// ```
/// use hexvar_brusky::Cell;
/// let f5: Cell = "f5".parse().unwrap();
/// assert_eq!((f5.file(), f5.rank()), (5, 4));
/// assert_eq!(f5.to_string(), "f5");
/// assert!("a8".parse::<Cell>().is_err()); // a8 is off the board
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

impl Cell {
    /// Every cell, in index order.
    pub const ALL: [Cell; CELL_COUNT] = {
        let mut all = [Cell(0); CELL_COUNT];
        let mut i = 0;
        while i < CELL_COUNT {
            all[i] = Cell(i as u8);
            i += 1;
        }
        all
    };

    /// The cell with dense index `index`, if `index < 84`.
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < CELL_COUNT {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

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

    /// The dense index `0..84`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
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

/// An error parsing a [`Cell`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid cell {0:?}: expected a file a–l and a rank 1–8 on the board, like \"f5\"")]
pub struct ParseCellError(pub String);

impl FromStr for Cell {
    type Err = ParseCellError;
    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        let err = || ParseCellError(hexvar_geometry::san::cut(s, crate::moves::QUOTED_CHARS));
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(err());
        }
        let file = FILE_LETTERS
            .iter()
            .position(|&c| c == bytes[0])
            .ok_or_else(err)?;
        let rank = bytes[1].wrapping_sub(b'1');
        Cell::new(file as u8, rank).ok_or_else(err)
    }
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

/// A side. Its text is the letter of the position text's turn field: `w` or `b`.
///
/// ```
/// use hexvar_brusky::Color;
/// assert_eq!("b".parse::<Color>(), Ok(Color::Black));
/// assert_eq!(Color::White.to_string(), "w");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// White, at the bottom (ranks 1–2), moves first.
    White,
    /// Black, at the top (ranks 7–8).
    Black,
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

    /// 0 for White, 1 for Black.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side's letter in the position text: `'w'` or `'b'`.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The side of `'w'` or `'b'`.
    pub const fn from_char(c: char) -> Option<Color> {
        match c {
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

    /// The rank (0-based) this side's pawns start on.
    pub const fn pawn_rank(self) -> u8 {
        match self {
            Color::White => 1,
            Color::Black => 6,
        }
    }

    /// The rank (0-based) this side's pawns promote on.
    pub const fn promotion_rank(self) -> u8 {
        match self {
            Color::White => 7,
            Color::Black => 0,
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    fn not(self) -> Color {
        self.other()
    }
}

/// A kind of piece. Its text is its upper-case letter (`P N B R Q K`); either case is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn.
    Pawn,
    /// Knight.
    Knight,
    /// Bishop.
    Bishop,
    /// Rook.
    Rook,
    /// Queen.
    Queen,
    /// King.
    King,
}

impl Role {
    /// Every role, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// The roles a pawn may promote to.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// Index in [`Role::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Upper-case letter: `P N B R Q K`.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The material value in centipawns: chess's values scaled by the role's mobility on this
    /// board (the rules page, "Piece values", gives the numbers): P 100, N 300, B 250, R 550, Q 925, K 0.
    pub const fn value(self) -> i32 {
        match self {
            Role::Pawn => 100,
            Role::Knight => 300,
            Role::Bishop => 250,
            Role::Rook => 550,
            Role::Queen => 925,
            Role::King => 0,
        }
    }

    /// The role named by an upper- or lower-case letter.
    pub const fn from_char(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            'Q' => Some(Role::Queen),
            'K' => Some(Role::King),
            _ => None,
        }
    }
}

/// A man on the board: a side and a role. Its text is its letter in the position text: upper
/// case for White, lower case for Black.
///
/// ```
/// use hexvar_brusky::{Color, Piece, Role};
/// let queen: Piece = "q".parse().unwrap();
/// assert_eq!(queen, Piece::new(Color::Black, Role::Queen));
/// assert_eq!(queen.to_string(), "q");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece.
    pub color: Color,
    /// What piece.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// The letter of the position text: upper case for White, lower case for Black.
    pub const fn char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece named by a position-text letter.
    pub const fn from_char(c: char) -> Option<Piece> {
        if !c.is_ascii() {
            return None;
        }
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }
}

impl fmt::Display for Color {
    /// `w` or `b`.
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

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Role {
    type Err = ParseLetterError;
    fn from_str(s: &str) -> Result<Role, ParseLetterError> {
        parse_letter(s, Role::from_char, "role", "one of `P N B R Q K`")
    }
}

impl fmt::Display for Piece {
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
            "one of `KQRBNP` (White) or `kqrbnp` (Black)",
        )
    }
}

#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Color, "a side, 'w' or 'b'");
#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Role, "a role letter, one of P N B R Q K");
#[cfg(feature = "serde")]
hexvar_geometry::serde_as_text!(serde, Piece, "a piece letter, like 'Q' or 'q'");

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

// ---------------------------------------------------------------------------------------------
// Static tables.

/// Every cell as a hex, in index order.
pub(crate) const HEXES: [Hex; CELL_COUNT] = {
    let mut out = [Hex::ZERO; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = Cell(i as u8).hex();
        i += 1;
    }
    out
};

static ROOK_STEPS: [[u16; 6]; CELL_COUNT] = step_table(&HEXES, &Hex::ORTHOGONAL);
static BISHOP_STEPS: [[u16; 6]; CELL_COUNT] = step_table(&HEXES, &Hex::DIAGONAL);
pub(crate) static KING_STEPS: [[u16; 12]; CELL_COUNT] = step_table(&HEXES, &Hex::KING);
static KNIGHT_STEPS: [[u16; 12]; CELL_COUNT] = step_table(&HEXES, &Hex::KNIGHT);

/// `BIT[cell]` = the one-cell set of `cell` (a table load instead of a variable 128-bit shift).
pub(crate) static BIT: [u128; CELL_COUNT] = {
    let mut out = [0u128; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = 1 << i;
        i += 1;
    }
    out
};

/// Rook rays per cell and orthogonal direction.
static ROOK_RAYS: [[u128; 6]; CELL_COUNT] = ray_table_128(&ROOK_STEPS);
/// Bishop rays per cell and diagonal direction.
static BISHOP_RAYS: [[u128; 6]; CELL_COUNT] = ray_table_128(&BISHOP_STEPS);
const fn union_of_rays(rays: &[[u128; 6]; CELL_COUNT]) -> [u128; CELL_COUNT] {
    let mut out = [0u128; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let mut d = 0;
        while d < 6 {
            out[i] |= rays[i][d];
            d += 1;
        }
        i += 1;
    }
    out
}

/// Every cell on an orthogonal line through the cell (rook attacks on an empty board).
pub(crate) static ROOK_LINES: [u128; CELL_COUNT] = union_of_rays(&ROOK_RAYS);
/// Every cell on a diagonal line through the cell (bishop attacks on an empty board).
pub(crate) static BISHOP_LINES: [u128; CELL_COUNT] = union_of_rays(&BISHOP_RAYS);
/// King targets per cell.
pub(crate) static KING_ATTACKS: [u128; CELL_COUNT] = leap_sets_128(&KING_STEPS);
/// Knight targets per cell.
pub(crate) static KNIGHT_ATTACKS: [u128; CELL_COUNT] = leap_sets_128(&KNIGHT_STEPS);
/// King-step rays per cell and direction (`Hex::KING` order: 6 orthogonal, then 6 diagonal).
static KING_RAYS: [[u128; 12]; CELL_COUNT] = ray_table_128(&KING_STEPS);

/// `LINE[a][b]` = the whole line through `a` and `b` (both included) when they share an
/// orthogonal or diagonal line, else empty: a pinned man moves only along its pin line.
pub(crate) static LINE: [[u128; CELL_COUNT]; CELL_COUNT] = {
    let mut out = [[0u128; CELL_COUNT]; CELL_COUNT];
    let mut a = 0;
    while a < CELL_COUNT {
        let mut d = 0;
        while d < 12 {
            // The opposite of direction d: three places on within its group of six.
            let back = if d < 6 { (d + 3) % 6 } else { 6 + (d - 3) % 6 };
            let line = KING_RAYS[a][d] | KING_RAYS[a][back] | 1 << a;
            let mut b = 0;
            while b < CELL_COUNT {
                if KING_RAYS[a][d] >> b & 1 != 0 {
                    out[a][b] = line;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    out
};

/// Cells strictly between two cells on a common orthogonal or diagonal line.
pub(crate) static BETWEEN: [[u128; CELL_COUNT]; CELL_COUNT] = between_128(&KING_STEPS);

/// Pawn steps in (Δfile, Δrank), converted to hex steps.
const fn fr(df: i8, dr: i8) -> Hex {
    Hex::new(df - dr, dr)
}

/// Forward steps per side: NW and NE for White, SW and SE for Black.
const PAWN_PUSH_DIRS: [[Hex; 2]; 2] = [[fr(0, 1), fr(1, 1)], [fr(-1, -1), fr(0, -1)]];
/// Slanted captures per side: WNW and ENE for White, WSW and ESE for Black.
const PAWN_CAPTURE_DIRS: [[Hex; 2]; 2] = [[fr(-1, 1), fr(2, 1)], [fr(-2, -1), fr(1, -1)]];
/// The vertical capture, allowed from the start rank only: N for White, S for Black.
const PAWN_VERTICAL_DIR: [Hex; 2] = [fr(1, 2), fr(-1, -2)];

const fn step(from: usize, d: Hex) -> u16 {
    match Cell::from_hex(HEXES[from].plus(d)) {
        Some(c) => c.0 as u16,
        None => NO_CELL,
    }
}

/// `PAWN_PUSHES[side][cell]` = the two forward-adjacent cells ([`NO_CELL`] off the board).
static PAWN_PUSHES: [[[u16; 2]; CELL_COUNT]; 2] = {
    let mut out = [[[NO_CELL; 2]; CELL_COUNT]; 2];
    let mut side = 0;
    while side < 2 {
        let mut c = 0;
        while c < CELL_COUNT {
            out[side][c] = [
                step(c, PAWN_PUSH_DIRS[side][0]),
                step(c, PAWN_PUSH_DIRS[side][1]),
            ];
            c += 1;
        }
        side += 1;
    }
    out
};

/// `PAWN_DOUBLE[side][cell]` = per forward direction, the single-step cell and the double-step
/// cell beyond it, as one-bit sets (0 off the board), for pawns on their start rank.
pub(crate) static PAWN_DOUBLE: [[[(u128, u128); 2]; CELL_COUNT]; 2] = {
    let mut out = [[[(0u128, 0u128); 2]; CELL_COUNT]; 2];
    let mut side = 0;
    while side < 2 {
        let mut c = 0;
        while c < CELL_COUNT {
            let mut k = 0;
            while k < 2 {
                let first = PAWN_PUSHES[side][c][k];
                if first != NO_CELL {
                    let second = PAWN_PUSHES[side][first as usize][k];
                    out[side][c][k] = (1 << first, if second == NO_CELL { 0 } else { 1 << second });
                }
                k += 1;
            }
            c += 1;
        }
        side += 1;
    }
    out
};

/// `PAWN_AHEAD[side][cell]` = the set of the (at most two) forward-adjacent cells.
pub(crate) static PAWN_AHEAD: [[u128; CELL_COUNT]; 2] = {
    let mut out = [[0u128; CELL_COUNT]; 2];
    let mut side = 0;
    while side < 2 {
        let mut c = 0;
        while c < CELL_COUNT {
            out[side][c] = PAWN_DOUBLE[side][c][0].0 | PAWN_DOUBLE[side][c][1].0;
            c += 1;
        }
        side += 1;
    }
    out
};

/// `RANK_CELLS[rank]` = the cells of one rank (0-based).
pub(crate) static RANK_CELLS: [u128; 8] = {
    let mut out = [0u128; 8];
    let mut i = 0;
    while i < CELL_COUNT {
        out[Cell(i as u8).rank() as usize] |= 1 << i;
        i += 1;
    }
    out
};

/// `PAWN_ATTACKS[side][cell]` = the cells a pawn of `side` on `cell` attacks (the vertical
/// capture included on the side's start rank).
pub(crate) static PAWN_ATTACKS: [[u128; CELL_COUNT]; 2] = {
    let mut out = [[0u128; CELL_COUNT]; 2];
    let mut side = 0;
    while side < 2 {
        let start_rank = Color::ALL[side].pawn_rank();
        let mut c = 0;
        while c < CELL_COUNT {
            let mut set = 0u128;
            let mut k = 0;
            while k < 2 {
                let t = step(c, PAWN_CAPTURE_DIRS[side][k]);
                if t != NO_CELL {
                    set |= 1 << t;
                }
                k += 1;
            }
            if Cell(c as u8).rank() == start_rank {
                let t = step(c, PAWN_VERTICAL_DIR[side]);
                if t != NO_CELL {
                    set |= 1 << t;
                }
            }
            out[side][c] = set;
            c += 1;
        }
        side += 1;
    }
    out
};

/// `PAWN_ATTACKERS[side][cell]` = the cells from which a pawn of `side` attacks `cell`.
pub(crate) static PAWN_ATTACKERS: [[u128; CELL_COUNT]; 2] = {
    let mut out = [[0u128; CELL_COUNT]; 2];
    let mut side = 0;
    while side < 2 {
        let mut from = 0;
        while from < CELL_COUNT {
            let mut to = 0;
            while to < CELL_COUNT {
                if PAWN_ATTACKS[side][from] >> to & 1 != 0 {
                    out[side][to] |= 1 << from;
                }
                to += 1;
            }
            from += 1;
        }
        side += 1;
    }
    out
};

/// `out[k]` = the union of `attackers[c]` over the king steps `c` from `k`: the only cells from
/// which a leaper can keep a king on `k` from stepping somewhere.
const fn near_king_steps(attackers: &[u128; CELL_COUNT]) -> [u128; CELL_COUNT] {
    let mut out = [0u128; CELL_COUNT];
    let mut k = 0;
    while k < CELL_COUNT {
        let mut c = 0;
        while c < CELL_COUNT {
            if KING_ATTACKS[k] >> c & 1 != 0 {
                out[k] |= attackers[c];
            }
            c += 1;
        }
        k += 1;
    }
    out
}

/// `KNIGHTS_NEAR_KING[k]` = the cells from which a knight attacks a king step from `k` (a
/// knight's attackers are its own leaps).
pub(crate) static KNIGHTS_NEAR_KING: [u128; CELL_COUNT] = near_king_steps(&KNIGHT_ATTACKS);

/// `PAWNS_NEAR_KING[side][k]` = the cells from which a pawn of `side` attacks a king step from
/// `k`.
pub(crate) static PAWNS_NEAR_KING: [[u128; CELL_COUNT]; 2] = [
    near_king_steps(&PAWN_ATTACKERS[0]),
    near_king_steps(&PAWN_ATTACKERS[1]),
];

/// One pawn step of one side (a push, a capture direction) applied to a whole set of pawns at
/// once, as shifts of the dense index. The index distance of a one-rank step depends on the rank
/// (ranks have 9 to 12 cells), so the sources are grouped by distance: each group is the source
/// cells whose target is on the board, and the distance. White's steps raise
/// the index, Black's lower it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnShift {
    groups: [ShiftGroup; SHIFT_GROUPS],
    rises: bool,
}

/// Sources and index distance of one group of a [`PawnShift`].
#[derive(Clone, Copy, Debug)]
struct ShiftGroup {
    sources: u128,
    distance: u32,
}

/// The most distinct index distances of one pawn step (one per pair of ranks of equal length).
const SHIFT_GROUPS: usize = 4;

const NO_GROUP: ShiftGroup = ShiftGroup {
    sources: 0,
    distance: 0,
};

impl PawnShift {
    /// The step `d` of `side` (0 White, 1 Black) from the cells of `sources`.
    const fn new(side: usize, d: Hex, sources: u128) -> PawnShift {
        let mut groups = [NO_GROUP; SHIFT_GROUPS];
        let mut c = 0;
        while c < CELL_COUNT {
            let t = step(c, d);
            if t != NO_CELL && sources >> c & 1 != 0 {
                let distance = (t as usize).abs_diff(c) as u32;
                let mut g = 0;
                while groups[g].sources != 0 && groups[g].distance != distance {
                    g += 1;
                    assert!(g < SHIFT_GROUPS, "too many pawn shift groups");
                }
                groups[g].sources |= 1 << c;
                groups[g].distance = distance;
            }
            c += 1;
        }
        PawnShift {
            groups,
            rises: side == 0,
        }
    }

    /// Where the step takes the pawns on `cells` (those whose step leaves the board vanish).
    #[inline(always)]
    pub(crate) fn forward(&self, cells: u128) -> u128 {
        let mut out = 0;
        for g in &self.groups {
            out |= if self.rises {
                (cells & g.sources) << g.distance
            } else {
                (cells & g.sources) >> g.distance
            };
        }
        out
    }
}

/// The pawn steps of one side, set-wise, for the pawns that do not promote on their next move.
///
/// Both sides' steps line up the same way in the dense index: a pawn's two forward cells are
/// neighbours on their rank, `low` and `low + 1`, and its two slanted captures are the cells
/// beside them outward, `low - 1` and `low + 2`. So one shift (to the lower forward cell) gives
/// the other three by one-place shifts, cut where they would leave the rank. Only a pawn whose
/// lower forward cell is off the board (its higher one is then the first cell of its rank) needs
/// a shift of its own.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnShifts {
    /// To the lower forward cell.
    pub low: PawnShift,
    /// The pawns whose lower forward cell is off the board and higher one on it.
    pub high_only: u128,
    /// To the higher forward cell, from [`PawnShifts::high_only`].
    pub high_at_edge: PawnShift,
    /// The second step of a double step (lower and higher direction), from the rank after the
    /// start rank.
    pub double: [PawnShift; 2],
    /// The vertical capture, from the start rank only.
    pub vertical: PawnShift,
}

/// The first cell (lowest index) of every rank.
pub(crate) const RANK_FIRSTS: u128 = cells_at_rank_ends(false);
/// The last cell (highest index) of every rank.
pub(crate) const RANK_LASTS: u128 = cells_at_rank_ends(true);

const fn cells_at_rank_ends(last: bool) -> u128 {
    let mut out = 0;
    let mut rank = 0;
    while rank < 8 {
        let (lo, hi) = RANK_FILES[rank];
        let file = if last { hi } else { lo };
        out |= 1 << (RANK_OFFSET[rank] as u32 + (file - lo) as u32);
        rank += 1;
    }
    out
}

/// The cells of `rank` as a set (for the const builders; [`RANK_CELLS`] is the static).
const fn rank_set(rank: u8) -> u128 {
    let mut out = 0;
    let mut c = 0;
    while c < CELL_COUNT {
        if Cell(c as u8).rank() == rank {
            out |= 1 << c;
        }
        c += 1;
    }
    out
}

const fn pawn_shifts(side: usize) -> PawnShifts {
    let color = Color::ALL[side];
    let start_rank = color.pawn_rank();
    let last = color.promotion_rank();
    let first = color.other().promotion_rank();
    let before_last = if side == 0 { last - 1 } else { last + 1 };
    let after_start = if side == 0 {
        start_rank + 1
    } else {
        start_rank - 1
    };
    // Where a pawn that does not promote next can stand.
    let board = (1 << CELL_COUNT) - 1;
    let free = board & !(rank_set(first) | rank_set(last) | rank_set(before_last));
    let [low, high] = PAWN_PUSH_DIRS[side];
    let mut high_only = 0;
    let mut c = 0;
    while c < CELL_COUNT {
        if free >> c & 1 != 0 && step(c, low) == NO_CELL && step(c, high) != NO_CELL {
            high_only |= 1 << c;
        }
        c += 1;
    }
    PawnShifts {
        low: PawnShift::new(side, low, free),
        high_only,
        high_at_edge: PawnShift::new(side, high, high_only),
        double: [
            PawnShift::new(side, low, rank_set(after_start)),
            PawnShift::new(side, high, rank_set(after_start)),
        ],
        vertical: PawnShift::new(side, PAWN_VERTICAL_DIR[side], rank_set(start_rank)),
    }
}

/// The pawn steps of each side, set-wise (White, Black). A `const`, so that code specialised
/// to one side sees the shift distances as constants.
pub(crate) const PAWN_SHIFTS: [PawnShifts; 2] = [pawn_shifts(0), pawn_shifts(1)];

/// The cell indices of a 128-bit set, lowest first, scanned one 64-bit word at a time: cheaper
/// in the generator's loops than clearing bits of the whole `u128` (measured: about 10 % of bulk
/// perft in middlegames).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Indices {
    low: u64,
    high: u64,
}

/// The indices of the cells of `set`.
#[inline(always)]
pub(crate) const fn indices(set: u128) -> Indices {
    Indices {
        low: set as u64,
        high: (set >> 64) as u64,
    }
}

impl Iterator for Indices {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.low != 0 {
            let i = self.low.trailing_zeros() as usize;
            self.low &= self.low - 1;
            Some(i)
        } else if self.high != 0 {
            let i = self.high.trailing_zeros() as usize;
            self.high &= self.high - 1;
            Some(64 + i)
        } else {
            None
        }
    }
}

/// Rook attacks from `cell`.
#[inline]
pub fn rook_attacks(cell: Cell, occupied: CellSet) -> CellSet {
    Set128(rook_attacks_from(cell.index(), occupied.0))
}

/// Bishop attacks from `cell`.
#[inline]
pub fn bishop_attacks(cell: Cell, occupied: CellSet) -> CellSet {
    Set128(bishop_attacks_from(cell.index(), occupied.0))
}

/// Knight attacks from `cell`.
#[inline]
pub fn knight_attacks(cell: Cell) -> CellSet {
    Set128(KNIGHT_ATTACKS[cell.index()])
}

/// King attacks from `cell`.
#[inline]
pub fn king_attacks(cell: Cell) -> CellSet {
    Set128(KING_ATTACKS[cell.index()])
}

/// The cells a pawn of `color` on `cell` attacks.
#[inline]
pub fn pawn_attacks(color: Color, cell: Cell) -> CellSet {
    Set128(PAWN_ATTACKS[color.index()][cell.index()])
}

/// Cells strictly between `a` and `b` on a common line (empty if not on one).
#[inline]
pub fn between(a: Cell, b: Cell) -> CellSet {
    Set128(BETWEEN[a.index()][b.index()])
}

// ---------------------------------------------------------------------------------------------
// Zobrist keys, generated at compile time.

/// The seed of the Zobrist key stream ("hexvar !").
const ZOBRIST_SEED: u64 = 0x6865_7876_6172_2021;

/// Zobrist keys: per (piece, cell), side to move, castling rights, en passant cells.
pub(crate) struct ZobristKeys {
    pub pieces: [[[u64; CELL_COUNT]; 6]; 2],
    pub black_to_move: u64,
    pub castling: [u64; 4],
    pub en_passant: [u64; CELL_COUNT],
}

pub(crate) static ZOBRIST: ZobristKeys = {
    let mut stream = KeyStream::new(ZOBRIST_SEED);
    let white = stream.table();
    let black = stream.table();
    ZobristKeys {
        pieces: [white, black],
        black_to_move: stream.next_key(),
        castling: stream.keys(),
        en_passant: stream.keys(),
    }
};

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

    #[test]
    fn empty_board_mobility_from_f5() {
        let f5 = c("f5");
        let empty = Set128::EMPTY;
        assert_eq!(rook_attacks(f5, empty).len(), 25);
        assert_eq!(bishop_attacks(f5, empty).len(), 13);
        assert_eq!(king_attacks(f5).len(), 12);
        let names = |s: Set128| {
            let mut v: Vec<String> = s.iter().map(|i| Cell::ALL[i].to_string()).collect();
            v.sort();
            v.join(" ")
        };
        assert_eq!(
            names(knight_attacks(f5)),
            "c3 c4 d2 d6 e2 e7 g3 g8 h4 h8 i6 i7"
        );
        assert_eq!(
            names(bishop_attacks(f5, empty)),
            "b3 d1 d4 d7 e3 e6 g4 g7 h3 h6 i2 j7 l8"
        );
    }

    #[test]
    fn pawn_shifts_reproduce_the_per_cell_pawn_tables() {
        for side in 0..2 {
            let color = Color::ALL[side];
            let shifts = &PAWN_SHIFTS[side];
            let before_last = if side == 0 { 6 } else { 1 };
            for c in 0..CELL_COUNT {
                let rank = Cell::ALL[c].rank();
                if [0, 7, before_last].contains(&rank) {
                    continue; // no pawn, or one counted one by one
                }
                let one = 1u128 << c;
                let low = shifts.low.forward(one);
                let high = ((low & !RANK_LASTS) << 1)
                    | shifts.high_at_edge.forward(one & shifts.high_only);
                assert_eq!(low & high, 0, "side {side} cell {c}");
                assert_eq!(low | high, PAWN_AHEAD[side][c], "side {side} cell {c}");
                let captures = ((low & !RANK_FIRSTS) >> 1)
                    | ((high & !RANK_LASTS) << 1)
                    | shifts.vertical.forward(one);
                assert_eq!(captures, PAWN_ATTACKS[side][c], "side {side} cell {c}");
                if rank == color.pawn_rank() {
                    for (k, single) in [low, high].into_iter().enumerate() {
                        let (table_single, double) = PAWN_DOUBLE[side][c][k];
                        assert_eq!(single, table_single, "side {side} cell {c}");
                        assert_eq!(
                            shifts.double[k].forward(single),
                            double,
                            "side {side} cell {c}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn pawn_index_distances_tell_double_steps_apart() {
        // `Position::play_unchecked` recognises a double step by its index distance.
        for side in 0..2 {
            for from in 0..CELL_COUNT {
                for &step in &PAWN_PUSHES[side][from] {
                    if step != NO_CELL {
                        assert!(from.abs_diff(step as usize) <= 14);
                    }
                }
                for to in Set128(PAWN_ATTACKS[side][from]) {
                    let two_ranks = Cell::ALL[from].rank().abs_diff(Cell::ALL[to].rank()) == 2;
                    assert_eq!(from.abs_diff(to) > 16, two_ranks, "capture {from} -> {to}");
                }
                for (_, double) in PAWN_DOUBLE[side][from] {
                    if let Some(to) = Set128(double).first() {
                        assert!(from.abs_diff(to) >= 19);
                    }
                }
            }
        }
    }
}
