//! The static tables, built at compile time: steps, rays, leaps, the cells between two cells,
//! the slider look-ups, the pawn tables and the Zobrist keys. The slider look-ups
//! ([`magics`]-hashed and ray cuts, in [`sliders`]), the pawns' tables ([`pawns`]) and the keys
//! ([`zobrist`]) have their own files; this one holds the empty-board lines and the leaps.

use hexvar_geometry::table::{between_128, leap_sets_128, ray_table_128};
use hexvar_geometry::triangle;

use crate::cells::{CELLS_C, CELL_COUNT};

mod magics;
mod pawns;
mod rook_rows;
mod sliders;
mod zobrist;

pub(crate) use pawns::*;
pub(crate) use sliders::*;
pub(crate) use zobrist::ZOBRIST;

const fn unions(rays: &[[u128; 6]; CELL_COUNT]) -> [u128; CELL_COUNT] {
    let mut out = [0u128; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        out[i] = rays[i][0] | rays[i][1] | rays[i][2] | rays[i][3] | rays[i][4] | rays[i][5];
        i += 1;
    }
    out
}

/// Every cell on a rook ray of a cell (empty board).
pub(crate) static ROOK_ALL: [u128; CELL_COUNT] = unions(&ray_table_128(&triangle::step_table(
    &CELLS_C,
    &triangle::FACE_ROWS,
)));
/// Every cell on a duke ray of a cell (empty board).
pub(crate) static DUKE_ALL: [u128; CELL_COUNT] = unions(&ray_table_128(&triangle::step_table(
    &CELLS_C,
    &triangle::VERTEX_ROWS,
)));
/// Every cell on a bishop ray of a cell (empty board).
pub(crate) static BISHOP_ALL: [u128; CELL_COUNT] = unions(&ray_table_128(
    &triangle::uniform_step_table(&CELLS_C, &triangle::DIAGONALS),
));

/// The cells on some line of the family (`lines`) through one of `c`'s King steps, per cell:
/// only an enemy slider there can attack a step of a King on `c`.
const fn zones(lines: &[u128; CELL_COUNT]) -> [u128; CELL_COUNT] {
    let king = leap_sets_128(&triangle::step_table(&CELLS_C, &triangle::TOUCHING));
    let mut out = [0u128; CELL_COUNT];
    let mut k = 0;
    while k < CELL_COUNT {
        let mut c = 0;
        while c < CELL_COUNT {
            if king[k] >> c & 1 != 0 {
                out[k] |= lines[c];
            }
            c += 1;
        }
        k += 1;
    }
    out
}

/// Per King cell, where an enemy Rook or Queen can attack one of the King's steps.
pub(crate) static ROOK_ZONE: [u128; CELL_COUNT] = zones(&ROOK_ALL);
/// Per King cell, where an enemy Duke or Queen can attack one of the King's steps.
pub(crate) static DUKE_ZONE: [u128; CELL_COUNT] = zones(&DUKE_ALL);
/// Per King cell, where an enemy Bishop or Queen can attack one of the King's steps.
pub(crate) static BISHOP_ZONE: [u128; CELL_COUNT] = zones(&BISHOP_ALL);

/// Per King cell, where an enemy Knight attacks one of the King's steps (a leap is its own
/// reverse): only the enemy Knights there can stop a step.
pub(crate) static KNIGHT_ZONE: [u128; CELL_COUNT] = zones(&leap_sets_128(&triangle::step_table(
    &CELLS_C,
    &triangle::KNIGHT,
)));
/// Knight targets of every cell.
pub(crate) static KNIGHT: [u128; CELL_COUNT] =
    leap_sets_128(&triangle::step_table(&CELLS_C, &triangle::KNIGHT));
/// King targets (the 12 touching cells) of every cell.
pub(crate) static KING: [u128; CELL_COUNT] =
    leap_sets_128(&triangle::step_table(&CELLS_C, &triangle::TOUCHING));

/// Per cell, the lowest index of its King steps (its own when it has none): the steps lie at
/// most 63 indices above it (the build fails otherwise), so `steps >> base` fits one 64-bit word.
pub(crate) static KING_STEP_BASE: [u8; CELL_COUNT] = {
    let king = leap_sets_128(&triangle::step_table(&CELLS_C, &triangle::TOUCHING));
    let mut out = [0u8; CELL_COUNT];
    let mut k = 0;
    while k < CELL_COUNT {
        let base = if king[k] == 0 {
            k
        } else {
            king[k].trailing_zeros() as usize
        };
        assert!(
            king[k] >> base >> 64 == 0,
            "a King's steps span more than a word"
        );
        out[k] = base as u8;
        k += 1;
    }
    out
};

/// Cells strictly between two cells on a common rook line.
pub(crate) static BETWEEN_ROOK: [[u128; CELL_COUNT]; CELL_COUNT] =
    between_128(&triangle::step_table(&CELLS_C, &triangle::FACE_ROWS));
/// Cells strictly between two cells on a common duke line.
pub(crate) static BETWEEN_DUKE: [[u128; CELL_COUNT]; CELL_COUNT] =
    between_128(&triangle::step_table(&CELLS_C, &triangle::VERTEX_ROWS));
/// Same-colour cells strictly between two cells on a common bishop line.
pub(crate) static BETWEEN_BISHOP: [[u128; CELL_COUNT]; CELL_COUNT] = between_128(
    &triangle::uniform_step_table(&CELLS_C, &triangle::DIAGONALS),
);

/// Rook directions (face rows), by net direction: N, NE, SE, S, SW, NW.
#[cfg(test)]
pub(crate) static ROOK_STEPS: [[u16; 6]; CELL_COUNT] =
    triangle::step_table(&CELLS_C, &triangle::FACE_ROWS);
/// Duke directions (vertex rows): E, NE, NW, W, SW, SE.
#[cfg(test)]
pub(crate) static DUKE_STEPS: [[u16; 6]; CELL_COUNT] =
    triangle::step_table(&CELLS_C, &triangle::VERTEX_ROWS);
/// Bishop directions (same-colour diagonals): N, NE, SE, S, SW, NW.
#[cfg(test)]
pub(crate) static BISHOP_STEPS: [[u16; 6]; CELL_COUNT] =
    triangle::uniform_step_table(&CELLS_C, &triangle::DIAGONALS);

/// Rook rays per cell and direction (see [`ROOK_STEPS`]).
#[cfg(test)]
pub(crate) static ROOK_RAYS: [[u128; 6]; CELL_COUNT] = ray_table_128(&ROOK_STEPS);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells::{index_of_name as c, names};

    #[test]
    fn rook_ne_from_e1_follows_the_spec_example() {
        // The official example lists the ray as far as h4; from the light h4 the NE step (0,+1) still reaches h5, just
        // as the official diagram RC1 shows the b3 Rook's NE ray ending h8, h9.
        assert_eq!(
            names(ROOK_RAYS[c("e1")][1]),
            ["e2", "f2", "f3", "g3", "g4", "h4", "h5"]
        );
    }
}
