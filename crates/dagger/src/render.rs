//! ASCII diagram and SVG picture.

use core::fmt::Write;

use crate::board::{Cell, CellSet, Color, HandKnight, RANK_LENGTHS, RANK_LETTERS, RANK_START};
use crate::position::Position;
use crate::setup::Setup;

impl Position {
    /// The board as text (see [`ascii`] to mark cells on it).
    ///
    /// ```
    /// use hexvar_dagger::Position;
    /// let diagram = Position::new().diagram();
    /// assert!(diagram.starts_with("n           n  k  n    (Black: LR in hand)\n"));
    /// assert!(diagram.contains("\na           N  K  N    (White: LR in hand)\n"));
    /// ```
    pub fn diagram(&self) -> String {
        ascii(self, CellSet::EMPTY)
    }
}

/// The board as text, as White sees it (pointy-topped hexes, ranks running across): each cell
/// shows its piece letter or `.`, with the rank letters at the left and the knights in hand on
/// their imaginary cells beside the back-rank cells. A `marked` empty cell shows `x`; a marked
/// occupied cell gets a `*` after its letter (a capture target).
pub fn ascii(pos: &Position, marked: CellSet) -> String {
    ascii_of_setup(&pos.to_setup(), marked)
}

fn ascii_of_setup(setup: &Setup, marked: CellSet) -> String {
    let mut out = String::new();
    for rank in (0..13u8).rev() {
        let first = Cell::new(RANK_START[rank as usize] as usize).expect("on board");
        let (q, r) = first.qr();
        // Screen column of a cell: 2q − r runs from −4 to 4; three characters per half cell.
        let indent = 3 * (2 * q - r + 4) as usize;
        let mut line = format!(
            "{}  {}",
            RANK_LETTERS[rank as usize] as char,
            " ".repeat(indent)
        );
        let hand_side = match rank {
            12 => Some(Color::Black),
            0 => Some(Color::White),
            _ => None,
        };
        if let Some(color) = hand_side {
            line.truncate(line.len() - 3);
            line.push(if setup.hands[color.index()].contains(HandKnight::L) {
                hand_char(color)
            } else {
                ' '
            });
            line.push_str("  ");
        }
        for k in 0..RANK_LENGTHS[rank as usize] {
            let cell = Cell::from_rank_number(rank, k + 1).expect("on board");
            let ch = match setup.piece_at(cell) {
                Some(p) => p.char(),
                None if marked.contains(cell) => 'x',
                None => '.',
            };
            line.push(ch);
            if k + 1 < RANK_LENGTHS[rank as usize] {
                line.push_str(if marked.contains(cell) && setup.piece_at(cell).is_some() {
                    "*    "
                } else {
                    "     "
                });
            } else if marked.contains(cell) && setup.piece_at(cell).is_some() {
                line.push('*');
            }
        }
        if let Some(color) = hand_side {
            line.push_str("  ");
            line.push(if setup.hands[color.index()].contains(HandKnight::R) {
                hand_char(color)
            } else {
                ' '
            });
            let _ = write!(
                line,
                "    ({color:?}: {} in hand)",
                setup.hands[color.index()]
            );
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let _ = writeln!(
        out,
        "{} to move",
        match setup.turn {
            Color::White => "White",
            Color::Black => "Black",
        }
    );
    out
}

fn hand_char(color: Color) -> char {
    match color {
        Color::White => 'N',
        Color::Black => 'n',
    }
}

/// An SVG picture of the position: pointy-topped hexes in three colours, White at the bottom,
/// piece letters, `highlighted` cells outlined, and the knights in hand drawn dashed on their
/// imaginary cells beside the back-rank cells.
pub fn svg(pos: &Position, highlighted: CellSet) -> String {
    svg_of_setup(&pos.to_setup(), highlighted)
}

fn svg_of_setup(setup: &Setup, highlighted: CellSet) -> String {
    const SIZE: f64 = 30.0;
    let w3 = 3f64.sqrt() * SIZE;
    // Screen position (spec §2): X = q − r/2 cell widths, Y = r·√3/2 cell widths, White at the bottom.
    let centre = |q: i8, r: i8| -> (f64, f64) {
        let x = (f64::from(q) - f64::from(r) / 2.0 + 3.0) * w3;
        let y = (12.0 - f64::from(r)) * 1.5 * SIZE + SIZE * 1.5;
        (x, y)
    };
    let width = 6.0 * w3;
    let height = 13.0 * 1.5 * SIZE + 2.0 * SIZE;
    let fills = ["#d8b48a", "#f3dcb6", "#a87a4f"];
    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:.0} {height:.0}" width="{width:.0}" height="{height:.0}" font-family="sans-serif">"#
    );
    let hex = |out: &mut String, cx: f64, cy: f64, style: &str| {
        let corners: Vec<String> = (0..6)
            .map(|i| {
                let a = (-90.0 + 60.0 * f64::from(i)).to_radians();
                format!("{:.1},{:.1}", cx + SIZE * a.cos(), cy + SIZE * a.sin())
            })
            .collect();
        let _ = writeln!(
            out,
            r#"  <polygon points="{}" {style}/>"#,
            corners.join(" ")
        );
    };
    let piece_text = |out: &mut String, cx: f64, cy: f64, ch: char, white: bool| {
        let (fill, stroke) = if white {
            ("#ffffff", "#000000")
        } else {
            ("#000000", "#ffffff")
        };
        let _ = writeln!(
            out,
            r#"  <text x="{cx:.1}" y="{:.1}" font-size="24" font-weight="bold" text-anchor="middle" fill="{fill}" stroke="{stroke}" stroke-width="0.8">{}</text>"#,
            cy + 8.0,
            ch.to_ascii_uppercase()
        );
    };
    for cell in Cell::ALL {
        let (q, r) = cell.qr();
        let (cx, cy) = centre(q, r);
        let stroke = if highlighted.contains(cell) {
            r##"stroke="#d01010" stroke-width="4""##
        } else {
            r##"stroke="#5a4030" stroke-width="1""##
        };
        hex(
            &mut out,
            cx,
            cy,
            &format!(r#"fill="{}" {stroke}"#, fills[cell.shade() as usize]),
        );
        let _ = writeln!(
            out,
            r##"  <text x="{:.1}" y="{:.1}" font-size="8" fill="#5a4030">{cell}</text>"##,
            cx - 7.0,
            cy + SIZE * 0.75
        );
        if let Some(p) = setup.piece_at(cell) {
            piece_text(&mut out, cx, cy, p.char(), p.color == Color::White);
        }
    }
    for color in Color::ALL {
        for knight in HandKnight::ALL {
            if setup.hands[color.index()].contains(knight) {
                let (q, r) = knight.imaginary_qr(color);
                let (cx, cy) = centre(q, r);
                hex(
                    &mut out,
                    cx,
                    cy,
                    r##"fill="none" stroke="#5a4030" stroke-width="1.5" stroke-dasharray="4 3""##,
                );
                piece_text(&mut out, cx, cy, 'N', color == Color::White);
            }
        }
    }
    out.push_str("</svg>\n");
    out
}
