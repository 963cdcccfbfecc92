//! ASCII diagram and SVG picture.
//!
//! The ASCII diagram has one line per rank (15 at the top), one 4-character slot per file:
//! the shade (`d` dark, `l` light), then the piece letter (upper case White, lower case Black) or
//! `.`; a marked cell is bracketed, with `*` when empty: `[d*]`, `[lp]`.

use core::fmt::Write;

use hexvar_geometry::svg;

use crate::cells::{Cell, Shade};
use crate::men::Color;
use crate::position::Position;
use hexvar_geometry::Set128 as CellSet;

/// The ASCII diagram of `pos` with the cells of `marked` bracketed.
///
/// ```
/// use hexvar_chessagon::{render, Cell, Position};
///
/// let d5: Cell = "d5".parse()?;
/// let diagram = render::ascii(&Position::new(), d5.set());
/// assert!(diagram.contains(" 5 | l.  dP  lP [d*] l."));
/// # Ok::<(), hexvar_chessagon::ParseCellError>(())
/// ```
pub fn ascii(pos: &Position, marked: CellSet) -> String {
    let mut out = String::new();
    for rank in (1..=15u8).rev() {
        let _ = write!(out, "{rank:>2} |");
        let mut line = String::new();
        for file in 0..8u8 {
            match Cell::from_file_rank(file, rank) {
                None => line.push_str("    "),
                Some(c) => {
                    let is_marked = marked.has(c.index());
                    let content = match pos.piece_at(c) {
                        Some(p) => p.char(),
                        None if is_marked => '*',
                        None => '.',
                    };
                    line.push(if is_marked { '[' } else { ' ' });
                    line.push(match c.shade() {
                        Shade::Dark => 'd',
                        Shade::Light => 'l',
                    });
                    line.push(content);
                    line.push(if is_marked { ']' } else { ' ' });
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("    ");
    for f in 'a'..='h' {
        let _ = write!(out, " {f}  ");
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out.push('\n');
    out
}

/// The side of a triangle in pixels.
const SIDE: f64 = 48.0;
/// The space around the board in pixels.
const MARGIN: f64 = 24.0;

/// An SVG picture of `pos` (White at the bottom) with the cells of `marked` ringed. Every cell
/// is a polygon carrying `data-cell="<cell>"`.
pub fn svg(pos: &Position, marked: CellSet) -> String {
    let w = SIDE * 3f64.sqrt() / 2.0;
    let width = 8.0 * w + 2.0 * MARGIN;
    let height = 8.0 * SIDE + 2.0 * MARGIN;
    // y up in the geometry frame: rank-1 triangles have centroid height 0, the board spans
    // heights -1..15 in half-sides.
    let to_screen = |(x, y): (f64, f64)| (MARGIN + x, MARGIN + (15.0 * SIDE / 2.0 - y));
    let mut out = String::new();
    svg::begin(&mut out, width, height);
    for c in Cell::ALL {
        let t = c.tri();
        let corners: Vec<(f64, f64)> = t.corners(SIDE).iter().map(|&p| to_screen(p)).collect();
        let fill = match c.shade() {
            Shade::Dark => "#8a6d4b",
            Shade::Light => "#d9c29a",
        };
        svg::cell(&mut out, &c.to_string(), &corners, fill, "#3b2f22");
    }
    for c in Cell::ALL {
        let centre = to_screen(c.tri().centroid(SIDE));
        if let Some(p) = pos.piece_at(c) {
            let ink = match p.color {
                Color::White => "#ffffff",
                Color::Black => "#000000",
            };
            let baseline = (centre.0, centre.1 + 5.0);
            svg::text(&mut out, baseline, 15.0, ink, &p.role.char().to_string());
        }
        if marked.has(c.index()) {
            svg::ring(&mut out, centre, SIDE / 5.0, "#d01010");
        }
    }
    for (i, f) in ('a'..='h').enumerate() {
        let x = MARGIN + (i as f64 + 0.5) * w;
        svg::text(&mut out, (x, height - 6.0), 12.0, "#000000", &f.to_string());
    }
    svg::end(&mut out);
    out
}

impl Position {
    /// The ASCII diagram (see [`crate::render`]).
    ///
    /// ```
    /// let d = hexvar_chessagon::Position::new().diagram();
    /// assert!(d.starts_with("15 |             dq  lk"));
    /// ```
    pub fn diagram(&self) -> String {
        ascii(self, CellSet::EMPTY)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_draws_96_named_triangles_the_pieces_and_the_rings() {
        let pos = Position::new();
        let e2: Cell = "e2".parse().unwrap();
        let d5: Cell = "d5".parse().unwrap();
        let svg = svg(&pos, e2.set() | d5.set());
        assert_eq!(svg.matches("<polygon data-cell=").count(), 96);
        assert_eq!(svg.matches("data-cell=\"e15\"").count(), 1);
        assert_eq!(svg.matches("font-size=\"15\"").count(), 48);
        assert_eq!(svg.matches("<circle").count(), 2);
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn the_start_picture_in_the_docs_is_current() {
        let picture = svg(&Position::new(), CellSet::EMPTY);
        assert_eq!(picture, include_str!("../docs/chessagon-start.svg"));
    }

    #[test]
    fn ascii_marks_cells() {
        let pos = Position::new();
        let d = ascii(&pos, "d5".parse::<Cell>().unwrap().set());
        assert!(d.contains(" 5 | l.  dP  lP [d*] l."), "{d}");
        assert_eq!(d.lines().count(), 16);
    }
}
