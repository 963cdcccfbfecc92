//! `cargo run --release -p hexvar-dagger --example dagger_perft -- [depth] [position text]`:
//! perft with bulk counting and without, and the leaves per second of each.

use std::time::Instant;

use hexvar_dagger::{perft, perft_without_bulk, Position};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(6);
    let pos: Position = match args.get(1..) {
        Some(rest) if !rest.is_empty() => rest.join(" ").parse().expect("a position text"),
        _ => Position::new(),
    };
    if std::env::var_os("NOBULK_ONLY").is_some() {
        let t = Instant::now();
        let m = perft_without_bulk(&pos, depth);
        println!(
            "perft({depth}) = {m}  nobulk: {:.3} s",
            t.elapsed().as_secs_f64()
        );
        return;
    }
    let t = Instant::now();
    let n = perft(&pos, depth);
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {n}  bulk:   {s:.3} s, {:.1} M leaves/s",
        n as f64 / s / 1e6
    );
    let t = Instant::now();
    let m = perft_without_bulk(&pos, depth - 1);
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft({}) = {m}  nobulk: {s:.3} s, {:.1} M leaves/s",
        depth - 1,
        m as f64 / s / 1e6
    );
}
