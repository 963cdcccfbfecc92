//! Short algebraic notation (the author's CTL notation) and game records: round trips on every
//! conformance position, the exact texts of the rules' special moves, checks and mates, and
//! located errors in bad records.

use std::collections::{BTreeSet, HashSet};

use hexvar_cescacs::{
    Castling, Color, Disambiguation, DrawReason, Game, Move, Outcome, ParseSanError, Position,
    WinReason,
};
use hexvar_geometry::perft::read_rows;
use hexvar_geometry::RecordErrorKind;

/// The start, the rules documents' perft positions and every conformance position.
fn positions() -> Vec<Position> {
    let mut texts = vec![Position::new().to_string()];
    for file in [
        include_str!("data/perft.txt"),
        include_str!("data/conformance.txt"),
    ] {
        texts.extend(read_rows(file).unwrap().into_iter().map(|row| row.position));
    }
    let mut seen = HashSet::new();
    texts
        .into_iter()
        .filter(|text| seen.insert(text.clone()))
        .map(|text| text.parse().unwrap_or_else(|e| panic!("{text}: {e}")))
        .collect()
}

fn body(pos: &Position, mv: Move, origin: Disambiguation) -> String {
    let mut out = String::new();
    pos.write_san(mv, origin, &mut out);
    out
}

#[test]
fn every_legal_move_of_every_conformance_position_round_trips() {
    let mut checked = 0;
    let positions = positions();
    for pos in &positions {
        let moves = pos.legal_moves();
        let mut sans = HashSet::new();
        for &mv in moves.iter() {
            let san = pos.san(mv);
            assert_eq!(pos.parse_san(&san), Ok(mv), "{san} in {pos}");
            assert!(sans.insert(san.to_string()), "two moves are {san} in {pos}");
            // The notation always names the origin: every level writes the move's CTL-AN, and
            // the whole-cell level (over-disambiguation) reads back too.
            let cell = body(pos, mv, Disambiguation::Cell);
            match mv {
                // A castling is its name alone, Black's too (whose `Display` names the side).
                Move::Castle { castling, .. } => assert_eq!(cell, castling.name()),
                _ => assert_eq!(cell, mv.to_string()),
            }
            for origin in Disambiguation::ALL {
                assert_eq!(body(pos, mv, origin), cell);
            }
            assert_eq!(pos.parse_san(&cell), Ok(mv), "{cell} in {pos}");
            assert!(san.starts_with(&cell), "{san} {cell}");
            checked += 1;
        }
        // Cell level alone is unique.
        let bodies: BTreeSet<String> = moves
            .iter()
            .map(|&m| body(pos, m, Disambiguation::Cell))
            .collect();
        assert_eq!(bodies.len(), moves.len(), "{pos}");
    }
    // The start and the 2 other perft positions, and the conformance file's 150 positions.
    assert_eq!(positions.len(), 153);
    assert_eq!(checked, 16_843);
}

/// The SAN of the move `text` (CTL-AN, read by `parse_move`) in `position`.
fn san_of(position: &str, text: &str) -> String {
    let pos: Position = position.parse().unwrap();
    let mv = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    pos.san(mv).into_string()
}

#[test]
fn special_moves_are_written_as_the_author_writes_them() {
    // King's leap: an ordinary king move.
    assert_eq!(san_of("/27:1k/1:1K/ w K - 0 1", "KG1-H6"), "KG1-H6");
    // Castlings by name, for either side; the side is the mover's.
    let white = "/27:1k/3:R3/1:1K/ w RK - 0 1";
    assert_eq!(san_of(white, "KRD-DE"), "KRD-DE");
    assert_eq!(san_of(white, "KRD-DD"), "KRD-DD");
    let black: Position = "/27:1k/25:r3/1:1K/ b rk - 0 1".parse().unwrap();
    let castle = black.parse_san("KRD-DE").unwrap();
    assert_eq!(
        castle,
        Move::Castle {
            color: Color::Black,
            castling: Castling::from_name("KRD-DE").unwrap()
        }
    );
    assert_eq!(black.san(castle), "KRD-DE");
    // The move's own text names the side, and reads back as Black's; a bare name is the
    // mover's.
    assert_eq!(castle.to_string(), "b KRD-DE");
    assert_eq!(black.parse_move("b KRD-DE"), Ok(castle));
    assert_eq!(black.parse_move("KRD-DE"), Ok(castle));
    assert_eq!(black.parse_san("b KRD-DE"), Ok(castle));
    let white: Position = white.parse().unwrap();
    assert!(white.parse_move("b KRD-DE").is_err(), "not White's");
    // The two rook moves of HIO and HIOO differ in the name only.
    let kings_rook = "/27:1k/3:3R/1:1K/ w KR - 0 1";
    assert_eq!(san_of(kings_rook, "KRK-HIO"), "KRK-HIO");
    assert_eq!(san_of(kings_rook, "KRK-HIOO"), "KRK-HIOO");
    // Captures name the captured piece (not a pawn); `×`.
    let start_after = {
        let mut pos = Position::new();
        for m in ["E7-E13", "E21-E15", "F8-F12", "F20-F16"] {
            pos.play(pos.parse_san(m).unwrap()).unwrap();
        }
        pos.to_string()
    };
    assert_eq!(san_of(&start_after, "E13×F16"), "E13×F16");
    // Promotion, awaiting promotion, in-place promotion.
    let awaiting = "/27:1k/20:P6/4:2J2/3:RNNR/2:G1G/1:DK/0:V/ w - - 0 1";
    assert_eq!(san_of(awaiting, "T20-T22=&"), "T20-T22=&");
    assert_eq!(san_of(awaiting, "T20-P21=J"), "T20-P21=J");
    let forced = "/27:1k/22:P6/10:1p5/3:R3/1:1K/ w - - 0 1";
    assert_eq!(san_of(forced, "T22=D"), "T22=D");
    // E.p. on the first passed hex of a triple step (`@@`) and on the second (`@`).
    let mut triple: Position = "/27:1k/14:4p2/12:3p3/7:4P3/1:1K/ w - - 0 1"
        .parse()
        .unwrap();
    triple.play(triple.parse_san("G7-G13").unwrap()).unwrap();
    let triple = triple.to_string();
    assert_eq!(san_of(&triple, "F12@@G9"), "F12@@G9");
    assert_eq!(san_of(&triple, "H14@G11"), "H14@G11");
    // The scornful capture.
    let mut scorn: Position = "/27:1k/16:3p3/14:3P3/1:1K/ w - - 0 1".parse().unwrap();
    scorn.play(scorn.parse_san("F14-E15").unwrap()).unwrap();
    assert_eq!(san_of(&scorn.to_string(), "F16@E15"), "F16@E15");
}

#[test]
fn checks_and_mates_take_a_suffix() {
    // The author's 2022-08-14.2: 16... DB10-D10+ and 35. DC19-E25#.
    let game = Game::from_record(include_str!("data/games/2022-08-14.2.ctl-pgn")).unwrap();
    let sans = game.san_moves();
    assert_eq!(sans[31], "DB10-D10+");
    assert_eq!(sans[39], "GL5×GE5+", "written GL5×GE5^+ by the author");
    assert_eq!(sans.last().unwrap(), "DC19-E25#");
    assert_eq!(
        game.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
    // A stalemating move is no mate: no suffix.
    let pos: Position = "/28:k/26:J2/6:K6/5:2R3/3:2R1/ w - - 0 1".parse().unwrap();
    let mv = pos.parse_san("RG3-G5").unwrap();
    let mut after = pos.clone();
    after.play(mv).unwrap();
    assert_eq!(
        after.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Stalemate
        })
    );
    assert_eq!(pos.san(mv), "RG3-G5");
}

#[test]
fn parse_san_forgives_what_players_write() {
    let game = Game::from_record(include_str!("data/games/2022-08-14.2.ctl-pgn")).unwrap();
    let before = &game.position_at(39);
    let mv = game.moves()[39];
    for text in [
        "GL5×GE5",
        "GL5×GE5^+",
        "GL5xGE5",
        "GL5*GE5",
        "gl5×ge5",
        " GL5×GE5+ ",
        "GL5GE5",
    ] {
        assert_eq!(before.parse_san(text), Ok(mv), "{text}");
    }
    assert_eq!(before.parse_san("  +"), Err(ParseSanError::Empty));
    assert!(matches!(
        before.parse_san("GL5-GE5"),
        Err(ParseSanError::NotLegal { .. })
    ));
    // An error quotes at most 40 characters of the text.
    let long = "E".repeat(300);
    let Err(ParseSanError::NotLegal { text }) = before.parse_san(&long) else {
        panic!("not an error");
    };
    assert_eq!(text.chars().count(), 41);
}

#[test]
fn a_record_reads_tags_numbers_comments_variations_and_black_first() {
    let record = "[Event \"Test\"]\n[Variant \"C'escacs\"]\n[Position \"/27:1k/25:r3/3:R3/1:1K/ b rk - 0 7\"]\n\n7... KRD-DE {a castling} (7... KG27-F26 8. KG1-F2) 8. KG1-F2 $1 ; done\n*\n";
    let game = Game::from_record(record).unwrap();
    assert_eq!(game.tag("Event"), Some("Test"));
    assert_eq!(game.moves().len(), 2);
    assert_eq!(
        game.moves()[0],
        Move::Castle {
            color: Color::Black,
            castling: Castling::from_name("KRD-DE").unwrap()
        }
    );
    let written = game.to_record();
    assert!(written.contains("\n7... KRD-DE 8. KG1-F2 *\n"), "{written}");
    assert!(written.contains("[Variant \"cescacs\"]"), "{written}");
    let back = Game::from_record(&written).unwrap();
    assert_eq!(
        back.positions_iter().collect::<Vec<_>>(),
        game.positions_iter().collect::<Vec<_>>()
    );
}

#[test]
fn record_results_are_points() {
    // A drawn result with a valid claim is the claim; without one, an agreement.
    let fifty = "[Position \"/27:1k/25:r3/3:R3/1:1K/ w - - 99 80\"]\n\n80. KG1-F2 1-1\n";
    let game = Game::from_record(fifty).unwrap();
    assert_eq!(
        game.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::FiftyMoveRule
        })
    );
    assert_eq!(game.result_token(), "1-1");
    let agreed = Game::from_record("1. E7-E13 1-1").unwrap();
    assert_eq!(
        agreed.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Agreement
        })
    );
    // A win the rules did not give (a resignation) is kept as the result.
    let resigned = Game::from_record("1. E7-E13 E21-E15 3-0").unwrap();
    assert_eq!(resigned.outcome(), None);
    assert_eq!(resigned.result_token(), "3-0");
    assert!(resigned.to_record().ends_with(" 3-0\n"));
    // A stalemate is 2-1 to the stalemating side.
    let stalemate = Game::from_record(
        "[Position \"/28:k/26:J2/6:K6/5:2R3/3:2R1/ w - - 0 1\"]\n\n1. RG3-G5 2-1\n",
    )
    .unwrap();
    assert_eq!(stalemate.result_token(), "2-1");
    assert!(stalemate.to_record().ends_with("1. RG3-G5 2-1\n"));
}

#[test]
fn bad_records_give_located_errors() {
    let err = |text: &str| Game::from_record(text).unwrap_err();
    // A bad move on line 3.
    let e = err("[Variant \"C'escacs\"]\n1. E7-E13, E21-E15\n2. F8-F12, F20-F99\n");
    assert_eq!((e.line, e.column), (3, 12), "{e}");
    assert!(
        matches!(&e.kind, RecordErrorKind::BadMove { text, .. } if text == "F20-F99"),
        "{e}"
    );
    assert!(
        e.to_string()
            .starts_with("line 3, column 12: bad move \"F20-F99\""),
        "{e}"
    );
    // A move of the wrong side.
    let e = err("1. E7-E13 E7-E13");
    assert_eq!((e.line, e.column), (1, 11), "{e}");
    // Another variant.
    let e = err("[Event \"x\"]\n[Variant \"Brusky\"]\n1. E7-E13");
    assert_eq!((e.line, e.column), (2, 1), "{e}");
    assert_eq!(e.kind, RecordErrorKind::WrongVariant("Brusky".into()));
    // A bad start position.
    let e = err("[Position \"/27:1k/ w - - 0 1\"]\n");
    assert_eq!((e.line, e.column), (1, 1), "{e}");
    assert!(matches!(e.kind, RecordErrorKind::BadPosition(_)), "{e}");
    // An unterminated comment, a stray brace, a bad tag.
    let e = err("1. E7-E13\n  {never closed");
    assert_eq!(
        (e.line, e.column, e.kind),
        (2, 3, RecordErrorKind::Unterminated('{'))
    );
    let e = err("1. E7-E13 }");
    assert_eq!(
        (e.line, e.column, e.kind),
        (1, 11, RecordErrorKind::Unopened('}'))
    );
    let e = err("[Event x]\n");
    assert_eq!((e.line, e.kind), (1, RecordErrorKind::BadTag));
    // Movetext after the result.
    let e = err("1. E7-E13 1-1 E21-E15");
    assert_eq!((e.line, e.column), (1, 15), "{e}");
    assert!(matches!(e.kind, RecordErrorKind::AfterResult(_)), "{e}");
    // A move after the fivefold repetition ended the game.
    let mut record = String::from("[Position \"/27:1k/25:r3/3:R3/1:1K/ w - - 0 1\"]\n\n");
    for _ in 0..4 {
        record.push_str("KG1-F2 KG27-F26 KF2-G1 KF26-G27\n");
    }
    record.push_str("KG1-F2\n");
    let e = err(&record);
    assert_eq!((e.line, e.column), (7, 1), "{e}");
    assert!(matches!(e.kind, RecordErrorKind::AfterEnd { .. }), "{e}");
    // Nothing panics on a long or odd text, and quotes are cut.
    let e = err(&format!("1. {}", "Z".repeat(500)));
    let RecordErrorKind::BadMove { text, .. } = e.kind else {
        panic!("{e}");
    };
    assert_eq!(text.chars().count(), 41);
}

/// Issue 8: the crate's `san` and `parse_san` (one move generation each) give what geometry's
/// generic ones (every legal move's SAN compared) give, on every legal move of every fourth
/// conformance position (the generic reader is the slow one) and on the texts players write.
#[test]
fn the_fast_san_agrees_with_the_generic_one() {
    use hexvar_geometry::san;
    let mut checked = 0;
    for pos in positions().into_iter().step_by(4) {
        for &mv in pos.legal_moves().iter() {
            let text = pos.san(mv);
            assert_eq!(text, san::san(&pos, mv), "{pos}");
            let plain = text.as_str().trim_end_matches(['+', '#']).to_string();
            for written in [
                text.to_string(),
                plain.to_lowercase(),
                plain.replace('×', "x"),
                plain.replace('×', "*"),
                plain.replace('×', ""),
                plain.replace('-', ""),
                format!(" {plain}^+ "),
                format!("{plain}!?"),
            ] {
                assert_eq!(
                    pos.parse_san(&written),
                    san::parse_san(&pos, &written),
                    "{written:?} in {pos}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 25_000, "{checked} texts");
}
