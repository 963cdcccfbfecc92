//! The 24 castlings of the rules (§4): their names, the king's and rooks' destinations, and
//! the generator's tables of the hexes each needs empty and the rook rights it needs.

use core::fmt;

use hexvar_geometry::table::NO_CELL;

use crate::cells::{cell_const, flip_const, Cell, CellSet};
use crate::men::Color;
use crate::tables::{NO_CELL_U8, ROOK_BITS, ROOK_HOME, STEPS_C};

/// One of the 24 castlings of the rules (rules §4): 19 simple and 5 double. The cells are White's;
/// Black's are mirrored (same column, line `28 - l`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Castling(u8);

/// `(name, king destination, queen's rook destination, king's rook destination)` for White.
const CASTLINGS: [(&str, Cell, Option<Cell>, Option<Cell>); 24] = {
    const fn c(col: u8, l: u8) -> Cell {
        cell_const(col, l)
    }
    // Columns: P0 T1 A2 B3 C4 D5 E6 F7 G8 H9 I10 K11 L12 X13 Z14.
    let i5 = c(10, 5);
    let h6 = c(9, 6);
    let f6 = c(7, 6);
    let e5 = c(6, 5);
    let d2 = c(5, 2);
    [
        ("KRK-II", i5, None, Some(c(10, 7))),
        ("KRK-IK", i5, None, Some(c(11, 4))),
        ("KRK-IH", i5, None, Some(c(9, 4))),
        ("KRK-HIO", h6, None, Some(c(10, 5))),
        ("KRK-HIOO", h6, None, Some(c(10, 7))),
        ("KRK-HH", h6, None, Some(c(9, 4))),
        ("KRK-HG", h6, None, Some(c(8, 5))),
        ("KRD-HG", h6, Some(c(8, 7)), None),
        ("KRD-HH", h6, Some(c(9, 8)), None),
        ("KRR-HIH", h6, Some(c(9, 8)), Some(c(10, 7))),
        ("KRR-HGG", h6, Some(c(8, 7)), Some(c(8, 5))),
        ("KRK-FG", f6, None, Some(c(8, 5))),
        ("KRK-FE", f6, None, Some(c(6, 7))),
        ("KRD-FG", f6, Some(c(8, 7)), None),
        ("KRD-FE", f6, Some(c(6, 5)), None),
        ("KRR-FGG", f6, Some(c(8, 7)), Some(c(8, 5))),
        ("KRR-FEE", f6, Some(c(6, 5)), Some(c(6, 7))),
        ("KRK-EF", e5, None, Some(c(7, 6))),
        ("KRK-EE", e5, None, Some(c(6, 7))),
        ("KRD-EF", e5, Some(c(7, 6)), None),
        ("KRD-ED", e5, Some(c(5, 4)), None),
        ("KRR-EEF", e5, Some(c(7, 6)), Some(c(6, 7))),
        ("KRD-DD", d2, Some(c(5, 4)), None),
        ("KRD-DE", d2, Some(c(6, 1)), None),
    ]
};

/// Per side and castling, for the generator: `[K′, queen's rook destination, king's rook
/// destination, end of the run of castlings with this K′]` as cell indices ([`NO_CELL_U8`] for
/// a rook that stays). The rules' table lists the castlings of one K′ together, so the
/// generator skips a whole run when its K′ is not free.
pub(crate) static CASTLING_CELLS: [[[u8; 4]; 24]; 2] = {
    const fn index(cell: Option<Cell>, black: bool) -> u8 {
        match cell {
            None => NO_CELL_U8,
            Some(c) if black => flip_const(c).index() as u8,
            Some(c) => c.index() as u8,
        }
    }
    let mut out = [[[0; 4]; 24]; 2];
    let mut side = 0;
    while side < 2 {
        let black = side == 1;
        let mut i = 0;
        while i < 24 {
            let (_, king_to, queen_rook, king_rook) = CASTLINGS[i];
            let mut end = i;
            while end < 24 && CASTLINGS[end].1.index() == king_to.index() {
                end += 1;
            }
            out[side][i] = [
                index(Some(king_to), black),
                index(queen_rook, black),
                index(king_rook, black),
                end as u8,
            ];
            i += 1;
        }
        side += 1;
    }
    out
};

/// Per side and castling, for the generator: the hexes that must be empty (K′, each moving
/// rook's destination and the hexes between its home and its destination) and the rook
/// rights it needs (bits of [`ROOK_BITS`]): one set test and one mask test per castling.
pub(crate) static CASTLING_NEEDS: [[(CellSet, u8); 24]; 2] = {
    /// The hexes from `from` (excluded) to `to` (included) along their common line.
    const fn path(from: usize, to: usize) -> CellSet {
        let mut d = 0;
        while d < 12 {
            let mut cells = CellSet::EMPTY;
            let mut at = STEPS_C[from][d];
            while at != NO_CELL {
                cells = cells.with(at as usize);
                if at as usize == to {
                    return cells;
                }
                at = STEPS_C[at as usize][d];
            }
            d += 1;
        }
        panic!("a castling rook moves along a line")
    }
    let mut out = [[(CellSet::EMPTY, 0); 24]; 2];
    let mut side = 0;
    while side < 2 {
        let mut i = 0;
        while i < 24 {
            let [kt, queen_rook, king_rook, _] = CASTLING_CELLS[side][i];
            let mut empty = CellSet::single(kt as usize);
            let mut rights = 0;
            let dests = [queen_rook, king_rook];
            let mut rook = 0;
            while rook < 2 {
                if dests[rook] != NO_CELL_U8 {
                    let home = ROOK_HOME[side][rook].index();
                    empty = empty.union(&path(home, dests[rook] as usize));
                    rights |= ROOK_BITS[rook];
                }
                rook += 1;
            }
            out[side][i] = (empty, rights);
            i += 1;
        }
        side += 1;
    }
    out
};

impl Castling {
    /// All 24 castlings, in the order of the rules' table.
    pub const ALL: [Castling; 24] = {
        let mut out = [Castling(0); 24];
        let mut i = 0;
        while i < 24 {
            out[i] = Castling(i as u8);
            i += 1;
        }
        out
    };

    /// Index into [`Castling::ALL`].
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The CTL-AN name, e.g. `KRK-HIOO`.
    pub const fn name(self) -> &'static str {
        CASTLINGS[self.0 as usize].0
    }

    /// The castling of a CTL-AN name.
    pub fn from_name(name: &str) -> Option<Castling> {
        CASTLINGS
            .iter()
            .position(|c| c.0 == name)
            .map(|i| Castling(i as u8))
    }

    #[inline]
    fn mirror(cell: Cell, color: Color) -> Cell {
        match color {
            Color::White => cell,
            Color::Black => cell.flip(),
        }
    }

    /// The king's destination K′ for `color`.
    #[inline]
    pub fn king_to(self, color: Color) -> Cell {
        Castling::mirror(CASTLINGS[self.index()].1, color)
    }

    /// The queen's rook destination, if that rook takes part.
    pub fn queen_rook_to(self, color: Color) -> Option<Cell> {
        CASTLINGS[self.index()]
            .2
            .map(|c| Castling::mirror(c, color))
    }

    /// The king's rook destination, if that rook takes part.
    pub fn king_rook_to(self, color: Color) -> Option<Cell> {
        CASTLINGS[self.index()]
            .3
            .map(|c| Castling::mirror(c, color))
    }

    /// Whether both rooks take part.
    pub fn is_double(self) -> bool {
        CASTLINGS[self.index()].2.is_some() && CASTLINGS[self.index()].3.is_some()
    }
}

impl fmt::Display for Castling {
    /// The CTL-AN name, e.g. `KRK-HIOO`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
