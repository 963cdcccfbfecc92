//! The tables the rules read, built from the board's 84 cells at compile time: steps, leaps,
//! rays, lines, pawn moves (per cell and set-wise) and Zobrist keys.
//!
//! The tables read at run time are `const` references (here, in `sliders.rs` and in
//! `position.rs`), not `static`s. Why: in a position-independent executable (Rust's default) the
//! generator read each `static` through the global offset table, a load of the table's address
//! in series with each table load (objdump of the bench's binary: ten tables reached so); a
//! `const` reference's data is addressed directly (RIP-relative), and the binary holds one copy
//! (the perft example did not grow). A reference rather than an array by value, so that an
//! unoptimised build does not copy a 113 KB table onto the stack at each read. Dagger's
//! `tables.rs` found the same (the rules page, "Speed").

use hexvar_geometry::const_for;
use hexvar_geometry::table::{
    between_128, gathered_128, leap_sets_128, ray_table_128, sources_128, step_table, unions_128,
    NO_CELL,
};
use hexvar_geometry::zobrist::KeyStream;
use hexvar_geometry::Hex;

use crate::cells::{Cell, CELL_COUNT, RANK_FILES, RANK_OFFSET};
use crate::men::{pawn_rank, promotion_rank, Color};

/// Every cell as a hex, in index order.
pub(crate) const HEXES: [Hex; CELL_COUNT] = {
    let mut out = [Hex::ZERO; CELL_COUNT];
    const_for!(i in 0..CELL_COUNT => {
        out[i] = Cell::ALL[i].hex();
    });
    out
};

const ROOK_STEPS: [[u16; 6]; CELL_COUNT] = step_table(&HEXES, &Hex::ORTHOGONAL);
const BISHOP_STEPS: [[u16; 6]; CELL_COUNT] = step_table(&HEXES, &Hex::DIAGONAL);
pub(crate) const KING_STEPS: [[u16; 12]; CELL_COUNT] = step_table(&HEXES, &Hex::KING);
const KNIGHT_STEPS: [[u16; 12]; CELL_COUNT] = step_table(&HEXES, &Hex::KNIGHT);

/// `BIT[cell]` = the one-cell set of `cell` (a table load instead of a variable 128-bit shift).
pub(crate) const BIT: &[u128; CELL_COUNT] = &hexvar_geometry::table::singletons_128();

/// Rook rays per cell and orthogonal direction.
const ROOK_RAYS: [[u128; 6]; CELL_COUNT] = ray_table_128(&ROOK_STEPS);
/// Bishop rays per cell and diagonal direction.
const BISHOP_RAYS: [[u128; 6]; CELL_COUNT] = ray_table_128(&BISHOP_STEPS);
/// Every cell on an orthogonal line through the cell (rook attacks on an empty board).
pub(crate) const ROOK_LINES: &[u128; CELL_COUNT] = &unions_128(&ROOK_RAYS);
/// Every cell on a diagonal line through the cell (bishop attacks on an empty board).
pub(crate) const BISHOP_LINES: &[u128; CELL_COUNT] = &unions_128(&BISHOP_RAYS);
/// King targets per cell.
pub(crate) const KING_ATTACKS: &[u128; CELL_COUNT] = &leap_sets_128(&KING_STEPS);
/// Knight targets per cell.
pub(crate) const KNIGHT_ATTACKS: &[u128; CELL_COUNT] = &leap_sets_128(&KNIGHT_STEPS);
/// King-step rays per cell and direction (`Hex::KING` order: 6 orthogonal, then 6 diagonal).
const KING_RAYS: [[u128; 12]; CELL_COUNT] = ray_table_128(&KING_STEPS);

/// `LINE[a][b]` = the whole line through `a` and `b` (both included) when they share an
/// orthogonal or diagonal line, else empty: a pinned man moves only along its pin line.
pub(crate) const LINE: &[[u128; CELL_COUNT]; CELL_COUNT] = &{
    let mut out = [[0u128; CELL_COUNT]; CELL_COUNT];
    const_for!(a in 0..CELL_COUNT => {
        let mut d = 0;
        while d < 12 {
            // The opposite of direction d: three places on within its group of six.
            let back = if d < 6 { (d + 3) % 6 } else { 6 + (d - 3) % 6 };
            let line = KING_RAYS[a][d] | KING_RAYS[a][back] | 1 << a;
            let mut b = 0;
            while b < CELL_COUNT {
                if KING_RAYS[a][d] >> b & 1 != 0 {
                    out[a][b] = line;
                }
                b += 1;
            }
            d += 1;
        }
    });
    out
};

/// Cells strictly between two cells on a common orthogonal or diagonal line.
pub(crate) const BETWEEN: &[[u128; CELL_COUNT]; CELL_COUNT] = &between_128(&KING_STEPS);

/// Pawn steps in (Δfile, Δrank), converted to hex steps.
const fn fr(df: i8, dr: i8) -> Hex {
    Hex::new(df - dr, dr)
}

/// Forward steps per side: NW and NE for White, SW and SE for Black.
const PAWN_PUSH_DIRS: [[Hex; 2]; 2] = [[fr(0, 1), fr(1, 1)], [fr(-1, -1), fr(0, -1)]];
/// Slanted captures per side: WNW and ENE for White, WSW and ESE for Black.
const PAWN_CAPTURE_DIRS: [[Hex; 2]; 2] = [[fr(-1, 1), fr(2, 1)], [fr(-2, -1), fr(1, -1)]];
/// The vertical capture, allowed from the start rank only: N for White, S for Black.
const PAWN_VERTICAL_DIR: [Hex; 2] = [fr(1, 2), fr(-1, -2)];

const fn step(from: usize, d: Hex) -> u16 {
    match Cell::from_hex(HEXES[from].plus(d)) {
        Some(c) => c.index() as u16,
        None => NO_CELL,
    }
}

/// `PAWN_PUSHES[side][cell]` = the two forward-adjacent cells ([`NO_CELL`] off the board).
const PAWN_PUSHES: [[[u16; 2]; CELL_COUNT]; 2] = {
    let mut out = [[[NO_CELL; 2]; CELL_COUNT]; 2];
    const_for!(side in 0..2 => {
        let mut c = 0;
        while c < CELL_COUNT {
            out[side][c] = [
                step(c, PAWN_PUSH_DIRS[side][0]),
                step(c, PAWN_PUSH_DIRS[side][1]),
            ];
            c += 1;
        }
    });
    out
};

/// `PAWN_DOUBLE[side][cell]` = per forward direction, the single-step cell and the double-step
/// cell beyond it, as one-bit sets (0 off the board), for pawns on their start rank.
pub(crate) const PAWN_DOUBLE: &[[[(u128, u128); 2]; CELL_COUNT]; 2] = &{
    let mut out = [[[(0u128, 0u128); 2]; CELL_COUNT]; 2];
    const_for!(side in 0..2 => {
        let mut c = 0;
        while c < CELL_COUNT {
            let mut k = 0;
            while k < 2 {
                let first = PAWN_PUSHES[side][c][k];
                if first != NO_CELL {
                    let second = PAWN_PUSHES[side][first as usize][k];
                    out[side][c][k] = (1 << first, if second == NO_CELL { 0 } else { 1 << second });
                }
                k += 1;
            }
            c += 1;
        }
    });
    out
};

/// `PAWN_AHEAD[side][cell]` = the set of the (at most two) forward-adjacent cells.
pub(crate) const PAWN_AHEAD: &[[u128; CELL_COUNT]; 2] = &{
    let mut out = [[0u128; CELL_COUNT]; 2];
    const_for!(side in 0..2 => {
        let mut c = 0;
        while c < CELL_COUNT {
            out[side][c] = PAWN_DOUBLE[side][c][0].0 | PAWN_DOUBLE[side][c][1].0;
            c += 1;
        }
    });
    out
};

/// `RANK_CELLS[rank]` = the cells of one rank (0-based).
pub(crate) const RANK_CELLS: &[u128; 8] = &{
    let mut out = [0u128; 8];
    const_for!(i in 0..CELL_COUNT => {
        out[Cell::ALL[i].rank() as usize] |= 1 << i;
    });
    out
};

/// `PAWN_ATTACKS[side][cell]` = the cells a pawn of `side` on `cell` attacks (the vertical
/// capture included on the side's start rank).
pub(crate) const PAWN_ATTACKS: &[[u128; CELL_COUNT]; 2] = &{
    let mut out = [[0u128; CELL_COUNT]; 2];
    const_for!(side in 0..2 => {
        let start_rank = pawn_rank(Color::ALL[side]);
        let mut c = 0;
        while c < CELL_COUNT {
            let mut set = 0u128;
            let mut k = 0;
            while k < 2 {
                let t = step(c, PAWN_CAPTURE_DIRS[side][k]);
                if t != NO_CELL {
                    set |= 1 << t;
                }
                k += 1;
            }
            if Cell::ALL[c].rank() == start_rank {
                let t = step(c, PAWN_VERTICAL_DIR[side]);
                if t != NO_CELL {
                    set |= 1 << t;
                }
            }
            out[side][c] = set;
            c += 1;
        }
    });
    out
};

/// `PAWN_ATTACKERS[side][cell]` = the cells from which a pawn of `side` attacks `cell`.
pub(crate) const PAWN_ATTACKERS: &[[u128; CELL_COUNT]; 2] =
    &[sources_128(&PAWN_ATTACKS[0]), sources_128(&PAWN_ATTACKS[1])];

/// `KNIGHTS_NEAR_KING[k]` = the cells from which a knight attacks a king step from `k` (a
/// knight's attackers are its own leaps).
pub(crate) const KNIGHTS_NEAR_KING: &[u128; CELL_COUNT] =
    &gathered_128(KNIGHT_ATTACKS, KING_ATTACKS);

/// `PAWNS_NEAR_KING[side][k]` = the cells from which a pawn of `side` attacks a king step from
/// `k`.
pub(crate) const PAWNS_NEAR_KING: &[[u128; CELL_COUNT]; 2] = &[
    gathered_128(&PAWN_ATTACKERS[0], KING_ATTACKS),
    gathered_128(&PAWN_ATTACKERS[1], KING_ATTACKS),
];

/// One pawn step of one side (a push, a capture direction) applied to a whole set of pawns at
/// once, as shifts of the dense index. The index distance of a one-rank step depends on the rank
/// (ranks have 9 to 12 cells), so the sources are grouped by distance: each group is the source
/// cells whose target is on the board, and the distance. White's steps raise
/// the index, Black's lower it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnShift {
    groups: [ShiftGroup; SHIFT_GROUPS],
    rises: bool,
}

/// Sources and index distance of one group of a [`PawnShift`].
#[derive(Clone, Copy, Debug)]
struct ShiftGroup {
    sources: u128,
    distance: u32,
}

/// The most distinct index distances of one pawn step (one per pair of ranks of equal length).
const SHIFT_GROUPS: usize = 4;

const NO_GROUP: ShiftGroup = ShiftGroup {
    sources: 0,
    distance: 0,
};

impl PawnShift {
    /// The step `d` of `side` (0 White, 1 Black) from the cells of `sources`.
    const fn new(side: usize, d: Hex, sources: u128) -> PawnShift {
        let mut groups = [NO_GROUP; SHIFT_GROUPS];
        const_for!(c in 0..CELL_COUNT => {
            let t = step(c, d);
            if t != NO_CELL && sources >> c & 1 != 0 {
                let distance = (t as usize).abs_diff(c) as u32;
                let mut g = 0;
                while groups[g].sources != 0 && groups[g].distance != distance {
                    g += 1;
                    assert!(g < SHIFT_GROUPS, "too many pawn shift groups");
                }
                groups[g].sources |= 1 << c;
                groups[g].distance = distance;
            }
        });
        PawnShift {
            groups,
            rises: side == 0,
        }
    }

    /// Where the step takes the pawns on `cells` (those whose step leaves the board vanish).
    #[inline(always)]
    pub(crate) fn forward(&self, cells: u128) -> u128 {
        let mut out = 0;
        for g in &self.groups {
            out |= if self.rises {
                (cells & g.sources) << g.distance
            } else {
                (cells & g.sources) >> g.distance
            };
        }
        out
    }
}

/// The pawn steps of one side, set-wise, for the pawns that do not promote on their next move.
///
/// Both sides' steps line up the same way in the dense index: a pawn's two forward cells are
/// neighbours on their rank, `low` and `low + 1`, and its two slanted captures are the cells
/// beside them outward, `low - 1` and `low + 2`. So one shift (to the lower forward cell) gives
/// the other three by one-place shifts, cut where they would leave the rank. Only a pawn whose
/// lower forward cell is off the board (its higher one is then the first cell of its rank) needs
/// a shift of its own.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnShifts {
    /// To the lower forward cell.
    pub low: PawnShift,
    /// The pawns whose lower forward cell is off the board and higher one on it.
    pub high_only: u128,
    /// To the higher forward cell, from [`PawnShifts::high_only`].
    pub high_at_edge: PawnShift,
    /// The second step of a double step (lower and higher direction), from the rank after the
    /// start rank.
    pub double: [PawnShift; 2],
    /// The vertical capture, from the start rank only.
    pub vertical: PawnShift,
}

/// The first cell (lowest index) of every rank.
pub(crate) const RANK_FIRSTS: u128 = cells_at_rank_ends(false);
/// The last cell (highest index) of every rank.
pub(crate) const RANK_LASTS: u128 = cells_at_rank_ends(true);

const fn cells_at_rank_ends(last: bool) -> u128 {
    let mut out = 0;
    const_for!(rank in 0..8 => {
        let (lo, hi) = RANK_FILES[rank];
        let file = if last { hi } else { lo };
        out |= 1 << (RANK_OFFSET[rank] as u32 + (file - lo) as u32);
    });
    out
}

/// The cells of `rank` as a set (for the const builders; [`RANK_CELLS`] is the table).
const fn rank_set(rank: u8) -> u128 {
    let mut out = 0;
    const_for!(c in 0..CELL_COUNT => {
        if Cell::ALL[c].rank() == rank {
            out |= 1 << c;
        }
    });
    out
}

const fn pawn_shifts(side: usize) -> PawnShifts {
    let color = Color::ALL[side];
    let start_rank = pawn_rank(color);
    let last = promotion_rank(color);
    let first = promotion_rank(color.other());
    let before_last = if side == 0 { last - 1 } else { last + 1 };
    let after_start = if side == 0 {
        start_rank + 1
    } else {
        start_rank - 1
    };
    // Where a pawn that does not promote next can stand.
    let board = (1 << CELL_COUNT) - 1;
    let free = board & !(rank_set(first) | rank_set(last) | rank_set(before_last));
    let [low, high] = PAWN_PUSH_DIRS[side];
    let mut high_only = 0;
    const_for!(c in 0..CELL_COUNT => {
        if free >> c & 1 != 0 && step(c, low) == NO_CELL && step(c, high) != NO_CELL {
            high_only |= 1 << c;
        }
    });
    PawnShifts {
        low: PawnShift::new(side, low, free),
        high_only,
        high_at_edge: PawnShift::new(side, high, high_only),
        double: [
            PawnShift::new(side, low, rank_set(after_start)),
            PawnShift::new(side, high, rank_set(after_start)),
        ],
        vertical: PawnShift::new(side, PAWN_VERTICAL_DIR[side], rank_set(start_rank)),
    }
}

/// The pawn steps of each side, set-wise (White, Black). A `const`, so that code specialised
/// to one side sees the shift distances as constants.
pub(crate) const PAWN_SHIFTS: [PawnShifts; 2] = [pawn_shifts(0), pawn_shifts(1)];

/// The seed of the Zobrist key stream ("hexvar !").
const ZOBRIST_SEED: u64 = 0x6865_7876_6172_2021;

/// Zobrist keys: per (piece, cell), side to move, castling rights, en passant cells.
pub(crate) struct ZobristKeys {
    pub pieces: [[[u64; CELL_COUNT]; 6]; 2],
    pub black_to_move: u64,
    pub castling: [u64; 4],
    pub en_passant: [u64; CELL_COUNT],
}

pub(crate) const ZOBRIST: &ZobristKeys = &{
    let mut stream = KeyStream::new(ZOBRIST_SEED);
    let white = stream.table();
    let black = stream.table();
    ZobristKeys {
        pieces: [white, black],
        black_to_move: stream.next_key(),
        castling: stream.keys(),
        en_passant: stream.keys(),
    }
};

#[cfg(test)]
mod tests {
    use hexvar_geometry::Set128;

    use super::*;

    #[test]
    fn pawn_shifts_reproduce_the_per_cell_pawn_tables() {
        for side in 0..2 {
            let color = Color::ALL[side];
            let shifts = &PAWN_SHIFTS[side];
            let before_last = if side == 0 { 6 } else { 1 };
            for c in 0..CELL_COUNT {
                let rank = Cell::ALL[c].rank();
                if [0, 7, before_last].contains(&rank) {
                    continue; // no pawn, or one counted one by one
                }
                let one = 1u128 << c;
                let low = shifts.low.forward(one);
                let high = ((low & !RANK_LASTS) << 1)
                    | shifts.high_at_edge.forward(one & shifts.high_only);
                assert_eq!(low & high, 0, "side {side} cell {c}");
                assert_eq!(low | high, PAWN_AHEAD[side][c], "side {side} cell {c}");
                let captures = ((low & !RANK_FIRSTS) >> 1)
                    | ((high & !RANK_LASTS) << 1)
                    | shifts.vertical.forward(one);
                assert_eq!(captures, PAWN_ATTACKS[side][c], "side {side} cell {c}");
                if rank == pawn_rank(color) {
                    for (k, single) in [low, high].into_iter().enumerate() {
                        let (table_single, double) = PAWN_DOUBLE[side][c][k];
                        assert_eq!(single, table_single, "side {side} cell {c}");
                        assert_eq!(
                            shifts.double[k].forward(single),
                            double,
                            "side {side} cell {c}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn pawn_index_distances_tell_double_steps_apart() {
        // `Position::play_unchecked` recognises a double step by its index distance.
        for side in 0..2 {
            for from in 0..CELL_COUNT {
                for &step in &PAWN_PUSHES[side][from] {
                    if step != NO_CELL {
                        assert!(from.abs_diff(step as usize) <= 14);
                    }
                }
                for to in Set128(PAWN_ATTACKS[side][from]) {
                    let two_ranks = Cell::ALL[from].rank().abs_diff(Cell::ALL[to].rank()) == 2;
                    assert_eq!(from.abs_diff(to) > 16, two_ranks, "capture {from} -> {to}");
                }
                for (_, double) in PAWN_DOUBLE[side][from] {
                    if let Some(to) = Set128(double).first() {
                        assert!(from.abs_diff(to) >= 19);
                    }
                }
            }
        }
    }
}
