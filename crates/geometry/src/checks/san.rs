//! SAN over every legal move of a position, for the crates' SAN tests.

use std::collections::HashSet;

use crate::{Disambiguation, Variant};

/// Every legal move of `pos`: its SAN is unique among them, [`crate::san::san_list`] gives it
/// too, and it reads back to the move, as does the SAN with the whole origin cell; so does the
/// move's own notation where `pos` has at most `notation_up_to` legal moves (reading it compares
/// with every legal move). Returns the moves checked, or the first failure.
pub fn check_san_round_trips<V: Variant>(pos: &V, notation_up_to: usize) -> Result<usize, String> {
    let list = crate::san::san_list(pos);
    let moves = pos.legal_moves();
    if list.len() != moves.len() {
        return Err(format!("{pos}: san_list has {} moves", list.len()));
    }
    let mut seen = HashSet::new();
    for (mv, san) in list {
        let fail = |what: &str| Err(format!("{pos}: {mv} ({san}): {what}"));
        if pos.san(mv) != san {
            return fail("san and san_list differ");
        }
        if !seen.insert(san.to_string()) {
            return fail("two moves have this SAN");
        }
        if pos.parse_san(&san) != Ok(mv) {
            return fail("the SAN reads as another move or none");
        }
        let mut full = String::new();
        pos.write_san(mv, Disambiguation::Cell, &mut full);
        if pos.parse_san(&full) != Ok(mv) {
            return fail(&format!("{full:?}, the whole origin, reads otherwise"));
        }
        if moves.len() <= notation_up_to && pos.parse_san(&mv.to_string()) != Ok(mv) {
            return fail("the move notation does not read as SAN");
        }
    }
    Ok(moves.len())
}
