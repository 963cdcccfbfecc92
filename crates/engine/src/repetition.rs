//! Repetitions along the search path, as [`Game`](hexvar_geometry::Game) counts them.
//!
//! A position can only repeat one reached since the last zeroing move
//! ([`Variant::is_zeroing`]): those are compared by Zobrist hash, except the first of them (the
//! position right after the zeroing move, the window's start), which is also compared by
//! [`Variant::is_repetition_of`]. Only a zeroing move creates an en passant right, and a variant
//! may keep in its hash one that no legal move uses (C'escacs does), which the rules leave out:
//! by hashes alone, a return to that position would go unseen.

use hexvar_geometry::Variant;

/// Where the current node's repetitions can start: the position right after the last zeroing
/// move (or the oldest position the search was given) and its place on the path of hashes.
pub(crate) struct Window<'a, V> {
    pub start: &'a V,
    pub index: usize,
}

// Derived `Clone`/`Copy` would ask `V: Copy`; the window only holds a reference.
impl<V> Clone for Window<'_, V> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<V> Copy for Window<'_, V> {}

/// Whether `pos`, the last of `path` (the hashes of the positions played, oldest first), occurred
/// before within `window`.
pub(crate) fn repeats<V: Variant>(path: &[u64], window: Window<'_, V>, pos: &V) -> bool {
    let Some((&now, earlier)) = path.split_last() else {
        return false;
    };
    let Some(since) = earlier.get(window.index..) else {
        return false;
    };
    let Some((&first, later)) = since.split_first() else {
        return false;
    };
    later.iter().rev().any(|&h| h == now) || first == now || window.start.is_repetition_of(pos)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hexvar_cescacs::Position as Cescacs;

    /// The move of `pos` that takes `mv` (played two plies earlier) back, if any.
    fn back<V: Variant>(pos: &V, mv: V::Move) -> Option<V::Move> {
        let (from, to) = V::move_cells(mv);
        pos.legal_moves().iter().copied().find(|&m| {
            let (f, t) = V::move_cells(m);
            f == Some(to) && Some(t) == from && !pos.is_zeroing(m)
        })
    }

    /// Four plies from `start` that come back to it by the rules: each side moves a man and
    /// moves it back. The positions after each, `start` first.
    fn shuffle<V: Variant>(start: &V) -> Option<Vec<V>> {
        let quiet = |pos: &V, m: V::Move| !pos.is_zeroing(m) && V::move_cells(m).0.is_some();
        for y in start.legal_moves().into_iter().filter(|&m| quiet(start, m)) {
            let mut q1 = start.clone();
            q1.play_unchecked(y);
            for x in q1.legal_moves().into_iter().filter(|&m| quiet(&q1, m)) {
                let mut q2 = q1.clone();
                q2.play_unchecked(x);
                let Some(y2) = back(&q2, y) else { continue };
                let mut q3 = q2.clone();
                q3.play_unchecked(y2);
                let Some(x2) = back(&q3, x) else { continue };
                let mut q4 = q3.clone();
                q4.play_unchecked(x2);
                if q4.is_repetition_of(start) {
                    return Some(vec![start.clone(), q1, q2, q3, q4]);
                }
            }
        }
        None
    }

    fn hashes<V: Variant>(line: &[V]) -> Vec<u64> {
        line.iter().map(Variant::zobrist_hash).collect()
    }

    /// After every C'escacs pawn's first move from the start, a shuffle back to the position
    /// is a repetition, whether or not the hashes agree (they do not where the pawn's step
    /// leaves an en passant right that no move uses), and no earlier ply is one.
    #[test]
    fn return_to_the_window_start_is_a_repetition() {
        let start = Cescacs::new();
        let mut missed_by_hash = 0;
        for step in start.legal_moves() {
            if !start.is_zeroing(step) {
                continue;
            }
            let mut after = start.clone();
            after.play_unchecked(step);
            let line = shuffle(&after).expect("a shuffle");
            let path = hashes(&line);
            let window = Window {
                start: &line[0],
                index: 0,
            };
            for ply in 1..line.len() - 1 {
                assert!(
                    !repeats(&path[..=ply], window, &line[ply]),
                    "{step:?} ply {ply}"
                );
            }
            assert!(repeats(&path, window, &line[4]), "{step:?}");
            missed_by_hash += usize::from(path[0] != path[4]);
            // Outside the window nothing counts.
            let later = Window {
                start: &line[1],
                index: 1,
            };
            assert!(!repeats(&path, later, &line[4]), "{step:?}");
        }
        eprintln!("{missed_by_hash} returns with a hash unlike the first");
    }
}
