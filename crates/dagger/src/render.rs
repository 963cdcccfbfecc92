//! Pictures of a position: an ASCII diagram ([`ascii`]) and an SVG picture ([`svg`]).

use core::fmt::Write;

use hexvar_geometry::{svg as draw, Hex};

use crate::cells::{Cell, CellSet, RANK_COUNT, RANK_LENGTHS, RANK_LETTERS, RANK_START};
use crate::hand::HandKnight;
use crate::men::Color;
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
    for rank in (0..RANK_COUNT as u8).rev() {
        let first = Cell::from_index(RANK_START[rank as usize] as usize).expect("on board");
        let (q, r) = first.qr();
        // Screen column of a cell: 2q − r runs from −4 to 4; three characters per half cell.
        let indent = 3 * (2 * q - r + 4) as usize;
        let mut line = format!(
            "{}  {}",
            RANK_LETTERS[rank as usize] as char,
            " ".repeat(indent)
        );
        let hand_side = match rank {
            r if r as usize == RANK_COUNT - 1 => Some(Color::Black),
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
                None if marked.has(cell.index()) => 'x',
                None => '.',
            };
            line.push(ch);
            if k + 1 < RANK_LENGTHS[rank as usize] {
                line.push_str(
                    if marked.has(cell.index()) && setup.piece_at(cell).is_some() {
                        "*    "
                    } else {
                        "     "
                    },
                );
            } else if marked.has(cell.index()) && setup.piece_at(cell).is_some() {
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
                "    ({}: {} in hand)",
                color.name(),
                setup.hands[color.index()]
            );
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let _ = writeln!(out, "{} to move", setup.turn.name());
    out
}

fn hand_char(color: Color) -> char {
    match color {
        Color::White => 'N',
        Color::Black => 'n',
    }
}

/// The cell size of the SVG picture: a hex's circumradius in pixels.
const SIZE: f64 = 30.0;
/// The cell fills by [`crate::Shade`]: medium, light, dark.
const FILLS: [&str; 3] = ["#d8b48a", "#f3dcb6", "#a87a4f"];
/// The colour of cell outlines and names.
const INK: &str = "#5a4030";
/// The colour of the rings around marked cells.
const MARK: &str = "#d01010";

/// An SVG picture of the position, as White sees the board: pointy-topped hexes in three
/// colours, each a polygon with `data-cell="<cell>"`, the cell names, the pieces as chess
/// symbols, `marked` cells ringed, and the knights in hand drawn in dashed outline on their
/// imaginary cells beside the back-rank cells.
pub fn svg(pos: &Position, marked: CellSet) -> String {
    svg_of_setup(&pos.to_setup(), marked)
}

/// The screen centre of the cell at the rules' `(q, r)`: X = q − r/2 cell widths, Y = r·√3/2
/// cell widths, White at the bottom.
fn centre(q: i8, r: i8) -> (f64, f64) {
    let width = 3f64.sqrt() * SIZE;
    let x = (f64::from(q) - f64::from(r) / 2.0 + 3.0) * width;
    let y = (12.0 - f64::from(r)) * 1.5 * SIZE + SIZE * 1.5;
    (x, y)
}

/// A piece as a chess symbol: outlined for White, filled for Black.
fn symbol(color: Color, role: crate::Role) -> &'static str {
    const WHITE: [&str; 6] = ["♙", "♘", "♗", "♖", "♕", "♔"];
    const BLACK: [&str; 6] = ["♟", "♞", "♝", "♜", "♛", "♚"];
    match color {
        Color::White => WHITE[role.index()],
        Color::Black => BLACK[role.index()],
    }
}

fn svg_of_setup(setup: &Setup, marked: CellSet) -> String {
    let width = 6.0 * 3f64.sqrt() * SIZE;
    let height = 13.0 * 1.5 * SIZE + 2.0 * SIZE;
    let mut out = String::new();
    draw::begin(&mut out, width, height);
    for cell in Cell::ALL {
        let (q, r) = cell.qr();
        let (cx, cy) = centre(q, r);
        let name = cell.to_string();
        let corners = Hex::pointy_corners(cx, cy, SIZE);
        draw::cell(&mut out, &name, &corners, FILLS[cell.shade().index()], INK);
        draw::text(&mut out, (cx, cy + SIZE * 0.8), 8.0, INK, &name);
        if let Some(p) = setup.piece_at(cell) {
            draw::text(
                &mut out,
                (cx, cy + 9.0),
                26.0,
                "#000000",
                symbol(p.color, p.role),
            );
        }
        if marked.has(cell.index()) {
            draw::ring(&mut out, (cx, cy), SIZE * 0.75, MARK);
        }
    }
    for color in Color::ALL {
        for knight in HandKnight::ALL {
            if setup.hands[color.index()].contains(knight) {
                let (q, r) = knight.imaginary_qr(color);
                let (cx, cy) = centre(q, r);
                let points: Vec<String> = Hex::pointy_corners(cx, cy, SIZE)
                    .iter()
                    .map(|(x, y)| format!("{x:.1},{y:.1}"))
                    .collect();
                let _ = writeln!(
                    out,
                    r#"<polygon points="{}" fill="none" stroke="{INK}" stroke-width="1.5" stroke-dasharray="4 3"/>"#,
                    points.join(" ")
                );
                draw::text(
                    &mut out,
                    (cx, cy + 9.0),
                    26.0,
                    "#000000",
                    symbol(color, crate::Role::Knight),
                );
            }
        }
    }
    draw::end(&mut out);
    out
}
