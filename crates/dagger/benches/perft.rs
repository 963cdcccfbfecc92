//! Perft speed from the start position, bulk and without bulk counting: a plain `main` timed
//! with `std::time::Instant` (`cargo bench -p hexvar-dagger`). The node counts are the rules'
//! reference counts and are asserted, so the bench measures what it claims. `cargo xtask bench`
//! compares the variants with chess over the start position and middlegames.

use std::hint::black_box;
use std::time::Instant;

use hexvar_dagger::{perft, perft_without_bulk, Position};

fn time(label: &str, nodes: u64, run: impl Fn() -> u64) {
    // The best of a few runs, to keep other work on the machine out of the figure.
    let mut best = f64::INFINITY;
    for _ in 0..5 {
        let start = Instant::now();
        assert_eq!(run(), nodes, "{label}");
        best = best.min(start.elapsed().as_secs_f64());
    }
    println!(
        "{label}: {nodes} leaves in {:.1} ms, {:.1} M leaves/s",
        best * 1e3,
        nodes as f64 / best / 1e6
    );
}

fn main() {
    let pos = Position::new();
    time("dagger perft(5) bulk", 669_966, || {
        perft(black_box(&pos), 5)
    });
    time("dagger perft(4) nobulk", 39_202, || {
        perft_without_bulk(black_box(&pos), 4)
    });
}
