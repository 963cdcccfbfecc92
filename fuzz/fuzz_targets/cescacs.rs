//! Fuzzes hexvar-cescacs's text parsers: the position text (parse, print, reparse, validate, every
//! legal move's notation and play), cells, moves, move texts in the start position, and the serde
//! deserialisers. A panic is the only failure.
#![no_main]

use hexvar_cescacs::{Cell, Move, Position, Setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(setup) = text.parse::<Setup>() {
        let printed = setup.to_string();
        let reparsed: Setup = printed.parse().expect("a printed setup parses");
        assert_eq!(reparsed, setup, "{printed}");
        if let Ok(pos) = Position::from_setup(setup) {
            check_position(&pos);
        }
    }
    if let Ok(cell) = text.parse::<Cell>() {
        assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
    }
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv), "{text:?}");
    }
    let start = Position::new();
    if let Ok(mv) = start.parse_move(text) {
        assert!(start.is_legal(mv), "{text:?} gave an illegal {mv}");
    }
    if let Ok(setup) = serde_json::from_str::<Setup>(text) {
        assert_eq!(setup.to_string().parse::<Setup>().as_ref(), Ok(&setup));
    }
    if let Ok(pos) = serde_json::from_str::<Position>(text) {
        check_position(&pos);
    }
    if let Ok(mv) = serde_json::from_str::<Move>(text) {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }
    if let Ok(cell) = serde_json::from_str::<Cell>(text) {
        assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
    }
});

/// A valid position prints a text that reads back to it with the same hash, and every legal
/// move's notation reads back to that move and plays, giving a position whose text reads back.
fn check_position(pos: &Position) {
    let printed = pos.to_string();
    let reparsed: Position = printed.parse().expect("a printed position parses");
    assert_eq!(&reparsed, pos, "{printed}");
    assert_eq!(reparsed.zobrist_hash(), pos.zobrist_hash(), "{printed}");
    let fresh = Position::from_setup(pos.to_setup()).expect("its own setup is valid");
    assert_eq!(fresh.zobrist_hash(), pos.zobrist_hash(), "{printed}");
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), pos.legal_move_count(), "{printed}");
    assert_eq!(!moves.is_empty(), pos.has_legal_move(), "{printed}");
    let _ = pos.outcome();
    for &mv in moves.iter() {
        assert_eq!(pos.parse_move(&mv.to_string()), Ok(mv), "{printed}");
        let mut next = pos.clone();
        next.play(mv).expect("a legal move plays");
        let text = next.to_string();
        assert_eq!(text.parse::<Position>().as_ref(), Ok(&next), "{text}");
    }
}
