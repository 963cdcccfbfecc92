//! Hash perft and split perft (geometry's, over this crate's `Position`) against the conformance
//! counts, and perft's depth bound.

use hexvar_brusky::{perft, perft_without_bulk, Position};
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
    // One small table for the whole file, every inner node through it: entries of other positions
    // must never answer.
    let table = PerftTable::with_megabytes(1).storing_from(1);
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
fn hash_perft_answers_transpositions_with_the_right_counts() {
    // At depth 4 the positions three plies down are reached by several move orders, so the
    // table answers for some of them. The position: the conformance position with the most
    // leaves at depth 2 up to 3 000, so that depth 4 stays near ten million leaves.
    let rows = read_rows(include_str!("data/conformance.txt")).expect("well-formed file");
    let row = rows
        .iter()
        .filter(|r| r.depth == 2 && r.count <= 3_000)
        .max_by_key(|r| r.count)
        .expect("a small position");
    let pos: Position = row.position.parse().expect("a valid position");
    let expected = perft(&pos, 4);
    for from in [1, 3] {
        let table = PerftTable::with_megabytes(16).storing_from(from);
        assert_eq!(hash_perft(&pos, 4, &table), expected, "line {}", row.line);
        let split = Split {
            plies: 2,
            threads: 2,
        };
        assert_eq!(split_perft(&pos, 4, split, Some(&table)), expected);
    }
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
