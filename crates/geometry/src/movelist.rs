//! A fixed-capacity list of moves on the stack: no allocation, and no fill when it is created.
//!
//! Each variant crate proves a worst case for the number of legal moves in one position and
//! names its list `MoveList = hexvar_geometry::MoveList<Move, MAX_MOVES>`. Pushing more than the
//! capacity is a bug in that proof, so it panics.

use core::fmt;
use core::ops::{Deref, DerefMut};

use arrayvec::ArrayVec;

/// Up to `N` moves of type `M`, stored inline.
///
/// It dereferences to a slice, so sorting, shuffling, searching and iterating are the slice's.
///
/// ```
/// use hexvar_geometry::MoveList;
///
/// let mut moves: MoveList<u16, 8> = MoveList::new();
/// moves.extend([3, 1, 2]);
/// moves.sort_unstable();
/// assert_eq!(moves.as_slice(), &[1, 2, 3]);
/// assert_eq!(MoveList::<u16, 8>::CAPACITY, 8);
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct MoveList<M, const N: usize>(ArrayVec<M, N>);

impl<M, const N: usize> MoveList<M, N> {
    /// The most moves the list holds.
    pub const CAPACITY: usize = N;

    /// An empty list. Nothing is written to the storage.
    #[inline]
    pub const fn new() -> Self {
        MoveList(ArrayVec::new_const())
    }

    /// A new list that `fill` writes: a variant's `legal_moves()` over its `legal_moves_into`.
    ///
    /// ```
    /// use hexvar_geometry::MoveList;
    ///
    /// let list = MoveList::<u8, 4>::filled_by(|list| list.extend([3, 1]));
    /// assert_eq!(list[..], [3, 1]);
    /// ```
    #[inline]
    pub fn filled_by(fill: impl FnOnce(&mut Self)) -> Self {
        let mut list = MoveList::new();
        fill(&mut list);
        list
    }

    /// Appends a move.
    ///
    /// # Panics
    /// When the list is full: the variant's proven capacity was wrong.
    #[inline]
    pub fn push(&mut self, mv: M) {
        self.0.push(mv);
    }

    /// Appends a move, or gives it back when the list is full.
    #[inline]
    pub fn try_push(&mut self, mv: M) -> Result<(), M> {
        self.0.try_push(mv).map_err(|e| e.element())
    }

    /// Removes every move.
    #[inline]
    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// Keeps the first `len` moves.
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.0.truncate(len);
    }

    /// Keeps the moves for which `keep` returns `true`, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&M) -> bool) {
        self.0.retain(|m| keep(m));
    }

    /// Removes and returns the move at `index`, replacing it with the last one.
    ///
    /// # Panics
    /// When `index` is out of bounds.
    #[inline]
    pub fn swap_remove(&mut self, index: usize) -> M {
        self.0.swap_remove(index)
    }

    /// Removes and returns the last move.
    #[inline]
    pub fn pop(&mut self) -> Option<M> {
        self.0.pop()
    }

    /// Whether the list holds [`Self::CAPACITY`] moves.
    #[inline]
    pub fn is_full(&self) -> bool {
        self.0.is_full()
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        &self.0
    }

    /// The moves as a mutable slice.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        &mut self.0
    }
}

impl<M, const N: usize> Default for MoveList<M, N> {
    #[inline]
    fn default() -> Self {
        MoveList::new()
    }
}

impl<M, const N: usize> Deref for MoveList<M, N> {
    type Target = [M];

    #[inline]
    fn deref(&self) -> &[M] {
        &self.0
    }
}

impl<M, const N: usize> DerefMut for MoveList<M, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [M] {
        &mut self.0
    }
}

impl<M: fmt::Debug, const N: usize> fmt::Debug for MoveList<M, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<M, const N: usize> Extend<M> for MoveList<M, N> {
    /// # Panics
    /// When the moves do not fit.
    fn extend<I: IntoIterator<Item = M>>(&mut self, moves: I) {
        for mv in moves {
            self.push(mv);
        }
    }
}

impl<M, const N: usize> FromIterator<M> for MoveList<M, N> {
    /// # Panics
    /// When the moves do not fit.
    fn from_iter<I: IntoIterator<Item = M>>(moves: I) -> Self {
        let mut list = MoveList::new();
        list.extend(moves);
        list
    }
}

impl<M, const N: usize> IntoIterator for MoveList<M, N> {
    type Item = M;
    type IntoIter = arrayvec::IntoIter<M, N>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_iter()
    }
}

impl<'a, M, const N: usize> IntoIterator for &'a MoveList<M, N> {
    type Item = &'a M;
    type IntoIter = core::slice::Iter<'a, M>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter()
    }
}

impl<'a, M, const N: usize> IntoIterator for &'a mut MoveList<M, N> {
    type Item = &'a mut M;
    type IntoIter = core::slice::IterMut<'a, M>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.iter_mut()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_pop_retain_and_order() {
        let mut list: MoveList<u8, 4> = (1..=3).collect();
        assert_eq!(list.len(), 3);
        list.push(4);
        assert!(list.is_full());
        assert_eq!(list.try_push(5), Err(5));
        list.retain(|&m| m % 2 == 0);
        assert_eq!(list.as_slice(), &[2, 4]);
        assert_eq!(list.swap_remove(0), 2);
        assert_eq!(list.pop(), Some(4));
        assert!(list.is_empty());
        assert_eq!(
            format!("{:?}", [7u8].into_iter().collect::<MoveList<u8, 4>>()),
            "[7]"
        );
    }

    #[test]
    #[should_panic]
    fn overflow_is_a_bug_and_panics() {
        let mut list: MoveList<u8, 1> = MoveList::new();
        list.push(1);
        list.push(2);
    }
}
