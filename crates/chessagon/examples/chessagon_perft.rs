//! `cargo run --release --example chessagon_perft -- [depth] [position text]`: perft with timing.
use std::time::Instant;

use hexvar_chessagon::{perft, perft_without_bulk, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(4);
    let pos: Position = if args.len() > 1 {
        args[1..].join(" ").parse().expect("a valid position")
    } else {
        Position::new()
    };
    let t = Instant::now();
    let n = perft(&pos, depth);
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {n} in {s:.3}s: {:.1} Mnodes/s (bulk)",
        n as f64 / s / 1e6
    );
    if depth <= 5 {
        let t = Instant::now();
        let m = perft_without_bulk(&pos, depth.min(4));
        let s = t.elapsed().as_secs_f64();
        println!(
            "perft_without_bulk({}) = {m} in {s:.3}s: {:.1} Mnodes/s",
            depth.min(4),
            m as f64 / s / 1e6
        );
    }
}
