//! [`hexvar_geometry::Variant`] for [`Position`](crate::Position) and
//! [`hexvar_geometry::DenseCell`] for [`Cell`](crate::Cell): the generic face over the inherent
//! methods of the same names, written by geometry's `impl_variant!` (the men's traits come with
//! geometry's `Color`, `roles!` and `two_sided_piece!`).
//!
//! The draw rules are the default (an automatic draw on the third occurrence of a position).

// The crate's own perft plays each move straight from the set-wise layer, without a move list
// (rules page, "Perft").
hexvar_geometry::impl_variant!(
    "dagger",
    attackers = crate::variant::attackers,
    fullmove_number = crate::Position::fullmove_number,
    play_null = crate::Position::play_null,
    in_hand = crate::Position::in_hand,
    perft = crate::movegen::perft,
    perft_without_bulk = crate::movegen::perft_without_bulk,
);

/// [`Variant::attackers`](hexvar_geometry::Variant::attackers): the men of `by` on the board
/// attacking `cell` over the position's own occupancy (a knight in hand, which attacks its entry
/// cells, has no cell to name and is not in the set).
pub(crate) fn attackers(
    pos: &crate::Position,
    cell: crate::Cell,
    by: crate::Color,
) -> crate::CellSet {
    crate::cells::cell_set(pos.attackers(cell, by, pos.occupied_bits()))
}

#[cfg(test)]
mod tests {
    use hexvar_geometry::{DenseCell, VariantColor, VariantRole};

    use crate::{Cell, Color, Role};

    #[test]
    fn indices_follow_all() {
        for (i, &color) in <Color as VariantColor>::ALL.iter().enumerate() {
            assert_eq!(VariantColor::index(color), i);
            assert_eq!(color.index(), i);
        }
        for (i, &role) in <Role as VariantRole>::ALL.iter().enumerate() {
            assert_eq!(VariantRole::index(role), i);
            assert_eq!(role.index(), i);
            assert_eq!(VariantRole::char(role), role.char());
        }
        assert_eq!(<Role as VariantRole>::ALL.len(), 6);
        for (i, &cell) in Cell::ALL.iter().enumerate() {
            assert_eq!(cell.dense_index(), i);
            assert_eq!(Cell::from_dense(i), cell);
        }
    }
}
