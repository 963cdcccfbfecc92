//! ASCII diagrams and SVG pictures of a position.

use core::fmt::Write;

use hexvar_geometry::{svg, Hex};

use crate::cells::{Cell, CellSet, Shade};
use crate::men::{Color, Role};
use crate::position::Position;

impl Position {
    /// An ASCII diagram of the position (see [`ascii`] to mark cells on it).
    pub fn diagram(&self) -> String {
        ascii(self, CellSet::EMPTY)
    }
}

/// An ASCII diagram: ranks 8 down to 1, each cell drawn where its hexagon stands, so that the
/// files lean to the left as on the board. An empty cell is `.`, a piece its letter (upper case
/// White); a marked empty cell is `*` and a marked occupied cell is `[x]`. Each row ends with
/// the range of cells it holds.
///
/// ```
/// use hexvar_brusky::{render, CellSet, Position};
/// let text = render::ascii(&Position::new(), CellSet::EMPTY);
/// assert!(text.lines().next().unwrap().starts_with("8"));
/// ```
pub fn ascii(pos: &Position, marked: CellSet) -> String {
    let mut out = String::new();
    for rank in (0..8u8).rev() {
        let cells: Vec<Cell> = Cell::ALL
            .iter()
            .copied()
            .filter(|c| c.rank() == rank)
            .collect();
        let mut line = format!("{} ", rank + 1);
        for &cell in &cells {
            let column = 2 + 2 * (2 * cell.file() as usize + 4 - rank as usize);
            while line.len() < column {
                line.push(' ');
            }
            let token = match (pos.piece_at(cell), marked.has(cell.index())) {
                (None, false) => " . ".to_string(),
                (None, true) => " * ".to_string(),
                (Some(p), false) => format!(" {} ", p.char()),
                (Some(p), true) => format!("[{}]", p.char()),
            };
            line.push_str(&token);
        }
        while line.len() < 52 {
            line.push(' ');
        }
        let _ = write!(line, "{}-{}", cells[0], cells[cells.len() - 1]);
        out.push_str(&line);
        out.push('\n');
    }
    out
}

fn shade_fill(shade: Shade) -> &'static str {
    match shade {
        Shade::Light => "#f0d9b5",
        Shade::Medium => "#d2ab7c",
        Shade::Dark => "#a97c50",
    }
}

fn piece_glyph(color: Color, role: Role) -> char {
    let white = ['♙', '♘', '♗', '♖', '♕', '♔'];
    let black = ['♟', '♞', '♝', '♜', '♛', '♚'];
    match color {
        Color::White => white[role.index()],
        Color::Black => black[role.index()],
    }
}

/// The distance between neighbouring cell centres in the SVG picture, in pixels.
const UNIT: f64 = 48.0;
/// The margin around the board, in cell widths.
const MARGIN: f64 = 1.0;
/// The board's horizontal extent in cell widths: a5 is at x = −2, l4 at x = 9.5.
const BOARD_WIDTH: f64 = 11.5;
/// How far left of x = 0 the leftmost cell (a5) stands, in cell widths.
const LEFTMOST_X: f64 = 2.0;

/// The centre of `cell` in the picture, White at the bottom.
fn centre(cell: Cell) -> (f64, f64) {
    let x = f64::from(cell.file()) - f64::from(cell.rank()) / 2.0;
    let y = f64::from(7 - cell.rank()) * 3f64.sqrt() / 2.0;
    (UNIT * (x + LEFTMOST_X + MARGIN), UNIT * (y + MARGIN))
}

/// An SVG picture of the position, White at the bottom, with the `marked` cells ringed. Every
/// cell is a polygon carrying `data-cell="<cell>"` and its name in small print.
///
/// ```
/// use hexvar_brusky::{render, CellSet, Position};
/// let svg = render::svg(&Position::new(), CellSet::EMPTY);
/// assert_eq!(svg.matches("data-cell=").count(), 84);
/// ```
pub fn svg(pos: &Position, marked: CellSet) -> String {
    let radius = UNIT / 3f64.sqrt();
    let width = UNIT * (BOARD_WIDTH + 2.0 * MARGIN);
    let height = UNIT * (7.0 * 3f64.sqrt() / 2.0 + 2.0 * MARGIN);
    let mut out = String::new();
    svg::begin(&mut out, width, height);
    for cell in Cell::ALL {
        let (cx, cy) = centre(cell);
        let name = cell.to_string();
        let corners = Hex::pointy_corners(cx, cy, radius);
        svg::cell(&mut out, &name, &corners, shade_fill(cell.shade()), "#333");
        svg::text(&mut out, (cx, cy + radius * 0.75), 9.0, "#3a2a1a", &name);
        if marked.has(cell.index()) {
            svg::ring(&mut out, (cx, cy), radius * 0.7, "#d01010");
        }
        if let Some(piece) = pos.piece_at(cell) {
            let glyph = piece_glyph(piece.color, piece.role).to_string();
            svg::text(
                &mut out,
                (cx, cy + radius * 0.3),
                radius * 1.1,
                "#000",
                &glyph,
            );
        }
    }
    svg::end(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_draws_every_cell_piece_and_highlight() {
        let marked = CellSet::EMPTY.with(0).with(83);
        let svg = svg(&Position::new(), marked);
        assert_eq!(svg.matches("<polygon").count(), 84);
        assert_eq!(svg.matches("data-cell=\"a1\"").count(), 1);
        assert_eq!(svg.matches("<circle").count(), 2);
        assert_eq!(svg.matches('♔').count() + svg.matches('♚').count(), 2);
        assert_eq!(svg.matches('♙').count() + svg.matches('♟').count(), 20);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn ascii_marks_empty_and_occupied_targets() {
        let a1: Cell = "a1".parse().unwrap();
        let a3: Cell = "a3".parse().unwrap();
        let text = ascii(
            &Position::new(),
            CellSet::EMPTY.with(a1.index()).with(a3.index()),
        );
        assert_eq!(text.lines().count(), 8);
        assert!(text.lines().last().unwrap().contains("[R]"));
        assert_eq!(text.matches(" * ").count(), 1);
    }
}
