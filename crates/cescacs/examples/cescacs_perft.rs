//! `cargo run --release --example cescacs_perft -- <depth> [PDTL]`: perft with nodes/s, next to the
//! chess yardstick (cozy-chess, start position, perft 5) measured in the same run, like for like:
//! with `NOBULK=1` both play every leaf move.
use std::time::Instant;

use hexvar_cescacs::{perft, perft_without_bulk, Position};

fn chess_perft(board: &cozy_chess::Board, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 && bulk {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += chess_perft(&child, depth - 1, bulk);
            }
        }
        false
    });
    nodes
}

fn main() {
    let mut args = std::env::args().skip(1);
    let depth: u32 = args.next().and_then(|d| d.parse().ok()).unwrap_or(3);
    let rest: Vec<String> = args.collect();
    let pos: Position = if rest.is_empty() {
        Position::new()
    } else {
        rest.join(" ").parse().expect("a PDTL position")
    };
    let mut best = (0u64, 0f64, 0f64);
    for _ in 0..3 {
        let t = Instant::now();
        // NOBULK=1 plays every leaf move, here and in the yardstick.
        let bulk = std::env::var_os("NOBULK").is_none();
        let n = if !bulk {
            perft_without_bulk(&pos, depth)
        } else {
            perft(&pos, depth)
        };
        let rate = n as f64 / t.elapsed().as_secs_f64();
        let board = cozy_chess::Board::default();
        let t = Instant::now();
        let c = chess_perft(&board, 5, bulk);
        let chess = c as f64 / t.elapsed().as_secs_f64();
        if rate > best.1 {
            best.0 = n;
            best.1 = rate;
        }
        best.2 = best.2.max(chess);
    }
    println!(
        "perft({depth}) = {}: {:.0} nodes/s; cozy-chess perft(5): {:.0} nodes/s; ratio {:.3}",
        best.0,
        best.1,
        best.2,
        best.1 / best.2
    );
}
