//! The null move ([`Position::play_null`], the face of `Variant::play_null`), checked on every
//! conformance position and each of its children.

use hexvar_brusky::Position;
use hexvar_geometry::null_move::{check_null_moves, passed_fen_like};

#[test]
fn passing_gives_the_passed_position_twice_the_same_side_and_the_trait_face_agrees() {
    let counts = check_null_moves::<Position>(
        include_str!("data/conformance.txt"),
        |pos| passed_fen_like(&pos.to_string()),
        |pos| pos.en_passant().is_some(),
        Position::play_null,
    )
    .unwrap();
    assert!(
        counts.passed > 5_000 && counts.refused > 100 && counts.passed_twice > 1_000,
        "{counts:?}"
    );
}
