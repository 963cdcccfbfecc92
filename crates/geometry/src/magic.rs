//! Slider attacks by hashed table look-up ("magic bitboards"), built at compile time from a
//! [step table](crate::table::step_table), for boards of up to 128 cells.
//!
//! A *table* serves some of a slider's lines: a list of step directions (indices into the step
//! table; both directions of each line). Its look-up for a cell reads the cells whose occupancy
//! matters ([`inner_cells`]: the lines' cells but the slider's own and each ray's last), `n` of
//! them, and a multiplier per (cell, table) maps their `2^n` occupancies to `n` index bits with
//! no collision that would matter (two occupancies that share an entry give the same attacks).
//!
//! The crate keeps four statics, all computed by `const fn`s from here, and a test that
//! repeats its multiplier search:
//!
//! 1. the multipliers, one per (cell, table), found once by [`search_magics`] and pasted in;
//! 2. the look-ups, [`lookups`]: mask, multiplier, shift and offset per (cell, table); building
//!    them fails if a look-up's cells in the set's two 64-bit halves overlap (they are or-ed
//!    into one word before the multiply);
//! 3. the attack sets, [`attack_table`] (or [`attack_table_64`] for boards of at most 64 cells),
//!    whose length is [`entry_count`] rounded up to a power of two, so that masking an index
//!    with `len - 1` shows the compiler the bound; building them fails on a multiplier that maps
//!    two occupancies with different attacks to one entry.
//!
//! # Example
//!
//! ```
//! use hexvar_geometry::{magic, table, Hex};
//! use magic::MagicLookup;
//!
//! // A radius-1 hexagon, and a rook sliding along the line through (0, 1) and (0, -1).
//! const CELLS: [Hex; 7] = [
//!     Hex::new(0, 0),
//!     Hex::new(1, 0),
//!     Hex::new(1, -1),
//!     Hex::new(0, -1),
//!     Hex::new(-1, 0),
//!     Hex::new(-1, 1),
//!     Hex::new(0, 1),
//! ];
//! static STEPS: [[u16; 6]; 7] = table::step_table(&CELLS, &Hex::ORTHOGONAL);
//! const TABLES: [&[usize]; 1] = [&[
//!     magic::direction(&Hex::ORTHOGONAL, Hex::new(0, 1)),
//!     magic::direction(&Hex::ORTHOGONAL, Hex::new(0, -1)),
//! ]];
//! // The multipliers, as `search_magics(&STEPS, &TABLES, 1)` found them: the two cells at the
//! // line's ends see one inner cell (the centre), the others none.
//! const MAGICS: [[u64; 1]; 7] = [
//!     [0],
//!     [0],
//!     [0],
//!     [0x8000_c001_0210_0200],
//!     [0],
//!     [0],
//!     [0x8440_0018_0000_0001],
//! ];
//! static LOOKUPS: [[MagicLookup; 1]; 7] = magic::lookups(&STEPS, &TABLES, &MAGICS);
//! const LEN: usize = magic::entry_count(&LOOKUPS).next_power_of_two();
//! static ATTACKS: [u128; LEN] = magic::attack_table(&STEPS, &TABLES, &LOOKUPS);
//!
//! let attacks =
//!     |cell: usize, occupied: u128| ATTACKS[LOOKUPS[cell][0].index(occupied) & (LEN - 1)];
//! // From the centre: (0, 1) and (0, -1), cells 6 and 3.
//! assert_eq!(attacks(0, 0), 1 << 6 | 1 << 3);
//! // From (0, -1) the centre blocks, or lets the rook through to (0, 1).
//! assert_eq!(attacks(3, 1 << 0), 1 << 0);
//! assert_eq!(attacks(3, 0), 1 << 0 | 1 << 6);
//! assert_eq!(magic::search_magics(&STEPS, &TABLES, 1), MAGICS);
//! ```

use crate::hex::Hex;
use crate::table::NO_CELL;

/// How the attacks of one (cell, table) pair are found: the cells whose occupancy matters, in
/// the low and the high half of the set, the multiplier, the shift that keeps the index's bits,
/// and where the pair's entries start in the attack table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MagicLookup {
    mask_low: u64,
    mask_high: u64,
    magic: u64,
    shift: u32,
    offset: u32,
}

impl MagicLookup {
    /// The entry of `occupied` in the attack table (not yet masked with the table's length).
    #[inline(always)]
    pub const fn index(&self, occupied: u128) -> usize {
        let blockers =
            (occupied as u64 & self.mask_low) | ((occupied >> 64) as u64 & self.mask_high);
        self.offset as usize + (blockers.wrapping_mul(self.magic) >> self.shift) as usize
    }

    /// The cells whose occupancy this look-up reads.
    pub const fn mask(&self) -> u128 {
        self.mask_low as u128 | (self.mask_high as u128) << 64
    }
}

/// The index of `d` in `directions`: how a table names the directions it serves.
///
/// # Panics
/// At compile time (in a `const`), if `d` is not in `directions`.
pub const fn direction(directions: &[Hex], d: Hex) -> usize {
    crate::const_for!(i in 0..directions.len() => {
        if directions[i].q == d.q && directions[i].r == d.r {
            return i;
        }
    });
    panic!("the direction is not in the list")
}

/// The cells whose occupancy matters for `directions` from `from`: each ray's cells but its
/// last (a man on the edge cell blocks nothing beyond it).
pub const fn inner_cells<const N: usize, const D: usize>(
    steps: &[[u16; D]; N],
    from: usize,
    directions: &[usize],
) -> u128 {
    assert!(N <= 128, "magic look-ups need a board of at most 128 cells");
    let mut out = 0u128;
    crate::const_for!(i in 0..directions.len() => {
        let d = directions[i];
        let mut at = steps[from][d];
        while at != NO_CELL && steps[at as usize][d] != NO_CELL {
            out |= 1 << at;
            at = steps[at as usize][d];
        }
    });
    out
}

/// The cells a slider on `from` reaches along `directions`, each ray up to and including its
/// first man of `occupied` (the slow, obvious way that the tables are built from).
pub const fn attacks_by_walking<const N: usize, const D: usize>(
    steps: &[[u16; D]; N],
    from: usize,
    directions: &[usize],
    occupied: u128,
) -> u128 {
    let mut out = 0u128;
    let mut i = 0;
    while i < directions.len() {
        let d = directions[i];
        let mut at = steps[from][d];
        while at != NO_CELL {
            out |= 1 << at;
            if occupied >> at & 1 != 0 {
                break;
            }
            at = steps[at as usize][d];
        }
        i += 1;
    }
    out
}

/// The shift that keeps an index of `bits` bits (a shift of 64 would overflow, and an empty mask
/// hashes to 0 with any shift).
const fn shift_for(bits: u32) -> u32 {
    if bits == 0 {
        63
    } else {
        64 - bits
    }
}

/// The look-up of every (cell, table), with `magics[cell][table]` as multipliers and the
/// entries laid out cell by cell, table by table.
///
/// # Panics
/// At compile time, if a look-up's cells in the two halves of the set overlap once or-ed into
/// one word.
pub const fn lookups<const N: usize, const D: usize, const T: usize>(
    steps: &[[u16; D]; N],
    tables: &[&[usize]; T],
    magics: &[[u64; T]; N],
) -> [[MagicLookup; T]; N] {
    let empty = MagicLookup {
        mask_low: 0,
        mask_high: 0,
        magic: 0,
        shift: 63,
        offset: 0,
    };
    let mut out = [[empty; T]; N];
    let mut offset = 0u32;
    crate::const_for!(cell in 0..N => {
        let mut table = 0;
        while table < T {
            let mask = inner_cells(steps, cell, tables[table]);
            assert!(
                (mask as u64) & ((mask >> 64) as u64) == 0,
                "the halves of a look-up's mask overlap"
            );
            out[cell][table] = MagicLookup {
                mask_low: mask as u64,
                mask_high: (mask >> 64) as u64,
                magic: magics[cell][table],
                shift: shift_for(mask.count_ones()),
                offset,
            };
            offset += 1 << mask.count_ones();
            table += 1;
        }
    });
    out
}

/// The number of entries the look-ups address: `2^n` per (cell, table) with `n` inner cells.
pub const fn entry_count<const N: usize, const T: usize>(lookups: &[[MagicLookup; T]; N]) -> usize {
    let mut n = 0;
    crate::const_for!(cell in 0..N => {
        let mut table = 0;
        while table < T {
            n += 1 << lookups[cell][table].mask().count_ones();
            table += 1;
        }
    });
    n
}

/// The attacks of every (cell, table) for every occupancy of its inner cells, at its hashed
/// entry; entries no look-up reaches hold `u128::MAX` (nothing attacks every cell).
///
/// # Panics
/// At compile time, if `LEN` is not a power of two of at least [`entry_count`], or a multiplier
/// maps two occupancies with different attacks to one entry.
pub const fn attack_table<const LEN: usize, const N: usize, const D: usize, const T: usize>(
    steps: &[[u16; D]; N],
    tables: &[&[usize]; T],
    lookups: &[[MagicLookup; T]; N],
) -> [u128; LEN] {
    assert!(LEN.is_power_of_two() && LEN >= entry_count(lookups));
    let mut out = [u128::MAX; LEN];
    let mut cell = 0;
    while cell < N {
        let mut table = 0;
        while table < T {
            let lookup = &lookups[cell][table];
            let mask = lookup.mask();
            // Every subset of the mask, by the carry-rippler.
            let mut blockers = 0u128;
            loop {
                let attacks = attacks_by_walking(steps, cell, tables[table], blockers);
                let i = lookup.index(blockers);
                assert!(
                    out[i] == u128::MAX || out[i] == attacks,
                    "a multiplier maps two occupancies with different attacks to one entry"
                );
                out[i] = attacks;
                blockers = blockers.wrapping_sub(mask) & mask;
                if blockers == 0 {
                    break;
                }
            }
            table += 1;
        }
        cell += 1;
    }
    out
}

/// [`attack_table`] in 64-bit sets, for boards of at most 64 cells (half the memory).
pub const fn attack_table_64<const LEN: usize, const N: usize, const D: usize, const T: usize>(
    steps: &[[u16; D]; N],
    tables: &[&[usize]; T],
    lookups: &[[MagicLookup; T]; N],
) -> [u64; LEN] {
    assert!(N <= 64, "attack_table_64 needs a board of at most 64 cells");
    let wide: [u128; LEN] = attack_table(steps, tables, lookups);
    let mut out = [u64::MAX; LEN];
    crate::const_for!(i in 0..LEN => {
        if wide[i] != u128::MAX {
            out[i] = wide[i] as u64;
        }
    });
    out
}

/// The multipliers for [`lookups`], found by a repeatable search: for each cell in index order
/// and each table in order, xorshift64* candidates from `seed`, each the `&` of three draws
/// (sparse numbers collide less), until one works with an index of exactly `n` bits (`0` for a
/// look-up with no inner cell). A crate pastes the result and keeps a test that calls this
/// again and compares.
pub fn search_magics<const N: usize, const D: usize, const T: usize>(
    steps: &[[u16; D]; N],
    tables: &[&[usize]; T],
    seed: u64,
) -> Vec<[u64; T]> {
    let mut state = seed;
    let mut draw = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let mut slots: Vec<Option<u128>> = Vec::new();
    (0..N)
        .map(|cell| {
            let mut magics = [0; T];
            for (table, magic) in magics.iter_mut().enumerate() {
                let mask = inner_cells(steps, cell, tables[table]);
                let bits = mask.count_ones();
                if bits == 0 {
                    continue;
                }
                let folded = |blockers: u128| blockers as u64 | (blockers >> 64) as u64;
                let mut subsets = vec![];
                let mut s = 0u128;
                loop {
                    subsets.push((folded(s), attacks_by_walking(steps, cell, tables[table], s)));
                    s = s.wrapping_sub(mask) & mask;
                    if s == 0 {
                        break;
                    }
                }
                slots.resize(1 << bits, None);
                *magic = loop {
                    let candidate = draw() & draw() & draw();
                    slots.iter_mut().for_each(|s| *s = None);
                    let works = subsets.iter().all(|&(blockers, attacks)| {
                        let slot =
                            &mut slots[(blockers.wrapping_mul(candidate) >> (64 - bits)) as usize];
                        *slot.get_or_insert(attacks) == attacks
                    });
                    if works {
                        break candidate;
                    }
                };
            }
            magics
        })
        .collect()
}

/// `count` occupancies of a board of `cell_count` cells (at most 128) from a fixed xorshift
/// stream, denser and sparser in turn: the sample the variant crates check their look-ups on
/// against [`attacks_by_walking`] or a walk of their own.
pub fn sample_occupancies(cell_count: usize, count: usize) -> impl Iterator<Item = u128> {
    let board = if cell_count >= 128 {
        u128::MAX
    } else {
        (1u128 << cell_count) - 1
    };
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    (0..count).map(move |i| {
        let mut draw = || u128::from(next()) | u128::from(next()) << 64;
        let set = match i % 3 {
            0 => draw() & draw(),
            1 => draw(),
            _ => draw() | draw(),
        };
        set & board
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::step_table;

    const CELLS: [Hex; 37] = Hex::hexagon(3);
    static STEPS: [[u16; 12]; 37] = step_table(&CELLS, &Hex::KING);
    const fn line(d: Hex) -> [usize; 2] {
        [direction(&Hex::KING, d), direction(&Hex::KING, d.times(-1))]
    }
    const ROOK: [usize; 6] = {
        let (a, b, c) = (
            line(Hex::ORTHOGONAL[0]),
            line(Hex::ORTHOGONAL[1]),
            line(Hex::ORTHOGONAL[2]),
        );
        [a[0], a[1], b[0], b[1], c[0], c[1]]
    };
    // One table per line (up to 4 inner cells each): a quick search even in a debug build.
    const LINES: [[usize; 2]; 6] = [
        line(Hex::ORTHOGONAL[0]),
        line(Hex::ORTHOGONAL[1]),
        line(Hex::ORTHOGONAL[2]),
        line(Hex::DIAGONAL[0]),
        line(Hex::DIAGONAL[1]),
        line(Hex::DIAGONAL[2]),
    ];
    const TABLES: [&[usize]; 6] = [
        &LINES[0], &LINES[1], &LINES[2], &LINES[3], &LINES[4], &LINES[5],
    ];

    #[test]
    fn searched_multipliers_give_the_walked_attacks() {
        let magics: [[u64; 6]; 37] = search_magics(&STEPS, &TABLES, 0x9e37_79b9_7f4a_7c15)
            .try_into()
            .unwrap();
        let lookups = lookups(&STEPS, &TABLES, &magics);
        const LEN: usize = 1 << 12;
        assert!(entry_count(&lookups) <= LEN);
        let attacks: [u128; LEN] = attack_table(&STEPS, &TABLES, &lookups);
        let mut state = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..300 {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            let occupied = (state & (state >> 3)) as u128 & ((1 << 37) - 1);
            for cell in 0..37 {
                for (table, directions) in TABLES.iter().enumerate() {
                    assert_eq!(
                        attacks[lookups[cell][table].index(occupied) & (LEN - 1)],
                        attacks_by_walking(&STEPS, cell, directions, occupied)
                    );
                }
            }
        }
        // The centre: three cells each way along a line, two of them inner.
        assert_eq!(lookups[18][0].mask().count_ones(), 4);
        assert_eq!(attacks_by_walking(&STEPS, 18, &ROOK, 0).count_ones(), 18);
    }

    #[test]
    fn walking_stops_at_the_first_man() {
        let centre = 18;
        let right = direction(&Hex::KING, Hex::new(1, 0));
        let first = STEPS[centre][right] as usize;
        let attacks = attacks_by_walking(&STEPS, centre, &[right], 1 << first);
        assert_eq!(attacks, 1 << first);
        assert_eq!(inner_cells(&STEPS, centre, &[right]).count_ones(), 2);
    }
}
