//! The moves of each kind of piece on Kirby's board, given the occupancy: for engines, and
//! for tests that check the generator against a slow oracle.

use crate::cells::{Cell, CellSet};
use crate::men::Color;
use crate::tables::{
    bishop_attacks, rook_attacks, slot_is_rook, GRAPH, KING_ATTACKS, KNIGHT_ATTACKS, PAWNS,
};
use hexvar_geometry::table::NO_CELL;

/// The kind of a straight line of cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Line {
    /// A rook line: a hex edge line or a FIDE file or rank.
    Orthogonal,
    /// A bishop line: a hex vertex line or a FIDE diagonal.
    Diagonal,
}

/// The king's steps from `cell` (one step along any line).
pub fn king(cell: Cell) -> CellSet {
    KING_ATTACKS[cell.index()]
}

/// The knight's leaps from `cell`: FIDE leaps in each sideboard layer, Gliński leaps in the
/// field and the cross-ring leaps.
pub fn knight(cell: Cell) -> CellSet {
    KNIGHT_ATTACKS[cell.index()]
}

/// The rook's targets from `cell` with the `occupied` cells blocking (the first blocker of each
/// line included).
pub fn rook(cell: Cell, occupied: CellSet) -> CellSet {
    rook_attacks(cell.index(), &occupied)
}

/// The bishop's targets from `cell`, as [`rook`].
pub fn bishop(cell: Cell, occupied: CellSet) -> CellSet {
    bishop_attacks(cell.index(), &occupied)
}

/// The cells a pawn of `color` on `cell` captures on (and attacks).
pub fn pawn_captures(color: Color, cell: Cell) -> CellSet {
    PAWNS[color.index()].capture[cell.index()]
}

/// The cells a pawn of `color` on `cell` steps to when they are empty (single steps).
pub fn pawn_steps(color: Color, cell: Cell) -> CellSet {
    PAWNS[color.index()].push[cell.index()]
}

/// The FIDE double step of a pawn of `color` on its rank 2: `(the square passed, the pent)`.
pub fn pawn_double_step(color: Color, cell: Cell) -> Option<(Cell, Cell)> {
    let (mid, target) = PAWNS[color.index()].double[cell.index()];
    (target != NO_CELL).then(|| (Cell::at(mid as usize), Cell::at(target as usize)))
}

/// The cells where a pawn of `color` promotes (rank 11 and beyond, as seen from its side).
pub fn promotion_zone(color: Color) -> CellSet {
    PAWNS[color.index()].promotes
}

/// Every line from `cell`, each as its kind and its cells from the nearest outwards: walked
/// one step at a time through the board's cell graph.
pub fn lines(cell: Cell) -> Vec<(Line, Vec<Cell>)> {
    let mut out = Vec::new();
    for (slot, &first) in GRAPH[cell.index()].iter().enumerate() {
        let mut at = first;
        let mut cells = Vec::new();
        while at != NO_CELL {
            cells.push(Cell::at(at as usize));
            at = GRAPH[at as usize][slot];
        }
        if !cells.is_empty() {
            let kind = if slot_is_rook(slot) {
                Line::Orthogonal
            } else {
                Line::Diagonal
            };
            out.push((kind, cells));
        }
    }
    out
}
