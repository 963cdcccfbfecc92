//! Perft against the data files: `perft.txt` (the counts the rules documents give) and
//! `conformance.txt` (positions from long random games, counts agreed by two independently
//! written implementations of the rules). `cargo test` runs the rows of at most a million
//! nodes; `cargo test -p hexvar-brusky -- --ignored` runs every row.

use hexvar_brusky::{perft, perft_without_bulk, Position};
use hexvar_geometry::perft::check_rows;

/// The largest count `cargo test` runs.
const CAP: u64 = 1_000_000;

const PERFT: &str = include_str!("data/perft.txt");
const CONFORMANCE: &str = include_str!("data/conformance.txt");

fn check(file: &str, text: &str, cap: u64) -> usize {
    check_rows::<Position>(file, text, cap).unwrap_or_else(|failures| panic!("{failures}"))
}

#[test]
fn perft_rows_up_to_the_cap() {
    assert_eq!(check("perft.txt", PERFT, CAP), 3);
}

#[test]
fn conformance_rows_up_to_the_cap() {
    assert_eq!(check("conformance.txt", CONFORMANCE, CAP), 450);
}

#[test]
#[ignore = "every row, the deep ones included: cargo test -p hexvar-brusky -- --ignored"]
fn every_row() {
    assert_eq!(check("perft.txt", PERFT, u64::MAX), 4);
    assert_eq!(check("conformance.txt", CONFORMANCE, u64::MAX), 450);
}

#[test]
fn bulk_and_plain_perft_agree() {
    let pos = Position::new();
    assert_eq!(perft_without_bulk(&pos, 3), perft(&pos, 3));
    for line in include_str!("data/bench.txt").lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let pos: Position = line.parse().unwrap();
        assert_eq!(perft_without_bulk(&pos, 2), perft(&pos, 2), "{pos}");
        // The crate's own no-bulk perft against geometry's generic one.
        assert_eq!(
            perft_without_bulk(&pos, 2),
            hexvar_geometry::perft_without_bulk(&pos, 2),
            "{pos}"
        );
    }
}

#[test]
fn no_bulk_perft_matches_every_depth_2_row() {
    // The crate's own no-bulk perft plays every leaf move: captures, promotions, castling,
    // en passant and double steps all pass through play here.
    let rows = hexvar_geometry::perft::read_rows(CONFORMANCE).unwrap();
    let mut checked = 0;
    for row in rows.iter().filter(|r| r.depth == 2) {
        let pos: Position = row.position.parse().unwrap();
        assert_eq!(perft_without_bulk(&pos, 2), row.count, "line {}", row.line);
        checked += 1;
    }
    assert_eq!(checked, 150);
}
