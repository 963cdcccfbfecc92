//! The shared checks of `hexvar_geometry::checks` that the crates' tests rely on, each shown
//! failing on a copy of the toy grid game broken on purpose (`toy_game::flaw`), and passing on
//! the game itself: a check that cannot fail proves nothing.

use hexvar_geometry::checks::{
    check_agreement, check_finished, check_long_notation_file, check_position_texts,
    check_record_round_trip, check_repetition_draw, check_san_round_trips,
    check_zeroing_restarts_repetitions, random_game, LongNotation, Rng,
};
use hexvar_geometry::{DrawReason, Game, Variant, VariantOutcome};

use std::str::FromStr;

use crate::toy_game::{flaw, FlawedGrid, Grid};

/// Two White men (a1, c1) that both reach b1 and b2, and Black to move first in the other text.
const SHARED_TARGETS: &str = "N.N......n.. w";
const BLACK_TO_MOVE: &str = "N.N......n.. b";

fn position<const FLAW: u8>(text: &str) -> FlawedGrid<FLAW> {
    text.parse().unwrap()
}

#[test]
fn san_round_trips_fail_where_two_moves_write_the_same_san() {
    let moves = check_san_round_trips(&position::<{ flaw::NONE }>(SHARED_TARGETS), 64).unwrap();
    assert!(moves > 4);
    let flawed = position::<{ flaw::SAN_WITHOUT_ORIGIN }>(SHARED_TARGETS);
    let failure = check_san_round_trips(&flawed, 64).unwrap_err();
    // a1-b1 and c1-b1 both write "Nb1": whichever comes first no longer reads back alone.
    assert!(
        failure.contains("(Nb1): the SAN reads as another move or none")
            || failure.contains("two moves have this SAN"),
        "{failure}"
    );
}

/// A random game of the grid from `start`, the same moves for every flaw.
fn game<const FLAW: u8>(start: &str) -> Game<FlawedGrid<FLAW>> {
    let mut rng = Rng(7);
    random_game(position::<FLAW>(start), 20, |n| rng.below(n))
}

#[test]
fn record_round_trips_fail_where_the_start_is_written_wrong() {
    for start in [Grid::START_TEXT, BLACK_TO_MOVE] {
        let game = game::<{ flaw::NONE }>(start);
        assert!(game.ply() > 2, "{start}");
        check_record_round_trip(&game).unwrap();
    }
    // From the usual start the record names no position, so the flaw does not show there.
    check_record_round_trip(&game::<{ flaw::TEXT_SAYS_WHITE_TO_MOVE }>(Grid::START_TEXT)).unwrap();
    let failure =
        check_record_round_trip(&game::<{ flaw::TEXT_SAYS_WHITE_TO_MOVE }>(BLACK_TO_MOVE))
            .unwrap_err();
    // The record names the start with White to move, so Black's first move does not read.
    assert!(
        failure.contains("[Position \"N.N......n.. w\"]"),
        "{failure}"
    );
    assert!(failure.contains("bad move"), "{failure}");
}

/// The grid's long notation, as a crate's `long.txt` states it; only the random texts can tell the
/// game from its copy that reads a text beginning with a move as that move.
const GRID_LONG: &str = r#"
# a comment, and a blank line above
min-moves 20
kinds "across ranks" "along a rank"
spelling "a1-b2" "a1b2"
spelling "d1-c1" "d1c1"
bad "" "a1" "a1-b2" "A1B2"
bad "a1b" "a0b1" "e1d1"
illegal "a1c3"
letters "abcd123x"
"#;

/// The grid's conformance data: two positions.
const GRID_CONFORMANCE: &str = "1 6 N..N....n..n w\n1 5 N.N......n.. w\n";

fn grid_kind<const FLAW: u8>(mv: <FlawedGrid<FLAW> as Variant>::Move) -> &'static str {
    let (from, to) = Grid::move_cells(mv);
    let rank = |cell: String| cell.chars().last();
    if from.map(|cell| rank(cell.to_string())) == Some(rank(to.to_string())) {
        "along a rank"
    } else {
        "across ranks"
    }
}

fn long_notation<const FLAW: u8>() -> Result<(), String> {
    check_long_notation_file::<FlawedGrid<FLAW>>(GRID_CONFORMANCE, GRID_LONG, grid_kind::<FLAW>)
}

#[test]
fn the_long_notation_check_reads_random_texts_and_fails_on_a_lenient_reader() {
    long_notation::<{ flaw::NONE }>().unwrap();
    let failure = long_notation::<{ flaw::LONG_READS_A_PREFIX }>().unwrap_err();
    let lines: Vec<&str> = failure.lines().collect();
    assert!(!lines.is_empty());
    assert!(
        lines
            .iter()
            .all(|line| line.ends_with("reads as a move it is not the spelling of")),
        "only the random texts fail: {failure}"
    );
}

#[test]
fn position_texts_fail_where_other_white_space_separates_or_a_text_is_not_canonical() {
    let texts = [
        (Grid::START_TEXT, Grid::START_TEXT),
        (" N.N......n..\tb", BLACK_TO_MOVE),
    ];
    check_position_texts::<Grid>(&texts).unwrap();
    let failure = check_position_texts::<FlawedGrid<{ flaw::ANY_WHITE_SPACE_SEPARATES }>>(&texts)
        .unwrap_err();
    assert!(
        failure.contains(r#""N..N....n..n\u{a0}w" reads"#),
        "{failure}"
    );
    // Black to move printed as White's: not the canonical text.
    let failure =
        check_position_texts::<FlawedGrid<{ flaw::TEXT_SAYS_WHITE_TO_MOVE }>>(&texts).unwrap_err();
    assert!(
        failure.contains("prints \"N.N......n.. w\", not \"N.N......n.. b\""),
        "{failure}"
    );
    assert!(!failure.contains(Grid::START_TEXT), "{failure}");
}

/// Out and back with a man of each side: the start again every four plies.
const OUT_AND_BACK: &str = "Nb1 Nb3 Na1 Na3";

#[test]
fn game_end_checks_fail_where_no_repetition_draws_or_the_game_is_not_over() {
    let fifth = [OUT_AND_BACK; 4].join(" ");
    check_repetition_draw(Grid::start(), &fifth, DrawReason::FivefoldRepetition).unwrap();
    let failure = check_repetition_draw(
        FlawedGrid::<{ flaw::NO_AUTOMATIC_REPETITION }>::start(),
        &fifth,
        DrawReason::FivefoldRepetition,
    )
    .unwrap_err();
    assert!(failure.contains("the outcome is None"), "{failure}");
    // One move short of the fifth time, the game goes on.
    let short = fifth.rsplit_once(' ').unwrap().0;
    let failure =
        check_repetition_draw(Grid::start(), short, DrawReason::FivefoldRepetition).unwrap_err();
    assert!(failure.contains("the outcome is None"), "{failure}");
    // Agreement ends the game; a game not over fails `check_finished`.
    check_agreement(Grid::start(), OUT_AND_BACK).unwrap();
    let draw = <Grid as Variant>::Outcome::draw(DrawReason::Agreement);
    let failure = check_finished(&Game::<Grid>::new(), &draw).unwrap_err();
    assert!(failure.contains("the outcome is None"), "{failure}");
}

#[test]
fn the_zeroing_check_passes_on_the_truth_and_fails_on_a_wrong_count() {
    // White's d1 stands beside Black's c2: a shuffle, the capture d1xc2, another shuffle.
    let start = || Grid::from_str("N..N..n....n w").unwrap();
    let (before, after) = ("Na1a2 Nc2c3 Na2a1 Nc3c2", "Nd3c3 Na1a2 Nc3d3 Na2a1");
    check_zeroing_restarts_repetitions(start(), before, "Nd1xc2", after).unwrap();
    let failure =
        check_zeroing_restarts_repetitions(start(), before, "Nd1xc2", "Nd3c3 Na1a2").unwrap_err();
    assert!(failure.contains("1 repetitions after"), "{failure}");
    let failure =
        check_zeroing_restarts_repetitions(start(), "Na1a2 Nc2c3", "Nd1xc2", after).unwrap_err();
    assert!(
        failure.contains("1 repetitions after Na1a2 Nc2c3, not 2"),
        "{failure}"
    );
}

#[test]
fn a_long_txt_that_says_too_little_or_too_much_is_refused_by_its_line() {
    let read = |text: &str| LongNotation::<Grid>::read(text, grid_kind::<{ flaw::NONE }>).err();
    assert_eq!(read(GRID_LONG), None);
    let without = |key: &str| {
        let kept: Vec<&str> = GRID_LONG.lines().filter(|l| !l.starts_with(key)).collect();
        kept.join("\n")
    };
    for key in ["min-moves", "kinds", "illegal", "letters"] {
        assert_eq!(read(&without(key)), Some(format!("long.txt: no {key}")));
    }
    for (line, error) in [
        ("illegal \"a1b1\"", "long.txt:11: illegal stated twice"),
        (
            "bad a1",
            "long.txt:11: a text must be in double quotes: \"a1\"",
        ),
        ("bad \"a1", "long.txt:11: a text is not closed: \"\\\"a1\""),
        (
            "bad \"\\q\"",
            "long.txt:11: bad escape in \"\\\"\\\\q\\\"\"",
        ),
        ("spelling \"a1-b2\"", "long.txt:11: a spelling is two texts"),
        ("letters \"ab\" \"cd\"", "long.txt:11: letters stated twice"),
        (
            "sideways \"a1\"",
            "long.txt:11: unknown statement \"sideways\"",
        ),
    ] {
        assert_eq!(
            read(&format!("{GRID_LONG}{line}\n")).as_deref(),
            Some(error),
            "{line}"
        );
    }
    let bad_count = format!("{}\nmin-moves x\n", without("min-moves"));
    assert_eq!(
        read(&bad_count).as_deref(),
        Some("long.txt:10: bad count \"x\"")
    );
    let escaped = LongNotation::<Grid>::read(
        &format!("{GRID_LONG}bad \"a\\u{{a0}}1\\\"\\\\\" \"\"\n"),
        grid_kind::<{ flaw::NONE }>,
    )
    .unwrap();
    assert_eq!(escaped.bad[7..], ["a\u{a0}1\"\\", ""]);
}
