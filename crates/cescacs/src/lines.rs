//! The board's lines and their occupancy: slider attacks by one look-up per line.
//!
//! Every cell lies on six lines, one per axis: three orthogonal (the Rook's) and three diagonal
//! (the Bishop's). The 169 cells make 45 orthogonal lines (at most 15 cells each) and 87 diagonal
//! ones (at most 8). [`LineOccupancy`] keeps, for each line, its occupied cells as the bits of
//! the low `u16` of a `u32`, in the order of the cells along the line, and its White men as the
//! high `u16`; the position updates it with each man that arrives or leaves (six bit flips per
//! cell; an ordinary move defers them to the next generation, see `Position::play_unchecked`).
//! The White half tells a slider's count whether the nearest man on either side is an enemy
//! with one shift of the line's own word, instead of the man's cell and a look-up of its bit in
//! the enemy's three-word set.
//!
//! Why: on the dense 3-word cell sets, a slider's ray costs a 3-word intersection and a bit scan
//! over up to three words, twice per line. On a line's own `u16` the nearest occupied cell on
//! either side is one trailing- or leading-zero count, and the cells in between come from a
//! table of the line's prefixes: `prefix[hi + 1] ^ prefix[lo]` is the segment from the lower
//! blocker to the upper one, both included.
//!
//! Positions on a line start at 1: bit 0 and bit `len + 1` are the line's ends, always
//! "occupied", so that a scan always stops (on an end when no man stands in the way), and the
//! prefix table gives no cell for them.

use std::borrow::Cow;

use crate::cells::{CellSet, CELL_COUNT};
use crate::men::Color;
use crate::tables::{cell_set, ROWS, STEPS_C};
use hexvar_geometry::table::NO_CELL;

/// The line axes by their positive direction (an index into `DIRECTIONS`): three orthogonal,
/// then three diagonal. The opposite direction is `+ 3`.
pub(crate) const AXIS_DIRECTIONS: [usize; 6] = [0, 1, 2, 6, 7, 8];
/// The axis of the columns (direction 0, a pawn's straight step).
pub(crate) const COLUMN_AXIS: usize = 0;
/// The orthogonal axes (indices into [`AXIS_DIRECTIONS`]).
pub(crate) const ORTHOGONAL_AXES: core::ops::Range<usize> = 0..3;
/// The diagonal axes.
pub(crate) const DIAGONAL_AXES: core::ops::Range<usize> = 3..6;
/// Every axis: the Queen's.
pub(crate) const ALL_AXES: core::ops::Range<usize> = 0..6;

/// The number of lines on the board (45 orthogonal, 87 diagonal; checked when the tables are
/// built), and so of words in [`LineOccupancy`].
pub(crate) const LINE_COUNT: usize = 132;
/// The six one-cell lines (a diagonal at each corner of the board) share one slot, [`LONE`]:
/// no slider moves along them and no man attacks along them, so their word is never read for
/// a man (a slider there counts no move on it: its two neighbours are the slot's ends). The
/// other 126 lines take slots `0..126`, so a slot masked by [`SLOTS`]` - 1` is a valid index
/// of every line table without a bounds check (one compare and branch less per look-up).
const SLOTS: usize = 128;
/// The slot of the one-cell lines.
const LONE: usize = SLOTS - 1;
/// The width of the tables by position (positions on a line, ends included: 0, the cells
/// 1..=15, the far end at most 16; the prefix table needs one more, 17, the whole line): a power
/// of two, so that a position masked to it needs no bounds check (the prefix table's two were
/// four instructions a line of a slider's moves).
const CELL_ROW: usize = 32;

/// Where a cell lies on one of its lines.
#[derive(Clone, Copy)]
pub(crate) struct LinePlace {
    /// The line's slot (`0..SLOTS`; [`LONE`] for a one-cell line).
    pub(crate) line: u8,
    /// The position on it, from 1 (the cell next to the line's lower end).
    pub(crate) pos: u8,
}

impl LinePlace {
    /// The line's slot as an index that the compiler knows to be below [`SLOTS`].
    #[inline(always)]
    fn slot(self) -> usize {
        usize::from(self.line) & (SLOTS - 1)
    }
}

/// The lines' tables, built together.
struct LineTables {
    /// By cell, padded to [`ROWS`] rows (the generator's cells come from bit scans).
    place: [[LinePlace; 6]; ROWS],
    /// The cell at each position, [`CELL_COUNT`] at the ends (a bit no cell set holds) and on
    /// every position of [`LONE`].
    cell: [[u8; CELL_ROW]; SLOTS],
    /// The two end bits of each line: bit 0 and bit `len + 1`.
    ends: [u32; SLOTS],
    /// `prefix[line][k]`: the line's cells at positions below `k` (none on [`LONE`]).
    prefix: [[CellSet; CELL_ROW]; SLOTS],
}

const fn build_tables() -> LineTables {
    let mut t = LineTables {
        place: [[LinePlace { line: 0, pos: 0 }; 6]; ROWS],
        cell: [[CELL_COUNT as u8; CELL_ROW]; SLOTS],
        ends: [0; SLOTS],
        prefix: [[CellSet::EMPTY; CELL_ROW]; SLOTS],
    };
    t.ends[LONE] = 1 | 1 << 2;
    // The lines found, the one-cell ones included (these share `LONE`).
    let mut lines = 0;
    let mut line = 0;
    let mut axis = 0;
    while axis < 6 {
        let up = AXIS_DIRECTIONS[axis];
        let mut start = 0;
        while start < CELL_COUNT {
            // A line starts at the cell with no neighbour in the axis's negative direction.
            if STEPS_C[start][up + 3] == NO_CELL && STEPS_C[start][up] == NO_CELL {
                t.place[start][axis] = LinePlace {
                    line: LONE as u8,
                    pos: 1,
                };
                lines += 1;
            } else if STEPS_C[start][up + 3] == NO_CELL {
                let mut at = start;
                let mut pos = 1;
                let mut cells = CellSet::EMPTY;
                loop {
                    t.place[at][axis] = LinePlace {
                        line: line as u8,
                        pos: pos as u8,
                    };
                    t.cell[line][pos] = at as u8;
                    t.prefix[line][pos] = cells;
                    cells = cells.with(at);
                    pos += 1;
                    if STEPS_C[at][up] == NO_CELL {
                        break;
                    }
                    at = STEPS_C[at][up] as usize;
                }
                // Positions `pos` (the far end) and beyond: the whole line.
                while pos < CELL_ROW {
                    t.prefix[line][pos] = cells;
                    pos += 1;
                }
                let len = cells.len();
                assert!(
                    len <= 15,
                    "a line of at most 15 cells fits a u16 above bit 0"
                );
                t.ends[line] = 1 | 1 << (len + 1);
                line += 1;
                lines += 1;
            }
            start += 1;
        }
        axis += 1;
    }
    assert!(lines == LINE_COUNT && line < LONE);
    t
}

static TABLES: LineTables = build_tables();

/// The places of a cell on its six lines, by axis.
#[inline(always)]
pub(crate) fn places(cell: usize) -> &'static [LinePlace; 6] {
    &TABLES.place[cell]
}

/// The positions of the nearest set bits of a line's occupancy `occ` (its ends set) below and
/// above `place`.
#[inline(always)]
fn blockers_in(occ: u32, place: LinePlace) -> (usize, usize) {
    let pos = place.pos as u32;
    // Both scans meet a set bit (the line's ends are set, and `pos` lies between them); the
    // bits or-ed in say so to the compiler, which then emits one bit scan each with no fallback
    // for a zero word (the bit 31 is past every line's far end; bit 0 is the near end).
    let above = pos + 1 + ((occ >> (pos + 1)) | 1 << 31).trailing_zeros();
    let below = ((occ & ((1 << pos) - 1)) | 1).ilog2();
    (below as usize, above as usize)
}

/// The axis (an index into [`AXIS_DIRECTIONS`]) of a line direction.
#[inline]
pub(crate) const fn axis_of(direction: usize) -> usize {
    let up = if direction % 6 < 3 {
        direction
    } else {
        direction - 3
    };
    if up < 6 {
        up
    } else {
        up - 3
    }
}

/// Where a line's White men are in its word: bit `WHITE + pos` for the cell at `pos`.
const WHITE: u32 = 16;
/// The low half of a line's word: its occupied cells.
const OCCUPIED: u32 = (1 << WHITE) - 1;

/// The men of every line, one `u32` per line: bit `pos` for an occupied cell at `pos`, bit
/// `16 + pos` for a White man there. (Bit 16 is the far end of a 15-cell line, and no White bit:
/// positions start at 1.)
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) struct LineOccupancy([u32; LINE_COUNT]);

impl LineOccupancy {
    /// No man on the board.
    pub(crate) const EMPTY: LineOccupancy = LineOccupancy([0; LINE_COUNT]);

    /// Flips `pattern` (bits of a position 0, moved to each line's position of `cell`) on the
    /// six lines through `cell`.
    #[inline(always)]
    fn flip(&mut self, cell: usize, pattern: u32) {
        for place in places(cell) {
            self.0[place.slot()] ^= pattern << place.pos;
        }
    }

    /// The bits a man of `color` sets on a line at position 0.
    #[inline(always)]
    fn man(color: Color) -> u32 {
        1 | ((color == Color::White) as u32) << WHITE
    }

    /// A man of `color` arrives on or leaves `cell`.
    #[inline(always)]
    pub(crate) fn toggle(&mut self, cell: usize, color: Color) {
        self.flip(cell, LineOccupancy::man(color));
    }

    /// A man has taken the man on `cell` (or the taking is undone): the cell stays occupied,
    /// by the other side.
    #[inline(always)]
    pub(crate) fn swap_sides(&mut self, cell: usize) {
        self.flip(cell, 1 << WHITE);
    }

    /// Applies an ordinary move's deferred flips: the man of `mover` has left `cells[0]` and
    /// arrived on `cells[1]`, each an index past the board when there is none. Whether the
    /// arrival was a capture is read from the lines as they are (the cell is still occupied
    /// there): the caller settles before any other change of the men.
    #[inline(always)]
    pub(crate) fn settle(&mut self, cells: [u8; 2], mover: Color) {
        let [left, arrived] = cells.map(usize::from);
        if left < CELL_COUNT {
            self.toggle(left, mover);
        }
        if arrived < CELL_COUNT {
            self.arrive(arrived, mover);
        }
    }

    /// A man of `mover` arrives on `cell`, taking the man there if there is one.
    #[inline(always)]
    pub(crate) fn arrive(&mut self, cell: usize, mover: Color) {
        let place = places(cell)[0];
        if self.0[place.slot()] >> place.pos & 1 != 0 {
            self.swap_sides(cell);
        } else {
            self.toggle(cell, mover);
        }
    }

    /// The occupancy of `place`'s line with its two ends set.
    #[inline(always)]
    fn with_ends(&self, place: LinePlace) -> u32 {
        (self.0[place.slot()] & OCCUPIED) | TABLES.ends[place.slot()]
    }

    /// The positions of the nearest occupied cells (or ends) below and above `place`.
    #[inline(always)]
    pub(crate) fn blockers(&self, place: LinePlace) -> (usize, usize) {
        blockers_in(self.with_ends(place), place)
    }

    /// [`LineOccupancy::nearest_men`] on the board after men arrive on or leave the `changed`
    /// cells; `axis` is the axis of `place`'s line.
    #[inline]
    pub(crate) fn nearest_men_after(
        &self,
        place: LinePlace,
        axis: usize,
        changed: &[usize],
    ) -> (usize, usize) {
        let mut occ = self.with_ends(place);
        for &cell in changed {
            let there = places(cell)[axis];
            if there.line == place.line {
                occ ^= 1 << there.pos;
            }
        }
        let (below, above) = blockers_in(occ, place);
        let cells = &TABLES.cell[place.slot()];
        (cells[below & 31] as usize, cells[above & 31] as usize)
    }

    /// The cells a slider on `place` reaches along its line: up to the nearest man on either
    /// side, that man included, and the slider's own cell too (the caller removes it, with its
    /// own men).
    #[inline(always)]
    pub(crate) fn segment(&self, place: LinePlace) -> CellSet {
        let (below, above) = self.blockers(place);
        let prefix = &TABLES.prefix[place.slot()];
        prefix[(above + 1) & (CELL_ROW - 1)] ^ prefix[below & (CELL_ROW - 1)]
    }

    /// The nearest men on either side of `place` on its line (cell indices; [`CELL_COUNT`] for a
    /// line's end, which no cell set holds).
    #[inline(always)]
    pub(crate) fn nearest_men(&self, place: LinePlace) -> (usize, usize) {
        let (below, above) = self.blockers(place);
        let cells = &TABLES.cell[place.slot()];
        (cells[below] as usize, cells[above] as usize)
    }

    /// The cells of a line.
    #[inline(always)]
    pub(crate) fn cells_of(line: u8) -> &'static CellSet {
        &TABLES.prefix[usize::from(line) & (SLOTS - 1)][CELL_ROW - 1]
    }

    /// The cell at `pos` on `line` ([`CELL_COUNT`] for an end).
    #[inline(always)]
    pub(crate) fn cell_at(line: u8, pos: usize) -> usize {
        TABLES.cell[usize::from(line) & (SLOTS - 1)][pos] as usize
    }

    /// The number of moves of a slider of the side whose enemy is `them` on `from` along the
    /// given axes that do not land on one of its own men: the empty cells up to the nearest man
    /// on either side, and that man if it is an enemy.
    #[inline(always)]
    pub(crate) fn count_slides(
        &self,
        from: usize,
        axes: core::ops::Range<usize>,
        them: Color,
    ) -> usize {
        // The enemy's men on a line: the White half, or the occupied cells without it.
        let black_mask = if them == Color::Black { OCCUPIED } else { 0 };
        let mut n = 0;
        for &place in &places(from)[axes] {
            let word = self.0[place.slot()];
            let occ = (word & OCCUPIED) | TABLES.ends[place.slot()];
            let (below, above) = blockers_in(occ, place);
            let enemy = (word >> WHITE) ^ (word & black_mask);
            n += above - below - 2 + (enemy >> below) as usize % 2 + (enemy >> above) as usize % 2;
        }
        n
    }

    /// The number of empty cells next to `place` on its line, before the nearest man, in the
    /// axis's positive direction (`up`) or its negative one, counted up to `most`, where the
    /// line has at least `most` cells that way (a pawn's pushes). The line's ends are not
    /// read: past the last man the count runs on over zero bits, and `most` cuts it.
    #[inline(always)]
    pub(crate) fn free_run_within(&self, place: LinePlace, up: bool, most: usize) -> usize {
        let occ = self.0[place.slot()] & OCCUPIED;
        let pos = u32::from(place.pos);
        let run = if up {
            (occ >> (pos + 1)).trailing_zeros()
        } else {
            (occ << (32 - pos)).leading_zeros()
        };
        (run as usize).min(most)
    }

    /// The cells a slider on `from` attacks along the given axes.
    #[inline(always)]
    pub(crate) fn slide(&self, from: usize, axes: core::ops::Range<usize>) -> CellSet {
        let places = places(from);
        let mut att = CellSet::EMPTY;
        for axis in axes {
            att |= self.segment(places[axis]);
        }
        att - cell_set(from)
    }
}

/// The occupied cells as a set and as lines: what the attack tests read. The lines are the
/// position's own when it is settled (no copy), else a copy with the deferred bits flipped.
#[derive(Clone)]
pub(crate) struct Occupied<'a> {
    /// The occupied cells.
    pub(crate) cells: CellSet,
    /// The same, line by line.
    pub(crate) lines: Cow<'a, LineOccupancy>,
}
