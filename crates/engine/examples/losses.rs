//! Where a match's lost games went wrong: every position of every game seat A lost, searched
//! to a node count, the score from A's view; prints the plies where it fell by the margin over
//! one of A's moves.
//!
//! `cargo run --release -p hexvar-engine --example losses -- RECORDS.pgn NODES [MARGIN]`
//! (Chessagon records, as `cargo xtask match --records` writes them).

use hexvar_engine::{Engine, Limits, Options, Score};
use hexvar_geometry::Game;

type Chessagon = hexvar_chessagon::Position;

fn value(score: Score) -> i32 {
    match score {
        Score::Centipawns(cp) => cp,
        Score::MateIn(_) => 10_000,
        Score::MatedIn(_) => -10_000,
    }
}

fn tag<'a>(record: &'a str, name: &str) -> Option<&'a str> {
    let start = record.find(&format!("[{name} \""))? + name.len() + 3;
    let end = record[start..].find('"')?;
    Some(&record[start..start + end])
}

fn main() -> Result<(), String> {
    const USAGE: &str = "usage: losses RECORDS.pgn NODES [MARGIN]";
    let args: Vec<String> = std::env::args().collect();
    let (Some(path), Some(nodes)) = (args.get(1), args.get(2)) else {
        return Err(USAGE.into());
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let nodes: u64 = nodes.parse().map_err(|e| format!("NODES: {e}"))?;
    let margin: i32 = match args.get(3) {
        Some(m) => m.parse().map_err(|e| format!("MARGIN: {e}"))?,
        None => 100,
    };
    let mut engine = Engine::<Chessagon>::new(Options::default());
    for (number, record) in text.split("[Event ").skip(1).enumerate() {
        let record = format!("[Event {record}");
        let seats = tag(&record, "Seats").unwrap_or("A,B");
        let result = tag(&record, "Result").unwrap_or("*");
        let a_first = seats.starts_with('A');
        let a_lost = matches!((a_first, result), (true, "0-1") | (false, "1-0"));
        if !a_lost {
            continue;
        }
        let game = Game::<Chessagon>::from_record(&record)
            .map_err(|e| format!("game {}: {e}", number + 1))?;
        let moves = game.moves().to_vec();
        let mut replay = Game::<Chessagon>::new();
        let mut scores = Vec::new();
        let mut line = String::new();
        for (ply, &mv) in moves.iter().enumerate() {
            let a_to_move = (replay.position().turn().index() == 0) == a_first;
            let found = engine.search(&replay, &Limits::nodes(nodes));
            let score = value(found.score);
            let a_view = if a_to_move { score } else { -score };
            let san = replay.position().san(mv).to_string();
            let best = found
                .best
                .map(|b| replay.position().san(b).to_string())
                .unwrap_or_default();
            scores.push((ply, a_to_move, a_view, san, best));
            replay
                .play(mv)
                .map_err(|e| format!("game {}: {e}", number + 1))?;
        }
        for w in scores.windows(2) {
            let (ply, a_moved, before, san, best) = &w[0];
            let after = w[1].2;
            if *a_moved && *ply >= 4 && before - after >= margin && before.abs() < 1000 {
                line += &format!(
                    " ply {} {} ({} {:+} -> {:+});",
                    ply + 1,
                    san,
                    best,
                    before,
                    after
                );
            }
        }
        let first_bad = scores
            .iter()
            .find(|s| s.0 >= 4 && s.2 <= -150)
            .map(|s| s.0 + 1);
        println!(
            "game {} seats {} plies {} first<=-150 at {:?}:{}",
            number + 1,
            seats,
            moves.len(),
            first_bad,
            line
        );
    }
    Ok(())
}
