//! Slider attacks by table look-up, as chess engines do with "magic bitboards": the rook's
//! attacks are two look-ups (its rank and one other line together, then its third line), the
//! bishop's one (all three of its lines).
//!
//! Why: the obstruction difference (both directions of one line in a few instructions) still
//! costs three lines per slider, about 40 instructions; a look-up is about 8.
//!
//! The tables are built by `hexvar_geometry::magic` from the line step table: a look-up reads
//! the cells whose occupancy matters (the lines' cells but the slider's own and each line's
//! ends), `n` cells, up to 7, and a multiplier per (cell, table) maps their `2^n` occupancies to
//! `n` index bits. The 2,108 attack sets (17 KB in 64-bit sets) are built at compile time, and
//! the build fails if a multiplier maps two occupancies with different attacks to one entry.
//! (One look-up for the whole rook would take up to 11 cells and 101 KB, and a far longer
//! search.) The multipliers are `magic::search_magics`'s result for the seed
//! `0x9e37_79b9_7f4a_7c15`; a test repeats the search.

use hexvar_geometry::magic::{self, MagicLookup};

use crate::cells::{Bits, Cell, CELL_COUNT};
use crate::tables::{line_direction, LINE_STEPS};

/// The line directions of each table, as indices into the line step table (see
/// [`line_direction`]), both ways of each line: the rook's rank and up-left line, the rook's
/// up-right line, the bishop's three lines.
const TABLE_DIRECTIONS: [&[usize]; TABLES] = [
    &both_ways::<2, 4>([(1, 0), (0, 1)]),
    &both_ways::<1, 2>([(1, 1)]),
    &both_ways::<3, 6>([(1, 2), (2, 1), (-1, 1)]),
];

/// The number of tables per cell.
const TABLES: usize = 3;
/// The rook's tables.
const ROOK_TABLES: [usize; 2] = [0, 1];
/// The bishop's table.
const BISHOP_TABLE: usize = 2;

/// The step-table directions of `L` lines, each named by one direction in the rules' `(dq, dr)`,
/// and their opposites.
const fn both_ways<const L: usize, const D: usize>(lines: [(i8, i8); L]) -> [usize; D] {
    assert!(D == 2 * L);
    let mut out = [0; D];
    let mut i = 0;
    while i < L {
        out[2 * i] = line_direction(lines[i]);
        out[2 * i + 1] = line_direction((-lines[i].0, -lines[i].1));
        i += 1;
    }
    out
}

/// The multiplier of each (cell, table): `magic::search_magics` with the seed
/// `0x9e37_79b9_7f4a_7c15`.
#[rustfmt::skip]
const MAGICS: [[u64; TABLES]; CELL_COUNT] = [
    [0x4a49_0909_2400_2000, 0x148d_0683_1100_0000, 0x0208_1041_0401_0a00],
    [0x1040_0100_4000_5001, 0x0241_8001_1800_8500, 0x0044_4109_0080_028a],
    [0x4911_0001_0044_0000, 0x4c00_0000_0010_4000, 0x20ac_2080_8000_1442],
    [0x4c00_3000_0000_8000, 0x0104_8180_0000_0280, 0x450b_3020_0090_4000],
    [0x00a3_0000_300c_1014, 0xc446_8100_1000_0000, 0x0210_0208_8804_0100],
    [0x1410_2814_0022_0008, 0x200a_000c_4900_0400, 0x0803_0824_4200_0100],
    [0x9090_2040_4102_0800, 0x0420_2414_0800_0840, 0x0089_4622_4061_0100],
    [0x2a8a_0008_0440_8000, 0x400d_2400_2100_000d, 0x0003_2052_00a0_0008],
    [0x0050_5000_2100_2000, 0x0886_4844_0c41_0000, 0x4040_8280_4039_0004],
    [0x10c0_2101_0800_2000, 0x2200_0400_0002_2000, 0x002c_5044_0083_0004],
    [0x2424_2004_0101_1000, 0x4002_22c2_0080_0200, 0x0107_0830_0412_0020],
    [0x2021_2101_0021_8480, 0x2101_8206_0400_0002, 0x2800_0604_9000_0203],
    [0x0101_4820_0060_0020, 0x8486_2200_0220_8101, 0x0330_8844_0001_0011],
    [0x0810_c110_0040_0000, 0x2102_0449_0000_0001, 0x0010_5a80_0400_0901],
    [0x0250_8800_8020_0000, 0x0150_1023_0042_000c, 0x0880_1052_0440_000c],
    [0x0005_0308_4102_0800, 0x5058_0800_0204_0000, 0x0080_0820_8040_2001],
    [0x0102_8090_3060_5408, 0x02c8_8119_0408_0295, 0x0108_9030_4980_2800],
    [0x0084_2800_0020_0001, 0x2400_0106_0820_0a08, 0x8c11_0520_4000_0000],
    [0x0210_2410_0002_0800, 0x00a4_0105_9180_0090, 0x4010_0460_1400_1100],
    [0x8081_0810_4010_0002, 0x1321_5824_0002_b011, 0x0650_2018_0c00_0042],
    [0x0000_280a_0088_0002, 0x0895_0540_0020_4200, 0x8504_485a_10c3_4800],
    [0x2001_4802_2210_4020, 0x0148_2058_0180_1922, 0x0000_8080_0220_0202],
    [0x1010_a040_0004_0001, 0x0040_0120_9081_0200, 0x1004_4408_0054_0008],
    [0x8002_1090_026c_0420, 0x00a0_6404_8410_0000, 0x0101_1200_800a_4002],
    [0x0000_1108_8840_0000, 0x020c_900c_8400_0605, 0x8028_8091_0200_0424],
    [0x0080_0043_a000_2005, 0x0102_9200_1002_0800, 0x4200_2831_2140_5049],
    [0x8284_2410_0200_4124, 0x8501_20a1_2202_1020, 0x042a_1090_1a10_00b0],
    [0x0000_0e89_0000_2080, 0x0002_2040_b000_2000, 0x1208_0a00_2242_0012],
    [0x0005_0809_0800_0080, 0x000a_0810_1000_0108, 0x0002_1880_4008_2804],
    [0x0100_8421_0000_0060, 0x0210_0800_2800_0040, 0x00c4_0888_0a83_0000],
    [0x5621_0410_4000_0119, 0xc000_820c_5002_3c01, 0x0082_00c0_0200_0000],
    [0x0004_00c1_2800_0880, 0x0301_2086_0100_0010, 0xc020_8090_0428_0020],
    [0x0010_3441_0300_0012, 0x0002_0812_0080_0000, 0x0000_4d50_2000_0200],
    [0x0240_8242_0208_6484, 0x4023_0810_0e04_0000, 0x00a0_9008_0000_a000],
    [0x2000_0029_a210_0100, 0x0240_810a_1400_0026, 0x0c10_021c_0921_0000],
    [0x3110_0019_1490_4010, 0x1400_2284_2001_4000, 0x0004_0846_0028_4064],
    [0x0108_8011_1004_0000, 0x802b_8001_4000_1c01, 0x1d02_4482_8040_0200],
    [0x0442_0002_1408_8061, 0x1400_4209_0402_000c, 0x0082_2c40_4120_0080],
    [0x3410_0400_0c4c_c000, 0x0400_2040_2a01_a801, 0x1406_1004_0644_0340],
];

const BOARD_LOOKUPS: [[MagicLookup; TABLES]; CELL_COUNT] =
    magic::lookups(&LINE_STEPS, &TABLE_DIRECTIONS, &MAGICS);

/// The rows of [`LOOKUPS`]: one per index a 6-bit mask lets through.
const LOOKUP_ROWS: usize = 64;

/// The look-ups by cell, padded to [`LOOKUP_ROWS`] rows (the rows past the board repeat the
/// first and are never read), so that a cell index masked to six bits needs no bounds check:
/// one `and` per look-up instead of a compare and a branch (about 0.6 instructions per leaf
/// from the start, where a node counts some five slider look-ups for 17 leaves).
const LOOKUPS: [[MagicLookup; TABLES]; LOOKUP_ROWS] = {
    let mut out = [BOARD_LOOKUPS[0]; LOOKUP_ROWS];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = BOARD_LOOKUPS[i];
        i += 1;
    }
    out
};

/// The length of [`ATTACKS`]: its entries rounded up to a power of two, so that masking an
/// entry's index with `ATTACKS_LEN - 1` shows the compiler the bound (no bounds check per
/// look-up; the entries past the count are never read).
const ATTACKS_LEN: usize = magic::entry_count(&BOARD_LOOKUPS).next_power_of_two();

/// The attacks of every (cell, table) for every occupancy of its inner cells, at its hashed
/// entry.
#[expect(
    clippy::large_const_arrays,
    reason = "a `static` is read through the global offset table, a load in series with each look-up (see `tables.rs`); one copy in the binary (it did not grow)"
)]
const ATTACKS: [Bits; ATTACKS_LEN] =
    magic::attack_table_64(&LINE_STEPS, &TABLE_DIRECTIONS, &BOARD_LOOKUPS);

/// The attacks along the lines of `table` from `from`.
#[inline(always)]
fn table_attacks(from: usize, table: usize, occupied: Bits) -> Bits {
    debug_assert!(from < CELL_COUNT);
    let lookup = &LOOKUPS[from % LOOKUP_ROWS][table];
    ATTACKS[lookup.index(u128::from(occupied)) & (ATTACKS_LEN - 1)]
}

/// Rook attacks from `from` with `occupied` blocking (the first blocker included).
#[inline(always)]
pub(crate) fn rook_attacks_from(from: usize, occupied: Bits) -> Bits {
    table_attacks(from, ROOK_TABLES[0], occupied) | table_attacks(from, ROOK_TABLES[1], occupied)
}

/// Bishop attacks from `from` with `occupied` blocking (the first blocker included; a diagonal
/// step is not blocked by the two cells it passes between).
#[inline(always)]
pub(crate) fn bishop_attacks_from(from: usize, occupied: Bits) -> Bits {
    table_attacks(from, BISHOP_TABLE, occupied)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells::bits_of as set;

    /// The six orthogonal and the six diagonal directions in the rules' `(dq, dr)`.
    const ORTHOGONAL: [(i8, i8); 6] = [(1, 0), (0, 1), (1, 1), (-1, 0), (0, -1), (-1, -1)];
    const DIAGONAL: [(i8, i8); 6] = [(1, 2), (2, 1), (-1, 1), (-1, -2), (-2, -1), (1, -1)];

    /// The cells from `from` in direction `d` up to and including the first piece of
    /// `occupied`, walked in the rules' coordinates (not the step table the look-ups use).
    fn ray_to_blocker(from: usize, d: (i8, i8), occupied: Bits) -> Bits {
        let mut out = 0;
        let (mut q, mut r) = Cell::ALL[from].qr();
        loop {
            q += d.0;
            r += d.1;
            let Some(cell) = Cell::from_qr(q, r) else {
                return out;
            };
            out |= cell.bit();
            if occupied & cell.bit() != 0 {
                return out;
            }
        }
    }

    fn walk(from: usize, dirs: &[(i8, i8)], occupied: Bits) -> Bits {
        dirs.iter()
            .fold(0, |a, &d| a | ray_to_blocker(from, d, occupied))
    }

    #[test]
    fn look_ups_match_walking_the_rays() {
        for occupied in hexvar_geometry::magic::sample_occupancies(CELL_COUNT, 400) {
            // The board has fewer than 64 cells: the sample fits the look-ups' word.
            let occupied = occupied as Bits;
            for from in 0..CELL_COUNT {
                assert_eq!(
                    rook_attacks_from(from, occupied),
                    walk(from, &ORTHOGONAL, occupied),
                    "rook on {from}, occupancy {occupied:#x}"
                );
                assert_eq!(
                    bishop_attacks_from(from, occupied),
                    walk(from, &DIAGONAL, occupied),
                    "bishop on {from}, occupancy {occupied:#x}"
                );
            }
        }
    }

    /// The search of the module's head, repeated: it finds exactly [`MAGICS`].
    #[test]
    fn magics_are_the_search_result() {
        let found = magic::search_magics(&LINE_STEPS, &TABLE_DIRECTIONS, 0x9e37_79b9_7f4a_7c15);
        assert_eq!(found, MAGICS);
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
}
