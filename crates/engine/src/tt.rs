//! The transposition table: a fixed array of entries indexed by the Zobrist hash's low bits,
//! sized in megabytes and kept by the [`Engine`](crate::Engine) from one search to the next
//! (its results stay good while the game goes on; a new game clears it).
//!
//! An entry keeps the whole hash to tell positions apart, the best move, the score with its
//! bound, the depth it was searched to and the search (generation) that stored it. A new result
//! replaces an entry of another position, or of the same position searched less deep or by an
//! earlier search. `hashfull` counts the entries the current search wrote among the first
//! thousand, as UCI engines report it.

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
    /// The search that stored it.
    pub generation: u8,
}

pub(crate) struct Table<M> {
    entries: Vec<Option<Entry<M>>>,
    mask: usize,
    generation: u8,
}

/// The fewest entries a table has, whatever the size asked for.
const MIN_ENTRIES: usize = 1 << 10;
/// The entries `hashfull` samples.
const HASHFULL_SAMPLE: usize = 1000;

impl<M: Copy> Table<M> {
    /// A table of at most `megabytes` MiB: the largest power of two of entries that fits (at
    /// least 1024).
    pub fn with_megabytes(megabytes: usize) -> Table<M> {
        let entry = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let fit = megabytes.saturating_mul(1 << 20) / entry;
        let len = if fit < MIN_ENTRIES {
            MIN_ENTRIES
        } else {
            1 << (usize::BITS - 1 - fit.leading_zeros())
        };
        Table {
            entries: vec![None; len],
            mask: len - 1,
            generation: 0,
        }
    }

    /// Forgets every entry (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(None);
        self.generation = 0;
    }

    /// Starts a new search: its entries are told from earlier ones.
    pub fn next_generation(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The entry of the position with hash `key`, if one is stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        self.entries[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores a result, unless the slot holds the same position searched deeper by this search.
    #[inline]
    pub fn store(&mut self, mut entry: Entry<M>) {
        entry.generation = self.generation;
        let slot = &mut self.entries[entry.key as usize & self.mask];
        match slot {
            Some(old)
                if old.key == entry.key
                    && old.generation == entry.generation
                    && old.depth > entry.depth =>
            {
                if old.mv.is_none() {
                    old.mv = entry.mv;
                }
            }
            Some(old) if old.key == entry.key && entry.mv.is_none() => {
                // A fail-low result names no move: the older one still orders best.
                let mv = old.mv;
                *old = entry;
                old.mv = mv;
            }
            _ => *slot = Some(entry),
        }
    }

    /// Per mille of the sampled entries written by the current search.
    pub fn hashfull(&self) -> u32 {
        let sample = &self.entries[..HASHFULL_SAMPLE.min(self.entries.len())];
        let used = sample
            .iter()
            .filter(|e| e.is_some_and(|e| e.generation == self.generation))
            .count();
        (used * 1000 / sample.len()) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(key: u64, depth: i16, mv: Option<u32>) -> Entry<u32> {
        Entry {
            key,
            mv,
            score: 7,
            depth,
            bound: Bound::Exact,
            generation: 0,
        }
    }

    #[test]
    fn sized_in_megabytes() {
        let table = Table::<u32>::with_megabytes(1);
        let bytes = table.entries.len() * std::mem::size_of::<Option<Entry<u32>>>();
        assert!(bytes <= 1 << 20 && bytes * 2 > 1 << 20, "{bytes} bytes");
        assert_eq!(Table::<u32>::with_megabytes(0).entries.len(), MIN_ENTRIES);
    }

    #[test]
    fn deeper_entry_of_this_search_kept_and_generations_age() {
        let mut table = Table::<u32>::with_megabytes(1);
        table.next_generation();
        table.store(entry(5, 6, Some(1)));
        table.store(entry(5, 2, Some(2)));
        assert_eq!(table.probe(5).map(|e| (e.depth, e.mv)), Some((6, Some(1))));
        assert!(table.hashfull() <= 1);
        table.next_generation();
        table.store(entry(5, 2, None));
        // A later search replaces it, keeping the move it knew.
        assert_eq!(table.probe(5).map(|e| (e.depth, e.mv)), Some((2, Some(1))));
        assert_eq!(table.probe(5 + (1 << 40)).map(|e| e.key), None);
        table.clear();
        assert!(table.probe(5).is_none());
    }
}
