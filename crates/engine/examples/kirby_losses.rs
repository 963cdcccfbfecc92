//! Where a two-army Kirby match's lost games went wrong: every position of every game engine A
//! lost, searched to a node count, the score from A's army's view; prints the plies where it fell
//! by the margin over one of A's moves, and A's score every 20 plies.
//!
//! `cargo run --release -p hexvar-engine --example kirby_losses -- RECORDS.pgn NODES [MARGIN]`
//! (records as `cargo xtask match --variant kirby --records` writes them: the `Seats` tag names
//! the engine of each of the six seats, `A` or `B`; a `Result` is an army's letter after a
//! checkmate, the engine's letter after an adjudication, `1/2-1/2` for a draw).

use hexvar_engine::{Engine, Limits, Options, Score};
use hexvar_geometry::Game;

type Kirby = hexvar_kirby::Position;

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

/// The army letters (`B P S W R G`) by seat.
const LETTERS: [&str; 6] = ["B", "P", "S", "W", "R", "G"];

fn main() -> Result<(), String> {
    const USAGE: &str = "usage: kirby_losses RECORDS.pgn NODES [MARGIN]";
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
    let mut engine = Engine::<Kirby>::new(Options::default());
    for (number, record) in text.split("[Event ").skip(1).enumerate() {
        let record = format!("[Event {record}");
        let seats: Vec<&str> = tag(&record, "Seats").unwrap_or("").split(',').collect();
        let result = tag(&record, "Result").unwrap_or("*");
        let termination = tag(&record, "Termination").unwrap_or("?");
        let a_seat = seats.iter().position(|&s| s == "A").unwrap_or(0);
        let a_lost = if termination == "checkmate" {
            result != LETTERS[a_seat]
        } else {
            result == "B"
        };
        if !a_lost {
            continue;
        }
        let without_result = record.replace(&format!("[Result \"{result}\"]"), "[Result \"*\"]");
        let body_end = without_result.trim_end();
        let body = body_end
            .strip_suffix(result)
            .map(|b| format!("{b}*"))
            .unwrap_or_else(|| body_end.to_string());
        let game =
            Game::<Kirby>::from_record(&body).map_err(|e| format!("game {}: {e}", number + 1))?;
        let moves = game.moves().to_vec();
        let mut replay = Game::<Kirby>::from_position(game.start_position().clone());
        let mut scores = Vec::new();
        let mut line = String::new();
        engine.new_game();
        for (ply, &mv) in moves.iter().enumerate() {
            let a_to_move = replay.position().turn().index() == a_seat;
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
        let curve: Vec<String> = scores
            .iter()
            .filter(|s| s.0 % 20 == 0)
            .map(|s| s.2.to_string())
            .collect();
        println!(
            "game {} army {} plies {} {} first<=-150 at {:?} curve [{}]:{}",
            number + 1,
            LETTERS[a_seat],
            moves.len(),
            termination,
            first_bad,
            curve.join(" "),
            line
        );
    }
    Ok(())
}
