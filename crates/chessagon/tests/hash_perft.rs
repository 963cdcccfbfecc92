//! Hash perft and split perft (geometry's, over this crate's `Position`) against the conformance
//! counts, and perft's depth bound.

use hexvar_chessagon::{perft, perft_without_bulk, Position};
use hexvar_geometry::hash_perft::{hash_perft, split_perft, PerftTable, Split};
use hexvar_geometry::perft::read_rows;

/// Per position the deepest row up to this many leaves: the file runs in a few CPU-seconds in a
/// debug build.
const CAP: u64 = 50_000;

#[test]
fn hash_perft_and_split_perft_give_the_conformance_counts() {
    let rows = read_rows(include_str!("data/conformance.txt")).expect("well-formed file");
    // Each position's deepest row under the cap (the rows of a position are consecutive).
    let mut deepest: Vec<&hexvar_geometry::perft::PerftRow> = Vec::new();
    for row in rows.iter().filter(|r| r.count <= CAP) {
        match deepest.last_mut() {
            Some(last) if last.position == row.position => {
                if row.depth > last.depth {
                    *last = row;
                }
            }
            _ => deepest.push(row),
        }
    }
    // One small table for the whole file: entries of other positions must never answer.
    let table = PerftTable::with_megabytes(1);
    for row in &deepest {
        let pos: Position = row.position.parse().expect("a valid position");
        let line = row.line;
        assert_eq!(
            hash_perft(&pos, row.depth, &table),
            row.count,
            "line {line}"
        );
        let split = Split {
            plies: 1,
            threads: 2,
        };
        assert_eq!(
            split_perft(&pos, row.depth, split, Some(&table)),
            row.count,
            "line {line}"
        );
    }
    assert!(deepest.len() >= 150, "{} positions", deepest.len());
}

#[test]
#[should_panic(expected = "perft depth 100000 is above MAX_PERFT_DEPTH (64)")]
fn perft_far_too_deep_is_refused_before_the_stack_overflows() {
    perft(&Position::new(), 100_000);
}

#[test]
#[should_panic(expected = "perft depth 100000 is above MAX_PERFT_DEPTH (64)")]
fn perft_without_bulk_far_too_deep_is_refused_before_the_stack_overflows() {
    perft_without_bulk(&Position::new(), 100_000);
}
