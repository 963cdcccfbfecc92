//! [`hexvar_geometry::Variant`] for [`Position`](crate::Position) and
//! [`hexvar_geometry::DenseCell`] for [`Cell`](crate::Cell): the generic face over the inherent
//! methods of the same names, written by geometry's `impl_variant!` (the men's traits come with
//! geometry's `Color`, `roles!` and `two_sided_piece!`, the outcome's with its `Outcome`). The
//! repetition rule is the default (an automatic draw on the third occurrence).

// The crate's own no-bulk perft plays leaf moves straight from the set-wise layer: 191
// instructions per leaf from the start against 270 for the generic one (see the rules page).
hexvar_geometry::impl_variant!(
    "brusky",
    attackers = |pos, cell, by| pos.attackers(cell, by, pos.occupied()),
    fullmove_number = crate::Position::fullmove_number,
    perft_without_bulk = crate::movegen::perft_without_bulk,
);

#[cfg(test)]
mod tests {
    use crate::Position;
    use hexvar_geometry::Variant;

    #[test]
    fn the_trait_reports_the_move_number() {
        let pos: Position = "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR b KQkq - 3 17"
            .parse()
            .unwrap();
        assert_eq!(Variant::fullmove_number(&pos), 17);
    }
}
