//! Hex cells in axial coordinates.
//!
//! A [`Hex`] is both a cell and a step between cells. The third cube coordinate is
//! `s = -q - r`. The six orthogonal neighbours (sharing an edge) are
//! `(+1,0) (+1,-1) (0,-1) (-1,0) (-1,+1) (0,+1)`, listed counter-clockwise when `q` points
//! right and `r` points down-right (pointy-topped drawing, see [`Hex::center`]). A diagonal step
//! (through a corner) is the sum of two neighbouring orthogonal steps.

use core::ops::Mul;

use crate::coordinates::{coordinates, joined};

coordinates!(
    /// A hex cell, or a step between two cells, in axial coordinates `(q, r)`.
    Hex {
        /// First axial coordinate.
        q,
        /// Second axial coordinate.
        r,
    },
    "A hex from its axial coordinates."
);

impl Hex {
    /// The six orthogonal steps (across an edge), counter-clockwise.
    pub const ORTHOGONAL: [Hex; 6] = [
        Hex::new(1, 0),
        Hex::new(1, -1),
        Hex::new(0, -1),
        Hex::new(-1, 0),
        Hex::new(-1, 1),
        Hex::new(0, 1),
    ];

    /// The six diagonal steps (through a corner): `DIAGONAL[i] = ORTHOGONAL[i] + ORTHOGONAL[i + 1]`.
    pub const DIAGONAL: [Hex; 6] = {
        let mut out = [Hex::ZERO; 6];
        crate::const_for!(i in 0..6 => {
            out[i] = Hex::ORTHOGONAL[i].plus(Hex::ORTHOGONAL[(i + 1) % 6]);
        });
        out
    };

    /// All twelve king steps: the orthogonal ones, then the diagonal ones.
    pub const KING: [Hex; 12] = joined(Hex::ORTHOGONAL, Hex::DIAGONAL);

    /// The twelve hex knight leaps (Gliński's knight): an orthogonal step followed by an outward
    /// diagonal step at ±30°, i.e. `2·ORTHOGONAL[i] + ORTHOGONAL[i ± 1]`. These are exactly the
    /// cells at distance 3 that lie on no orthogonal or diagonal line.
    pub const KNIGHT: [Hex; 12] = {
        let mut out = [Hex::ZERO; 12];
        crate::const_for!(i in 0..6 => {
            let o = Hex::ORTHOGONAL[i];
            out[2 * i] = o.plus(o).plus(Hex::ORTHOGONAL[(i + 5) % 6]);
            out[2 * i + 1] = o.plus(o).plus(Hex::ORTHOGONAL[(i + 1) % 6]);
        });
        out
    };

    /// The third cube coordinate, `-q - r`.
    pub const fn s(self) -> i8 {
        -self.q - self.r
    }

    /// `k · self`, usable in `const` context.
    pub const fn times(self, k: i8) -> Hex {
        Hex::new(self.q * k, self.r * k)
    }

    /// The number of orthogonal steps from the origin: `max(|q|, |r|, |s|)`.
    pub const fn length(self) -> u8 {
        let q = self.q.unsigned_abs();
        let r = self.r.unsigned_abs();
        let s = self.s().unsigned_abs();
        let m = if q > r { q } else { r };
        if m > s {
            m
        } else {
            s
        }
    }

    /// The `N` hexes at most `radius` steps from the origin, row by row (`r` rising, then `q`):
    /// a regular hexagonal board, `N = 3·radius·(radius + 1) + 1`.
    ///
    /// ```
    /// use hexvar_geometry::Hex;
    /// const CELLS: [Hex; 7] = Hex::hexagon(1);
    /// assert_eq!(CELLS[0], Hex::new(0, -1));
    /// assert_eq!(CELLS[3], Hex::ZERO);
    /// ```
    pub const fn hexagon<const N: usize>(radius: i8) -> [Hex; N] {
        let mut cells = [Hex::ZERO; N];
        let mut n = 0;
        let mut r = -radius;
        while r <= radius {
            let mut q = -radius;
            while q <= radius {
                if Hex::new(q, r).length() <= radius as u8 {
                    cells[n] = Hex::new(q, r);
                    n += 1;
                }
                q += 1;
            }
            r += 1;
        }
        assert!(n == N, "N is not the hexagon's cell count");
        cells
    }

    /// Hex distance: the number of orthogonal steps from `self` to `other`.
    pub const fn distance(self, other: Hex) -> u8 {
        other.minus(self).length()
    }

    /// Rotation by 60° counter-clockwise about the origin (in the orientation of
    /// [`Hex::ORTHOGONAL`]): `ORTHOGONAL[i]` goes to `ORTHOGONAL[i + 1]`.
    pub const fn rotate_60(self) -> Hex {
        // Cube (q, r, s) -> (-s, -q, -r).
        Hex::new(-self.s(), -self.q)
    }

    /// Rotation by 180° about the point `centre_twice / 2`, which may lie between cells:
    /// the result is `centre_twice - self`.
    pub const fn rotate_180_about(self, centre_twice: Hex) -> Hex {
        centre_twice.minus(self)
    }

    /// Reflection that swaps the `q` and `r` axes (keeps `s`).
    pub const fn reflect_qr(self) -> Hex {
        Hex::new(self.r, self.q)
    }

    /// Reflection that swaps the `q` and `s` axes (keeps `r`).
    pub const fn reflect_qs(self) -> Hex {
        Hex::new(self.s(), self.r)
    }

    /// Reflection that swaps the `r` and `s` axes (keeps `q`).
    pub const fn reflect_rs(self) -> Hex {
        Hex::new(self.q, self.s())
    }

    /// The unit direction (orthogonal or diagonal) and the step count from `self` to `other`,
    /// if they lie on a common orthogonal or diagonal line.
    pub const fn line_to(self, other: Hex) -> Option<(Hex, u8)> {
        let d = other.minus(self);
        crate::const_for!(i in 0..12 => {
            let unit = Hex::KING[i];
            let mut k = 1;
            while k <= 32 {
                let step = unit.times(k);
                if step.equals(d) {
                    return Some((unit, k as u8));
                }
                k += 1;
            }
        });
        None
    }

    /// Centre of a pointy-topped hex of circumradius 1 in screen coordinates
    /// (x to the right, y downwards): `q` points right, `r` points down-right.
    pub fn center(self) -> (f64, f64) {
        let sqrt3 = 3f64.sqrt();
        let q = f64::from(self.q);
        let r = f64::from(self.r);
        (sqrt3 * (q + r / 2.0), 1.5 * r)
    }

    /// The six corners of a pointy-topped hex of circumradius `size` centred at `(cx, cy)`,
    /// starting at the top corner and going clockwise on screen.
    pub fn pointy_corners(cx: f64, cy: f64, size: f64) -> [(f64, f64); 6] {
        core::array::from_fn(|i| {
            let angle = (-90.0 + 60.0 * i as f64).to_radians();
            (cx + size * angle.cos(), cy + size * angle.sin())
        })
    }

    /// The six corners of a flat-topped hex of circumradius `size` centred at `(cx, cy)`,
    /// starting at the right corner and going clockwise on screen.
    pub fn flat_corners(cx: f64, cy: f64, size: f64) -> [(f64, f64); 6] {
        core::array::from_fn(|i| {
            let angle = (60.0 * i as f64).to_radians();
            (cx + size * angle.cos(), cy + size * angle.sin())
        })
    }
}

impl Mul<i8> for Hex {
    type Output = Hex;
    fn mul(self, k: i8) -> Hex {
        self.times(k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orthogonal_steps_have_length_one_and_diagonals_two() {
        for d in Hex::ORTHOGONAL {
            assert_eq!(d.length(), 1);
        }
        for d in Hex::DIAGONAL {
            assert_eq!(d.length(), 2);
        }
    }

    #[test]
    fn knight_leaps_are_distance_three_off_every_line() {
        let mut seen = Vec::new();
        for k in Hex::KNIGHT {
            assert_eq!(k.length(), 3, "{k:?}");
            assert!(Hex::ZERO.line_to(k).is_none(), "{k:?} is on a line");
            assert!(!seen.contains(&k));
            seen.push(k);
        }
        // Every distance-3 cell off the lines is a knight leap.
        let mut count = 0;
        for q in -3..=3 {
            for r in -3..=3 {
                let h = Hex::new(q, r);
                if h.length() == 3 && Hex::ZERO.line_to(h).is_none() {
                    assert!(seen.contains(&h));
                    count += 1;
                }
            }
        }
        assert_eq!(count, 12);
    }

    #[test]
    fn rotation_by_60_cycles_the_directions() {
        for i in 0..6 {
            assert_eq!(Hex::ORTHOGONAL[i].rotate_60(), Hex::ORTHOGONAL[(i + 1) % 6]);
            assert_eq!(Hex::DIAGONAL[i].rotate_60(), Hex::DIAGONAL[(i + 1) % 6]);
        }
        let h = Hex::new(2, -5);
        let mut x = h;
        for _ in 0..6 {
            x = x.rotate_60();
        }
        assert_eq!(x, h);
    }

    #[test]
    fn reflections_are_involutions_and_keep_distance() {
        let a = Hex::new(3, -1);
        let b = Hex::new(-2, 4);
        for f in [Hex::reflect_qr, Hex::reflect_qs, Hex::reflect_rs] {
            assert_eq!(f(f(a)), a);
            assert_eq!(f(a).distance(f(b)), a.distance(b));
        }
        let c = Hex::new(1, 1);
        assert_eq!(a.rotate_180_about(c).rotate_180_about(c), a);
    }

    #[test]
    fn line_to_finds_direction_and_count() {
        let a = Hex::new(0, 0);
        assert_eq!(a.line_to(Hex::new(3, 0)), Some((Hex::new(1, 0), 3)));
        assert_eq!(a.line_to(Hex::new(2, 2)), Some((Hex::new(1, 1), 2)));
        assert_eq!(a.line_to(Hex::new(3, 1)), None);
        assert_eq!(a.line_to(a), None);
    }

    #[test]
    fn neighbouring_centres_are_sqrt3_apart() {
        for d in Hex::ORTHOGONAL {
            let (x, y) = d.center();
            assert!(((x * x + y * y).sqrt() - 3f64.sqrt()).abs() < 1e-9);
        }
    }
}
