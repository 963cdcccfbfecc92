//! [`hexvar_geometry::Variant`] for [`Position`](crate::Position) and
//! [`hexvar_geometry::VariantPiece`] for [`Piece`](crate::Piece): the generic face over the
//! inherent methods of the same names, written by geometry's `impl_variant!`.

// The crate's own no-bulk perft plays leaf moves straight from the set-wise layer (rules page,
// "Perft"); bulk perft is geometry's generic one over the crate's set-wise count.
hexvar_geometry::impl_variant!(
    "dagger",
    perft_without_bulk = crate::movegen::perft_without_bulk,
);
