//! ASCII diagram and SVG picture of Kirby's board.
//!
//! The ASCII diagram draws Kirby's grid (rows Q at the top to A at the bottom, each cell at
//! twice its column number) with White's sideboard above row Q and Black's below row A, each
//! rank in line with the pents it meets; the four oblique sideboards follow as small blocks,
//! rank 3 (next to the ring) at the top, files 1..8 from the owner's left. Cell tokens are three
//! characters wide: ` . ` hex, ` o ` pent, ` _ ` square, `BK ` a piece (army letter then role),
//! ` * ` a highlighted empty cell, `BK*` a highlighted occupied cell.

use core::fmt::Write;

use hexvar_geometry::svg;

use crate::cells::{Cell, CellKind, CellSet, Shade};
use crate::men::Color;
use crate::position::Position;

fn token(pos: &Position, cell: Cell, marks: CellSet) -> String {
    let marked = marks.has(cell.index());
    match pos.piece_at(cell) {
        Some(p) => format!(
            "{}{}{}",
            p.color.char(),
            p.role.char(),
            if marked { '*' } else { ' ' }
        ),
        None if marked => " * ".to_string(),
        None => match cell.kind() {
            CellKind::Hex => " . ",
            CellKind::Pent => " o ",
            CellKind::Square => " _ ",
        }
        .to_string(),
    }
}

fn put(line: &mut Vec<char>, col: usize, text: &str) {
    while line.len() < col + text.len() {
        line.push(' ');
    }
    for (i, ch) in text.chars().enumerate() {
        line[col + i] = ch;
    }
}

const ROWS: &[u8; 15] = b"ABCDEFGHJKLMNPQ";

/// The ASCII diagram of `pos` with the cells of `marks` highlighted (see the module docs).
pub fn ascii(pos: &Position, marks: CellSet) -> String {
    let mut lines: Vec<String> = Vec::new();
    let col = |x: u8| 4 + 2 * x as usize - 1;
    let board_line = |side: Color, rank: u8, label: &str| {
        let mut line: Vec<char> = Vec::new();
        put(&mut line, 0, label);
        for f in 1..=8 {
            let pent = Cell::square(side, f, 4).expect("pent");
            let (_, x) = pent.grid().expect("grid");
            let cell = Cell::square(side, f, rank).expect("square");
            put(&mut line, col(x), &token(pos, cell, marks));
        }
        line.into_iter().collect::<String>().trim_end().to_string()
    };
    for rank in 1..=3 {
        lines.push(board_line(Color::White, rank, &format!("W/{rank}")));
    }
    for y in (0..15u8).rev() {
        let mut line: Vec<char> = Vec::new();
        put(&mut line, 0, &(ROWS[y as usize] as char).to_string());
        for x in 1..=29u8 {
            if let Some(cell) = Cell::from_grid(y, x) {
                put(&mut line, col(x), &token(pos, cell, marks));
            }
        }
        lines.push(line.into_iter().collect::<String>().trim_end().to_string());
    }
    for rank in (1..=3).rev() {
        lines.push(board_line(Color::Black, rank, &format!("B/{rank}")));
    }
    for side in [Color::Pink, Color::Silver, Color::Red, Color::Gold] {
        lines.push(String::new());
        lines.push(format!(
            "{} sideboard (files 1..8 from its left)",
            side.name()
        ));
        for rank in (1..=3).rev() {
            let mut line = format!("{}/{rank} ", side.char());
            for f in 1..=8 {
                line.push_str(&token(
                    pos,
                    Cell::square(side, f, rank).expect("square"),
                    marks,
                ));
            }
            lines.push(line.trim_end().to_string());
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

/// Screen centre of axial `(q, r)`: pointy-top hexes of circumradius 1, row A at the bottom.
fn centre(q: f64, r: f64) -> (f64, f64) {
    (3f64.sqrt() * (q + r / 2.0), -1.5 * r)
}

/// A side's outward unit normal `(nx, ny)` and its unit file direction `(ux, uy)` (the owner's
/// left to right), on screen.
fn frame(side: Color) -> (f64, f64, f64, f64) {
    let hex = |f| Cell::square(side, f, 4).and_then(Cell::hex).expect("pent");
    let (a, b) = (hex(4), hex(5));
    let (m1x, m1y) = centre(f64::from(a.q), f64::from(a.r));
    let (m2x, m2y) = centre(f64::from(b.q), f64::from(b.r));
    let (nx, ny) = ((m1x + m2x) / 2.0, (m1y + m2y) / 2.0);
    let len = (nx * nx + ny * ny).sqrt();
    let s3 = 3f64.sqrt();
    (nx / len, ny / len, (m2x - m1x) / s3, (m2y - m1y) / s3)
}

/// The part of a convex polygon where `(p − c)·n ≤ d`.
fn clip(poly: &[(f64, f64)], c: (f64, f64), n: (f64, f64), d: f64) -> Vec<(f64, f64)> {
    let side = |p: (f64, f64)| (p.0 - c.0) * n.0 + (p.1 - c.1) * n.1 - d;
    let mut out = Vec::new();
    for i in 0..poly.len() {
        let (a, b) = (poly[i], poly[(i + 1) % poly.len()]);
        let (sa, sb) = (side(a), side(b));
        if sa <= 0.0 {
            out.push(a);
        }
        if (sa <= 0.0) != (sb <= 0.0) {
            let t = sa / (sa - sb);
            out.push((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)));
        }
    }
    out
}

/// The polygon of a cell on screen (x right, y down).
fn polygon(cell: Cell) -> Vec<(f64, f64)> {
    match (cell.hex(), cell.square_coords()) {
        (Some(h), _) => {
            let (cx, cy) = centre(f64::from(h.q), f64::from(h.r));
            let mut poly: Vec<(f64, f64)> = (0..6)
                .map(|i| {
                    let a = (-90.0 + 60.0 * i as f64).to_radians();
                    (cx + a.cos(), cy + a.sin())
                })
                .collect();
            // A pent is its hex with the outward corner cut off by a flat back edge, one per
            // sideboard it belongs to.
            for (side, _) in cell.boards() {
                let (nx, ny, _, _) = frame(side);
                poly = clip(&poly, (cx, cy), (nx, ny), 0.7);
            }
            poly
        }
        (None, Some((side, file, rank))) => {
            // The square sits below the pent of its file, in that side's frame: u along the
            // side (owner's left to right), v outward (away from the field).
            let pent = Cell::square(side, file, 4)
                .expect("pent")
                .hex()
                .expect("pent hex");
            let (px, py) = centre(f64::from(pent.q), f64::from(pent.r));
            let (nx, ny, ux, uy) = frame(side);
            // Squares 1.1 wide, 1.2 apart outward, starting just behind the pent: the
            // squares of neighbouring boards then stay apart at the corners (they only meet
            // through the corner pent).
            let w = 1.1;
            let back = 0.85 + f64::from(3 - rank) * 1.2;
            let c = |du: f64, dv: f64| (px + ux * du + nx * dv, py + uy * du + ny * dv);
            vec![
                c(-w / 2.0, back),
                c(w / 2.0, back),
                c(w / 2.0, back + w),
                c(-w / 2.0, back + w),
            ]
        }
        _ => Vec::new(),
    }
}

const ARMY_FILL: [&str; 6] = [
    "#222222", "#f4a6c6", "#c0c0c8", "#ffffff", "#d22f2f", "#e0b020",
];
/// Field fills by [`Shade`]: light, middle, dark.
const FIELD_FILL: [&str; 3] = ["#d8c8a8", "#b89868", "#8e6e48"];
/// Square fills: light, dark.
const SQUARE_FILL: [&str; 2] = ["#e8d7b5", "#9c7b52"];
/// Pixels per unit of the cell geometry (a hex of circumradius 1).
const SCALE: f64 = 18.0;
/// Margin around the board, in pixels.
const PAD: f64 = 10.0;

fn fill(cell: Cell) -> &'static str {
    match (cell.kind(), cell.shade()) {
        (CellKind::Square, Shade::Light) => SQUARE_FILL[0],
        (CellKind::Square, _) => SQUARE_FILL[1],
        (_, Shade::Light) => FIELD_FILL[0],
        (_, Shade::Middle) => FIELD_FILL[1],
        (_, Shade::Dark) => FIELD_FILL[2],
    }
}

/// An SVG picture of the whole board (squares, pents, hexes) with the pieces (a disc in the
/// army's colour with the role letter) and the `marked` cells ringed. Every cell is a
/// `hexvar_geometry::svg::cell` polygon carrying `data-cell="<cell>"`.
pub fn svg(pos: &Position, marked: CellSet) -> String {
    let polygons: Vec<Vec<(f64, f64)>> = Cell::ALL.iter().map(|&c| polygon(c)).collect();
    let (mut minx, mut miny, mut maxx, mut maxy) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &(x, y) in polygons.iter().flatten() {
        minx = minx.min(x * SCALE);
        miny = miny.min(y * SCALE);
        maxx = maxx.max(x * SCALE);
        maxy = maxy.max(y * SCALE);
    }
    let shift = |(x, y): (f64, f64)| (x * SCALE - minx + PAD, y * SCALE - miny + PAD);
    let mut out = String::new();
    svg::begin(&mut out, maxx - minx + 2.0 * PAD, maxy - miny + 2.0 * PAD);
    for (cell, poly) in Cell::ALL.iter().zip(&polygons) {
        let corners: Vec<(f64, f64)> = poly.iter().map(|&p| shift(p)).collect();
        let name = cell.to_string();
        svg::cell(&mut out, &name, &corners, fill(*cell), "#333333");
    }
    for (cell, poly) in Cell::ALL.iter().zip(&polygons) {
        let n = poly.len() as f64;
        let centre = shift((
            poly.iter().map(|p| p.0).sum::<f64>() / n,
            poly.iter().map(|p| p.1).sum::<f64>() / n,
        ));
        if let Some(p) = pos.piece_at(*cell) {
            let _ = writeln!(
                out,
                "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"{:.1}\" fill=\"{}\" stroke=\"#000\" stroke-width=\"0.8\" pointer-events=\"none\"/>",
                centre.0,
                centre.1,
                0.45 * SCALE,
                ARMY_FILL[p.color.index()],
            );
            let ink = if matches!(p.color, Color::Black | Color::Red) {
                "#ffffff"
            } else {
                "#000000"
            };
            let letter = p.role.char().to_string();
            svg::text(
                &mut out,
                (centre.0, centre.1 + 0.22 * SCALE),
                0.6 * SCALE,
                ink,
                &letter,
            );
        }
        if marked.has(cell.index()) {
            svg::ring(&mut out, centre, 0.55 * SCALE, "#1060ff");
        }
    }
    svg::end(&mut out);
    out
}

impl Position {
    /// An ASCII diagram of the position (see [`ascii`]).
    pub fn diagram(&self) -> String {
        ascii(self, CellSet::EMPTY)
    }
}
