//! Castling geometry: the two rights of an army, the rooks' home cells, and where king and
//! rook land.

use crate::cells::{Cell, CELLS};
use crate::men::Color;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum CastleSide {
    /// The rook on file 1 (the owner's left).
    File1 = 1,
    /// The rook on file 8.
    File8 = 2,
}

impl CastleSide {
    /// Both sides.
    pub(crate) const BOTH: [CastleSide; 2] = [CastleSide::File1, CastleSide::File8];
    /// The bits of both rights.
    pub(crate) const ALL_BITS: u8 = 3;

    /// The right's bit in an army's rights.
    #[inline]
    pub(crate) const fn bit(self) -> u8 {
        self as u8
    }

    /// The rook's file.
    pub(crate) const fn file(self) -> u8 {
        match self {
            CastleSide::File1 => 1,
            CastleSide::File8 => 8,
        }
    }

    /// The rook's home cell for `color`.
    pub(crate) const fn rook_home(self, color: Color) -> Cell {
        match Cell::square(color, self.file(), 1) {
            Some(c) => c,
            None => panic!("rank 1"),
        }
    }
}

const fn rook_corners() -> [Option<(Color, CastleSide)>; CELLS] {
    let mut out = [None; CELLS];
    let mut a = 0;
    while a < 6 {
        out[CastleSide::File1.rook_home(Color::ALL[a]).index()] =
            Some((Color::ALL[a], CastleSide::File1));
        out[CastleSide::File8.rook_home(Color::ALL[a]).index()] =
            Some((Color::ALL[a], CastleSide::File8));
        a += 1;
    }
    out
}

/// `ROOK_CORNER[cell]`: the castling right whose rook starts on `cell`, if any (moving from or
/// capturing on that cell clears it).
pub(crate) const ROOK_CORNER: &[Option<(Color, CastleSide)>; CELLS] = &rook_corners();
/// `(king target, rook target)` of castling with the king on `king` and the rook on `rook`
/// (both on rank 1 of one sideboard): the king goes two squares towards the rook, the rook to
/// the square the king passed.
pub(crate) fn castle_targets(king: Cell, rook: Cell) -> (Cell, Cell) {
    let (side, kf, _) = king.square_coords().expect("castling king on a square");
    let (_, rf, _) = rook.square_coords().expect("castling rook on a square");
    let dir: i8 = if rf > kf { 1 } else { -1 };
    let kt = (kf as i8 + 2 * dir) as u8;
    let rt = (kf as i8 + dir) as u8;
    (
        Cell::square(side, kt, 1).expect("rank 1"),
        Cell::square(side, rt, 1).expect("rank 1"),
    )
}
