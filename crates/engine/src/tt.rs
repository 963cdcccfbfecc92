//! The transposition table: a fixed array of entries indexed by the Zobrist hash's low bits,
//! allocated once per search. An entry keeps the whole hash to tell positions apart, the best
//! move, the score with its bound and the depth it was searched to. A new result replaces an
//! entry of another position, or of the same position searched less deep.

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true score is at least this (a beta cut-off).
    Lower,
    /// The true score is at most this (no move reached alpha).
    Upper,
}

#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry<M> {
    pub key: u64,
    pub mv: Option<M>,
    pub score: i32,
    pub depth: i16,
    pub bound: Bound,
}

pub(crate) struct Table<M> {
    entries: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table<M> {
        let len = 1usize << bits;
        Table {
            entries: vec![None; len],
            mask: len - 1,
        }
    }

    /// The entry of the position with hash `key`, if one is stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores a result, unless the slot holds the same position searched deeper.
    #[inline]
    pub fn store(&mut self, entry: Entry<M>) {
        let slot = &mut self.entries[entry.key as usize & self.mask];
        match slot {
            Some(old) if old.key == entry.key && old.depth > entry.depth => {
                if old.mv.is_none() {
                    old.mv = entry.mv;
                }
            }
            _ => *slot = Some(entry),
        }
    }
}
