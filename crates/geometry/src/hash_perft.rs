//! Hash perft: perft with a transposition table, and perft split after its first plies.
//!
//! A perft tree reaches most positions a few plies down by several move orders. A [`PerftTable`]
//! remembers the leaf count below a position at a depth, so that each is counted once;
//! [`split_perft`] also merges the positions after the first plies (with their multiplicity) and
//! counts them on several threads that share one table.
//!
//! # Keys: no 64-bit collision reaches a count
//!
//! An entry is found by the variant's Zobrist hash and accepted only when a second, independent
//! 64-bit hash and the depth match too: the second key is a seeded SipHash of the position's text,
//! which names the whole position (it parses back to an equal one). A false hit therefore needs
//! two unrelated 64-bit hashes to collide together. Neither alone would do: billions of probes
//! against a 64-bit key meet a collision now and then, and several crates' `core::hash::Hash` of a
//! position is the Zobrist hash itself, so it could not serve as the second key.
//!
//! ```
//! use hexvar_geometry::hash_perft::{hash_perft, split_perft, PerftTable, Split};
//! use hexvar_geometry::{perft, Variant};
//!
//! fn deep_count<V: Variant>(pos: &V, depth: u32) -> u64 {
//!     let table = PerftTable::with_megabytes(256);
//!     let nodes = split_perft(pos, depth, Split { plies: 2, threads: 2 }, Some(&table));
//!     debug_assert_eq!(nodes, hash_perft(pos, depth, &table)); // one thread, the same table
//!     nodes
//! }
//! ```

use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::fmt::{self, Write as _};
use std::hash::Hasher;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use crate::perft::{check_depth, child_of};
use crate::Variant;

/// The shallowest subtree worth a table entry: below it the crate's own perft counts faster than
/// the two keys are made (a depth-1 subtree is one bulk count).
const MIN_STORED_DEPTH: u32 = 2;

/// A seed written before the text, so that the second key is no plain SipHash of the text.
const TEXT_SEED: u64 = 0x6865_7876_6172_2d32;

/// The locks the table is split over: enough that two threads rarely wait for each other.
const MAX_SHARDS: usize = 1024;

/// One remembered count. An empty entry has depth 0, which is never stored.
#[derive(Clone, Copy, Default)]
struct Entry {
    zobrist: u64,
    text: u64,
    depth: u32,
    count: u64,
}

/// Two entries per index: the first keeps the deeper subtree, the second the latest one.
type Bucket = [Entry; 2];

/// The 128-bit key of a position at a depth.
#[derive(Clone, Copy)]
struct Key {
    zobrist: u64,
    text: u64,
    depth: u32,
}

impl Key {
    /// The key of `pos` at `depth`; `None` if the position's text could not be written (no
    /// variant's does that, but a key from half a text must never be used).
    fn of<V: Variant>(pos: &V, depth: u32) -> Option<Key> {
        let mut text = TextHasher(DefaultHasher::new());
        text.0.write_u64(TEXT_SEED);
        write!(text, "{pos}").ok()?;
        Some(Key {
            zobrist: pos.zobrist_hash(),
            text: text.0.finish(),
            depth,
        })
    }

    fn matches(&self, entry: &Entry) -> bool {
        entry.depth == self.depth && entry.zobrist == self.zobrist && entry.text == self.text
    }

    /// Where the key lives: the Zobrist hash mixed with the depth, so that one position's
    /// entries at several depths do not compete for one bucket.
    fn spread(&self) -> u64 {
        self.zobrist ^ u64::from(self.depth).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

/// Feeds a position's text into the second key's hasher without allocating it.
struct TextHasher(DefaultHasher);

impl fmt::Write for TextHasher {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.write(s.as_bytes());
        Ok(())
    }
}

/// A transposition table for perft counts, of a fixed size, shared by threads (its buckets are
/// split over up to 1024 locks).
///
/// ```
/// let table = hexvar_geometry::hash_perft::PerftTable::with_megabytes(16);
/// assert!(table.bytes() <= 16 << 20);
/// ```
pub struct PerftTable {
    shards: Box<[Mutex<Box<[Bucket]>>]>,
}

impl PerftTable {
    /// A table of at most `megabytes` MiB (and at least one bucket, 64 bytes, when 0 is asked).
    pub fn with_megabytes(megabytes: usize) -> PerftTable {
        let buckets = (megabytes << 20) / core::mem::size_of::<Bucket>();
        let shard_count = buckets.clamp(1, MAX_SHARDS);
        let per_shard = (buckets / shard_count).max(1);
        let shards = (0..shard_count)
            .map(|_| Mutex::new(vec![Bucket::default(); per_shard].into_boxed_slice()))
            .collect();
        PerftTable { shards }
    }

    /// The table's size in bytes (its entries).
    pub fn bytes(&self) -> usize {
        let per_shard = self.shards.first().map_or(0, |s| self.lock(s).len());
        self.shards.len() * per_shard * core::mem::size_of::<Bucket>()
    }

    fn lock<'a>(
        &self,
        shard: &'a Mutex<Box<[Bucket]>>,
    ) -> std::sync::MutexGuard<'a, Box<[Bucket]>> {
        // A thread that panicked while holding a lock left whole entries behind (each is written
        // in one assignment under the lock), so the table is still sound.
        shard
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// The shard and the bucket index of a key.
    fn place(&self, key: &Key) -> (&Mutex<Box<[Bucket]>>, u64) {
        let spread = key.spread();
        let shard = &self.shards[(spread >> 40) as usize % self.shards.len()];
        (shard, spread)
    }

    fn probe(&self, key: &Key) -> Option<u64> {
        let (shard, spread) = self.place(key);
        let buckets = self.lock(shard);
        let bucket = &buckets[spread as usize % buckets.len()];
        bucket.iter().find(|e| key.matches(e)).map(|e| e.count)
    }

    fn store(&self, key: &Key, count: u64) {
        let entry = Entry {
            zobrist: key.zobrist,
            text: key.text,
            depth: key.depth,
            count,
        };
        let (shard, spread) = self.place(key);
        let mut buckets = self.lock(shard);
        let len = buckets.len();
        let bucket = &mut buckets[spread as usize % len];
        if entry.depth >= bucket[0].depth {
            bucket[1] = bucket[0];
            bucket[0] = entry;
        } else {
            bucket[1] = entry;
        }
    }
}

impl fmt::Debug for PerftTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PerftTable")
            .field("bytes", &self.bytes())
            .field("shards", &self.shards.len())
            .finish()
    }
}

/// Perft with a transposition table, on this thread: the same count as
/// [`perft`](crate::perft()), each subtree of depth 2 or more counted once per table life (as long
/// as its entry is not overwritten). The table may be reused across positions and depths.
///
/// # Panics
///
/// When `depth` is above [`MAX_PERFT_DEPTH`](crate::perft::MAX_PERFT_DEPTH).
#[track_caller]
pub fn hash_perft<V: Variant>(pos: &V, depth: u32, table: &PerftTable) -> u64 {
    check_depth(depth);
    count(pos, depth, table)
}

fn count<V: Variant>(pos: &V, depth: u32, table: &PerftTable) -> u64 {
    if depth < MIN_STORED_DEPTH {
        return pos.perft(depth);
    }
    let key = Key::of(pos, depth);
    if let Some(nodes) = key.as_ref().and_then(|k| table.probe(k)) {
        return nodes;
    }
    let mut moves = V::MoveList::default();
    pos.legal_moves_into(&mut moves);
    let nodes = moves
        .iter()
        .map(|&mv| count(&child_of(pos, mv), depth - 1, table))
        .sum();
    if let Some(key) = key {
        table.store(&key, nodes);
    }
    nodes
}

/// How [`split_perft`] divides its work.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    /// The plies played out first: the positions reached after them (transpositions merged) are
    /// the units of work. 1 splits by the root moves.
    pub plies: u32,
    /// The threads that take the units of work in turn (0 counts as 1).
    pub threads: usize,
}

/// The positions `plies` plies below `pos`, each once, with the number of move orders that reach
/// it (its multiplicity): `perft(pos, plies + d)` is the sum of `multiplicity * perft(p, d)`. A
/// position is merged only with an equal one (`Eq`, not a hash). Sorted with the positions that
/// have the most legal moves first, a guess at the largest subtrees.
///
/// The positions are held at once: a few plies only (the start positions of the larger variants
/// reach about 10 000 positions after 3 plies, 200 000 after 4).
///
/// ```
/// use hexvar_geometry::hash_perft::split_positions;
/// use hexvar_geometry::{perft, Variant};
///
/// fn check_split<V: Variant>(pos: &V) {
///     let level = split_positions(pos, 2);
///     let total: u64 = level.iter().map(|(_, multiplicity)| multiplicity).sum();
///     assert_eq!(total, perft(pos, 2));
///     let deeper: u64 = level.iter().map(|(p, m)| m * perft(p, 2)).sum();
///     assert_eq!(deeper, perft(pos, 4));
/// }
/// ```
pub fn split_positions<V: Variant>(pos: &V, plies: u32) -> Vec<(V, u64)> {
    let mut level: HashMap<V, u64> = HashMap::from([(pos.clone(), 1)]);
    for _ in 0..plies {
        let mut next: HashMap<V, u64> = HashMap::new();
        for (parent, multiplicity) in &level {
            for &mv in parent.legal_moves().iter() {
                *next.entry(child_of(parent, mv)).or_insert(0) += multiplicity;
            }
        }
        level = next;
    }
    let mut level: Vec<(V, u64)> = level.into_iter().collect();
    level.sort_by_cached_key(|(p, _)| core::cmp::Reverse(p.legal_move_count()));
    level
}

/// Perft of `pos` split after `split.plies` plies ([`split_positions`]), the positions counted on
/// `split.threads` threads that take them in turn, with the shared `table` (hash perft) or without
/// (the variant's own perft per position). The same count as [`perft`](crate::perft()).
///
/// # Panics
///
/// When `depth` is above [`MAX_PERFT_DEPTH`](crate::perft::MAX_PERFT_DEPTH), and with the panic of
/// a counting thread if one panics.
#[track_caller]
pub fn split_perft<V: Variant>(
    pos: &V,
    depth: u32,
    split: Split,
    table: Option<&PerftTable>,
) -> u64 {
    check_depth(depth);
    let plies = split.plies.min(depth);
    let rest = depth - plies;
    let jobs = split_positions(pos, plies);
    let next = AtomicUsize::new(0);
    let worker = || {
        let mut nodes = 0;
        while let Some((position, multiplicity)) = jobs.get(next.fetch_add(1, Ordering::Relaxed)) {
            let below = match table {
                Some(table) => count(position, rest, table),
                None => position.perft(rest),
            };
            nodes += multiplicity * below;
        }
        nodes
    };
    let threads = split.threads.clamp(1, jobs.len().max(1));
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads).map(|_| scope.spawn(worker)).collect();
        let mine = worker();
        handles
            .into_iter()
            .map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .sum::<u64>()
            + mine
    })
}
