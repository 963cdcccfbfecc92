//! Fuzzes hexvar-cescacs's text parsers with the shared body in `contract.rs`; the setup's other
//! fields from the input: castling flags, special pawn state and counters.
#![no_main]

#[macro_use]
#[path = "contract.rs"]
mod contract;

use hexvar_cescacs::{CastlingRights, Special};

fuzz_contract!(hexvar_cescacs, |u, setup| {
    for rights in &mut setup.castling {
        let (king, queen_rook, king_rook) = (u.arbitrary()?, u.arbitrary()?, u.arbitrary()?);
        *rights = CastlingRights {
            king,
            queen_rook,
            king_rook,
        };
    }
    setup.special = match u.int_in_range(0..=2)? {
        0 => Special::None,
        1 => Special::EnPassant {
            pawn: arbitrary_cell(u)?,
            steps: u.arbitrary()?,
        },
        _ => Special::Scornful {
            pawn: arbitrary_cell(u)?,
            capturer: arbitrary_cell(u)?,
        },
    };
    setup.halfmove_clock = u.arbitrary()?;
    setup.fullmove_number = u.arbitrary()?;
});
