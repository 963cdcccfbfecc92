//! [`hexvar_geometry::Variant`] for [`Position`](crate::Position) and
//! [`hexvar_geometry::VariantPiece`] for [`Piece`](crate::Piece): the generic face over the
//! inherent methods of the same names, written by geometry's `impl_variant!`.

// The crate's own perft plays each move straight from the set-wise layer, without a move list
// (rules page, "Perft").
hexvar_geometry::impl_variant!(
    "dagger",
    perft = crate::movegen::perft,
    perft_without_bulk = crate::movegen::perft_without_bulk,
);
