//! `serde` round trips (run with `--features serde`).
#![cfg(feature = "serde")]

use hexvar_chessagon::{Cell, Color, Move, Piece, Position, Role, Setup};

#[test]
fn notation_strings_round_trip() {
    let m: Move = "a10a12=Q".parse().unwrap();
    let json = serde_json::to_string(&m).unwrap();
    assert_eq!(json, "\"a10a12=Q\"");
    assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), m);
    // A castling's text names its side through the King's target.
    for text in ["O-O@f3", "O-O@g13", "O-O-O@c2", "O-O-O@c13"] {
        let m: Move = text.parse().unwrap();
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), m);
    }
    let c: Cell = "e15".parse().unwrap();
    assert_eq!(serde_json::to_string(&c).unwrap(), "\"e15\"");
    assert_eq!(serde_json::from_str::<Cell>("\"e15\"").unwrap(), c);
    assert!(serde_json::from_str::<Cell>("\"a1\"").is_err());
    let p = Piece::from_char('d').unwrap();
    assert_eq!(serde_json::to_string(&p).unwrap(), "\"d\"");
    assert_eq!(serde_json::from_str::<Piece>("\"d\"").unwrap(), p);
    assert_eq!(serde_json::to_string(&Color::Black).unwrap(), "\"b\"");
    assert_eq!(serde_json::from_str::<Role>("\"D\"").unwrap(), Role::Duke);
    let setup = Setup::start();
    let json = serde_json::to_string(&setup).unwrap();
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
    let pos = Position::new();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, format!("\"{}\"", hexvar_chessagon::START_TEXT));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
}
