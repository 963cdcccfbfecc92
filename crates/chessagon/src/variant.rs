//! [`hexvar_geometry::Variant`] for [`Position`](crate::Position) and `DenseCell` for
//! [`Cell`](crate::Cell), written by geometry's `impl_variant!` over the inherent methods of the
//! same names. The men's traits and `VariantOutcome` come with geometry's `Color`, `roles!`,
//! `two_sided_piece!` and `Outcome<R>`.

// Repetition: the default, the third occurrence draws (chess convention; the rules name no
// draws). The crate's own perft plays each move straight from the set-wise layer without a move
// list, which measures faster than geometry's generic one (rules page, "Internals"). Its SAN
// reader does not read a text that starts with a piece's letter as the move notation.
hexvar_geometry::impl_variant!(
    "chessagon",
    attackers = |pos, cell, by| pos.attackers_to(cell, by, pos.occupied()),
    fullmove_number = crate::Position::fullmove_number,
    parse_san = crate::Position::parse_san,
    perfts = crate::perft,
    census_moves_into = crate::Position::census_moves_into,
);

// The search takes the set-wise census only where a variant says so: Chessagon's must say it.
const _: () = assert!(<crate::Position as hexvar_geometry::Variant>::SET_WISE_CENSUS);

#[cfg(test)]
mod tests {
    use hexvar_geometry::{DrawReason, Variant, VariantOutcome};

    use crate::{Color, Outcome, Position, WinReason};

    #[test]
    fn the_generic_start_and_cells_are_the_inherent_ones() {
        let pos = <Position as Variant>::start();
        assert_eq!(pos, Position::new());
        assert_eq!(<Position as Variant>::cells().len(), 96);
    }

    #[test]
    fn outcomes_through_the_trait() {
        let mate = Outcome::Decisive {
            winner: Color::Black,
            reason: WinReason::Checkmate,
        };
        assert!(mate.is_win_for(Color::Black));
        assert!(!mate.is_win_for(Color::White));
        assert_eq!(mate.result_token(), "0-1");
        assert_eq!(mate.draw_reason(), None);
        let white = Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Checkmate,
        };
        assert_eq!(white.result_token(), "1-0");
        let draw = <Outcome as VariantOutcome>::draw(DrawReason::ThreefoldRepetition);
        assert_eq!(
            draw,
            Outcome::Draw {
                reason: DrawReason::ThreefoldRepetition
            }
        );
        assert_eq!(draw.result_token(), "1/2-1/2");
        assert_eq!(draw.draw_reason(), Some(DrawReason::ThreefoldRepetition));
        assert!(!draw.is_win_for(Color::White) && !draw.is_win_for(Color::Black));
        assert_eq!(draw.to_string(), "draw by threefold repetition");
    }
}
