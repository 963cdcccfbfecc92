//! Fuzzes hexvar-chessagon's text parsers: the position text (parse, print, reparse, validate,
//! every legal move's notation and play), cells, moves, move texts in the start position, and the
//! serde deserialisers. A panic is the only failure.
#![no_main]

use hexvar_chessagon::{Cell, Move, Position, Setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(setup) = text.parse::<Setup>() {
        check_setup(&setup);
        if let Ok(pos) = Position::from_setup(setup) {
            check_position(&pos);
        }
    }
    if let Ok(cell) = text.parse::<Cell>() {
        assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
    }
    if let Ok(mv) = text.parse::<Move>() {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }
    let start = Position::new();
    if let Ok(mv) = start.parse_move(text) {
        assert!(start.is_legal(mv), "{text:?} gave the illegal {mv}");
        let mut next = start;
        next.play(mv).expect("a parsed move plays");
    }
    if let Ok(setup) = serde_json::from_str::<Setup>(text) {
        check_setup(&setup);
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

/// A setup read from text prints a text that reads back to it.
fn check_setup(setup: &Setup) {
    let printed = setup.to_string();
    let reparsed: Setup = printed.parse().expect("a printed setup parses");
    assert_eq!(&reparsed, setup, "{printed}");
}

/// A valid position prints a text that reads back to it with the same hash (also computed
/// afresh), and every legal move's notation reads back to that move and plays into a position
/// that prints and reads back too.
fn check_position(pos: &Position) {
    let printed = pos.to_string();
    let reparsed: Position = printed.parse().expect("a printed position parses");
    assert_eq!(&reparsed, pos, "{printed}");
    assert_eq!(reparsed.zobrist_hash(), pos.zobrist_hash(), "{printed}");
    let fresh = Position::from_setup(pos.to_setup()).expect("its own setup is valid");
    assert_eq!(fresh.zobrist_hash(), pos.zobrist_hash(), "{printed}");
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), pos.legal_move_count(), "{printed}");
    assert_eq!(pos.has_legal_move(), !moves.is_empty(), "{printed}");
    for &mv in moves.iter() {
        assert_eq!(pos.parse_move(&mv.to_string()), Ok(mv), "{printed}");
        let mut next = *pos;
        next.play(mv).expect("a legal move plays");
        let text = next.to_string();
        assert_eq!(text.parse::<Position>().as_ref(), Ok(&next), "{text}");
    }
    let _ = pos.outcome();
}
