//! Fixed-size cell sets.
//!
//! A cell is a dense index `0..N` into a board's cell list. Boards up to 128 cells use
//! [`Set128`] (one `u128`); larger boards use [`WideSet<W>`] (`W` 64-bit words). Both offer the
//! same operations, `const` where the builders in [`crate::table`] need them.

use core::ops::{
    BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Sub, SubAssign,
};

/// A set of up to 128 cells, one bit per cell index.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Set128(pub u128);

/// A board's cell type, made from a dense index that a cell set holds.
///
/// Implemented by each variant's `Cell`, so that iterating a set can yield cells.
pub trait DenseCell: Copy {
    /// The cell with dense index `index`.
    ///
    /// # Panics
    /// When `index` is not a cell of the board: a set built from cells never holds one.
    fn from_dense(index: usize) -> Self;

    /// The cell's dense index, the bit a cell set holds it at.
    fn dense_index(self) -> usize;
}

/// What every cell set offers whatever its width, so that generic code (an evaluation, a
/// binding) can combine, count and visit the men a position reports without knowing the board's
/// size.
///
/// The operators are the set algebra: `&` intersection, `|` union, `^` symmetric difference, `-`
/// difference, and their `*=` forms. `!` complements over the set's whole bit width (128 bits for
/// [`Set128`], `64 · W` for [`WideSet<W>`]), which is wider than any board: a caller intersects a
/// complement with the board's cells (or with another set of cells) before using it. Iterating a
/// set (`for index in set`) yields its dense indices, lowest first; [`cells_of`](crate::cells_of)
/// yields a variant's cells.
///
/// ```
/// use hexvar_geometry::{CellBits, Set128};
///
/// let set = Set128::EMPTY.with(3).with(70);
/// assert_eq!(set.count(), 2);
/// assert!(set.contains_index(70));
/// assert_eq!(set.indices().collect::<Vec<_>>(), vec![3, 70]);
///
/// // Generic code combines sets with the operators and the trait's tests alone.
/// fn free_neighbours<S: CellBits>(neighbours: S, occupied: S) -> Option<S> {
///     neighbours.intersects(&occupied).then(|| neighbours - occupied)
/// }
/// let near = Set128::EMPTY.with(2).with(3).with(4);
/// let free = free_neighbours(near, set).unwrap();
/// assert_eq!(free.into_iter().collect::<Vec<_>>(), vec![2, 4]);
/// assert!(free.is_subset(near) && !set.is_subset(near));
/// ```
pub trait CellBits:
    Copy
    + Eq
    + core::hash::Hash
    + core::fmt::Debug
    + Default
    + Send
    + Sync
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Sub<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + SubAssign
    + IntoIterator<Item = usize, IntoIter: ExactSizeIterator>
{
    /// The number of cells in the set.
    fn count(&self) -> u32;
    /// Whether the set holds the cell with dense index `index` (false beyond the bit width).
    fn contains_index(&self, index: usize) -> bool;
    /// The dense indices, lowest first.
    fn indices(&self) -> impl Iterator<Item = usize>;
    /// Whether the set holds no cell.
    fn is_empty(&self) -> bool;
    /// Whether every cell of this set is in `other`.
    #[inline]
    fn is_subset(&self, other: &Self) -> bool {
        (*self - *other).is_empty()
    }
    /// Whether the two sets share a cell.
    #[inline]
    fn intersects(&self, other: &Self) -> bool {
        !(*self & *other).is_empty()
    }
}

impl CellBits for Set128 {
    #[inline]
    fn count(&self) -> u32 {
        self.len()
    }
    #[inline]
    fn contains_index(&self, index: usize) -> bool {
        index < 128 && self.has(index)
    }
    #[inline]
    fn indices(&self) -> impl Iterator<Item = usize> {
        self.iter()
    }
    #[inline]
    fn is_empty(&self) -> bool {
        self.0 == 0
    }
}

impl<const W: usize> CellBits for WideSet<W> {
    #[inline]
    fn count(&self) -> u32 {
        self.len()
    }
    #[inline]
    fn contains_index(&self, index: usize) -> bool {
        index < 64 * W && self.has(index)
    }
    #[inline]
    fn indices(&self) -> impl Iterator<Item = usize> {
        self.iter()
    }
    #[inline]
    fn is_empty(&self) -> bool {
        WideSet::is_empty(self)
    }
}

impl Set128 {
    /// The empty set.
    pub const EMPTY: Set128 = Set128(0);

    /// The set holding only `cell`.
    #[inline]
    pub const fn single(cell: usize) -> Set128 {
        Set128(1 << cell)
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub const fn has(self, cell: usize) -> bool {
        self.0 >> cell & 1 != 0
    }

    /// The set with `cell` added.
    #[inline]
    pub const fn with(self, cell: usize) -> Set128 {
        Set128(self.0 | 1 << cell)
    }

    /// The set with `cell` removed.
    #[inline]
    pub const fn without(self, cell: usize) -> Set128 {
        Set128(self.0 & !(1 << cell))
    }

    /// Whether the set is empty.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The number of cells in the set.
    #[inline]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest cell index, if any.
    #[inline]
    pub const fn first(self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as usize)
        }
    }

    /// The highest cell index, if any.
    #[inline]
    pub const fn last(self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            Some(127 - self.0.leading_zeros() as usize)
        }
    }

    /// Whether the two sets share a cell.
    #[inline]
    pub const fn intersects(self, other: Set128) -> bool {
        self.0 & other.0 != 0
    }

    /// Whether every cell of the set is in `other`.
    #[inline]
    pub const fn is_subset(self, other: Set128) -> bool {
        self.0 & !other.0 == 0
    }

    /// Whether the set holds more than one cell.
    #[inline]
    pub const fn has_many(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The members as cells of a board, in increasing index order.
    #[inline]
    pub fn cells<C: DenseCell>(self) -> impl Iterator<Item = C> {
        self.iter().map(C::from_dense)
    }

    /// Whether the set holds `cell`.
    #[inline]
    pub fn has_cell<C: DenseCell>(self, cell: C) -> bool {
        self.has(cell.dense_index())
    }

    /// The set with `cell` added.
    #[inline]
    pub fn with_cell<C: DenseCell>(self, cell: C) -> Set128 {
        self.with(cell.dense_index())
    }

    /// The set of the given cells.
    pub fn from_cells<C: DenseCell>(cells: impl IntoIterator<Item = C>) -> Set128 {
        cells.into_iter().map(C::dense_index).collect()
    }

    /// The cells in increasing index order.
    #[inline]
    pub fn iter(self) -> Set128Iter {
        Set128Iter {
            low: self.0 as u64,
            high: (self.0 >> 64) as u64,
        }
    }
}

/// Iterator over the cells of a [`Set128`], lowest first.
///
/// It scans the low word, then the high one: a 64-bit bit scan and clear is cheaper than the
/// 128-bit one, which the compiler builds from two 64-bit halves and a branch on every step.
#[derive(Clone, Debug)]
pub struct Set128Iter {
    low: u64,
    high: u64,
}

impl Iterator for Set128Iter {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.low != 0 {
            let cell = self.low.trailing_zeros() as usize;
            self.low &= self.low - 1;
            Some(cell)
        } else if self.high != 0 {
            let cell = 64 + self.high.trailing_zeros() as usize;
            self.high &= self.high - 1;
            Some(cell)
        } else {
            None
        }
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = (self.low.count_ones() + self.high.count_ones()) as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Set128Iter {}

impl IntoIterator for Set128 {
    type Item = usize;
    type IntoIter = Set128Iter;
    fn into_iter(self) -> Set128Iter {
        self.iter()
    }
}

impl FromIterator<usize> for Set128 {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> Set128 {
        iter.into_iter().fold(Set128::EMPTY, Set128::with)
    }
}

/// A set of up to `64 · W` cells, one bit per cell index, in `W` words (lowest cells first).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WideSet<const W: usize>(pub [u64; W]);

impl<const W: usize> Default for WideSet<W> {
    fn default() -> Self {
        Self::EMPTY
    }
}

impl<const W: usize> WideSet<W> {
    /// The empty set.
    pub const EMPTY: WideSet<W> = WideSet([0; W]);

    /// The set holding only `cell`.
    #[inline]
    pub const fn single(cell: usize) -> WideSet<W> {
        Self::EMPTY.with(cell)
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub const fn has(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 != 0
    }

    /// The set with `cell` added.
    #[inline]
    pub const fn with(mut self, cell: usize) -> WideSet<W> {
        self.0[cell / 64] |= 1 << (cell % 64);
        self
    }

    /// The set with `cell` removed.
    #[inline]
    pub const fn without(mut self, cell: usize) -> WideSet<W> {
        self.0[cell / 64] &= !(1 << (cell % 64));
        self
    }

    /// The union of two sets, usable in `const` context.
    #[inline]
    pub const fn union(mut self, other: &WideSet<W>) -> WideSet<W> {
        let mut i = 0;
        while i < W {
            self.0[i] |= other.0[i];
            i += 1;
        }
        self
    }

    /// Whether the set is empty. One OR over the words and one test, without a branch per
    /// word: cheaper in the generators' tight loops.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        let mut any = 0;
        let mut i = 0;
        while i < W {
            any |= self.0[i];
            i += 1;
        }
        any == 0
    }

    /// The number of cells in the set.
    #[inline]
    pub const fn len(&self) -> u32 {
        let mut n = 0;
        let mut i = 0;
        while i < W {
            n += self.0[i].count_ones();
            i += 1;
        }
        n
    }

    /// The lowest cell index, if any.
    #[inline]
    pub const fn first(&self) -> Option<usize> {
        let mut i = 0;
        while i < W {
            if self.0[i] != 0 {
                return Some(i * 64 + self.0[i].trailing_zeros() as usize);
            }
            i += 1;
        }
        None
    }

    /// The highest cell index, if any.
    #[inline]
    pub const fn last(&self) -> Option<usize> {
        let mut i = W;
        while i > 0 {
            i -= 1;
            if self.0[i] != 0 {
                return Some(i * 64 + 63 - self.0[i].leading_zeros() as usize);
            }
        }
        None
    }

    /// Whether the two sets share a cell. One OR over the words' intersections and one test,
    /// without a branch per word.
    #[inline]
    pub fn intersects(&self, other: &WideSet<W>) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(0, |any, (a, b)| any | (a & b))
            != 0
    }

    /// Whether every cell of the set is in `other`.
    #[inline]
    pub fn is_subset(&self, other: &WideSet<W>) -> bool {
        self.0
            .iter()
            .zip(other.0.iter())
            .fold(0, |outside, (a, b)| outside | (a & !b))
            == 0
    }

    /// Whether the set holds more than one cell.
    #[inline]
    pub fn has_many(&self) -> bool {
        self.len() > 1
    }

    /// The members as cells of a board, in increasing index order.
    #[inline]
    pub fn cells<C: DenseCell>(&self) -> impl Iterator<Item = C> {
        self.iter().map(C::from_dense)
    }

    /// Whether the set holds `cell`.
    #[inline]
    pub fn has_cell<C: DenseCell>(&self, cell: C) -> bool {
        self.has(cell.dense_index())
    }

    /// The set with `cell` added.
    #[inline]
    pub fn with_cell<C: DenseCell>(self, cell: C) -> WideSet<W> {
        self.with(cell.dense_index())
    }

    /// The set of the given cells.
    pub fn from_cells<C: DenseCell>(cells: impl IntoIterator<Item = C>) -> WideSet<W> {
        cells.into_iter().map(C::dense_index).collect()
    }

    /// The cells in increasing index order.
    #[inline]
    pub fn iter(&self) -> WideSetIter<W> {
        WideSetIter {
            words: self.0,
            word: 0,
        }
    }
}

/// Iterator over the cells of a [`WideSet`], lowest first.
#[derive(Clone, Debug)]
pub struct WideSetIter<const W: usize> {
    words: [u64; W],
    word: usize,
}

impl<const W: usize> Iterator for WideSetIter<W> {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word < W {
            let w = self.words[self.word];
            if w != 0 {
                self.words[self.word] = w & (w - 1);
                return Some(self.word * 64 + w.trailing_zeros() as usize);
            }
            self.word += 1;
        }
        None
    }
    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.words[self.word.min(W)..]
            .iter()
            .map(|w| w.count_ones() as usize)
            .sum();
        (n, Some(n))
    }
}

impl<const W: usize> ExactSizeIterator for WideSetIter<W> {}

impl<const W: usize> IntoIterator for WideSet<W> {
    type Item = usize;
    type IntoIter = WideSetIter<W>;
    fn into_iter(self) -> WideSetIter<W> {
        self.iter()
    }
}

impl<const W: usize> FromIterator<usize> for WideSet<W> {
    fn from_iter<I: IntoIterator<Item = usize>>(iter: I) -> WideSet<W> {
        iter.into_iter().fold(WideSet::EMPTY, WideSet::with)
    }
}

macro_rules! set_ops {
    ($ty:ty, $($generics:tt)*) => {
        impl$($generics)* BitAnd for $ty {
            type Output = Self;
            #[inline]
            fn bitand(mut self, rhs: Self) -> Self {
                self &= rhs;
                self
            }
        }
        impl$($generics)* BitOr for $ty {
            type Output = Self;
            #[inline]
            fn bitor(mut self, rhs: Self) -> Self {
                self |= rhs;
                self
            }
        }
        impl$($generics)* BitXor for $ty {
            type Output = Self;
            #[inline]
            fn bitxor(mut self, rhs: Self) -> Self {
                self ^= rhs;
                self
            }
        }
        impl$($generics)* Sub for $ty {
            type Output = Self;
            #[inline]
            fn sub(mut self, rhs: Self) -> Self {
                self -= rhs;
                self
            }
        }
    };
}

set_ops!(Set128,);
set_ops!(WideSet<W>, <const W: usize>);

/// The in-place operators of both set types, word by word: `|a, b| word` gives a word of the
/// result from a word of each operand.
macro_rules! assign_ops {
    ($($trait:ident $method:ident |$a:ident, $b:ident| $word:expr;)+) => {
        $(
            impl $trait for Set128 {
                #[inline]
                fn $method(&mut self, rhs: Self) {
                    let ($a, $b) = (self.0, rhs.0);
                    self.0 = $word;
                }
            }
            impl<const W: usize> $trait for WideSet<W> {
                #[inline]
                fn $method(&mut self, rhs: Self) {
                    for (word, $b) in self.0.iter_mut().zip(rhs.0) {
                        let $a = *word;
                        *word = $word;
                    }
                }
            }
        )+
    };
}

assign_ops! {
    BitAndAssign bitand_assign |a, b| a & b;
    BitOrAssign bitor_assign |a, b| a | b;
    BitXorAssign bitxor_assign |a, b| a ^ b;
    SubAssign sub_assign |a, b| a & !b;
}

/// The complement over all 128 bits, cells beyond the board included: intersect it with the
/// board's cells before use.
impl Not for Set128 {
    type Output = Set128;
    #[inline]
    fn not(self) -> Set128 {
        Set128(!self.0)
    }
}

/// The complement over all `64 · W` bits, cells beyond the board included: intersect it with the
/// board's cells before use.
impl<const W: usize> Not for WideSet<W> {
    type Output = WideSet<W>;
    #[inline]
    fn not(mut self) -> WideSet<W> {
        for a in self.0.iter_mut() {
            *a = !*a;
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set128_iterates_both_words_in_order() {
        let set: Set128 = [127, 3, 64, 63, 0].into_iter().collect();
        assert_eq!(set.iter().collect::<Vec<_>>(), [0, 3, 63, 64, 127]);
        assert_eq!(set.iter().len(), 5);
        let mut it = set.iter();
        it.nth(2);
        assert_eq!(it.len(), 2);
        assert_eq!(Set128::EMPTY.iter().next(), None);
    }

    #[test]
    fn set128_basics() {
        let s = Set128::EMPTY.with(3).with(100).with(127);
        assert_eq!(s.len(), 3);
        assert!(s.has(100) && !s.has(99));
        assert_eq!(s.first(), Some(3));
        assert_eq!(s.last(), Some(127));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 100, 127]);
        assert!(s.has_many() && !Set128::single(5).has_many());
        assert_eq!((s - Set128::single(3)).first(), Some(100));
        assert_eq!(s.without(100).len(), 2);
    }

    #[test]
    fn wide_set_matches_set128_on_the_low_cells() {
        let cells = [0usize, 5, 63, 64, 65, 127];
        let a: Set128 = cells.iter().copied().collect();
        let b: WideSet<3> = cells.iter().copied().collect();
        assert_eq!(a.iter().collect::<Vec<_>>(), b.iter().collect::<Vec<_>>());
        assert_eq!(a.len(), b.len());
        assert_eq!(a.first(), b.first());
        assert_eq!(a.last(), b.last());
        let c = WideSet::<3>::single(150);
        assert_eq!((b | c).last(), Some(150));
        assert!((b & c).is_empty());
        assert!(!(b ^ c).is_empty());
        assert_eq!((!WideSet::<3>::EMPTY).len(), 192);
        assert!(b.intersects(&WideSet::single(64)));
        assert_eq!(b.without(0).first(), Some(5));
    }
}

#[cfg(test)]
mod model {
    //! The set algebra of both widths against `BTreeSet`, the obviously right model.
    use std::collections::BTreeSet;

    use proptest::prelude::*;

    use super::*;

    type Model = BTreeSet<usize>;

    fn build<S: CellBits + FromIterator<usize>>(model: &Model) -> S {
        model.iter().copied().collect()
    }

    fn check_algebra<S: CellBits + FromIterator<usize>>(a: &Model, b: &Model, width: usize) {
        let (sa, sb): (S, S) = (build(a), build(b));
        let members = |s: S| s.into_iter().collect::<Vec<usize>>();
        let sorted = |m: Model| m.into_iter().collect::<Vec<usize>>();
        assert_eq!(members(sa & sb), sorted(a & b));
        assert_eq!(members(sa | sb), sorted(a | b));
        assert_eq!(members(sa ^ sb), sorted(a ^ b));
        assert_eq!(members(sa - sb), sorted(a - b));
        let complement: Model = (0..width).filter(|i| !a.contains(i)).collect();
        assert_eq!(members(!sa), sorted(complement));
        let mut assigned = sa;
        assigned &= sb;
        assert_eq!(assigned, sa & sb);
        assigned = sa;
        assigned |= sb;
        assert_eq!(assigned, sa | sb);
        assigned = sa;
        assigned ^= sb;
        assert_eq!(assigned, sa ^ sb);
        assigned = sa;
        assigned -= sb;
        assert_eq!(assigned, sa - sb);
        assert_eq!(sa.is_subset(&sb), a.is_subset(b));
        assert_eq!(sa.intersects(&sb), !a.is_disjoint(b));
        assert_eq!(sa.is_empty(), a.is_empty());
        assert_eq!(sa.count() as usize, a.len());
        assert_eq!(sa.indices().collect::<Vec<_>>(), sorted(a.clone()));
        assert_eq!(sa.into_iter().len(), a.len());
        for index in 0..width + 3 {
            assert_eq!(sa.contains_index(index), a.contains(&index), "{index}");
        }
    }

    fn cells(width: usize) -> impl Strategy<Value = Model> {
        proptest::collection::btree_set(0..width, 0..40)
    }

    proptest! {
        #[test]
        fn set128_algebra_is_the_model_s(a in cells(128), b in cells(128)) {
            check_algebra::<Set128>(&a, &b, 128);
        }

        #[test]
        fn wide_set_algebra_is_the_model_s(a in cells(320), b in cells(320)) {
            check_algebra::<WideSet<5>>(&a, &b, 320);
        }

        #[test]
        fn the_inherent_tests_agree_with_the_trait_s(a in cells(192), b in cells(192)) {
            let (sa, sb): (WideSet<3>, WideSet<3>) = (build(&a), build(&b));
            prop_assert_eq!(sa.is_subset(&sb), CellBits::is_subset(&sa, &sb));
            prop_assert_eq!(sa.intersects(&sb), CellBits::intersects(&sa, &sb));
            let low = |m: &Model| m.iter().copied().filter(|&i| i < 128).collect::<Model>();
            let (na, nb): (Set128, Set128) = (build(&low(&a)), build(&low(&b)));
            prop_assert_eq!(na.is_subset(nb), CellBits::is_subset(&na, &nb));
            prop_assert_eq!(na.intersects(nb), CellBits::intersects(&na, &nb));
        }
    }
}
