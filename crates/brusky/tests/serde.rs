//! Serde: cells' pieces, moves, setups and positions travel as their text forms.
#![cfg(feature = "serde")]

use hexvar_brusky::{Cell, Color, Move, Piece, Position, Role, Setup};

#[test]
fn moves_setups_and_positions_serialize_as_text() {
    let m: Move = "e7xd8=N".parse().unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"e7xd8=N\"");
    assert_eq!(serde_json::from_str::<Move>("\"e7xd8=N\"").unwrap(), m);

    let pos = Position::new();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, format!("\"{pos}\""));
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    assert_eq!(
        serde_json::from_str::<Setup>(&json).unwrap(),
        Setup::start()
    );

    assert!(serde_json::from_str::<Position>("\"not a position\"").is_err());
    assert!(serde_json::from_str::<Move>("\"e9-e10\"").is_err());
}

#[test]
fn plain_types_round_trip() {
    let piece = Piece::new(Color::Black, Role::Queen);
    let json = serde_json::to_string(&piece).unwrap();
    assert_eq!(serde_json::from_str::<Piece>(&json).unwrap(), piece);
    let cell: Cell = "j2".parse().unwrap();
    assert_eq!(serde_json::to_string(&cell).unwrap(), "\"j2\"");
    assert_eq!(serde_json::from_str::<Cell>("\"j2\"").unwrap(), cell);
    assert_eq!(serde_json::to_string(&piece).unwrap(), "\"q\"");
    assert_eq!(serde_json::to_string(&Color::Black).unwrap(), "\"b\"");
    assert_eq!(serde_json::from_str::<Role>("\"N\"").unwrap(), Role::Knight);
    let castle: Move = "o-o-o".parse().unwrap();
    let json = serde_json::to_string(&castle).unwrap();
    assert_eq!(json, "\"o-o-o\"");
    assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), castle);
}
