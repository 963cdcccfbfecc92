//! Fuzzes hexvar-chessagon's text parsers with the shared body in `contract.rs`; the setup's
//! other fields from the input: castling bits, en passant cells, unmoved pawns and counters.
#![no_main]

#[macro_use]
#[path = "contract.rs"]
mod contract;

use hexvar_chessagon::{CellSet, EnPassant};

fuzz_contract!(hexvar_chessagon, |u, setup| {
    setup.castling = u.arbitrary()?;
    if u.arbitrary()? {
        let (middle, landed) = (arbitrary_cell(u)?, arbitrary_cell(u)?);
        setup.ep = Some(EnPassant { middle, landed });
    }
    let unmoved = (0..u.int_in_range(0..=12)?).map(|_| arbitrary_cell(u));
    setup.unmoved_pawns = CellSet::from_cells(unmoved.collect::<Arbitrary<Vec<_>>>()?);
    setup.halfmove_clock = u.arbitrary()?;
    setup.fullmove_number = u.arbitrary()?;
});
