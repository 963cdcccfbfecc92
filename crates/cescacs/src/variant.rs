//! [`hexvar_geometry::Variant`] for [`Position`](crate::Position) and
//! [`hexvar_geometry::VariantPiece`] for [`Piece`](crate::Piece), written by geometry's
//! `impl_variant!` over the inherent methods of the same names.

// Geometry's generic perft measures the same as the crate's own did (rules page, section 8).
hexvar_geometry::impl_variant!("cescacs");

#[cfg(test)]
mod tests {
    use hexvar_geometry::{DynVariant, Variant};

    use crate::Position;

    #[test]
    fn the_position_stays_small_to_copy() {
        // Copy-make: every perft node copies a position. Two colour sets and nine role sets of
        // three words, and a few bytes of state (no mailbox).
        assert_eq!(core::mem::size_of::<Position>(), 288);
    }

    #[test]
    fn the_text_face_plays_a_move() {
        let mut pos: Box<dyn DynVariant> = Box::new(<Position as Variant>::start());
        assert_eq!(pos.name(), "cescacs");
        assert_eq!(pos.moves().len(), 68);
        let info = pos.play_text("e7-e13").unwrap();
        assert_eq!(
            (
                info.notation.as_str(),
                info.from.as_deref(),
                info.to.as_str()
            ),
            ("E7-E13", Some("E7"), "E13")
        );
        assert_eq!(pos.status().turn, "b");
        assert!(pos.play_text("E7-E13").is_err());
        assert_eq!(pos.perft(1), pos.moves().len() as u64);
    }
}
