//! ASCII diagrams and SVG pictures of a position.

use core::fmt::Write;

use hexvar_geometry::{Hex, Set128};

use crate::board::{Cell, Color, Role, Shade};
use crate::position::Position;

/// An ASCII diagram: ranks 8 down to 1, each cell drawn where its hexagon stands, so that the
/// files lean to the left as on the board. An empty cell is `.`, a piece its letter (upper case
/// White); a marked empty cell is `*` and a marked occupied cell is `[x]`. Each row ends with
/// the range of cells it holds.
///
/// ```
/// use hexvar_brusky::{render, Position};
/// use hexvar_geometry::Set128;
/// let text = render::ascii(&Position::new(), Set128::EMPTY);
/// assert!(text.lines().next().unwrap().starts_with("8"));
/// ```
pub fn ascii(pos: &Position, marked: Set128) -> String {
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

/// An SVG picture of the position, White at the bottom, with `highlighted` cells marked by a
/// ring. Every cell carries its name in small print.
pub fn svg(pos: &Position, highlighted: Set128) -> String {
    const UNIT: f64 = 48.0; // distance between neighbouring cell centres, in pixels
    let radius = UNIT / 3f64.sqrt();
    let centre = |cell: Cell| {
        let x = f64::from(cell.file()) - f64::from(cell.rank()) / 2.0;
        let y = f64::from(7 - cell.rank()) * 3f64.sqrt() / 2.0;
        (UNIT * (x + 2.0) + UNIT, UNIT * y + UNIT)
    };
    let width = UNIT * 13.5;
    let height = UNIT * (7.0 * 3f64.sqrt() / 2.0 + 2.0);
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.0} {height:.0}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        out,
        r##"<rect width="100%" height="100%" fill="#ffffff"/>"##
    );
    for cell in Cell::ALL {
        let (cx, cy) = centre(cell);
        let points: Vec<String> = Hex::pointy_corners(cx, cy, radius)
            .iter()
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect();
        let _ = writeln!(
            out,
            r##"<polygon points="{}" fill="{}" stroke="#333" stroke-width="1"/>"##,
            points.join(" "),
            shade_fill(cell.shade())
        );
        let _ = writeln!(
            out,
            r##"<text x="{:.1}" y="{:.1}" font-size="9" fill="#3a2a1a" text-anchor="middle">{cell}</text>"##,
            cx,
            cy + radius * 0.75
        );
        if highlighted.has(cell.index()) {
            let _ = writeln!(
                out,
                r##"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="none" stroke="#d01010" stroke-width="4"/>"##,
                radius * 0.7
            );
        }
        if let Some(piece) = pos.piece_at(cell) {
            let _ = writeln!(
                out,
                r##"<text x="{cx:.1}" y="{:.1}" font-size="{:.0}" text-anchor="middle" fill="#000">{}</text>"##,
                cy + radius * 0.3,
                radius * 1.1,
                piece_glyph(piece.color, piece.role)
            );
        }
    }
    out.push_str("</svg>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_draws_every_cell_piece_and_highlight() {
        let marked = Set128::EMPTY.with(0).with(83);
        let svg = svg(&Position::new(), marked);
        assert_eq!(svg.matches("<polygon").count(), 84);
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
            Set128::EMPTY.with(a1.index()).with(a3.index()),
        );
        assert_eq!(text.lines().count(), 8);
        assert!(text.lines().last().unwrap().contains("[R]"));
        assert_eq!(text.matches(" * ").count(), 1);
    }
}
