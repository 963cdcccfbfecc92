//! Prints an SVG picture of a position (the start position, or the text given as arguments),
//! optionally with the legal destinations of the man on a cell highlighted:
//!
//! ```text
//! cargo run -p hexvar-brusky --example brusky_svg > start.svg
//! cargo run -p hexvar-brusky --example brusky_svg -- --moves-of e1 > bishop.svg
//! ```

use hexvar_brusky::{render, Cell, CellSet, Position};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut marked = CellSet::EMPTY;
    let moves_of = match args.iter().position(|a| a == "--moves-of") {
        Some(i) => {
            let cell: Cell = args.get(i + 1).ok_or("--moves-of needs a cell")?.parse()?;
            args.drain(i..i + 2);
            Some(cell)
        }
        None => None,
    };
    let pos: Position = if args.is_empty() {
        Position::new()
    } else {
        args.join(" ").parse()?
    };
    if let Some(from) = moves_of {
        marked = pos
            .legal_moves()
            .iter()
            .filter(|m| m.from() == Some(from))
            .map(|m| m.to().index())
            .collect();
    }
    print!("{}", render::svg(&pos, marked));
    Ok(())
}
