//! `cargo run --release -p hexvar-dagger --example dagger_perft -- [--nobulk] [--generic] [depth] [position text]`:
//! perft from the start position (or the given one), with bulk counting at the last ply or (with
//! `--nobulk`) playing every leaf move, and the leaves per second. `--generic` runs
//! `hexvar_geometry`'s generic perft over the `Variant` trait instead of the crate's own.

use std::time::Instant;

use hexvar_dagger::{perft, perft_without_bulk, Position};

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut flag = |name: &str| {
        let found = args.iter().position(|a| a == name);
        found.map(|i| args.remove(i)).is_some()
    };
    let nobulk = flag("--nobulk");
    let generic = flag("--generic");
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(6);
    let pos: Position = match args.get(1..) {
        Some(rest) if !rest.is_empty() => rest.join(" ").parse().expect("a position text"),
        _ => Position::new(),
    };
    let t = Instant::now();
    let n = match (nobulk, generic) {
        (false, false) => perft(&pos, depth),
        (true, false) => perft_without_bulk(&pos, depth),
        (false, true) => hexvar_geometry::perft(&pos, depth),
        (true, true) => hexvar_geometry::perft_without_bulk(&pos, depth),
    };
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {n}  {}: {s:.3} s, {:.1} M leaves/s",
        if nobulk { "nobulk" } else { "bulk" },
        n as f64 / s / 1e6
    );
}
