//! Precomputed tables built once, at compile time, from a board's cell list.
//!
//! A board is a list of cells; a cell's index in that list is its dense index. The builders
//! here are `const fn`, so a variant crate keeps its tables in `static`s:
//!
//! 1. [`step_table`] turns the cell list and a list of steps (directions or leaps) into the
//!    neighbour index of every cell in every direction ([`NO_CELL`] where it falls off the board).
//!    Boards whose step depends on the cell (triangles) build the same table shape themselves.
//! 2. [`ray_table_128`] / [`ray_table_wide`] follow each direction to the edge (slider rays);
//!    [`leap_sets_128`] / [`leap_sets_wide`] collect the one-step targets (king, knight);
//!    [`between_128`] gives the cells strictly between two cells on a common ray.
//! 3. [`unions_128`] unites a cell's rays (a slider's empty-board attacks), [`sources_128`]
//!    turns the cells a man reaches into the cells it is reached from, and [`gathered_128`]
//!    unites sets over the cells of another set (the attackers of a King's steps).
//!
//! Rays are walked from the step table alone, so the ray tables know nothing about coordinates.

use crate::hex::Hex;
use crate::set::WideSet;

/// Marks "no cell" in a step table.
pub const NO_CELL: u16 = u16::MAX;

/// Half the side of the coordinate window that [`step_table`] can index: coordinates must lie
/// in `-GRID_HALF..GRID_HALF`.
pub const GRID_HALF: i32 = 32;
const GRID_SIDE: usize = 2 * GRID_HALF as usize;

const fn grid_slot(h: Hex) -> Option<usize> {
    let q = h.q as i32 + GRID_HALF;
    let r = h.r as i32 + GRID_HALF;
    if q < 0 || r < 0 || q >= 2 * GRID_HALF || r >= 2 * GRID_HALF {
        None
    } else {
        Some(q as usize * GRID_SIDE + r as usize)
    }
}

/// The dense index of every coordinate in the window, or [`NO_CELL`].
///
/// # Panics
/// At compile time (when used in a `const`/`static`), if a cell lies outside the window, the
/// board has more than `u16::MAX - 1` cells, or a cell is listed twice.
pub const fn index_grid<const N: usize>(cells: &[Hex; N]) -> [u16; GRID_SIDE * GRID_SIDE] {
    assert!(N < NO_CELL as usize, "too many cells");
    let mut grid = [NO_CELL; GRID_SIDE * GRID_SIDE];
    crate::const_for!(i in 0..N => {
        match grid_slot(cells[i]) {
            Some(slot) => {
                assert!(grid[slot] == NO_CELL, "cell listed twice");
                grid[slot] = i as u16;
            }
            None => panic!("cell outside the coordinate window"),
        }
    });
    grid
}

/// The index of `h` in the board whose [`index_grid`] is `grid`, or `None` if off the board.
pub const fn index_in(grid: &[u16; GRID_SIDE * GRID_SIDE], h: Hex) -> Option<usize> {
    match grid_slot(h) {
        Some(slot) if grid[slot] != NO_CELL => Some(grid[slot] as usize),
        _ => None,
    }
}

/// `table[cell][d]` = index of `cells[cell] + steps[d]`, or [`NO_CELL`] if that is off the board.
pub const fn step_table<const N: usize, const D: usize>(
    cells: &[Hex; N],
    steps: &[Hex; D],
) -> [[u16; D]; N] {
    let grid = index_grid(cells);
    let mut table = [[NO_CELL; D]; N];
    crate::const_for!(i in 0..N => {
        let mut d = 0;
        while d < D {
            let to = cells[i].q as i32 + steps[d].q as i32;
            let tr = cells[i].r as i32 + steps[d].r as i32;
            // Stay in i8 range: a target outside the window is off the board anyway.
            if to > -GRID_HALF && to < GRID_HALF && tr > -GRID_HALF && tr < GRID_HALF {
                if let Some(j) = index_in(&grid, Hex::new(to as i8, tr as i8)) {
                    table[i][d] = j as u16;
                }
            }
            d += 1;
        }
    });
    table
}

/// `rays[cell][d]` = the cells reached by repeating step `d` from `cell`, not including `cell`.
pub const fn ray_table_128<const N: usize, const D: usize>(
    steps: &[[u16; D]; N],
) -> [[u128; D]; N] {
    assert!(N <= 128, "use ray_table_wide for boards above 128 cells");
    let wide = ray_table_wide::<2, N, D>(steps);
    let mut rays = [[0u128; D]; N];
    crate::const_for!(i in 0..N => {
        let mut d = 0;
        while d < D {
            rays[i][d] = narrow(wide[i][d]);
            d += 1;
        }
    });
    rays
}

/// A two-word set as one 128-bit set.
const fn narrow(set: WideSet<2>) -> u128 {
    set.0[0] as u128 | (set.0[1] as u128) << 64
}

/// [`ray_table_128`] for boards of more than 128 cells.
pub const fn ray_table_wide<const W: usize, const N: usize, const D: usize>(
    steps: &[[u16; D]; N],
) -> [[WideSet<W>; D]; N] {
    assert!(N <= 64 * W, "set too narrow for the board");
    let mut rays = [[WideSet::<W>::EMPTY; D]; N];
    crate::const_for!(i in 0..N => {
        let mut d = 0;
        while d < D {
            let mut at = steps[i][d];
            let mut guard = 0;
            while at != NO_CELL && guard <= N {
                rays[i][d] = rays[i][d].with(at as usize);
                at = steps[at as usize][d];
                guard += 1;
            }
            d += 1;
        }
    });
    rays
}

/// `BIT[cell]` = the one-cell set of each of `N` cells: a table load in place of a variable
/// 128-bit shift.
///
/// ```
/// static BIT: [u128; 3] = hexvar_geometry::table::singletons_128();
/// assert_eq!(BIT, [1, 2, 4]);
/// ```
pub const fn singletons_128<const N: usize>() -> [u128; N] {
    assert!(N <= 128, "a 128-bit set holds at most 128 cells");
    let mut out = [0u128; N];
    crate::const_for!(i in 0..N => {
        out[i] = 1 << i;
    });
    out
}

/// `sets[cell]` = every cell one step away from `cell` in any of the `D` steps.
pub const fn leap_sets_128<const N: usize, const D: usize>(steps: &[[u16; D]; N]) -> [u128; N] {
    assert!(N <= 128, "use leap_sets_wide for boards above 128 cells");
    let wide = leap_sets_wide::<2, N, D>(steps);
    let mut sets = [0u128; N];
    crate::const_for!(i in 0..N => {
        sets[i] = narrow(wide[i]);
    });
    sets
}

/// [`leap_sets_128`] for boards of more than 128 cells.
pub const fn leap_sets_wide<const W: usize, const N: usize, const D: usize>(
    steps: &[[u16; D]; N],
) -> [WideSet<W>; N] {
    assert!(N <= 64 * W, "set too narrow for the board");
    let mut sets = [WideSet::<W>::EMPTY; N];
    crate::const_for!(i in 0..N => {
        let mut d = 0;
        while d < D {
            if steps[i][d] != NO_CELL {
                sets[i] = sets[i].with(steps[i][d] as usize);
            }
            d += 1;
        }
    });
    sets
}

/// `between[a][b]` = the cells strictly between `a` and `b` when `b` lies on a ray of `a`
/// (repeating one of the `D` steps), else the empty set.
pub const fn between_128<const N: usize, const D: usize>(steps: &[[u16; D]; N]) -> [[u128; N]; N] {
    assert!(N <= 128, "between_128 needs a board of at most 128 cells");
    let mut between = [[0u128; N]; N];
    crate::const_for!(i in 0..N => {
        let mut d = 0;
        while d < D {
            let mut passed = 0u128;
            let mut at = steps[i][d];
            let mut guard = 0;
            while at != NO_CELL && guard <= N {
                between[i][at as usize] = passed;
                passed |= 1 << at;
                at = steps[at as usize][d];
                guard += 1;
            }
            d += 1;
        }
    });
    between
}

/// `unions[cell]` = the union of the cell's `D` sets: its rays in every direction (a slider's
/// attacks on an empty board), or any per-direction sets.
///
/// ```
/// use hexvar_geometry::table::unions_128;
/// assert_eq!(unions_128(&[[0b01, 0b10], [0b100, 0]]), [0b11, 0b100]);
/// ```
pub const fn unions_128<const N: usize, const D: usize>(sets: &[[u128; D]; N]) -> [u128; N] {
    let mut out = [0u128; N];
    crate::const_for!(i in 0..N => {
        let mut d = 0;
        while d < D {
            out[i] |= sets[i][d];
            d += 1;
        }
    });
    out
}

/// `sources[to]` = every cell `from` whose set `sets[from]` holds `to`: the cells a man attacks
/// from turned into the cells it is attacked from (a pawn's attackers from its attacks).
///
/// ```
/// use hexvar_geometry::table::sources_128;
/// // Cell 0 reaches 1 and 2, cell 1 reaches 2, cell 2 nothing.
/// assert_eq!(sources_128(&[0b110, 0b100, 0]), [0, 0b001, 0b011]);
/// ```
pub const fn sources_128<const N: usize>(sets: &[u128; N]) -> [u128; N] {
    assert!(N <= 128, "a 128-bit set holds at most 128 cells");
    let mut out = [0u128; N];
    crate::const_for!(from in 0..N => {
        let mut to = 0;
        while to < N {
            if sets[from] >> to & 1 != 0 {
                out[to] |= 1 << from;
            }
            to += 1;
        }
    });
    out
}

/// `gathered[cell]` = the union of `sets[c]` over the cells `c` of `over[cell]`: for example the
/// cells from which a leaper attacks some King step from `cell` (`sets` its attackers, `over` the
/// King's steps).
///
/// ```
/// use hexvar_geometry::table::gathered_128;
/// // Over cell 0 lie cells 1 and 2; over cell 1, none; over cell 2, cell 0.
/// assert_eq!(gathered_128(&[0b1000, 0b0100, 0b0010], &[0b110, 0, 0b001]), [0b0110, 0, 0b1000]);
/// ```
pub const fn gathered_128<const N: usize>(sets: &[u128; N], over: &[u128; N]) -> [u128; N] {
    assert!(N <= 128, "a 128-bit set holds at most 128 cells");
    let mut out = [0u128; N];
    crate::const_for!(k in 0..N => {
        // The cells of over[k], lowest first, each cleared once taken.
        let mut rest = over[k];
        while rest != 0 {
            out[k] |= sets[rest.trailing_zeros() as usize];
            rest &= rest - 1;
        }
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::set::Set128;

    const CELLS: [Hex; 19] = Hex::hexagon(2);
    static ORTHO: [[u16; 6]; 19] = step_table(&CELLS, &Hex::ORTHOGONAL);
    static RAYS: [[u128; 6]; 19] = ray_table_128(&ORTHO);
    static WIDE_RAYS: [[WideSet<2>; 6]; 19] = ray_table_wide(&ORTHO);
    static KNIGHT_STEPS: [[u16; 12]; 19] = step_table(&CELLS, &Hex::KNIGHT);
    static KNIGHT: [u128; 19] = leap_sets_128(&KNIGHT_STEPS);
    static KNIGHT_WIDE: [WideSet<2>; 19] = leap_sets_wide(&KNIGHT_STEPS);
    static BETWEEN: [[u128; 19]; 19] = between_128(&ORTHO);

    fn idx(q: i8, r: i8) -> usize {
        CELLS.iter().position(|&h| h == Hex::new(q, r)).unwrap()
    }

    #[test]
    fn rook_from_the_centre_sees_twelve_cells() {
        let centre = idx(0, 0);
        let all: u128 = RAYS[centre].iter().fold(0, |a, r| a | r);
        assert_eq!(all.count_ones(), 12);
        for d in 0..6 {
            assert_eq!(
                Set128(RAYS[centre][d]).iter().collect::<Vec<_>>(),
                WIDE_RAYS[centre][d].iter().collect::<Vec<_>>()
            );
        }
    }

    #[test]
    fn corner_cell_has_three_neighbours_and_edge_rays() {
        let corner = idx(2, 0);
        let n = ORTHO[corner].iter().filter(|&&s| s != NO_CELL).count();
        assert_eq!(n, 3);
        assert_eq!(RAYS[corner][3].count_ones(), 4); // West across the whole row.
    }

    #[test]
    fn knights_from_the_centre_all_fall_off_a_radius_two_board() {
        assert_eq!(KNIGHT[idx(0, 0)], 0);
        // From a corner, a few leaps land.
        let c = idx(2, -2);
        assert!(KNIGHT[c] != 0);
        assert_eq!(KNIGHT[c].count_ones(), KNIGHT_WIDE[c].len());
    }

    #[test]
    fn between_is_symmetric_and_strict() {
        let a = idx(-2, 0);
        let b = idx(2, 0);
        let mid: Vec<usize> = Set128(BETWEEN[a][b]).iter().collect();
        assert_eq!(mid, vec![idx(-1, 0), idx(0, 0), idx(1, 0)]);
        assert_eq!(BETWEEN[a][b], BETWEEN[b][a]);
        assert_eq!(BETWEEN[a][idx(-1, 0)], 0);
        assert_eq!(BETWEEN[a][idx(0, 1)], 0); // not on an orthogonal line
    }

    #[test]
    fn sources_invert_and_gathering_unites() {
        let sources = sources_128(&KNIGHT);
        for (from, &reach) in KNIGHT.iter().enumerate() {
            for (to, &source) in sources.iter().enumerate() {
                assert_eq!(reach >> to & 1, source >> from & 1);
            }
        }
        let lines = unions_128(&RAYS);
        let near = gathered_128(&lines, &KNIGHT);
        for k in 0..19 {
            let expected = Set128(KNIGHT[k]).iter().fold(0, |a, c| a | lines[c]);
            assert_eq!(near[k], expected);
            assert_eq!(lines[k], RAYS[k].iter().fold(0, |a, r| a | r));
        }
    }

    #[test]
    fn index_grid_round_trips() {
        let grid = index_grid(&CELLS);
        for (i, &h) in CELLS.iter().enumerate() {
            assert_eq!(index_in(&grid, h), Some(i));
        }
        assert_eq!(index_in(&grid, Hex::new(3, 0)), None);
    }
}
