//! Runs perft from a position and prints the leaf count, for profiling (`valgrind
//! --tool=callgrind`) and quick checks:
//!
//! ```text
//! cargo run --release -p hexvar-brusky --example brusky_perft -- 4
//! cargo run --release -p hexvar-brusky --example brusky_perft -- --nobulk 3 <position text>
//! cargo run --release -p hexvar-brusky --example brusky_perft -- --generic --nobulk 3
//! ```
//!
//! `--generic` runs `hexvar-geometry`'s generic no-bulk perft instead of the crate's own.

use hexvar_brusky::{perft, perft_without_bulk, Position};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut flag = |name: &str| match args.iter().position(|a| a == name) {
        Some(i) => {
            args.remove(i);
            true
        }
        None => false,
    };
    let bulk = !flag("--nobulk");
    let generic = flag("--generic");
    let depth: u32 = args
        .first()
        .ok_or("usage: [--nobulk] DEPTH [POSITION]")?
        .parse()?;
    let pos: Position = if args.len() > 1 {
        args[1..].join(" ").parse()?
    } else {
        Position::new()
    };
    let nodes = if bulk {
        perft(&pos, depth)
    } else if generic {
        hexvar_geometry::perft_without_bulk(&pos, depth)
    } else {
        perft_without_bulk(&pos, depth)
    };
    println!("{nodes}");
    Ok(())
}
