//! Hash perft and split perft (geometry's, over each crate's `Position`) against every crate's
//! conformance counts, transpositions answered right, and each crate's own perft refusing a depth
//! that would overflow the stack. One file for the five, since the checks are geometry's.

use hexvar_geometry::hash_perft::{check_rows, check_transpositions};
use hexvar_geometry::Variant;

/// Per position the deepest row up to `cap` leaves (Kirby's lower: a Kirby position, copied into
/// each table entry, is a kilobyte): the file runs in a few CPU-seconds.
fn hash_perft_agrees<V: Variant>(conformance: &str, cap: u64) {
    let positions = check_rows::<V>("conformance.txt", conformance, cap).unwrap();
    assert!(positions >= 150, "{}: {positions} positions", V::NAME);
    check_transpositions::<V>("conformance.txt", conformance).unwrap();
}

macro_rules! conformance {
    ($dir:literal) => {
        include_str!(concat!(
            "../../crates/",
            $dir,
            "/tests/data/conformance.txt"
        ))
    };
}

#[test]
fn hash_perft_and_split_perft_give_the_conformance_counts() {
    hash_perft_agrees::<hexvar_brusky::Position>(conformance!("brusky"), 50_000);
    hash_perft_agrees::<hexvar_chessagon::Position>(conformance!("chessagon"), 50_000);
    hash_perft_agrees::<hexvar_dagger::Position>(conformance!("dagger"), 50_000);
    hash_perft_agrees::<hexvar_cescacs::Position>(conformance!("cescacs"), 50_000);
    hash_perft_agrees::<hexvar_kirby::Position>(conformance!("kirby"), 20_000);
}

/// Whether a call panics with the depth bound's message.
fn refuses_depth(call: impl FnOnce() -> u64 + std::panic::UnwindSafe) -> bool {
    let message = std::panic::catch_unwind(call).expect_err("a depth of 100,000 must be refused");
    let text = message
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| message.downcast_ref::<&str>().copied())
        .unwrap_or_default();
    text.contains("perft depth 100000 is above MAX_PERFT_DEPTH (64)")
}

fn refuses_far_too_deep<V: Variant>() {
    assert!(refuses_depth(|| V::start().perft(100_000)), "{}", V::NAME);
    assert!(
        refuses_depth(|| V::start().perft_without_bulk(100_000)),
        "{}",
        V::NAME
    );
}

#[test]
fn perft_far_too_deep_is_refused_before_the_stack_overflows() {
    refuses_far_too_deep::<hexvar_brusky::Position>();
    refuses_far_too_deep::<hexvar_chessagon::Position>();
    refuses_far_too_deep::<hexvar_dagger::Position>();
    refuses_far_too_deep::<hexvar_cescacs::Position>();
    refuses_far_too_deep::<hexvar_kirby::Position>();
    assert!(refuses_depth(|| hexvar_brusky::perft(
        &hexvar_brusky::Position::new(),
        100_000
    )));
    assert!(refuses_depth(|| hexvar_kirby::perft_without_bulk(
        &hexvar_kirby::Position::new(),
        100_000
    )));
}
