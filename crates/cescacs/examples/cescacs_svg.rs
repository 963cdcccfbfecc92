//! Writes the start position's SVG picture to stdout (`docs/cescacs-start.svg` in this crate).
use hexvar_cescacs::{render, CellSet, Position};

fn main() {
    print!("{}", render::svg(&Position::new(), CellSet::EMPTY));
}
