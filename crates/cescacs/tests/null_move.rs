//! The null move (`Position::play_null`) against a fresh parse of the passed position, over
//! every conformance position and its children.

use hexvar_cescacs::{Position, Setup, Special};
use hexvar_geometry::null_move::check_null_moves;

const CONFORMANCE: &str = include_str!("data/conformance.txt");

/// The position as the passed one's text describes it: the other side to move, no e.p. or
/// scornful right, the clocks as a ply leaves them.
fn passed(pos: &Position) -> Position {
    let mut setup: Setup = pos.to_setup();
    setup.turn = setup.turn.other();
    setup.special = Special::None;
    setup.halfmove_clock = setup.halfmove_clock.saturating_add(1);
    if pos.turn() == hexvar_cescacs::Color::Black {
        setup.fullmove_number = setup.fullmove_number.saturating_add(1);
    }
    Position::from_setup(setup).expect("a position not in check passes to a legal one")
}

#[test]
fn a_null_move_is_the_passed_position_read_afresh() {
    let counts = check_null_moves::<Position>(
        CONFORMANCE,
        |pos| Some(passed(pos).to_string()),
        |pos| pos.special() != Special::None,
        Position::play_null,
    )
    .unwrap();
    // Both cases are exercised: positions passed, and positions in check refused.
    assert!(counts.passed > 1000 && counts.refused > 50, "{counts:?}");
}

#[test]
fn a_null_move_drops_the_special_rights() {
    // White's pawn has just made a double step: Black's e.p. right goes with the pass.
    let mut pos = Position::new();
    pos.play(pos.parse_move("E7-E11").unwrap()).unwrap();
    assert!(matches!(pos.special(), Special::EnPassant { .. }));
    let before = pos.clone();
    assert!(pos.play_null());
    assert_eq!(pos.special(), Special::None);
    assert_ne!(pos.zobrist_hash(), before.zobrist_hash());
    // Passing twice gives back the men and the side to move, not the e.p. right.
    assert!(pos.play_null());
    assert_eq!(pos.turn(), before.turn());
    assert_eq!(pos.to_setup().board, before.to_setup().board);
    assert_eq!(pos.halfmove_clock(), before.halfmove_clock() + 2);
}
