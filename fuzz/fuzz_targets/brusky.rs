//! Fuzzes hexvar-brusky's text parsers with the shared body in `contract.rs`; the setup's other
//! fields from the input: castling bits, en passant cells and counters.
#![no_main]

#[macro_use]
#[path = "contract.rs"]
mod contract;

use hexvar_brusky::{CastlingRights, EnPassant};

fuzz_contract!(hexvar_brusky, |u, setup| {
    setup.castling = CastlingRights::from_bits(u.arbitrary()?);
    if u.arbitrary()? {
        let (passed, pawn) = (arbitrary_cell(u)?, arbitrary_cell(u)?);
        setup.en_passant = Some(EnPassant { passed, pawn });
    }
    setup.halfmove_clock = u.arbitrary()?;
    setup.fullmove_number = u.arbitrary()?;
});
