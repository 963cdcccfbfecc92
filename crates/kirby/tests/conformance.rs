//! Perft against the data files: `perft.txt` (the counts of the rules specification: the
//! start positions of every mode and the mid-game position T1) and `conformance.txt` (257
//! positions from long random games; see its header for how the counts were agreed).
//!
//! `cargo test` runs the rows of at most 1 000 000 nodes; `cargo test -p hexvar-kirby --
//! --ignored` runs every row.

use hexvar_geometry::perft::check_rows;
use hexvar_kirby::Position;

const PERFT: &str = include_str!("data/perft.txt");
const CONFORMANCE: &str = include_str!("data/conformance.txt");
const CAP: u64 = 1_000_000;

fn run(file: &str, text: &str, cap: u64, at_least: usize) {
    match check_rows::<Position>(file, text, cap) {
        Ok(ran) => assert!(ran >= at_least, "{file}: only {ran} rows ran"),
        Err(failures) => panic!("{failures}"),
    }
}

#[test]
fn perft_rows_up_to_the_cap() {
    run("perft.txt", PERFT, CAP, 30);
}

#[test]
fn conformance_rows_up_to_the_cap() {
    run("conformance.txt", CONFORMANCE, CAP, 600);
}

#[test]
#[ignore = "every row: minutes; run with -- --ignored"]
fn perft_every_row() {
    run("perft.txt", PERFT, u64::MAX, 37);
}

#[test]
#[ignore = "every row: minutes; run with -- --ignored"]
fn conformance_every_row() {
    run("conformance.txt", CONFORMANCE, u64::MAX, 692);
}

#[test]
fn specialised_perft_agrees_with_the_generic_one() {
    // The crate's perft defers the elimination test; geometry's plays every move in full,
    // elimination included. Every depth-2 row, against its expected count too.
    for line in CONFORMANCE.lines().filter(|l| l.starts_with("2 ")) {
        let pos: Position = line.splitn(3, ' ').nth(2).unwrap().parse().unwrap();
        let expected: u64 = line.split(' ').nth(1).unwrap().parse().unwrap();
        assert_eq!(hexvar_geometry::perft(&pos, 2), expected, "{line}");
        assert_eq!(
            hexvar_kirby::perft(&pos, 2),
            hexvar_geometry::perft(&pos, 2),
            "{line}"
        );
        assert_eq!(
            hexvar_kirby::perft_without_bulk(&pos, 2),
            hexvar_geometry::perft_without_bulk(&pos, 2)
        );
        let ours = hexvar_kirby::divide(&pos, 2);
        let generic = hexvar_geometry::divide(&pos, 2);
        assert_eq!(ours, generic);
    }
}
