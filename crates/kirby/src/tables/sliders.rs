//! Slider look-ups: the rook and bishop rays of each cell, and the attacks along them up to
//! the nearest blocker.

use hexvar_geometry::square;
use hexvar_geometry::table::NO_CELL;
use hexvar_geometry::WideSet;

use super::graph::{GRAPH_CONST, RAYS};
use crate::cells::{CellSet, CELLS};

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
pub(crate) const ROOK_RAYS: &[RayList; CELLS] = &ray_lists(&ROOK_SLOT_IDS);
/// The bishop rays of each cell (hex vertex rays and FIDE diagonal rays).
pub(crate) const BISHOP_RAYS: &[RayList; CELLS] = &ray_lists(&BISHOP_SLOT_IDS);

/// The cells of each cell's rays in the slots `wanted`, the first `steps` of each ray.
const fn ray_cells(wanted: &[u16; 14], steps: usize) -> [CellSet; CELLS] {
    let mut out = [CellSet::EMPTY; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut w = 0;
        while w < 14 {
            let slot = wanted[w] as usize;
            let (mut at, mut n) = (GRAPH_CONST[c][slot], 0);
            while at != NO_CELL && n < steps {
                out[c] = out[c].with(at as usize);
                at = GRAPH_CONST[at as usize][slot];
                n += 1;
            }
            w += 1;
        }
        c += 1;
    }
    out
}

/// Rook targets of each cell on an empty board (a quick filter before the exact attacks).
pub(crate) const ROOK_REACH: &[CellSet; CELLS] = &ray_cells(&ROOK_SLOT_IDS, CELLS);
/// Bishop targets of each cell on an empty board.
pub(crate) const BISHOP_REACH: &[CellSet; CELLS] = &ray_cells(&BISHOP_SLOT_IDS, CELLS);

/// The first cell of each rook ray of each cell: a rook whose first cells are all its own men
/// has no move, found without walking its rays.
pub(crate) const ROOK_FIRST_STEPS: &[CellSet; CELLS] = &ray_cells(&ROOK_SLOT_IDS, 1);
/// The first cell of each bishop ray of each cell.
pub(crate) const BISHOP_FIRST_STEPS: &[CellSet; CELLS] = &ray_cells(&BISHOP_SLOT_IDS, 1);

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

/// Whether a man of `sliders` (men on `occupied`) is the nearest man along one of the rays
/// `list` of `cell`: the attack test of one cell, stopping at the first ray that hits and
/// gathering no attack set.
#[inline]
pub(crate) fn slider_hits(
    cell: usize,
    list: &RayList,
    occupied: &CellSet,
    sliders: &CellSet,
) -> bool {
    let rays = &RAYS[cell];
    list.rays[..list.len as usize].iter().any(|ray| {
        nearest_on_ray(&rays[ray.slot as usize].0, ray, occupied).is_some_and(|b| sliders.has(b))
    })
}

/// The nearest cell of `occupied` on the ray `set` (described by `ray`), walking only the
/// words the ray covers, from its near end.
#[inline(always)]
#[allow(clippy::needless_range_loop)] // the same words of two sets, up and down, as `walk_ray`
fn nearest_on_ray(set: &[u64; 5], ray: &Ray, occupied: &CellSet) -> Option<usize> {
    let (near, far) = (ray.near_word as usize, ray.far_word as usize);
    if ray.ascending {
        for w in near..=far {
            let blockers = set[w] & occupied.0[w];
            if blockers != 0 {
                return Some(w * 64 + blockers.trailing_zeros() as usize);
            }
        }
    } else {
        for w in (far..=near).rev() {
            let blockers = set[w] & occupied.0[w];
            if blockers != 0 {
                return Some(w * 64 + 63 - blockers.leading_zeros() as usize);
            }
        }
    }
    None
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
