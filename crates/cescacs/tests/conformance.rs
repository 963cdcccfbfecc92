//! Perft against the data files: `tests/data/perft.txt` (the rules documents' counts) and
//! `tests/data/conformance.txt` (positions from long random games, counts agreed by two
//! independently written implementations). `cargo test` runs the rows of at most a million
//! leaves; `cargo test -p hexvar-cescacs -- --ignored` runs every row.
use hexvar_cescacs::Position;
use hexvar_geometry::perft::check_rows;

const PERFT: &str = include_str!("data/perft.txt");
const CONFORMANCE: &str = include_str!("data/conformance.txt");

fn check(cap: u64) -> usize {
    let mut ran = 0;
    for (file, text) in [("perft.txt", PERFT), ("conformance.txt", CONFORMANCE)] {
        ran += check_rows::<Position>(file, text, cap).unwrap_or_else(|e| panic!("{e}"));
    }
    ran
}

#[test]
fn rows_up_to_a_million_leaves() {
    let ran = check(1_000_000);
    // The 10 rows of perft.txt under the cap (one is deeper) and all 308 of conformance.txt.
    assert_eq!(ran, 10 + 308);
}

#[test]
#[ignore = "every row, the deep ones included: cargo test -p hexvar-cescacs -- --ignored"]
fn every_row() {
    assert_eq!(check(u64::MAX), 11 + 308);
}
