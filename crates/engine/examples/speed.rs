//! The search's speed per variant: a search of each variant's start position to a fixed depth
//! on one thread, with its nodes, time, nodes per second and nanoseconds per node, next to the
//! size of the position that every ply of the search path copies.
//!
//! ```sh
//! cargo run --release -p hexvar-engine --example speed -- 5               # all five
//! cargo run --release -p hexvar-engine --example speed -- 5 brusky --search-only
//! ```
//!
//! Variant names after the depth pick some variants; `--search-only` leaves out the ply's
//! timing, so that a profiler (callgrind, cachegrind) sees the search alone; `--bench` searches
//! each of the variant's bench positions (its crate's `tests/data/bench.txt`, copied to
//! `tests/data/bench/<variant>.txt`) to the depth instead of the start, with a fresh engine
//! each, and prints the nodes and CPU time in all.

use std::time::Instant;

use hexvar_engine::{Engine, Limits, Options};
use hexvar_geometry::{Game, Variant};

/// The cost of one ply of the search path without the evaluation: copy the position, play a
/// move, list the child's legal moves, over the positions of a game the engine plays at depth 1.
fn ply_cost<V: Variant>() -> f64 {
    let mut game: Game<V> = Game::new();
    let mut engine = Engine::<V>::new(Options::default());
    let mut positions = Vec::new();
    for _ in 0..40 {
        let Some(mv) = engine.search(&game, &Limits::depth(1)).best else {
            break;
        };
        positions.push((game.position().clone(), mv));
        game.play(mv).expect("legal");
    }
    let mut list = V::MoveList::default();
    let rounds = 2_000;
    let started = Instant::now();
    let mut count = 0usize;
    for _ in 0..rounds {
        for (pos, mv) in &positions {
            let mut child = pos.clone();
            child.play_unchecked(*mv);
            child.legal_moves_into(&mut list);
            count += list.len();
        }
    }
    std::hint::black_box(count);
    started.elapsed().as_secs_f64() * 1e9 / (rounds * positions.len()) as f64
}

/// The variant's bench positions, by its crate name.
fn bench_text(name: &str) -> &'static str {
    match name {
        "brusky" => include_str!("../tests/data/bench/brusky.txt"),
        "chessagon" => include_str!("../tests/data/bench/chessagon.txt"),
        "dagger" => include_str!("../tests/data/bench/dagger.txt"),
        "cescacs" => include_str!("../tests/data/bench/cescacs.txt"),
        _ => include_str!("../tests/data/bench/kirby.txt"),
    }
}

/// Searches every bench position of `V` to `depth`, each with a fresh engine.
fn measure_bench<V: Variant>(name: &str, depth: u32) {
    Engine::<V>::default().search(&Game::new(), &Limits::depth(1));
    let started = Instant::now();
    let mut nodes = 0;
    let mut count = 0;
    for text in bench_text(name)
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let Ok(pos) = text.parse::<V>() else {
            eprintln!("{name}: a bench position does not parse: {text}");
            continue;
        };
        let mut engine = Engine::<V>::new(Options::default());
        nodes += engine
            .search(&Game::from_position(pos), &Limits::depth(depth))
            .nodes;
        count += 1;
    }
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "{:10} bench depth {depth}  positions {count}  nodes {nodes:9}  {seconds:6.2} s  {:8.0} nodes/s",
        V::NAME,
        nodes as f64 / seconds
    );
}

fn measure<V: Variant>(depth: u32, search_only: bool) {
    // The variant's tables are measured on first use: not in the timed search.
    Engine::<V>::default().search(&Game::new(), &Limits::depth(1));
    let mut engine = Engine::<V>::new(Options::default());
    let started = Instant::now();
    let found = engine.search(&Game::new(), &Limits::depth(depth));
    let seconds = started.elapsed().as_secs_f64();
    if search_only {
        println!(
            "{:10} depth {depth}  nodes {:9}  {:6.2} s  {:8.0} nodes/s",
            V::NAME,
            found.nodes,
            seconds,
            found.nodes as f64 / seconds
        );
        return;
    }
    println!(
        "{:10} depth {depth}  nodes {:9}  {:6.2} s  {:8.0} nodes/s  {:6.0} ns/node  position {} bytes  \
         ply (copy, play, list) {:5.0} ns",
        V::NAME,
        found.nodes,
        seconds,
        found.nodes as f64 / seconds,
        seconds * 1e9 / found.nodes as f64,
        std::mem::size_of::<V>(),
        ply_cost::<V>()
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let depth = args.first().and_then(|d| d.parse().ok()).unwrap_or(5);
    let search_only = args.iter().any(|a| a == "--search-only");
    let named: Vec<&str> = args
        .iter()
        .skip(1)
        .map(String::as_str)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let wanted = |name: &str| named.is_empty() || named.contains(&name);
    if args.iter().any(|a| a == "--bench") {
        for name in ["brusky", "chessagon", "dagger", "cescacs", "kirby"] {
            if !wanted(name) {
                continue;
            }
            match name {
                "brusky" => measure_bench::<hexvar_brusky::Position>(name, depth),
                "chessagon" => measure_bench::<hexvar_chessagon::Position>(name, depth),
                "dagger" => measure_bench::<hexvar_dagger::Position>(name, depth),
                "cescacs" => measure_bench::<hexvar_cescacs::Position>(name, depth),
                _ => measure_bench::<hexvar_kirby::Position>(name, depth),
            }
        }
        return;
    }
    if wanted("brusky") {
        measure::<hexvar_brusky::Position>(depth, search_only);
    }
    if wanted("chessagon") {
        measure::<hexvar_chessagon::Position>(depth, search_only);
    }
    if wanted("dagger") {
        measure::<hexvar_dagger::Position>(depth, search_only);
    }
    if wanted("cescacs") {
        measure::<hexvar_cescacs::Position>(depth, search_only);
    }
    if wanted("kirby") {
        measure::<hexvar_kirby::Position>(depth, search_only);
    }
}
