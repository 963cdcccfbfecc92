//! Pawn look-ups: each army's steps, double steps, captures, attackers and promotion zone,
//! and its sideboard and pents as small bit sets for set-wise pawn moves.

use hexvar_geometry::table::NO_CELL;
use hexvar_geometry::Hex;

use super::graph::layer_map;
use crate::cells::{
    field_index, field_rank, pent_index, CellSet, CELLS, FIELD, FIELD_CONST, SQUARES,
    SQUARES_PER_BOARD,
};
use crate::men::ARMIES;

/// The two pawn steps (forward ± 30°, across edges) of each army (spec §5).
pub(crate) const PAWN_STEPS: [[Hex; 2]; 6] = [
    [Hex::new(0, 1), Hex::new(-1, 1)],
    [Hex::new(1, 0), Hex::new(0, 1)],
    [Hex::new(1, -1), Hex::new(1, 0)],
    [Hex::new(0, -1), Hex::new(1, -1)],
    [Hex::new(-1, 0), Hex::new(0, -1)],
    [Hex::new(-1, 1), Hex::new(-1, 0)],
];

/// The three pawn captures (forward and forward ± 60°, through corners) of each army (§5).
pub(crate) const PAWN_CAPTURES: [[Hex; 3]; 6] = [
    [Hex::new(1, 1), Hex::new(-1, 2), Hex::new(-2, 1)],
    [Hex::new(2, -1), Hex::new(1, 1), Hex::new(-1, 2)],
    [Hex::new(1, -2), Hex::new(2, -1), Hex::new(1, 1)],
    [Hex::new(-1, -1), Hex::new(1, -2), Hex::new(2, -1)],
    [Hex::new(-2, 1), Hex::new(-1, -1), Hex::new(1, -2)],
    [Hex::new(-1, 2), Hex::new(-2, 1), Hex::new(-1, -1)],
];

/// Pawn tables of one army.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnTables {
    /// `push[cell]`: the cells a pawn steps to without capturing.
    pub push: [CellSet; CELLS],
    /// `double[cell]`: `(middle, target)` of the FIDE double step from rank 2, or `NO_CELL`s.
    pub double: [(u16, u16); CELLS],
    /// `capture[cell]`: the cells a pawn captures on (and attacks).
    pub capture: [CellSet; CELLS],
    /// `attackers[cell]`: the cells from which a pawn of this army attacks `cell`.
    pub attackers: [CellSet; CELLS],
    /// `promotes[cell]`: whether a pawn of this army landing on `cell` reaches the promotion
    /// zone (rank ≥ 11).
    pub promotes: CellSet,
}

const fn pawn_tables(k: usize) -> PawnTables {
    let mut t = PawnTables {
        push: [CellSet::EMPTY; CELLS],
        double: [(NO_CELL, NO_CELL); CELLS],
        capture: [CellSet::EMPTY; CELLS],
        attackers: [CellSet::EMPTY; CELLS],
        promotes: CellSet::EMPTY,
    };
    // Own squares: FIDE.
    let map = layer_map(k);
    let mut i = 0;
    while i < 24 {
        let file = i % 8;
        let rank = i / 8;
        let from = k * 24 + i;
        let up = map[(rank + 1) * 8 + file] as usize;
        t.push[from] = t.push[from].with(up);
        if rank == 1 {
            t.double[from] = (up as u16, map[3 * 8 + file]);
        }
        if file > 0 {
            let c = map[(rank + 1) * 8 + file - 1] as usize;
            t.capture[from] = t.capture[from].with(c);
        }
        if file < 7 {
            let c = map[(rank + 1) * 8 + file + 1] as usize;
            t.capture[from] = t.capture[from].with(c);
        }
        i += 1;
    }
    // Field: hex steps and captures.
    let mut i = 0;
    while i < FIELD {
        let h = FIELD_CONST[i];
        let from = SQUARES + i;
        let mut s = 0;
        while s < 2 {
            if let Some(j) = field_index(h.plus(PAWN_STEPS[k][s])) {
                t.push[from] = t.push[from].with(j);
            }
            s += 1;
        }
        let mut s = 0;
        while s < 3 {
            if let Some(j) = field_index(h.plus(PAWN_CAPTURES[k][s])) {
                t.capture[from] = t.capture[from].with(j);
            }
            s += 1;
        }
        if field_rank(k, h) >= 11 {
            t.promotes = t.promotes.with(from);
        }
        i += 1;
    }
    // Reverse captures.
    let mut from = 0;
    while from < CELLS {
        let mut w = 0;
        while w < 5 {
            let mut bits = t.capture[from].0[w];
            while bits != 0 {
                let to = w * 64 + bits.trailing_zeros() as usize;
                t.attackers[to] = t.attackers[to].with(from);
                bits &= bits - 1;
            }
            w += 1;
        }
        from += 1;
    }
    t
}

/// The pawn tables of the six armies.
pub(crate) const PAWNS: &[PawnTables; ARMIES] = &[
    pawn_tables(0),
    pawn_tables(1),
    pawn_tables(2),
    pawn_tables(3),
    pawn_tables(4),
    pawn_tables(5),
];

/// A pawn's targets as cell lists, for counting moves without set operations. A missing
/// target is [`PAWN_NONE`], a cell index past the board that no set of cells holds.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnCells {
    /// `steps[cell]`: the (at most two) cells a pawn steps to without capturing.
    pub steps: [[u16; 2]; CELLS],
    /// `captures[cell]`: the (at most three) cells a pawn captures on.
    pub captures: [[u16; 3]; CELLS],
    /// The cells from which a pawn's step, double step or capture may reach the promotion
    /// zone (their moves are counted through the sets, with the promotion choices).
    pub eve: CellSet,
}

/// The index standing for "no target" in [`PawnCells`]: the first bit past the board's cells.
pub(crate) const PAWN_NONE: u16 = CELLS as u16;

const fn pawn_cells(k: usize) -> PawnCells {
    let t = pawn_tables(k);
    let mut out = PawnCells {
        steps: [[PAWN_NONE; 2]; CELLS],
        captures: [[PAWN_NONE; 3]; CELLS],
        eve: CellSet::EMPTY,
    };
    let mut c = 0;
    while c < CELLS {
        let mut reach = t.push[c].union(&t.capture[c]);
        if t.double[c].1 != NO_CELL {
            reach = reach.with(t.double[c].1 as usize);
        }
        let (mut ns, mut nc) = (0, 0);
        let mut w = 0;
        while w < 5 {
            if reach.0[w] & t.promotes.0[w] != 0 {
                out.eve = out.eve.with(c);
            }
            let (mut steps, mut captures) = (t.push[c].0[w], t.capture[c].0[w]);
            while steps != 0 {
                out.steps[c][ns] = (w * 64 + steps.trailing_zeros() as usize) as u16;
                ns += 1;
                steps &= steps - 1;
            }
            while captures != 0 {
                out.captures[c][nc] = (w * 64 + captures.trailing_zeros() as usize) as u16;
                nc += 1;
                captures &= captures - 1;
            }
            w += 1;
        }
        c += 1;
    }
    out
}

/// The pawn target lists of the six armies.
pub(crate) const PAWN_CELLS: &[PawnCells; ARMIES] = &[
    pawn_cells(0),
    pawn_cells(1),
    pawn_cells(2),
    pawn_cells(3),
    pawn_cells(4),
    pawn_cells(5),
];

const fn any_pawn_attackers() -> [CellSet; CELLS] {
    let mut out = [CellSet::EMPTY; CELLS];
    let mut k = 0;
    while k < 6 {
        let t = pawn_tables(k);
        let mut c = 0;
        while c < CELLS {
            out[c] = out[c].union(&t.attackers[c]);
            c += 1;
        }
        k += 1;
    }
    out
}

/// `PAWN_ATTACKERS_ANY[cell]`: the cells from which a pawn of some army attacks `cell` (a quick
/// filter before the per-army tables).
pub(crate) const PAWN_ATTACKERS_ANY: &[CellSet; CELLS] = &PAWN_ATTACKERS_CONST;
#[allow(clippy::large_const_arrays)] // read at compile time by `watch`
pub(super) const PAWN_ATTACKERS_CONST: [CellSet; CELLS] = any_pawn_attackers();

/// Each army's pents (rank 4 of its sideboard's FIDE layer) by file 1..8.
pub(crate) const PENTS: &[[u16; 8]; ARMIES] = &{
    let mut out = [[0u16; 8]; ARMIES];
    let mut k = 0;
    while k < ARMIES {
        let mut f = 0;
        while f < 8 {
            out[k][f] = pent_index(k, f as i8 + 1) as u16;
            f += 1;
        }
        k += 1;
    }
    out
};

/// The 24 squares of `army`'s sideboard in `set` as bits `8·(rank−1) + (file−1)`: its FIDE
/// layer below the pents, where a pawn steps and captures as in chess (a shift by a rank).
/// The sideboard is 24 consecutive cell indices, in at most two neighbouring words.
#[inline(always)]
pub(crate) fn sideboard_bits(set: &CellSet, army: usize) -> u32 {
    let first = army * SQUARES_PER_BOARD;
    let w = first / 64;
    let pair = set.0[w] as u128 | (set.0[w + 1] as u128) << 64;
    (pair >> (first % 64)) as u32 & 0xFF_FFFF
}

/// The cells of `army`'s sideboard whose bits ([`sideboard_bits`]) are set in `bits`.
#[inline(always)]
pub(crate) fn sideboard_set(bits: u32, army: usize) -> CellSet {
    let first = army * SQUARES_PER_BOARD;
    let w = first / 64;
    let pair = (bits as u128) << (first % 64);
    let mut out = CellSet::EMPTY;
    out.0[w] = pair as u64;
    out.0[w + 1] = (pair >> 64) as u64;
    out
}

/// How an army's pents lie in a set: eight consecutive cell indices in one word (rows A and Q:
/// Black's and White's) starting at bit `shift` of word `word`, in file order or reversed; or
/// spread over the rows.
#[derive(Clone, Copy, Debug)]
enum PentRun {
    InWord { word: u8, shift: u8, reversed: bool },
    Spread,
}

/// Each army's [`PentRun`].
const PENT_RUNS: &[PentRun; ARMIES] = &{
    let mut out = [PentRun::Spread; ARMIES];
    let mut k = 0;
    while k < ARMIES {
        let (first, last) = (PENTS[k][0] as usize, PENTS[k][7] as usize);
        let reversed = last < first;
        let low = if reversed { last } else { first };
        let consecutive = if reversed {
            first - last == 7
        } else {
            last - first == 7
        };
        if consecutive && low % 64 <= 56 {
            out[k] = PentRun::InWord {
                word: (low / 64) as u8,
                shift: (low % 64) as u8,
                reversed,
            };
        }
        k += 1;
    }
    out
};

/// Each byte with its bits in reverse order (a table: `u8::reverse_bits` is a dozen
/// instructions on x86-64).
const REVERSED_BYTES: &[u8; 256] = &{
    let mut out = [0u8; 256];
    let mut b = 0;
    while b < 256 {
        out[b] = (b as u8).reverse_bits();
        b += 1;
    }
    out
};

/// `army`'s pents in `set` as bits `file − 1`.
#[inline(always)]
pub(crate) fn pent_bits(set: &CellSet, army: usize) -> u32 {
    match PENT_RUNS[army] {
        PentRun::InWord {
            word,
            shift,
            reversed,
        } => {
            let bits = (set.0[word as usize] >> shift) as u8;
            (if reversed {
                REVERSED_BYTES[bits as usize]
            } else {
                bits
            }) as u32
        }
        PentRun::Spread => {
            let mut bits = 0;
            for (f, &cell) in PENTS[army].iter().enumerate() {
                bits |= (set.has(cell as usize) as u32) << f;
            }
            bits
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells::ALL_CELLS as ALL;

    #[test]
    fn pents_and_sideboards_as_bits() {
        // Black's and White's pents are runs in one word; the others are gathered.
        assert!(matches!(
            PENT_RUNS[0],
            PentRun::InWord {
                reversed: false,
                ..
            }
        ));
        assert!(matches!(
            PENT_RUNS[3],
            PentRun::InWord { reversed: true, .. }
        ));
        for (army, pents) in PENTS.iter().enumerate() {
            for (f, &pent) in pents.iter().enumerate() {
                let pent = pent as usize;
                assert_eq!(pent_bits(&CellSet::EMPTY.with(pent), army), 1 << f);
                assert_eq!(
                    pent_bits(&(ALL - CellSet::EMPTY.with(pent)), army),
                    0xFF ^ (1 << f)
                );
            }
            for b in 0..24 {
                let square = army * 24 + b;
                let one = CellSet::EMPTY.with(square);
                assert_eq!(sideboard_bits(&one, army), 1 << b);
                assert_eq!(sideboard_set(1 << b, army), one);
                assert_eq!(sideboard_bits(&(ALL - one), army), 0xFF_FFFF ^ (1 << b));
            }
        }
    }
    #[test]
    fn pawn_cell_lists_match_the_pawn_sets() {
        for a in 0..ARMIES {
            let (sets, lists) = (&PAWNS[a], &PAWN_CELLS[a]);
            for c in 0..CELLS {
                let listed = |cells: &[u16]| {
                    cells
                        .iter()
                        .filter(|&&t| t != PAWN_NONE)
                        .fold(CellSet::EMPTY, |s, &t| s.with(t as usize))
                };
                assert_eq!(listed(&lists.steps[c]), sets.push[c]);
                assert_eq!(listed(&lists.captures[c]), sets.capture[c]);
                let mut reach = sets.push[c] | sets.capture[c];
                if sets.double[c].1 != NO_CELL {
                    reach = reach.with(sets.double[c].1 as usize);
                }
                assert_eq!(lists.eve.has(c), reach.intersects(&sets.promotes));
            }
        }
    }
}
