//! [`hexvar_geometry::Variant`] for [`Position`](crate::Position),
//! [`hexvar_geometry::VariantPiece`] for [`Piece`](crate::Piece),
//! [`hexvar_geometry::VariantColor`], [`hexvar_geometry::VariantRole`] and
//! [`hexvar_geometry::DenseCell`], written by geometry's `impl_variant!` over the inherent
//! methods of the same names.

// The rules' draws (§7): fivefold repetition automatic, threefold and the fifty-move rule
// claimable. The crate's own perft plays each move straight from the set-wise layer, without a
// move list, and settles each inner node's deferred line bits once (rules page, section 12).
// SAN is the move notation, which names the cell a move leaves: the crate's `san` and
// `parse_san` skip geometry's comparison with every legal move's SAN.
hexvar_geometry::impl_variant!(
    "cescacs",
    // An unmoved King at home, not in check, attacks its leap hexes too.
    attackers = |pos, cell, by| {
        let occupancy = pos.occupancy();
        let mut out = crate::CellSet::EMPTY;
        for from in pos.by_color(by).iter() {
            if pos.attacks_from(from, &occupancy).has(cell.index()) {
                out = out.with(from);
            }
        }
        out
    },
    draw_rules = hexvar_geometry::DrawRules {
        automatic_repetition: Some(5),
        claimable_repetition: Some(3),
    },
    claimable_draw = crate::Position::claimable_draw,
    fullmove_number = crate::Position::fullmove_number,
    san = crate::Position::san,
    parse_san = crate::Position::parse_san,
    perfts = crate::movegen,
);

#[cfg(test)]
mod tests {
    use crate::Position;

    #[test]
    fn the_position_stays_small_to_copy() {
        // A game's ply and the Python binding copy a position per move (both perfts make and
        // take back on one position). Two colour sets and nine role sets of three words, the 132 lines' occupancy
        // and White men (a u32 each, for the sliders' look-ups), a 32-byte ply state, and a
        // 192-byte mailbox (one role a cell, for the move list's captures).
        assert_eq!(core::mem::size_of::<Position>(), 1016);
    }
}
