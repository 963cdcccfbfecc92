//! The long notation (`Move::long`, `Move::from_long`, `parse_long`) over every legal move
//! of every conformance position and of the positions one move later, each kind's spelling, bad
//! texts and texts drawn at random, as `data/long.txt` states them;
//! and which armies are in play.

use hexvar_geometry::{Variant, VariantColor};
use hexvar_kirby::{Color, Position};

hexvar_geometry::long_notation_test!(hexvar_kirby);

#[test]
fn in_play_is_the_seated_armies_still_alive() {
    for (_, text) in Position::start_positions() {
        let pos: Position = text.parse().unwrap();
        for &color in Color::ALL {
            assert_eq!(
                pos.in_play(color),
                pos.seated().contains(color),
                "{text} {color}"
            );
        }
    }
    let mut dead = 0;
    let rows = hexvar_geometry::perft::read_rows(include_str!("data/conformance.txt")).unwrap();
    for row in &rows {
        let pos: Position = row.position.parse().unwrap();
        for &color in Color::ALL {
            let in_play = Variant::in_play(&pos, color);
            assert_eq!(
                in_play,
                pos.seated().contains(color) && pos.alive().contains(color)
            );
            dead += usize::from(pos.seated().contains(color) && !in_play);
        }
    }
    assert!(dead > 0, "the conformance data has eliminated armies");
    assert_eq!(<Color as VariantColor>::ALL, Color::ALL);
}
