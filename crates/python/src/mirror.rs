//! Each variant's mirror, for learning loops that multiply their positions by symmetry: the
//! reflection of the board that keeps every side's men of every start position on that side's
//! cells (the left-right mirror of a chess board), found from the cells' coordinates
//! ([`crate::space::MoveSpace::coords`]) rather than written down per variant. A variant whose start positions
//! no reflection keeps has none: Brusky (its rows of 9 to 12 hexes reverse onto no reflection of
//! the hex lattice) and Kirby (with three or more armies a reflection makes armies trade seats).

use hexvar_geometry::{CellBits, Variant, VariantColor};

use crate::rules::Rules;

/// The reflections tried, as integer matrices on the coordinates (`(x, y)` → `(a x + b y,
/// c x + d y)`): the axis flips, the swap, and the hex lattice's reflections in axial
/// coordinates (through `s = -q - r`).
const REFLECTIONS: [[i32; 4]; 8] = [
    [-1, 0, 0, 1],
    [1, 0, 0, -1],
    [0, 1, 1, 0],
    [0, -1, -1, 0],
    [1, 0, -1, -1],
    [-1, -1, 0, 1],
    [-1, 0, 1, 1],
    [1, 1, 0, -1],
];

/// The mirror of `V` as a permutation of dense cell indices (`mirror[i]` is the image of cell
/// `i`), or `None` when no reflection keeps every start position's sides on their cells.
pub fn cells<V: Rules>() -> Option<Vec<usize>> {
    let coords: Vec<(i32, i32)> = V::cells()
        .iter()
        .map(|&c| {
            let (x, y) = V::coords(c);
            (i32::from(x), i32::from(y))
        })
        .collect();
    let starts: Vec<V> = (V::start_positions().iter())
        .filter_map(|(_, text)| text.parse().ok())
        .collect();
    REFLECTIONS
        .iter()
        .filter_map(|m| permutation(&coords, m))
        .find(|mirror| starts.iter().all(|start| keeps_sides(start, mirror)))
}

/// The permutation of the cells that the reflection `m`, moved to fit, makes of them; `None`
/// when its image is not the board.
fn permutation(coords: &[(i32, i32)], m: &[i32; 4]) -> Option<Vec<usize>> {
    let image: Vec<(i32, i32)> = (coords.iter())
        .map(|&(x, y)| (m[0] * x + m[1] * y, m[2] * x + m[3] * y))
        .collect();
    // The shift that puts the image's centre on the board's (a reflection of a board onto
    // itself keeps its centre, so the shift is whole).
    let n = coords.len() as i32;
    let sum = |points: &[(i32, i32)]| (points.iter()).fold((0, 0), |(x, y), p| (x + p.0, y + p.1));
    let (board, mirrored) = (sum(coords), sum(&image));
    let shift = ((board.0 - mirrored.0) / n, (board.1 - mirrored.1) / n);
    if (shift.0 * n, shift.1 * n) != (board.0 - mirrored.0, board.1 - mirrored.1) {
        return None;
    }
    let index: std::collections::HashMap<(i32, i32), usize> =
        coords.iter().enumerate().map(|(i, &c)| (c, i)).collect();
    let mirror: Option<Vec<usize>> = (image.iter())
        .map(|&(x, y)| index.get(&(x + shift.0, y + shift.1)).copied())
        .collect();
    mirror.filter(|m| m.iter().enumerate().any(|(i, &j)| i != j))
}

/// Whether the mirror puts every side's men of `start` on cells that side's men hold.
fn keeps_sides<V: Variant>(start: &V, mirror: &[usize]) -> bool {
    V::Color::ALL.iter().all(|&side| {
        let cells = start.by_color(side);
        let kept = cells.indices().all(|i| cells.contains_index(mirror[i]));
        kept
    })
}
