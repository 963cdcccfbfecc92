//! Where a match's lost games went wrong: every position of every game engine A lost, searched
//! to a node count, the score from A's view; prints the plies where it fell by the margin over
//! one of A's moves, and A's score every 20 plies.
//!
//! `cargo run --release -p hexvar-engine --example losses -- VARIANT RECORDS.pgn NODES [MARGIN]`
//! (VARIANT one of `brusky chessagon dagger cescacs kirby`; records as `cargo xtask match
//! --records` writes them: the `Seats` tag names the engine of each seat, `A` or `B`; a two-side
//! game's `Result` is `1-0`, `0-1` or `1/2-1/2`, a Kirby game's the winning army's letter after
//! a checkmate and the winning engine's after an adjudication). Two sides in play: with more,
//! "the score from A's view" is the search's, from the view of A's team.

use hexvar_engine::{Engine, Limits, Options, Score};
use hexvar_geometry::{Game, Variant, VariantColor};

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

/// Kirby's army letters by seat (its records name a mating army by its letter).
const KIRBY_ARMIES: [&str; 6] = ["B", "P", "S", "W", "R", "G"];

/// Whether engine A, at seat `a_seat`, lost the game of this `result`.
fn a_lost(result: &str, termination: &str, a_seat: usize) -> bool {
    match result {
        "1-0" => a_seat != 0,
        "0-1" => a_seat != 1,
        "1/2-1/2" | "*" => false,
        army if termination == "checkmate" => KIRBY_ARMIES.get(a_seat) != Some(&army),
        engine => engine == "B",
    }
}

/// The record with its result written `*`, so that a Kirby result (a letter) parses.
fn without_result(record: &str, result: &str) -> String {
    let record = record.replace(&format!("[Result \"{result}\"]"), "[Result \"*\"]");
    let body = record.trim_end();
    body.strip_suffix(result)
        .map(|b| format!("{b}*"))
        .unwrap_or_else(|| body.to_string())
}

fn read<V: Variant>(text: &str, nodes: u64, margin: i32) -> Result<(), String> {
    let mut engine = Engine::<V>::new(Options::default());
    for (number, record) in text.split("[Event ").skip(1).enumerate() {
        let record = format!("[Event {record}");
        let seats: Vec<&str> = tag(&record, "Seats").unwrap_or("A,B").split(',').collect();
        let result = tag(&record, "Result").unwrap_or("*");
        let termination = tag(&record, "Termination").unwrap_or("?");
        let a_seat = seats.iter().position(|&s| s == "A").unwrap_or(0);
        if !a_lost(result, termination, a_seat) {
            continue;
        }
        let game = Game::<V>::from_record(&without_result(&record, result))
            .map_err(|e| format!("game {}: {e}", number + 1))?;
        let moves = game.moves().to_vec();
        let mut replay = Game::<V>::from_position(game.start_position().clone());
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
            "game {} seat {} plies {} {} first<=-150 at {:?} curve [{}]:{}",
            number + 1,
            a_seat,
            moves.len(),
            termination,
            first_bad,
            curve.join(" "),
            line
        );
    }
    Ok(())
}

fn main() -> Result<(), String> {
    const USAGE: &str = "usage: losses VARIANT RECORDS.pgn NODES [MARGIN]";
    let args: Vec<String> = std::env::args().collect();
    let (Some(variant), Some(path), Some(nodes)) = (args.get(1), args.get(2), args.get(3)) else {
        return Err(USAGE.into());
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let nodes: u64 = nodes.parse().map_err(|e| format!("NODES: {e}"))?;
    let margin: i32 = match args.get(4) {
        Some(m) => m.parse().map_err(|e| format!("MARGIN: {e}"))?,
        None => 100,
    };
    match variant.as_str() {
        "brusky" => read::<hexvar_brusky::Position>(&text, nodes, margin),
        "chessagon" => read::<hexvar_chessagon::Position>(&text, nodes, margin),
        "dagger" => read::<hexvar_dagger::Position>(&text, nodes, margin),
        "cescacs" => read::<hexvar_cescacs::Position>(&text, nodes, margin),
        "kirby" => read::<hexvar_kirby::Position>(&text, nodes, margin),
        other => Err(format!("unknown variant {other:?}; {USAGE}")),
    }
}
