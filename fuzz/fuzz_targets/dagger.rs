//! Dagger Chess text parsers under libFuzzer: the position text (parse, validate, print, reparse;
//! every legal move's notation names it and plays), cells, moves, moves in the start position,
//! and the serde deserialisers. A panic is the only failure.
#![no_main]

use hexvar_dagger::{Cell, Move, Position, Setup};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(setup) = text.parse::<Setup>() {
        let printed = setup.to_string();
        assert_eq!(printed.parse::<Setup>().as_ref(), Ok(&setup), "{printed}");
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
        let mut pos = start;
        pos.play(mv).expect("parse_move gives a legal move");
    }
    if let Ok(setup) = serde_json::from_str::<Setup>(text) {
        let json = serde_json::to_string(&setup).unwrap();
        assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
    }
    if let Ok(pos) = serde_json::from_str::<Position>(text) {
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    }
    if let Ok(mv) = serde_json::from_str::<Move>(text) {
        assert_eq!(mv.to_string().parse::<Move>(), Ok(mv));
    }
    let quoted = serde_json::to_string(text).unwrap();
    if let Ok(cell) = serde_json::from_str::<Cell>(&quoted) {
        assert_eq!(text.parse::<Cell>(), Ok(cell));
    }
});

/// A valid position prints a text that reads back to an equal position with the same hash, and
/// every legal move's notation names that move, which then plays.
fn check_position(pos: &Position) {
    let printed = pos.to_string();
    let again: Position = printed.parse().expect("a position's text parses");
    assert_eq!(&again, pos, "{printed}");
    assert_eq!(again.zobrist_hash(), pos.zobrist_hash(), "{printed}");
    let moves = pos.legal_moves();
    assert_eq!(moves.len(), pos.legal_move_count(), "{printed}");
    for &mv in moves.iter() {
        assert_eq!(pos.parse_move(&mv.to_string()), Ok(mv), "{printed}");
        let mut next = *pos;
        next.play(mv).expect("a legal move plays");
        let text = next.to_string();
        assert_eq!(text.parse::<Position>().as_ref(), Ok(&next), "{text}");
    }
}
