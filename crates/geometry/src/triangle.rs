//! Triangle cells: a plane tiled by equilateral triangles, each with one vertical side.
//!
//! A [`Tri`] `(x, y)` names the triangle in column `x` (between the vertical lattice lines `x` and
//! `x + 1`) whose centroid lies at height `y` (in half-sides). Triangles of one column stack
//! face to face, `y` rising by one each time. A triangle **points left** (apex toward smaller `x`,
//! vertical side on the right) when `x + y` is odd, and **points right** when `x + y` is even.
//!
//! Every triangle touches twelve others:
//! - 3 **face** neighbours (sharing a side), of the other orientation;
//! - 3 **point** neighbours (the mirror image through one vertex), of the other orientation;
//! - 6 **points-adjacent** neighbours (sharing only a vertex), of the same orientation.
//!
//! The face and point steps depend on the orientation of the triangle they start from: the table
//! for a left-pointing triangle is the right-pointing one mirrored in `x`. [`step_table`] builds a
//! dense step table from such a pair of step lists, in the same shape as
//! [`crate::table::step_table`], so the ray, leap and between builders of [`crate::table`] apply
//! unchanged.
//!
//! Straight lines of the tiling ("rows"):
//! - [`FACE_ROWS`]: triangles joined face to face (alternating orientation), 6 directions;
//! - [`VERTEX_ROWS`]: a face step and a point step in turn (alternating orientation), the face
//!   rows turned by 30°, 6 directions;
//! - [`DIAGONALS`]: every second triangle of a face row (one orientation), 6 directions.
//!
//! No rule of any game lives here.

use crate::coordinates::coordinates;
use crate::table::NO_CELL;

coordinates!(
    /// A triangle cell, or a step between two triangles, as `(x, y)`: column and centroid height.
    Tri {
        /// Column (between vertical lattice lines `x` and `x + 1`).
        x,
        /// Centroid height in half-sides.
        y,
    },
    "The triangle (or step) `(x, y)`."
);

/// A step list per orientation: `[from right-pointing, from left-pointing]`.
pub type OrientedSteps<const D: usize> = [[Tri; D]; 2];

const fn t(x: i8, y: i8) -> Tri {
    Tri::new(x, y)
}

const fn mirror<const D: usize>(steps: [Tri; D]) -> [Tri; D] {
    let mut out = steps;
    crate::const_for!(i in 0..D => {
        out[i] = Tri::new(-steps[i].x, steps[i].y);
    });
    out
}

const fn oriented<const D: usize>(from_right: [Tri; D]) -> OrientedSteps<D> {
    [from_right, mirror(from_right)]
}

/// The 3 face-neighbour steps: up, down, and across the vertical side.
pub const FACES: OrientedSteps<3> = oriented([t(0, 1), t(0, -1), t(-1, 0)]);

/// The 3 point-neighbour steps (mirror image through a vertex).
pub const POINTS: OrientedSteps<3> = oriented([t(1, 0), t(-1, 2), t(-1, -2)]);

/// The 6 points-adjacent steps (same orientation, sharing one vertex); the same from both
/// orientations.
pub const POINTS_ADJACENT: [Tri; 6] = [t(0, 2), t(1, 1), t(1, -1), t(0, -2), t(-1, -1), t(-1, 1)];

/// All 12 touching triangles: faces, points, then points adjacent.
pub const TOUCHING: OrientedSteps<12> = {
    let mut out = [[Tri::ZERO; 12]; 2];
    crate::const_for!(o in 0..2 => {
        let mut i = 0;
        while i < 3 {
            out[o][i] = FACES[o][i];
            out[o][3 + i] = POINTS[o][i];
            i += 1;
        }
        let mut i = 0;
        while i < 6 {
            out[o][6 + i] = POINTS_ADJACENT[i];
            i += 1;
        }
    });
    out
};

/// The 12 triangles of the other orientation "just beyond" the ring of touching triangles:
/// the other-orientation cells at cube distance 2 (see [`Tri::cube`]). A triangle knight's leaps.
pub const KNIGHT: OrientedSteps<12> = oriented([
    t(-2, 1),
    t(-2, -1),
    t(-2, 3),
    t(-2, -3),
    t(-1, 4),
    t(-1, -4),
    t(0, 3),
    t(0, -3),
    t(1, 2),
    t(1, -2),
    t(2, 1),
    t(2, -1),
]);

/// Directions of the face rows, by the angle of their 2-step net displacement (y up):
/// up (90°), up-right (30°), down-right (330°), down (270°), down-left (210°), up-left (150°).
pub const FACE_ROWS: OrientedSteps<6> = [
    [t(0, 1), t(0, 1), t(0, -1), t(0, -1), t(-1, 0), t(-1, 0)],
    [t(0, 1), t(1, 0), t(1, 0), t(0, -1), t(0, -1), t(0, 1)],
];

/// Directions of the vertex rows (face step and point step in turn): right (0°),
/// up-right (60°), up-left (120°), left (180°), down-left (240°), down-right (300°).
pub const VERTEX_ROWS: OrientedSteps<6> = [
    [t(1, 0), t(0, 1), t(-1, 2), t(-1, 0), t(-1, -2), t(0, -1)],
    [t(1, 0), t(1, 2), t(0, 1), t(-1, 0), t(0, -1), t(1, -2)],
];

/// Directions of the same-orientation diagonals, in the order of [`FACE_ROWS`]: each is the
/// 2-step net displacement of the face row.
pub const DIAGONALS: [Tri; 6] = [t(0, 2), t(1, 1), t(1, -1), t(0, -2), t(-1, -1), t(-1, 1)];

impl Tri {
    /// Whether the triangle points left (its vertical side is on the right): `x + y` odd.
    #[inline]
    pub const fn points_left(self) -> bool {
        (self.x as i32 + self.y as i32).rem_euclid(2) == 1
    }

    /// 0 for a right-pointing triangle, 1 for a left-pointing one: the index into an
    /// [`OrientedSteps`] list.
    #[inline]
    pub const fn orientation(self) -> usize {
        self.points_left() as usize
    }

    /// The step `steps[orientation][d]` taken from this triangle.
    #[inline]
    pub const fn step<const D: usize>(self, steps: &OrientedSteps<D>, d: usize) -> Tri {
        self.plus(steps[self.orientation()][d])
    }

    /// Cube coordinates `(a, b, c)`: `a = x`, `b = floor((y - x) / 2)`, `c = -a - b` for a
    /// right-pointing triangle and `c = -1 - a - b` for a left-pointing one. Touching triangles
    /// differ by at most 1 in each coordinate; the [`KNIGHT`] leaps are the other-orientation
    /// triangles at cube distance exactly 2.
    pub const fn cube(self) -> (i32, i32, i32) {
        let a = self.x as i32;
        let b = (self.y as i32 - self.x as i32).div_euclid(2);
        let c = if self.points_left() {
            -1 - a - b
        } else {
            -a - b
        };
        (a, b, c)
    }

    /// Cube distance: the largest coordinate difference of [`Tri::cube`].
    pub const fn cube_distance(self, other: Tri) -> i32 {
        let (a, b, c) = self.cube();
        let (d, e, f) = other.cube();
        let x = (a - d).abs();
        let y = (b - e).abs();
        let z = (c - f).abs();
        let m = if x > y { x } else { y };
        if m > z {
            m
        } else {
            z
        }
    }

    /// The centroid for drawing, with `y` pointing **up** and the given side length:
    /// `x = (col + 2/3)·w` (left-pointing) or `(col + 1/3)·w` (right-pointing), `w = side·√3/2`,
    /// `y = row·side/2`.
    pub fn centroid(self, side: f64) -> (f64, f64) {
        let w = side * 3f64.sqrt() / 2.0;
        let dx = if self.points_left() {
            2.0 / 3.0
        } else {
            1.0 / 3.0
        };
        ((self.x as f64 + dx) * w, self.y as f64 * side / 2.0)
    }

    /// The three corners for drawing (y up, same frame as [`Tri::centroid`]): the apex first,
    /// then the two ends of the vertical side (lower, upper).
    pub fn corners(self, side: f64) -> [(f64, f64); 3] {
        let w = side * 3f64.sqrt() / 2.0;
        let x0 = self.x as f64 * w;
        let x1 = x0 + w;
        let y = self.y as f64 * side / 2.0;
        let h = side / 2.0;
        if self.points_left() {
            [(x0, y), (x1, y - h), (x1, y + h)]
        } else {
            [(x1, y), (x0, y - h), (x0, y + h)]
        }
    }
}

/// Index of `cell` in `cells`, or `None` (a linear search: boards here are small).
pub const fn index_of<const N: usize>(cells: &[Tri; N], cell: Tri) -> Option<usize> {
    crate::const_for!(i in 0..N => {
        if cells[i].equals(cell) {
            return Some(i);
        }
    });
    None
}

/// `table[cell][d]` = index of `cells[cell] + steps[orientation of cells[cell]][d]`, or
/// [`NO_CELL`] off the board. Same shape as [`crate::table::step_table`], so
/// [`crate::table::ray_table_128`] walks orientation-dependent rows correctly (each step is taken
/// from the triangle reached so far).
///
/// # Panics
/// At compile time (in a `const`/`static`) if the board has `NO_CELL` cells or more.
pub const fn step_table<const N: usize, const D: usize>(
    cells: &[Tri; N],
    steps: &OrientedSteps<D>,
) -> [[u16; D]; N] {
    assert!(N < NO_CELL as usize, "too many cells");
    let mut table = [[NO_CELL; D]; N];
    crate::const_for!(i in 0..N => {
        let mut d = 0;
        while d < D {
            let s = steps[cells[i].orientation()][d];
            let x = cells[i].x as i32 + s.x as i32;
            let y = cells[i].y as i32 + s.y as i32;
            if x >= i8::MIN as i32
                && x <= i8::MAX as i32
                && y >= i8::MIN as i32
                && y <= i8::MAX as i32
            {
                if let Some(j) = index_of(cells, Tri::new(x as i8, y as i8)) {
                    table[i][d] = j as u16;
                }
            }
            d += 1;
        }
    });
    table
}

/// [`step_table`] for steps that do not depend on the orientation (diagonals, points adjacent).
pub const fn uniform_step_table<const N: usize, const D: usize>(
    cells: &[Tri; N],
    steps: &[Tri; D],
) -> [[u16; D]; N] {
    step_table(cells, &[*steps, *steps])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::{between_128, leap_sets_128, ray_table_128};
    use crate::Set128;

    /// A patch of 10 columns by 16 heights.
    const fn patch() -> [Tri; 160] {
        let mut cells = [Tri::ZERO; 160];
        let mut n = 0;
        crate::const_for!(y in 0..16 => {
            let mut x = 0;
            while x < 10 {
                cells[n] = Tri::new(x, y);
                n += 1;
                x += 1;
            }
        });
        cells
    }

    fn distinct_shared_vertices(a: Tri, b: Tri) -> (usize, bool) {
        // Corners on an integer lattice: x in units of w, y in half-sides.
        let ca = lattice_corners(a);
        let cb = lattice_corners(b);
        let shared = ca.iter().filter(|p| cb.contains(p)).count();
        (shared, a.points_left() == b.points_left())
    }

    fn lattice_corners(c: Tri) -> [(i32, i32); 3] {
        let (x, y) = (c.x as i32, c.y as i32);
        if c.points_left() {
            [(x, y), (x + 1, y - 1), (x + 1, y + 1)]
        } else {
            [(x + 1, y), (x, y - 1), (x, y + 1)]
        }
    }

    #[test]
    fn neighbour_kinds_match_shared_corners() {
        for c in [
            Tri::new(4, 7),
            Tri::new(5, 7),
            Tri::new(3, 3),
            Tri::new(2, 9),
        ] {
            let o = c.orientation();
            for s in FACES[o] {
                assert_eq!(
                    distinct_shared_vertices(c, c.plus(s)),
                    (2, false),
                    "face {s:?}"
                );
            }
            for s in POINTS[o] {
                let n = c.plus(s);
                assert_eq!(distinct_shared_vertices(c, n), (1, false), "point {s:?}");
            }
            for s in POINTS_ADJACENT {
                assert_eq!(distinct_shared_vertices(c, c.plus(s)), (1, true));
            }
            // Exactly these 12 triangles touch c.
            let mut touching = 0;
            for dx in -3..=3 {
                for dy in -5..=5 {
                    let n = Tri::new(c.x + dx, c.y + dy);
                    if n != c && distinct_shared_vertices(c, n).0 > 0 {
                        touching += 1;
                        assert!(TOUCHING[o].contains(&Tri::new(dx, dy)));
                    }
                }
            }
            assert_eq!(touching, 12);
        }
    }

    #[test]
    fn point_neighbour_is_the_mirror_through_a_vertex() {
        for c in [Tri::new(4, 7), Tri::new(5, 7)] {
            for s in POINTS[c.orientation()] {
                let n = c.plus(s);
                let (cx, cy) = c.centroid(1.0);
                let (nx, ny) = n.centroid(1.0);
                let mid = ((cx + nx) / 2.0, (cy + ny) / 2.0);
                let on_vertex = c
                    .corners(1.0)
                    .iter()
                    .any(|&(x, y)| (x - mid.0).abs() < 1e-9 && (y - mid.1).abs() < 1e-9);
                assert!(on_vertex, "{c:?} + {s:?}");
            }
        }
    }

    #[test]
    fn knight_leaps_are_the_other_orientation_at_cube_distance_two() {
        for c in [Tri::new(4, 7), Tri::new(5, 7)] {
            let mut found = Vec::new();
            for dx in -4..=4 {
                for dy in -6..=6 {
                    let n = Tri::new(c.x + dx, c.y + dy);
                    if n.points_left() != c.points_left() && c.cube_distance(n) == 2 {
                        found.push(Tri::new(dx, dy));
                    }
                }
            }
            found.sort();
            let mut expected = KNIGHT[c.orientation()].to_vec();
            expected.sort();
            assert_eq!(found, expected);
            for s in TOUCHING[c.orientation()] {
                assert_eq!(c.cube_distance(c.plus(s)), 1);
            }
        }
    }

    const CELLS: [Tri; 160] = patch();
    static FACE_ROW_STEPS: [[u16; 6]; 160] = step_table(&CELLS, &FACE_ROWS);

    #[test]
    fn face_rows_are_straight_and_alternate() {
        // The table agrees with stepping by hand.
        let i = index_of(&CELLS, Tri::new(4, 7)).unwrap();
        let j = FACE_ROW_STEPS[i][5] as usize;
        assert_eq!(CELLS[j], Tri::new(4, 7).step(&FACE_ROWS, 5));
        for start in [Tri::new(4, 7), Tri::new(5, 7)] {
            for (d, diagonal) in DIAGONALS.iter().enumerate() {
                let mut c = start;
                let mut cells = vec![c];
                for _ in 0..4 {
                    c = c.step(&FACE_ROWS, d);
                    cells.push(c);
                }
                for w in cells.windows(2) {
                    assert_ne!(w[0].points_left(), w[1].points_left());
                    assert_eq!(distinct_shared_vertices(w[0], w[1]).0, 2);
                }
                // Every second cell follows the diagonal of the same index.
                assert_eq!(cells[2], start.plus(*diagonal));
                assert_eq!(cells[4], cells[2].plus(*diagonal));
                // Centroids lie on two parallel lines: the 2-step displacement is constant.
                let (x0, y0) = cells[0].centroid(1.0);
                let (x2, y2) = cells[2].centroid(1.0);
                let (x4, y4) = cells[4].centroid(1.0);
                assert!(
                    ((x4 - x2) - (x2 - x0)).abs() < 1e-9 && ((y4 - y2) - (y2 - y0)).abs() < 1e-9
                );
            }
        }
    }

    #[test]
    fn vertex_rows_alternate_face_and_point_steps() {
        for start in [Tri::new(4, 7), Tri::new(5, 7)] {
            for d in 0..6 {
                let mut c = start;
                let mut kinds = Vec::new();
                for _ in 0..4 {
                    let n = c.step(&VERTEX_ROWS, d);
                    kinds.push(distinct_shared_vertices(c, n).0);
                    c = n;
                }
                assert!(kinds == [2, 1, 2, 1] || kinds == [1, 2, 1, 2], "{kinds:?}");
                // The row is straight: 2-step displacement is the same all along.
                let a = start.step(&VERTEX_ROWS, d).step(&VERTEX_ROWS, d);
                let b = a.step(&VERTEX_ROWS, d).step(&VERTEX_ROWS, d);
                assert_eq!(b.minus(a), a.minus(start));
            }
        }
    }

    #[test]
    fn step_table_and_rays_on_a_small_board() {
        // 8 columns by 12 heights = 96 cells.
        const SMALL: [Tri; 96] = {
            let mut cells = [Tri::ZERO; 96];
            crate::const_for!(n in 0..96 => {
                cells[n] = Tri::new((n % 8) as i8, (n / 8) as i8);
            });
            cells
        };
        static STEPS: [[u16; 6]; 96] = step_table(&SMALL, &FACE_ROWS);
        static RAYS: [[u128; 6]; 96] = ray_table_128(&STEPS);
        static TOUCH_STEPS: [[u16; 12]; 96] = step_table(&SMALL, &TOUCHING);
        static TOUCH: [u128; 96] = leap_sets_128(&TOUCH_STEPS);
        static DIAG_STEPS: [[u16; 6]; 96] = uniform_step_table(&SMALL, &DIAGONALS);
        static BETWEEN: [[u128; 96]; 96] = between_128(&DIAG_STEPS);
        let at = |x: i8, y: i8| index_of(&SMALL, Tri::new(x, y)).unwrap();
        // Up-right from (0,0) (right-pointing): (0,1) (1,1) (1,2) (2,2) ...
        let ray: Vec<usize> = Set128(RAYS[at(0, 0)][1]).iter().collect();
        let mut expected: Vec<usize> = (0..8)
            .map(|k| at(k, k + 1))
            .chain((1..8).map(|k| at(k, k)))
            .collect();
        expected.sort();
        assert_eq!(ray, expected);
        assert_eq!(Set128(TOUCH[at(4, 6)]).len(), 12);
        assert_eq!(Set128(TOUCH[at(0, 0)]).len(), 4); // corner
        assert_eq!(STEPS[at(7, 0)][2], NO_CELL);
        assert_eq!(
            Set128(BETWEEN[at(0, 0)][at(3, 3)])
                .iter()
                .collect::<Vec<_>>(),
            vec![at(1, 1), at(2, 2)]
        );
    }

    #[test]
    fn corners_and_centroid_agree() {
        for c in [Tri::new(0, 0), Tri::new(3, 4), Tri::new(3, 5)] {
            let k = c.corners(2.0);
            let cx = (k[0].0 + k[1].0 + k[2].0) / 3.0;
            let cy = (k[0].1 + k[1].1 + k[2].1) / 3.0;
            let (x, y) = c.centroid(2.0);
            assert!((cx - x).abs() < 1e-9 && (cy - y).abs() < 1e-9);
        }
        assert!(Tri::new(3, 0).points_left());
        assert!(!Tri::new(4, 0).points_left());
        assert!(Tri::new(-1, 0).points_left());
    }
}
