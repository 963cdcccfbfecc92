//! The text formats' rules (one rule for all hexvar crates) and the regressions of the defects
//! found by fuzzing and random play, each test named after its defect.

use hexvar_cescacs::{
    Color, Move, ParseSetupError, Position, PositionProblem, Setup, Shade, START_TEXT,
};
use hexvar_geometry::checks::check_position_texts;

#[test]
fn counter_overflow_u32_max_counters_print_a_text_that_parses_and_play_saturates() {
    // from_setup accepted u32::MAX counters, printed a text its own 9-digit parser rejected,
    // and play panicked on the overflow.
    let text = "/27:1k/14:3R3/1:1K/ b - - 4294967295 4294967295";
    let mut pos: Position = text.parse().unwrap();
    assert_eq!(pos.to_string(), text);
    assert_eq!(pos.halfmove_clock(), u32::MAX);
    assert_eq!(pos.fullmove_number(), u32::MAX);
    let m = pos.parse_move("KG27-H26").unwrap();
    pos.play(m).unwrap();
    assert_eq!(pos.halfmove_clock(), u32::MAX);
    assert_eq!(pos.fullmove_number(), u32::MAX);
    let again: Position = pos.to_string().parse().unwrap();
    assert_eq!(again, pos);
    // One past u32::MAX is a typed error, not a wrap.
    assert!(matches!(
        "/27:1k/1:1K/ w - - 4294967296 1".parse::<Setup>(),
        Err(ParseSetupError::Halfmoves(_))
    ));
    assert!(matches!(
        "/27:1k/1:1K/ w - - 0 4294967296".parse::<Setup>(),
        Err(ParseSetupError::Fullmoves(_))
    ));
    assert!(matches!(
        "/27:1k/1:1K/ w - - +1 1".parse::<Setup>(),
        Err(ParseSetupError::Halfmoves(_))
    ));
    let mut zero = Setup::start();
    zero.fullmove_number = 0;
    assert_eq!(
        Position::from_setup(zero).unwrap_err().problems,
        [PositionProblem::MoveNumberZero]
    );
}

#[test]
fn two_bishops_on_one_shade_are_invalid_so_promotion_never_makes_an_unparsable_position() {
    // from_setup accepted two white bishops on white hexes (lines 22 and 16); the promotion
    // P17-P21=J then made a fourth bishop, and the printed position did not parse.
    let text = "/22:4J2/19:2k5/17:P7/16:J6/14:6K/5:1J4/ w - - 0 1";
    let setup: Setup = text.parse().unwrap();
    let problems = Position::from_setup(setup).unwrap_err().problems;
    assert_eq!(
        problems,
        [PositionProblem::BishopShade(Color::White, Shade::White)]
    );
    // With one bishop per shade, no promotion to a bishop is offered, and every promotion
    // gives a position that prints a text that parses.
    let pos: Position = "/22:4J2/19:2k5/17:P7/15:J6/14:6K/5:1J4/ w - - 0 1"
        .parse()
        .unwrap();
    let promotions: Vec<Move> = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.promotion().is_some())
        .collect();
    assert_eq!(promotions.len(), 5, "{promotions:?}");
    for m in promotions {
        let mut after = pos.clone();
        after.play(m).unwrap();
        assert_eq!(after.to_string().parse::<Position>().unwrap(), after);
    }
}

#[test]
fn empty_board_round_trips() {
    // Setup::empty() printed `/ w - - 0 1`, which did not parse (nor did `/24:/`).
    let empty = Setup::empty();
    assert_eq!(empty.to_string(), "/ w - - 0 1");
    assert_eq!("/ w - - 0 1".parse::<Setup>(), Ok(empty.clone()));
    assert_eq!("/24:/ w - - 0 1".parse::<Setup>(), Ok(empty));
}

#[test]
fn canonical_texts_round_trip_and_only_ascii_white_space_separates_fields() {
    // Aliases, leading zeros, upper-case side letters and the author's special-field forms
    // read to the same position as the canonical text they print.
    let start = Position::new().to_string();
    check_position_texts::<Position>(&[
        (START_TEXT, &start),
        (
            "/27:1k/25:q3/14:3P3/1:1K/ W - - 007 01",
            "/27:1k/25:d3/14:3P3/1:1K/ w - - 7 1",
        ),
        (
            "/27:1k/13:4P3/12:3p3/1:1K/ b - P@G9,11[G13] 0 1",
            "/27:1k/13:4P3/12:3p3/1:1K/ b - G13@9-11 0 1",
        ),
        (
            "/27:1k/15:3p4/14:3P3/1:1K/ w - F14@E15 0 1",
            "/27:1k/15:3p4/14:3P3/1:1K/ w - E15 0 1",
        ),
        ("/1:1K/27:1k/ w -- - 0 1", "/27:1k/1:1K/ w - - 0 1"),
    ])
    .unwrap();
}
