//! The static tables, built at compile time from the cells by geometry's `const` builders:
//! steps, leaps, rays, lines, the pawns' and Elephants' step sets, the promotion edges, the
//! home hexes, the castling-right bits and the Zobrist keys.

use hexvar_geometry::table::{self, NO_CELL};
use hexvar_geometry::zobrist::KeyStream;
use hexvar_geometry::Hex;

use crate::cells::{
    cell_const, column_max_line, column_min_line, positive, Cell, CellSet, CELL_COUNT, COORDS_C,
    DIRECTIONS, HEXES,
};
use crate::men::Color;

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

/// Rows of the per-cell tables the generator reads with a cell from a set's bit scan. A scan
/// of a three-word set yields `word * 64 + bit`, which the compiler bounds by 255, not by the
/// board's 169: a table of 256 rows (those past the board empty) needs no bounds check there,
/// one compare and branch less per look-up (measured on the rules page, speed notes).
pub(crate) const ROWS: usize = 256;

/// `table` with rows past the board filled with `fill`, to [`ROWS`] rows.
const fn padded<T: Copy, const N: usize>(table: &[T; N], fill: T) -> [T; ROWS] {
    let mut out = [fill; ROWS];
    let mut i = 0;
    while i < N {
        out[i] = table[i];
        i += 1;
    }
    out
}

/// `CELL_SETS[cell]`: the set of that one cell, padded to [`ROWS`] rows (empty past the board).
static CELL_SETS: [CellSet; ROWS] = {
    let mut out = [CellSet::EMPTY; ROWS];
    hexvar_geometry::const_for!(i in 0..CELL_COUNT => {
        out[i] = CellSet::single(i);
    });
    out
};
const _: () = assert!(
    NO_CELL as usize % ROWS >= CELL_COUNT,
    "NO_CELL reads an empty row"
);

/// The set of the one cell `cell` (below [`ROWS`]; [`NO_CELL`] gives the empty set), read from a
/// table. The generator adds and takes out single cells this way rather than with
/// `CellSet::with` / `without`, which write one 8-byte word of a set kept in memory: the next
/// read of the whole set (a 16-byte vector load) cannot be forwarded from that narrow store and
/// waits until it is written to the cache, a stall of some ten cycles that instruction counts
/// do not show (rules page, speed notes, eighth round).
#[inline(always)]
pub(crate) fn cell_set(cell: usize) -> CellSet {
    CELL_SETS[cell % ROWS]
}

/// A `(Δcolumn, Δline)` step as an axial [`Hex`] offset.
const fn hex_step(dc: i32, dl: i32) -> Hex {
    Hex::new(dc as i8, ((dl - dc) / 2) as i8)
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
        out[i] = hex_step(v[i].0 as i32, v[i].1 as i32);
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
pub(crate) static STEPS: [[u16; 12]; ROWS] = padded(
    &table::step_table(&HEXES, &to_hexes(&DIRECTIONS)),
    [NO_CELL; 12],
);
/// [`STEPS`] for `const` builders.
pub(crate) const STEPS_C: [[u16; 12]; CELL_COUNT] =
    table::step_table(&HEXES, &to_hexes(&DIRECTIONS));
/// `KNIGHT_STEPS_C[cell][k]`: the knight leap `k` from `cell`, or [`NO_CELL`].
const KNIGHT_STEPS_C: [[u16; 12]; CELL_COUNT] = table::step_table(&HEXES, &to_hexes(&KNIGHT_LEAPS));

/// No cell in a `u8` table.
pub(crate) const NO_CELL_U8: u8 = u8::MAX;

const fn build_ride_beyond() -> [[u8; ROWS]; ROWS] {
    let leaps = KNIGHT_STEPS_C;
    let rides = table::step_table(&HEXES, &to_hexes(&doubled(&KNIGHT_LEAPS)));
    let mut out = [[NO_CELL_U8; ROWS]; ROWS];
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
/// Both indices come from bit scans: [`ROWS`] by [`ROWS`].
pub(crate) static RIDE_BEYOND: [[u8; ROWS]; ROWS] = build_ride_beyond();

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
pub(crate) static LINES: [[CellSet; ROWS]; 2] = [
    padded(&build_lines(0), CellSet::EMPTY),
    padded(&build_lines(6), CellSet::EMPTY),
];
/// `KING_STEPS[cell]`: the twelve neighbours (orthogonal and diagonal).
pub(crate) static KING_STEPS: [CellSet; ROWS] =
    padded(&table::leap_sets_wide(&STEPS_C), CellSet::EMPTY);
/// `KNIGHT[cell]`: the knight leaps.
pub(crate) static KNIGHT: [CellSet; ROWS] =
    padded(&table::leap_sets_wide(&KNIGHT_STEPS_C), CellSet::EMPTY);

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
    (RAYS[a][d as usize] ^ RAYS[b][d as usize]) - cell_set(b)
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
pub(crate) static PAWN_OBLIQUE: [[CellSet; ROWS]; 2] = [
    padded(&build_dir_sets(PAWN_OBLIQUE_DIRS[0]), CellSet::EMPTY),
    padded(&build_dir_sets(PAWN_OBLIQUE_DIRS[1]), CellSet::EMPTY),
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
pub(crate) static PAWN_PUSH_COUNT: [[u8; ROWS]; 2] = [
    padded(&build_push_counts(0), 0),
    padded(&build_push_counts(1), 0),
];

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
pub(crate) static PAWN_ATTACKS: [[CellSet; ROWS]; 2] = [
    padded(&build_dir_sets(PAWN_CAPTURE_DIRS[0]), CellSet::EMPTY),
    padded(&build_dir_sets(PAWN_CAPTURE_DIRS[1]), CellSet::EMPTY),
];
/// `ELEPHANT_DIAG[cell]`: the Elephant's four diagonal steps.
pub(crate) static ELEPHANT_DIAG: [CellSet; ROWS] =
    padded(&build_dir_sets(ELEPHANT_DIAG_DIRS), CellSet::EMPTY);

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

impl Cell {
    /// The neighbour in direction `d` (index into `DIRECTIONS`).
    #[inline]
    pub(crate) fn step(self, d: usize) -> Option<Cell> {
        let t = STEPS[self.index()][d];
        (t != NO_CELL).then(|| Cell::new_unchecked(t as usize))
    }

    /// Whether this cell is on `color`'s promotion edge.
    #[inline]
    pub fn is_promotion_edge(self, color: Color) -> bool {
        PROMOTION_EDGE[color.index()].has(self.index())
    }
}

/// The home hex of each side's king (G1, G27).
pub(crate) const KING_HOME: [Cell; 2] = [cell_const(8, 1), cell_const(8, 27)];
/// The home hexes of each side's rooks: `[queen's rook, king's rook]` (C3/I3, C25/I25).
pub(crate) const ROOK_HOME: [[Cell; 2]; 2] = [
    [cell_const(4, 3), cell_const(10, 3)],
    [cell_const(4, 25), cell_const(10, 25)],
];

/// Castling-rights bit: the king is unmoved.
pub(crate) const KING_BIT: u8 = 1;
/// Castling-rights bit: the queen's rook (C3/C25) is unmoved.
pub(crate) const QUEEN_ROOK_BIT: u8 = 2;
/// Castling-rights bit: the king's rook (I3/I25) is unmoved.
pub(crate) const KING_ROOK_BIT: u8 = 4;
/// The rook bits by rook: `[queen's rook, king's rook]`, as in [`ROOK_HOME`].
pub(crate) const ROOK_BITS: [u8; 2] = [QUEEN_ROOK_BIT, KING_ROOK_BIT];

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
            hexvar_geometry::const_for!(side in 0..2 => {
                hexvar_geometry::const_for!(bits in 0..8 => {
                    hexvar_geometry::const_for!(i in 0..3 => {
                        if bits >> i & 1 != 0 {
                            out[side][bits] ^= keys[side][i];
                        }
                    });
                });
            });
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
    use crate::cells::COORDS;

    #[test]
    fn homes_and_edges() {
        assert_eq!(KING_HOME[0].to_string(), "G1");
        assert_eq!(KING_HOME[1].to_string(), "G27");
        assert_eq!(ROOK_HOME[0][0].to_string(), "C3");
        assert_eq!(ROOK_HOME[0][1].to_string(), "I3");
        assert_eq!(ROOK_HOME[1][0].to_string(), "C25");
        assert_eq!(ROOK_HOME[1][1].to_string(), "I25");
        assert_eq!(PROMOTION_EDGE[0].len(), 15);
        assert_eq!(PROMOTION_EDGE[1].len(), 15);
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
