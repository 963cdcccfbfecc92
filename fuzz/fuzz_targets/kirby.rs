//! Fuzz target for hexvar-kirby: the position text (parse, validate, print, reparse, every legal
//! move's notation), cells, moves, `parse_move`, and the serde deserialisers. Panics are the
//! only failure signal.
#![no_main]

use hexvar_kirby::{Cell, Move, Position, Setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(setup) = text.parse::<Setup>() {
        let printed = setup.to_string();
        let again: Setup = printed.parse().expect("a printed setup parses");
        assert_eq!(again, setup, "setup round trip of {text:?}");
        if let Ok(pos) = Position::from_setup(setup) {
            let printed = pos.to_string();
            let back: Position = printed.parse().expect("a printed position parses");
            assert_eq!(back, pos, "position round trip of {printed}");
            assert_eq!(back.zobrist_hash(), pos.zobrist_hash());
            for &m in pos.legal_moves().iter() {
                assert_eq!(pos.parse_move(&m.to_string()), Ok(m), "{m} in {printed}");
                let mut child = pos.clone();
                child.play(m).expect("a legal move plays");
            }
        }
    }
    if let Ok(cell) = text.parse::<Cell>() {
        assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
    }
    if let Ok(m) = text.parse::<Move>() {
        assert_eq!(m.to_string().parse::<Move>(), Ok(m));
    }
    let _ = Position::new().parse_move(text);
    let _ = serde_json::from_str::<Setup>(text);
    let _ = serde_json::from_str::<Position>(text);
    let _ = serde_json::from_str::<Move>(text);
    let _ = serde_json::from_str::<Cell>(text);
    if let Ok(json) = serde_json::to_string(text) {
        let _ = serde_json::from_str::<Cell>(&json);
        let _ = serde_json::from_str::<Move>(&json);
        let _ = serde_json::from_str::<Position>(&json);
    }
});
