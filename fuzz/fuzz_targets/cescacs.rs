//! Fuzzes hexvar-cescacs's text parsers with the shared body in `contract.rs`.
#![no_main]

#[macro_use]
#[path = "contract.rs"]
mod contract;

fuzz_contract!(hexvar_cescacs);

use hexvar_cescacs::{CastlingRights, Special};

/// Every field from the input: any men, side, castling flags, special pawn state and counters.
fn arbitrary_setup(u: &mut Unstructured) -> Arbitrary<Setup> {
    let mut setup = Setup::empty();
    setup.board = arbitrary_board(u, setup.board)?;
    setup.turn = *u.choose(&Color::ALL)?;
    for rights in &mut setup.castling {
        *rights = CastlingRights {
            king: u.arbitrary()?,
            queen_rook: u.arbitrary()?,
            king_rook: u.arbitrary()?,
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
    Ok(setup)
}
