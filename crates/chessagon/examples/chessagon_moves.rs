//! `cargo run --example chessagon_moves -- <position text>`: list the legal moves (in the move
//! notation and in SAN) and the diagram.
use hexvar_chessagon::{Cell, Position};

fn main() {
    let text = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
    let pos: Position = if text.is_empty() {
        Position::new()
    } else {
        text.parse().expect("a valid position")
    };
    print!("{}", pos.diagram());
    let moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| format!("{m} ({})", pos.san(m)))
        .collect();
    println!("{} legal moves: {}", moves.len(), moves.join(", "));
    let checkers: Vec<String> = pos
        .checkers()
        .cells::<Cell>()
        .map(|c| c.to_string())
        .collect();
    println!("check: {} {checkers:?}", pos.is_check());
    if let Some(outcome) = pos.outcome() {
        println!("{outcome}");
    }
}
