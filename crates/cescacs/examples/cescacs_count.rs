//! `cargo run --release --example cescacs_count -- <depth> [bulk|nobulk] [position text]`: one perft
//! run and its leaf count, nothing else (for instruction counts under callgrind).
use hexvar_cescacs::{perft, perft_without_bulk, Position};

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(3);
    let bulk = args.next().is_none_or(|m| m != "nobulk");
    let rest: Vec<String> = args.collect();
    let pos: Position = if rest.is_empty() {
        Position::new()
    } else {
        rest.join(" ").parse().expect("a position text")
    };
    let n = if bulk {
        perft(&pos, depth)
    } else {
        perft_without_bulk(&pos, depth)
    };
    println!("{n}");
}
