//! A crate's perft data files (`tests/data/perft.txt`, `conformance.txt`, `bench.txt`) against
//! its perft, and its own perft against geometry's generic one.

use crate::perft::{
    check_rows, divide, generic_perft, generic_perft_without_bulk, perft, perft_without_bulk,
    read_rows,
};
use crate::Variant;

/// A crate's three perft data files, by content.
#[derive(Clone, Copy, Debug)]
pub struct PerftData<'a> {
    /// `perft.txt`: the counts the rules documents give.
    pub perft: &'a str,
    /// `conformance.txt`: positions from long random games, counts agreed by two independent
    /// implementations.
    pub conformance: &'a str,
    /// `bench.txt`: the bench's middlegames, a position text a line (`#` comments).
    pub bench: &'a str,
}

/// Every row of both files whose count is at most `cap` (see [`check_rows`]), and every position
/// of them printing a text that reads back to it. Returns the rows run per file, `[perft.txt,
/// conformance.txt]`.
pub fn check_perft_files<V: Variant>(data: &PerftData<'_>, cap: u64) -> Result<[usize; 2], String> {
    let mut ran = [0; 2];
    let mut failures = Vec::new();
    let files = [
        ("perft.txt", data.perft),
        ("conformance.txt", data.conformance),
    ];
    for ((file, text), ran) in files.into_iter().zip(&mut ran) {
        match check_rows::<V>(file, text, cap) {
            Ok(n) => *ran = n,
            Err(e) => failures.push(e),
        }
        for row in read_rows(text).map_err(|e| format!("{file}: {e}"))? {
            match row.position.parse::<V>() {
                Ok(pos) if pos.to_string().parse::<V>().ok().as_ref() == Some(&pos) => {}
                Ok(pos) => {
                    failures.push(format!("{file}:{}: {pos} reads back otherwise", row.line))
                }
                Err(e) => failures.push(format!("{file}:{}: {e}", row.line)),
            }
        }
    }
    if failures.is_empty() {
        Ok(ran)
    } else {
        Err(failures.join("\n"))
    }
}

/// The bench's positions, each with at least 10 legal moves (the rule they are drawn by).
pub fn bench_positions<V: Variant>(bench: &str) -> Result<Vec<V>, String> {
    let texts = bench.lines().map(str::trim);
    let mut out = Vec::new();
    for text in texts.filter(|l| !l.is_empty() && !l.starts_with('#')) {
        let pos: V = text
            .parse()
            .map_err(|e| format!("bench.txt: {text}: {e}"))?;
        if pos.legal_move_count() < 10 {
            return Err(format!("bench.txt: {text}: fewer than 10 legal moves"));
        }
        out.push(pos);
    }
    Ok(out)
}

/// The rows [`check_perft_agrees`] plays out five ways: small enough to play every leaf.
pub const AGREEMENT_CAP: u64 = 30_000;

/// The crate's own perft ([`Variant::perft`] and [`Variant::perft_without_bulk`], which a crate
/// may override) against geometry's generic ones and [`divide`]'s sum: on every row of both files
/// with at most [`AGREEMENT_CAP`] leaves (against its count) and at depth 2 on every bench
/// position. Returns the positions checked.
pub fn check_perft_agrees<V: Variant>(data: &PerftData<'_>) -> Result<usize, String> {
    let mut positions = Vec::new();
    for (file, text) in [
        ("perft.txt", data.perft),
        ("conformance.txt", data.conformance),
    ] {
        let rows = read_rows(text).map_err(|e| format!("{file}: {e}"))?;
        for row in rows.into_iter().filter(|r| r.count <= AGREEMENT_CAP) {
            let place = format!("{file}:{}", row.line);
            let pos: V = row.position.parse().map_err(|e| format!("{place}: {e}"))?;
            positions.push((place, pos, row.depth, Some(row.count)));
        }
    }
    for pos in bench_positions::<V>(data.bench)? {
        positions.push((format!("bench.txt: {pos}"), pos, 2, None));
    }
    let mut failures = Vec::new();
    for (place, pos, depth, count) in &positions {
        let depth = *depth;
        let expected = count.unwrap_or_else(|| generic_perft(pos, depth));
        let counts = [
            perft(pos, depth),
            perft_without_bulk(pos, depth),
            generic_perft(pos, depth),
            generic_perft_without_bulk(pos, depth),
            divide(pos, depth).iter().map(|&(_, n)| n).sum(),
        ];
        // Divide splits nothing at depth 0.
        if counts[..4].iter().any(|&n| n != expected) || (depth > 0 && counts[4] != expected) {
            failures.push(format!(
                "{place}: depth {depth}, expected {expected}; perft, without bulk, generic, \
                 generic without bulk, divide: {counts:?}"
            ));
        }
    }
    if failures.is_empty() {
        Ok(positions.len())
    } else {
        Err(failures.join("\n"))
    }
}

/// Writes a variant crate's perft-data tests over its `tests/data/{perft,conformance,bench}.txt`
/// (read at compile time from the calling crate's folder): the rows up to a million leaves run
/// and their counts per file are `rows`; every row (an ignored test, `cargo test -p CRATE --
/// --ignored`) gives `every_row`; [`check_perft_agrees`] checks `agreeing` positions.
///
/// ```ignore
/// hexvar_geometry::perft_data_tests!(hexvar_brusky::Position, rows: [3, 450], every_row: [4, 450], agreeing: 160);
/// ```
#[macro_export]
macro_rules! perft_data_tests {
    ($position:ty, rows: $rows:expr, every_row: $every_row:expr, agreeing: $agreeing:expr) => {
        const DATA: $crate::checks::PerftData<'static> = $crate::checks::PerftData {
            perft: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/perft.txt")),
            conformance: include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/data/conformance.txt"
            )),
            bench: include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bench.txt")),
        };

        #[test]
        fn rows_up_to_a_million_leaves() {
            let ran = $crate::checks::check_perft_files::<$position>(&DATA, 1_000_000);
            assert_eq!(ran, Ok($rows));
        }

        #[test]
        #[ignore = "every row, the deep ones included: cargo test -p CRATE -- --ignored"]
        fn every_row() {
            let ran = $crate::checks::check_perft_files::<$position>(&DATA, u64::MAX);
            assert_eq!(ran, Ok($every_row));
        }

        #[test]
        fn own_perft_agrees_with_the_generic_one_on_small_rows_and_the_bench() {
            let checked = $crate::checks::check_perft_agrees::<$position>(&DATA);
            assert_eq!(checked, Ok($agreeing));
        }
    };
}
