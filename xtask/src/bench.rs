//! `cargo xtask bench`: perft speed of every variant next to the standard-chess yardstick
//! cozy-chess, measured in the same run and interleaved so that machine noise hits both.

use std::time::Instant;

use cozy_chess::Board;

use crate::variants::{PerftRun, VARIANTS};

fn chess_perft(board: &Board, depth: u32, bulk: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if bulk && depth == 1 {
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

/// The smallest depth whose run takes at least `seconds`, and that run's leaf count.
fn calibrate(run: &dyn Fn(u32) -> u64, seconds: f64) -> u32 {
    let mut depth = 1;
    loop {
        let t = Instant::now();
        run(depth);
        if t.elapsed().as_secs_f64() >= seconds || depth >= 12 {
            return depth;
        }
        depth += 1;
    }
}

/// Leaves per second of one timed run.
fn rate(run: &dyn Fn(u32) -> u64, depth: u32) -> f64 {
    let t = Instant::now();
    let nodes = run(depth);
    nodes as f64 / t.elapsed().as_secs_f64().max(1e-9)
}

pub fn run(args: &[String]) -> Result<(), String> {
    let seconds = match args {
        [] => 0.3,
        [flag, s] if flag == "--seconds" => {
            s.parse().map_err(|_| format!("bad --seconds {s:?}"))?
        }
        _ => return Err("usage: cargo xtask bench [--seconds S]".into()),
    };
    const ROUNDS: usize = 5;
    let board = Board::default();
    let mut ratios = Vec::new();
    for variant in VARIANTS {
        let perft: PerftRun = (variant.prepare)(None)?;
        let mut line = Vec::new();
        for bulk in [true, false] {
            let chess = |d: u32| chess_perft(&board, d, bulk);
            let ours = |d: u32| perft(d, bulk);
            let chess_depth = calibrate(&chess, seconds);
            let our_depth = calibrate(&ours, seconds);
            // Interleave the two and keep each one's best round: noise only slows a run down.
            let (mut best_chess, mut best_ours) = (0f64, 0f64);
            for _ in 0..ROUNDS {
                best_chess = best_chess.max(rate(&chess, chess_depth));
                best_ours = best_ours.max(rate(&ours, our_depth));
            }
            let kind = if bulk { "bulk" } else { "nobulk" };
            println!(
                "{:<10} {kind:<6} depth {our_depth}: {:>12.0} leaves/s   cozy-chess depth {chess_depth}: {:>12.0} leaves/s",
                variant.name, best_ours, best_chess
            );
            line.push(best_ours / best_chess);
        }
        ratios.push((variant.name, line[0], line[1]));
    }
    for (name, bulk, nobulk) in ratios {
        println!("ratio {name} bulk {bulk:.3} nobulk {nobulk:.3}");
    }
    Ok(())
}
