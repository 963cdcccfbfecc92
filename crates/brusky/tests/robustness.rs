//! Regression tests for defects found by random play and fuzzing, each named after its defect,
//! and the rules of the text formats.

use hexvar_brusky::{
    DrawReason, Game, GameError, Outcome, ParsePositionError, ParseSetupError, Position, Setup,
    START_TEXT,
};

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
    assert_eq!(spaced.parse::<Position>().unwrap(), Position::new());
    for space in ['\u{a0}', '\u{3000}', '\u{2003}'] {
        let text = START_TEXT.replacen(' ', &space.to_string(), 1);
        assert!(text.parse::<Setup>().is_err(), "{text:?}");
        let text = format!("{START_TEXT}{space}");
        assert!(
            matches!(text.parse::<Position>(), Err(ParsePositionError::Setup(_))),
            "{text:?}"
        );
    }
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
fn a_finished_game_refuses_moves_after_an_automatic_draw() {
    let text = format!("{START_PLACEMENT} w KQkq - 100 60");
    let mut game = Game::from_position(text.parse().unwrap());
    let draw = Outcome::Draw {
        reason: DrawReason::FiftyMoveRule,
    };
    assert_eq!(game.outcome(), Some(draw));
    let m = game.position().parse_move("h1-g3").unwrap();
    assert_eq!(game.play(m), Err(GameError::Finished(draw)));
    assert!(game.moves().is_empty());
}

#[test]
fn a_game_refuses_an_illegal_move_and_stays_unchanged() {
    let mut game = Game::new();
    let m = "h1-h3".parse().unwrap();
    assert!(matches!(game.play(m), Err(GameError::IllegalMove(_))));
    assert_eq!(game.position(), &Position::new());
    assert_eq!(game.undo(), None);
}
