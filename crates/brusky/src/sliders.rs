//! Slider attacks in a few instructions: along the rank by arithmetic on its run of bits, along
//! the rook's two other lines by one table look-up each, and along the bishop's three lines by
//! one look-up for all three, each table hashed by a magic multiplier.
//!
//! Why not the ray scan: six rays per slider, each a 128-bit mask, a bit scan to the nearest
//! blocker and a cut, cost about 130 instructions per slider and was half of the bulk count.
//!
//! - **The rank** is a run of consecutive indices, so the occupancy shifted down by the rank's
//!   first index holds it in its low bits. Within that 32-bit word the attacks are the
//!   "obstruction difference": every bit from the nearest blocker below up, plus twice the
//!   nearest blocker above, whose carry clears every bit beyond that blocker.
//! - **The tables** are built by `hexvar_geometry::magic` from the king's step table. A look-up
//!   reads the cells whose occupancy matters (the lines' cells but the slider's own and each
//!   line's ends): 1 to 6 for one of the rook's other lines, up to 8 for the bishop's three
//!   lines. They lie in the two 64-bit halves of the set so that or-ing the halves never puts
//!   two of them on one bit, and a multiplier per (cell, table) maps the `2^n` occupancies of
//!   those `n` cells to `n` bits without a collision that would matter. The 12,168 attack sets
//!   (195 KB; the rook's two other lines together would need 1 MB) are built at compile time,
//!   and the build fails if a multiplier maps two occupancies with different attacks to one
//!   entry. The multipliers are `magic::search_magics`'s result for the seed
//!   `0x9e37_79b9_7f4a_7c15`; a test repeats the search.

use hexvar_geometry::magic::{self, MagicLookup};
use hexvar_geometry::Hex;

use crate::cells::CELL_COUNT;
use crate::tables::KING_STEPS;

/// The number of tables per cell.
const TABLES: usize = 3;
/// The rook's tables (its third line is the rank).
const ROOK_TABLES: [usize; 2] = [0, 1];
/// The bishop's table.
const BISHOP_TABLE: usize = 2;

/// The king step table's direction `d` (`Hex::KING` order).
const fn direction(d: Hex) -> usize {
    magic::direction(&Hex::KING, d)
}

/// The rank's two directions.
const RANK_DIRECTIONS: [usize; 2] = [direction(Hex::new(1, 0)), direction(Hex::new(-1, 0))];

/// The step directions of each table, both ways of each line: the rook's two lines that cross
/// the ranks (one table each), then the bishop's three lines (one table).
const TABLE_DIRECTIONS: [&[usize]; TABLES] = [
    &[direction(Hex::new(0, 1)), direction(Hex::new(0, -1))],
    &[direction(Hex::new(-1, 1)), direction(Hex::new(1, -1))],
    &[
        direction(Hex::new(1, 1)),
        direction(Hex::new(-1, -1)),
        direction(Hex::new(-2, 1)),
        direction(Hex::new(2, -1)),
        direction(Hex::new(-1, 2)),
        direction(Hex::new(1, -2)),
    ],
];

/// The multiplier of each (cell, table): `magic::search_magics` with the seed
/// `0x9e37_79b9_7f4a_7c15`. A table with no inner cell needs none (its one entry is at index 0).
#[rustfmt::skip]
const MAGICS: [[u64; TABLES]; CELL_COUNT] = [
    [0x0101_2400_6000_cc02, 0x0020_1001_8000_0080, 0x0400_a080_0102_2004],
    [0x0043_0600_3002_0804, 0x0020_0400_2005_0200, 0x2606_1080_c02a_0114],
    [0x200c_1041_0500_8085, 0x1086_1600_0908_0142, 0x1004_0050_0021_0004],
    [0x0004_0008_020c_4802, 0x0404_008a_0204_0008, 0x8003_0100_80c0_08c0],
    [0x4950_4920_0220_0222, 0x9000_2044_1044_4004, 0x0004_8110_0881_e080],
    [0x5000_8888_0040_4501, 0x0200_4005_090d_0110, 0x0001_9840_4001_1010],
    [0x6004_1005_8100_0400, 0x0141_0010_0050_4042, 0x0054_1020_0104_0208],
    [0x0800_48e4_0ca8_0000, 0x2020_4005_1c10_a802, 0x0100_2083_080a_0080],
    [0x0002_2102_2003_0000, 0x0080_0800_8a00_0a81, 0x4124_110c_0082_0060],
    [0x0a00_0400_0800_8040, 0x0000_080e_0012_0078, 0x0001_1030_2000_5842],
    [0x0b60_8208_8802_0118, 0x2040_a227_0028_0244, 0x0821_6240_0402_0442],
    [0x0020_0085_0423_0008, 0x80a1_4100_3008_8884, 0x4200_c040_8801_a2a0],
    [0x1022_0214_4c00_8034, 0x0200_0200_108a_0034, 0x2002_0441_2400_4c01],
    [0x8240_040a_2100_b014, 0x0220_0841_0281_1040, 0x0c24_8040_1a80_1008],
    [0x0230_0284_0201_8442, 0x4408_0848_9085_4004, 0x2080_10a0_0441_200c],
    [0x0242_0084_0520_4421, 0x0040_1040_0100_6028, 0x0200_0080_8204_880d],
    [0x0001_8290_0050_0441, 0x4201_0090_510c_4481, 0x0008_0302_00c2_2081],
    [0x0900_0004_02a3_8202, 0x0042_1410_0140_1202, 0x2210_0005_0081_2211],
    [0x9001_0116_0001_5009, 0x0308_2002_0100_0a49, 0x0820_0101_0020_1020],
    [0x0818_0006_2008_0260, 0x1020_0102_0001_0823, 0x00c1_0840_8043_4008],
    [0x0200_0224_8038_80a0, 0x1020_0002_400a_0900, 0x1008_0000_4006_1a05],
    [0x0644_0902_1009_1020, 0xe002_0008_8002_0081, 0x4004_4e80_6002_4101],
    [0x4104_8404_1402_1010, 0x3984_0044_b824_0029, 0x1400_4002_4201_1042],
    [0x0040_8001_4880_1008, 0x0800_7000_a020_8018, 0x0290_8280_0c10_2000],
    [0x810a_1080_0808_4801, 0x0201_0081_0900_6020, 0x0000_8000_1b00_1000],
    [0x0306_0028_5110_0421, 0x408a_1020_8421_8044, 0x0004_4000_4a08_5080],
    [0x1004_2001_0310_0433, 0x8200_2d40_8084_710c, 0x8053_0618_4810_0808],
    [0xa0c0_8101_4095_0200, 0x1080_0804_0020_6105, 0x0204_8000_0040_8188],
    [0x8004_a014_0080_2100, 0x0020_0080_04a0_180e, 0x2808_8500_0081_0406],
    [0x0800_2080_00a8_0161, 0x0008_94d2_9044_2201, 0x0050_4000_0080_0402],
    [0x9032_4031_0010_0040, 0x0040_9820_8060_4040, 0x9215_6810_10a9_0110],
    [0x2400_3002_020c_0090, 0x02a0_0200_0409_4000, 0x0e02_0082_1046_a010],
    [0x0411_0600_2084_0048, 0x9202_8440_0444_2240, 0x0101_0014_1000_4808],
    [0x8410_08d1_0012_c448, 0x8328_0040_0401_0140, 0x0604_0880_4042_1008],
    [0x3110_0040_0000_3204, 0x4304_1021_0081_0010, 0x04c1_0440_0000_6014],
    [0x0011_2140_8270_8404, 0xc402_0010_4002_400a, 0x200a_4004_0002_1006],
    [0x0a40_6020_0080_0804, 0x0420_4021_0020_9001, 0x1050_00a0_8802_100e],
    [0x002a_0010_0090_8201, 0x0100_2002_0040_0808, 0x2048_1008_0008_1009],
    [0x1200_2050_0000_8481, 0x0010_8910_0000_1001, 0x0504_0206_0008_1001],
    [0x4008_d830_0c44_a261, 0xe022_0004_1108_2202, 0x6a00_8001_0801_1263],
    [0x0000_2059_8c41_2200, 0x0050_a800_2308_0409, 0x1100_6001_0014_1081],
    [0x0000_140c_0001_0600, 0x4424_0860_1200_6100, 0x3100_8a42_1110_0111],
    [0x4004_0421_8000_2184, 0x0062_1202_8000_1020, 0x9010_9201_2000_0048],
    [0x2211_0000_2140_2098, 0x8090_094e_4000_0010, 0x2801_8089_4000_0028],
    [0x108c_0800_8088_4020, 0x0008_0900_1009_4100, 0x0101_00a8_8800_2c40],
    [0x0188_0200_8040_3020, 0x2258_0084_0a00_0040, 0x1940_c404_1000_0002],
    [0x2250_0080_4208_4308, 0x0400_40a8_1010_2040, 0x0444_4010_1504_0110],
    [0x0144_0020_2000_1218, 0x4210_a441_0601_2021, 0x4080_2204_0212_0204],
    [0x2242_8980_1020_4041, 0x0c00_2022_4200_4923, 0x0800_0410_1040_0801],
    [0x1184_8008_8200_0832, 0x4202_5002_0100_0004, 0x1800_0010_0040_0081],
    [0x0413_0108_0040_8102, 0x1014_8804_8500_6484, 0x4a01_0204_0441_0038],
    [0x9080_8004_0990_0003, 0x0010_0a08_0040_0005, 0x22a0_6030_0200_0101],
    [0x0000_4d10_0040_0200, 0x00e0_0082_50a0_0011, 0x1060_4a02_0200_0059],
    [0x2104_4004_8020_0009, 0x8014_2803_4040_0080, 0x0009_0424_2046_0005],
    [0x4882_0008_8414_0120, 0x8820_0990_4028_a020, 0x1000_6040_0808_0114],
    [0x2000_2000_0818_8120, 0x2c10_0100_1014_8000, 0xb800_c004_2000_4040],
    [0x0400_0042_9008_0100, 0x6002_0d00_8400_a50e, 0x00d8_8820_5013_8208],
    [0x1210_0808_9302_0640, 0x0404_1092_2449_0001, 0x0602_044a_1201_0008],
    [0x0082_0118_6102_0190, 0x8400_800c_1010_2000, 0x0200_4c08_0e10_a001],
    [0x0322_2100_2000_4400, 0x0100_8004_4842_3182, 0x0080_8110_0600_1009],
    [0x0018_1120_0800_2001, 0x0040_8010_2050_9000, 0x0220_5400_0804_8200],
    [0x624c_00c0_0300_1008, 0x0041_0828_0032_2000, 0x0100_0900_0628_5000],
    [0x0031_0048_1420_0238, 0x8880_0065_1041_0900, 0x0a40_0850_420c_4401],
    [0x0141_2010_0202_0404, 0x6040_2800_0842_8200, 0x2010_0084_a540_4240],
    [0x1004_8e42_0080_0202, 0x0098_2c00_8908_0440, 0x463a_0083_08c0_0210],
    [0x4000_4400_0000_0282, 0x4004_0080_8024_2012, 0x0004_210b_4806_0008],
    [0x0000_0110_2015_8082, 0x1802_8080_8802_0080, 0x0002_2120_0848_8010],
    [0x0000_8060_8a02_a280, 0x001c_0040_0600_4060, 0x0000_0205_1830_2020],
    [0x2008_4200_c424_000a, 0x0002_4020_2801_003a, 0x4490_0020_2081_0210],
    [0x0102_9e04_1042_0024, 0x0402_2860_0800_8804, 0x4028_5180_0411_0082],
    [0x0090_0440_8882_8205, 0x0102_2402_8200_0808, 0x000a_00c0_0004_5021],
    [0x0102_0080_1b00_8001, 0x0800_2801_0a00_3001, 0x4008_0043_8008_4201],
    [0x0000_8040_0280_1004, 0x8440_4001_0048_1041, 0x0011_0210_0400_1801],
    [0x4c00_9104_b080_5002, 0x1002_0400_0120_0401, 0x0008_0080_b008_2104],
    [0x0660_2008_1a20_1801, 0x4a84_0401_8900_2402, 0x9020_0081_0485_2402],
    [0x5000_1102_4101_0120, 0x0800_5442_a004_0008, 0x1200_02a1_0400_4128],
    [0x2005_1104_1204_6080, 0x9423_2220_a081_0004, 0x0804_2222_5020_a004],
    [0x2900_0901_0002_0010, 0x8207_1440_8101_028c, 0x0410_0020_0c80_2002],
    [0x0548_4802_0865_0160, 0x0200_1012_0820_1004, 0x0080_0000_8200_2804],
    [0xa048_0a02_4004_4a01, 0x0a20_1020_0200_0202, 0x1041_5000_0800_4582],
    [0x0204_0812_1002_1402, 0x8c41_0228_04a3_0404, 0x2040_0200_08c2_0801],
    [0x9410_4103_0408_5024, 0x0820_0600_8260_1003, 0x0202_0200_0083_0002],
    [0x0010_4440_0a04_0a84, 0x0891_0ce1_60c0_8181, 0x2d00_0400_1010_8001],
    [0x0402_0408_0100_0229, 0x8014_0020_1448_0110, 0x06c0_0a40_2270_4001],
];

const LOOKUPS: &[[MagicLookup; TABLES]; CELL_COUNT] =
    &magic::lookups(&KING_STEPS, &TABLE_DIRECTIONS, &MAGICS);

/// The length of [`ATTACKS`]: its entries rounded up to a power of two, so that masking an
/// entry's index with `ATTACKS_LEN - 1` shows the compiler the bound (no bounds check per
/// look-up; the entries past the count are never read).
const ATTACKS_LEN: usize = magic::entry_count(LOOKUPS).next_power_of_two();

/// The attacks of every (cell, table) for every occupancy of its inner cells, at its hashed
/// entry.
const ATTACKS: &[u128; ATTACKS_LEN] = &magic::attack_table(&KING_STEPS, &TABLE_DIRECTIONS, LOOKUPS);

/// The attacks along the lines of `table` from `from`.
#[inline(always)]
fn table_attacks(from: usize, table: usize, occupied: u128) -> u128 {
    ATTACKS[LOOKUPS[from][table].index(occupied) & (ATTACKS_LEN - 1)]
}

/// Where a cell's rank lies in the occupancy: the rank's first index, and, counted from it,
/// the cells below the cell, above it, and the whole rank but the cell.
#[derive(Clone, Copy)]
struct RankRun {
    first: u32,
    below: u32,
    above: u32,
    others: u32,
}

const RANK_RUNS: &[RankRun; CELL_COUNT] = &{
    let mut out = [RankRun {
        first: 0,
        below: 0,
        above: 0,
        others: 0,
    }; CELL_COUNT];
    let mut cell = 0;
    while cell < CELL_COUNT {
        let rank = magic::attacks_by_walking(&KING_STEPS, cell, &RANK_DIRECTIONS, 0) | 1 << cell;
        let first = rank.trailing_zeros();
        let at = cell as u32 - first;
        let run = (rank >> first) as u32;
        out[cell] = RankRun {
            first,
            below: (1 << at) - 1,
            above: run & !((2 << at) - 1),
            others: run & !(1 << at),
        };
        cell += 1;
    }
    out
};

/// The attacks along the rank from `from`.
#[inline(always)]
fn rank_attacks(from: usize, occupied: u128) -> u128 {
    let run = &RANK_RUNS[from];
    // The rank in the low bits; the bits above it (the next ranks) are cut by `others`.
    let rank = (occupied >> run.first) as u32;
    let below = rank & run.below;
    let above = rank & run.above;
    // Every bit from the nearest blocker below up (from bit 0 when there is none) ...
    let from_blocker_below = u32::MAX << (31 - (below | 1).leading_zeros());
    // ... and twice the nearest blocker above carries through every bit beyond that blocker
    // (none above: nothing is cleared, and `others` ends the ray at the rank's end).
    let nearest_above = above & above.wrapping_neg();
    let attacks = nearest_above
        .wrapping_mul(2)
        .wrapping_add(from_blocker_below)
        & run.others;
    u128::from(attacks) << run.first
}

/// Rook attacks from `from` with `occupied` blocking: the rank and two table look-ups.
#[inline(always)]
pub(crate) fn rook_attacks_from(from: usize, occupied: u128) -> u128 {
    rank_attacks(from, occupied)
        | table_attacks(from, ROOK_TABLES[0], occupied)
        | table_attacks(from, ROOK_TABLES[1], occupied)
}

/// Bishop attacks from `from` with `occupied` blocking: one table look-up.
#[inline(always)]
pub(crate) fn bishop_attacks_from(from: usize, occupied: u128) -> u128 {
    table_attacks(from, BISHOP_TABLE, occupied)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells::Cell;
    use crate::tables::HEXES;

    /// The cells from `from` in direction `d` up to and including the first man of
    /// `occupied`, walked in coordinates (not the step table the look-ups use).
    fn ray_to_blocker(from: usize, d: Hex, occupied: u128) -> u128 {
        let mut out = 0u128;
        let mut at = HEXES[from];
        loop {
            at = at.plus(d);
            let Some(cell) = Cell::from_hex(at) else {
                return out;
            };
            out |= 1 << cell.index();
            if occupied >> cell.index() & 1 != 0 {
                return out;
            }
        }
    }

    fn walk(from: usize, dirs: &[Hex], occupied: u128) -> u128 {
        dirs.iter()
            .fold(0, |a, &d| a | ray_to_blocker(from, d, occupied))
    }

    #[test]
    fn look_ups_match_walking_the_rays() {
        for occupied in hexvar_geometry::magic::sample_occupancies(CELL_COUNT, 400) {
            for from in 0..CELL_COUNT {
                assert_eq!(
                    rook_attacks_from(from, occupied),
                    walk(from, &Hex::ORTHOGONAL, occupied),
                    "rook on {from}, occupancy {occupied:#x}"
                );
                assert_eq!(
                    bishop_attacks_from(from, occupied),
                    walk(from, &Hex::DIAGONAL, occupied),
                    "bishop on {from}, occupancy {occupied:#x}"
                );
            }
        }
    }

    /// The search of the module's head, repeated: it finds exactly [`MAGICS`].
    #[test]
    fn magics_are_the_search_result() {
        let found = magic::search_magics(&KING_STEPS, &TABLE_DIRECTIONS, 0x9e37_79b9_7f4a_7c15);
        assert_eq!(found, MAGICS);
    }
}
