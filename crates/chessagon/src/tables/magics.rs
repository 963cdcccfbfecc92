//! Hashed ("magic") look-ups of the Duke's lines and of the Bishop's two diagonals that cross
//! the files (both in one look-up).

use hexvar_geometry::magic::{self, MagicLookup};
use hexvar_geometry::table::NO_CELL;
use hexvar_geometry::{const_for, triangle};

use crate::cells::{CELLS_C, CELL_COUNT};

// The Duke's lines by hashed table look-up ("magic bitboards"): one look-up per line instead of
// one ray cut per direction. A vertex row is short (at most 8 cells; 6 whose occupancy matters,
// the Duke's own and each end excluded), so each of the Duke's three lines gets a table: 9,108
// attack sets (146 KB; 256 KB with the table rounded up to a power of two), built at compile
// time by `hexvar_geometry::magic` from the vertex-row step table. A face row (the Rook's) has
// up to 13 cells that matter (8.5 MB of tables per line; its NW-SE row is looked up compressed,
// in `rook_rows`), and the Bishop's N-S line can hold cells `i` and `i + 64`, which the
// look-up's fold of the set's two halves into one word cannot keep apart. Two of the Duke's
// lines in one table would take 85,596 attack sets (1.4 MB). The multipliers are
// `magic::search_magics`'s result for the seed `0x9e37_79b9_7f4a_7c15`; a test repeats the
// search, and the build fails if one maps two occupancies with different attacks to one entry.

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

// The Bishop's NE-SW and SE-NW diagonals by one look-up for both (20,992 attack sets, 336 KB;
// 512 KB rounded up to a power of two), from the same-orientation diagonal step table. One
// look-up for the two lines costs about 13 instructions less than one per line. Its N-S line
// stays two ray cuts. For six cells the two diagonals hold cells `i` and `i + 64`, which the
// look-up's fold of the set's two halves into one word cannot keep apart; with the high half
// rotated left by [`BISHOP_FOLD_ROTATION`] bits before the fold no cell's look-up has two cells
// meet (the build fails otherwise), so the look-ups are built over the cells' labels in that
// rotated set, and the attack sets rotated back. The multipliers are the search's for the same
// seed; of the rotations that keep the cells apart (47, 49, 54, 59) it finds them fastest for 54.

/// The rotation of the set's high half under which the look-up of each cell's two crossing
/// diagonals folds into one word with no two of its cells meeting.
const BISHOP_FOLD_ROTATION: u32 = 54;

/// The label of cell `c` in the occupancy as the Bishop's look-up reads it ([`rotated`]).
const fn rotated_label(c: usize) -> usize {
    if c < 64 {
        c
    } else {
        64 + (c - 64 + BISHOP_FOLD_ROTATION as usize) % 64
    }
}

/// The occupancy as the Bishop's look-up reads it: the high half rotated left by
/// [`BISHOP_FOLD_ROTATION`] bits (one instruction, paid once per node where the caller loops).
#[inline(always)]
fn rotated(set: u128) -> u128 {
    u128::from(set as u64)
        | u128::from(((set >> 64) as u64).rotate_left(BISHOP_FOLD_ROTATION)) << 64
}

/// The cell set of a set of rotated labels ([`rotated`] undone).
const fn unrotated(set: u128) -> u128 {
    (set as u64) as u128 | (((set >> 64) as u64).rotate_right(BISHOP_FOLD_ROTATION) as u128) << 64
}

/// The same-orientation diagonal step table (directions N, NE, SE, S, SW, NW) of the Bishop's
/// look-up, over the rotated labels: 128 rows, those of no cell without steps.
static BISHOP_LINE_STEPS: [[u16; 6]; 128] = {
    let steps = triangle::uniform_step_table(&CELLS_C, &triangle::DIAGONALS);
    let mut out = [[NO_CELL; 6]; 128];
    const_for!(c in 0..CELL_COUNT => {
        const_for!(d in 0..6 => {
            if steps[c][d] != NO_CELL {
                out[rotated_label(c)][d] = rotated_label(steps[c][d] as usize) as u16;
            }
        });
    });
    out
};

/// The step directions of the Bishop's one table: NE and SW, SE and NW.
const BISHOP_TABLE_DIRECTIONS: [&[usize]; 1] = [&[1, 4, 2, 5]];

/// The multiplier of each rotated label: `magic::search_magics` with the seed
/// `0x9e37_79b9_7f4a_7c15` (labels of no cell need none).
#[rustfmt::skip]
const BISHOP_MAGICS: [[u64; 1]; 128] = [
    [0x4902_2000_0410_8000],
    [0x9106_0000_0000_0000],
    [0x0ac4_0840_4821_9000],
    [0x1042_0404_2c00_0001],
    [0x01a0_4201_0900_c008],
    [0x4053_0042_0110_0000],
    [0x2082_4019_0870_3000],
    [0x8400_8024_4002_0000],
    [0x8108_8218_0200_0820],
    [0x0000_40ca_0000_1820],
    [0x0c80_1039_8400_0000],
    [0x0120_1080_8040_4220],
    [0x0041_20c0_1004_8060],
    [0x0041_0060_0840_4004],
    [0x8080_0081_0430_0210],
    [0x0240_0041_0a02_200a],
    [0x0004_1140_4604_6472],
    [0x0090_0042_2014_012d],
    [0x0204_0040_4004_1044],
    [0x0090_0092_2004_2005],
    [0x0210_0804_0100_0820],
    [0x8060_0840_1120_9840],
    [0x0a04_2001_0002_2021],
    [0x4012_0804_8120_0400],
    [0x0104_0800_400a_0200],
    [0xc081_0410_1010_0900],
    [0x0b01_0202_0880_1101],
    [0x0088_0c80_9002_0802],
    [0x0020_0420_0a00_0821],
    [0x0640_1004_4100_6820],
    [0x4004_0180_0040_8002],
    [0x0888_4040_0020_0921],
    [0x4241_000c_1840_0420],
    [0x0000_6c10_0418_0904],
    [0x0004_2008_0031_8005],
    [0x2002_6002_0008_0109],
    [0x7470_0410_1422_8015],
    [0x0080_4040_1010_0821],
    [0x2080_0421_0000_8004],
    [0x2000_2010_8000_4004],
    [0x0061_0048_0801_0086],
    [0x0041_6484_2008_0c01],
    [0x0900_4008_0100_2005],
    [0x0602_0808_2000_1042],
    [0x0084_0404_4100_0042],
    [0x0008_0c06_0280_4441],
    [0x8080_0820_8410_0081],
    [0x2400_0004_00a0_0802],
    [0x3900_0200_1210_0002],
    [0x0010_000a_8008_0001],
    [0x0841_4040_4009_0004],
    [0x0011_0008_100c_0003],
    [0x0050_4000_8010_1901],
    [0x0082_0004_0220_108a],
    [0x0060_9004_2184_1001],
    [0x0000_2090_4410_0451],
    [0x8915_0081_0010_0409],
    [0x3029_0a00_1020_0201],
    [0x4080_0180_0848_2046],
    [0x1500_805c_1488_0501],
    [0x0180_10a0_0460_8010],
    [0x9080_2090_0401_4018],
    [0x1420_0410_0801_4402],
    [0x00c0_000c_8812_1201],
    [0x1021_0200_20a1_0480],
    [0x8108_0c00_0284_0420],
    [0x8210_8020_2808_0509],
    [0x0807_100a_4010_1105],
    [0x0025_0100_0880_1704],
    [0x0004_1a00_0810_0311],
    [0x8410_80a4_5000_828d],
    [0x2103_8040_0048_a021],
    [0x1230_2800_2200_c011],
    [0x3400_0504_0084_2040],
    [0x0202_1092_0800_090c],
    [0x0202_9001_8000_810a],
    [0x0102_2480_0000_0021],
    [0x90c0_0040_2000_000c],
    [0x0050_0a40_0001_0401],
    [0x1212_0080_0001_0941],
    [0x008c_0000_0200_2909],
    [0x8824_0200_0144_5000],
    [0x4c0a_0000_6029_0902],
    [0x0045_2010_2000_00e4],
    [0x08b0_2040_4204_1090],
    [0x0822_1000_0002_0408],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0000_0000_0000_0000],
    [0x0500_0000_a008_1011],
    [0x2008_1012_0110_2122],
    [0x00c0_1040_8180_0421],
    [0x800a_0282_1006_0803],
    [0x1102_0208_9000_8004],
    [0x0603_0130_0220_0406],
    [0x8480_6101_9080_a029],
    [0x0200_a001_8004_0421],
    [0x0410_1808_0004_8681],
    [0x0018_0426_022c_6040],
];

/// The look-ups by rotated label.
static BISHOP_LOOKUPS_BY_LABEL: [[MagicLookup; 1]; 128] =
    magic::lookups(&BISHOP_LINE_STEPS, &BISHOP_TABLE_DIRECTIONS, &BISHOP_MAGICS);

/// The look-up of each cell.
static BISHOP_LOOKUPS: [MagicLookup; CELL_COUNT] = {
    let mut out = [BISHOP_LOOKUPS_BY_LABEL[0][0]; CELL_COUNT];
    const_for!(c in 0..CELL_COUNT => {
        out[c] = BISHOP_LOOKUPS_BY_LABEL[rotated_label(c)][0];
    });
    out
};

/// The length of [`BISHOP_ATTACKS`], a power of two (see [`DUKE_ATTACKS_LEN`]).
const BISHOP_ATTACKS_LEN: usize = magic::entry_count(&BISHOP_LOOKUPS_BY_LABEL).next_power_of_two();

/// The attacks along both crossing diagonals of every cell for every occupancy of their inner
/// cells, as cell sets.
static BISHOP_ATTACKS: [u128; BISHOP_ATTACKS_LEN] = {
    let mut table: [u128; BISHOP_ATTACKS_LEN] = magic::attack_table(
        &BISHOP_LINE_STEPS,
        &BISHOP_TABLE_DIRECTIONS,
        &BISHOP_LOOKUPS_BY_LABEL,
    );
    const_for!(i in 0..BISHOP_ATTACKS_LEN => {
        table[i] = unrotated(table[i]);
    });
    table
};

/// The Bishop's destinations along its two diagonals that cross the files, from `from` with
/// `occupied` blocking: one look-up.
#[inline(always)]
pub(super) fn bishop_diagonals_from(from: usize, occupied: u128) -> u128 {
    magic_attacks(&BISHOP_ATTACKS, &BISHOP_LOOKUPS[from], rotated(occupied))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Holds `look_up` to walking the lines of `steps` in `directions` from every cell, for a
    /// sample of occupancies.
    fn check_against_walking(
        what: &str,
        look_up: fn(usize, u128) -> u128,
        steps: &[[u16; 6]; CELL_COUNT],
        directions: &[usize],
    ) {
        for occupied in hexvar_geometry::magic::sample_occupancies(CELL_COUNT, 400) {
            for from in 0..CELL_COUNT {
                assert_eq!(
                    look_up(from, occupied),
                    hexvar_geometry::magic::attacks_by_walking(steps, from, directions, occupied),
                    "{what} on {from}, occupancy {occupied:#x}"
                );
            }
        }
    }

    #[test]
    fn duke_look_ups_match_walking_the_lines() {
        check_against_walking(
            "duke",
            duke_attacks_from,
            &DUKE_LINE_STEPS,
            &[0, 1, 2, 3, 4, 5],
        );
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

    #[test]
    fn bishop_look_ups_match_walking_the_diagonals() {
        check_against_walking(
            "bishop",
            bishop_diagonals_from,
            &triangle::uniform_step_table(&CELLS_C, &triangle::DIAGONALS),
            &[1, 4, 2, 5],
        );
    }

    #[test]
    fn rotated_labels_are_undone() {
        for c in 0..CELL_COUNT {
            assert_eq!(unrotated(rotated(1 << c)), 1 << c);
            assert_eq!(rotated(1 << c), 1 << rotated_label(c));
        }
    }
}
