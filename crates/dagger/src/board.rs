//! The 39-cell Dagger Chess board: cells, cell notation, colours, pieces and the static tables.
//!
//! Cells are numbered densely rank by rank from White's back rank (`a1` = 0) to Black's
//! (`n1` = 38), left to right within a rank as White sees the board. A rank-by-rank index means a
//! ray whose direction raises the index meets its nearest blocker at the lowest set bit.
//!
//! Coordinates follow the rules specification: `(q, r)` with `r` the rank index (a = 0 … n = 12,
//! no `i`) and `q` rising by one per cell to the right. The geometry crate's axial [`Hex`] uses the
//! neighbour set `(±1,0) (0,±1) (1,-1) (-1,1)`; the spec's `(q, r)` maps to `Hex::new(q - r, r)`.

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::{table, Hex};

/// The number of cells on the board.
pub const CELL_COUNT: usize = 39;

/// The rank letters, from White's back rank to Black's (there is no `i`).
pub const RANK_LETTERS: [u8; 13] = *b"abcdefghjklmn";
/// The number of cells of each rank, `a` to `n`.
pub const RANK_LENGTHS: [u8; 13] = [1, 2, 3, 4, 3, 4, 5, 4, 3, 4, 3, 2, 1];
/// The spec's `q` of the first cell of each rank.
pub const RANK_QMIN: [i8; 13] = [0, 0, 0, 0, 1, 1, 1, 2, 3, 3, 4, 5, 6];
/// The dense index of the first cell of each rank.
pub const RANK_START: [u8; 13] = {
    let mut out = [0u8; 13];
    let mut r = 1;
    while r < 13 {
        out[r] = out[r - 1] + RANK_LENGTHS[r - 1];
        r += 1;
    }
    out
};

/// One of the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Color {
    /// White moves first, up the board (rising rank).
    White = 0,
    /// Black.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    /// The other colour.
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

    /// The side's first-rank cell, its King's start cell and the opponent's promotion cell.
    #[inline]
    pub const fn home(self) -> Cell {
        match self {
            Color::White => Cell::A1,
            Color::Black => Cell::N1,
        }
    }

    /// `'w'` or `'b'`.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl core::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

/// The kind of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Role {
    /// Moeser's pawn.
    Pawn = 0,
    /// Knight (Gliński-type leaper); both sides start with two in hand.
    Knight = 1,
    /// Bishop: slides along the 6 diagonals.
    Bishop = 2,
    /// Rook: slides along the 6 orthogonal lines.
    Rook = 3,
    /// Queen: Rook plus Bishop (only by promotion).
    Queen = 4,
    /// King: one step to any of 12 cells.
    King = 5,
}

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];
    /// The roles a pawn may promote to, in notation order.
    pub const PROMOTIONS: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// The upper-case letter: `P N B R Q K`.
    pub const fn upper_char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::King => 'K',
        }
    }

    /// The role of an upper- or lower-case letter.
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

    /// `0..6`, pawn first.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A coloured piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// `KQRBNP` for White, `kqrbnp` for Black.
    pub const fn char(self) -> char {
        let c = self.role.upper_char();
        match self.color {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// The piece of a letter (upper case White, lower case Black).
    pub const fn from_char(c: char) -> Option<Piece> {
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

    /// `0..12`: `color * 6 + role`.
    #[inline]
    pub const fn index(self) -> usize {
        self.color as usize * 6 + self.role as usize
    }
}

/// A cell of the board: a dense index `0..39`, rank by rank from `a1` to `n1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

/// The error for a text that names no cell.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a Dagger Chess cell: {0:?} (ranks a–n without i, numbered from 1)")]
pub struct ParseCellError(pub String);

impl Cell {
    /// White's back-rank cell (White King's start, Black's promotion cell).
    pub const A1: Cell = Cell(0);
    /// The centre cell.
    pub const G3: Cell = Cell(19);
    /// Black's back-rank cell (Black King's start, White's promotion cell).
    pub const N1: Cell = Cell(38);

    /// Every cell in index order.
    pub const ALL: [Cell; CELL_COUNT] = {
        let mut out = [Cell(0); CELL_COUNT];
        let mut i = 0;
        while i < CELL_COUNT {
            out[i] = Cell(i as u8);
            i += 1;
        }
        out
    };

    /// The cell of a dense index, if `index < 39`.
    #[inline]
    pub const fn new(index: usize) -> Option<Cell> {
        if index < CELL_COUNT {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The dense index `0..39`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The rank index: `a` = 0 … `n` = 12.
    pub const fn rank(self) -> u8 {
        let mut r = 12;
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
        if rank >= 13 || number == 0 || number > RANK_LENGTHS[rank as usize] {
            return None;
        }
        Some(Cell(RANK_START[rank as usize] + number - 1))
    }

    /// The spec's coordinates `(q, r)` (see the module docs).
    pub const fn qr(self) -> (i8, i8) {
        let r = self.rank();
        (RANK_QMIN[r as usize] + self.number() as i8 - 1, r as i8)
    }

    /// The cell at the spec's coordinates `(q, r)`, if on the board.
    pub const fn from_qr(q: i8, r: i8) -> Option<Cell> {
        if r < 0 || r > 12 {
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

    /// The colour class `(q + r) mod 3`: 0, 1 or 2 (15, 12 and 12 cells). An orthogonal step
    /// always changes it and a diagonal step never does, so each Bishop keeps its class.
    pub const fn shade(self) -> u8 {
        let (q, r) = self.qr();
        ((q + r) % 3) as u8
    }

    /// The cell turned 180° about the centre `g3`: `(q, r)` → `(6 − q, 12 − r)`.
    pub const fn flip(self) -> Cell {
        Cell(38 - self.0)
    }

    /// The cell mirrored left–right: `(q, r)` → `(r − q, r)`.
    pub const fn mirror(self) -> Cell {
        let r = self.rank();
        Cell(2 * RANK_START[r as usize] + RANK_LENGTHS[r as usize] - 1 - self.0)
    }

    /// The one-cell set.
    #[inline]
    pub const fn bit(self) -> u64 {
        1 << self.0
    }
}

/// A spec `(q, r)` step or cell as a geometry [`Hex`].
pub const fn spec_hex(q: i8, r: i8) -> Hex {
    Hex::new(q - r, r)
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            RANK_LETTERS[self.rank() as usize] as char,
            self.number()
        )
    }
}

impl FromStr for Cell {
    type Err = ParseCellError;
    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        let err = || ParseCellError(s.to_owned());
        let bytes = s.as_bytes();
        if bytes.len() != 2 {
            return Err(err());
        }
        let rank = RANK_LETTERS
            .iter()
            .position(|&l| l == bytes[0])
            .ok_or_else(err)?;
        if !bytes[1].is_ascii_digit() {
            return Err(err());
        }
        Cell::from_rank_number(rank as u8, bytes[1] - b'0').ok_or_else(err)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Cell {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Cell, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Pieces serialize as their letter (`"K"`, `"p"`, …).
#[cfg(feature = "serde")]
impl serde::Serialize for Piece {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_char(self.char())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Piece {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Piece, D::Error> {
        let c = <char as serde::Deserialize>::deserialize(deserializer)?;
        Piece::from_char(c)
            .ok_or_else(|| serde::de::Error::custom(format!("not a piece letter: {c:?}")))
    }
}

/// A set of cells, one bit per dense index (bits 39..64 are always clear).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CellSet(pub u64);

impl CellSet {
    /// The empty set.
    pub const EMPTY: CellSet = CellSet(0);
    /// Every cell of the board.
    pub const FULL: CellSet = CellSet((1 << CELL_COUNT) - 1);

    /// Whether `cell` is in the set.
    #[inline]
    pub const fn contains(self, cell: Cell) -> bool {
        self.0 >> cell.0 & 1 != 0
    }

    /// The number of cells in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The cells in index order.
    #[inline]
    pub fn iter(self) -> CellSetIter {
        CellSetIter(self.0)
    }
}

/// Iterator over a [`CellSet`], lowest index first.
#[derive(Clone, Debug)]
pub struct CellSetIter(u64);

impl Iterator for CellSetIter {
    type Item = Cell;
    #[inline]
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let c = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Cell(c))
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CellSetIter {}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellSetIter;
    fn into_iter(self) -> CellSetIter {
        self.iter()
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        CellSet(iter.into_iter().fold(0, |a, c| a | c.bit()))
    }
}

/// Iterate the set bits of a raw set as cells (hot-loop helper).
#[inline]
pub(crate) fn bits(mut set: u64) -> impl Iterator<Item = Cell> {
    core::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let c = set.trailing_zeros() as u8;
            set &= set - 1;
            Some(Cell(c))
        }
    })
}

/// A cell from a raw index known to be below 39.
#[inline]
pub(crate) const fn cell_unchecked(index: u32) -> Cell {
    Cell(index as u8)
}

// ---------------------------------------------------------------------------------------------
// Static tables.

/// Every cell as a geometry hex, in dense order.
pub const HEXES: [Hex; CELL_COUNT] = {
    let mut out = [Hex::ZERO; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = Cell(i as u8).hex();
        i += 1;
    }
    out
};

const fn to_hexes<const D: usize>(steps: [(i8, i8); D]) -> [Hex; D] {
    let mut out = [Hex::ZERO; D];
    let mut i = 0;
    while i < D {
        out[i] = spec_hex(steps[i].0, steps[i].1);
        i += 1;
    }
    out
}

/// The 6 orthogonal (Rook) directions in spec `(dq, dr)`: the three that raise the dense index
/// first (right, up-left, up-right), then their opposites.
pub const ROOK_DIRS: [(i8, i8); 6] = [(1, 0), (0, 1), (1, 1), (-1, 0), (0, -1), (-1, -1)];
/// The 6 diagonal (Bishop) directions in spec `(dq, dr)`: straight up, up-right oblique, up-left
/// oblique, then their opposites.
pub const BISHOP_DIRS: [(i8, i8); 6] = [(1, 2), (2, 1), (-1, 1), (-1, -2), (-2, -1), (1, -1)];
/// The 12 Gliński knight leaps in spec `(dq, dr)` (§2 of the rules).
pub const KNIGHT_LEAPS: [(i8, i8); 12] = [
    (1, 3),
    (2, 3),
    (-1, 2),
    (3, 2),
    (-2, 1),
    (3, 1),
    (-1, -3),
    (-2, -3),
    (1, -2),
    (-3, -2),
    (2, -1),
    (-3, -1),
];

const ROOK_HEX: [Hex; 6] = to_hexes(ROOK_DIRS);
const BISHOP_HEX: [Hex; 6] = to_hexes(BISHOP_DIRS);
const LINE_HEX: [Hex; 12] = {
    let mut out = [Hex::ZERO; 12];
    let mut i = 0;
    while i < 6 {
        out[i] = ROOK_HEX[i];
        out[i + 6] = BISHOP_HEX[i];
        i += 1;
    }
    out
};
const KNIGHT_HEX: [Hex; 12] = to_hexes(KNIGHT_LEAPS);
/// Pawn steps (forward-left, forward-right) then the straight jump, per colour.
const PAWN_HEX: [[Hex; 3]; 2] = [
    to_hexes([(0, 1), (1, 1), (1, 2)]),
    to_hexes([(0, -1), (-1, -1), (-1, -2)]),
];
const RANK_HEX: [Hex; 2] = to_hexes([(1, 0), (-1, 0)]);

static LINE_STEPS: [[u16; 12]; CELL_COUNT] = table::step_table(&HEXES, &LINE_HEX);
static KNIGHT_STEPS: [[u16; 12]; CELL_COUNT] = table::step_table(&HEXES, &KNIGHT_HEX);
static WHITE_PAWN_STEPS: [[u16; 3]; CELL_COUNT] = table::step_table(&HEXES, &PAWN_HEX[0]);
static BLACK_PAWN_STEPS: [[u16; 3]; CELL_COUNT] = table::step_table(&HEXES, &PAWN_HEX[1]);
static RANK_STEPS: [[u16; 2]; CELL_COUNT] = table::step_table(&HEXES, &RANK_HEX);

const fn narrow<const D: usize>(wide: &[[u128; D]; CELL_COUNT]) -> [[u64; D]; CELL_COUNT] {
    let mut out = [[0u64; D]; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let mut d = 0;
        while d < D {
            out[i][d] = wide[i][d] as u64;
            d += 1;
        }
        i += 1;
    }
    out
}

const fn narrow_sets(wide: &[u128; CELL_COUNT]) -> [u64; CELL_COUNT] {
    let mut out = [0u64; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = wide[i] as u64;
        i += 1;
    }
    out
}

const fn pick<const D: usize>(steps: &[[u16; D]; CELL_COUNT], which: usize) -> [u64; CELL_COUNT] {
    let mut out = [0u64; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        if steps[i][which] != table::NO_CELL {
            out[i] = 1 << steps[i][which];
        }
        i += 1;
    }
    out
}

const fn pick_two<const D: usize>(steps: &[[u16; D]; CELL_COUNT]) -> [u64; CELL_COUNT] {
    let a = pick(steps, 0);
    let b = pick(steps, 1);
    let mut out = [0u64; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = a[i] | b[i];
        i += 1;
    }
    out
}

/// `RAYS[cell][d]`: the cells reached by repeating line direction `d` from `cell` (0..6 the
/// [`ROOK_DIRS`], 6..12 the [`BISHOP_DIRS`]); in each half the first three raise the index.
pub static RAYS: [[u64; 12]; CELL_COUNT] = narrow(&table::ray_table_128(&LINE_STEPS));
/// `KNIGHT[cell]`: the knight leaps from `cell`.
pub static KNIGHT: [u64; CELL_COUNT] = narrow_sets(&table::leap_sets_128(&KNIGHT_STEPS));
/// `KING[cell]`: the 12 (or fewer, at the edge) King steps from `cell`.
pub static KING: [u64; CELL_COUNT] = {
    let mut out = [0u64; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let mut d = 0;
        while d < 12 {
            if LINE_STEPS[i][d] != table::NO_CELL {
                out[i] |= 1 << LINE_STEPS[i][d];
            }
            d += 1;
        }
        i += 1;
    }
    out
};
/// `PAWN_STEPS[color][cell]`: the two forward orthogonal cells of a pawn (move or capture).
pub static PAWN_STEPS: [[u64; CELL_COUNT]; 2] =
    [pick_two(&WHITE_PAWN_STEPS), pick_two(&BLACK_PAWN_STEPS)];
/// `PAWN_JUMP[color][cell]`: the straight-forward diagonal cell of a pawn (move only).
pub static PAWN_JUMP: [[u64; CELL_COUNT]; 2] =
    [pick(&WHITE_PAWN_STEPS, 2), pick(&BLACK_PAWN_STEPS, 2)];
/// `PAWN_SHIFTS[color][kind]`: the pawn moves (0 forward-left, 1 forward-right, 2 jump) as
/// shifts of the dense index: groups of `(source cells, distance)`, the index rising for White
/// and falling for Black. Sources whose target is off the board are in no group; unused groups
/// are `(0, 0)`.
pub static PAWN_SHIFTS: [[[(u64, u32); PAWN_SHIFT_GROUPS]; 3]; 2] = {
    let mut out = [[[(0u64, 0u32); PAWN_SHIFT_GROUPS]; 3]; 2];
    let mut c = 0;
    while c < 2 {
        let mut kind = 0;
        while kind < 3 {
            let mut i = 0;
            while i < CELL_COUNT {
                let target = if c == 0 {
                    WHITE_PAWN_STEPS[i][kind]
                } else {
                    BLACK_PAWN_STEPS[i][kind]
                };
                if target != table::NO_CELL {
                    let distance = (target as i32 - i as i32).unsigned_abs();
                    let mut g = 0;
                    while g < PAWN_SHIFT_GROUPS {
                        if out[c][kind][g].0 == 0 || out[c][kind][g].1 == distance {
                            out[c][kind][g] = (out[c][kind][g].0 | 1 << i, distance);
                            break;
                        }
                        g += 1;
                    }
                    assert!(g < PAWN_SHIFT_GROUPS, "too many pawn shift groups");
                }
                i += 1;
            }
            kind += 1;
        }
        c += 1;
    }
    out
};
/// The number of distinct index distances of one pawn move.
pub const PAWN_SHIFT_GROUPS: usize = 5;
/// `RANK_NEIGHBOURS[cell]`: the cells beside `cell` on its rank (the en-passant capturers).
pub static RANK_NEIGHBOURS: [u64; CELL_COUNT] = pick_two(&RANK_STEPS);
/// `BETWEEN[a][b]`: the cells strictly between `a` and `b` on a common line, else empty.
pub static BETWEEN: [[u64; CELL_COUNT]; CELL_COUNT] = {
    let wide = table::between_128(&LINE_STEPS);
    let mut out = [[0u64; CELL_COUNT]; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let mut j = 0;
        while j < CELL_COUNT {
            out[i][j] = wide[i][j] as u64;
            j += 1;
        }
        i += 1;
    }
    out
};
/// `LINE[a][b]`: the whole line through `a` and `b` (both included) when they share a line,
/// else empty.
pub static LINE: [[u64; CELL_COUNT]; CELL_COUNT] = {
    let rays = narrow(&table::ray_table_128(&LINE_STEPS));
    let mut out = [[0u64; CELL_COUNT]; CELL_COUNT];
    let mut a = 0;
    while a < CELL_COUNT {
        let mut d = 0;
        while d < 12 {
            let opposite = if d % 6 < 3 { d + 3 } else { d - 3 };
            let line = rays[a][d] | rays[a][opposite] | 1 << a;
            let mut set = rays[a][d];
            while set != 0 {
                let b = set.trailing_zeros() as usize;
                out[a][b] = line;
                set &= set - 1;
            }
            d += 1;
        }
        a += 1;
    }
    out
};

/// Empty-board Rook attacks.
pub static ROOK_PSEUDO: [u64; CELL_COUNT] = union_rays(0);
/// Empty-board Bishop attacks.
pub static BISHOP_PSEUDO: [u64; CELL_COUNT] = union_rays(6);

const fn union_rays(first: usize) -> [u64; CELL_COUNT] {
    let rays = narrow(&table::ray_table_128(&LINE_STEPS));
    let mut out = [0u64; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let mut d = first;
        while d < first + 6 {
            out[i] |= rays[i][d];
            d += 1;
        }
        i += 1;
    }
    out
}

/// `LINES[cell][l]` = `[upper, lower]`: the two halves of line `l` through `cell` (0..3 the Rook
/// lines, 3..6 the Bishop lines): `upper` the ray whose cells have higher indices, `lower` the
/// opposite ray.
pub static LINES: [[[u64; 2]; 6]; CELL_COUNT] = {
    let rays = narrow(&table::ray_table_128(&LINE_STEPS));
    let mut out = [[[0u64; 2]; 6]; CELL_COUNT];
    let mut c = 0;
    while c < CELL_COUNT {
        let mut l = 0;
        while l < 6 {
            let d = if l < 3 { l } else { l + 3 };
            out[c][l] = [rays[c][d], rays[c][d + 3]];
            l += 1;
        }
        c += 1;
    }
    out
};

/// Attacks along one line through a cell, both directions at once ("obstruction difference"): the
/// nearest blocker above is found by subtraction, the nearest below by a leading-zero count.
#[inline(always)]
fn line_attacks(line: &[u64; 2], occupied: u64) -> u64 {
    let [upper, lower] = *line;
    let up = upper & occupied;
    let low = lower & occupied;
    let below = 0x8000_0000_0000_0000u64 >> (low | 1).leading_zeros();
    (upper | lower) & (up ^ up.wrapping_sub(below))
}

#[inline(always)]
fn slide(cell: Cell, occupied: u64, first: usize) -> u64 {
    let lines = &LINES[cell.index()];
    line_attacks(&lines[first], occupied)
        | line_attacks(&lines[first + 1], occupied)
        | line_attacks(&lines[first + 2], occupied)
}

/// Rook attacks from `cell` with `occupied` blocking (the first blocker is included).
#[inline]
pub fn rook_attacks(cell: Cell, occupied: u64) -> u64 {
    slide(cell, occupied, 0)
}

/// Bishop attacks from `cell` with `occupied` blocking (the first blocker is included). A
/// diagonal step is not blocked by the two cells it passes between.
#[inline]
pub fn bishop_attacks(cell: Cell, occupied: u64) -> u64 {
    slide(cell, occupied, 3)
}

/// Which of a side's two in-hand knights (interpretation A: each is tied to its own imaginary
/// first-rank cell beside the King's start cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum HandKnight {
    /// The knight on the imaginary cell left of the back-rank cell as White sees the board
    /// (`a0` = (−1, 0) for White, (5, 12) for Black).
    L = 0,
    /// The knight on the imaginary cell to the right (`a2` = (1, 0) for White, (7, 12) for Black).
    R = 1,
}

impl HandKnight {
    /// Both, `L` first.
    pub const ALL: [HandKnight; 2] = [HandKnight::L, HandKnight::R];

    /// `'L'` or `'R'`.
    pub const fn char(self) -> char {
        match self {
            HandKnight::L => 'L',
            HandKnight::R => 'R',
        }
    }

    /// The imaginary cell in spec `(q, r)` coordinates.
    pub const fn imaginary_qr(self, color: Color) -> (i8, i8) {
        match (color, self) {
            (Color::White, HandKnight::L) => (-1, 0),
            (Color::White, HandKnight::R) => (1, 0),
            (Color::Black, HandKnight::L) => (5, 12),
            (Color::Black, HandKnight::R) => (7, 12),
        }
    }

    /// The in-hand bit of this knight in a [`crate::Hand`].
    #[inline]
    pub const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// `ENTRY[color][knight]`: the cells a knight in hand enters on (its knight leaps from its
/// imaginary cell that land on the board) — and attacks while in hand.
pub static ENTRY: [[u64; 2]; 2] = {
    let mut out = [[0u64; 2]; 2];
    let colors = [Color::White, Color::Black];
    let mut c = 0;
    while c < 2 {
        let mut k = 0;
        while k < 2 {
            let knight = if k == 0 { HandKnight::L } else { HandKnight::R };
            let (q, r) = knight.imaginary_qr(colors[c]);
            let mut l = 0;
            while l < 12 {
                if let Some(cell) = Cell::from_qr(q + KNIGHT_LEAPS[l].0, r + KNIGHT_LEAPS[l].1) {
                    out[c][k] |= cell.bit();
                }
                l += 1;
            }
            k += 1;
        }
        c += 1;
    }
    out
};

/// `HAND_ATTACKS[color][hand bits]`: the union of the entry cells of the knights in hand.
pub static HAND_ATTACKS: [[u64; 4]; 2] = {
    let mut out = [[0u64; 4]; 2];
    let mut c = 0;
    while c < 2 {
        out[c][1] = ENTRY[c][0];
        out[c][2] = ENTRY[c][1];
        out[c][3] = ENTRY[c][0] | ENTRY[c][1];
        c += 1;
    }
    out
};

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// Zobrist keys: `[piece index][cell]`, then side to move, hand bits and en-passant cells.
pub(crate) struct Zobrist {
    pub pieces: [[u64; CELL_COUNT]; 12],
    pub black_to_move: u64,
    /// `[color][knight]`: xored in while that knight is in hand.
    pub hand: [[u64; 2]; 2],
    pub en_passant: [u64; CELL_COUNT],
}

pub(crate) static ZOBRIST: Zobrist = {
    let mut state = 0x0DA6_6E4C_4E55_u64;
    let mut pieces = [[0u64; CELL_COUNT]; 12];
    let mut p = 0;
    while p < 12 {
        let mut c = 0;
        while c < CELL_COUNT {
            let (s, z) = splitmix(state);
            state = s;
            pieces[p][c] = z;
            c += 1;
        }
        p += 1;
    }
    let (s, black_to_move) = splitmix(state);
    state = s;
    let mut hand = [[0u64; 2]; 2];
    let mut i = 0;
    while i < 4 {
        let (s, z) = splitmix(state);
        state = s;
        hand[i / 2][i % 2] = z;
        i += 1;
    }
    let mut ep = [0u64; CELL_COUNT];
    let mut c = 0;
    while c < CELL_COUNT {
        let (s, z) = splitmix(state);
        state = s;
        ep[c] = z;
        c += 1;
    }
    Zobrist {
        pieces,
        black_to_move,
        hand,
        en_passant: ep,
    }
};

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &str) -> u64 {
        names
            .split_whitespace()
            .map(|n| n.parse::<Cell>().unwrap().bit())
            .fold(0, |a, b| a | b)
    }

    #[test]
    fn cell_names_round_trip_and_follow_the_rank_lengths() {
        let names: Vec<String> = Cell::ALL.iter().map(|c| c.to_string()).collect();
        assert_eq!(names[0], "a1");
        assert_eq!(names[19], "g3");
        assert_eq!(names[38], "n1");
        for c in Cell::ALL {
            assert_eq!(c.to_string().parse::<Cell>(), Ok(c));
            let (q, r) = c.qr();
            assert_eq!(Cell::from_qr(q, r), Some(c));
        }
        for bad in ["i1", "a2", "g6", "n0", "", "a", "a10", "z1", "b3"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }

    #[test]
    fn coordinates_match_the_spec_table() {
        // Spec §2: d2 = (1,3), e2 = (2,4), f2 = (2,5), f3 = (3,5), n1 = (6,12).
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
    fn colour_classes_match_the_spec() {
        let by = |k: u8| -> u64 {
            Cell::ALL
                .iter()
                .filter(|c| c.shade() == k)
                .map(|c| c.bit())
                .sum()
        };
        assert_eq!(by(0), set("a1 c2 d1 d4 e2 f1 f4 g3 h1 h4 j2 k1 k4 l2 n1"));
        assert_eq!(by(1), set("b1 c3 d2 e3 f2 g1 g4 h2 j3 k2 l3 m1"));
        assert_eq!(by(2), set("b2 c1 d3 e1 f3 g2 g5 h3 j1 k3 l1 m2"));
    }

    #[test]
    fn entry_cells_match_the_spec() {
        assert_eq!(ENTRY[0][0], set("d1 d2 c3"));
        assert_eq!(ENTRY[0][1], set("c1 d3 d4"));
        assert_eq!(ENTRY[1][0], set("k1 k2 l3"));
        assert_eq!(ENTRY[1][1], set("k3 k4 l1"));
    }

    #[test]
    fn pawn_shift_groups_reproduce_the_pawn_tables() {
        for (c, color) in [(0usize, 0usize), (1, 1)] {
            for cell in Cell::ALL {
                let mut reached = [0u64; 3];
                for (kind, slot) in reached.iter_mut().enumerate() {
                    for &(mask, shift) in &PAWN_SHIFTS[c][kind] {
                        if mask & cell.bit() != 0 {
                            *slot |= if c == 0 {
                                cell.bit() << shift
                            } else {
                                cell.bit() >> shift
                            };
                        }
                    }
                }
                assert_eq!(
                    reached[0] | reached[1],
                    PAWN_STEPS[color][cell.index()],
                    "{cell}"
                );
                assert_eq!(reached[0] & reached[1], 0);
                assert_eq!(reached[2], PAWN_JUMP[color][cell.index()], "{cell}");
            }
        }
    }

    #[test]
    fn symmetries_preserve_the_tables() {
        for a in Cell::ALL {
            let (q, r) = a.qr();
            assert_eq!(a.flip().qr(), (6 - q, 12 - r));
            assert_eq!(a.mirror().qr(), (r - q, r));
            assert_eq!(
                KING[a.index()].count_ones(),
                KING[a.flip().index()].count_ones()
            );
            assert_eq!(
                KNIGHT[a.index()].count_ones(),
                KNIGHT[a.mirror().index()].count_ones()
            );
        }
    }

    #[test]
    fn diagonal_steps_keep_the_colour_and_orthogonal_steps_change_it() {
        for a in Cell::ALL {
            for b in CellSet(RAYS[a.index()][6] | RAYS[a.index()][9]) {
                assert_eq!(a.shade(), b.shade());
            }
            for (d, &first) in RAYS[a.index()].iter().enumerate().take(6) {
                if first != 0 {
                    let near = if d < 3 {
                        first.trailing_zeros()
                    } else {
                        63 - first.leading_zeros()
                    };
                    assert_ne!(a.shade(), cell_unchecked(near).shade());
                }
            }
        }
    }
}
