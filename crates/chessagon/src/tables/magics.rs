//! Hashed ("magic") look-ups of the Duke's lines and the Bishop's two diagonals that cross the
//! files.

use hexvar_geometry::magic::{self, MagicLookup};
use hexvar_geometry::triangle;

use crate::cells::{CELLS_C, CELL_COUNT};

// The Duke's lines by hashed table look-up ("magic bitboards"): one look-up per line instead of
// one ray cut per direction. A vertex row is short (at most 8 cells; 6 whose occupancy matters,
// the Duke's own and each end excluded), so each of the Duke's three lines gets a table: 9,108
// attack sets (146 KB; 256 KB with the table rounded up to a power of two), built at compile time by `hexvar_geometry::magic` from the vertex-row
// step table. Of the three slider families only the Duke fits that module: a face row (the
// Rook's) has up to 13 cells that matter (8.5 MB of tables per line), and a Bishop's diagonal can
// hold cells `i` and `i + 64`, which the look-up's fold of the set's two halves into one word
// cannot keep apart. The multipliers are `magic::search_magics`'s result for the seed
// `0x9e37_79b9_7f4a_7c15`; a test repeats the search, and the build fails if one maps two
// occupancies with different attacks to one entry.

/// The vertex-row step table (directions E, NE, NW, W, SW, SE) of the Duke's look-ups.
static DUKE_LINE_STEPS: [[u16; 6]; CELL_COUNT] =
    triangle::step_table(&CELLS_C, &triangle::VERTEX_ROWS);

/// The number of tables per cell: one per line.
const DUKE_TABLES: usize = 3;

/// The step directions of each table: both ways of each of the Duke's three lines.
const DUKE_TABLE_DIRECTIONS: [&[usize]; DUKE_TABLES] = [&[0, 3], &[1, 4], &[2, 5]];

/// The multiplier of each (cell, table): `magic::search_magics` with the seed
/// `0x9e37_79b9_7f4a_7c15`. A table with no inner cell needs none (its one entry is at index 0).
#[rustfmt::skip]
const DUKE_MAGICS: [[u64; DUKE_TABLES]; CELL_COUNT] = [
    [0x0000_0000_0000_0000, 0x1404_0450_1040_0010, 0x9000_1040_2449_0804],
    [0x0000_0000_0000_0000, 0x4804_0810_0401_4201, 0x0212_8140_1080_0044],
    [0x0800_0510_0218_000c, 0x4005_8008_0120_1000, 0x0100_0082_0012_0542],
    [0x0810_0000_0103_0800, 0x0804_0008_2081_4020, 0x8014_4060_010e_0028],
    [0x1282_0000_0108_0040, 0x080c_0408_0020_0980, 0x0202_0040_2202_0020],
    [0x2800_0044_0904_0040, 0x0222_2008_1100_0200, 0x0200_1021_1010_1c05],
    [0x0188_2210_0021_5422, 0x0520_1102_0110_100c, 0x8004_2014_0288_4084],
    [0x053f_0012_2020_6980, 0x0410_2025_0040_0010, 0x1000_94c6_0002_0000],
    [0x0060_0800_0200_0000, 0x0450_0018_800a_8910, 0x0022_a201_0020_6104],
    [0x08a1_8009_1001_8800, 0x0440_2000_2004_0020, 0x0901_4023_0009_0420],
    [0x0140_0000_0021_4001, 0x0000_8050_2010_0402, 0x0406_a005_6210_88a9],
    [0x0160_0000_0080_0801, 0x0510_2020_4810_a401, 0x8543_0020_02a9_0810],
    [0x008b_2003_2402_8420, 0x8800_8090_4100_0646, 0x0000_0000_0000_0000],
    [0x0080_6101_4240_0002, 0x0040_1080_0260_1201, 0x0010_0088_0002_0c00],
    [0x4000_6001_9041_1004, 0x1004_4118_1280_4021, 0x0800_0040_08e4_0002],
    [0x4802_a001_0022_2001, 0x909c_0308_0542_1010, 0x0014_0240_8301_2c44],
    [0x8045_2002_0040_0222, 0x0a40_0000_a110_0004, 0x4200_2831_2140_5049],
    [0x0300_8204_1084_0000, 0x0210_8220_0120_0229, 0x0200_8488_3108_0489],
    [0x5000_4001_0000_0800, 0x0001_6902_9820_1011, 0x4090_0120_0002_1000],
    [0x0010_2002_0000_1004, 0x0000_0000_0000_0000, 0x4040_0840_14b0_0806],
    [0x8000_41a0_0400_000e, 0x2080_90a1_0002_0400, 0x0000_0000_0000_0000],
    [0x8008_2020_0020_0282, 0x0242_0084_0520_4421, 0x0310_1012_0c06_8202],
    [0x11c0_0060_0208_0004, 0x0082_4044_8403_1020, 0x9282_0016_2200_4092],
    [0x8280_0208_0000_000a, 0x0421_0228_0020_1110, 0x0040_2030_2001_0084],
    [0x0480_0320_4074_1000, 0x4150_2004_a620_409d, 0x4080_8001_0010_2821],
    [0x8008_0220_0400_8002, 0x8800_1180_0085_0e00, 0x20a5_4000_0403_4080],
    [0x4040_0040_0848_0000, 0x0010_7000_8800_1000, 0x5141_0a00_2005_1040],
    [0x080a_0208_0060_1040, 0x0000_0000_0000_0000, 0x0004_0868_0420_1001],
    [0x1001_0101_2042_0004, 0x0100_3310_0002_8b00, 0x1204_0001_5400_c000],
    [0x0001_0003_2004_0800, 0x8001_0840_8840_0083, 0x04b0_0400_0422_0041],
    [0x0010_0244_1042_0009, 0xa080_4900_008e_4920, 0x1b20_5000_0045_0402],
    [0x0100_040a_0864_a402, 0x4001_7000_18a0_0481, 0x00c8_0041_0001_0200],
    [0x0009_1911_0420_24a1, 0x0060_0310_0010_208c, 0x0501_0802_2020_4011],
    [0x0021_c202_2002_8b20, 0x8642_2102_4008_4010, 0x0040_2061_0001_0c80],
    [0x0211_30ac_4000_4000, 0x0408_0020_1040_0801, 0x2004_1130_c060_0453],
    [0x0008_8108_2024_0009, 0x3a00_2000_0081_4221, 0x0140_2009_0020_0208],
    [0x1849_0020_0120_0040, 0x0888_2600_0002_1084, 0x82a4_0004_4000_8014],
    [0x1008_4600_4220_0402, 0x4008_1501_0908_00c2, 0x1111_8040_8454_2004],
    [0x0080_0610_0060_0840, 0x2910_0881_0080_8043, 0x02b1_0000_a8c2_0201],
    [0x1024_00a6_00a0_6000, 0x0801_0803_0000_6a60, 0x4501_2008_0010_200a],
    [0x2100_0000_0120_2004, 0x04a0_2245_0000_804c, 0x8803_1020_5002_1071],
    [0x4100_2c00_0082_0804, 0xab08_4000_4080_0008, 0x2080_482c_4401_20a0],
    [0x40c0_0000_2040_0000, 0x0809_0886_0092_0808, 0xc000_2432_0480_0820],
    [0x2a80_1000_0304_0200, 0x8011_1048_9600_0004, 0x1004_4080_2060_2402],
    [0x1000_0018_0040_a002, 0x0260_0400_0020_0219, 0x0080_c405_2084_0880],
    [0x2811_0000_a400_2001, 0x0029_0102_0400_0400, 0x0802_0189_00c0_0089],
    [0x0000_0100_8000_6000, 0x04c0_0681_0022_0001, 0x0040_0124_4820_5100],
    [0x0080_00c2_0202_0821, 0x8010_e600_6148_0080, 0x0100_6010_c010_00c2],
    [0x0010_0001_0201_0402, 0x0409_0080_2021_0000, 0x2300_4120_4644_0210],
    [0x0000_8000_0080_8210, 0x0020_0a10_4028_0014, 0x1020_4020_2221_2000],
    [0x0000_1000_0024_2000, 0x0400_4840_0002_1000, 0x0010_0688_081a_0004],
    [0x1000_0180_0020_2040, 0x0010_00a0_8800_02c1, 0x4810_0081_82c8_08c0],
    [0x0201_0081_0900_6020, 0x0004_0122_1008_0084, 0x0110_8106_0047_0210],
    [0x8800_2008_0003_0460, 0xc081_0041_1004_1100, 0x8082_1001_0040_1111],
    [0x0100_3000_0a00_6410, 0x0002_2201_2047_1291, 0x0484_0040_882a_0109],
    [0x8180_0003_0400_c208, 0x0081_6045_0280_1802, 0x2238_6000_a010_08c1],
    [0x4032_0004_4601_0304, 0x0a81_c100_c480_2002, 0xd481_2224_402c_2020],
    [0x0000_10c4_0801_2220, 0x4110_0022_8000_0600, 0x4004_1445_5002_0410],
    [0x090a_0000_0200_0084, 0x2010_4000_0408_0000, 0x0004_0808_1c02_9018],
    [0x0044_d210_0a89_0104, 0x4020_0010_a406_6400, 0x12c0_3008_00c0_3090],
    [0x0401_0000_0001_0001, 0x0044_5030_0100_0188, 0x4401_2208_0086_0001],
    [0x0802_2080_0100_4001, 0x820a_5442_0712_0008, 0x0009_00a0_4280_a204],
    [0x4410_0881_0580_0081, 0x0011_1301_0c20_0040, 0x2100_1080_4018_4000],
    [0x0920_0800_0000_8002, 0x2040_7210_c206_4104, 0x0020_4404_8040_02c8],
    [0x0409_0040_0040_0081, 0x3100_4002_1180_0260, 0x0040_4120_0850_0824],
    [0x1c02_0040_1002_1501, 0x0228_4890_4080_420a, 0x0040_0842_6114_3020],
    [0x9800_0004_0210_1231, 0x00c8_40c0_d140_4042, 0x0012_0080_208c_0404],
    [0x8401_0008_2001_0001, 0x091e_c010_8050_0210, 0x4010_2000_2012_2080],
    [0x1424_8200_12a4_0010, 0x0000_0000_0000_0000, 0xdc00_2010_8092_0018],
    [0x8820_2508_0000_0014, 0x0000_0c14_00c2_2812, 0xc020_8c13_0100_8040],
    [0x0410_0080_0012_3801, 0x1230_a004_0032_9400, 0x001a_4861_0021_0289],
    [0x1a08_0002_620a_4800, 0x0c01_0040_604f_0001, 0x1000_9040_0810_40a0],
    [0x0104_8020_0220_0e03, 0x1000_2041_0001_0111, 0x2500_0902_0018_4020],
    [0x2220_0840_8020_5000, 0x4000_1040_8030_4000, 0x2084_1920_9000_1048],
    [0x0040_0600_1000_6020, 0x8281_1830_2001_2420, 0x1001_812a_0202_1200],
    [0x4a20_0000_0601_0000, 0x0400_0882_0020_0202, 0x0000_0000_0000_0000],
    [0x0040_4104_0118_8010, 0x0000_0000_0000_0000, 0x4009_0402_c101_00a1],
    [0x8000_60c0_2800_05a0, 0x0218_4064_0000_081b, 0x0461_0310_4008_c200],
    [0x0000_6054_4488_4028, 0x0080_1108_0400_4281, 0x1001_d002_1910_0083],
    [0x000a_a008_0000_0921, 0x000a_4041_4102_111a, 0x4100_0010_200d_0810],
    [0x0001_2000_a400_4001, 0x0009_2202_8100_6080, 0x1000_0100_4c82_0020],
    [0x0028_8215_4124_2000, 0x9021_0840_18c0_0080, 0x1040_8284_0480_0214],
    [0x4400_4000_c810_0004, 0x0004_0008_2108_2040, 0x1000_0040_0010_8020],
    [0x0000_2004_0201_0000, 0x2048_4100_020c_2108, 0x0000_0000_0000_0000],
    [0x0004_1088_80e0_4008, 0x0112_a100_0008_8008, 0x1900_0410_0040_1086],
    [0x0207_8123_2040_0004, 0x0100_10a0_1008_0002, 0x8101_1441_1020_0081],
    [0xc280_0441_0404_0000, 0x0190_9201_0400_8041, 0x4880_0024_0060_1080],
    [0x0000_4280_4220_3c80, 0x0011_1308_0103_c803, 0xc000_4140_4803_0748],
    [0x0000_8300_1000_0000, 0xc082_1001_0120_0018, 0x1208_0060_0200_1014],
    [0x1041_0086_1005_2044, 0x1002_1024_0040_8000, 0x5100_d808_4108_0111],
    [0x1002_0108_8240_04c0, 0x1202_0180_0028_0041, 0x0884_1110_4060_0410],
    [0x0014_0018_4400_0214, 0x0040_8080_8542_0400, 0x9040_418a_10a6_4002],
    [0x0000_2010_0101_1800, 0x4880_1220_0481_a001, 0x21c0_48c8_0320_0810],
    [0x0014_4288_4016_0000, 0x1020_8044_2041_0880, 0x0960_0840_d400_0208],
    [0x0000_0000_0000_0000, 0x0020_1204_1000_8400, 0x0808_4088_4820_0004],
    [0x0000_0000_0000_0000, 0x0000_c020_8202_0092, 0x0004_0800_5000_1008],
];

static DUKE_LOOKUPS: [[MagicLookup; DUKE_TABLES]; CELL_COUNT] =
    magic::lookups(&DUKE_LINE_STEPS, &DUKE_TABLE_DIRECTIONS, &DUKE_MAGICS);

/// The length of [`DUKE_ATTACKS`]: its entries rounded up to a power of two, so that masking an
/// index with `DUKE_ATTACKS_LEN - 1` shows the compiler the bound (no bounds check per look-up).
const DUKE_ATTACKS_LEN: usize = magic::entry_count(&DUKE_LOOKUPS).next_power_of_two();

/// The attacks of every (cell, line) for every occupancy of its inner cells, at its hashed
/// entry.
static DUKE_ATTACKS: [u128; DUKE_ATTACKS_LEN] =
    magic::attack_table(&DUKE_LINE_STEPS, &DUKE_TABLE_DIRECTIONS, &DUKE_LOOKUPS);

/// The attacks of look-up `lookup` with `occupied` blocking, from a table of `LEN` entries.
#[inline(always)]
fn magic_attacks<const LEN: usize>(
    attacks: &[u128; LEN],
    lookup: &MagicLookup,
    occupied: u128,
) -> u128 {
    attacks[lookup.index(occupied) & (LEN - 1)]
}

/// Duke destinations from `from` with `occupied` blocking (each line up to and including its
/// first man): three look-ups.
#[inline(always)]
pub(super) fn duke_attacks_from(from: usize, occupied: u128) -> u128 {
    let lookups = &DUKE_LOOKUPS[from];
    magic_attacks(&DUKE_ATTACKS, &lookups[0], occupied)
        | magic_attacks(&DUKE_ATTACKS, &lookups[1], occupied)
        | magic_attacks(&DUKE_ATTACKS, &lookups[2], occupied)
}

// The Bishop's NE-SW and SE-NW diagonals the same way (4,320 attack sets, 69 KB, 128 KB rounded up, from the
// same-orientation diagonal step table; multipliers by the same search and seed). Its N-S line
// stays two ray cuts: some of its lines hold cells `i` and `i + 64`.

/// The same-orientation diagonal step table (directions N, NE, SE, S, SW, NW) of the Bishop's
/// look-ups.
static BISHOP_LINE_STEPS: [[u16; 6]; CELL_COUNT] =
    triangle::uniform_step_table(&CELLS_C, &triangle::DIAGONALS);

/// The number of the Bishop's tables per cell: its two diagonals that cross the files.
const BISHOP_TABLES: usize = 2;

/// The step directions of each of the Bishop's tables: NE and SW, then SE and NW.
const BISHOP_TABLE_DIRECTIONS: [&[usize]; BISHOP_TABLES] = [&[1, 4], &[2, 5]];

/// The multiplier of each (cell, Bishop table): `magic::search_magics` with the seed
/// `0x9e37_79b9_7f4a_7c15`.
#[rustfmt::skip]
const BISHOP_MAGICS: [[u64; BISHOP_TABLES]; CELL_COUNT] = [
    [0x0224_3110_6004_000a, 0x1220_0414_04a0_7490],
    [0x0310_4080_0402_0200, 0x4901_0808_0900_0252],
    [0x2011_4240_0944_0220, 0x3200_2040_0040_0060],
    [0x0020_4008_c000_0000, 0x8094_0088_0240_0000],
    [0x0c20_9000_0082_0004, 0x0042_e400_3000_1001],
    [0x8010_0000_0000_2880, 0x0aa1_0045_2004_0080],
    [0x4000_4100_8820_1808, 0x2322_0a82_0025_4040],
    [0x4002_2422_2460_5020, 0x0814_1000_0000_8800],
    [0x0801_9030_1020_3a04, 0x8101_1440_6000_1204],
    [0x1001_4110_0008_0100, 0x4400_8231_4400_5400],
    [0x0400_2000_8020_1000, 0x0009_8021_1146_0042],
    [0x0c8a_c000_0080_008a, 0x8002_0909_0882_0018],
    [0x8912_6401_0021_4a90, 0x2105_0000_2800_8809],
    [0x4001_0040_8882_1006, 0x2902_0000_8021_0000],
    [0x0000_1460_8010_1081, 0x0141_2400_8000_0448],
    [0x6501_2480_1030_0000, 0x4090_2704_0060_6040],
    [0x0646_0050_2000_0020, 0xb000_c120_b204_0024],
    [0x0040_2011_8620_4851, 0x0104_0011_8a01_002b],
    [0x0810_0481_5180_0000, 0x0080_0008_2288_2400],
    [0x0350_2240_0000_0040, 0x0060_0010_1008_2014],
    [0x1014_0482_0210_1080, 0x5091_2000_1004_0000],
    [0x4802_0102_0112_50a0, 0x0852_1001_0002_0a00],
    [0xa020_4002_2080_2009, 0x0040_8003_3000_0821],
    [0x4080_4540_2042_1000, 0x0080_b009_0440_0000],
    [0x9000_8200_4008_0400, 0x2000_6000_4204_9050],
    [0x00b2_4408_2000_1808, 0x4258_0800_80c0_4204],
    [0x00a4_4011_0004_8400, 0x6030_1100_40a4_1142],
    [0x8225_1120_8e30_4003, 0x0040_1800_6008_2049],
    [0x14a0_0040_2400_8030, 0x0a44_8400_2202_4410],
    [0x1444_0102_0100_4080, 0x9020_c200_0842_510c],
    [0x6228_0a22_0b40_8038, 0x2200_3100_0200_0094],
    [0x8000_0e24_00d0_1110, 0x0100_1081_0042_3000],
    [0x0222_0242_00c9_1084, 0x2040_0208_0041_0c14],
    [0x0008_8530_0020_0000, 0x0006_0303_0090_4202],
    [0x2030_8020_0604_4100, 0x0042_4c84_0208_8041],
    [0x0048_608a_0000_0000, 0x2180_8000_8630_2451],
    [0x1028_2000_cc21_0441, 0x0020_4202_9300_0c00],
    [0x3440_0000_0400_8080, 0x2848_6392_0044_0028],
    [0x0420_9000_9000_8021, 0x0040_2021_16a1_8204],
    [0x0201_1102_1000_4119, 0x0008_0010_8140_4218],
    [0x4001_8060_9020_4036, 0x0804_0002_2008_a584],
    [0x0040_8498_8002_8c00, 0x0c01_0814_2440_6011],
    [0x0c80_4840_c100_0242, 0x0100_0800_0000_1019],
    [0xa011_2040_3020_1008, 0xd049_08c1_0100_0240],
    [0x2041_4008_0840_5882, 0x5000_12c1_0400_2400],
    [0x0222_2100_3808_a041, 0x0280_4054_4901_0000],
    [0x852b_0040_0200_8240, 0x0820_4010_8128_0248],
    [0x1720_0018_8080_0840, 0x1208_0006_2940_0201],
    [0x0300_1400_4080_0210, 0x0041_882e_0410_0482],
    [0x0400_00a0_8010_0320, 0x0045_0111_2108_0041],
    [0x0108_8020_8420_0230, 0x8081_8008_1020_0008],
    [0x181d_0090_1030_1000, 0x9491_0120_0010_2010],
    [0x0214_4020_000a_0006, 0x0800_4010_4622_0000],
    [0x0040_8008_0154_0351, 0x0444_0040_1080_8100],
    [0x1125_2000_0102_c001, 0x0c02_0008_8840_1004],
    [0x6040_91c8_4083_1680, 0xa051_c200_0908_4082],
    [0x6102_0201_2200_2200, 0x20c8_2081_2010_1021],
    [0x2410_7401_a0c4_4020, 0x2281_6000_0000_200c],
    [0x0009_d208_6040_3202, 0x1051_0000_4420_4a62],
    [0x8005_0020_2640_2200, 0x6120_a840_c000_0800],
    [0x0e40_8e00_0625_1000, 0x0440_000a_8043_0140],
    [0x0109_0040_0402_2202, 0x80a8_8044_0c20_8200],
    [0x1300_3000_0080_0203, 0x1102_aa40_b040_0820],
    [0x0140_5400_0204_0140, 0x0140_4040_0020_2421],
    [0x1645_4110_8181_0040, 0x0110_8207_2801_0520],
    [0x0008_2004_0022_8010, 0x0840_4002_0388_5420],
    [0x0901_a414_8080_0818, 0x0510_4200_8c09_2052],
    [0x0004_0101_0011_2408, 0x0021_20c0_100c_0004],
    [0x12a1_1210_0018_1000, 0x0100_0420_0404_6282],
    [0x0809_0200_0000_0800, 0x0100_4013_2242_1141],
    [0x800c_6280_9a60_0004, 0x0202_0501_0015_a021],
    [0x0120_3040_0000_0202, 0x8001_0131_1021_c808],
    [0x0071_4804_0041_2105, 0x2411_01c0_08a0_0008],
    [0x4000_05a0_0080_8100, 0x1000_80a0_0a00_0041],
    [0x2280_0040_9020_c080, 0x9004_6100_9888_c000],
    [0x8100_4042_0280_2029, 0x0004_2042_0802_0008],
    [0x0042_0520_0800_0001, 0x0080_2002_0202_8141],
    [0x8200_8230_0000_08c0, 0x8100_6160_8202_0823],
    [0x2c00_a100_0420_1840, 0x8045_1200_0000_105c],
    [0x0204_8080_8000_0001, 0x4022_2000_1041_0010],
    [0x0250_0a01_0004_4403, 0xa138_4101_0020_0020],
    [0x2011_0040_8002_048d, 0x0014_010c_2100_0020],
    [0x1240_0200_0103_0851, 0x1180_4086_7208_3080],
    [0xb0a0_0038_8a11_10c0, 0x8040_2252_0005_0080],
    [0x2806_8024_2600_0002, 0x2100_4462_0402_c220],
    [0x402c_814c_0804_0400, 0x4025_2101_0100_4250],
    [0xc682_0080_2010_c030, 0x2028_2049_0420_0102],
    [0x1650_8000_0200_0401, 0x2619_4000_4000_9000],
    [0x4040_4b00_2004_0082, 0x4010_9408_4200_a800],
    [0x0128_6080_10b1_0049, 0x0881_1084_0480_0001],
    [0x0002_8d00_1024_2402, 0x0a28_8114_0804_6008],
    [0x0004_0a38_4038_4410, 0x1049_2300_2006_0400],
    [0x0102_1100_0000_2001, 0x1808_2a40_0004_8420],
    [0x0150_4090_4804_000c, 0x0020_0040_6500_8000],
    [0x0000_0422_0001_8421, 0x0000_0ac8_00c0_a024],
    [0x4404_0204_0008_0000, 0x0010_404a_0000_1000],
];

static BISHOP_LOOKUPS: [[MagicLookup; BISHOP_TABLES]; CELL_COUNT] =
    magic::lookups(&BISHOP_LINE_STEPS, &BISHOP_TABLE_DIRECTIONS, &BISHOP_MAGICS);

/// The length of [`BISHOP_ATTACKS`], a power of two (see [`DUKE_ATTACKS_LEN`]).
const BISHOP_ATTACKS_LEN: usize = magic::entry_count(&BISHOP_LOOKUPS).next_power_of_two();

/// The attacks of every (cell, Bishop diagonal) for every occupancy of its inner cells.
static BISHOP_ATTACKS: [u128; BISHOP_ATTACKS_LEN] = magic::attack_table(
    &BISHOP_LINE_STEPS,
    &BISHOP_TABLE_DIRECTIONS,
    &BISHOP_LOOKUPS,
);

/// The Bishop's destinations along its two diagonals that cross the files, from `from` with
/// `occupied` blocking: two look-ups.
#[inline(always)]
pub(super) fn bishop_diagonals_from(from: usize, occupied: u128) -> u128 {
    let lookups = &BISHOP_LOOKUPS[from];
    magic_attacks(&BISHOP_ATTACKS, &lookups[0], occupied)
        | magic_attacks(&BISHOP_ATTACKS, &lookups[1], occupied)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duke_look_ups_match_walking_the_lines() {
        let all: [usize; 6] = [0, 1, 2, 3, 4, 5];
        for occupied in hexvar_geometry::magic::sample_occupancies(CELL_COUNT, 400) {
            for from in 0..CELL_COUNT {
                assert_eq!(
                    duke_attacks_from(from, occupied),
                    hexvar_geometry::magic::attacks_by_walking(
                        &DUKE_LINE_STEPS,
                        from,
                        &all,
                        occupied
                    ),
                    "duke on {from}, occupancy {occupied:#x}"
                );
            }
        }
    }

    /// The search of the module's head, repeated: it finds exactly [`DUKE_MAGICS`].
    #[test]
    fn magics_are_the_search_result() {
        let found = hexvar_geometry::magic::search_magics(
            &DUKE_LINE_STEPS,
            &DUKE_TABLE_DIRECTIONS,
            0x9e37_79b9_7f4a_7c15,
        );
        assert_eq!(found, DUKE_MAGICS);
        let found = hexvar_geometry::magic::search_magics(
            &BISHOP_LINE_STEPS,
            &BISHOP_TABLE_DIRECTIONS,
            0x9e37_79b9_7f4a_7c15,
        );
        assert_eq!(found, BISHOP_MAGICS);
    }
}
