//! Fuzzes hexvar-dagger's text parsers with the shared body in `contract.rs`; the setup's other
//! fields from the input: hands, en passant cell and counters.
#![no_main]

#[macro_use]
#[path = "contract.rs"]
mod contract;

use hexvar_dagger::{Hand, HandKnight};

fuzz_contract!(hexvar_dagger, |u, setup| {
    for hand in &mut setup.hands {
        *hand = Hand::EMPTY;
        for knight in HandKnight::ALL {
            if u.arbitrary()? {
                *hand = hand.with(knight);
            }
        }
    }
    if u.arbitrary()? {
        setup.en_passant = Some(arbitrary_cell(u)?);
    }
    setup.halfmove_clock = u.arbitrary()?;
    setup.fullmove_number = u.arbitrary()?;
});
