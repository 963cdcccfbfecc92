//! The Rook's NW–SE face row by hashed ("magic") look-up, its attack sets stored compressed.
//!
//! Of the Rook's three face rows this one cost most as ray cuts: inside a rank it visits the
//! higher index first, so each of its two rays needed the nearest blocker's pair partner checked
//! (about 40 instructions for the row against 17 for each of the other two). A row has up to 15
//! cells (13 whose occupancy matters), too many for sets of 16 bytes per entry (2.8 MB), so an
//! entry holds the attack set as 16 bits, bit `j` standing for the row's `j`-th cell in index
//! order, and two tables per row (one per byte) spread those bits back onto the board: 178,048
//! entries (512 KB with the table rounded up to a power of two, 348 KB of them ever read) and
//! 64 KB of spreading tables. The multipliers are `hexvar_geometry::magic::search_magics`'s result
//! for the seed `0x9e37_79b9_7f4a_7c15`; a test repeats the search, and the build fails if one
//! maps two occupancies with different attacks to one entry. The row's cells of one set never
//! share a cell index modulo 64, so geometry's look-up (which folds the set's two halves into
//! one word) serves it.

use hexvar_geometry::magic::{self, MagicLookup};
use hexvar_geometry::triangle;

use crate::cells::{CELLS_C, CELL_COUNT};

/// The face-row step table (directions N, NE, SE, S, SW, NW) of the look-ups.
static FACE_ROW_STEPS: [[u16; 6]; CELL_COUNT] =
    triangle::step_table(&CELLS_C, &triangle::FACE_ROWS);

/// The one table per cell: both ways (NW, SE) of its NW–SE face row.
const ROW_DIRECTIONS: [&[usize]; 1] = [&[5, 2]];

/// The multiplier of each cell: `magic::search_magics` with the seed `0x9e37_79b9_7f4a_7c15`.
#[rustfmt::skip]
const ROW_MAGICS: [[u64; 1]; CELL_COUNT] = [
    [0x0101_0c00_1a00_3020],
    [0x8080_8000_240a_6404],
    [0x0501_0014_2000_2100],
    [0xc901_02c4_4030_08c4],
    [0x0101_0080_4000_0480],
    [0x0800_8010_801c_0044],
    [0x1040_4022_8200_0480],
    [0x8107_0022_0000_0020],
    [0x2413_0021_0010_4000],
    [0x1021_0021_0000_4888],
    [0x0014_4a20_1004_0000],
    [0x0122_0080_0801_0000],
    [0x2100_8001_4860_0210],
    [0x2101_0000_1001_0088],
    [0x1040_1009_0000_0000],
    [0x8140_2080_5020_8520],
    [0x208a_4010_0802_0008],
    [0x8028_8001_0080_4000],
    [0x0204_0001_0401_4004],
    [0x0841_0020_0018_0401],
    [0x0b01_0088_2910_0000],
    [0x8201_0040_4010_0080],
    [0x10c0_0441_0000_1081],
    [0x8002_0200_4004_0002],
    [0x0180_1004_0200_4019],
    [0x0140_5200_0c80_0801],
    [0x2440_2020_0100_1001],
    [0x0c00_4000_2080_1001],
    [0x3081_0080_2010_0800],
    [0x10c0_1480_800c_0000],
    [0x0802_5004_1024_0000],
    [0x0001_4000_8010_8000],
    [0x0400_0020_0008_0405],
    [0x0800_0282_0011_0001],
    [0x0010_0a00_0400_4801],
    [0x0003_0000_1004_0201],
    [0x8800_8040_2030_2122],
    [0x0100_8c01_0001_000c],
    [0x8102_3002_1004_0012],
    [0x8000_0800_0800_4804],
    [0x24e4_0011_0400_4004],
    [0x0825_0001_1200_2601],
    [0x9041_0008_0480_0801],
    [0x8140_0400_0010_0104],
    [0x0061_1003_0010_4000],
    [0x3004_1001_0020_2000],
    [0x0003_0200_4004_00a1],
    [0x682a_1060_0402_0001],
    [0xa020_0880_0008_0101],
    [0x0820_0080_2048_0201],
    [0x0201_0040_0800_8028],
    [0x4201_8028_3008_2004],
    [0x0010_8400_4004_0010],
    [0x4000_2180_1401_0001],
    [0x0b18_0080_2401_0005],
    [0x0210_440c_0500_1001],
    [0x2008_4020_0180_1001],
    [0x4240_0400_0000_0504],
    [0x0040_1400_0200_2202],
    [0x0402_0100_1100_4000],
    [0x1010_3001_0400_4004],
    [0x5080_4100_2000_6008],
    [0x0010_020a_a800_0801],
    [0x0400_8000_2100_6002],
    [0x0808_1400_8400_0510],
    [0x1008_0400_0400_0810],
    [0x0210_0110_0000_3000],
    [0x1410_0110_0220_0000],
    [0x0010_0080_2401_0001],
    [0x1430_4010_0080_1001],
    [0x9060_c000_0280_3001],
    [0x1008_080a_2100_0920],
    [0x2100_2020_0800_88b0],
    [0x0802_0202_0090_00a0],
    [0x0804_0202_0000_0140],
    [0x4540_3440_4000_1880],
    [0x8018_4000_0080_1001],
    [0x0150_4000_2100_1001],
    [0x1004_1002_c080_40a0],
    [0x0040_0400_0001_4084],
    [0x1002_0804_0020_0802],
    [0x0800_9050_0800_4023],
    [0xc200_5805_0000_a000],
    [0x0801_1005_0000_0000],
    [0x0400_c010_000c_2020],
    [0x0404_4000_2048_8020],
    [0x0508_4004_0000_0028],
    [0x0800_8810_0408_0000],
    [0x1000_8404_0801_0320],
    [0x2010_7009_0800_0200],
    [0x4c02_0300_1040_0000],
    [0x0108_0100_0020_00a0],
    [0x8000_1010_4844_0000],
    [0x0200_1008_4000_3400],
    [0x0046_0404_0423_8101],
    [0x8880_0c04_0020_0400],
];

static ROW_LOOKUPS: [[MagicLookup; 1]; CELL_COUNT] =
    magic::lookups(&FACE_ROW_STEPS, &ROW_DIRECTIONS, &ROW_MAGICS);

/// The length of [`ROW_ATTACKS`]: its entries rounded up to a power of two, so that masking an
/// index with `ROW_ATTACKS_LEN - 1` shows the compiler the bound.
const ROW_ATTACKS_LEN: usize = magic::entry_count(&ROW_LOOKUPS).next_power_of_two();

/// The number of NW–SE face rows on the board.
const ROWS: usize = 8;

/// The whole NW–SE face row through `c` (its own cell included), on the empty board.
const fn row_of(c: usize) -> u128 {
    1 << c | magic::attacks_by_walking(&FACE_ROW_STEPS, c, ROW_DIRECTIONS[0], 0)
}

/// Each cell's row, numbered by the rows' lowest cells in index order.
static ROW_OF_CELL: [u8; CELL_COUNT] = {
    let mut out = [0u8; CELL_COUNT];
    let mut rows = 0;
    let mut c = 0;
    while c < CELL_COUNT {
        let lowest = row_of(c).trailing_zeros() as usize;
        if lowest == c {
            out[c] = rows;
            rows += 1;
        } else {
            out[c] = out[lowest];
        }
        c += 1;
    }
    assert!(rows as usize == ROWS);
    out
};

/// No entry yet (bit 15: a row has at most 15 cells, so no attack set has it).
const UNSET: u16 = 1 << 15;

/// The most cells one way of a row can hold.
const RAY_CELLS: usize = 14;

/// One way of `c`'s row (`d`: 5 NW, 2 SE) in walking order: each cell's index and its bit in
/// a compressed set (its rank by index among the row's cells), and the count of cells.
const fn walk_order(c: usize, d: usize) -> ([(u8, u8); RAY_CELLS], usize) {
    let row = row_of(c);
    let mut out = [(0u8, 0u8); RAY_CELLS];
    let mut n = 0;
    let mut at = FACE_ROW_STEPS[c][d];
    while at != hexvar_geometry::table::NO_CELL {
        let below = row & ((1u128 << at) - 1);
        out[n] = (at as u8, below.count_ones() as u8);
        n += 1;
        at = FACE_ROW_STEPS[at as usize][d];
    }
    (out, n)
}

/// The attacks of every cell along its row for every occupancy of its inner cells as 16 bits
/// (bit `j` for the row's `j`-th cell by index), at its hashed entry. Each way is walked from
/// a list made once per cell, so that the evaluation at compile time stays short.
static ROW_ATTACKS: [u16; ROW_ATTACKS_LEN] = {
    let mut out = [UNSET; ROW_ATTACKS_LEN];
    let mut c = 0;
    while c < CELL_COUNT {
        let lookup = ROW_LOOKUPS[c][0];
        let mask = lookup.mask();
        let ways = [walk_order(c, 5), walk_order(c, 2)];
        let mut occupied = 0u128;
        loop {
            let mut attacks = 0u16;
            let mut w = 0;
            while w < 2 {
                let (cells, n) = ways[w];
                let mut i = 0;
                while i < n {
                    let (cell, bit) = cells[i];
                    attacks |= 1 << bit;
                    if occupied >> cell & 1 != 0 {
                        break;
                    }
                    i += 1;
                }
                w += 1;
            }
            let slot = lookup.index(occupied) & (ROW_ATTACKS_LEN - 1);
            assert!(
                out[slot] == UNSET || out[slot] == attacks,
                "a multiplier maps two occupancies with different attacks to one entry"
            );
            out[slot] = attacks;
            occupied = occupied.wrapping_sub(mask) & mask;
            if occupied == 0 {
                break;
            }
        }
        c += 1;
    }
    out
};

/// Per row, the cells of each byte of a compressed set: `[row][byte][bits]`.
static SPREAD: [[[u128; 256]; 2]; ROWS] = {
    let mut out = [[[0u128; 256]; 2]; ROWS];
    let mut c = 0;
    while c < CELL_COUNT {
        let r = ROW_OF_CELL[c] as usize;
        let row = row_of(c);
        if row.trailing_zeros() as usize == c {
            // Each row once, from its lowest cell.
            let mut bits = 0;
            while bits < 256 {
                let mut byte = 0;
                while byte < 2 {
                    let mut rest = row;
                    let mut j = 0;
                    while rest != 0 {
                        if j / 8 == byte && bits >> (j % 8) & 1 != 0 {
                            out[r][byte][bits] |= 1 << rest.trailing_zeros();
                        }
                        rest &= rest - 1;
                        j += 1;
                    }
                    byte += 1;
                }
                bits += 1;
            }
        }
        c += 1;
    }
    out
};

/// The Rook's destinations along its NW–SE face row from `from` with `occupied` blocking (each
/// way up to and including its first man): one look-up and two spreading reads.
#[inline(always)]
pub(crate) fn rook_row_from(from: usize, occupied: u128) -> u128 {
    let bits = ROW_ATTACKS[ROW_LOOKUPS[from][0].index(occupied) & (ROW_ATTACKS_LEN - 1)];
    let spread = &SPREAD[usize::from(ROW_OF_CELL[from]) % ROWS];
    spread[0][usize::from(bits as u8)] | spread[1][usize::from(bits >> 8)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn row_look_ups_match_walking_the_row() {
        for occupied in magic::sample_occupancies(CELL_COUNT, 400) {
            for from in 0..CELL_COUNT {
                assert_eq!(
                    rook_row_from(from, occupied),
                    magic::attacks_by_walking(&FACE_ROW_STEPS, from, ROW_DIRECTIONS[0], occupied),
                    "rook on {from}, occupancy {occupied:#x}"
                );
            }
        }
    }

    /// The search of the module's head, repeated: it finds exactly [`ROW_MAGICS`].
    #[test]
    fn magics_are_the_search_result() {
        let found = magic::search_magics(&FACE_ROW_STEPS, &ROW_DIRECTIONS, 0x9e37_79b9_7f4a_7c15);
        assert_eq!(found, ROW_MAGICS);
    }
}
