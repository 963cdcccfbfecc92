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

use hexvar_geometry::square::{self, Square};
use hexvar_geometry::table::{self, NO_CELL};
use hexvar_geometry::{Hex, WideSet};

/// A set of cells of Kirby's board (313 cells in 5 words).
pub type Bits = WideSet<5>;

/// The number of cells.
pub const CELLS: usize = 313;
/// The number of sideboard squares.
pub const SQUARES: usize = 144;
/// The number of field cells (pents and hexes).
pub const FIELD: usize = 169;

/// One of the six armies, which is also its seat and its sideboard, in clockwise order from the
/// bottom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Army {
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

impl Army {
    /// The six armies in clockwise seat order.
    pub const ALL: [Army; 6] = [
        Army::Black,
        Army::Pink,
        Army::Silver,
        Army::White,
        Army::Red,
        Army::Gold,
    ];

    /// The seat index `0..6`.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The army of seat `i` (`i` modulo 6).
    #[inline]
    pub const fn from_index(i: usize) -> Army {
        Army::ALL[i % 6]
    }

    /// Kirby's initial for the army: `B P S W R G`.
    pub const fn letter(self) -> char {
        match self {
            Army::Black => 'B',
            Army::Pink => 'P',
            Army::Silver => 'S',
            Army::White => 'W',
            Army::Red => 'R',
            Army::Gold => 'G',
        }
    }

    /// The army with Kirby's initial `c` (upper case).
    pub const fn from_letter(c: char) -> Option<Army> {
        Some(match c {
            'B' => Army::Black,
            'P' => Army::Pink,
            'S' => Army::Silver,
            'W' => Army::White,
            'R' => Army::Red,
            'G' => Army::Gold,
            _ => return None,
        })
    }

    /// The next seat clockwise.
    pub const fn next(self) -> Army {
        Army::from_index(self.index() + 1)
    }

    /// The army's name in English.
    pub const fn name(self) -> &'static str {
        match self {
            Army::Black => "Black",
            Army::Pink => "Pink",
            Army::Silver => "Silver",
            Army::White => "White",
            Army::Red => "Red",
            Army::Gold => "Gold",
        }
    }
}

impl fmt::Display for Army {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The architecture's name for the side type: in Kirby's game a side is an army.
pub type Color = Army;

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
    pub const ALL: [Role; 7] = [
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
    pub const fn letter(self) -> char {
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

    /// The role with letter `c` (upper case).
    pub const fn from_letter(c: char) -> Option<Role> {
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

/// A piece: an army and a role.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The owner.
    pub army: Army,
    /// The piece type.
    pub role: Role,
}

impl Piece {
    /// A compact code `1..=42` (0 means "empty" in the mailbox).
    #[inline]
    pub(crate) const fn code(self) -> u8 {
        (self.army as u8) * 7 + self.role as u8 + 1
    }

    /// The piece of a mailbox code (`code != 0`).
    #[inline]
    pub(crate) const fn from_code(code: u8) -> Piece {
        PIECE_OF_CODE[code as usize]
    }
}

const PIECE_OF_CODE: [Piece; 43] = {
    let mut out = [Piece {
        army: Army::Black,
        role: Role::Pawn,
    }; 43];
    let mut c = 1;
    while c < 43 {
        out[c] = Piece {
            army: Army::ALL[(c - 1) / 7],
            role: Role::ALL[(c - 1) % 7],
        };
        c += 1;
    }
    out
};

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.army.letter(), self.role.letter())
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

/// A cell of the board: a dense index `0..313` (see the module docs for the order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell(u16);

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

/// The field cells in dense order (index `i` here is cell `144 + i`), in axial coordinates
/// (`r = Y − 7`, `q = (X − 15 − r) / 2` for Kirby's grid cell at row `Y`, column `X`).
pub static FIELD_HEX: [Hex; FIELD] = field_cells();
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
pub const PAWN_STEPS: [[Hex; 2]; 6] = [
    [Hex::new(0, 1), Hex::new(-1, 1)],
    [Hex::new(1, 0), Hex::new(0, 1)],
    [Hex::new(1, -1), Hex::new(1, 0)],
    [Hex::new(0, -1), Hex::new(1, -1)],
    [Hex::new(-1, 0), Hex::new(0, -1)],
    [Hex::new(-1, 1), Hex::new(-1, 0)],
];

/// The three pawn captures (forward and forward ± 60°, through corners) of each army (§5).
pub const PAWN_CAPTURES: [[Hex; 3]; 6] = [
    [Hex::new(1, 1), Hex::new(-1, 2), Hex::new(-2, 1)],
    [Hex::new(2, -1), Hex::new(1, 1), Hex::new(-1, 2)],
    [Hex::new(1, -2), Hex::new(2, -1), Hex::new(1, 1)],
    [Hex::new(-1, -1), Hex::new(1, -2), Hex::new(2, -1)],
    [Hex::new(-2, 1), Hex::new(-1, -1), Hex::new(1, -2)],
    [Hex::new(-1, 2), Hex::new(-2, 1), Hex::new(-1, -1)],
];

impl Cell {
    /// The number of cells.
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
    pub const fn new(i: usize) -> Option<Cell> {
        if i < CELLS {
            Some(Cell(i as u16))
        } else {
            None
        }
    }

    /// The cell of dense index `i` (`i < 313`, not checked in release builds).
    #[cfg(test)]
    #[inline]
    pub(crate) const fn from_index(i: usize) -> Cell {
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
    pub const fn square(side: Army, file: u8, rank: u8) -> Option<Cell> {
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
    pub const fn square_coords(self) -> Option<(Army, u8, u8)> {
        let i = self.0 as usize;
        if i >= SQUARES {
            return None;
        }
        Some((
            Army::ALL[i / 24],
            (i % 8) as u8 + 1,
            ((i % 24) / 8) as u8 + 1,
        ))
    }

    /// The sideboards whose FIDE layer contains the cell, with the file there: one for a square
    /// or a mid-side pent, two for a corner pent, none for a hex.
    pub fn boards(self) -> impl Iterator<Item = (Army, u8)> {
        let i = self.index();
        let mut out = [None, None];
        let mut n = 0;
        if let Some((side, file, _)) = self.square_coords() {
            out[0] = Some((side, file));
        } else {
            for side in Army::ALL {
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
    pub const fn rank_for(self, army: Army) -> Option<u8> {
        match self.square_coords() {
            Some((side, _, rank)) => {
                if side as usize == army as usize {
                    Some(rank)
                } else {
                    None
                }
            }
            None => Some(field_rank(army as usize, FIELD_CONST[self.0 as usize - SQUARES]) as u8),
        }
    }

    /// The cell's colour: for a field cell `(q − r) mod 3` (Kirby's three colours; pents match);
    /// for a square `0` (dark) or `1` (light) in the usual chess pattern, the rank-1 corner on
    /// the owner's left being dark. Colours have no effect on the rules.
    pub const fn colour(self) -> u8 {
        match self.hex() {
            Some(h) => (h.q as i32 - h.r as i32).rem_euclid(3) as u8,
            None => {
                let i = self.0 as usize;
                Square::new((i % 8) as i8, ((i % 24) / 8) as i8).is_light() as u8
            }
        }
    }
}

const ROWS: &[u8; 15] = b"ABCDEFGHJKLMNPQ";

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.square_coords() {
            Some((side, file, rank)) => write!(f, "{}/{}{}", side.letter(), rank, file),
            None => {
                let (y, x) = self.grid().expect("field cell");
                write!(f, "{}{}", ROWS[y as usize] as char, x)
            }
        }
    }
}

/// The error for a cell name that is not on Kirby's board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a cell of Kirby's board: {0:?} (expected a grid cell like H15 or C, or a square like B/32)")]
pub struct ParseCellError(pub String);

impl FromStr for Cell {
    type Err = ParseCellError;

    /// Parses `A8`…`Q22` (Kirby's grid), `C` (the centre, = `H15`), `B/11`…`G/38` (sideboard
    /// squares, `<army>/<rank><file>`) and also `B/41`…`G/48` (the pents as rank 4).
    fn from_str(s: &str) -> Result<Cell, ParseCellError> {
        let err = || ParseCellError(s.to_string());
        let b = s.as_bytes();
        if s == "C" {
            return Ok(Cell::CENTRE);
        }
        if b.len() == 4 && b[1] == b'/' {
            let army = Army::from_letter(b[0] as char).ok_or_else(err)?;
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
    use super::*;
    use serde::{de, Deserialize, Deserializer, Serialize, Serializer};

    impl Serialize for Cell {
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Cell {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Cell, D::Error> {
            String::deserialize(d)?.parse().map_err(de::Error::custom)
        }
    }

    impl Serialize for Piece {
        /// As army letter and role letter, e.g. `"BK"`.
        fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.collect_str(self)
        }
    }

    impl<'de> Deserialize<'de> for Piece {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Piece, D::Error> {
            let s = String::deserialize(d)?;
            let mut chars = s.chars();
            match (
                chars.next().and_then(Army::from_letter),
                chars.next().and_then(Role::from_letter),
                chars.next(),
            ) {
                (Some(army), Some(role), None) => Ok(Piece { army, role }),
                _ => Err(de::Error::custom(format!(
                    "not a piece: {s:?} (expected e.g. BK)"
                ))),
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// The cell graph.

/// Direction slots of the cell graph: 6 hex edge steps, 6 hex vertex steps, then for the
/// sideboards of even seats (Black, Silver, Red) and of odd seats (Pink, White, Gold) the FIDE
/// steps up, down, left, right, up-left, up-right, down-left, down-right (board-relative). A
/// corner pent is on one even and one odd board, so its two FIDE layers never share a slot.
pub const SLOTS: usize = 28;

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
pub static GRAPH: [[u16; SLOTS]; CELLS] = build_graph();
#[allow(clippy::large_const_arrays)] // the builders below read it at compile time
const GRAPH_CONST: [[u16; SLOTS]; CELLS] = build_graph();

/// `RAYS[cell][slot]`: the cells reached by repeating slot `slot` from `cell`.
pub static RAYS: [[Bits; SLOTS]; CELLS] = table::ray_table_wide(&GRAPH_CONST);

const ROOK_SLOT_IDS: [u16; 14] = [0, 1, 2, 3, 4, 5, 12, 13, 14, 15, 20, 21, 22, 23];
const BISHOP_SLOT_IDS: [u16; 14] = [6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 24, 25, 26, 27];

/// A slider ray of a cell: its slot and whether its cells have rising indices.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ray {
    /// The direction slot.
    pub slot: u8,
    /// Whether the ray runs towards higher cell indices (nearest blocker = lowest bit).
    pub ascending: bool,
}

/// The non-empty rook-type (or bishop-type) rays of each cell, packed, with their count.
#[derive(Clone, Copy, Debug)]
pub struct RayList {
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
        }; 8],
        len: 0,
    }; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut n = 0;
        while n < 8 && lists[c][n] != NO_CELL {
            let slot = lists[c][n] as usize;
            out[c].rays[n] = Ray {
                slot: slot as u8,
                ascending: GRAPH_CONST[c][slot] as usize > c,
            };
            n += 1;
        }
        out[c].len = n as u8;
        c += 1;
    }
    out
}

/// The rook rays of each cell (hex edge rays and FIDE orthogonal rays).
pub static ROOK_RAYS: [RayList; CELLS] = ray_lists(&ROOK_SLOT_IDS);
/// The bishop rays of each cell (hex vertex rays and FIDE diagonal rays).
pub static BISHOP_RAYS: [RayList; CELLS] = ray_lists(&BISHOP_SLOT_IDS);

const fn reach(wanted: &[u16; 14]) -> [Bits; CELLS] {
    let mut out = [Bits::EMPTY; CELLS];
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
pub static ROOK_REACH: [Bits; CELLS] = reach(&ROOK_SLOT_IDS);
/// Bishop targets of each cell on an empty board.
pub static BISHOP_REACH: [Bits; CELLS] = reach(&BISHOP_SLOT_IDS);

/// King steps: one step in any slot.
pub static KING_ATTACKS: [Bits; CELLS] = table::leap_sets_wide(&GRAPH_CONST);

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

/// The 192 cross-ring knight pairs (square, field cell).
pub static CROSS_RING: [(u16, u16); 192] = cross_ring_pairs();

const fn knight_sets() -> [Bits; CELLS] {
    let mut out = [Bits::EMPTY; CELLS];
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
pub static KNIGHT_ATTACKS: [Bits; CELLS] = knight_sets();

/// Pawn tables of one army.
#[derive(Clone, Copy, Debug)]
pub struct PawnTables {
    /// `push[cell]`: the cells a pawn steps to without capturing.
    pub push: [Bits; CELLS],
    /// `double[cell]`: `(middle, target)` of the FIDE double step from rank 2, or `NO_CELL`s.
    pub double: [(u16, u16); CELLS],
    /// `capture[cell]`: the cells a pawn captures on (and attacks).
    pub capture: [Bits; CELLS],
    /// `attackers[cell]`: the cells from which a pawn of this army attacks `cell`.
    pub attackers: [Bits; CELLS],
    /// `promotes[cell]`: whether a pawn of this army landing on `cell` reaches the promotion
    /// zone (rank ≥ 11).
    pub promotes: Bits,
}

const fn pawn_tables(k: usize) -> PawnTables {
    let mut t = PawnTables {
        push: [Bits::EMPTY; CELLS],
        double: [(NO_CELL, NO_CELL); CELLS],
        capture: [Bits::EMPTY; CELLS],
        attackers: [Bits::EMPTY; CELLS],
        promotes: Bits::EMPTY,
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
pub static PAWNS: [PawnTables; 6] = [
    pawn_tables(0),
    pawn_tables(1),
    pawn_tables(2),
    pawn_tables(3),
    pawn_tables(4),
    pawn_tables(5),
];

const fn any_pawn_attackers() -> [Bits; CELLS] {
    let mut out = [Bits::EMPTY; CELLS];
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
pub static PAWN_ATTACKERS_ANY: [Bits; CELLS] = any_pawn_attackers();

/// Whether the slot is rook-type (orthogonal) rather than bishop-type (diagonal).
#[inline]
pub const fn slot_is_rook(slot: usize) -> bool {
    if slot < 12 {
        slot < 6
    } else {
        (slot - 12) % 8 < 4
    }
}

/// The cells a slider on `cell` reaches along the given rays with occupancy `occupied`
/// (the first blocker included).
#[inline]
pub fn slider_attacks(cell: usize, list: &RayList, occupied: &Bits) -> Bits {
    let mut out = Bits::EMPTY;
    let rays = &RAYS[cell];
    for ray in &list.rays[..list.len as usize] {
        let set = rays[ray.slot as usize];
        let blockers = set & *occupied;
        let nearest = if ray.ascending {
            blockers.first()
        } else {
            blockers.last()
        };
        // Rays are monotone in the cell index, so the cells up to the blocker are the ray's
        // cells on the near side of the blocker's index.
        match nearest {
            Some(b) if ray.ascending => out |= set & up_to(b),
            Some(b) => out |= set - up_to(b).without(b),
            None => out |= set,
        }
    }
    out
}

/// The cells of index `0..=b`.
#[inline]
pub fn up_to(b: usize) -> Bits {
    let (w, bit) = (b / 64, b % 64);
    let mut words = [0u64; 5];
    for (i, word) in words.iter_mut().enumerate() {
        *word = match i.cmp(&w) {
            core::cmp::Ordering::Less => !0,
            core::cmp::Ordering::Equal => !0 >> (63 - bit),
            core::cmp::Ordering::Greater => 0,
        };
    }
    WideSet(words)
}

/// Rook attacks from `cell`.
#[inline]
pub fn rook_attacks(cell: usize, occupied: &Bits) -> Bits {
    slider_attacks(cell, &ROOK_RAYS[cell], occupied)
}

/// Bishop attacks from `cell`.
#[inline]
pub fn bishop_attacks(cell: usize, occupied: &Bits) -> Bits {
    slider_attacks(cell, &BISHOP_RAYS[cell], occupied)
}

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

/// Zobrist keys: one per (cell, piece code 1..=42), then extra keys for the turn, castling
/// rights, dead armies and waiting pawns.
pub(crate) struct Zobrist {
    pub(crate) piece: [[u64; 43]; CELLS],
    pub(crate) turn: [u64; 6],
    pub(crate) castling: [[u64; 2]; 6],
    pub(crate) dead: [u64; 6],
    pub(crate) waiting: [u64; CELLS],
}

const fn zobrist() -> Zobrist {
    let mut z = Zobrist {
        piece: [[0; 43]; CELLS],
        turn: [0; 6],
        castling: [[0; 2]; 6],
        dead: [0; 6],
        waiting: [0; CELLS],
    };
    let mut state = 0x4b69_7262_7948_6578u64;
    let mut c = 0;
    while c < CELLS {
        let mut p = 1;
        while p < 43 {
            let (s, v) = splitmix(state);
            state = s;
            z.piece[c][p] = v;
            p += 1;
        }
        let (s, v) = splitmix(state);
        state = s;
        z.waiting[c] = v;
        c += 1;
    }
    let mut a = 0;
    while a < 6 {
        let (s, v) = splitmix(state);
        state = s;
        z.turn[a] = v;
        let (s, v) = splitmix(state);
        state = s;
        z.castling[a][0] = v;
        let (s, v) = splitmix(state);
        state = s;
        z.castling[a][1] = v;
        let (s, v) = splitmix(state);
        state = s;
        z.dead[a] = v;
        a += 1;
    }
    z
}

pub(crate) static ZOBRIST: Zobrist = zobrist();

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
        let names = |side: Army| {
            (1..=8)
                .map(|f| Cell::square(side, f, 4).unwrap().to_string())
                .collect::<Vec<_>>()
                .join(" ")
        };
        assert_eq!(names(Army::Black), "A8 A10 A12 A14 A16 A18 A20 A22");
        assert_eq!(names(Army::Pink), "H1 G2 F3 E4 D5 C6 B7 A8");
        assert_eq!(names(Army::Silver), "Q8 P7 N6 M5 L4 K3 J2 H1");
        assert_eq!(names(Army::White), "Q22 Q20 Q18 Q16 Q14 Q12 Q10 Q8");
        assert_eq!(names(Army::Red), "H29 J28 K27 L26 M25 N24 P23 Q22");
        assert_eq!(names(Army::Gold), "A22 B23 C24 D25 E26 F27 G28 H29");
    }

    #[test]
    fn graph_is_symmetric_and_rays_monotone() {
        assert!(square::graph_is_consistent(&GRAPH_CONST));
        assert!(square::rays_are_monotone(&GRAPH_CONST));
        // Squares never touch hexes.
        for king in &KING_ATTACKS[..SQUARES] {
            assert!(king
                .iter()
                .all(|b| Cell::from_index(b).kind() != CellKind::Hex));
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
                    let set: Bits = line.iter().copied().collect();
                    assert!((0..6).any(|d| RAYS[p][d] == set), "side {side} file {f}");
                }
            }
        }
    }

    #[test]
    fn empty_board_totals_of_section_8() {
        let empty = Bits::EMPTY;
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
        assert_eq!(c("A16").rank_for(Army::Black), Some(4));
        assert_eq!(c("C12").rank_for(Army::Black), Some(6));
        assert_eq!(c("C").rank_for(Army::Black), Some(11));
        assert_eq!(c("H1").rank_for(Army::Black), Some(11));
        assert_eq!(c("B/27").rank_for(Army::Black), Some(2));
        assert_eq!(c("B/27").rank_for(Army::White), None);
        for a in Army::ALL {
            assert_eq!(Cell::CENTRE.rank_for(a), Some(11));
        }
    }
}
