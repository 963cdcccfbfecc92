//! The null move ([`Position::play_null`], the face of `Variant::play_null`) and the men in hand
//! (`Variant::in_hand`), checked on every conformance position and each of its children.

use hexvar_dagger::{Color, Position, Role};
use hexvar_geometry::null_move::{
    check_fen_like_null_moves, positions_and_children, NullMoveCounts,
};
use hexvar_geometry::Variant;

/// Every conformance position and every position one legal move from it.
fn positions() -> Vec<Position> {
    positions_and_children(include_str!("data/conformance.txt")).expect("well-formed data")
}

#[test]
fn passing_gives_the_passed_position_twice_the_same_side_and_the_trait_face_agrees() {
    let at_least = NullMoveCounts {
        passed: 2_500,
        refused: 50,
        passed_twice: 1_000,
    };
    let data = include_str!("data/conformance.txt");
    check_fen_like_null_moves::<Position>(data, Position::play_null, at_least).unwrap();
}

#[test]
fn men_in_hand_are_the_knights_in_hand() {
    let mut seen = [0usize; 3];
    for pos in positions() {
        for color in Color::ALL {
            let knights = pos.hand(color).len();
            seen[knights as usize] += 1;
            for role in Role::ALL {
                let expected = if role == Role::Knight { knights } else { 0 };
                assert_eq!(pos.in_hand(color, role), expected, "{pos}");
                assert_eq!(Variant::in_hand(&pos, color, role), expected, "{pos}");
            }
        }
    }
    assert!(
        seen.iter().all(|&n| n > 0),
        "every hand size occurs: {seen:?}"
    );
}
