//! The null move ([`Position::play_null`], the face of `Variant::play_null`) and the men in hand
//! (`Variant::in_hand`), checked on every conformance position and each of its children.

use hexvar_dagger::{Color, Position, Role};
use hexvar_geometry::null_move::{
    check_double_passes, check_passes, passed_fen_like, positions_and_children,
};
use hexvar_geometry::Variant;

/// Every conformance position and every position one legal move from it.
fn positions() -> Vec<Position> {
    positions_and_children(include_str!("data/conformance.txt")).expect("well-formed data")
}

#[test]
fn a_null_move_gives_the_passed_position_and_its_moves() {
    let (passed, refused) =
        check_passes(&positions(), |pos| passed_fen_like(&pos.to_string())).unwrap();
    assert!(
        passed > 5_000 && refused > 100,
        "{passed} passed, {refused} refused"
    );
}

#[test]
fn the_trait_face_passes_and_refuses_alike() {
    for pos in positions().into_iter().step_by(7) {
        let (mut inherent, mut generic) = (pos, pos);
        assert_eq!(inherent.play_null(), Variant::play_null(&mut generic));
        assert_eq!(inherent, generic);
    }
}

#[test]
fn two_passes_give_back_the_side_and_the_hash() {
    let checked = check_double_passes(&positions(), |pos| pos.en_passant().is_some()).unwrap();
    assert!(checked > 1_000, "{checked} positions passed twice");
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
