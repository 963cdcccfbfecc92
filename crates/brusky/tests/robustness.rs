//! Regression tests for defects found by random play and fuzzing, each named after its defect,
//! and the rules of the text formats.

use hexvar_brusky::{
    ParsePositionError, ParseSetupError, Position, PositionProblem, Setup, START_TEXT,
};
use hexvar_geometry::checks::check_position_texts;

const START_PLACEMENT: &str = "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR";

#[test]
fn counter_overflow_in_play_saturates() {
    // The halfmove clock at its largest: a knight move used to overflow it.
    let text = format!("{START_PLACEMENT} w KQkq - 4294967295 1");
    let mut pos: Position = text.parse().unwrap();
    pos.play(pos.parse_move("b1-a3").unwrap()).unwrap();
    assert_eq!(pos.halfmove_clock(), u32::MAX);
    let reparsed: Position = pos.to_string().parse().unwrap();
    assert_eq!(reparsed, pos);
    assert_eq!(reparsed.zobrist_hash(), pos.zobrist_hash());

    // The move number at its largest: Black's move used to overflow it.
    let text = format!("{START_PLACEMENT} b KQkq - 0 4294967295");
    let mut pos: Position = text.parse().unwrap();
    pos.play(pos.parse_move("e8-f6").unwrap()).unwrap();
    assert_eq!(pos.fullmove_number(), u32::MAX);
    assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
}

#[test]
fn counters_are_u32_in_plain_digits() {
    for (clock, number) in [
        ("4294967296", "1"),
        ("+5", "1"),
        ("-1", "1"),
        ("", "1"),
        ("0x1", "1"),
        ("0", "4294967296"),
        ("0", "0"),
        ("0", "+1"),
    ] {
        let text = format!("{START_PLACEMENT} w KQkq - {clock} {number}");
        let err = text.parse::<Setup>().unwrap_err();
        assert!(
            matches!(
                err,
                ParseSetupError::HalfmoveClock(_)
                    | ParseSetupError::FullmoveNumber(_)
                    | ParseSetupError::FieldCount(_)
            ),
            "{text}: {err}"
        );
    }
    let text = format!("{START_PLACEMENT} w KQkq - 4294967295 4294967295");
    assert_eq!(text.parse::<Setup>().unwrap().to_string(), text);
}

#[test]
fn only_ascii_whitespace_separates_fields() {
    let spaced = format!("\t {START_PLACEMENT}\n w  KQkq\r-  0 1 \n");
    check_position_texts::<Position>(&[(&spaced, START_TEXT)]).unwrap();
}

#[test]
fn empty_setup_round_trips_and_is_refused_as_a_position() {
    let empty = Setup::empty();
    let text = empty.to_string();
    assert_eq!(text.parse::<Setup>().unwrap(), empty);
    assert!(matches!(
        text.parse::<Position>(),
        Err(ParsePositionError::Position(_))
    ));
}

#[test]
fn a_setup_with_move_number_zero_is_refused() {
    // Issue 17: `from_setup` took `fullmove_number = 0` and printed `... 0 0`, which does not
    // parse. It is a typed problem now, listed with the others.
    let mut setup = Setup::start();
    setup.fullmove_number = 0;
    let err = Position::from_setup(setup.clone()).unwrap_err();
    assert_eq!(err.problems, [PositionProblem::MoveNumberZero]);
    assert_eq!(
        err.to_string(),
        "illegal position: the move number is 0 (moves are numbered from 1)"
    );
    setup.castling = "KQkq".parse().unwrap();
    setup.set("f1".parse().unwrap(), None);
    let err = Position::try_from(setup).unwrap_err();
    assert!(err.problems.contains(&PositionProblem::MoveNumberZero));
    assert!(err.problems.len() > 1, "every broken rule is listed");
    // Every position prints a text that parses back to it: the move number 1 is the least.
    let mut setup = Setup::start();
    setup.fullmove_number = 1;
    let pos = Position::from_setup(setup).unwrap();
    assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
}

#[test]
fn errors_quote_at_most_100_characters_of_the_text() {
    let long = "x".repeat(1000);
    for message in [
        format!("{}", long.parse::<Setup>().unwrap_err()),
        format!(
            "{}",
            format!("{START_PLACEMENT} w {long} - 0 1")
                .parse::<Setup>()
                .unwrap_err()
        ),
        format!("{}", long.parse::<hexvar_brusky::Move>().unwrap_err()),
        format!("{}", Position::new().parse_move(&long).unwrap_err()),
        format!("{}", long.parse::<hexvar_brusky::Cell>().unwrap_err()),
        format!("{}", long.parse::<hexvar_brusky::Role>().unwrap_err()),
    ] {
        assert!(message.chars().count() < 250, "{message}");
    }
}
