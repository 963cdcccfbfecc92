//! Perft against the data files: `tests/data/perft.txt` (the rules' reference counts) and
//! `tests/data/conformance.txt` (positions from long random games, counts agreed by two
//! independently written implementations). Rows up to 1 000 000 leaves run in `cargo test`;
//! `cargo test -p hexvar-chessagon -- --ignored` runs every row.

use hexvar_chessagon::{divide, perft, perft_without_bulk, Position};
use hexvar_geometry::perft::{check_rows, read_rows};

const PERFT: &str = include_str!("data/perft.txt");
const CONFORMANCE: &str = include_str!("data/conformance.txt");
const CAP: u64 = 1_000_000;

fn run(file: &str, text: &str, cap: u64) -> usize {
    check_rows::<Position>(file, text, cap).unwrap_or_else(|failures| panic!("{failures}"))
}

#[test]
fn perft_rows_up_to_the_cap() {
    assert!(run("perft.txt", PERFT, CAP) >= 3);
}

#[test]
fn conformance_rows_up_to_the_cap() {
    let rows = read_rows(CONFORMANCE).unwrap();
    assert!(rows.len() >= 150 * 2, "{} rows", rows.len());
    assert!(run("conformance.txt", CONFORMANCE, CAP) >= 300);
}

#[test]
#[ignore = "every row, about a minute in release: cargo test -p hexvar-chessagon -- --ignored"]
fn every_row_of_both_files() {
    run("perft.txt", PERFT, u64::MAX);
    run("conformance.txt", CONFORMANCE, u64::MAX);
}

#[test]
fn every_position_text_in_the_data_is_canonical() {
    for text in [PERFT, CONFORMANCE] {
        for row in read_rows(text).unwrap() {
            let pos: Position = row.position.parse().unwrap();
            assert_eq!(pos.to_string(), row.position, "line {}", row.line);
        }
    }
}

#[test]
fn bulk_and_plain_perft_agree_and_divide_sums() {
    let pos = Position::new();
    assert_eq!(perft_without_bulk(&pos, 2), 2_492);
    let split = divide(&pos, 2);
    assert_eq!(split.len(), 50);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 2_492);
    assert!(divide(&pos, 0).is_empty());
    // Bulk counting changes nothing on the benchmark's middlegames either.
    let bench = include_str!("data/bench.txt");
    let texts: Vec<&str> = bench
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .collect();
    assert!(texts.len() >= 8);
    for text in texts {
        let pos: Position = text.parse().unwrap();
        assert_eq!(perft(&pos, 2), perft_without_bulk(&pos, 2), "{text}");
        // The crate's own perft (played from the set-wise layer) and geometry's generic one.
        assert_eq!(
            perft(&pos, 2),
            hexvar_geometry::perft::perft(&pos, 2),
            "{text}"
        );
        // Drawn from random games (xtask holds the rule): ordinary play, 10 legal moves or more.
        assert!(pos.legal_moves().len() >= 10, "{text}");
    }
}
