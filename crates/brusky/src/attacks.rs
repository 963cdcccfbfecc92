//! The attack sets of one man, as public functions over [`Cell`] and [`CellSet`].

use hexvar_geometry::Set128;

use crate::cells::{Cell, CellSet};
use crate::men::Color;
use crate::sliders::{bishop_attacks_from, rook_attacks_from};
use crate::tables::{BETWEEN, KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS};

/// Rook attacks from `cell`.
#[inline]
pub fn rook_attacks(cell: Cell, occupied: CellSet) -> CellSet {
    Set128(rook_attacks_from(cell.index(), occupied.0))
}

/// Bishop attacks from `cell`.
#[inline]
pub fn bishop_attacks(cell: Cell, occupied: CellSet) -> CellSet {
    Set128(bishop_attacks_from(cell.index(), occupied.0))
}

/// Knight attacks from `cell`.
#[inline]
pub fn knight_attacks(cell: Cell) -> CellSet {
    Set128(KNIGHT_ATTACKS[cell.index()])
}

/// King attacks from `cell`.
#[inline]
pub fn king_attacks(cell: Cell) -> CellSet {
    Set128(KING_ATTACKS[cell.index()])
}

/// The cells a pawn of `color` on `cell` attacks.
#[inline]
pub fn pawn_attacks(color: Color, cell: Cell) -> CellSet {
    Set128(PAWN_ATTACKS[color.index()][cell.index()])
}

/// Cells strictly between `a` and `b` on a common line (empty if not on one).
#[inline]
pub fn between(a: Cell, b: Cell) -> CellSet {
    Set128(BETWEEN[a.index()][b.index()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn empty_board_mobility_from_f5() {
        let f5: Cell = "f5".parse().unwrap();
        let empty = Set128::EMPTY;
        assert_eq!(rook_attacks(f5, empty).len(), 25);
        assert_eq!(bishop_attacks(f5, empty).len(), 13);
        assert_eq!(king_attacks(f5).len(), 12);
        let names = |s: Set128| {
            let mut v: Vec<String> = s.iter().map(|i| Cell::ALL[i].to_string()).collect();
            v.sort();
            v.join(" ")
        };
        assert_eq!(
            names(knight_attacks(f5)),
            "c3 c4 d2 d6 e2 e7 g3 g8 h4 h8 i6 i7"
        );
        assert_eq!(
            names(bishop_attacks(f5, empty)),
            "b3 d1 d4 d7 e3 e6 g4 g7 h3 h6 i2 j7 l8"
        );
    }
}
