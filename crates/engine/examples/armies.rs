//! Kirby three-army match records read: each game's seats, end, and every army's material
//! (playing values) and life every 50 plies, seat A's army marked.
//!
//! `cargo run --release -p hexvar-engine --example armies -- RECORDS.pgn`

use hexvar_geometry::{Game, Variant, VariantPiece};

type Kirby = hexvar_kirby::Position;

fn tag<'a>(record: &'a str, name: &str) -> Option<&'a str> {
    let start = record.find(&format!("[{name} \""))? + name.len() + 3;
    let end = record[start..].find('"')?;
    Some(&record[start..start + end])
}

fn material(pos: &Kirby, color: hexvar_kirby::Color) -> i32 {
    Kirby::cells()
        .iter()
        .filter_map(|&cell| pos.piece_at(cell))
        .filter(|p| p.color() == color)
        .map(|p| p.role().playing_value())
        .sum()
}

fn state(pos: &Kirby, seats: &[&str]) -> String {
    let mut out = String::new();
    for &c in hexvar_kirby::Color::ALL {
        if !pos.seated().contains(c) {
            continue;
        }
        let mark = if seats.get(c.index()) == Some(&"A") {
            "*"
        } else {
            ""
        };
        let life = if pos.in_play(c) { "" } else { "x" };
        out += &format!(" {mark}{}{life}", material(pos, c));
    }
    out
}

fn main() -> Result<(), String> {
    let path = std::env::args().nth(1).ok_or("usage: armies RECORDS.pgn")?;
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{path}: {e}"))?;
    for (number, record) in text.split("[Event ").skip(1).enumerate() {
        let record = format!("[Event {record}");
        let seats: Vec<&str> = tag(&record, "Seats").unwrap_or("").split(',').collect();
        let game =
            Game::<Kirby>::from_record(&record).map_err(|e| format!("game {}: {e}", number + 1))?;
        let mut line = format!(
            "{:2} {:6} {:>3} {:40}",
            number + 1,
            tag(&record, "Result").unwrap_or("*"),
            game.moves().len(),
            tag(&record, "Termination")
                .unwrap_or("")
                .chars()
                .take(40)
                .collect::<String>()
        );
        for ply in (0..=game.moves().len()).step_by(50) {
            line += &format!(" |{}", state(&game.position_at(ply), &seats));
        }
        line += &format!(" |end{}", state(game.position(), &seats));
        println!("{line}");
    }
    Ok(())
}
