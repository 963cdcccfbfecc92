//! [`hexvar_geometry::Variant`] for [`Position`](crate::Position) and
//! [`hexvar_geometry::VariantPiece`] for [`Piece`](crate::Piece), written by geometry's
//! `impl_variant!` over the inherent methods of the same names, and
//! [`hexvar_geometry::VariantOutcome`] for [`Outcome`].

use hexvar_geometry::VariantOutcome;

use crate::{Color, Outcome};

// The crate's own perft plays each move straight from the set-wise layer without a move list,
// which measures faster than geometry's generic one (rules page, "Internals").
hexvar_geometry::impl_variant!(
    "chessagon",
    perft = crate::movegen::perft,
    perft_without_bulk = crate::movegen::perft_without_bulk,
);

impl VariantOutcome for Outcome {
    type Winner = Color;

    fn winner(&self) -> Option<Color> {
        Outcome::winner(*self)
    }

    fn reason(&self) -> &'static str {
        Outcome::reason(*self)
    }

    fn is_draw(&self) -> bool {
        Outcome::is_draw(*self)
    }
}

#[cfg(test)]
mod tests {
    use hexvar_geometry::{DynVariant, Variant};

    use crate::Position;

    #[test]
    fn the_generic_face_agrees_with_the_inherent_methods() {
        let pos = <Position as Variant>::start();
        assert_eq!(pos, Position::new());
        assert_eq!(<Position as Variant>::cells().len(), 96);
        let boxed: Box<dyn DynVariant> = Box::new(pos);
        assert_eq!(boxed.name(), "chessagon");
        assert_eq!(boxed.moves().len(), 50);
        assert_eq!(boxed.perft(2), 2_492);
        let split = boxed.divide(1);
        assert_eq!(split.len(), 50);
        assert!(split.windows(2).all(|w| w[0].0 < w[1].0));
        assert!(boxed.divide(0).is_empty());
        let mut boxed = boxed;
        let info = boxed.play_text(" f3e5+ ").unwrap();
        assert_eq!((info.from.as_deref(), info.to.as_str()), (Some("f3"), "e5"));
        assert_eq!(boxed.status().turn, "b");
        assert!(boxed.svg_marked(&["e5", "zz"]).contains("<circle"));
    }
}
