//! Fuzzes hexvar-kirby's text parsers with the shared body in `contract.rs`; the setup's other
//! fields from the input: layout, teams (any numbers), dead armies, castling and waiting cells.
#![no_main]

#[macro_use]
#[path = "contract.rs"]
mod contract;

use hexvar_kirby::Layout;

fuzz_contract!(hexvar_kirby, |u, setup| {
    setup.layout = *u.choose(&[Layout::QueenLeft, Layout::QueenRight])?;
    setup.teams = u.arbitrary()?;
    setup.dead = u.arbitrary()?;
    let castling = (0..u.int_in_range(0..=12)?).map(|_| arbitrary_cell(u));
    setup.castling = castling.collect::<Arbitrary<_>>()?;
    let waiting = (0..u.int_in_range(0..=6)?).map(|_| arbitrary_cell(u));
    setup.waiting = waiting.collect::<Arbitrary<_>>()?;
});
