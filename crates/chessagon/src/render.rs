//! ASCII diagram and SVG picture.
//!
//! The ASCII diagram has one line per rank (15 at the top), one 4-character slot per file:
//! the shade (`d` dark, `l` light), then the piece letter (upper case White, lower case Black) or
//! `.`; a highlighted cell is bracketed, with `*` when empty: `[d*]`, `[lp]`.

use hexvar_geometry::triangle::Tri;

use crate::board::{Cell, Color};
use crate::position::Position;

/// The ASCII diagram of `pos` with the cells of `highlight` (a bit set) bracketed.
pub fn ascii(pos: &Position, highlight: u128) -> String {
    let mut out = String::new();
    for rank in (1..=15u8).rev() {
        out.push_str(&format!("{rank:>2} |"));
        let mut line = String::new();
        for file in 0..8u8 {
            match Cell::from_file_rank(file, rank) {
                None => line.push_str("    "),
                Some(c) => {
                    let marked = highlight & c.bit() != 0;
                    let content = match pos.piece_at(c) {
                        Some(p) => p.char(),
                        None if marked => '*',
                        None => '.',
                    };
                    line.push(if marked { '[' } else { ' ' });
                    line.push(if c.is_dark() { 'd' } else { 'l' });
                    line.push(content);
                    line.push(if marked { ']' } else { ' ' });
                }
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out.push_str("    ");
    for f in 'a'..='h' {
        out.push_str(&format!(" {f}  "));
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out.push('\n');
    out
}

/// An SVG picture of `pos` (White at the bottom) with the cells of `highlight` marked red.
pub fn svg(pos: &Position, highlight: u128) -> String {
    let side = 48.0;
    let margin = 24.0;
    let w = side * 3f64.sqrt() / 2.0;
    let width = 8.0 * w + 2.0 * margin;
    let height = 8.0 * side + 2.0 * margin;
    // y up in the geometry frame: rank-1 triangles have centroid height 0, the board spans
    // heights -1..15 in half-sides.
    let to_screen = |(x, y): (f64, f64)| (margin + x, margin + (15.0 * side / 2.0 - y));
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width:.1} {height:.1}\" width=\"{width:.0}\" height=\"{height:.0}\">\n"
    );
    out.push_str("<rect width=\"100%\" height=\"100%\" fill=\"#f4f1ea\"/>\n");
    for c in Cell::ALL {
        let t: Tri = c.tri();
        let pts: Vec<String> = t
            .corners(side)
            .iter()
            .map(|&p| {
                let (x, y) = to_screen(p);
                format!("{x:.1},{y:.1}")
            })
            .collect();
        let fill = match (highlight & c.bit() != 0, c.is_dark()) {
            (true, true) => "#b03a2e",
            (true, false) => "#e8786c",
            (false, true) => "#8a6d4b",
            (false, false) => "#e9d7b4",
        };
        out.push_str(&format!(
            "<polygon points=\"{}\" fill=\"{fill}\" stroke=\"#3b2f22\" stroke-width=\"1\"><title>{c}</title></polygon>\n",
            pts.join(" ")
        ));
        if let Some(p) = pos.piece_at(c) {
            let (x, y) = to_screen(t.centroid(side));
            let (fill, stroke) = match p.color {
                Color::White => ("#ffffff", "#000000"),
                Color::Black => ("#000000", "#ffffff"),
            };
            out.push_str(&format!(
                "<text x=\"{x:.1}\" y=\"{:.1}\" font-family=\"sans-serif\" font-size=\"15\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"0.6\">{}</text>\n",
                y + 5.0,
                p.role.upper_char()
            ));
        }
    }
    for (i, f) in ('a'..='h').enumerate() {
        let x = margin + (i as f64 + 0.5) * w;
        out.push_str(&format!(
            "<text x=\"{x:.1}\" y=\"{:.1}\" font-family=\"sans-serif\" font-size=\"12\" text-anchor=\"middle\">{f}</text>\n",
            height - 6.0
        ));
    }
    out.push_str("</svg>\n");
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
        ascii(self, 0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_draws_96_triangles_and_the_pieces() {
        let pos = Position::new();
        let e2: Cell = "e2".parse().unwrap();
        let svg = svg(&pos, e2.bit());
        assert_eq!(svg.matches("<polygon").count(), 96);
        assert_eq!(svg.matches("font-size=\"15\"").count(), 48);
        assert_eq!(svg.matches("#b03a2e").count(), 1); // e2 is dark and highlighted
        assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    }

    #[test]
    fn ascii_marks_highlights() {
        let pos = Position::new();
        let d = ascii(&pos, "d5".parse::<Cell>().unwrap().bit());
        assert!(d.contains(" 5 | l.  dP  lP [d*] l."), "{d}");
        assert_eq!(d.lines().count(), 16);
    }
}
