//! Perft from the start position, timed with `std::time::Instant`: `cargo bench -p hexvar-brusky`.
//! The node counts are asserted (they are the rules documents' counts, as in `tests/data/perft.txt`).

use std::time::Instant;

use hexvar_brusky::{perft, perft_without_bulk, Position};

/// perft(4) from the start position.
const BULK_DEPTH: u32 = 4;
const BULK_NODES: u64 = 13_056_906;
/// perft(4) from the start position, every leaf move played.
const PLAIN_DEPTH: u32 = 4;
const PLAIN_NODES: u64 = 13_056_906;

fn time(name: &str, expected: u64, run: impl Fn() -> u64) {
    let start = Instant::now();
    let nodes = run();
    let seconds = start.elapsed().as_secs_f64();
    assert_eq!(nodes, expected, "{name}");
    println!(
        "{name}: {nodes} nodes in {seconds:.3} s, {:.1} M nodes/s",
        nodes as f64 / seconds / 1e6
    );
}

fn main() {
    let pos = Position::new();
    time("brusky perft bulk depth 4", BULK_NODES, || {
        perft(&pos, BULK_DEPTH)
    });
    time("brusky perft no-bulk depth 4", PLAIN_NODES, || {
        perft_without_bulk(&pos, PLAIN_DEPTH)
    });
}
