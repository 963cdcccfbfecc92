//! Fuzzes hexvar-kirby's text parsers with the shared body in `contract.rs`.
#![no_main]

#[macro_use]
#[path = "contract.rs"]
mod contract;

fuzz_contract!(hexvar_kirby);

use hexvar_kirby::Layout;

/// Every field from the input: layout, side, teams (any numbers), dead armies, any men, castling
/// and waiting cells.
fn arbitrary_setup(u: &mut Unstructured) -> Arbitrary<Setup> {
    let mut setup = Setup::empty();
    setup.layout = *u.choose(&[Layout::QueenLeft, Layout::QueenRight])?;
    setup.turn = *u.choose(&Color::ALL)?;
    setup.teams = u.arbitrary()?;
    setup.dead = u.arbitrary()?;
    setup.board = arbitrary_board(u, setup.board)?;
    setup.castling = (0..u.int_in_range(0..=12)?)
        .map(|_| arbitrary_cell(u))
        .collect::<Arbitrary<_>>()?;
    setup.waiting = (0..u.int_in_range(0..=6)?)
        .map(|_| arbitrary_cell(u))
        .collect::<Arbitrary<_>>()?;
    Ok(setup)
}
