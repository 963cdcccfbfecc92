//! [`hexvar_geometry::Variant`] for [`Position`](crate::Position) and
//! [`hexvar_geometry::VariantPiece`] for [`Piece`](crate::Piece): the generic face over the
//! inherent methods of the same names, written by geometry's `impl_variant!`.

hexvar_geometry::impl_variant!("dagger");
