//! Move ordering: each move of a node gets a key, and the moves are picked best key first, one
//! at a time (a cut-off spares sorting the rest).
//!
//! A capture by a man worth more than its victim may lose the exchange, and judging that takes a
//! static exchange evaluation (a few move generations). Such a capture is keyed as a good one
//! and judged only when it is about to be picked: when it loses, it takes its lower key and the
//! pick is made again. A node cut off by an earlier move never pays for the judgement, and the
//! order of the moves that are searched is exactly the one that judging every capture first
//! would give (see [`Keys::pick`]).

/// Ordering keys, best first.
pub(crate) const KEY_HASH_MOVE: i32 = 1 << 30;
pub(crate) const KEY_CAPTURE: i32 = 1 << 28;
pub(crate) const KEY_KILLER: i32 = 1 << 27;
/// Captures that lose the exchange come after the killers, before the other quiet moves.
pub(crate) const KEY_LOSING_CAPTURE: i32 = 1 << 26;
/// History scores stay below the killers and the losing captures.
pub(crate) const HISTORY_MAX: i32 = 1 << 24;
/// The key of a move not to be searched at all (quiescence's pruned captures): picking stops
/// there.
pub(crate) const KEY_SKIP: i32 = i32::MIN;

/// The ordering keys of one node's moves, index for index, and which captures are still to be
/// judged.
#[derive(Clone, Debug, Default)]
pub(crate) struct Keys {
    key: Vec<i32>,
    unjudged: Vec<bool>,
}

impl Keys {
    /// Empties the keys for a new node's moves.
    pub fn clear(&mut self) {
        self.key.clear();
        self.unjudged.clear();
    }

    /// The next move's key; `unjudged`: a capture whose exchange is judged when it is picked.
    #[inline]
    pub fn push(&mut self, key: i32, unjudged: bool) {
        self.key.push(key);
        self.unjudged.push(unjudged);
    }

    /// The key of the move at `i`.
    #[inline]
    pub fn get(&self, i: usize) -> i32 {
        self.key[i]
    }

    /// The keys of the moves before `i` (all judged: they were picked).
    pub fn before(&self, i: usize) -> &[i32] {
        &self.key[..i]
    }

    /// Moves the moves not to be searched ([`KEY_SKIP`]) behind the others, keeping the
    /// others' order, and drops their keys; the number of moves left in front. Picking among
    /// those gives the same moves in the same order of keys (among equal keys the order may
    /// differ, as a pick's swap moves the move it displaces). A quiescence node keeps few of
    /// its moves, and each pick then looks at those alone.
    pub fn compact<M>(&mut self, moves: &mut [M]) -> usize {
        let mut kept = 0;
        for j in 0..self.key.len() {
            if self.key[j] != KEY_SKIP {
                moves.swap(kept, j);
                self.key[kept] = self.key[j];
                self.unjudged[kept] = self.unjudged[j];
                kept += 1;
            }
        }
        self.key.truncate(kept);
        self.unjudged.truncate(kept);
        kept
    }

    /// Places at `i` the move with the best key among `i..` (the first of equal keys), judging
    /// an unjudged capture when it comes up: `demote(mv, key)` gives its key when its exchange
    /// loses, and the pick is then made again.
    ///
    /// The same move is picked as if every capture had been judged first: a key only ever
    /// falls when judged, so the first best among the keys as they stand, once judged and
    /// unchanged, is also the first best among the final keys (no earlier move can reach its
    /// key without having beaten it now).
    #[inline]
    pub fn pick<M: Copy>(
        &mut self,
        moves: &mut [M],
        i: usize,
        mut demote: impl FnMut(M, i32) -> Option<i32>,
    ) {
        loop {
            let mut top = i;
            for j in i + 1..moves.len() {
                if self.key[j] > self.key[top] {
                    top = j;
                }
            }
            if self.unjudged[top] {
                self.unjudged[top] = false;
                if let Some(lower) = demote(moves[top], self.key[top]) {
                    self.key[top] = lower;
                    continue;
                }
            }
            moves.swap(i, top);
            self.key.swap(i, top);
            self.unjudged.swap(i, top);
            return;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a losing capture's key falls by (keys fall only: a losing capture's key is below
    /// the good one's).
    const FALL: i32 = 15;

    /// Picks every move in turn, with `losing` demoting; the order picked.
    fn picked(keys: &[(i32, bool)], losing: &[bool]) -> Vec<usize> {
        let mut moves: Vec<usize> = (0..keys.len()).collect();
        let mut k = Keys::default();
        for &(key, unjudged) in keys {
            k.push(key, unjudged);
        }
        for i in 0..moves.len() {
            k.pick(&mut moves, i, |mv, key| losing[mv].then_some(key - FALL));
        }
        moves
    }

    #[test]
    fn lazy_judgement_picks_what_judging_first_would() {
        // Pseudo-random keys with ties, some captures unjudged, some of those losing.
        let mut seed = 0x0DE2_u64;
        for _ in 0..500 {
            let n = 1 + (seed % 23) as usize;
            let (mut lazy, mut eager, mut losing) = (Vec::new(), Vec::new(), Vec::new());
            for _ in 0..n {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let key = ((seed >> 40) % 6) as i32 * 10;
                let unjudged = (seed >> 20) & 1 == 1;
                let loses = unjudged && (seed >> 21) & 1 == 1;
                lazy.push((key, unjudged));
                eager.push((if loses { key - FALL } else { key }, false));
                losing.push(loses);
            }
            assert_eq!(
                picked(&lazy, &losing),
                picked(&eager, &vec![false; n]),
                "{lazy:?} losing {losing:?}"
            );
        }
    }

    /// Compacting keeps the moves searched and their order by key (among equal keys the
    /// order may change: a pick's swap moves the move it displaces).
    #[test]
    fn compacting_keeps_the_picks() {
        let mut seed = 0xC0_u64;
        for _ in 0..300 {
            let n = 1 + (seed % 31) as usize;
            let mut keys = Vec::new();
            for _ in 0..n {
                seed = seed
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                // A skipped move is never still to be judged.
                keys.push(match (seed >> 40) % 4 {
                    0 => (KEY_SKIP, false),
                    k => (k as i32 * 10, (seed >> 20) & 1 == 1),
                });
            }
            let losing: Vec<bool> = (0..n).map(|i| i % 3 == 0).collect();
            let final_key = |mv: usize| {
                let (key, unjudged) = keys[mv];
                if unjudged && losing[mv] {
                    key - FALL
                } else {
                    key
                }
            };
            let mut whole = picked(&keys, &losing);
            let mut moves: Vec<usize> = (0..n).collect();
            let mut k = Keys::default();
            for &(key, unjudged) in &keys {
                k.push(key, unjudged);
            }
            let kept = k.compact(&mut moves);
            assert_eq!(kept, keys.iter().filter(|k| k.0 != KEY_SKIP).count());
            for i in 0..kept {
                k.pick(&mut moves[..kept], i, |mv, key| {
                    losing[mv].then_some(key - FALL)
                });
            }
            whole.truncate(kept);
            let by_key = |line: &[usize]| line.iter().map(|&mv| final_key(mv)).collect::<Vec<_>>();
            assert_eq!(by_key(&moves[..kept]), by_key(&whole), "{keys:?}");
            let (mut a, mut b) = (moves[..kept].to_vec(), whole);
            a.sort_unstable();
            b.sort_unstable();
            assert_eq!(a, b, "{keys:?}");
        }
    }

    #[test]
    fn a_picked_move_is_judged_once() {
        let mut moves = [0usize, 1];
        let mut k = Keys::default();
        k.push(10, true);
        k.push(5, false);
        let mut judged = 0;
        k.pick(&mut moves, 0, |_, _| {
            judged += 1;
            Some(1)
        });
        assert_eq!((moves, judged), ([1, 0], 1));
        k.pick(&mut moves, 1, |_, _| {
            judged += 1;
            None
        });
        assert_eq!((k.get(1), judged), (1, 1));
    }
}
