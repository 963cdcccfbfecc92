//! `cargo run --release --example cescacs_perft -- <depth> [PDTL]`: perft with nodes/s (the best
//! of three runs); with `NOBULK=1` every leaf move is played. The comparison with the chess
//! yardsticks is `cargo xtask bench cescacs`, which runs them in the same rounds.
use std::time::Instant;

use hexvar_cescacs::{perft, perft_without_bulk, Position};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(3);
    let rest: Vec<String> = args.collect();
    let pos: Position = if rest.is_empty() {
        Position::new()
    } else {
        rest.join(" ").parse().expect("a PDTL position")
    };
    let bulk = std::env::var_os("NOBULK").is_none();
    let mut best = (0u64, 0f64);
    for _ in 0..3 {
        let t = Instant::now();
        let n = if bulk {
            perft(&pos, depth)
        } else {
            perft_without_bulk(&pos, depth)
        };
        let rate = n as f64 / t.elapsed().as_secs_f64();
        if rate > best.1 {
            best = (n, rate);
        }
    }
    println!("perft({depth}) = {}: {:.0} nodes/s", best.0, best.1);
}
