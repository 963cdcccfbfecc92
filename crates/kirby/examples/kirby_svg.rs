//! `cargo run --example kirby_svg [mode]`: prints the SVG picture of a mode's start position (default
//! six players), as in the crate's `docs/kirby-board.svg`.
use hexvar_kirby::render::svg;
use hexvar_kirby::{CellSet, Layout, Mode, Position, Setup};

fn main() {
    let mode: Mode = std::env::args()
        .nth(1)
        .map_or(Ok(Mode::SixPlayer), |m| m.parse())
        .expect("mode");
    let pos = Position::from_setup(Setup::start_mode(mode, Layout::QueenLeft)).expect("start");
    print!("{}", svg(&pos, CellSet::EMPTY));
}
