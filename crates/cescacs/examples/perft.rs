//! `cargo run --release --example perft -- <depth> [PDTL]`: perft with nodes/s.
use std::time::Instant;

use hexvar_cescacs::{perft, Position};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(3);
    let rest: Vec<String> = args.collect();
    let pos: Position = if rest.is_empty() {
        Position::new()
    } else {
        rest.join(" ").parse().expect("a PDTL position")
    };
    let t = Instant::now();
    let n = perft(&pos, depth);
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {n} in {s:.3} s, {:.0} nodes/s",
        n as f64 / s
    );
}
