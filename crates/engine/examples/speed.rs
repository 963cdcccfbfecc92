//! The search's speed per variant: a search of each variant's start position to a fixed depth
//! on one thread, with its nodes, time, nodes per second and nanoseconds per node, next to the
//! size of the position that every ply of the search path copies.
//!
//! ```sh
//! cargo run --release -p hexvar-engine --example speed -- 5
//! ```

use std::time::Instant;

use hexvar_engine::{Engine, Limits, Options};
use hexvar_geometry::{Game, Variant};

fn measure<V: Variant>(depth: u32) {
    // The variant's tables are measured on first use: not in the timed search.
    Engine::<V>::default().search(&Game::new(), &Limits::depth(1));
    let mut engine = Engine::<V>::new(Options::default());
    let started = Instant::now();
    let found = engine.search(&Game::new(), &Limits::depth(depth));
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{:10} depth {depth}  nodes {:9}  {:6.2} s  {:8.0} nodes/s  {:6.0} ns/node  position {} bytes",
        V::NAME,
        found.nodes,
        seconds,
        found.nodes as f64 / seconds,
        seconds * 1e9 / found.nodes as f64,
        std::mem::size_of::<V>()
    );
}

fn main() {
    let depth = std::env::args()
        .nth(1)
        .and_then(|d| d.parse().ok())
        .unwrap_or(5);
    measure::<hexvar_brusky::Position>(depth);
    measure::<hexvar_chessagon::Position>(depth);
    measure::<hexvar_dagger::Position>(depth);
    measure::<hexvar_cescacs::Position>(depth);
    measure::<hexvar_kirby::Position>(depth);
}
