//! The one rule for the text formats: ASCII-whitespace separators only, `u32` counters validated
//! at the door and saturating in play, and every valid position printing a text that parses back
//! to an equal position with the same hash. Each defect found by fuzzing and random play has a
//! regression test named after it.

use hexvar_dagger::{ParseSetupError, Position, PositionError, PositionProblem, Setup};
use hexvar_geometry::checks::check_position_texts;

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn play(p: &mut Position, text: &str) {
    let m = p.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    p.play(m).unwrap();
}

fn assert_round_trips(p: &Position) {
    let again = pos(&p.to_string());
    assert_eq!(&again, p);
    assert_eq!(again.zobrist_hash(), p.zobrist_hash());
    assert_eq!(again.to_string(), p.to_string());
}

#[test]
fn counter_overflow_in_play_saturates_the_halfmove_clock() {
    // Issue 12, defect 1: `+ 1` on a halfmove clock of u32::MAX panicked in play.
    let mut p = pos("k/rr/3/4/3/4/5/4/3/4/3/RR/K w -/- - 4294967295 1");
    play(&mut p, "a1-c2");
    assert_eq!(p.halfmove_clock(), u32::MAX);
    assert_eq!(
        p.to_string(),
        "k/rr/3/4/3/4/5/4/3/4/1K1/RR/1 b -/- - 4294967295 1"
    );
    assert_round_trips(&p);
}

#[test]
fn counter_overflow_in_play_saturates_the_move_number() {
    let mut p = pos("k/rr/3/4/3/4/5/4/3/4/3/RR/K b -/- - 0 4294967295");
    play(&mut p, "n1-l2");
    assert_eq!(p.fullmove_number(), u32::MAX);
    assert_eq!(p.halfmove_clock(), 1);
    assert_round_trips(&p);
}

#[test]
fn counters_are_u32_in_decimal_digits() {
    let start = "k/rr/bbb/pppp/ppp/4/5/4/PPP/PPPP/BBB/RR/K w LR/LR -";
    let max = pos(&format!("{start} 4294967295 4294967295"));
    assert_eq!(
        (max.halfmove_clock(), max.fullmove_number()),
        (u32::MAX, u32::MAX)
    );
    assert_round_trips(&max);
    for bad in ["4294967296 1", "-1 1", "+1 1", "1_0 1", "١ 1", " x 1"] {
        assert!(
            matches!(
                format!("{start} {bad}").parse::<Setup>(),
                Err(ParseSetupError::Halfmoves(_) | ParseSetupError::FieldCount(_))
            ),
            "{bad}"
        );
    }
    for bad in ["0 4294967296", "0 0", "0 +1", "0 -0"] {
        assert!(
            matches!(
                format!("{start} {bad}").parse::<Setup>(),
                Err(ParseSetupError::Fullmoves(_))
            ),
            "{bad}"
        );
    }
    // Leading zeros are read; the printed text is canonical.
    assert_eq!(
        pos(&format!("{start} 007 010")).to_string(),
        format!("{start} 7 10")
    );
}

#[test]
fn a_setup_with_move_number_zero_is_no_position() {
    // `Setup` has public fields: from_setup must refuse what the text would refuse, so that
    // every Position prints a text that parses.
    let mut setup = Setup::start();
    setup.fullmove_number = 0;
    assert_eq!(
        Position::from_setup(setup),
        Err(PositionError {
            problems: vec![PositionProblem::MoveNumberZero]
        })
    );
}

#[test]
fn only_ascii_whitespace_separates_fields_and_texts_print_canonical() {
    check_position_texts::<Position>(&[
        (
            " \tk/rr/bbb/pppp/ppp/4/5/4/PPP/PPPP/BBB/RR/K \n w\r\nLR/LR   -  0\t1 \n",
            "k/rr/bbb/pppp/ppp/4/5/4/PPP/PPPP/BBB/RR/K w LR/LR - 0 1",
        ),
        (
            "k/2/3/4/3/4/5/1Pp1/3/4/3/2/K b -/- f2",
            "k/2/3/4/3/4/5/1Pp1/3/4/3/2/K b -/- f2 0 1",
        ),
        (
            "k/11/111/22/3/13/311/4/3/4/3/2/K w -/- -",
            "k/2/3/4/3/4/5/4/3/4/3/2/K w -/- - 0 1",
        ),
    ])
    .unwrap();
}

#[test]
fn setups_without_kings_round_trip() {
    let text = "1/2/3/4/3/4/5/4/3/4/3/2/1 w -/- - 0 1";
    assert_eq!(
        text.parse::<Setup>().map(|s| s.to_string()),
        Ok(text.to_string())
    );
    assert_eq!(
        Setup::empty().to_string().parse::<Setup>(),
        Ok(Setup::empty())
    );
}

#[test]
fn an_en_passant_cell_no_pawn_can_use_is_dropped_and_the_text_still_round_trips() {
    // The jump d2-f2 with no Black pawn beside f2: no e.p. cell is kept.
    let mut p = pos("k/2/3/4/3/4/5/4/3/1P2/3/2/K w -/- -");
    play(&mut p, "d2-f2");
    assert_eq!(p.en_passant(), None);
    assert_round_trips(&p);
    // With a Black pawn on f3 it is kept, printed, and read back.
    let mut p = pos("k/2/3/4/3/4/5/2p1/3/1P2/3/2/K w -/- -");
    play(&mut p, "d2-f2");
    assert_eq!(p.en_passant().map(|c| c.to_string()), Some("f2".into()));
    assert!(p.to_string().contains(" f2 "));
    assert_round_trips(&p);
}
