//! Hash perft: perft with a transposition table, and perft split after its first plies.
//!
//! A perft tree reaches most positions a few plies down by several move orders. A [`PerftTable`]
//! remembers the leaf count below a position at a depth, so that each is counted once;
//! [`split_perft`] also merges the positions after the first plies (with their multiplicity) and
//! counts them on several threads that share one table.
//!
//! # No hash collision reaches a count
//!
//! An entry is found by the variant's Zobrist hash but answers only for the same position: the
//! entry keeps a copy of the position it counted, and a probe is a hit only when the depth is the
//! same and [`Variant::is_repetition_of`] holds (same men, side to move and rights: the same legal
//! moves now and after, the clocks left out, which no variant's move generation reads). A Zobrist
//! collision, however likely over billions of probes, therefore costs a miss, never a wrong count.
//! A 128-bit key would make a false hit unlikely; the copy makes it impossible, and leaving the
//! clocks out lets the many transpositions that differ only in the halfmove clock hit (a key
//! hashed from the position text missed them: Brusky's depth 6 took as long as plain perft).
//!
//! ```
//! use hexvar_geometry::hash_perft::{hash_perft, split_perft, PerftTable, Split};
//! use hexvar_geometry::{perft, Variant};
//!
//! fn deep_count<V: Variant>(pos: &V, depth: u32) -> u64 {
//!     let table = PerftTable::<V>::with_megabytes(256);
//!     let nodes = split_perft(pos, depth, Split { plies: 2, threads: 2 }, Some(&table));
//!     debug_assert_eq!(nodes, hash_perft(pos, depth, &table)); // one thread, the same table
//!     nodes
//! }
//! ```

use std::collections::HashMap;
use std::fmt;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, MutexGuard};

use crate::perft::{check_depth, child_of};
use crate::Variant;

/// The shallowest subtree worth a table entry: below it the crate's own perft counts faster than
/// the table is searched. With entries from depth 2, Brusky's start counted slower than plain
/// perft (depth 5: 4.0 s against 2.6 s): a depth-2 subtree is a few thousand leaves, ten
/// microseconds of bulk counting.
const MIN_STORED_DEPTH: u32 = 3;

/// The locks the table is split over: enough that two threads rarely wait for each other.
const MAX_SHARDS: usize = 1024;

/// One remembered count: the position it belongs to, the depth (0: empty) and the leaves.
#[derive(Clone)]
struct Entry<V> {
    position: V,
    depth: u32,
    count: u64,
}

/// Two entries per index: the first keeps the deeper subtree, the second the latest one.
type Bucket<V> = [Entry<V>; 2];

/// The buckets behind one lock.
type Shard<V> = Mutex<Box<[Bucket<V>]>>;

/// Where a position's entries live: its Zobrist hash mixed with the depth, so that one position's
/// entries at several depths do not compete for one bucket.
fn spread(zobrist: u64, depth: u32) -> u64 {
    zobrist ^ u64::from(depth).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// A transposition table for the perft counts of one variant, of a fixed size, shared by threads
/// (its buckets are split over up to 1024 locks). Each entry holds a copy of its position, so a
/// table of the larger variants holds fewer entries per megabyte (Kirby's positions are about a
/// kilobyte).
///
/// ```
/// use hexvar_geometry::{PerftTable, Variant};
///
/// fn table_of<V: Variant>() -> PerftTable<V> {
///     let table = PerftTable::<V>::with_megabytes(16);
///     assert!(table.bytes() <= 16 << 20);
///     table
/// }
/// ```
pub struct PerftTable<V> {
    shards: Box<[Shard<V>]>,
    /// The shallowest subtree stored.
    shallowest: u32,
}

impl<V: Variant> PerftTable<V> {
    /// A table of at most `megabytes` MiB of entries (and at least one bucket when 0 is asked).
    pub fn with_megabytes(megabytes: usize) -> PerftTable<V> {
        let buckets = (megabytes << 20) / core::mem::size_of::<Bucket<V>>();
        let shard_count = buckets.clamp(1, MAX_SHARDS);
        let per_shard = (buckets / shard_count).max(1);
        let empty = Entry {
            position: V::start(),
            depth: 0,
            count: 0,
        };
        let bucket: Bucket<V> = [empty.clone(), empty];
        let shards = (0..shard_count)
            .map(|_| Mutex::new(vec![bucket.clone(); per_shard].into_boxed_slice()))
            .collect();
        PerftTable {
            shards,
            shallowest: MIN_STORED_DEPTH,
        }
    }

    /// The same table storing subtrees from `depth` plies on (at least 1) instead of 3: slower,
    /// but every inner node of a shallow perft then goes through the table, which is what a test
    /// of the table wants.
    pub fn storing_from(mut self, depth: u32) -> PerftTable<V> {
        self.shallowest = depth.max(1);
        self
    }

    /// The table's size in bytes (its entries).
    pub fn bytes(&self) -> usize {
        let per_shard = self.shards.first().map_or(0, |s| lock(s).len());
        self.shards.len() * per_shard * core::mem::size_of::<Bucket<V>>()
    }

    /// The shard and the bucket index of a position at a depth.
    fn place(&self, pos: &V, depth: u32) -> (&Shard<V>, usize) {
        let spread = spread(pos.zobrist_hash(), depth);
        let shard = &self.shards[(spread >> 40) as usize % self.shards.len()];
        (shard, spread as usize)
    }

    fn probe(&self, pos: &V, depth: u32) -> Option<u64> {
        let (shard, spread) = self.place(pos, depth);
        let buckets = lock(shard);
        let bucket = &buckets[spread % buckets.len()];
        bucket
            .iter()
            .find(|e| e.depth == depth && e.position.is_repetition_of(pos))
            .map(|e| e.count)
    }

    fn store(&self, pos: &V, depth: u32, count: u64) {
        let entry = Entry {
            position: pos.clone(),
            depth,
            count,
        };
        let (shard, spread) = self.place(pos, depth);
        let mut buckets = lock(shard);
        let len = buckets.len();
        let bucket = &mut buckets[spread % len];
        if depth >= bucket[0].depth {
            let deeper = core::mem::replace(&mut bucket[0], entry);
            bucket[1] = deeper;
        } else {
            bucket[1] = entry;
        }
    }
}

fn lock<T>(shard: &Mutex<T>) -> MutexGuard<'_, T> {
    // A thread that panicked while holding a lock left whole entries behind (each is written in
    // one assignment under the lock), so the table is still sound.
    shard
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl<V: Variant> fmt::Debug for PerftTable<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PerftTable")
            .field("bytes", &self.bytes())
            .field("shards", &self.shards.len())
            .finish()
    }
}

/// Perft with a transposition table, on this thread: the same count as
/// [`perft`](crate::perft()), each subtree of depth 3 or more (see [`PerftTable::storing_from`])
/// counted once per table life (as long as its entry is not overwritten). The table may be reused across positions and depths.
///
/// # Panics
///
/// When `depth` is above [`MAX_PERFT_DEPTH`](crate::perft::MAX_PERFT_DEPTH).
#[track_caller]
pub fn hash_perft<V: Variant>(pos: &V, depth: u32, table: &PerftTable<V>) -> u64 {
    check_depth(depth);
    count(pos, depth, table)
}

fn count<V: Variant>(pos: &V, depth: u32, table: &PerftTable<V>) -> u64 {
    if depth < table.shallowest {
        return pos.perft(depth);
    }
    if let Some(nodes) = table.probe(pos, depth) {
        return nodes;
    }
    let mut moves = V::MoveList::default();
    pos.legal_moves_into(&mut moves);
    let nodes = moves
        .iter()
        .map(|&mv| count(&child_of(pos, mv), depth - 1, table))
        .sum();
    table.store(pos, depth, nodes);
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
    table: Option<&PerftTable<V>>,
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

/// Runs [`hash_perft`] and [`split_perft`] (one ply, two threads) on each position's deepest row
/// of a perft data file with at most `max_nodes` leaves, all through one small table storing every
/// inner node, so that an entry of one position must never answer for another; returns how many
/// positions ran. The error lists every row that failed, by `file` and line. Each crate's tests
/// run it over their conformance file.
pub fn check_rows<V: Variant>(file: &str, text: &str, max_nodes: u64) -> Result<usize, String> {
    let rows = crate::perft::read_rows(text).map_err(|e| format!("{file}: {e}"))?;
    // Each position's deepest row under the cap (the rows of a position are consecutive).
    let mut deepest: Vec<&crate::perft::PerftRow> = Vec::new();
    for row in rows.iter().filter(|r| r.count <= max_nodes) {
        match deepest.last_mut() {
            Some(last) if last.position == row.position => {
                if row.depth > last.depth {
                    *last = row;
                }
            }
            _ => deepest.push(row),
        }
    }
    let table = PerftTable::with_megabytes(1).storing_from(1);
    let split = Split {
        plies: 1,
        threads: 2,
    };
    let mut failures = Vec::new();
    for row in &deepest {
        let pos: V = match row.position.parse() {
            Ok(pos) => pos,
            Err(e) => {
                failures.push(format!("{file}:{}: {e}", row.line));
                continue;
            }
        };
        let hashed = hash_perft(&pos, row.depth, &table);
        let split = split_perft(&pos, row.depth, split, Some(&table));
        if hashed != row.count || split != row.count {
            failures.push(format!(
                "{file}:{}: depth {}: hash perft {hashed}, split perft {split}, expected {}",
                row.line, row.depth, row.count
            ));
        }
    }
    if failures.is_empty() {
        Ok(deepest.len())
    } else {
        Err(failures.join("\n"))
    }
}

/// Hash perft and split perft (two plies) at depth 4 against plain perft on the position of a
/// perft data file with the most leaves at depth 2 up to 3,000 (so depth 4 stays near ten million
/// leaves): positions three plies down are reached by several move orders, so the table answers
/// for some of them. Tables storing from depth 1 and from depth 3 are both tried.
pub fn check_transpositions<V: Variant>(file: &str, text: &str) -> Result<(), String> {
    let rows = crate::perft::read_rows(text).map_err(|e| format!("{file}: {e}"))?;
    let row = rows
        .iter()
        .filter(|r| r.depth == 2 && r.count <= 3_000)
        .max_by_key(|r| r.count)
        .ok_or(format!(
            "{file}: no position with 3,000 leaves or fewer at depth 2"
        ))?;
    let pos: V = row
        .position
        .parse()
        .map_err(|e| format!("{file}:{}: {e}", row.line))?;
    let expected = crate::perft::perft(&pos, 4);
    for from in [1, 3] {
        let table = PerftTable::with_megabytes(16).storing_from(from);
        let hashed = hash_perft(&pos, 4, &table);
        let split = Split {
            plies: 2,
            threads: 2,
        };
        let split = split_perft(&pos, 4, split, Some(&table));
        if hashed != expected || split != expected {
            return Err(format!(
                "{file}:{}: depth 4 storing from {from}: hash perft {hashed}, split perft \
                 {split}, plain perft {expected}",
                row.line
            ));
        }
    }
    Ok(())
}
