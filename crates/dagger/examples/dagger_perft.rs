//! `cargo run --release -p hexvar-dagger --example dagger_perft -- [--nobulk] [depth] [position text]`:
//! perft from the start position (or the given one), with bulk counting at the last ply or (with
//! `--nobulk`) playing every leaf move, and the leaves per second.

use std::time::Instant;

use hexvar_dagger::{perft, perft_without_bulk, Position};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let nobulk = args.first().is_some_and(|a| a == "--nobulk");
    if nobulk {
        args.remove(0);
    }
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(6);
    let pos: Position = match args.get(1..) {
        Some(rest) if !rest.is_empty() => rest.join(" ").parse().expect("a position text"),
        _ => Position::new(),
    };
    let t = Instant::now();
    let n = if nobulk {
        perft_without_bulk(&pos, depth)
    } else {
        perft(&pos, depth)
    };
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {n}  {}: {s:.3} s, {:.1} M leaves/s",
        if nobulk { "nobulk" } else { "bulk" },
        n as f64 / s / 1e6
    );
}
