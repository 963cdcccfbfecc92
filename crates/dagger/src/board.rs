//! The 39-cell Dagger Chess board: cells, cell notation, cell colours, sides, roles, pieces, and
//! the static tables the rules read.
//!
//! Cells are numbered densely rank by rank from White's back rank (`a1` = 0) to Black's
//! (`n1` = 38), left to right within a rank as White sees the board. A rank-by-rank index means a
//! ray whose direction raises the index meets its nearest blocker at the lowest set bit.
//!
//! Coordinates follow the rules: `(q, r)` with `r` the rank index (a = 0 … n = 12, no `i`) and
//! `q` rising by one per cell to the right. The geometry crate's axial [`Hex`] uses the neighbour
//! set `(±1,0) (0,±1) (1,-1) (-1,1)`; the rules' `(q, r)` maps to `Hex::new(q - r, r)`.

use core::fmt;
use core::str::FromStr;

use hexvar_geometry::san::cut;
use hexvar_geometry::zobrist::KeyStream;
pub use hexvar_geometry::ParseLetterError;
use hexvar_geometry::{parse_letter, table, Hex, Set128};

use crate::sliders::{bishop_attacks_from, rook_attacks_from};

/// The number of cells on the board.
pub const CELL_COUNT: usize = 39;

/// The raw cell set the hot paths work on: one bit per dense index (the public face is
/// [`CellSet`]). 39 cells fit one 64-bit word.
pub(crate) type Bits = u64;

const _: () = assert!(CELL_COUNT <= Bits::BITS as usize);

/// The number of ranks.
pub(crate) const RANK_COUNT: usize = 13;
/// The rank letters, from White's back rank to Black's (there is no `i`).
pub(crate) const RANK_LETTERS: [u8; RANK_COUNT] = *b"abcdefghjklmn";
/// The number of cells of each rank, `a` to `n`.
pub(crate) const RANK_LENGTHS: [u8; RANK_COUNT] = [1, 2, 3, 4, 3, 4, 5, 4, 3, 4, 3, 2, 1];
/// The rules' `q` of the first cell of each rank.
const RANK_QMIN: [i8; RANK_COUNT] = [0, 0, 0, 0, 1, 1, 1, 2, 3, 3, 4, 5, 6];
/// The dense index of the first cell of each rank.
pub(crate) const RANK_START: [u8; RANK_COUNT] = {
    let mut out = [0u8; RANK_COUNT];
    let mut r = 1;
    while r < RANK_COUNT {
        out[r] = out[r - 1] + RANK_LENGTHS[r - 1];
        r += 1;
    }
    out
};

/// One of the two sides.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

    /// The side's one-cell first rank: its King's start cell and the opponent's promotion cell.
    #[inline]
    pub const fn home(self) -> Cell {
        match self {
            Color::White => Cell::A1,
            Color::Black => Cell::N1,
        }
    }

    /// `'w'` or `'b'`, as in the position text.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }

    /// The colour of `'w'` or `'b'`.
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
}

impl core::ops::Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        self.other()
    }
}

impl fmt::Display for Color {
    /// The letter `w` or `b`.
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

/// The kind of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
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

/// The number of roles.
pub(crate) const ROLE_COUNT: usize = 6;

impl Role {
    /// All roles, pawn first.
    pub const ALL: [Role; ROLE_COUNT] = [
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
    /// board (the rules page, "Piece values", gives the numbers); a knight in hand counts as one
    /// on the board: P 100, N 350, B 250, R 525, Q 875, K 0.
    pub const fn value(self) -> i32 {
        match self {
            Role::Pawn => 100,
            Role::Knight => 350,
            Role::Bishop => 250,
            Role::Rook => 525,
            Role::Queen => 875,
            Role::King => 0,
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

impl fmt::Display for Role {
    /// The upper-case letter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Role {
    type Err = ParseLetterError;
    /// One letter of `PNBRQK`, either case.
    fn from_str(s: &str) -> Result<Role, ParseLetterError> {
        parse_letter(s, Role::from_char, "role", "one of `P N B R Q K`")
    }
}

/// A man of one side: its colour and its role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub role: Role,
}

/// The number of distinct pieces (colour × role).
pub(crate) const PIECE_COUNT: usize = 2 * ROLE_COUNT;

impl Piece {
    /// A piece of `color` and `role`.
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// `KQRBNP` for White, `kqrbnp` for Black, as in the position text.
    pub const fn char(self) -> char {
        let c = self.role.char();
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
    pub(crate) const fn index(self) -> usize {
        self.color as usize * ROLE_COUNT + self.role as usize
    }

    /// The piece of [`Piece::index`].
    #[inline]
    pub(crate) const fn from_index(index: usize) -> Piece {
        Piece {
            color: if index < ROLE_COUNT {
                Color::White
            } else {
                Color::Black
            },
            role: Role::ALL[index % ROLE_COUNT],
        }
    }
}

impl fmt::Display for Piece {
    /// The letter of the position text: `K` for a White King, `p` for a Black pawn.
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

/// The three cell colours, `(q + r) mod 3`. An orthogonal step always changes the colour and a
/// diagonal step never does, so each Bishop keeps its colour. The rules page gives the colours no
/// names; these follow the pictures (`render::svg`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shade {
    /// `(q + r) mod 3 = 0`: 15 cells, the centre `g3` and both back-rank cells among them.
    Medium = 0,
    /// `(q + r) mod 3 = 1`: 12 cells.
    Light = 1,
    /// `(q + r) mod 3 = 2`: 12 cells.
    Dark = 2,
}

impl Shade {
    /// The three shades in the order of `(q + r) mod 3`.
    pub const ALL: [Shade; 3] = [Shade::Medium, Shade::Light, Shade::Dark];

    /// `(q + r) mod 3`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A cell of the board: a dense index `0..39`, rank by rank from `a1` to `n1`. Every value is a
/// cell of the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u8);

/// A text that names no cell.
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("not a Dagger Chess cell: {0:?} (ranks a–n without i, numbered from 1)")]
pub struct ParseCellError(String);

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
    pub const fn from_index(index: usize) -> Option<Cell> {
        if index < CELL_COUNT {
            Some(Cell(index as u8))
        } else {
            None
        }
    }

    /// The cell of a bit index known to be below 39 (from a set of cells).
    #[inline]
    pub(crate) const fn from_bit_index(index: u32) -> Cell {
        debug_assert!((index as usize) < CELL_COUNT);
        Cell(index as u8)
    }

    /// The lowest cell of a non-empty raw set.
    #[inline]
    pub(crate) const fn first_of(set: Bits) -> Cell {
        Cell::from_bit_index(set.trailing_zeros())
    }

    /// The dense index `0..39`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The rank index: `a` = 0 … `n` = 12.
    pub const fn rank(self) -> u8 {
        let mut r = RANK_COUNT - 1;
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
        if rank as usize >= RANK_COUNT || number == 0 || number > RANK_LENGTHS[rank as usize] {
            return None;
        }
        Some(Cell(RANK_START[rank as usize] + number - 1))
    }

    /// The rules' coordinates `(q, r)` (see the module docs).
    pub const fn qr(self) -> (i8, i8) {
        let r = self.rank();
        (RANK_QMIN[r as usize] + self.number() as i8 - 1, r as i8)
    }

    /// The cell at the rules' coordinates `(q, r)`, if on the board.
    pub const fn from_qr(q: i8, r: i8) -> Option<Cell> {
        if r < 0 || r as usize >= RANK_COUNT {
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

    /// The cell's colour, `(q + r) mod 3` (15, 12 and 12 cells).
    pub const fn shade(self) -> Shade {
        let (q, r) = self.qr();
        Shade::ALL[((q + r) % 3) as usize]
    }

    /// The cell turned 180° about the centre `g3`: `(q, r)` → `(6 − q, 12 − r)`.
    pub const fn flip(self) -> Cell {
        Cell(CELL_COUNT as u8 - 1 - self.0)
    }

    /// The cell mirrored left–right: `(q, r)` → `(r − q, r)`.
    pub const fn mirror(self) -> Cell {
        let r = self.rank();
        Cell(2 * RANK_START[r as usize] + RANK_LENGTHS[r as usize] - 1 - self.0)
    }

    /// The one-cell raw set.
    #[inline]
    pub(crate) const fn bit(self) -> Bits {
        1 << self.0
    }
}

/// A rules' `(q, r)` step or cell as a geometry [`Hex`].
pub(crate) const fn spec_hex(q: i8, r: i8) -> Hex {
    Hex::new(q - r, r)
}

impl fmt::Display for Cell {
    /// The cell's name: rank letter and number, `a1` … `n1`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            RANK_LETTERS[self.rank() as usize] as char,
            self.number()
        )
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl FromStr for Cell {
    type Err = ParseCellError;
    /// A cell name in lower case: `a1`, `g3`, `n1`.
    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        let err = || ParseCellError(cut(s, 100));
        let &[letter, digit] = s.as_bytes() else {
            return Err(err());
        };
        let rank = RANK_LETTERS
            .iter()
            .position(|&l| l == letter)
            .ok_or_else(err)?;
        if !digit.is_ascii_digit() {
            return Err(err());
        }
        Cell::from_rank_number(rank as u8, digit - b'0').ok_or_else(err)
    }
}

/// A set of cells: `hexvar_geometry`'s [`Set128`], one bit per dense index (bits 39 and above
/// are never set by this crate). Iterating it yields indices; `cells()` yields [`Cell`]s.
///
/// ```
/// use hexvar_dagger::{Cell, CellSet};
/// let set: CellSet = ["a1", "g3"].iter().map(|c| c.parse::<Cell>().unwrap()).collect();
/// assert!(set.has(Cell::G3.index()));
/// let names: Vec<String> = set.cells::<Cell>().map(|c| c.to_string()).collect();
/// assert_eq!(names, ["a1", "g3"]);
/// ```
pub type CellSet = Set128;

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> CellSet {
        iter.into_iter()
            .fold(CellSet::EMPTY, |s, c| s.with(c.index()))
    }
}

impl From<Cell> for CellSet {
    fn from(cell: Cell) -> CellSet {
        CellSet::single(cell.index())
    }
}

/// A raw set as the public [`CellSet`].
#[inline]
pub(crate) const fn cell_set(bits: Bits) -> CellSet {
    Set128(bits as u128)
}

/// The cells of a raw set, lowest index first (hot-loop helper).
#[inline]
pub(crate) fn cells_of(mut set: Bits) -> impl Iterator<Item = Cell> {
    core::iter::from_fn(move || {
        if set == 0 {
            None
        } else {
            let c = set.trailing_zeros();
            set &= set - 1;
            Some(Cell::from_bit_index(c))
        }
    })
}

// ---------------------------------------------------------------------------------------------
// Static tables.

/// Every cell as a geometry hex, in dense order.
const HEXES: [Hex; CELL_COUNT] = {
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

/// The 6 orthogonal (Rook) directions in `(dq, dr)`: the three that raise the dense index first
/// (right, up-left, up-right), then their opposites.
const ROOK_DIRS: [(i8, i8); 6] = [(1, 0), (0, 1), (1, 1), (-1, 0), (0, -1), (-1, -1)];
/// The 6 diagonal (Bishop) directions in `(dq, dr)`: straight up, up-right oblique, up-left
/// oblique, then their opposites.
const BISHOP_DIRS: [(i8, i8); 6] = [(1, 2), (2, 1), (-1, 1), (-1, -2), (-2, -1), (1, -1)];
/// The number of line directions (6 orthogonal, then 6 diagonal).
const LINE_DIRS: usize = 12;
/// The 12 Gliński knight leaps in `(dq, dr)` (rules §2).
pub(crate) const KNIGHT_LEAPS: [(i8, i8); 12] = [
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
const LINE_HEX: [Hex; LINE_DIRS] = {
    let mut out = [Hex::ZERO; LINE_DIRS];
    let mut i = 0;
    while i < 6 {
        out[i] = ROOK_HEX[i];
        out[i + 6] = BISHOP_HEX[i];
        i += 1;
    }
    out
};
const KNIGHT_HEX: [Hex; 12] = to_hexes(KNIGHT_LEAPS);

/// A pawn's three moves (rules §4.6), for White; Black's are the negated vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PawnStep {
    /// The forward-left orthogonal step `(0, +1)`: moves or captures.
    Left = 0,
    /// The forward-right orthogonal step `(+1, +1)`: moves or captures.
    Right = 1,
    /// The straight-forward diagonal "double jump" `(+1, +2)`: moves only.
    Jump = 2,
}

/// Pawn steps (forward-left, forward-right) then the straight jump, per colour.
const PAWN_HEX: [[Hex; 3]; 2] = [
    to_hexes([(0, 1), (1, 1), (1, 2)]),
    to_hexes([(0, -1), (-1, -1), (-1, -2)]),
];
const RANK_HEX: [Hex; 2] = to_hexes([(1, 0), (-1, 0)]);

pub(crate) static LINE_STEPS: [[u16; LINE_DIRS]; CELL_COUNT] = table::step_table(&HEXES, &LINE_HEX);

/// The index in [`LINE_STEPS`] of the line direction `d`, in the rules' `(dq, dr)`.
///
/// # Panics
/// At compile time (in a `const`), if `d` is not a line direction.
pub(crate) const fn line_direction(d: (i8, i8)) -> usize {
    hexvar_geometry::magic::direction(&LINE_HEX, to_hexes([d])[0])
}
static KNIGHT_STEPS: [[u16; 12]; CELL_COUNT] = table::step_table(&HEXES, &KNIGHT_HEX);
static PAWN_TABLE: [[[u16; 3]; CELL_COUNT]; 2] = [
    table::step_table(&HEXES, &PAWN_HEX[0]),
    table::step_table(&HEXES, &PAWN_HEX[1]),
];
static RANK_STEPS: [[u16; 2]; CELL_COUNT] = table::step_table(&HEXES, &RANK_HEX);

const fn narrow<const D: usize>(wide: &[[u128; D]; CELL_COUNT]) -> [[Bits; D]; CELL_COUNT] {
    let mut out = [[0; D]; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let mut d = 0;
        while d < D {
            out[i][d] = wide[i][d] as Bits;
            d += 1;
        }
        i += 1;
    }
    out
}

const fn narrow_sets(wide: &[u128; CELL_COUNT]) -> [Bits; CELL_COUNT] {
    let mut out = [0; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = wide[i] as Bits;
        i += 1;
    }
    out
}

/// The cells `steps[cell][which]` as one-cell sets (empty where the step leaves the board).
const fn pick<const D: usize>(steps: &[[u16; D]; CELL_COUNT], which: usize) -> [Bits; CELL_COUNT] {
    let mut out = [0; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        if steps[i][which] != table::NO_CELL {
            out[i] = 1 << steps[i][which];
        }
        i += 1;
    }
    out
}

/// The cells `steps[cell][0]` and `steps[cell][1]` together.
const fn pick_two<const D: usize>(steps: &[[u16; D]; CELL_COUNT]) -> [Bits; CELL_COUNT] {
    let a = pick(steps, 0);
    let b = pick(steps, 1);
    let mut out = [0; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = a[i] | b[i];
        i += 1;
    }
    out
}

/// `RAYS[cell][d]`: the cells reached by repeating line direction `d` from `cell` (0..6 the
/// Rook directions, 6..12 the Bishop directions); in each half the first three raise the index.
#[cfg(test)]
static RAYS: [[Bits; LINE_DIRS]; CELL_COUNT] = narrow(&table::ray_table_128(&LINE_STEPS));
/// `KNIGHT[cell]`: the knight leaps from `cell`.
pub(crate) static KNIGHT: [Bits; CELL_COUNT] = narrow_sets(&table::leap_sets_128(&KNIGHT_STEPS));
/// `KING[cell]`: the 12 (or fewer, at the edge) King steps from `cell`: one step along each line.
pub(crate) static KING: [Bits; CELL_COUNT] = {
    let mut out = [0; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let mut d = 0;
        while d < LINE_DIRS {
            if LINE_STEPS[i][d] != table::NO_CELL {
                out[i] |= 1 << LINE_STEPS[i][d];
            }
            d += 1;
        }
        i += 1;
    }
    out
};
/// `PAWN_STEPS[color][cell]`: the two forward orthogonal cells of a pawn (move or capture); the
/// cells a pawn attacks.
pub(crate) static PAWN_STEPS: [[Bits; CELL_COUNT]; 2] =
    [pick_two(&PAWN_TABLE[0]), pick_two(&PAWN_TABLE[1])];
/// `PAWN_JUMP[color][cell]`: the straight-forward diagonal cell of a pawn (move only).
pub(crate) static PAWN_JUMP: [[Bits; CELL_COUNT]; 2] = [
    pick(&PAWN_TABLE[0], PawnStep::Jump as usize),
    pick(&PAWN_TABLE[1], PawnStep::Jump as usize),
];
/// The most distinct index distances of one pawn move over the whole board.
const PAWN_SHIFT_GROUPS: usize = 5;

/// One pawn move of one side applied to a whole set of pawns at once, as shifts of the dense
/// index: ranks have 1 to 5 cells, so a move's index distance depends on the rank, and the
/// sources are grouped by distance. White's moves raise the index, Black's lower it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnShift {
    /// `(sources, distance)`: the source cells (whose target is on the board) of each distance;
    /// unused groups are `(0, 0)`.
    groups: [(Bits, u32); PAWN_SHIFT_GROUPS],
    rises: bool,
}

impl PawnShift {
    /// Move `step` (a [`PawnStep`]) of `color` (0 White, 1 Black) from the cells of `sources`.
    const fn new(color: usize, step: usize, sources: Bits) -> PawnShift {
        let mut groups = [(0, 0u32); PAWN_SHIFT_GROUPS];
        let mut i = 0;
        while i < CELL_COUNT {
            let target = PAWN_TABLE[color][i][step];
            if target != table::NO_CELL && sources & 1 << i != 0 {
                let distance = (target as i32 - i as i32).unsigned_abs();
                let mut g = 0;
                while groups[g].0 != 0 && groups[g].1 != distance {
                    g += 1;
                    assert!(g < PAWN_SHIFT_GROUPS, "too many pawn shift groups");
                }
                groups[g] = (groups[g].0 | 1 << i, distance);
            }
            i += 1;
        }
        PawnShift {
            groups,
            rises: color == 0,
        }
    }

    /// Where the move takes the pawns on `pawns` (those whose move leaves the board vanish).
    #[inline(always)]
    pub(crate) fn forward(&self, pawns: Bits) -> Bits {
        let mut out = 0;
        for &(sources, distance) in &self.groups {
            out |= if self.rises {
                (pawns & sources) << distance
            } else {
                (pawns & sources) >> distance
            };
        }
        out
    }
}

/// The pawn moves of one side, set-wise, for the pawns that do not promote on their next move
/// (those four moves per destination are counted one pawn at a time). A pawn's two forward
/// steps land on neighbours of one rank, `low` and `low + 1` (White's left step is the lower,
/// Black's right step), so one shift to the lower cell gives the higher one by a one-place
/// shift, cut where it would leave the rank. Only a pawn whose lower cell is off the board (its
/// higher one is then the first cell of its rank) needs a shift of its own.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnShifts {
    /// The cells from which a pawn can reach its promotion cell in one move.
    pub promoting: Bits,
    /// To the lower forward cell.
    pub low: PawnShift,
    /// The cells whose lower forward cell is off the board and higher one on it.
    pub high_only: Bits,
    /// To the higher forward cell, from [`PawnShifts::high_only`].
    pub high_at_edge: PawnShift,
    /// The straight-forward jump.
    pub jump: PawnShift,
}

const fn pawn_shifts(color: usize) -> PawnShifts {
    let (low, high) = if color == 0 {
        (PawnStep::Left as usize, PawnStep::Right as usize)
    } else {
        (PawnStep::Right as usize, PawnStep::Left as usize)
    };
    let promotion = if color == 0 { Cell::N1 } else { Cell::A1 };
    let mut promoting = 0;
    let mut high_only = 0;
    let mut i = 0;
    while i < CELL_COUNT {
        let steps = PAWN_TABLE[color][i];
        let mut k = 0;
        while k < 3 {
            if steps[k] == promotion.0 as u16 {
                promoting |= 1 << i;
            }
            k += 1;
        }
        if steps[low] == table::NO_CELL && steps[high] != table::NO_CELL {
            high_only |= 1 << i;
        }
        i += 1;
    }
    // No pawn stands on a back-rank cell, and those about to promote are not shifted: fewer
    // index distances, fewer groups.
    let sources = ((1 << CELL_COUNT) - 1) & !(Cell::A1.bit() | Cell::N1.bit()) & !promoting;
    PawnShifts {
        promoting,
        low: PawnShift::new(color, low, sources),
        high_only: high_only & sources,
        high_at_edge: PawnShift::new(color, high, high_only & sources),
        jump: PawnShift::new(color, PawnStep::Jump as usize, sources),
    }
}

/// The pawn moves of each side, set-wise (White, Black). A `const`, so that code specialised to
/// one side sees the shift distances as constants.
pub(crate) const PAWN_SHIFTS: [PawnShifts; 2] = [pawn_shifts(0), pawn_shifts(1)];

/// The last cell (highest index) of every rank.
pub(crate) const RANK_LASTS: Bits = {
    let mut out = 0;
    let mut r = 0;
    while r < RANK_COUNT {
        out |= 1 << (RANK_START[r] + RANK_LENGTHS[r] - 1);
        r += 1;
    }
    out
};
/// `out[k]` = the cells from whose leaps `leaps` reach a King step from `k`: the only cells
/// from which a leaper can keep a King on `k` from stepping somewhere.
const fn near_king_steps(leaps: &[Bits; CELL_COUNT]) -> [Bits; CELL_COUNT] {
    let mut out = [0; CELL_COUNT];
    let mut k = 0;
    while k < CELL_COUNT {
        let mut from = 0;
        while from < CELL_COUNT {
            if leaps[from] & KING[k] != 0 {
                out[k] |= 1 << from;
            }
            from += 1;
        }
        k += 1;
    }
    out
}

/// `KNIGHTS_NEAR_KING[k]`: the cells from which a knight attacks a King step from `k`.
pub(crate) static KNIGHTS_NEAR_KING: [Bits; CELL_COUNT] = near_king_steps(&KNIGHT);
/// `PAWNS_NEAR_KING[color][k]`: the cells from which a pawn of `color` attacks a King step from
/// `k`.
pub(crate) static PAWNS_NEAR_KING: [[Bits; CELL_COUNT]; 2] = [
    near_king_steps(&PAWN_STEPS[0]),
    near_king_steps(&PAWN_STEPS[1]),
];
/// `RANK_NEIGHBOURS[cell]`: the cells beside `cell` on its rank (the en-passant capturers).
pub(crate) static RANK_NEIGHBOURS: [Bits; CELL_COUNT] = pick_two(&RANK_STEPS);
/// `BETWEEN[a][b]`: the cells strictly between `a` and `b` on a common line, else empty.
pub(crate) static BETWEEN: [[Bits; CELL_COUNT]; CELL_COUNT] = {
    let wide = table::between_128(&LINE_STEPS);
    let mut out = [[0; CELL_COUNT]; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let mut j = 0;
        while j < CELL_COUNT {
            out[i][j] = wide[i][j] as Bits;
            j += 1;
        }
        i += 1;
    }
    out
};
/// `LINE[a][b]`: the whole line through `a` and `b` (both included) when they share a line,
/// else empty.
pub(crate) static LINE: [[Bits; CELL_COUNT]; CELL_COUNT] = {
    let rays = narrow(&table::ray_table_128(&LINE_STEPS));
    let mut out = [[0; CELL_COUNT]; CELL_COUNT];
    let mut a = 0;
    while a < CELL_COUNT {
        let mut d = 0;
        while d < LINE_DIRS {
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
pub(crate) static ROOK_PSEUDO: [Bits; CELL_COUNT] = union_rays(0);
/// Empty-board Bishop attacks.
pub(crate) static BISHOP_PSEUDO: [Bits; CELL_COUNT] = union_rays(6);

const fn union_rays(first: usize) -> [Bits; CELL_COUNT] {
    let rays = narrow(&table::ray_table_128(&LINE_STEPS));
    let mut out = [0; CELL_COUNT];
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

/// Rook attacks from `cell` with `occupied` blocking (the first blocker is included).
#[inline]
pub(crate) fn rook_attacks(cell: Cell, occupied: Bits) -> Bits {
    rook_attacks_from(cell.index(), occupied)
}

/// Bishop attacks from `cell` with `occupied` blocking (the first blocker is included). A
/// diagonal step is not blocked by the two cells it passes between.
#[inline]
pub(crate) fn bishop_attacks(cell: Cell, occupied: Bits) -> Bits {
    bishop_attacks_from(cell.index(), occupied)
}

/// Zobrist keys: one per (piece, cell), the side to move, each knight in hand, and each
/// en-passant cell.
pub(crate) struct Zobrist {
    /// `[piece index][cell]`.
    pub(crate) pieces: [[u64; CELL_COUNT]; PIECE_COUNT],
    /// Xored in when Black is to move.
    pub(crate) black_to_move: u64,
    /// `[color][knight]`: xored in while that knight is in hand.
    pub(crate) hand: [[u64; 2]; 2],
    /// `[cell]`: xored in while an en-passant capture onto the jumper on that cell is possible.
    pub(crate) en_passant: [u64; CELL_COUNT],
}

/// The seed of the Zobrist key stream.
const ZOBRIST_SEED: u64 = 0x0DA6_6E4C_4E55;

pub(crate) static ZOBRIST: Zobrist = {
    let mut stream = KeyStream::new(ZOBRIST_SEED);
    Zobrist {
        pieces: stream.table(),
        black_to_move: stream.next_key(),
        hand: stream.table(),
        en_passant: stream.keys(),
    }
};

#[cfg(test)]
mod tests {
    use super::*;

    fn set(names: &str) -> Bits {
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
            assert_eq!(format!("{c:?}"), c.to_string());
            assert_eq!(Cell::from_index(c.index()), Some(c));
            let (q, r) = c.qr();
            assert_eq!(Cell::from_qr(q, r), Some(c));
        }
        assert_eq!(Cell::from_index(CELL_COUNT), None);
        for bad in [
            "i1", "a2", "g6", "n0", "", "a", "a10", "z1", "b3", "A1", " a1", "é1",
        ] {
            assert!(bad.parse::<Cell>().is_err(), "{bad}");
        }
    }

    #[test]
    fn coordinates_match_the_rules_table() {
        // Rules §2: d2 = (1,3), e2 = (2,4), f2 = (2,5), f3 = (3,5), n1 = (6,12).
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
    fn colour_classes_match_the_rules() {
        let by = |shade: Shade| -> Bits {
            Cell::ALL
                .iter()
                .filter(|c| c.shade() == shade)
                .map(|c| c.bit())
                .sum()
        };
        assert_eq!(
            by(Shade::Medium),
            set("a1 c2 d1 d4 e2 f1 f4 g3 h1 h4 j2 k1 k4 l2 n1")
        );
        assert_eq!(by(Shade::Light), set("b1 c3 d2 e3 f2 g1 g4 h2 j3 k2 l3 m1"));
        assert_eq!(by(Shade::Dark), set("b2 c1 d3 e1 f3 g2 g5 h3 j1 k3 l1 m2"));
    }

    #[test]
    fn letters_round_trip() {
        for color in Color::ALL {
            assert_eq!(color.to_string().parse::<Color>(), Ok(color));
            for role in Role::ALL {
                let piece = Piece::new(color, role);
                assert_eq!(piece.to_string().parse::<Piece>(), Ok(piece));
                assert_eq!(Piece::from_index(piece.index()), piece);
                assert_eq!(role.to_string().parse::<Role>(), Ok(role));
                assert_eq!(role.to_string().to_lowercase().parse::<Role>(), Ok(role));
            }
        }
        for bad in ["", "x", "ww", "W", "white"] {
            assert!(bad.parse::<Color>().is_err(), "{bad}");
        }
        for bad in ["", "X", "KK", "1"] {
            assert!(bad.parse::<Piece>().is_err(), "{bad}");
            assert!(bad.parse::<Role>().is_err(), "{bad}");
        }
    }

    #[test]
    fn cell_sets_yield_cells() {
        let set: CellSet = [Cell::N1, Cell::A1].into_iter().collect();
        assert_eq!(
            set.cells::<Cell>().collect::<Vec<_>>(),
            [Cell::A1, Cell::N1]
        );
        assert!(set.has(Cell::N1.index()) && !set.has(Cell::G3.index()));
        assert_eq!(cell_set(Cell::A1.bit() | Cell::N1.bit()), set);
        assert_eq!(CellSet::from(Cell::G3).len(), 1);
    }

    #[test]
    fn pawn_shifts_reproduce_the_pawn_tables() {
        for (color, shifts) in PAWN_SHIFTS.iter().enumerate() {
            for cell in Cell::ALL {
                let one = cell.bit();
                let promotion = if color == 0 { Cell::N1 } else { Cell::A1 };
                let moves = PAWN_STEPS[color][cell.index()] | PAWN_JUMP[color][cell.index()];
                assert_eq!(
                    shifts.promoting & one != 0,
                    moves & promotion.bit() != 0,
                    "{cell}"
                );
                if shifts.promoting & one != 0 || cell == Cell::A1 || cell == Cell::N1 {
                    continue; // counted one by one, or no pawn
                }
                let low = shifts.low.forward(one);
                let high = ((low & !RANK_LASTS) << 1)
                    | shifts.high_at_edge.forward(one & shifts.high_only);
                assert_eq!(low & high, 0, "{cell}");
                assert_eq!(low | high, PAWN_STEPS[color][cell.index()], "{cell}");
                assert_eq!(
                    shifts.jump.forward(one),
                    PAWN_JUMP[color][cell.index()],
                    "{cell}"
                );
            }
        }
    }

    #[test]
    fn pawn_tables_follow_the_rules_vectors() {
        // Rules §4.6: a White pawn on d2 = (1,3) steps to e1 = (1,4) and e2 = (2,4) and jumps to
        // f2 = (2,5); Black mirrors it.
        let d2: Cell = "d2".parse().unwrap();
        assert_eq!(PAWN_STEPS[0][d2.index()], set("e1 e2"));
        assert_eq!(PAWN_JUMP[0][d2.index()], set("f2"));
        let k2: Cell = "k2".parse().unwrap();
        assert_eq!(PAWN_STEPS[1][k2.index()], set("j1 j2"));
        assert_eq!(PAWN_JUMP[1][k2.index()], set("h2"));
        assert_eq!(PAWN_STEPS[0][Cell::N1.index()], 0);
    }

    #[test]
    fn slider_attacks_stop_at_the_first_blocker_both_ways() {
        let g3 = Cell::G3;
        // A Rook on g3 with blockers on g2 and f3 = (3,5), the (0,-1) neighbour.
        let occupied = set("g2 f3 g5");
        let attacks = rook_attacks(g3, occupied);
        assert_eq!(attacks, set("g2 g4 g5 f2 e1 d1 f3 h2 j1 k1 h3 j3 k4"));
        // A Bishop on g3 is not blocked by the cells a diagonal step passes between.
        assert_eq!(
            bishop_attacks(g3, set("f3 g4")),
            set("a1 c2 e2 f1 f4 h1 h4 j2 l2 n1")
        );
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
            for b in cells_of(RAYS[a.index()][6] | RAYS[a.index()][9]) {
                assert_eq!(a.shade(), b.shade());
            }
            for (d, &first) in RAYS[a.index()].iter().enumerate().take(6) {
                if first != 0 {
                    let near = if d < 3 {
                        first.trailing_zeros()
                    } else {
                        Bits::BITS - 1 - first.leading_zeros()
                    };
                    assert_ne!(a.shade(), Cell::from_bit_index(near).shade());
                }
            }
        }
    }
}
