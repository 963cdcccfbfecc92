//! [`hexvar_geometry::Variant`] for [`Position`](crate::Position) and
//! [`hexvar_geometry::DenseCell`] for [`Cell`](crate::Cell): the generic face over the inherent
//! methods of the same names, written by geometry's `impl_variant!` (the men's traits come with
//! geometry's `Color`, `roles!` and `two_sided_piece!`).
//!
//! The draw rules are the default (an automatic draw on the third occurrence of a position).

// The crate's own perft plays each move straight from the set-wise layer, without a move list
// (rules page, "Perft").
// A knight in hand attacks its entry cells but has no cell to name: `attackers` holds the men
// on the board.
hexvar_geometry::impl_variant!(
    "dagger",
    attackers =
        |pos, cell, by| crate::cells::cell_set(pos.attackers(cell, by, pos.occupied_bits())),
    fullmove_number = crate::Position::fullmove_number,
    in_hand = crate::Position::in_hand,
    perfts = crate::movegen,
);
