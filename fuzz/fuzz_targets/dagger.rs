//! Fuzzes hexvar-dagger's text parsers with the shared body in `contract.rs`.
#![no_main]

#[macro_use]
#[path = "contract.rs"]
mod contract;

fuzz_contract!(hexvar_dagger);

use hexvar_dagger::{Hand, HandKnight};

/// Every field from the input: any men, side, hands, en passant cell and counters.
fn arbitrary_setup(u: &mut Unstructured) -> Arbitrary<Setup> {
    let mut setup = Setup::empty();
    setup.board = arbitrary_board(u, setup.board)?;
    setup.turn = *u.choose(&Color::ALL)?;
    for hand in &mut setup.hands {
        *hand = Hand::EMPTY;
        for knight in HandKnight::ALL {
            if u.arbitrary()? {
                *hand = hand.with(knight);
            }
        }
    }
    setup.en_passant = match u.arbitrary()? {
        true => Some(arbitrary_cell(u)?),
        false => None,
    };
    setup.halfmove_clock = u.arbitrary()?;
    setup.fullmove_number = u.arbitrary()?;
    Ok(setup)
}
