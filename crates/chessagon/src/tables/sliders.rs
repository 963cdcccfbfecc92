//! Slider attacks: the Rook's N–S and NE–SW face rows and the Bishop's file diagonals by ray
//! cuts, the Rook's NW–SE face row by the hashed look-up of [`super::rook_rows`], the Duke's lines
//! and the Bishop's other diagonals by those of [`super::magics`].

use hexvar_geometry::table::ray_table_128;
use hexvar_geometry::triangle;

use super::magics::{bishop_diagonals_from, duke_attacks_from};
use super::rook_rows::rook_row_from;
use crate::cells::{CELLS_C, CELL_COUNT};

// The dense index runs rank by rank, so a ray that climbs meets its nearest blocker at the lowest
// set bit and a ray that descends at the highest. (Not so the Rook's NW–SE face row, which visits
// the two cells of one rank in the opposite order: it is looked up, see [`super::rook_rows`].)

/// Rows of the padded ray tables: one per bit scan result (`0..=128`, 128 for an empty set).
const SCANS: usize = 129;

/// The rays of every cell, padded to [`SCANS`] rows (rows 96.. are empty), so that the index a
/// bit scan of an empty set gives (128) picks an empty row without a branch.
const fn padded(rays: &[[u128; 6]; CELL_COUNT]) -> [[u128; 6]; SCANS] {
    let mut out = [[0u128; 6]; SCANS];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = rays[i];
        i += 1;
    }
    out
}

/// The rays by direction, indexed by the leading-zero count of the cell's bit (row `j` holds the
/// rays of cell `127 - j`; rows of no cell and row 128 are empty): a descending ray's nearest
/// blocker's leading-zero count picks its row with no arithmetic.
const fn reversed(rays: &[[u128; 6]; CELL_COUNT]) -> [[u128; SCANS]; 6] {
    let mut out = [[0u128; SCANS]; 6];
    let mut i = 0;
    while i < CELL_COUNT {
        let mut d = 0;
        while d < 6 {
            out[d][127 - i] = rays[i][d];
            d += 1;
        }
        i += 1;
    }
    out
}

const ROOK_RAYS_C: [[u128; 6]; CELL_COUNT] =
    ray_table_128(&triangle::step_table(&CELLS_C, &triangle::FACE_ROWS));
const BISHOP_RAYS_C: [[u128; 6]; CELL_COUNT] = ray_table_128(&triangle::uniform_step_table(
    &CELLS_C,
    &triangle::DIAGONALS,
));

static ROOK_P: [[u128; 6]; SCANS] = padded(&ROOK_RAYS_C);
static BISHOP_P: [[u128; 6]; SCANS] = padded(&BISHOP_RAYS_C);
static ROOK_R: [[u128; SCANS]; 6] = reversed(&ROOK_RAYS_C);
static BISHOP_R: [[u128; SCANS]; 6] = reversed(&BISHOP_RAYS_C);

// Where a piece stands decides which rays fit in one 64-bit word: from a cell below 64 every
// descending ray lies in the low word, from a cell of 64 or more every climbing ray lies in the
// high word. The attack functions take that side as the constant `LOW` (callers that iterate a
// set word by word know it), so half of a piece's rays cost one word's operations instead of
// two (a 128-bit leading-zero count alone is five instructions).

/// The high word of a set.
#[inline(always)]
fn high(set: u128) -> u64 {
    (set >> 64) as u64
}

/// A climbing ray (every cell above `c` in index order, visited in that order) up to and
/// including its nearest blocker: the blockers' lowest bit and every bit below it (`x ^ (x - 1)`,
/// one `blsmsk` on a word; all bits for no blocker), kept to the ray.
#[inline(always)]
fn up<const LOW: bool>(rays: &[[u128; 6]; SCANS], c: usize, d: usize, occ: u128) -> u128 {
    let ray = rays[c][d];
    if LOW {
        let o = ray & occ;
        ray & (o ^ o.wrapping_sub(1))
    } else {
        let (ray, o) = (high(ray), high(ray) & high(occ));
        u128::from(ray & (o ^ o.wrapping_sub(1))) << 64
    }
}

/// A descending ray up to and including its nearest blocker (its highest set bit).
#[inline(always)]
fn down<const LOW: bool>(
    rays: &[[u128; 6]; SCANS],
    rev: &[[u128; SCANS]; 6],
    c: usize,
    d: usize,
    occ: u128,
) -> u128 {
    let ray = rays[c][d];
    if LOW {
        // The leading zeros of the 128-bit set are 64 plus those of its low word.
        let ray = ray as u64;
        let lz = 64 + (ray & occ as u64).leading_zeros() as usize;
        u128::from(ray ^ rev[d][lz] as u64)
    } else {
        // A blocker in the high word settles the ray there (one 64-bit scan instead of a
        // 128-bit one); else the low word's scan does, as from a low cell.
        let blockers = high(ray) & high(occ);
        if blockers != 0 {
            let beyond = rev[d][blockers.leading_zeros() as usize];
            u128::from(high(ray) ^ high(beyond)) << 64
        } else {
            ray ^ rev[d][64 + (ray as u64 & occ as u64).leading_zeros() as usize]
        }
    }
}

/// Rook destinations from `c` (below 64 when `LOW`, else not) with occupancy `occ` (including
/// the first blocker of each ray).
#[inline(always)]
pub(crate) fn rook_attacks_at<const LOW: bool>(c: usize, occ: u128) -> u128 {
    let (r, rev) = (&ROOK_P, &ROOK_R);
    up::<LOW>(r, c, 0, occ)
        | up::<LOW>(r, c, 1, occ)
        | down::<LOW>(r, rev, c, 3, occ)
        | down::<LOW>(r, rev, c, 4, occ)
        | rook_row_from(c, occ)
}

/// Duke destinations from `c` with occupancy `occ` (by hashed look-up, the same from either
/// word). Only pieces on the duke line's own cells block.
#[inline(always)]
pub(crate) fn duke_attacks_at<const LOW: bool>(c: usize, occ: u128) -> u128 {
    duke_attacks_from(c, occ)
}

/// Bishop destinations from `c` (below 64 when `LOW`) with occupancy `occ`. Only same-colour
/// cells block.
#[inline(always)]
pub(crate) fn bishop_attacks_at<const LOW: bool>(c: usize, occ: u128) -> u128 {
    let (r, rev) = (&BISHOP_P, &BISHOP_R);
    up::<LOW>(r, c, 0, occ) | down::<LOW>(r, rev, c, 3, occ) | bishop_diagonals_from(c, occ)
}

/// Queen destinations from `c` (below 64 when `LOW`): the union of the rook, duke and bishop
/// parts, each blocked by its own rules.
#[inline(always)]
pub(crate) fn queen_attacks_at<const LOW: bool>(c: usize, occ: u128) -> u128 {
    rook_attacks_at::<LOW>(c, occ)
        | duke_attacks_at::<LOW>(c, occ)
        | bishop_attacks_at::<LOW>(c, occ)
}

/// Defines an attack function for any cell over a word-specialised one (`LOW` for a cell
/// below 64): the callers that do not loop word by word.
macro_rules! for_any_cell {
    ($(#[$attr:meta])* $name:ident => $at:ident) => {
        $(#[$attr])*
        pub(crate) fn $name(c: usize, occ: u128) -> u128 {
            if c < 64 {
                $at::<true>(c, occ)
            } else {
                $at::<false>(c, occ)
            }
        }
    };
}

for_any_cell!(
    /// Rook destinations from `c` with occupancy `occ` (including the first blocker of each ray).
    #[inline(always)]
    rook_attacks => rook_attacks_at
);
for_any_cell!(
    /// Duke destinations from `c` with occupancy `occ`. Only pieces on the duke line's own cells
    /// block.
    #[inline]
    duke_attacks => duke_attacks_at
);
for_any_cell!(
    /// Bishop destinations from `c` with occupancy `occ`. Only same-colour cells block.
    #[inline]
    bishop_attacks => bishop_attacks_at
);
for_any_cell!(
    /// Queen destinations: the union of the rook, duke and bishop parts, each blocked by its own
    /// rules.
    #[inline]
    queen_attacks => queen_attacks_at
);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{BISHOP_STEPS, DUKE_STEPS, ROOK_STEPS};
    use hexvar_geometry::table::NO_CELL;
    use hexvar_geometry::zobrist::KeyStream;

    fn slow_ray(steps: &[[u16; 6]; CELL_COUNT], c: usize, d: usize, occ: u128) -> u128 {
        let mut out = 0u128;
        let mut at = steps[c][d];
        while at != NO_CELL {
            out |= 1 << at;
            if occ >> at & 1 != 0 {
                break;
            }
            at = steps[at as usize][d];
        }
        out
    }

    #[test]
    fn fast_slider_attacks_equal_walking_the_rays() {
        let mut stream = KeyStream::new(7);
        for round in 0..4000 {
            let mut occ = 0u128;
            for _ in 0..(round % 40) {
                occ |= 1 << (stream.next_key() % 96);
            }
            for cell in 0..CELL_COUNT {
                let mut rook = 0;
                let mut duke = 0;
                let mut bishop = 0;
                for d in 0..6 {
                    rook |= slow_ray(&ROOK_STEPS, cell, d, occ);
                    duke |= slow_ray(&DUKE_STEPS, cell, d, occ);
                    bishop |= slow_ray(&BISHOP_STEPS, cell, d, occ);
                }
                assert_eq!(rook_attacks(cell, occ), rook, "rook {cell} {occ:x}");
                assert_eq!(duke_attacks(cell, occ), duke, "duke {cell}");
                assert_eq!(bishop_attacks(cell, occ), bishop, "bishop {cell}");
            }
        }
    }
}
