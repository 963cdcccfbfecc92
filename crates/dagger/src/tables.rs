//! The static tables the rules read: steps, leaps, pawn moves, lines, masks and Zobrist keys,
//! all built at compile time from the geometry crate's `const` builders.
//!
//! They are `const` items, not `static`s (here, in `hand.rs` and in `sliders.rs`). Why: in the
//! bench's and the examples' binaries (position-independent executables, Rust's default), the
//! generator read each `static` through the global offset table: a load of the table's address
//! before each table load, in series with it. A `const` is addressed directly (RIP-relative, as
//! cozy-chess's tables are). Bulk perft over the bench positions: 8 % less CPU time per leaf for 0.6 % more
//! instructions (the rules page, "Speed: CPU time").

use hexvar_geometry::zobrist::KeyStream;
use hexvar_geometry::{const_for, table, Hex};

use crate::cells::{spec_hex, Bits, Cell, CELL_COUNT, RANK_COUNT, RANK_LENGTHS, RANK_START};
use crate::men::PIECE_COUNT;

/// Every cell as a geometry hex, in dense order.
const HEXES: [Hex; CELL_COUNT] = {
    let mut out = [Hex::ZERO; CELL_COUNT];
    const_for!(i in 0..CELL_COUNT => {
        out[i] = Cell::ALL[i].hex();
    });
    out
};

const fn to_hexes<const D: usize>(steps: [(i8, i8); D]) -> [Hex; D] {
    let mut out = [Hex::ZERO; D];
    const_for!(i in 0..D => {
        out[i] = spec_hex(steps[i].0, steps[i].1);
    });
    out
}

/// The 6 orthogonal (Rook) directions in `(dq, dr)`: the three that raise the dense index first
/// (right, up-left, up-right), then their opposites.
const ROOK_DIRS: [(i8, i8); 6] = [(1, 0), (0, 1), (1, 1), (-1, 0), (0, -1), (-1, -1)];
/// The 6 diagonal (Bishop) directions in `(dq, dr)`: straight up, up-right oblique, up-left
/// oblique, then their opposites.
const BISHOP_DIRS: [(i8, i8); 6] = [(1, 2), (2, 1), (-1, 1), (-1, -2), (-2, -1), (1, -1)];
/// The number of line directions (6 orthogonal, then 6 diagonal).
const LINE_DIRS: usize = 12;
/// The 12 Gliński knight leaps in `(dq, dr)` (rules §2).
pub(crate) const KNIGHT_LEAPS: [(i8, i8); 12] = [
    (1, 3),
    (2, 3),
    (-1, 2),
    (3, 2),
    (-2, 1),
    (3, 1),
    (-1, -3),
    (-2, -3),
    (1, -2),
    (-3, -2),
    (2, -1),
    (-3, -1),
];

const ROOK_HEX: [Hex; 6] = to_hexes(ROOK_DIRS);
const BISHOP_HEX: [Hex; 6] = to_hexes(BISHOP_DIRS);
const LINE_HEX: [Hex; LINE_DIRS] = {
    let mut out = [Hex::ZERO; LINE_DIRS];
    const_for!(i in 0..6 => {
        out[i] = ROOK_HEX[i];
        out[i + 6] = BISHOP_HEX[i];
    });
    out
};
const KNIGHT_HEX: [Hex; 12] = to_hexes(KNIGHT_LEAPS);

/// A pawn's three moves (rules §4.6), for White; Black's are the negated vectors.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PawnStep {
    /// The forward-left orthogonal step `(0, +1)`: moves or captures.
    Left = 0,
    /// The forward-right orthogonal step `(+1, +1)`: moves or captures.
    Right = 1,
    /// The straight-forward diagonal "double jump" `(+1, +2)`: moves only.
    Jump = 2,
}

/// Pawn steps (forward-left, forward-right) then the straight jump, per colour.
const PAWN_HEX: [[Hex; 3]; 2] = [
    to_hexes([(0, 1), (1, 1), (1, 2)]),
    to_hexes([(0, -1), (-1, -1), (-1, -2)]),
];
const RANK_HEX: [Hex; 2] = to_hexes([(1, 0), (-1, 0)]);

pub(crate) const LINE_STEPS: [[u16; LINE_DIRS]; CELL_COUNT] = table::step_table(&HEXES, &LINE_HEX);

/// The index in [`LINE_STEPS`] of the line direction `d`, in the rules' `(dq, dr)`.
///
/// # Panics
/// At compile time (in a `const`), if `d` is not a line direction.
pub(crate) const fn line_direction(d: (i8, i8)) -> usize {
    hexvar_geometry::magic::direction(&LINE_HEX, to_hexes([d])[0])
}
const KNIGHT_STEPS: [[u16; 12]; CELL_COUNT] = table::step_table(&HEXES, &KNIGHT_HEX);
const PAWN_TABLE: [[[u16; 3]; CELL_COUNT]; 2] = [
    table::step_table(&HEXES, &PAWN_HEX[0]),
    table::step_table(&HEXES, &PAWN_HEX[1]),
];
const RANK_STEPS: [[u16; 2]; CELL_COUNT] = table::step_table(&HEXES, &RANK_HEX);

const fn narrow<const D: usize>(wide: &[[u128; D]; CELL_COUNT]) -> [[Bits; D]; CELL_COUNT] {
    let mut out = [[0; D]; CELL_COUNT];
    const_for!(i in 0..CELL_COUNT => {
        out[i] = narrow_sets(&wide[i]);
    });
    out
}

const fn narrow_sets<const N: usize>(wide: &[u128; N]) -> [Bits; N] {
    let mut out = [0; N];
    const_for!(i in 0..N => {
        out[i] = wide[i] as Bits;
    });
    out
}

/// The sets of `sets` as the geometry builders' 128-bit sets.
const fn widen(sets: &[Bits; CELL_COUNT]) -> [u128; CELL_COUNT] {
    let mut out = [0; CELL_COUNT];
    const_for!(i in 0..CELL_COUNT => {
        out[i] = sets[i] as u128;
    });
    out
}

/// The cells `steps[cell][which]` as one-cell sets (empty where the step leaves the board).
const fn pick<const D: usize>(steps: &[[u16; D]; CELL_COUNT], which: usize) -> [Bits; CELL_COUNT] {
    let mut out = [0; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        if steps[i][which] != table::NO_CELL {
            out[i] = 1 << steps[i][which];
        }
        i += 1;
    }
    out
}

/// The cells `steps[cell][0]` and `steps[cell][1]` together.
const fn pick_two<const D: usize>(steps: &[[u16; D]; CELL_COUNT]) -> [Bits; CELL_COUNT] {
    let a = pick(steps, 0);
    let b = pick(steps, 1);
    let mut out = [0; CELL_COUNT];
    const_for!(i in 0..CELL_COUNT => {
        out[i] = a[i] | b[i];
    });
    out
}

/// `RAYS[cell][d]`: the cells reached by repeating line direction `d` from `cell` (0..6 the
/// Rook directions, 6..12 the Bishop directions); in each half the first three raise the index.
#[cfg(test)]
const RAYS: [[Bits; LINE_DIRS]; CELL_COUNT] = narrow(&table::ray_table_128(&LINE_STEPS));
/// `KNIGHT[cell]`: the knight leaps from `cell`.
pub(crate) const KNIGHT: [Bits; CELL_COUNT] = narrow_sets(&table::leap_sets_128(&KNIGHT_STEPS));
/// `KING[cell]`: the 12 (or fewer, at the edge) King steps from `cell`: one step along each line.
pub(crate) const KING: [Bits; CELL_COUNT] = narrow_sets(&table::leap_sets_128(&LINE_STEPS));
/// `PAWN_STEPS[color][cell]`: the two forward orthogonal cells of a pawn (move or capture); the
/// cells a pawn attacks.
pub(crate) const PAWN_STEPS: [[Bits; CELL_COUNT]; 2] =
    [pick_two(&PAWN_TABLE[0]), pick_two(&PAWN_TABLE[1])];
/// `PAWN_JUMP[color][cell]`: the straight-forward diagonal cell of a pawn (move only).
pub(crate) const PAWN_JUMP: [[Bits; CELL_COUNT]; 2] = [
    pick(&PAWN_TABLE[0], PawnStep::Jump as usize),
    pick(&PAWN_TABLE[1], PawnStep::Jump as usize),
];
/// The most distinct index distances of one pawn move over the whole board.
const PAWN_SHIFT_GROUPS: usize = 5;

/// One pawn move of one side applied to a whole set of pawns at once, as shifts of the dense
/// index: ranks have 1 to 5 cells, so a move's index distance depends on the rank, and the
/// sources are grouped by distance. White's moves raise the index, Black's lower it.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnShift {
    /// `(sources, distance)`: the source cells (whose target is on the board) of each distance;
    /// unused groups are `(0, 0)`.
    groups: [(Bits, u32); PAWN_SHIFT_GROUPS],
    rises: bool,
}

impl PawnShift {
    /// Move `step` (a [`PawnStep`]) of `color` (0 White, 1 Black) from the cells of `sources`.
    const fn new(color: usize, step: usize, sources: Bits) -> PawnShift {
        let mut groups = [(0, 0u32); PAWN_SHIFT_GROUPS];
        let mut i = 0;
        while i < CELL_COUNT {
            let target = PAWN_TABLE[color][i][step];
            if target != table::NO_CELL && sources & 1 << i != 0 {
                let distance = (target as i32 - i as i32).unsigned_abs();
                let mut g = 0;
                while groups[g].0 != 0 && groups[g].1 != distance {
                    g += 1;
                    assert!(g < PAWN_SHIFT_GROUPS, "too many pawn shift groups");
                }
                groups[g] = (groups[g].0 | 1 << i, distance);
            }
            i += 1;
        }
        PawnShift {
            groups,
            rises: color == 0,
        }
    }

    /// Where the move takes the pawns on `pawns` (those whose move leaves the board vanish).
    #[inline(always)]
    pub(crate) fn forward(&self, pawns: Bits) -> Bits {
        let mut out = 0;
        for &(sources, distance) in &self.groups {
            out |= if self.rises {
                (pawns & sources) << distance
            } else {
                (pawns & sources) >> distance
            };
        }
        out
    }
}

/// The pawn moves of one side, set-wise, for the pawns that do not promote on their next move
/// (those four moves per destination are counted one pawn at a time). A pawn's two forward
/// steps land on neighbours of one rank, `low` and `low + 1` (White's left step is the lower,
/// Black's right step), so one shift to the lower cell gives the higher one by a one-place
/// shift, cut where it would leave the rank. Only a pawn whose lower cell is off the board (its
/// higher one is then the first cell of its rank) needs a shift of its own.
#[derive(Clone, Copy, Debug)]
pub(crate) struct PawnShifts {
    /// The step to the lower forward cell, and to the higher.
    pub low_step: PawnStep,
    pub high_step: PawnStep,
    /// The cells from which a pawn can reach its promotion cell in one move.
    pub promoting: Bits,
    /// To the lower forward cell.
    pub low: PawnShift,
    /// The cells whose lower forward cell is off the board and higher one on it.
    pub high_only: Bits,
    /// To the higher forward cell, from [`PawnShifts::high_only`].
    pub high_at_edge: PawnShift,
    /// The straight-forward jump.
    pub jump: PawnShift,
}

const fn pawn_shifts(color: usize) -> PawnShifts {
    let (low_step, high_step) = if color == 0 {
        (PawnStep::Left, PawnStep::Right)
    } else {
        (PawnStep::Right, PawnStep::Left)
    };
    let (low, high) = (low_step as usize, high_step as usize);
    let promotion = if color == 0 { Cell::N1 } else { Cell::A1 };
    let mut promoting = 0;
    let mut high_only = 0;
    let mut i = 0;
    while i < CELL_COUNT {
        let steps = PAWN_TABLE[color][i];
        let mut k = 0;
        while k < 3 {
            if steps[k] == promotion.index() as u16 {
                promoting |= 1 << i;
            }
            k += 1;
        }
        if steps[low] == table::NO_CELL && steps[high] != table::NO_CELL {
            high_only |= 1 << i;
        }
        i += 1;
    }
    // No pawn stands on a back-rank cell, and those about to promote are not shifted: fewer
    // index distances, fewer groups.
    let sources = ((1 << CELL_COUNT) - 1) & !(Cell::A1.bit() | Cell::N1.bit()) & !promoting;
    PawnShifts {
        low_step,
        high_step,
        promoting,
        low: PawnShift::new(color, low, sources),
        high_only: high_only & sources,
        high_at_edge: PawnShift::new(color, high, high_only & sources),
        jump: PawnShift::new(color, PawnStep::Jump as usize, sources),
    }
}

/// `PAWN_FROM[color][step][cell]`: the cell from which a pawn of `color` reaches `cell` by
/// `step` (a [`PawnStep`]), as a cell index; 0 where no cell does. The sources of the set-wise
/// pawn moves (each move's destination bit stands for one pawn).
pub(crate) const PAWN_FROM: [[[u8; CELL_COUNT]; 3]; 2] = {
    let mut out = [[[0; CELL_COUNT]; 3]; 2];
    const_for!(c in 0..2 => {
        const_for!(i in 0..CELL_COUNT => {
            const_for!(k in 0..3 => {
                let target = PAWN_TABLE[c][i][k];
                if target != table::NO_CELL {
                    out[c][k][target as usize] = i as u8;
                }
            });
        });
    });
    out
};

/// The pawn moves of each side, set-wise (White, Black). A `const`, so that code specialised to
/// one side sees the shift distances as constants.
pub(crate) const PAWN_SHIFTS: [PawnShifts; 2] = [pawn_shifts(0), pawn_shifts(1)];

/// The last cell (highest index) of every rank.
pub(crate) const RANK_LASTS: Bits = {
    let mut out = 0;
    const_for!(r in 0..RANK_COUNT => {
        out |= 1 << (RANK_START[r] + RANK_LENGTHS[r] - 1);
    });
    out
};
/// `out[k]` = the cells from whose leaps `leaps` reach a King step from `k`: the only cells
/// from which a leaper can keep a King on `k` from stepping somewhere.
const fn near_king_steps(leaps: &[Bits; CELL_COUNT]) -> [Bits; CELL_COUNT] {
    narrow_sets(&table::gathered_128(
        &table::sources_128(&widen(leaps)),
        &widen(&KING),
    ))
}

/// `KNIGHTS_NEAR_KING[k]`: the cells from which a knight attacks a King step from `k`.
pub(crate) const KNIGHTS_NEAR_KING: [Bits; CELL_COUNT] = near_king_steps(&KNIGHT);
/// `PAWNS_NEAR_KING[color][k]`: the cells from which a pawn of `color` attacks a King step from
/// `k`.
pub(crate) const PAWNS_NEAR_KING: [[Bits; CELL_COUNT]; 2] = [
    near_king_steps(&PAWN_STEPS[0]),
    near_king_steps(&PAWN_STEPS[1]),
];
/// `RANK_NEIGHBOURS[cell]`: the cells beside `cell` on its rank (the en-passant capturers).
pub(crate) const RANK_NEIGHBOURS: [Bits; CELL_COUNT] = pick_two(&RANK_STEPS);
/// `BETWEEN[a][b]`: the cells strictly between `a` and `b` on a common line, else empty.
pub(crate) const BETWEEN: [[Bits; CELL_COUNT]; CELL_COUNT] =
    narrow(&table::between_128(&LINE_STEPS));
/// `LINE[a][b]`: the whole line through `a` and `b` (both included) when they share a line,
/// else empty.
pub(crate) const LINE: [[Bits; CELL_COUNT]; CELL_COUNT] = {
    let rays = narrow(&table::ray_table_128(&LINE_STEPS));
    let mut out = [[0; CELL_COUNT]; CELL_COUNT];
    let mut a = 0;
    while a < CELL_COUNT {
        let mut d = 0;
        while d < LINE_DIRS {
            let opposite = if d % 6 < 3 { d + 3 } else { d - 3 };
            let line = rays[a][d] | rays[a][opposite] | 1 << a;
            let mut set = rays[a][d];
            while set != 0 {
                let b = set.trailing_zeros() as usize;
                out[a][b] = line;
                set &= set - 1;
            }
            d += 1;
        }
        a += 1;
    }
    out
};

/// Empty-board Rook attacks.
pub(crate) const ROOK_PSEUDO: [Bits; CELL_COUNT] = union_rays(0);
/// Empty-board Bishop attacks.
pub(crate) const BISHOP_PSEUDO: [Bits; CELL_COUNT] = union_rays(6);

const fn union_rays(first: usize) -> [Bits; CELL_COUNT] {
    let rays = narrow(&table::ray_table_128(&LINE_STEPS));
    let mut out = [0; CELL_COUNT];
    let mut i = 0;
    while i < CELL_COUNT {
        let mut d = first;
        while d < first + 6 {
            out[i] |= rays[i][d];
            d += 1;
        }
        i += 1;
    }
    out
}

/// Zobrist keys: one per (piece, cell), the side to move, each knight in hand, and each
/// en-passant cell.
pub(crate) struct Zobrist {
    /// `[piece index][cell]`.
    pub(crate) pieces: [[u64; CELL_COUNT]; PIECE_COUNT],
    /// Xored in when Black is to move.
    pub(crate) black_to_move: u64,
    /// `[color][knight]`: xored in while that knight is in hand.
    pub(crate) hand: [[u64; 2]; 2],
    /// `[cell]`: xored in while an en-passant capture onto the jumper on that cell is possible.
    pub(crate) en_passant: [u64; CELL_COUNT],
}

/// The seed of the Zobrist key stream.
const ZOBRIST_SEED: u64 = 0x0DA6_6E4C_4E55;

pub(crate) const ZOBRIST: Zobrist = {
    let mut stream = KeyStream::new(ZOBRIST_SEED);
    Zobrist {
        pieces: stream.table(),
        black_to_move: stream.next_key(),
        hand: stream.table(),
        en_passant: stream.keys(),
    }
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cells::{bits_of as set, cells_of};

    #[test]
    fn pawn_shifts_reproduce_the_pawn_tables() {
        for (color, shifts) in PAWN_SHIFTS.iter().enumerate() {
            for cell in Cell::ALL {
                let one = cell.bit();
                let promotion = if color == 0 { Cell::N1 } else { Cell::A1 };
                let moves = PAWN_STEPS[color][cell.index()] | PAWN_JUMP[color][cell.index()];
                assert_eq!(
                    shifts.promoting & one != 0,
                    moves & promotion.bit() != 0,
                    "{cell}"
                );
                if shifts.promoting & one != 0 || cell == Cell::A1 || cell == Cell::N1 {
                    continue; // counted one by one, or no pawn
                }
                let low = shifts.low.forward(one);
                let high = ((low & !RANK_LASTS) << 1)
                    | shifts.high_at_edge.forward(one & shifts.high_only);
                assert_eq!(low & high, 0, "{cell}");
                assert_eq!(low | high, PAWN_STEPS[color][cell.index()], "{cell}");
                assert_eq!(
                    shifts.jump.forward(one),
                    PAWN_JUMP[color][cell.index()],
                    "{cell}"
                );
            }
        }
    }

    #[test]
    fn pawn_sources_invert_the_pawn_moves() {
        for (color, shifts) in PAWN_SHIFTS.iter().enumerate() {
            // `low_step` is the step that the `low` shift makes, `high_step` the other one.
            let g3 = Cell::G3;
            let low = PAWN_TABLE[color][g3.index()][shifts.low_step as usize];
            let high = PAWN_TABLE[color][g3.index()][shifts.high_step as usize];
            assert_eq!(shifts.low.forward(g3.bit()), 1 << low);
            assert_eq!(high, low + 1);
            for cell in Cell::ALL {
                for step in [PawnStep::Left, PawnStep::Right, PawnStep::Jump] {
                    let target = PAWN_TABLE[color][cell.index()][step as usize];
                    if target != table::NO_CELL {
                        let from = PAWN_FROM[color][step as usize][target as usize];
                        assert_eq!(from as usize, cell.index(), "{cell} {step:?}");
                    }
                }
            }
        }
    }

    #[test]
    fn pawn_tables_follow_the_rules_vectors() {
        // Rules §4.6: a White pawn on d2 = (1,3) steps to e1 = (1,4) and e2 = (2,4) and jumps to
        // f2 = (2,5); Black mirrors it.
        let d2: Cell = "d2".parse().unwrap();
        assert_eq!(PAWN_STEPS[0][d2.index()], set("e1 e2"));
        assert_eq!(PAWN_JUMP[0][d2.index()], set("f2"));
        let k2: Cell = "k2".parse().unwrap();
        assert_eq!(PAWN_STEPS[1][k2.index()], set("j1 j2"));
        assert_eq!(PAWN_JUMP[1][k2.index()], set("h2"));
        assert_eq!(PAWN_STEPS[0][Cell::N1.index()], 0);
    }

    #[test]
    fn symmetries_preserve_the_tables() {
        for a in Cell::ALL {
            let (q, r) = a.qr();
            assert_eq!(a.flip().qr(), (6 - q, 12 - r));
            assert_eq!(a.mirror().qr(), (r - q, r));
            assert_eq!(
                KING[a.index()].count_ones(),
                KING[a.flip().index()].count_ones()
            );
            assert_eq!(
                KNIGHT[a.index()].count_ones(),
                KNIGHT[a.mirror().index()].count_ones()
            );
        }
    }

    #[test]
    fn diagonal_steps_keep_the_colour_and_orthogonal_steps_change_it() {
        for a in Cell::ALL {
            for b in cells_of(RAYS[a.index()][6] | RAYS[a.index()][9]) {
                assert_eq!(a.shade(), b.shade());
            }
            for (d, &first) in RAYS[a.index()].iter().enumerate().take(6) {
                if first != 0 {
                    let near = if d < 3 {
                        first.trailing_zeros()
                    } else {
                        Bits::BITS - 1 - first.leading_zeros()
                    };
                    assert_ne!(a.shade(), Cell::from_bit_index(near).shade());
                }
            }
        }
    }
}
