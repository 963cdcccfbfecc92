//! Fuzzes hexvar-brusky's text parsers with the shared body in `contract.rs`.
#![no_main]

#[macro_use]
#[path = "contract.rs"]
mod contract;

fuzz_contract!(hexvar_brusky);

use hexvar_brusky::{CastlingRights, EnPassant};

/// Every field from the input: any men, side, castling bits, en passant cells and counters.
fn arbitrary_setup(u: &mut Unstructured) -> Arbitrary<Setup> {
    let mut setup = Setup::empty();
    setup.board = arbitrary_board(u, setup.board)?;
    setup.turn = *u.choose(&Color::ALL)?;
    setup.castling = CastlingRights::from_bits(u.arbitrary()?);
    setup.en_passant = match u.arbitrary()? {
        true => Some(EnPassant {
            passed: arbitrary_cell(u)?,
            pawn: arbitrary_cell(u)?,
        }),
        false => None,
    };
    setup.halfmove_clock = u.arbitrary()?;
    setup.fullmove_number = u.arbitrary()?;
    Ok(setup)
}
