//! Leaper look-ups: the king's steps and the knight's leaps of each cell.

use hexvar_geometry::table::{self, NO_CELL};
use hexvar_geometry::Hex;

use super::graph::{layer_map, GRAPH_CONST, LAYER_KNIGHT};
use super::pawns::PAWN_STEPS;
use crate::cells::{field_index, pent_hex, CellSet, CELLS, FIELD, FIELD_CONST, SQUARES};

/// King steps: one step in any slot.
pub(crate) const KING_ATTACKS: &[CellSet; CELLS] = &table::leap_sets_wide(&GRAPH_CONST);

/// The cross-ring knight pairs (spec §4): for each side `k`, file `f` and outward step `s`:
/// `(k,f,2) ↔ pent + s` and `(k,f,3) ↔ pent + 2s`. 192 pairs.
const fn cross_ring_pairs() -> [(u16, u16); 192] {
    let mut out = [(0u16, 0u16); 192];
    let mut n = 0;
    let mut k = 0;
    while k < 6 {
        let mut f = 1;
        while f <= 8 {
            let p = pent_hex(k, f);
            let mut s = 0;
            while s < 2 {
                let step = PAWN_STEPS[k][s];
                let near = match field_index(p.plus(step)) {
                    Some(i) => i,
                    None => panic!("cross-ring target off the field"),
                };
                let far = match field_index(p.plus(step.times(2))) {
                    Some(i) => i,
                    None => panic!("cross-ring target off the field"),
                };
                let sq2 = k * 24 + 8 + (f as usize - 1);
                let sq3 = k * 24 + 16 + (f as usize - 1);
                out[n] = (sq2 as u16, near as u16);
                out[n + 1] = (sq3 as u16, far as u16);
                n += 2;
                s += 1;
            }
            f += 1;
        }
        k += 1;
    }
    out
}

const fn knight_sets() -> [CellSet; CELLS] {
    let mut out = [CellSet::EMPTY; CELLS];
    // Gliński leaps in the field.
    let mut i = 0;
    while i < FIELD {
        let mut d = 0;
        while d < 12 {
            if let Some(j) = field_index(FIELD_CONST[i].plus(Hex::KNIGHT[d])) {
                out[SQUARES + i] = out[SQUARES + i].with(j);
            }
            d += 1;
        }
        i += 1;
    }
    // FIDE leaps in each layer.
    let mut k = 0;
    while k < 6 {
        let map = layer_map(k);
        let mut a = 0;
        while a < 32 {
            let mut d = 0;
            while d < 8 {
                let b = LAYER_KNIGHT[a][d];
                if b != NO_CELL {
                    let from = map[a] as usize;
                    out[from] = out[from].with(map[b as usize] as usize);
                }
                d += 1;
            }
            a += 1;
        }
        k += 1;
    }
    // Cross-ring leaps.
    let pairs = cross_ring_pairs();
    let mut n = 0;
    while n < 192 {
        let (a, b) = (pairs[n].0 as usize, pairs[n].1 as usize);
        out[a] = out[a].with(b);
        out[b] = out[b].with(a);
        n += 1;
    }
    out
}

/// Knight leaps: FIDE leaps in each sideboard layer, Gliński leaps in the field, and the
/// cross-ring leaps.
#[allow(clippy::large_const_arrays)] // read at compile time by `watch`
pub(super) const KNIGHT_CONST: [CellSet; CELLS] = knight_sets();
pub(crate) const KNIGHT_ATTACKS: &[CellSet; CELLS] = &KNIGHT_CONST;
#[cfg(test)]
mod tests {
    use super::*;
    use crate::tables::{bishop_attacks, rook_attacks, BISHOP_REACH, ROOK_REACH};

    #[test]
    fn empty_board_totals_of_section_8() {
        let empty = CellSet::EMPTY;
        let sum = |f: &dyn Fn(usize) -> u32| (0..CELLS).map(f).sum::<u32>();
        assert_eq!(sum(&|c| KNIGHT_ATTACKS[c].len()), 2664);
        assert_eq!(sum(&|c| KING_ATTACKS[c].len()), 2808);
        assert_eq!(sum(&|c| rook_attacks(c, &empty).len()), 7002);
        assert_eq!(sum(&|c| bishop_attacks(c, &empty).len()), 3810);
        assert_eq!(
            sum(&|c| (rook_attacks(c, &empty) | bishop_attacks(c, &empty)).len()),
            10812
        );
    }
    #[test]
    fn rook_bishop_and_knight_targets_are_apart() {
        // So a queen's or an Amazon's moves are counted as the sum of its parts' moves.
        for c in 0..CELLS {
            assert!(!ROOK_REACH[c].intersects(&BISHOP_REACH[c]));
            assert!(!KNIGHT_ATTACKS[c].intersects(&(ROOK_REACH[c] | BISHOP_REACH[c])));
        }
    }
}
