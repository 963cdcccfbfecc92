//! Writes the start position's SVG picture to stdout (docs/cescacs-start.svg).
use hexvar_cescacs::{render, Bits, Position};

fn main() {
    print!("{}", render::svg(&Position::new(), &Bits::EMPTY));
}
