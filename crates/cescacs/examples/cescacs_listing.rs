//! `cargo run --release --example cescacs_listing -- <rounds> [list|count]`: the cost of listing
//! legal moves, for instruction counts under callgrind. The start and the bench positions
//! (`tests/data/bench.txt`) have their legal moves listed into one reused list (`list`, the
//! default) or counted (`count`), `rounds` times over. Prints the positions done and the moves
//! listed or counted: the instructions of a run less a run with 0 rounds, over the moves, are
//! the cost of a listed (or counted) move.
use std::hint::black_box;

use hexvar_cescacs::{MoveList, Position};

fn main() {
    let mut args = std::env::args().skip(1);
    let rounds: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or(100);
    let count = args.next().is_some_and(|mode| mode == "count");
    let positions: Vec<Position> = std::iter::once(Position::new())
        .chain(
            include_str!("../tests/data/bench.txt")
                .lines()
                .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
                .map(|line| line.parse().expect("a bench position")),
        )
        .collect();
    let mut list = MoveList::new();
    let (mut done, mut moves) = (0u64, 0u64);
    for _ in 0..rounds {
        for pos in &positions {
            let pos = black_box(pos);
            moves += if count {
                pos.legal_move_count() as u64
            } else {
                pos.legal_moves_into(&mut list);
                black_box(&list).len() as u64
            };
            done += 1;
        }
    }
    let verb = if count { "counted" } else { "listed" };
    println!("{done} positions, {moves} moves {verb}");
}
