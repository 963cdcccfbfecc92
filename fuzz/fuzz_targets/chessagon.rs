//! Fuzzes hexvar-chessagon's text parsers with the shared body in `contract.rs`.
#![no_main]

#[macro_use]
#[path = "contract.rs"]
mod contract;

fuzz_contract!(hexvar_chessagon);

use hexvar_chessagon::{CellSet, EnPassant};

/// Every field from the input: any men, side, castling bits, en passant cells, unmoved pawns and
/// counters.
fn arbitrary_setup(u: &mut Unstructured) -> Arbitrary<Setup> {
    let mut setup = Setup::empty();
    setup.board = arbitrary_board(u, setup.board)?;
    setup.turn = *u.choose(&Color::ALL)?;
    setup.castling = u.arbitrary()?;
    setup.ep = match u.arbitrary()? {
        true => Some(EnPassant {
            middle: arbitrary_cell(u)?,
            landed: arbitrary_cell(u)?,
        }),
        false => None,
    };
    setup.unmoved_pawns = CellSet::from_cells(
        (0..u.int_in_range(0..=12)?)
            .map(|_| arbitrary_cell(u))
            .collect::<Arbitrary<Vec<_>>>()?,
    );
    setup.halfmove_clock = u.arbitrary()?;
    setup.fullmove_number = u.arbitrary()?;
    Ok(setup)
}
