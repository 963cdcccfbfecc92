//! `cargo run --release --example kirby_perft -- <depth> [position text | mode]`: perft with timing
//! (environment: `NOBULK=1` plays every leaf move, `GENERIC=1` uses `hexvar_geometry`'s perft).
use std::time::Instant;

use hexvar_kirby::{perft, perft_without_bulk, Layout, Mode, Position, Setup};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().map(String::as_str) == Some("text") {
        // Print the start position text of a mode (and layout QL/QR).
        let mode: Mode = args[1].parse().expect("mode");
        let layout = if args.get(2).map(String::as_str) == Some("QR") {
            Layout::QueenRight
        } else {
            Layout::QueenLeft
        };
        println!("{}", Setup::start_mode(mode, layout));
        return;
    }
    let depth: u32 = args.first().and_then(|d| d.parse().ok()).unwrap_or(3);
    let rest = args[1.min(args.len())..].join(" ");
    let pos = if rest.is_empty() {
        Position::new()
    } else if let Ok(mode) = rest.parse::<Mode>() {
        Position::from_setup(Setup::start_mode(mode, Layout::QueenLeft)).expect("start")
    } else {
        rest.parse().expect("position text")
    };
    let t = Instant::now();
    // NOBULK: play every leaf move; GENERIC: hexvar_geometry's perft over the Variant trait
    // instead of the crate's own.
    let generic = std::env::var_os("GENERIC").is_some();
    let n = match (std::env::var_os("NOBULK").is_some(), generic) {
        (false, false) => perft(&pos, depth),
        (true, false) => perft_without_bulk(&pos, depth),
        (false, true) => hexvar_geometry::perft(&pos, depth),
        (true, true) => hexvar_geometry::perft_without_bulk(&pos, depth),
    };
    let s = t.elapsed().as_secs_f64();
    println!(
        "perft({depth}) = {n} in {s:.3} s = {:.0} nodes/s",
        n as f64 / s
    );
}
