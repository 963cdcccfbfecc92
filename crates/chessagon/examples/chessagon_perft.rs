//! `cargo run --release --example chessagon_perft -- [--generic] [--nobulk] [depth] [position
//! text]`: perft with timing, bulk counting at the last ply unless `--nobulk`, with the crate's
//! own perft (what `hexvar_geometry::perft` and `cargo xtask bench` run for this crate) or
//! (`--generic`) `hexvar_geometry`'s generic one over the trait. One run per call, so that
//! `valgrind --tool=callgrind` counts the instructions of one kind of run.
use std::time::Instant;

use hexvar_chessagon::{perft, perft_without_bulk, Position};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let generic = args.first().map(String::as_str) == Some("--generic");
    if generic {
        args.remove(0);
    }
    let bulk = match args.first().map(String::as_str) {
        Some("--nobulk") => {
            args.remove(0);
            false
        }
        _ => true,
    };
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(4);
    let pos: Position = if args.len() > 1 {
        args[1..].join(" ").parse().expect("a valid position")
    } else {
        Position::new()
    };
    let t = Instant::now();
    let n = match (generic, bulk) {
        (false, true) => perft(&pos, depth),
        (false, false) => perft_without_bulk(&pos, depth),
        (true, true) => hexvar_geometry::perft::generic_perft(&pos, depth),
        (true, false) => hexvar_geometry::perft::generic_perft_without_bulk(&pos, depth),
    };
    let s = t.elapsed().as_secs_f64();
    let kind = if bulk { "bulk" } else { "no bulk" };
    println!(
        "perft({depth}) = {n} in {s:.3}s: {:.1} Mnodes/s ({kind})",
        n as f64 / s / 1e6
    );
}
