//! Each variant's text face (`hexvar_geometry::DynVariant`, the object-safe face that play,
//! python and xtask drive) against what the crate's own methods say: its name, the start's legal
//! moves, a move played by text (with its SAN, from and to cells), the side to move after it, a
//! second play of the same text refused, perft and divide, and the SVG's marked cells.
//!
//! Written here, not in each crate's unit tests: `VariantEntry::of` instantiates the whole face
//! (SAN lists, records, perft, rayon's split) over every variant once, in xtask's library, and
//! these tests call it there; a unit test in a crate instantiated it again at full optimisation
//! (6 of chessagon's 21 CPU-seconds of unit-test build).

use hexvar_geometry::DynVariant;
use xtask::variants;

/// The start position of `name`, through the text face.
fn start(name: &str) -> Box<dyn DynVariant> {
    let entry = variants::find(name).unwrap();
    assert_eq!(entry.name, name);
    (entry.start)()
}

#[test]
fn brusky_plays_a_move_by_text() {
    let mut pos = start("brusky");
    assert_eq!(pos.name(), "brusky");
    assert_eq!(pos.moves().len(), 61);
    let info = pos.play_text("h1-g3").unwrap();
    assert_eq!((info.from.as_deref(), info.to.as_str()), (Some("h1"), "g3"));
    assert_eq!(pos.status().turn, "b");
    assert!(pos.play_text("h1-g3").is_err());
    assert_eq!(pos.divide(1).len(), 61);
    assert!(pos.svg_marked(&["g3"]).contains("data-cell=\"g3\""));
}

#[test]
fn chessagon_plays_a_move_by_text() {
    let pos = start("chessagon");
    assert_eq!(pos.name(), "chessagon");
    assert_eq!(pos.moves().len(), 50);
    assert_eq!(pos.perft(2), 2_492);
    let split = pos.divide(1);
    assert_eq!(split.len(), 50);
    assert!(split.windows(2).all(|w| w[0].0 < w[1].0));
    assert!(pos.divide(0).is_empty());
    let mut pos = pos;
    let info = pos.play_text(" f3e5+ ").unwrap();
    assert_eq!((info.from.as_deref(), info.to.as_str()), (Some("f3"), "e5"));
    assert_eq!(info.san, "Ne5");
    assert_eq!(pos.status().turn, "b");
    assert!(pos.svg_marked(&["e5", "zz"]).contains("<circle"));
}

#[test]
fn cescacs_plays_a_move_by_text() {
    let mut pos = start("cescacs");
    assert_eq!(pos.name(), "cescacs");
    assert_eq!(pos.moves().len(), 68);
    let info = pos.play_text("e7-e13").unwrap();
    assert_eq!(
        (
            info.notation.as_str(),
            info.from.as_deref(),
            info.to.as_str()
        ),
        ("E7-E13", Some("E7"), "E13")
    );
    assert_eq!(pos.status().turn, "b");
    assert!(pos.play_text("E7-E13").is_err());
    assert_eq!(pos.perft(1), pos.moves().len() as u64);
}
