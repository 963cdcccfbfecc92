//! `cargo run --example chessagon_svg -- [position text] > board.svg`: an SVG picture of a position.
use hexvar_chessagon::{render, CellSet, Position};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let text = std::env::args().skip(1).collect::<Vec<_>>().join(" ");
    let pos: Position = if text.is_empty() {
        Position::new()
    } else {
        text.parse()?
    };
    print!("{}", render::svg(&pos, CellSet::EMPTY));
    Ok(())
}
