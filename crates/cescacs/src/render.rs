//! ASCII diagram and SVG picture.

use core::fmt::Write;

use crate::board::{Bits, Cell, Color, COLUMN_LETTERS};
use crate::position::Position;

impl Position {
    /// An ASCII diagram of the position (see [`ascii`] to mark cells on it).
    pub fn diagram(&self) -> String {
        ascii(self, &Bits::EMPTY)
    }
}

/// An ASCII diagram: one row per line (28 at the top), each hex four characters wide at its
/// column, `.` for an empty hex, the PDTL letter for a piece; a `marked` empty hex shows `*`,
/// a marked piece gets a `*` before its letter.
///
/// ```
/// use hexvar_cescacs::{render, Bits, Cell, Position};
///
/// let text = render::ascii(&Position::new(), &Bits::single(Cell::CENTRE.index()));
/// assert_eq!(text.matches('*').count(), 1);
/// ```
pub fn ascii(pos: &Position, marked: &Bits) -> String {
    let mut out = String::new();
    out.push_str("   ");
    for c in COLUMN_LETTERS {
        let _ = write!(out, "   {c}");
    }
    out.push('\n');
    for l in (0..=28u8).rev() {
        let _ = write!(out, "{l:>3}");
        let mut row = String::new();
        for c in 0..15u8 {
            match Cell::new(c, l) {
                Some(cell) => {
                    let mark = if marked.has(cell.index()) { '*' } else { ' ' };
                    match pos.piece_at(cell) {
                        Some(p) => {
                            let _ = write!(row, "  {mark}{}", p.char());
                        }
                        None if mark == '*' => row.push_str("   *"),
                        None => row.push_str("   ."),
                    }
                }
                None => row.push_str("    "),
            }
        }
        out.push_str(row.trim_end());
        out.push('\n');
    }
    out
}

/// An SVG picture of the position (flat-topped hexes, White at the bottom), with the
/// `highlight`ed cells outlined.
///
/// ```
/// use hexvar_cescacs::{render, Bits, Cell, Position};
///
/// let centre = Bits::single(Cell::CENTRE.index());
/// let svg = render::svg(&Position::new(), &centre);
/// assert!(svg.starts_with("<svg") && svg.contains("<title>F14</title>"));
/// ```
pub fn svg(pos: &Position, highlight: &Bits) -> String {
    let size = 20.0f64;
    let w = size * 1.5;
    let h = size * 3f64.sqrt() / 2.0;
    let width = 15.0 * w + size;
    let height = 30.0 * h + 2.0 * size;
    let mut out = String::new();
    let _ = write!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0}" height="{height:.0}" viewBox="0 0 {width:.1} {height:.1}">"#
    );
    out.push('\n');
    let fills = ["#8a8a8a", "#f0f0f0", "#c7a56a"];
    for cell in Cell::ALL {
        let cx = size + f64::from(cell.column()) * w;
        let cy = size + (28.0 - f64::from(cell.line())) * h;
        let pts: Vec<String> = hexvar_geometry::Hex::flat_corners(cx, cy, size)
            .iter()
            .map(|(x, y)| format!("{x:.1},{y:.1}"))
            .collect();
        let stroke = if highlight.has(cell.index()) {
            r##" stroke="#d00000" stroke-width="3""##
        } else {
            r##" stroke="#333" stroke-width="0.5""##
        };
        let _ = writeln!(
            out,
            r#"<polygon points="{}" fill="{}"{stroke}><title>{cell}</title></polygon>"#,
            pts.join(" "),
            fills[(cell.line() % 3) as usize]
        );
        if let Some(p) = pos.piece_at(cell) {
            let (fill, line) = match p.color {
                Color::White => ("#ffffff", "#000000"),
                Color::Black => ("#000000", "#ffffff"),
            };
            let _ = writeln!(
                out,
                r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="{fill}" stroke="{line}"/><text x="{cx:.1}" y="{:.1}" font-family="sans-serif" font-size="{:.0}" text-anchor="middle" fill="{line}">{}</text>"#,
                size * 0.62,
                cy + size * 0.28,
                size * 0.75,
                p.role.char()
            );
        }
    }
    out.push_str("</svg>\n");
    out
}
