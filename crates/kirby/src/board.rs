//! Cells, cell notation, armies, pieces and the static tables of Kirby's board.
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
use core::str::FromStr;

use hexvar_geometry::san::cut;
use hexvar_geometry::square::{self, Square};
use hexvar_geometry::table::{self, NO_CELL};
use hexvar_geometry::zobrist::KeyStream;
pub use hexvar_geometry::ParseLetterError;
use hexvar_geometry::{parse_letter, Hex, WideSet};

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

/// The number of cells.
pub const CELL_COUNT: usize = 313;
pub(crate) const CELLS: usize = CELL_COUNT;
/// The number of sideboard squares.
pub(crate) const SQUARES: usize = 144;
/// The number of field cells (pents and hexes).
pub(crate) const FIELD: usize = 169;
/// The number of armies (seats).
pub(crate) const ARMIES: usize = 6;
/// The number of roles.
pub(crate) const ROLES: usize = 7;
/// Squares per sideboard (8 files × 3 ranks).
pub(crate) const SQUARES_PER_BOARD: usize = 24;
/// Files per sideboard.
pub(crate) const FILES: usize = 8;

/// One of the six armies (the side type: an army's colour), which is also its seat and its
/// sideboard, in clockwise order from the bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Black, at the bottom (sideboard on row A).
    Black = 0,
    /// Pink, lower left.
    Pink = 1,
    /// Silver, upper left.
    Silver = 2,
    /// White, at the top (sideboard on row Q).
    White = 3,
    /// Red, upper right.
    Red = 4,
    /// Gold, lower right.
    Gold = 5,
}

impl Color {
    /// The six armies in clockwise seat order: a slice, as
    /// [`VariantColor::ALL`](hexvar_geometry::VariantColor::ALL) is, so that `Color::ALL` names
    /// one thing whichever is in scope. (The armies a game seats are
    /// [`Position::seated`](crate::Position::seated).)
    pub const ALL: &'static [Color] = &[
        Color::Black,
        Color::Pink,
        Color::Silver,
        Color::White,
        Color::Red,
        Color::Gold,
    ];

    /// The seat index `0..6`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The army of seat `i` (`i` modulo 6).
    #[inline]
    pub(crate) const fn from_seat(i: usize) -> Color {
        Color::ALL[i % 6]
    }

    /// Kirby's initial for the color: `B P S W R G`.
    pub const fn char(self) -> char {
        match self {
            Color::Black => 'B',
            Color::Pink => 'P',
            Color::Silver => 'S',
            Color::White => 'W',
            Color::Red => 'R',
            Color::Gold => 'G',
        }
    }

    /// The army with Kirby's initial `c` (upper case).
    pub const fn from_char(c: char) -> Option<Color> {
        Some(match c {
            'B' => Color::Black,
            'P' => Color::Pink,
            'S' => Color::Silver,
            'W' => Color::White,
            'R' => Color::Red,
            'G' => Color::Gold,
            _ => return None,
        })
    }

    /// The next seat clockwise.
    pub const fn next(self) -> Color {
        Color::from_seat(self.index() + 1)
    }

    /// The army's name in English.
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "Black",
            Color::Pink => "Pink",
            Color::Silver => "Silver",
            Color::White => "White",
            Color::Red => "Red",
            Color::Gold => "Gold",
        }
    }
}

impl fmt::Display for Color {
    /// The army's letter, `B P S W R G` (its English name is [`Color::name`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.char())
    }
}

impl FromStr for Color {
    type Err = ParseLetterError;
    /// One army letter, `B P S W R G`.
    fn from_str(s: &str) -> Result<Color, ParseLetterError> {
        parse_letter(s, Color::from_char, "army", "one of `B P S W R G`")
    }
}

/// A piece type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn.
    Pawn = 0,
    /// Knight.
    Knight = 1,
    /// Bishop.
    Bishop = 2,
    /// Rook.
    Rook = 3,
    /// Queen.
    Queen = 4,
    /// Amazon (queen + knight), from promotion or stalemate relocation only.
    Amazon = 5,
    /// King.
    King = 6,
}

impl Role {
    /// Every role.
    pub const ALL: [Role; ROLES] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::Amazon,
        Role::King,
    ];

    /// The roles a pawn can reclaim (the first-rank pieces an army can lose), in the order the
    /// move generator lists them.
    pub const RECLAIMABLE: [Role; 4] = [Role::Queen, Role::Rook, Role::Bishop, Role::Knight];

    /// How many of this role an army has at the start (0 for the Amazon).
    pub const fn start_count(self) -> u32 {
        match self {
            Role::Pawn => 8,
            Role::Knight | Role::Bishop | Role::Rook => 2,
            Role::Queen | Role::King => 1,
            Role::Amazon => 0,
        }
    }

    /// The index `0..7`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case letter: `P N B R Q A K`.
    pub const fn char(self) -> char {
        match self {
            Role::Pawn => 'P',
            Role::Knight => 'N',
            Role::Bishop => 'B',
            Role::Rook => 'R',
            Role::Queen => 'Q',
            Role::Amazon => 'A',
            Role::King => 'K',
        }
    }

    /// The material value in centipawns: chess's values scaled by the role's mobility on this
    /// board (the rules page, "Piece values", gives the numbers): P 100, N 325, B 275, R 525,
    /// Q 900, A 1225, K 0.
    pub const fn value(self) -> i32 {
        match self {
            Role::Pawn => 100,
            Role::Knight => 325,
            Role::Bishop => 275,
            Role::Rook => 525,
            Role::Queen => 900,
            Role::Amazon => 1225,
            Role::King => 0,
        }
    }

    /// The role with letter `c` (upper case).
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c {
            'P' => Role::Pawn,
            'N' => Role::Knight,
            'B' => Role::Bishop,
            'R' => Role::Rook,
            'Q' => Role::Queen,
            'A' => Role::Amazon,
            'K' => Role::King,
            _ => return None,
        })
    }

    /// Whether the role is a "power piece" (anything but pawn and king).
    pub const fn is_power(self) -> bool {
        !matches!(self, Role::Pawn | Role::King)
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
    /// One upper-case letter, `P N B R Q A K`.
    fn from_str(s: &str) -> Result<Role, ParseLetterError> {
        parse_letter(s, Role::from_char, "role", "one of `P N B R Q A K`")
    }
}

/// A piece: an army and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner.
    pub color: Color,
    /// The piece type.
    pub role: Role,
}

impl Piece {
    /// The piece of `color` and `role`.
    #[inline]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// A compact code `1..=42` (0 means "empty" in the mailbox).
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        (self.color as u8) * 7 + self.role as u8 + 1
    }

    /// The piece of a mailbox code (`code != 0`).
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Piece {
        PIECE_OF_CODE[code as usize]
    }
}

const PIECE_OF_CODE: [Piece; PIECE_CODES] = {
    let mut out = [Piece {
        color: Color::Black,
        role: Role::Pawn,
    }; PIECE_CODES];
    let mut c = 1;
    while c < PIECE_CODES {
        out[c] = Piece {
            color: Color::ALL[(c - 1) / 7],
            role: Role::ALL[(c - 1) % 7],
        };
        c += 1;
    }
    out
};

impl fmt::Display for Piece {
    /// Army letter then role letter, e.g. `BK`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.color.char(), self.role.char())
    }
}

impl FromStr for Piece {
    type Err = ParseLetterError;
    /// Army letter then role letter, e.g. `BK`.
    fn from_str(s: &str) -> Result<Piece, ParseLetterError> {
        let mut chars = s.chars();
        match (
            chars.next().and_then(Color::from_char),
            chars.next().and_then(Role::from_char),
            chars.next(),
        ) {
            (Some(color), Some(role), None) => Ok(Piece { color, role }),
            _ => Err(ParseLetterError::new(
                "piece",
                "an army letter and a role letter, e.g. `BK`",
                s,
            )),
        }
    }
}

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

/// A cell of the board: a dense index `0..313` (see the module docs for the order). `Debug`
/// and `Display` print its name in Kirby's notation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u16);

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

const fn field_cells() -> [Hex; FIELD] {
    let mut out = [Hex::ZERO; FIELD];
    let mut n = 0;
    let mut y = 0i32;
    while y < 15 {
        let mut x = 1i32;
        while x <= 29 {
            if (x + y) % 2 == 0 && (x - 15).abs() + (y - 7).abs() <= 14 {
                let r = y - 7;
                let q = (x - 15 - r) / 2;
                out[n] = Hex::new(q as i8, r as i8);
                n += 1;
            }
            x += 1;
        }
        y += 1;
    }
    assert!(n == FIELD);
    out
}

const FIELD_CONST: [Hex; FIELD] = field_cells();
const FIELD_GRID: [u16; 64 * 64] = table::index_grid(&FIELD_CONST);

const fn field_index(h: Hex) -> Option<usize> {
    if h.length() > 7 {
        return None;
    }
    match table::index_in(&FIELD_GRID, h) {
        Some(i) => Some(SQUARES + i),
        None => None,
    }
}

/// The pent of side `k`, file `f` (1..8), in axial coordinates (spec §2.3).
const fn pent_hex(k: usize, f: i8) -> Hex {
    match k {
        0 => Hex::new(f - 1, -7),
        1 => Hex::new(f - 8, 1 - f),
        2 => Hex::new(-7, 8 - f),
        3 => Hex::new(1 - f, 7),
        4 => Hex::new(8 - f, f - 1),
        _ => Hex::new(7, f - 8),
    }
}

const fn pent_index(k: usize, f: i8) -> usize {
    match field_index(pent_hex(k, f)) {
        Some(i) => i,
        None => panic!("pent off the field"),
    }
}

/// The rank of axial `h` as seen from side `k` (spec §2.3): 4 on the side's own ring, 11 on the
/// line through the centre.
const fn field_rank(k: usize, h: Hex) -> i32 {
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

/// The two pawn steps (forward ± 30°, across edges) of each army (spec §5).
pub(crate) const PAWN_STEPS: [[Hex; 2]; 6] = [
    [Hex::new(0, 1), Hex::new(-1, 1)],
    [Hex::new(1, 0), Hex::new(0, 1)],
    [Hex::new(1, -1), Hex::new(1, 0)],
    [Hex::new(0, -1), Hex::new(1, -1)],
    [Hex::new(-1, 0), Hex::new(0, -1)],
    [Hex::new(-1, 1), Hex::new(-1, 0)],
];

/// The three pawn captures (forward and forward ± 60°, through corners) of each army (§5).
pub(crate) const PAWN_CAPTURES: [[Hex; 3]; 6] = [
    [Hex::new(1, 1), Hex::new(-1, 2), Hex::new(-2, 1)],
    [Hex::new(2, -1), Hex::new(1, 1), Hex::new(-1, 2)],
    [Hex::new(1, -2), Hex::new(2, -1), Hex::new(1, 1)],
    [Hex::new(-1, -1), Hex::new(1, -2), Hex::new(2, -1)],
    [Hex::new(-2, 1), Hex::new(-1, -1), Hex::new(1, -2)],
    [Hex::new(-1, 2), Hex::new(-2, 1), Hex::new(-1, -1)],
];

impl Cell {
    /// The number of cells ([`CELL_COUNT`]).
    pub const COUNT: usize = CELLS;

    /// Every cell, in dense order.
    pub const ALL: [Cell; CELLS] = {
        let mut out = [Cell(0); CELLS];
        let mut i = 0;
        while i < CELLS {
            out[i] = Cell(i as u16);
            i += 1;
        }
        out
    };

    /// The centre hex `C` (= H15).
    pub const CENTRE: Cell = match field_index(Hex::ZERO) {
        Some(i) => Cell(i as u16),
        None => panic!(),
    };

    /// The cell of dense index `i`, if `i < 313`.
    #[inline]
    pub const fn from_index(i: usize) -> Option<Cell> {
        if i < CELLS {
            Some(Cell(i as u16))
        } else {
            None
        }
    }

    /// The cell of a dense index known to be on the board (`i < 313`, from a [`CellSet`]).
    #[inline]
    pub(crate) const fn at(i: usize) -> Cell {
        debug_assert!(i < CELLS);
        Cell(i as u16)
    }

    /// The dense index.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
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
    let mut i = 0;
    while i < CELLS {
        let cell = Cell(i as u16);
        out[i] = match cell.square_coords() {
            Some((side, file, rank)) => ([side.char() as u8, b'/', b'0' + rank, b'0' + file], 4),
            None => match cell.grid() {
                Some((y, x)) if x >= 10 => ([ROWS[y as usize], b'0' + x / 10, b'0' + x % 10, 0], 3),
                Some((y, x)) => ([ROWS[y as usize], b'0' + x, 0, 0], 2),
                None => panic!("a cell is a square or a field cell"),
            },
        };
        i += 1;
    }
    out
};

/// Each cell's name, so that printing a cell (SAN writes several per move) formats nothing.
static CELL_NAMES: [&str; CELLS] = {
    let mut out = [""; CELLS];
    let mut i = 0;
    while i < CELLS {
        let (bytes, len) = &CELL_NAME_BYTES[i];
        out[i] = match core::str::from_utf8(bytes.split_at(*len).0) {
            Ok(name) => name,
            Err(_) => panic!("cell names are ASCII"),
        };
        i += 1;
    }
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

/// The error for a cell name that is not on Kirby's board (the text, cut to 100 characters).
#[derive(Clone, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("not a cell of Kirby's board: {0:?} (expected a grid cell like H15 or C, or a square like B/32)")]
pub struct ParseCellError(pub String);

impl FromStr for Cell {
    type Err = ParseCellError;

    /// Parses `A8`…`Q22` (Kirby's grid), `C` (the centre, = `H15`), `B/11`…`G/38` (sideboard
    /// squares, `<army>/<rank><file>`) and also `B/41`…`G/48` (the pents as rank 4).
    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        let err = || ParseCellError(cut(s, 100));
        let b = s.as_bytes();
        if s == "C" {
            return Ok(Cell::CENTRE);
        }
        if b.len() == 4 && b[1] == b'/' {
            let army = Color::from_char(b[0] as char).ok_or_else(err)?;
            let (rank, file) = (b[2].wrapping_sub(b'0'), b[3].wrapping_sub(b'0'));
            return Cell::square(army, file, rank).ok_or_else(err);
        }
        if b.len() < 2 || b.len() > 3 {
            return Err(err());
        }
        let row = ROWS.iter().position(|&r| r == b[0]).ok_or_else(err)?;
        if !b[1..].iter().all(u8::is_ascii_digit) || b[1] == b'0' {
            return Err(err());
        }
        let x: u8 = s[1..].parse().map_err(|_| err())?;
        Cell::from_grid(row as u8, x).ok_or_else(err)
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use super::{Cell, Color, Piece, Role};
    hexvar_geometry::serde_as_text!(serde, Cell, "a cell of Kirby's board, like H15 or B/32");
    hexvar_geometry::serde_as_text!(serde, Piece, "a piece, like BK");
    hexvar_geometry::serde_as_text!(serde, Color, "an army letter, one of B P S W R G");
    hexvar_geometry::serde_as_text!(serde, Role, "a role letter, one of P N B R Q A K");
}

// ---------------------------------------------------------------------------------------------
// The cell graph.

/// Direction slots of the cell graph: 6 hex edge steps, 6 hex vertex steps, then for the
/// sideboards of even seats (Black, Silver, Red) and of odd seats (Pink, White, Gold) the FIDE
/// steps up, down, left, right, up-left, up-right, down-left, down-right (board-relative). A
/// corner pent is on one even and one odd board, so its two FIDE layers never share a slot.
pub(crate) const SLOTS: usize = 28;

const fn fide_slot(parity: usize, d: usize) -> usize {
    12 + parity * 8 + d
}

/// A FIDE layer: 8 files × 4 ranks; local index `8·rank + file` (0-based).
const LAYER: [Square; 32] = square::rectangle(8, 4);
const LAYER_KING: [[u16; 8]; 32] = square::square_step_table(&LAYER, &Square::KING);
const LAYER_KNIGHT: [[u16; 8]; 32] = square::square_step_table(&LAYER, &Square::KNIGHT);

const fn layer_map(k: usize) -> [u16; 32] {
    let mut map = [0u16; 32];
    let mut i = 0;
    while i < 32 {
        let file = i % 8;
        let rank = i / 8;
        map[i] = if rank < 3 {
            (k * 24 + rank * 8 + file) as u16
        } else {
            pent_index(k, file as i8 + 1) as u16
        };
        i += 1;
    }
    map
}

const fn build_graph() -> [[u16; SLOTS]; CELLS] {
    let mut g = [[NO_CELL; SLOTS]; CELLS];
    // Hex layer.
    let mut i = 0;
    while i < FIELD {
        let mut d = 0;
        while d < 12 {
            if let Some(j) = field_index(FIELD_CONST[i].plus(Hex::KING[d])) {
                g[SQUARES + i][d] = j as u16;
            }
            d += 1;
        }
        i += 1;
    }
    // FIDE layers. On rank 4 (the pents) the sideways steps are the hex ring steps, already in
    // the hex slots: leave them out so that no ray is generated twice.
    let mut k = 0;
    while k < 6 {
        let p = k % 2;
        let slots = [
            fide_slot(p, 0) as u16,
            fide_slot(p, 1) as u16,
            fide_slot(p, 2) as u16,
            fide_slot(p, 3) as u16,
            fide_slot(p, 4) as u16,
            fide_slot(p, 5) as u16,
            fide_slot(p, 6) as u16,
            fide_slot(p, 7) as u16,
        ];
        g = square::embed_steps(g, &LAYER_KING, &layer_map(k), &slots);
        let mut f = 1;
        while f <= 8 {
            let pent = pent_index(k, f);
            g = square::cut_slots(g, pent, &[fide_slot(p, 2) as u16, fide_slot(p, 3) as u16]);
            f += 1;
        }
        k += 1;
    }
    g
}

/// `GRAPH[cell][slot]`: the neighbour of `cell` in direction slot `slot`, or `NO_CELL`.
pub(crate) static GRAPH: [[u16; SLOTS]; CELLS] = build_graph();
#[allow(clippy::large_const_arrays)] // the builders below read it at compile time
const GRAPH_CONST: [[u16; SLOTS]; CELLS] = build_graph();

/// `RAYS[cell][slot]`: the cells reached by repeating slot `slot` from `cell`.
pub(crate) static RAYS: [[CellSet; SLOTS]; CELLS] = table::ray_table_wide(&GRAPH_CONST);

const ROOK_SLOT_IDS: [u16; 14] = [0, 1, 2, 3, 4, 5, 12, 13, 14, 15, 20, 21, 22, 23];
const BISHOP_SLOT_IDS: [u16; 14] = [6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27];

/// A slider ray of a cell: its slot and whether its cells have rising indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ray {
    /// The direction slot.
    pub slot: u8,
    /// Whether the ray runs towards higher cell indices (nearest blocker = lowest bit).
    pub ascending: bool,
    /// The set word of the ray's nearest cell.
    pub near_word: u8,
    /// The set word of the ray's farthest cell.
    pub far_word: u8,
}

/// The non-empty rook-type (or bishop-type) rays of each cell, packed, with their count.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RayList {
    /// The rays, `len` of them used.
    pub rays: [Ray; 8],
    /// How many rays are used.
    pub len: u8,
}

const fn ray_lists(wanted: &[u16; 14]) -> [RayList; CELLS] {
    let lists: [[u16; 8]; CELLS] = square::slot_lists(&GRAPH_CONST, wanted);
    let mut out = [RayList {
        rays: [Ray {
            slot: 0,
            ascending: false,
            near_word: 0,
            far_word: 0,
        }; 8],
        len: 0,
    }; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut n = 0;
        while n < 8 && lists[c][n] != NO_CELL {
            let slot = lists[c][n] as usize;
            let near = GRAPH_CONST[c][slot] as usize;
            let mut far = near;
            while GRAPH_CONST[far][slot] != NO_CELL {
                far = GRAPH_CONST[far][slot] as usize;
            }
            out[c].rays[n] = Ray {
                slot: slot as u8,
                ascending: near > c,
                near_word: (near / 64) as u8,
                far_word: (far / 64) as u8,
            };
            n += 1;
        }
        out[c].len = n as u8;
        c += 1;
    }
    out
}

/// The rook rays of each cell (hex edge rays and FIDE orthogonal rays).
pub(crate) static ROOK_RAYS: [RayList; CELLS] = ray_lists(&ROOK_SLOT_IDS);
/// The bishop rays of each cell (hex vertex rays and FIDE diagonal rays).
pub(crate) static BISHOP_RAYS: [RayList; CELLS] = ray_lists(&BISHOP_SLOT_IDS);

const fn reach(wanted: &[u16; 14]) -> [CellSet; CELLS] {
    let mut out = [CellSet::EMPTY; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut w = 0;
        while w < 14 {
            let slot = wanted[w] as usize;
            let mut at = GRAPH_CONST[c][slot];
            while at != NO_CELL {
                out[c] = out[c].with(at as usize);
                at = GRAPH_CONST[at as usize][slot];
            }
            w += 1;
        }
        c += 1;
    }
    out
}

/// Rook targets of each cell on an empty board (a quick filter before the exact attacks).
pub(crate) static ROOK_REACH: [CellSet; CELLS] = reach(&ROOK_SLOT_IDS);
/// Bishop targets of each cell on an empty board.
pub(crate) static BISHOP_REACH: [CellSet; CELLS] = reach(&BISHOP_SLOT_IDS);

const fn first_steps(wanted: &[u16; 14]) -> [CellSet; CELLS] {
    let mut out = [CellSet::EMPTY; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut w = 0;
        while w < 14 {
            let next = GRAPH_CONST[c][wanted[w] as usize];
            if next != NO_CELL {
                out[c] = out[c].with(next as usize);
            }
            w += 1;
        }
        c += 1;
    }
    out
}

/// The first cell of each rook ray of each cell: a rook whose first cells are all its own men
/// has no move, found without walking its rays.
pub(crate) static ROOK_FIRST_STEPS: [CellSet; CELLS] = first_steps(&ROOK_SLOT_IDS);
/// The first cell of each bishop ray of each cell.
pub(crate) static BISHOP_FIRST_STEPS: [CellSet; CELLS] = first_steps(&BISHOP_SLOT_IDS);

/// King steps: one step in any slot.
pub(crate) static KING_ATTACKS: [CellSet; CELLS] = table::leap_sets_wide(&GRAPH_CONST);

/// The cross-ring knight pairs (spec §4): for each side `k`, file `f` and outward step `s`:
/// `(k,f,2) ↔ pent + s` and `(k,f,3) ↔ pent + 2s`. 192 pairs.
const fn cross_ring_pairs() -> [(u16, u16); 192] {
    let mut out = [(0u16, 0u16); 192];
    let mut n = 0;
    let mut k = 0;
    while k < 6 {
        let mut f = 1;
        while f <= 8 {
            let p = pent_hex(k, f);
            let mut s = 0;
            while s < 2 {
                let step = PAWN_STEPS[k][s];
                let near = match field_index(p.plus(step)) {
                    Some(i) => i,
                    None => panic!("cross-ring target off the field"),
                };
                let far = match field_index(p.plus(step.times(2))) {
                    Some(i) => i,
                    None => panic!("cross-ring target off the field"),
                };
                let sq2 = k * 24 + 8 + (f as usize - 1);
                let sq3 = k * 24 + 16 + (f as usize - 1);
                out[n] = (sq2 as u16, near as u16);
                out[n + 1] = (sq3 as u16, far as u16);
                n += 2;
                s += 1;
            }
            f += 1;
        }
        k += 1;
    }
    out
}

const fn knight_sets() -> [CellSet; CELLS] {
    let mut out = [CellSet::EMPTY; CELLS];
    // Gliński leaps in the field.
    let mut i = 0;
    while i < FIELD {
        let mut d = 0;
        while d < 12 {
            if let Some(j) = field_index(FIELD_CONST[i].plus(Hex::KNIGHT[d])) {
                out[SQUARES + i] = out[SQUARES + i].with(j);
            }
            d += 1;
        }
        i += 1;
    }
    // FIDE leaps in each layer.
    let mut k = 0;
    while k < 6 {
        let map = layer_map(k);
        let mut a = 0;
        while a < 32 {
            let mut d = 0;
            while d < 8 {
                let b = LAYER_KNIGHT[a][d];
                if b != NO_CELL {
                    let from = map[a] as usize;
                    out[from] = out[from].with(map[b as usize] as usize);
                }
                d += 1;
            }
            a += 1;
        }
        k += 1;
    }
    // Cross-ring leaps.
    let pairs = cross_ring_pairs();
    let mut n = 0;
    while n < 192 {
        let (a, b) = (pairs[n].0 as usize, pairs[n].1 as usize);
        out[a] = out[a].with(b);
        out[b] = out[b].with(a);
        n += 1;
    }
    out
}

/// Knight leaps: FIDE leaps in each sideboard layer, Gliński leaps in the field, and the
/// cross-ring leaps.
pub(crate) static KNIGHT_ATTACKS: [CellSet; CELLS] = knight_sets();

/// Pawn tables of one army.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnTables {
    /// `push[cell]`: the cells a pawn steps to without capturing.
    pub push: [CellSet; CELLS],
    /// `double[cell]`: `(middle, target)` of the FIDE double step from rank 2, or `NO_CELL`s.
    pub double: [(u16, u16); CELLS],
    /// `capture[cell]`: the cells a pawn captures on (and attacks).
    pub capture: [CellSet; CELLS],
    /// `attackers[cell]`: the cells from which a pawn of this army attacks `cell`.
    pub attackers: [CellSet; CELLS],
    /// `promotes[cell]`: whether a pawn of this army landing on `cell` reaches the promotion
    /// zone (rank ≥ 11).
    pub promotes: CellSet,
}

const fn pawn_tables(k: usize) -> PawnTables {
    let mut t = PawnTables {
        push: [CellSet::EMPTY; CELLS],
        double: [(NO_CELL, NO_CELL); CELLS],
        capture: [CellSet::EMPTY; CELLS],
        attackers: [CellSet::EMPTY; CELLS],
        promotes: CellSet::EMPTY,
    };
    // Own squares: FIDE.
    let map = layer_map(k);
    let mut i = 0;
    while i < 24 {
        let file = i % 8;
        let rank = i / 8;
        let from = k * 24 + i;
        let up = map[(rank + 1) * 8 + file] as usize;
        t.push[from] = t.push[from].with(up);
        if rank == 1 {
            t.double[from] = (up as u16, map[3 * 8 + file]);
        }
        if file > 0 {
            let c = map[(rank + 1) * 8 + file - 1] as usize;
            t.capture[from] = t.capture[from].with(c);
        }
        if file < 7 {
            let c = map[(rank + 1) * 8 + file + 1] as usize;
            t.capture[from] = t.capture[from].with(c);
        }
        i += 1;
    }
    // Field: hex steps and captures.
    let mut i = 0;
    while i < FIELD {
        let h = FIELD_CONST[i];
        let from = SQUARES + i;
        let mut s = 0;
        while s < 2 {
            if let Some(j) = field_index(h.plus(PAWN_STEPS[k][s])) {
                t.push[from] = t.push[from].with(j);
            }
            s += 1;
        }
        let mut s = 0;
        while s < 3 {
            if let Some(j) = field_index(h.plus(PAWN_CAPTURES[k][s])) {
                t.capture[from] = t.capture[from].with(j);
            }
            s += 1;
        }
        if field_rank(k, h) >= 11 {
            t.promotes = t.promotes.with(from);
        }
        i += 1;
    }
    // Reverse captures.
    let mut from = 0;
    while from < CELLS {
        let mut w = 0;
        while w < 5 {
            let mut bits = t.capture[from].0[w];
            while bits != 0 {
                let to = w * 64 + bits.trailing_zeros() as usize;
                t.attackers[to] = t.attackers[to].with(from);
                bits &= bits - 1;
            }
            w += 1;
        }
        from += 1;
    }
    t
}

/// The pawn tables of the six armies.
pub(crate) static PAWNS: [PawnTables; ARMIES] = [
    pawn_tables(0),
    pawn_tables(1),
    pawn_tables(2),
    pawn_tables(3),
    pawn_tables(4),
    pawn_tables(5),
];

/// A pawn's targets as cell lists, for counting moves without set operations. A missing
/// target is [`PAWN_NONE`], a cell index past the board that no set of cells holds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnCells {
    /// `steps[cell]`: the (at most two) cells a pawn steps to without capturing.
    pub steps: [[u16; 2]; CELLS],
    /// `captures[cell]`: the (at most three) cells a pawn captures on.
    pub captures: [[u16; 3]; CELLS],
    /// The cells from which a pawn's step, double step or capture may reach the promotion
    /// zone (their moves are counted through the sets, with the promotion choices).
    pub eve: CellSet,
}

/// The index standing for "no target" in [`PawnCells`]: the first bit past the board's cells.
pub(crate) const PAWN_NONE: u16 = CELLS as u16;

const fn pawn_cells(k: usize) -> PawnCells {
    let t = pawn_tables(k);
    let mut out = PawnCells {
        steps: [[PAWN_NONE; 2]; CELLS],
        captures: [[PAWN_NONE; 3]; CELLS],
        eve: CellSet::EMPTY,
    };
    let mut c = 0;
    while c < CELLS {
        let mut reach = t.push[c].union(&t.capture[c]);
        if t.double[c].1 != NO_CELL {
            reach = reach.with(t.double[c].1 as usize);
        }
        let (mut ns, mut nc) = (0, 0);
        let mut w = 0;
        while w < 5 {
            if reach.0[w] & t.promotes.0[w] != 0 {
                out.eve = out.eve.with(c);
            }
            let (mut steps, mut captures) = (t.push[c].0[w], t.capture[c].0[w]);
            while steps != 0 {
                out.steps[c][ns] = (w * 64 + steps.trailing_zeros() as usize) as u16;
                ns += 1;
                steps &= steps - 1;
            }
            while captures != 0 {
                out.captures[c][nc] = (w * 64 + captures.trailing_zeros() as usize) as u16;
                nc += 1;
                captures &= captures - 1;
            }
            w += 1;
        }
        c += 1;
    }
    out
}

/// The pawn target lists of the six armies.
pub(crate) static PAWN_CELLS: [PawnCells; ARMIES] = [
    pawn_cells(0),
    pawn_cells(1),
    pawn_cells(2),
    pawn_cells(3),
    pawn_cells(4),
    pawn_cells(5),
];

const fn any_pawn_attackers() -> [CellSet; CELLS] {
    let mut out = [CellSet::EMPTY; CELLS];
    let mut k = 0;
    while k < 6 {
        let t = pawn_tables(k);
        let mut c = 0;
        while c < CELLS {
            out[c] = out[c].union(&t.attackers[c]);
            c += 1;
        }
        k += 1;
    }
    out
}

/// `PAWN_ATTACKERS_ANY[cell]`: the cells from which a pawn of some army attacks `cell` (a quick
/// filter before the per-army tables).
pub(crate) static PAWN_ATTACKERS_ANY: [CellSet; CELLS] = any_pawn_attackers();

/// Each army's pents (rank 4 of its sideboard's FIDE layer) by file 1..8.
pub(crate) static PENTS: [[u16; 8]; ARMIES] = {
    let mut out = [[0u16; 8]; ARMIES];
    let mut k = 0;
    while k < ARMIES {
        let mut f = 0;
        while f < 8 {
            out[k][f] = pent_index(k, f as i8 + 1) as u16;
            f += 1;
        }
        k += 1;
    }
    out
};

/// The 24 squares of `army`'s sideboard in `set` as bits `8·(rank−1) + (file−1)`: its FIDE
/// layer below the pents, where a pawn steps and captures as in chess (a shift by a rank).
/// The sideboard is 24 consecutive cell indices, in at most two neighbouring words.
#[inline(always)]
pub(crate) fn sideboard_bits(set: &CellSet, army: usize) -> u32 {
    let first = army * SQUARES_PER_BOARD;
    let w = first / 64;
    let pair = set.0[w] as u128 | (set.0[w + 1] as u128) << 64;
    (pair >> (first % 64)) as u32 & 0xFF_FFFF
}

/// The cells of `army`'s sideboard whose bits ([`sideboard_bits`]) are set in `bits`.
#[inline(always)]
pub(crate) fn sideboard_set(bits: u32, army: usize) -> CellSet {
    let first = army * SQUARES_PER_BOARD;
    let w = first / 64;
    let pair = (bits as u128) << (first % 64);
    let mut out = CellSet::EMPTY;
    out.0[w] = pair as u64;
    out.0[w + 1] = (pair >> 64) as u64;
    out
}

/// How an army's pents lie in a set: eight consecutive cell indices in one word (rows A and Q:
/// Black's and White's) starting at bit `shift` of word `word`, in file order or reversed; or
/// spread over the rows.
#[derive(Clone, Copy, Debug)]
enum PentRun {
    InWord { word: u8, shift: u8, reversed: bool },
    Spread,
}

/// Each army's [`PentRun`].
static PENT_RUNS: [PentRun; ARMIES] = {
    let mut out = [PentRun::Spread; ARMIES];
    let mut k = 0;
    while k < ARMIES {
        let (first, last) = (PENTS[k][0] as usize, PENTS[k][7] as usize);
        let reversed = last < first;
        let low = if reversed { last } else { first };
        let consecutive = if reversed {
            first - last == 7
        } else {
            last - first == 7
        };
        if consecutive && low % 64 <= 56 {
            out[k] = PentRun::InWord {
                word: (low / 64) as u8,
                shift: (low % 64) as u8,
                reversed,
            };
        }
        k += 1;
    }
    out
};

/// Each byte with its bits in reverse order (a table: `u8::reverse_bits` is a dozen
/// instructions on x86-64).
static REVERSED_BYTES: [u8; 256] = {
    let mut out = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        out[b] = (b as u8).reverse_bits();
        b += 1;
    }
    out
};

/// `army`'s pents in `set` as bits `file − 1`.
#[inline(always)]
pub(crate) fn pent_bits(set: &CellSet, army: usize) -> u32 {
    match PENT_RUNS[army] {
        PentRun::InWord {
            word,
            shift,
            reversed,
        } => {
            let bits = (set.0[word as usize] >> shift) as u8;
            (if reversed {
                REVERSED_BYTES[bits as usize]
            } else {
                bits
            }) as u32
        }
        PentRun::Spread => {
            let mut bits = 0;
            for (f, &cell) in PENTS[army].iter().enumerate() {
                bits |= (set.has(cell as usize) as u32) << f;
            }
            bits
        }
    }
}

/// Whether the slot is rook-type (orthogonal) rather than bishop-type (diagonal).
#[inline]
pub(crate) const fn slot_is_rook(slot: usize) -> bool {
    if slot < 12 {
        slot < 6
    } else {
        (slot - 12) % 8 < 4
    }
}

/// The cells a slider on `cell` reaches along the given rays with occupancy `occupied`
/// (the first blocker included).
#[inline]
pub(crate) fn slider_attacks(cell: usize, list: &RayList, occupied: &CellSet) -> CellSet {
    let mut out = [0u64; 5];
    let rays = &RAYS[cell];
    for ray in &list.rays[..list.len as usize] {
        walk_ray(&rays[ray.slot as usize].0, ray, occupied, &mut out);
    }
    WideSet(out)
}

/// [`slider_attacks`] along the rays that meet `zone` alone (the cells of the others are not
/// wanted): for the attacks on a few cells by a slider with many rays.
#[inline]
pub(crate) fn slider_attacks_toward(
    cell: usize,
    list: &RayList,
    occupied: &CellSet,
    zone: &CellSet,
) -> CellSet {
    let mut out = [0u64; 5];
    let rays = &RAYS[cell];
    for ray in &list.rays[..list.len as usize] {
        let set = &rays[ray.slot as usize];
        if set.intersects(zone) {
            walk_ray(&set.0, ray, occupied, &mut out);
        }
    }
    WideSet(out)
}

/// Adds to `out` the cells of the ray `set` (described by `ray`) up to its first blocker in
/// `occupied`, that one included.
#[inline(always)]
fn walk_ray(set: &[u64; 5], ray: &Ray, occupied: &CellSet, out: &mut [u64; 5]) {
    let (near, far) = (ray.near_word as usize, ray.far_word as usize);
    // Rays are monotone in the cell index: walk the ray's words from its near end, take whole
    // words until the word of the nearest blocker, and in that word the cells up to the
    // blocker (the lowest set bit going up, the highest going down). Only the words the ray
    // covers are touched.
    if ray.ascending {
        for w in near..=far {
            let blockers = set[w] & occupied.0[w];
            if blockers == 0 {
                out[w] |= set[w];
            } else {
                let lowest = blockers & blockers.wrapping_neg();
                out[w] |= set[w] & (lowest | (lowest - 1));
                break;
            }
        }
    } else {
        for w in (far..=near).rev() {
            let blockers = set[w] & occupied.0[w];
            if blockers == 0 {
                out[w] |= set[w];
            } else {
                let highest = 63 - blockers.leading_zeros();
                out[w] |= set[w] & (!0u64 << highest);
                break;
            }
        }
    }
}

/// Rook attacks from `cell`.
#[inline]
pub(crate) fn rook_attacks(cell: usize, occupied: &CellSet) -> CellSet {
    slider_attacks(cell, &ROOK_RAYS[cell], occupied)
}

/// Bishop attacks from `cell`.
#[inline]
pub(crate) fn bishop_attacks(cell: usize, occupied: &CellSet) -> CellSet {
    slider_attacks(cell, &BISHOP_RAYS[cell], occupied)
}

/// A castling right: the rook on file 1 or on file 8 of an army's first rank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum CastleSide {
    /// The rook on file 1 (the owner's left).
    File1 = 1,
    /// The rook on file 8.
    File8 = 2,
}

impl CastleSide {
    /// Both sides.
    pub(crate) const BOTH: [CastleSide; 2] = [CastleSide::File1, CastleSide::File8];
    /// The bits of both rights.
    pub(crate) const ALL_BITS: u8 = 3;

    /// The right's bit in an army's rights.
    #[inline]
    pub(crate) const fn bit(self) -> u8 {
        self as u8
    }

    /// The rook's file.
    pub(crate) const fn file(self) -> u8 {
        match self {
            CastleSide::File1 => 1,
            CastleSide::File8 => 8,
        }
    }

    /// The rook's home cell for `color`.
    pub(crate) const fn rook_home(self, color: Color) -> Cell {
        match Cell::square(color, self.file(), 1) {
            Some(c) => c,
            None => panic!("rank 1"),
        }
    }
}

const fn rook_corners() -> [Option<(Color, CastleSide)>; CELLS] {
    let mut out = [None; CELLS];
    let mut a = 0;
    while a < 6 {
        out[CastleSide::File1.rook_home(Color::ALL[a]).index()] =
            Some((Color::ALL[a], CastleSide::File1));
        out[CastleSide::File8.rook_home(Color::ALL[a]).index()] =
            Some((Color::ALL[a], CastleSide::File8));
        a += 1;
    }
    out
}

/// `ROOK_CORNER[cell]`: the castling right whose rook starts on `cell`, if any (moving from or
/// capturing on that cell clears it).
pub(crate) static ROOK_CORNER: [Option<(Color, CastleSide)>; CELLS] = rook_corners();

/// Zobrist keys: one per (cell, piece code 1..=42), then extra keys for the turn, castling
/// rights, dead armies and waiting pawns.
pub(crate) struct Zobrist {
    pub(crate) piece: [[u64; PIECE_CODES]; CELLS],
    pub(crate) waiting: [u64; CELLS],
    pub(crate) turn: [u64; ARMIES],
    pub(crate) castling: [[u64; 2]; ARMIES],
    pub(crate) dead: [u64; ARMIES],
}

/// Mailbox codes: 0 for an empty cell, then 7 roles for each of the 6 armies.
pub(crate) const PIECE_CODES: usize = 43;

const fn zobrist() -> Zobrist {
    let mut stream = KeyStream::new(0x4b69_7262_7948_6578);
    Zobrist {
        piece: stream.table(),
        waiting: stream.keys(),
        turn: stream.keys(),
        castling: stream.table(),
        dead: stream.keys(),
    }
}

pub(crate) static ZOBRIST: Zobrist = zobrist();

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Cell {
        s.parse().unwrap()
    }

    const ALL: CellSet = crate::elimination::ALL_CELLS;

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
    fn graph_is_symmetric_and_rays_monotone() {
        assert!(square::graph_is_consistent(&GRAPH_CONST));
        assert!(square::rays_are_monotone(&GRAPH_CONST));
        // Squares never touch hexes.
        for king in &KING_ATTACKS[..SQUARES] {
            assert!(king.iter().all(|b| Cell::at(b).kind() != CellKind::Hex));
        }
    }

    #[test]
    fn fide_sideways_on_rank_4_equals_the_ring() {
        // For every pent and board, the FIDE rank-4 sideways ray is one of its hex ring rays.
        for side in 0..6 {
            for f in 1..=8i8 {
                let p = pent_index(side, f);
                let left: Vec<usize> = (1..f).rev().map(|g| pent_index(side, g)).collect();
                let right: Vec<usize> = (f + 1..=8).map(|g| pent_index(side, g)).collect();
                for line in [left, right] {
                    if line.is_empty() {
                        continue;
                    }
                    let set: CellSet = line.iter().copied().collect();
                    assert!((0..6).any(|d| RAYS[p][d] == set), "side {side} file {f}");
                }
            }
        }
    }

    #[test]
    fn empty_board_totals_of_section_8() {
        let empty = CellSet::EMPTY;
        let sum = |f: &dyn Fn(usize) -> u32| (0..CELLS).map(f).sum::<u32>();
        assert_eq!(sum(&|c| KNIGHT_ATTACKS[c].len()), 2664);
        assert_eq!(sum(&|c| KING_ATTACKS[c].len()), 2808);
        assert_eq!(sum(&|c| rook_attacks(c, &empty).len()), 7002);
        assert_eq!(sum(&|c| bishop_attacks(c, &empty).len()), 3810);
        assert_eq!(
            sum(&|c| (rook_attacks(c, &empty) | bishop_attacks(c, &empty)).len()),
            10812
        );
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

    #[test]
    fn rook_bishop_and_knight_targets_are_apart() {
        // So a queen's or an Amazon's moves are counted as the sum of its parts' moves.
        for c in 0..CELLS {
            assert!(!ROOK_REACH[c].intersects(&BISHOP_REACH[c]));
            assert!(!KNIGHT_ATTACKS[c].intersects(&(ROOK_REACH[c] | BISHOP_REACH[c])));
        }
    }

    #[test]
    fn pents_and_sideboards_as_bits() {
        // Black's and White's pents are runs in one word; the others are gathered.
        assert!(matches!(
            PENT_RUNS[0],
            PentRun::InWord {
                reversed: false,
                ..
            }
        ));
        assert!(matches!(
            PENT_RUNS[3],
            PentRun::InWord { reversed: true, .. }
        ));
        for (army, pents) in PENTS.iter().enumerate() {
            for (f, &pent) in pents.iter().enumerate() {
                let pent = pent as usize;
                assert_eq!(pent_bits(&CellSet::EMPTY.with(pent), army), 1 << f);
                assert_eq!(
                    pent_bits(&(ALL - CellSet::EMPTY.with(pent)), army),
                    0xFF ^ (1 << f)
                );
            }
            for b in 0..24 {
                let square = army * 24 + b;
                let one = CellSet::EMPTY.with(square);
                assert_eq!(sideboard_bits(&one, army), 1 << b);
                assert_eq!(sideboard_set(1 << b, army), one);
                assert_eq!(sideboard_bits(&(ALL - one), army), 0xFF_FFFF ^ (1 << b));
            }
        }
    }

    #[test]
    fn pawn_cell_lists_match_the_pawn_sets() {
        for a in 0..ARMIES {
            let (sets, lists) = (&PAWNS[a], &PAWN_CELLS[a]);
            for c in 0..CELLS {
                let listed = |cells: &[u16]| {
                    cells
                        .iter()
                        .filter(|&&t| t != PAWN_NONE)
                        .fold(CellSet::EMPTY, |s, &t| s.with(t as usize))
                };
                assert_eq!(listed(&lists.steps[c]), sets.push[c]);
                assert_eq!(listed(&lists.captures[c]), sets.capture[c]);
                let mut reach = sets.push[c] | sets.capture[c];
                if sets.double[c].1 != NO_CELL {
                    reach = reach.with(sets.double[c].1 as usize);
                }
                assert_eq!(lists.eve.has(c), reach.intersects(&sets.promotes));
            }
        }
    }
}
