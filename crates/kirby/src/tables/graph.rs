//! The cell graph of Kirby's board: every cell's neighbour in each direction slot, and the
//! rays those slots repeat into.

use hexvar_geometry::square::{self, Square};
use hexvar_geometry::table::{self, NO_CELL};
use hexvar_geometry::Hex;

use crate::cells::{field_index, pent_index, CellSet, CELLS, FIELD, FIELD_CONST, SQUARES};

/// steps up, down, left, right, up-left, up-right, down-left, down-right (board-relative). A
/// corner pent is on one even and one odd board, so its two FIDE layers never share a slot.
pub(crate) const SLOTS: usize = 28;

const fn fide_slot(parity: usize, d: usize) -> usize {
    12 + parity * 8 + d
}

/// A FIDE layer: 8 files × 4 ranks; local index `8·rank + file` (0-based).
const LAYER: [Square; 32] = square::rectangle(8, 4);
const LAYER_KING: [[u16; 8]; 32] = square::square_step_table(&LAYER, &Square::KING);
pub(super) const LAYER_KNIGHT: [[u16; 8]; 32] = square::square_step_table(&LAYER, &Square::KNIGHT);

pub(super) const fn layer_map(k: usize) -> [u16; 32] {
    let mut map = [0u16; 32];
    let mut i = 0;
    while i < 32 {
        let file = i % 8;
        let rank = i / 8;
        map[i] = if rank < 3 {
            (k * 24 + rank * 8 + file) as u16
        } else {
            pent_index(k, file as i8 + 1) as u16
        };
        i += 1;
    }
    map
}

const fn build_graph() -> [[u16; SLOTS]; CELLS] {
    let mut g = [[NO_CELL; SLOTS]; CELLS];
    // Hex layer.
    let mut i = 0;
    while i < FIELD {
        let mut d = 0;
        while d < 12 {
            if let Some(j) = field_index(FIELD_CONST[i].plus(Hex::KING[d])) {
                g[SQUARES + i][d] = j as u16;
            }
            d += 1;
        }
        i += 1;
    }
    // FIDE layers. On rank 4 (the pents) the sideways steps are the hex ring steps, already in
    // the hex slots: leave them out so that no ray is generated twice.
    let mut k = 0;
    while k < 6 {
        let p = k % 2;
        let slots = [
            fide_slot(p, 0) as u16,
            fide_slot(p, 1) as u16,
            fide_slot(p, 2) as u16,
            fide_slot(p, 3) as u16,
            fide_slot(p, 4) as u16,
            fide_slot(p, 5) as u16,
            fide_slot(p, 6) as u16,
            fide_slot(p, 7) as u16,
        ];
        g = square::embed_steps(g, &LAYER_KING, &layer_map(k), &slots);
        let mut f = 1;
        while f <= 8 {
            let pent = pent_index(k, f);
            g = square::cut_slots(g, pent, &[fide_slot(p, 2) as u16, fide_slot(p, 3) as u16]);
            f += 1;
        }
        k += 1;
    }
    g
}

/// `GRAPH[cell][slot]`: the neighbour of `cell` in direction slot `slot`, or `NO_CELL`.
pub(crate) const GRAPH: &[[u16; SLOTS]; CELLS] = &build_graph();
#[allow(clippy::large_const_arrays)] // the builders below read it at compile time
pub(super) const GRAPH_CONST: [[u16; SLOTS]; CELLS] = build_graph();

/// `RAYS[cell][slot]`: the cells reached by repeating slot `slot` from `cell`.
pub(crate) const RAYS: &[[CellSet; SLOTS]; CELLS] = &table::ray_table_wide(&GRAPH_CONST);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells::{Cell, CellKind};
    use crate::tables::KING_ATTACKS;

    #[test]
    fn graph_is_symmetric_and_rays_monotone() {
        assert!(square::graph_is_consistent(&GRAPH_CONST));
        assert!(square::rays_are_monotone(&GRAPH_CONST));
        // Squares never touch hexes.
        for king in &KING_ATTACKS[..SQUARES] {
            assert!(king.iter().all(|b| Cell::at(b).kind() != CellKind::Hex));
        }
    }
    #[test]
    fn fide_sideways_on_rank_4_equals_the_ring() {
        // For every pent and board, the FIDE rank-4 sideways ray is one of its hex ring rays.
        for side in 0..6 {
            for f in 1..=8i8 {
                let p = pent_index(side, f);
                let left: Vec<usize> = (1..f).rev().map(|g| pent_index(side, g)).collect();
                let right: Vec<usize> = (f + 1..=8).map(|g| pent_index(side, g)).collect();
                for line in [left, right] {
                    if line.is_empty() {
                        continue;
                    }
                    let set: CellSet = line.iter().copied().collect();
                    assert!((0..6).any(|d| RAYS[p][d] == set), "side {side} file {f}");
                }
            }
        }
    }
}
