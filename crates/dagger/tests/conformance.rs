//! Perft against the data files: `tests/data/perft.txt` (the counts the rules give) and
//! `tests/data/conformance.txt` (150 positions from long random games, counts agreed by two
//! independently written implementations; see its header). `cargo test` runs the rows of at most
//! a million leaves, `cargo test -p hexvar-dagger -- --ignored` every row.

use hexvar_dagger::{perft, perft_without_bulk, Position};
use hexvar_geometry::perft::{check_rows, read_rows};

const PERFT: &str = include_str!("data/perft.txt");
const CONFORMANCE: &str = include_str!("data/conformance.txt");
/// The node cap of the rows `cargo test` runs.
const CAP: u64 = 1_000_000;

fn run(file: &str, text: &str, cap: u64) -> usize {
    check_rows::<Position>(file, text, cap).unwrap_or_else(|failures| panic!("{failures}"))
}

#[test]
fn perft_rows_within_the_cap() {
    assert_eq!(run("perft.txt", PERFT, CAP), 14);
}

#[test]
fn conformance_rows_within_the_cap() {
    assert_eq!(run("conformance.txt", CONFORMANCE, CAP), 450);
}

#[test]
#[ignore = "every row, the deepest ones take seconds: cargo test -p hexvar-dagger -- --ignored"]
fn every_row() {
    assert_eq!(run("perft.txt", PERFT, u64::MAX), 16);
    assert_eq!(run("conformance.txt", CONFORMANCE, u64::MAX), 450);
}

#[test]
fn bulk_and_plain_perft_agree() {
    let mut ran = 0;
    for text in [PERFT, CONFORMANCE] {
        for row in read_rows(text).unwrap() {
            if row.count > 30_000 {
                continue;
            }
            let pos: Position = row.position.parse().unwrap();
            assert_eq!(
                perft_without_bulk(&pos, row.depth),
                row.count,
                "line {}",
                row.line
            );
            ran += 1;
        }
    }
    assert!(ran > 400, "{ran}");
}

#[test]
fn data_files_are_well_formed() {
    for (text, min_rows) in [(PERFT, 16), (CONFORMANCE, 450)] {
        let rows = read_rows(text).unwrap();
        assert!(rows.len() >= min_rows);
        for row in rows {
            assert!((1..=8).contains(&row.depth));
            let pos: Position = row.position.parse().unwrap();
            assert_eq!(
                pos.to_string().parse::<Position>(),
                Ok(pos),
                "line {}",
                row.line
            );
        }
    }
}

#[test]
fn bench_positions_are_playable_middlegames() {
    let bench: Vec<&str> = include_str!("data/bench.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    // Drawn from random games by a rule (xtask checks it): positions with 10 moves or more, where
    // bulk and plain perft agree.
    assert!(bench.len() >= 8);
    for text in bench {
        let pos: Position = text.parse().unwrap();
        assert_eq!(perft(&pos, 2), perft_without_bulk(&pos, 2), "{text}");
        assert!(pos.legal_moves().len() >= 10, "{text}");
    }
}
