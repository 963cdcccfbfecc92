//! The null move ([`Position::play_null`], the face of `Variant::play_null`), checked on every
//! conformance position and each of its children.

use hexvar_brusky::Position;
use hexvar_geometry::null_move::{check_fen_like_null_moves, NullMoveCounts};

/// What the data must reach: passes, refusals in check, and double passes.
const AT_LEAST: NullMoveCounts = NullMoveCounts {
    passed: 5_000,
    refused: 100,
    passed_twice: 1_000,
};

#[test]
fn passing_gives_the_passed_position_twice_the_same_side_and_the_trait_face_agrees() {
    let data = include_str!("data/conformance.txt");
    check_fen_like_null_moves::<Position>(data, Position::play_null, AT_LEAST).unwrap();
}

#[test]
fn too_little_data_fails_the_check() {
    let start = format!("1 61 {}\n", Position::new());
    let failure = check_fen_like_null_moves::<Position>(&start, Position::play_null, AT_LEAST);
    assert!(failure.unwrap_err().contains("fewer than"));
}
