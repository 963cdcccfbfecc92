//! Hash perft and split perft (geometry's, over this crate's `Position`) against the conformance
//! counts, and perft's depth bound.

use hexvar_cescacs::{perft, perft_without_bulk, Position};
use hexvar_geometry::hash_perft::{check_rows, check_transpositions};

const CONFORMANCE: &str = include_str!("data/conformance.txt");

/// Per position the deepest row up to this many leaves: the file runs in a few CPU-seconds in a
/// debug build.
const CAP: u64 = 50_000;

#[test]
fn hash_perft_and_split_perft_give_the_conformance_counts() {
    let positions = check_rows::<Position>("conformance.txt", CONFORMANCE, CAP).unwrap();
    assert!(positions >= 150, "{positions} positions");
}

#[test]
fn hash_perft_answers_transpositions_with_the_right_counts() {
    check_transpositions::<Position>("conformance.txt", CONFORMANCE).unwrap();
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
