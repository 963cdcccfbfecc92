//! `coordinates!`: the value type every cell shape of this crate is (a cell, or a step between
//! cells, as two small signed coordinates) and its `const` arithmetic, written once for
//! [`crate::Hex`], [`crate::square::Square`] and [`crate::triangle::Tri`], with [`joined`] for
//! their step lists. What the coordinates mean (axial, file and rank, column and height) stays
//! with each shape.

/// Declares `pub struct Name { pub a: i8, pub b: i8 }` (attributes before the name and before
/// each field, their docs, go on them) with the derives every shape has, and writes `ZERO`,
/// `new` (documented by the literal given last), `plus`, `minus` and `equals` (all `const`, for
/// the table builders) and the `Add`, `Sub` and `Neg` operators over them.
macro_rules! coordinates {
    (
        $(#[$meta:meta])*
        $name:ident { $(#[$a_meta:meta])* $a:ident, $(#[$b_meta:meta])* $b:ident $(,)? },
        $new_doc:literal
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
        pub struct $name {
            $(#[$a_meta])*
            pub $a: i8,
            $(#[$b_meta])*
            pub $b: i8,
        }

        impl $name {
            /// The origin.
            pub const ZERO: $name = $name::new(0, 0);

            #[doc = $new_doc]
            #[inline]
            pub const fn new($a: i8, $b: i8) -> $name {
                $name { $a, $b }
            }

            /// `self + other`, usable in `const` context.
            #[inline]
            pub const fn plus(self, other: $name) -> $name {
                $name::new(self.$a + other.$a, self.$b + other.$b)
            }

            /// `self - other`, usable in `const` context.
            #[inline]
            pub const fn minus(self, other: $name) -> $name {
                $name::new(self.$a - other.$a, self.$b - other.$b)
            }

            /// Whether the two are equal, usable in `const` context.
            #[inline]
            pub const fn equals(self, other: $name) -> bool {
                self.$a == other.$a && self.$b == other.$b
            }
        }

        impl ::core::ops::Add for $name {
            type Output = $name;
            fn add(self, rhs: $name) -> $name {
                self.plus(rhs)
            }
        }

        impl ::core::ops::Sub for $name {
            type Output = $name;
            fn sub(self, rhs: $name) -> $name {
                self.minus(rhs)
            }
        }

        impl ::core::ops::Neg for $name {
            type Output = $name;
            fn neg(self) -> $name {
                $name::new(-self.$a, -self.$b)
            }
        }
    };
}

pub(crate) use coordinates;

/// The steps of `first` followed by those of `second`, in `const` context (a King's steps are the
/// orthogonal ones, then the diagonal ones).
///
/// # Panics
/// At compile time, if `N` is not `A + B`.
pub(crate) const fn joined<T: Copy, const A: usize, const B: usize, const N: usize>(
    first: [T; A],
    second: [T; B],
) -> [T; N] {
    assert!(N == A + B, "N must be A + B");
    let mut out = [first[0]; N];
    crate::const_for!(i in 0..A => {
        out[i] = first[i];
    });
    crate::const_for!(i in 0..B => {
        out[A + i] = second[i];
    });
    out
}

#[cfg(test)]
mod tests {
    use crate::{square::Square, Hex};

    #[test]
    fn king_steps_are_the_orthogonal_then_the_diagonal_ones() {
        assert_eq!(Hex::KING[..6], Hex::ORTHOGONAL);
        assert_eq!(Hex::KING[6..], Hex::DIAGONAL);
        assert_eq!(Square::KING[..4], Square::ORTHOGONAL);
        assert_eq!(Square::KING[4..], Square::DIAGONAL);
        assert_eq!(Hex::new(2, -1) - Hex::new(1, 1), Hex::new(1, -2));
        assert_eq!(-Square::new(1, -2), Square::new(-1, 2));
    }
}
