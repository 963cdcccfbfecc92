//! Slider attacks in a few instructions: along the rank by arithmetic on its run of bits, along
//! each of the five other lines by one look-up in a table hashed by a magic multiplier.
//!
//! Why not the ray scan: six rays per slider, each a 128-bit mask, a bit scan to the nearest
//! blocker and a cut, cost about 130 instructions per slider and was half of the bulk count.
//!
//! - **The rank** is a run of consecutive indices, so the occupancy shifted down by the rank's
//!   first index holds it in its low bits. Within that 32-bit word the attacks are the
//!   "obstruction difference": every bit from the nearest blocker below up, plus twice the
//!   nearest blocker above, whose carry clears every bit beyond that blocker.
//! - **The other lines** (two orthogonal, three diagonal) have 1 to 6 cells whose occupancy
//!   matters (the line's cells but the slider's own and the two ends). They lie in the two
//!   64-bit halves of the set so that or-ing the halves never puts two of them on one bit, and
//!   a multiplier per (cell, line) maps the 2^n occupancies of those n cells to n bits without a
//!   collision that would matter. The 6,040 attack sets (97 KB) are built at compile time, and
//!   the build fails if a multiplier maps two occupancies with different attacks to one entry.
//!
//! The multipliers were found by a search that a test repeats
//! (`line_magics_are_the_search_result`): for each cell in index order and each line in
//! [`LINE_AXES`] order, xorshift64* candidates, each the `&` of three draws (sparse numbers
//! collide less), until one works with an index of exactly n bits.

use hexvar_geometry::Hex;

use crate::board::{Cell, CELL_COUNT, HEXES};

/// The lines served by a table, each named by one of its two directions: the two orthogonal
/// lines that cross the ranks, then the three diagonal lines.
const LINE_AXES: [Hex; 5] = [
    Hex::new(0, 1),
    Hex::new(-1, 1),
    Hex::new(1, 1),
    Hex::new(-2, 1),
    Hex::new(-1, 2),
];

/// The positions of the rook's lines in [`LINE_AXES`] (its third line is the rank).
const ROOK_AXES: [usize; 2] = [0, 1];
/// The positions of the bishop's lines in [`LINE_AXES`].
const BISHOP_AXES: [usize; 3] = [2, 3, 4];

/// The cells from `from` in direction `d` up to the edge; without the last one when
/// `inner_only` (a man on the edge cell blocks nothing beyond it).
const fn ray(from: usize, d: Hex, inner_only: bool) -> u128 {
    let mut out = 0u128;
    let mut at = HEXES[from];
    loop {
        at = at.plus(d);
        let Some(cell) = Cell::from_hex(at) else {
            return out;
        };
        if inner_only && Cell::from_hex(at.plus(d)).is_none() {
            return out;
        }
        out |= 1 << cell.index();
    }
}

/// The cells from `from` in direction `d` up to and including the first man of `occupied`.
const fn ray_to_blocker(from: usize, d: Hex, occupied: u128) -> u128 {
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

/// How the attacks of one (cell, line) pair are found: the cells whose occupancy matters, in
/// the low and the high half of the set, the multiplier, the shift that keeps the index's bits,
/// and where the pair's entries start in [`LINE_ATTACKS`].
#[derive(Clone, Copy)]
struct LineLookup {
    mask_low: u64,
    mask_high: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

/// The multiplier of each (cell, line): see the module's head for how they were found. A line
/// with no inner cell needs none (its one entry is at index 0).
#[rustfmt::skip]
const LINE_MAGICS: [[u64; 5]; CELL_COUNT] = [
    [0x0101_2400_6000_cc02, 0x0020_1001_8000_0080, 0x1022_0040_0400_62c0, 0, 0x0000_8400_2089_cc01],
    [0x0370_0080_0206_a008, 0x4004_0801_804c_0000, 0x06a1_4080_0220_0400, 0, 0x7009_4410_0802_0201],
    [0x4081_0608_0348_8002, 0x8008_4420_2104_8020, 0x1084_1191_4100_0000, 0x02a0_0000_3826_1020, 0x0823_0140_0012_1000],
    [0x008a_0010_0a48_101c, 0x2004_3610_182d_0048, 0x5402_000a_4080_0400, 0x010b_1841_0020_0490, 0x4090_1084_2101_2008],
    [0x09a0_9008_c040_0802, 0x2801_0290_0402_0002, 0x0041_0428_2180_00a0, 0x8022_0201_0000_a00c, 0x0000_0040_1300_8000],
    [0x8001_244a_2100_0c41, 0x4805_0410_0084_1008, 0x1800_4028_80a0_8000, 0x0084_0280_c000_0300, 0x0504_80e0_8c80_4940],
    [0x0000_4170_0040_0100, 0x0020_2051_0c08_0810, 0x4080_4540_2042_1000, 0x0702_0880_1001_8880, 0x2a20_0050_5012_2000],
    [0x40ca_c00a_0040_0800, 0x1021_800b_0200_0802, 0, 0x8401_0020_4682_0880, 0x8004_8808_0800_1040],
    [0x0100_a106_0900_0400, 0x0410_4022_0180_210e, 0, 0x0051_4004_1402_0310, 0x5409_2c3c_0010_0a20],
    [0x1280_0f00_8003_2820, 0x1200_4b0a_4000_0008, 0x2004_1230_0421_8001, 0, 0x0802_0021_4800_1180],
    [0x0210_0140_1022_041c, 0x0800_8400_4090_0000, 0x0804_0044_0400_4001, 0, 0x0004_0920_400c_8080],
    [0x1200_5118_0404_1004, 0x0008_44a0_40c2_0100, 0xa080_1044_5800_1089, 0x0500_0809_8420_0000, 0x0002_20c0_3a30_0440],
    [0x4080_0100_0202_0822, 0xb104_0420_4021_0250, 0x0820_2862_04a1_0820, 0x2808_0501_a000_0001, 0x0a00_2010_1060_0120],
    [0x0409_10a4_4500_2004, 0x1000_1142_0210_4021, 0x0000_11a0_0600_0112, 0x8124_1304_800c_9002, 0x0000_8102_a802_0091],
    [0x2041_2108_2120_4211, 0x8404_20d0_2428_11e0, 0x0800_801a_0501_0200, 0x0080_a082_9048_9181, 0x4000_008c_8400_000a],
    [0x0408_0004_4300_4cc1, 0x0180_1010_4800_cc08, 0x1808_2810_1008_4082, 0x1000_4080_5041_0802, 0x0020_8041_0210_1114],
    [0x0880_0006_0100_0401, 0x1050_0120_0600_0402, 0x0000_0028_0049_0000, 0x0004_0009_0409_0880, 0x0118_0000_1100_0002],
    [0x0000_0468_d040_2141, 0x101a_0028_0201_0401, 0, 0x8880_0044_0201_0823, 0x5000_0040_4080_8021],
    [0x0000_410c_0100_0000, 0x0020_0021_0490_1081, 0, 0x0100_4308_009c_2020, 0x0000_0000_8088_4003],
    [0xc200_8222_8002_4080, 0x8228_2002_0430_0000, 0x0020_0580_2011_1450, 0x04a2_0000_0000_0080, 0x6002_0204_0410_0020],
    [0x3205_0858_10d2_0440, 0x0020_0200_8404_0000, 0x0040_4000_4100_44c5, 0x4010_5100_0000_1480, 0x0840_0000_0218_8008],
    [0x0060_0000_0805_0008, 0x2008_0002_9002_0100, 0x4201_0800_2000_6006, 0x2088_0020_c800_0800, 0x8004_0009_404c_000c],
    [0x3088_6d01_0284_2010, 0x1000_c801_4804_0120, 0x0000_0048_7208_5001, 0x000a_0008_9000_1102, 0x0200_1000_0082_0a46],
    [0x0080_8542_3404_1008, 0x0484_0004_0415_02fc, 0x8004_0820_0810_1000, 0x000c_8200_4084_0070, 0x6210_0201_0005_80d2],
    [0x0013_00e0_0490_4112, 0x1206_0000_0a06_8022, 0x0824_2010_24a4_0410, 0x20a8_a002_2201_0000, 0x01a0_9000_0000_902c],
    [0x0012_a0c0_0280_a023, 0x0a01_0000_0900_0804, 0x9003_8200_1200_4030, 0x0000_1021_0808_8084, 0x0100_0000_0280_c125],
    [0x0014_3000_0180_2885, 0x0030_8000_0300_1804, 0x0011_0100_2100_0084, 0x8080_2004_2406_4041, 0x0240_0041_2006_2000],
    [0x0400_4619_0900_0200, 0x0010_6150_0840_0804, 0x1051_0012_0e00_0044, 0x1000_0e00_0200_a884, 0x0881_4000_8050_3e00],
    [0x0000_30cc_1480_4102, 0x0010_0000_0500_2401, 0x0508_8800_0002_4000, 0x0400_0100_a440_1210, 0x0000_1000_0804_0800],
    [0x0000_2000_0048_0020, 0x0220_02b0_0420_4101, 0x4004_4000_1400_0200, 0x9400_0800_2220_3804, 0],
    [0x2020_8240_0408_0040, 0x2250_1820_0a24_0085, 0x0202_8080_4002_c040, 0x0008_2800_e001_8100, 0],
    [0x1100_5005_1012_0245, 0x0008_1812_0188_0000, 0x0101_0008_4004_1008, 0x0448_4a10_8002_1010, 0x0000_0028_0200_0110],
    [0x0322_0880_4002_0230, 0x0010_0228_0022_1020, 0x1050_1120_4011_0071, 0x4614_0180_4010_2002, 0x0040_4680_4000_1088],
    [0x0a08_4485_1002_0042, 0x2604_0081_0000_8080, 0x0880_2000_0200_8652, 0x0002_0080_1042_0800, 0x0000_0488_0000_1860],
    [0xe101_2040_4401_0804, 0x1202_0100_0901_6010, 0x4100_0448_1030_4401, 0x4000_8080_0001_0026, 0x0000_2400_0804_8020],
    [0x0080_c122_6800_2008, 0x8200_2014_2000_8220, 0x4000_148c_1100_40c1, 0x30e4_4019_0286_1023, 0x0000_0080_0000_0339],
    [0x1440_40a0_0000_2804, 0x0400_2212_2401_c081, 0x0010_0090_1000_581a, 0x8c06_3250_0231_003f, 0x0000_0064_6020_0208],
    [0x00c0_6110_0700_1515, 0x0882_c022_0000_4808, 0x0008_2322_4002_0820, 0x0c00_0002_0000_8110, 0x0040_0182_0048_0204],
    [0x0048_2850_0600_8405, 0x1160_2001_0044_2904, 0x0005_4024_6300_00b5, 0x8810_0800_2002_2006, 0x2020_8140_0a00_0012],
    [0x0101_8018_1402_0240, 0x8224_c011_4024_0802, 0x00a2_0010_0004_0008, 0x0102_0800_1000_1028, 0x0008_0014_0000_0403],
    [0x0000_c815_0082_c04e, 0x0090_4400_2740_0409, 0x8014_8010_0408_8000, 0x0080_4042_0020_8804, 0],
    [0x2440_1004_0420_1000, 0x2410_2008_0000_2428, 0x2000_4008_0000_0000, 0x2040_2080_0000_0821, 0],
    [0x2900_41a0_0401_0281, 0x8828_0402_0000_0004, 0x1e02_0821_0100_0108, 0x0188_0900_8098_8020, 0],
    [0x1a00_8020_1200_0100, 0x8190_4325_0040_4220, 0x0b20_0000_4020_0042, 0x0102_0089_80cc_8002, 0],
    [0x5001_d810_58f0_0040, 0x1004_0c00_4008_0a20, 0x4200_0000_0000_0240, 0x4008_8080_4100_4109, 0x4001_2802_0000_0808],
    [0x2400_2200_8804_2008, 0x1884_0020_4001_0010, 0x0200_3001_2000_8218, 0x0014_8020_a018_0820, 0x2100_0540_0400_02c8],
    [0x0114_0418_0c00_0010, 0x060c_0040_1090_0004, 0x0040_0840_4200_8010, 0x0002_a020_42a8_0888, 0x2004_1208_0000_0059],
    [0x00d0_1480_1000_4049, 0xa88c_9080_8840_2204, 0x0440_421a_4000_0917, 0x0020_0420_0208_0828, 0x4404_8182_1020_0022],
    [0x0181_0100_8151_4202, 0x0204_1009_0800_a004, 0x4101_4b01_5142_1004, 0x0300_c008_0120_2120, 0x0400_0880_0800_0011],
    [0x4792_4480_c400_8081, 0x0100_1820_00a0_4402, 0x1a20_0221_0400_0191, 0x0800_0300_010a_4436, 0x0001_4040_8000_0000],
    [0x0212_0008_8040_0001, 0x0211_4232_1101_0c81, 0x1111_8040_8454_2004, 0x4246_1200_0300_a082, 0x0000_0220_0482_1482],
    [0x0000_a011_6080_4401, 0x0040_0009_1150_4002, 0x0108_0040_a120_0202, 0x0a42_0011_0215_0016, 0x0008_0012_4008_0201],
    [0x0004_2008_4500_0481, 0x0020_0204_0032_1101, 0x0114_0030_0100_4082, 0x090c_0000_0000_2801, 0x4100_0808_0000_2000],
    [0x0020_6042_1480_0000, 0x8010_0880_0010_0000, 0x0300_8010_8120_2000, 0x0340_0311_0803_0025, 0],
    [0x4200_0308_1000_8082, 0x0204_4201_0008_2400, 0x2004_2000_0002_0002, 0x4002_5081_3088_6022, 0],
    [0x18d0_8100_1010_0424, 0x0010_0480_2804_1008, 0x9010_0010_0400_4000, 0x8841_0040_2800_8002, 0x2000_0009_0040_0000],
    [0x2520_1231_0044_400c, 0x0224_0201_1010_8040, 0x0ac6_0000_0880_a000, 0x0600_2041_0804_42a0, 0x0440_4008_8000_8041],
    [0x6280_4d01_4024_0051, 0x0400_8480_6000_2008, 0x0610_0900_4048_5200, 0x0e04_01b0_2800_c000, 0x8000_4000_4030_0010],
    [0x08a0_2301_0421_0080, 0x8080_8186_1804_2000, 0x0204_0001_000a_0802, 0x1000_0426_0205_2808, 0x0028_8082_2800_2512],
    [0x4048_0030_0805_0080, 0x8208_4040_0920_0820, 0x0040_4801_4402_0808, 0x0828_8400_0480_2213, 0x0020_0000_1100_1020],
    [0x8222_0888_f100_8000, 0x0021_8004_0610_1046, 0x2064_0c84_2001_1200, 0x0500_8020_0100_5080, 0x0010_2120_4c24_0142],
    [0x0214_0060_0400_8501, 0x0090_4048_0842_0800, 0x0004_1200_0c22_8010, 0x0990_0800_6014_1218, 0x0240_0902_0500_0300],
    [0x4028_8041_0a04_0200, 0x0040_0082_31b0_9020, 0x0d20_00a2_1090_6003, 0x0114_c004_4009_0600, 0x0000_0800_8200_4010],
    [0x0000_8104_0a93_1092, 0x10a0_8000_0680_02c0, 0x2455_0480_0867_0404, 0x8084_0040_4a00_2494, 0x0c40_c280_2506_8620],
    [0x0200_5008_0102_e600, 0x4810_0808_0000_0c10, 0x6401_0889_9202_4450, 0x2044_0a00_0100_0210, 0x0a21_0840_008c_0049],
    [0x8000_2000_0400_4b20, 0x1110_0a00_2801_0040, 0, 0x0020_100c_1001_0020, 0x4948_0000_0110_0648],
    [0x02c1_808c_8408_0120, 0x0898_0068_1022_0210, 0, 0x1049_0060_0411_2035, 0x0000_0a06_0004_0090],
    [0x0000_0008_842e_0080, 0x0045_4480_050a_0110, 0x1800_400a_4120_0380, 0x40c0_0045_6400_7230, 0x0000_040d_0212_8804],
    [0x0001_8484_8000_8010, 0x4100_4082_0800_1088, 0x4408_0008_8000_0188, 0x0010_4081_0080_4228, 0x0404_0220_0001_4800],
    [0x2810_1904_4080_4002, 0x0804_e160_0a80_2430, 0x0022_8402_0205_01c0, 0x4040_0040_0db0_0808, 0x1802_0136_0008_8000],
    [0x0028_1040_0801_0421, 0x0630_7210_0500_0428, 0xa001_c830_0002_4022, 0x0084_2080_0002_1002, 0x0000_2044_0001_9010],
    [0x4102_0101_0380_4221, 0x0000_0488_0091_0404, 0x0401_0200_2001_0090, 0x0000_0300_41a0_0801, 0x0400_49d2_8000_a040],
    [0x94a0_4450_0c00_102c, 0x0040_0428_0040_0e01, 0x8041_2000_200c_c048, 0x0042_8004_40c0_2009, 0x0070_0228_10c8_1000],
    [0x0400_2040_5080_4803, 0x1000_0004_0121_0441, 0xd428_15c1_6004_2502, 0, 0x0001_0010_1401_0810],
    [0x2000_8008_004c_0105, 0x4000_1090_0000_0c40, 0x4518_0280_1000_0c03, 0, 0x0010_0928_0108_0589],
    [0x3a04_d000_4404_8201, 0x2402_0056_450a_0080, 0, 0x4840_0003_1405_2004, 0x0000_001d_0882_0686],
    [0x0800_4000_8048_0700, 0x2221_c040_1101_0040, 0, 0x8810_6408_0910_0804, 0x2006_1000_a000_a4c1],
    [0x1000_2510_8001_5024, 0x0820_8240_050a_2079, 0x2000_0506_4002_0004, 0x0210_2400_4100_0412, 0x4000_0810_4140_1020],
    [0x0100_0842_6006_0404, 0x0020_92d0_3804_1008, 0x1040_0000_0802_8080, 0x0480_1002_4008_5804, 0x0020_0810_2041_101a],
    [0x1510_00e0_1802_0042, 0x0200_4104_0220_0422, 0x1810_0680_0105_0140, 0x0042_0210_0400_c402, 0x0204_0200_1004_1088],
    [0x0011_0200_0800_2008, 0x1880_0201_1840_0844, 0x810c_c000_9008_002d, 0x0040_2082_0000_0d09, 0x0001_0201_8c00_b458],
    [0x0012_0049_1002_4001, 0x0222_0041_0414_8802, 0x8080_8106_0102_0020, 0x2040_0802_0000_2060, 0x6800_0032_0400_8002],
    [0x0040_4080_0240_0801, 0x0009_8148_2420_0c05, 0x0100_a010_1241_0005, 0, 0x0000_4050_0300_2002],
    [0x2020_4042_8040_2822, 0x4058_1000_4000_8440, 0x0420_c000_4040_8001, 0, 0x8440_0080_0080_0001],
];

/// The cells of line `axis` through `from` whose occupancy matters.
const fn line_mask(from: usize, axis: usize) -> u128 {
    let d = LINE_AXES[axis];
    ray(from, d, true) | ray(from, d.times(-1), true)
}

/// The attacks along line `axis` from `from` with `occupied` blocking (the slow, obvious way).
const fn line_attacks_by_walking(from: usize, axis: usize, occupied: u128) -> u128 {
    let d = LINE_AXES[axis];
    ray_to_blocker(from, d, occupied) | ray_to_blocker(from, d.times(-1), occupied)
}

/// The index bits of a pair whose mask has `cells` cells (a shift of 64 would overflow, and an
/// empty mask hashes to 0 with any shift).
const fn shift_for(cells: u32) -> u32 {
    if cells == 0 {
        63
    } else {
        64 - cells
    }
}

static LINE_LOOKUPS: [[LineLookup; 5]; CELL_COUNT] = {
    let empty = LineLookup {
        mask_low: 0,
        mask_high: 0,
        magic: 0,
        shift: 63,
        offset: 0,
    };
    let mut out = [[empty; 5]; CELL_COUNT];
    let mut offset = 0;
    let mut cell = 0;
    while cell < CELL_COUNT {
        let mut axis = 0;
        while axis < 5 {
            let mask = line_mask(cell, axis);
            assert!(
                (mask as u64) & ((mask >> 64) as u64) == 0,
                "the halves of a line's mask overlap"
            );
            out[cell][axis] = LineLookup {
                mask_low: mask as u64,
                mask_high: (mask >> 64) as u64,
                magic: LINE_MAGICS[cell][axis],
                shift: shift_for(mask.count_ones()),
                offset,
            };
            offset += 1 << mask.count_ones();
            axis += 1;
        }
        cell += 1;
    }
    assert!(offset as usize == LINE_ATTACK_COUNT);
    out
};

/// The number of entries of [`LINE_ATTACKS`]: `2^n` per (cell, line) with `n` inner cells.
const LINE_ATTACK_COUNT: usize = {
    let mut n = 0;
    let mut cell = 0;
    while cell < CELL_COUNT {
        let mut axis = 0;
        while axis < 5 {
            n += 1 << line_mask(cell, axis).count_ones();
            axis += 1;
        }
        cell += 1;
    }
    n
};

/// The entry of `blockers` (the occupancy cut to the lookup's mask) in `lookup`'s part of the
/// table.
#[inline(always)]
const fn entry(lookup: &LineLookup, occupied: u128) -> usize {
    let blockers =
        (occupied as u64 & lookup.mask_low) | ((occupied >> 64) as u64 & lookup.mask_high);
    lookup.offset as usize + (blockers.wrapping_mul(lookup.magic) >> lookup.shift) as usize
}

/// The attacks of every (cell, line) for every occupancy of its inner cells, at its hashed
/// entry. Nothing attacks every cell, so `u128::MAX` marks an entry not yet written.
static LINE_ATTACKS: [u128; LINE_ATTACK_COUNT] = {
    let mut out = [u128::MAX; LINE_ATTACK_COUNT];
    let mut cell = 0;
    while cell < CELL_COUNT {
        let mut axis = 0;
        while axis < 5 {
            let lookup = &LINE_LOOKUPS[cell][axis];
            let mask = line_mask(cell, axis);
            // Every subset of the mask, by the carry-rippler.
            let mut blockers: u128 = 0;
            loop {
                let attacks = line_attacks_by_walking(cell, axis, blockers);
                let i = entry(lookup, blockers);
                assert!(
                    out[i] == u128::MAX || out[i] == attacks,
                    "a line multiplier maps two occupancies with different attacks to one entry"
                );
                out[i] = attacks;
                blockers = blockers.wrapping_sub(mask) & mask;
                if blockers == 0 {
                    break;
                }
            }
            axis += 1;
        }
        cell += 1;
    }
    out
};

/// The attacks along line `axis` from `from`.
#[inline(always)]
fn line_attacks(from: usize, axis: usize, occupied: u128) -> u128 {
    LINE_ATTACKS[entry(&LINE_LOOKUPS[from][axis], occupied)]
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

static RANK_RUNS: [RankRun; CELL_COUNT] = {
    let mut out = [RankRun {
        first: 0,
        below: 0,
        above: 0,
        others: 0,
    }; CELL_COUNT];
    let mut cell = 0;
    while cell < CELL_COUNT {
        let along = Hex::new(1, 0);
        let rank = ray(cell, along, false) | ray(cell, along.times(-1), false) | 1 << cell;
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
        | line_attacks(from, ROOK_AXES[0], occupied)
        | line_attacks(from, ROOK_AXES[1], occupied)
}

/// Bishop attacks from `from` with `occupied` blocking: three table look-ups.
#[inline(always)]
pub(crate) fn bishop_attacks_from(from: usize, occupied: u128) -> u128 {
    line_attacks(from, BISHOP_AXES[0], occupied)
        | line_attacks(from, BISHOP_AXES[1], occupied)
        | line_attacks(from, BISHOP_AXES[2], occupied)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Occupancies from a fixed xorshift stream, denser and sparser in turn.
    fn occupancies() -> impl Iterator<Item = u128> {
        let board = (1u128 << CELL_COUNT) - 1;
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        (0..400).map(move |i| {
            let mut draw = || u128::from(next()) | u128::from(next()) << 64;
            let set = match i % 3 {
                0 => draw() & draw(),
                1 => draw(),
                _ => draw() | draw(),
            };
            set & board
        })
    }

    fn walk(from: usize, dirs: &[Hex], occupied: u128) -> u128 {
        dirs.iter()
            .fold(0, |a, &d| a | ray_to_blocker(from, d, occupied))
    }

    #[test]
    fn look_ups_match_walking_the_rays() {
        for occupied in occupancies() {
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

    #[test]
    fn every_orthogonal_and_diagonal_line_is_served() {
        let rank = Hex::new(1, 0);
        let rook_lines: Vec<Hex> = std::iter::once(rank)
            .chain(ROOK_AXES.map(|a| LINE_AXES[a]))
            .collect();
        for d in Hex::ORTHOGONAL {
            assert!(rook_lines
                .iter()
                .any(|&a| a.equals(d) || a.equals(d.times(-1))));
        }
        for d in Hex::DIAGONAL {
            let bishop_line = BISHOP_AXES.map(|a| LINE_AXES[a]);
            assert!(bishop_line
                .iter()
                .any(|&a| a.equals(d) || a.equals(d.times(-1))));
        }
    }

    /// The search of the module's head, repeated: it finds exactly [`LINE_MAGICS`].
    #[test]
    fn line_magics_are_the_search_result() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut draw = move || {
            state ^= state >> 12;
            state ^= state << 25;
            state ^= state >> 27;
            state.wrapping_mul(0x2545_f491_4f6c_dd1d)
        };
        let mut slots = vec![None; 64];
        for (cell, magics) in LINE_MAGICS.iter().enumerate() {
            for (axis, &magic) in magics.iter().enumerate() {
                let mask = line_mask(cell, axis);
                let bits = mask.count_ones();
                let found = if bits == 0 {
                    0
                } else {
                    let subsets: Vec<(u64, u128)> = Set128Subsets::new(mask)
                        .map(|s| {
                            let folded = (s as u64) | (s >> 64) as u64;
                            (folded, line_attacks_by_walking(cell, axis, s))
                        })
                        .collect();
                    loop {
                        let magic = draw() & draw() & draw();
                        slots.iter_mut().for_each(|s| *s = None);
                        let works = subsets.iter().all(|&(folded, attacks)| {
                            let slot =
                                &mut slots[(folded.wrapping_mul(magic) >> (64 - bits)) as usize];
                            *slot.get_or_insert(attacks) == attacks
                        });
                        if works {
                            break magic;
                        }
                    }
                };
                assert_eq!(found, magic, "cell {cell}, line {axis}");
            }
        }
    }

    /// Every subset of a mask, the empty one first (the carry-rippler).
    struct Set128Subsets {
        mask: u128,
        next: Option<u128>,
    }

    impl Set128Subsets {
        fn new(mask: u128) -> Self {
            Set128Subsets {
                mask,
                next: Some(0),
            }
        }
    }

    impl Iterator for Set128Subsets {
        type Item = u128;
        fn next(&mut self) -> Option<u128> {
            let s = self.next?;
            let n = s.wrapping_sub(self.mask) & self.mask;
            self.next = (n != 0).then_some(n);
            Some(s)
        }
    }
}
