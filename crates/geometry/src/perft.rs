//! Perft over any [`Variant`](crate::Variant) (through its lower face [`Walk`], so that the
//! trait's provided `perft` can call this module): the leaf count of the legal-move tree, the standard test of a move
//! generator. The last ply is counted in bulk ([`Variant::legal_move_count`](crate::Variant::legal_move_count)).
//!
//! With the `parallel` feature, [`perft_parallel`] and [`divide_parallel`] split the root moves
//! over rayon's threads. [`hash_perft`](mod@crate::hash_perft) adds a transposition table and splits
//! the tree after its first plies.
//!
//! Every perft here recurses once per ply, so its depth is bounded by [`MAX_PERFT_DEPTH`]: a
//! deeper request panics with a message naming the bound, instead of overflowing the stack.

use core::fmt::Display;
use core::str::FromStr;

use crate::walk::Walk;

/// The deepest perft this crate's functions accept. A perft recurses once per ply, and each ply's
/// frame holds a copy of the position or a move list (kilobytes in the larger variants): the
/// largest frames measured are 11 KiB a ply (C'escacs's hash perft) and 10 KiB (Kirby's own
/// perft), so 64 plies take about 0.7 MiB, a third of a 2 MiB thread stack (the measure is in
/// `docs/perft.md`); and no perft beyond a dozen plies finishes in any variant anyway.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Panics, naming the bound, when `depth` is above [`MAX_PERFT_DEPTH`].
///
/// ```should_panic
/// hexvar_geometry::perft::check_depth(65); // "perft depth 65 is above MAX_PERFT_DEPTH (64)"
/// ```
#[track_caller]
pub fn check_depth(depth: u32) {
    assert!(
        depth <= MAX_PERFT_DEPTH,
        "perft depth {depth} is above MAX_PERFT_DEPTH ({MAX_PERFT_DEPTH})"
    );
}

/// The number of leaves `depth` plies below `pos`, counting the last ply in bulk: the variant's
/// [`Variant::perft`](crate::Variant::perft) (geometry's [`generic_perft`] unless the crate has a faster one).
///
/// # Panics
///
/// When `depth` is above [`MAX_PERFT_DEPTH`].
#[track_caller]
pub fn perft<V: Walk>(pos: &V, depth: u32) -> u64 {
    check_depth(depth);
    pos.perft(depth)
}

/// The same count as [`perft`], playing every leaf move (measures `play_unchecked` too): the
/// variant's [`Variant::perft_without_bulk`](crate::Variant::perft_without_bulk).
///
/// # Panics
///
/// When `depth` is above [`MAX_PERFT_DEPTH`].
#[track_caller]
pub fn perft_without_bulk<V: Walk>(pos: &V, depth: u32) -> u64 {
    check_depth(depth);
    pos.perft_without_bulk(depth)
}

/// Perft over the trait alone, counting the last ply with [`Variant::legal_move_count`](crate::Variant::legal_move_count).
///
/// # Panics
///
/// When `depth` is above [`MAX_PERFT_DEPTH`].
#[track_caller]
pub fn generic_perft<V: Walk>(pos: &V, depth: u32) -> u64 {
    check_depth(depth);
    count::<V, true>(pos, depth)
}

/// Perft over the trait alone, playing every leaf move.
///
/// # Panics
///
/// When `depth` is above [`MAX_PERFT_DEPTH`].
#[track_caller]
pub fn generic_perft_without_bulk<V: Walk>(pos: &V, depth: u32) -> u64 {
    check_depth(depth);
    count::<V, false>(pos, depth)
}

/// The leaves `depth` plies below `pos`; with `BULK` the last ply is counted, not played. The
/// move list is filled in this frame (one returned by value may be copied whole, kilobytes, per
/// node) and so is each child (one returned by value is copied twice).
fn count<V: Walk, const BULK: bool>(pos: &V, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if BULK && depth == 1 {
        return pos.legal_move_count() as u64;
    }
    let mut moves = V::MoveList::default();
    pos.legal_moves_into(&mut moves);
    let mut nodes = 0;
    for &mv in moves.iter() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        nodes += count::<V, BULK>(&child, depth - 1);
    }
    nodes
}

/// Perft per legal root move, sorted by the move's notation. At depth 0 there are no moves to
/// split by, so the list is empty; at depth 1 every move counts 1.
///
/// # Panics
///
/// When `depth` is above [`MAX_PERFT_DEPTH`].
#[track_caller]
pub fn divide<V: Walk>(pos: &V, depth: u32) -> Vec<(V::Move, u64)> {
    check_depth(depth);
    if depth == 0 {
        return Vec::new();
    }
    let mut split: Vec<(V::Move, u64)> = pos
        .legal_moves()
        .iter()
        .map(|&mv| (mv, perft(&child_of(pos, mv), depth - 1)))
        .collect();
    sort_by_notation(&mut split);
    split
}

pub(crate) fn child_of<V: Walk>(pos: &V, mv: V::Move) -> V {
    let mut child = pos.clone();
    child.play_unchecked(mv);
    child
}

fn sort_by_notation<M: Display>(split: &mut [(M, u64)]) {
    split.sort_by_cached_key(|(mv, _)| mv.to_string());
}

/// [`perft`] with the root moves split over rayon's threads.
///
/// # Panics
///
/// When `depth` is above [`MAX_PERFT_DEPTH`].
#[cfg(feature = "parallel")]
#[track_caller]
pub fn perft_parallel<V: Walk>(pos: &V, depth: u32) -> u64 {
    use rayon::prelude::*;
    check_depth(depth);
    if depth <= 1 {
        return perft(pos, depth);
    }
    let moves: Vec<V::Move> = pos.legal_moves().iter().copied().collect();
    moves
        .par_iter()
        .map(|&mv| perft(&child_of(pos, mv), depth - 1))
        .sum()
}

/// [`divide`] with the root moves split over rayon's threads.
///
/// # Panics
///
/// When `depth` is above [`MAX_PERFT_DEPTH`].
#[cfg(feature = "parallel")]
#[track_caller]
pub fn divide_parallel<V: Walk>(pos: &V, depth: u32) -> Vec<(V::Move, u64)> {
    use rayon::prelude::*;
    check_depth(depth);
    if depth == 0 {
        return Vec::new();
    }
    let moves: Vec<V::Move> = pos.legal_moves().iter().copied().collect();
    let mut split: Vec<(V::Move, u64)> = moves
        .par_iter()
        .map(|&mv| (mv, perft(&child_of(pos, mv), depth - 1)))
        .collect();
    sort_by_notation(&mut split);
    split
}

/// One row of a perft data file: `<depth> <count> <position text>`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PerftRow {
    /// The line number, from 1.
    pub line: usize,
    /// The depth in plies.
    pub depth: u32,
    /// The expected leaf count.
    pub count: u64,
    /// The position text.
    pub position: String,
}

/// Reads a perft data file: one `<depth> <count> <position text>` row per line; blank lines and
/// lines starting with `#` are skipped. The error names the first malformed line.
///
/// ```
/// let rows = hexvar_geometry::perft::read_rows("# a comment\n1 20 some position w\n").unwrap();
/// assert_eq!((rows[0].line, rows[0].depth, rows[0].count), (2, 1, 20));
/// assert_eq!(rows[0].position, "some position w");
/// assert!(hexvar_geometry::perft::read_rows("x 20 p").is_err());
/// assert!(hexvar_geometry::perft::read_rows("65 20 p").is_err()); // above MAX_PERFT_DEPTH
/// ```
pub fn read_rows(text: &str) -> Result<Vec<PerftRow>, String> {
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = || {
            format!(
                "line {}: expected `<depth> <count> <position>` with a depth up to {MAX_PERFT_DEPTH}",
                i + 1
            )
        };
        let mut parts = line.splitn(3, ' ');
        let depth = parts
            .next()
            .and_then(|d| d.parse().ok())
            .filter(|&d| d <= MAX_PERFT_DEPTH)
            .ok_or_else(bad)?;
        let count = parts.next().and_then(|c| c.parse().ok()).ok_or_else(bad)?;
        let position = parts.next().ok_or_else(bad)?.trim().to_string();
        rows.push(PerftRow {
            line: i + 1,
            depth,
            count,
            position,
        });
    }
    Ok(rows)
}

/// Runs every row of a perft data file whose expected count is at most `max_nodes` and returns
/// how many ran; the error lists every row that failed, by `file` and line.
pub fn check_rows<V: Walk + FromStr>(
    file: &str,
    text: &str,
    max_nodes: u64,
) -> Result<usize, String>
where
    V::Err: Display,
{
    let rows = read_rows(text).map_err(|e| format!("{file}: {e}"))?;
    let mut failures = Vec::new();
    let mut ran = 0;
    for row in rows.iter().filter(|r| r.count <= max_nodes) {
        ran += 1;
        match row.position.parse::<V>() {
            Ok(pos) => {
                let nodes = perft(&pos, row.depth);
                if nodes != row.count {
                    failures.push(format!(
                        "{file}:{}: depth {} gives {nodes}, expected {}",
                        row.line, row.depth, row.count
                    ));
                }
            }
            Err(e) => failures.push(format!("{file}:{}: {e}", row.line)),
        }
    }
    if failures.is_empty() {
        Ok(ran)
    } else {
        Err(failures.join("\n"))
    }
}
