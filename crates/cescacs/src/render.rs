//! ASCII diagram and SVG picture.

use core::fmt::Write;

use hexvar_geometry::svg;

use crate::cells::{Cell, CellSet, COLUMN_LETTERS};
use crate::men::Color;
use crate::position::Position;

impl Position {
    /// An ASCII diagram of the position (see [`ascii`] to mark cells on it).
    pub fn diagram(&self) -> String {
        ascii(self, CellSet::EMPTY)
    }
}

/// An ASCII diagram: one row per line (28 at the top), each hex four characters wide at its
/// column, `.` for an empty hex, the PDTL letter for a man; a `marked` empty hex shows `*`,
/// a marked man gets a `*` before its letter.
///
/// ```
/// use hexvar_cescacs::{render, Cell, CellSet, Position};
///
/// let text = render::ascii(&Position::new(), CellSet::single(Cell::CENTRE.index()));
/// assert_eq!(text.matches('*').count(), 1);
/// ```
pub fn ascii(pos: &Position, marked: CellSet) -> String {
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

/// The hex's radius (centre to corner) in the picture, in pixels.
const HEX_SIZE: f64 = 20.0;
/// Cell fills by shade (line mod 3): black, white, coloured.
const SHADE_FILLS: [&str; 3] = ["#8a8a8a", "#f0f0f0", "#c7a56a"];

/// An SVG picture of the position (flat-topped hexes, White at the bottom) with the `marked`
/// cells ringed. Every hex is a polygon with `data-cell="<hex>"`.
///
/// ```
/// use hexvar_cescacs::{render, Cell, CellSet, Position};
///
/// let centre = CellSet::single(Cell::CENTRE.index());
/// let svg = render::svg(&Position::new(), centre);
/// assert!(svg.starts_with("<svg") && svg.contains("data-cell=\"F14\""));
/// assert_eq!(svg.matches("<circle").count(), 54 + 1);
/// ```
pub fn svg(pos: &Position, marked: CellSet) -> String {
    let w = HEX_SIZE * 1.5;
    let h = HEX_SIZE * 3f64.sqrt() / 2.0;
    let mut out = String::new();
    svg::begin(&mut out, 15.0 * w + HEX_SIZE, 30.0 * h + 2.0 * HEX_SIZE);
    for cell in Cell::ALL {
        let cx = HEX_SIZE + f64::from(cell.column()) * w;
        let cy = HEX_SIZE + (28.0 - f64::from(cell.line())) * h;
        let corners = hexvar_geometry::Hex::flat_corners(cx, cy, HEX_SIZE);
        let name = cell.to_string();
        svg::cell(
            &mut out,
            &name,
            &corners,
            SHADE_FILLS[cell.shade().index()],
            "#333",
        );
        if let Some(p) = pos.piece_at(cell) {
            let (fill, line) = match p.color {
                Color::White => ("#ffffff", "#000000"),
                Color::Black => ("#000000", "#ffffff"),
            };
            let _ = writeln!(
                out,
                r#"<circle cx="{cx:.1}" cy="{cy:.1}" r="{:.1}" fill="{fill}" stroke="{line}" pointer-events="none"/>"#,
                HEX_SIZE * 0.62,
            );
            let role = p.role.char().to_string();
            svg::text(
                &mut out,
                (cx, cy + HEX_SIZE * 0.28),
                HEX_SIZE * 0.75,
                line,
                &role,
            );
        }
        if marked.has(cell.index()) {
            svg::ring(&mut out, (cx, cy), HEX_SIZE * 0.8, "#d00000");
        }
    }
    svg::end(&mut out);
    out
}
