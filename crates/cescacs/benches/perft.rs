//! `cargo bench -p hexvar-cescacs`: perft from the start position, timed with
//! `std::time::Instant`, with the node counts asserted; prints nodes per second.
#![allow(missing_docs)]
use std::time::Instant;

use hexvar_cescacs::{perft, perft_without_bulk, Position};

fn time(label: &str, expected: u64, run: impl Fn() -> u64) {
    let mut best = f64::INFINITY;
    for _ in 0..3 {
        let t = Instant::now();
        let nodes = run();
        best = best.min(t.elapsed().as_secs_f64());
        assert_eq!(nodes, expected, "{label}");
    }
    println!(
        "{label}: {expected} nodes in {:.3} s, {:.1} M nodes/s",
        best,
        expected as f64 / best / 1e6
    );
}

fn main() {
    let start = Position::new();
    time("cescacs start perft 4 (bulk)", 25_048_957, || {
        perft(&start, 4)
    });
    time("cescacs start perft 3 (no bulk)", 340_385, || {
        perft_without_bulk(&start, 3)
    });
}
