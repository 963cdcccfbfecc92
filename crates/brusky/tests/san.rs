//! Short algebraic notation: the round trip and uniqueness on every conformance position, and the
//! exact texts of the rules document's special moves (castling, en passant, promotion, the pawn's
//! double steps), of disambiguation, checks and mates.

use hexvar_brusky::{Color, Move, ParseSanError, Position};
use hexvar_geometry::checks::{check_san_round_trips, legal_move_texts};

use crate::rules::position;

const CONFORMANCE: &str = include_str!("data/conformance.txt");

/// The SAN of the legal move written `notation` in the crate's move notation.
fn san(pos: &Position, notation: &str) -> String {
    let m = pos.parse_move(notation).unwrap();
    let text = pos.san(m).into_string();
    assert_eq!(pos.parse_san(&text), Ok(m), "{text} in {pos}");
    text
}

/// Every legal move's SAN, sorted.
fn all_san(pos: &Position) -> Vec<String> {
    legal_move_texts(pos, |m| Some(pos.san(m).into_string()))
}

/// The SAN properties of one position ([`check_san_round_trips`], and the check suffix: `#`
/// exactly for mate, `+` for any other check); returns the number of moves checked.
fn check_position(pos: &Position) -> usize {
    let checked = check_san_round_trips(pos, usize::MAX).unwrap();
    for &m in pos.legal_moves().iter() {
        let text = pos.san(m);
        let after = pos.played(m);
        let suffix = match (after.is_check(), after.is_checkmate()) {
            (true, true) => "#",
            (true, false) => "+",
            _ => "",
        };
        assert!(
            text.ends_with(suffix) && !text[..text.len() - suffix.len()].ends_with(['+', '#']),
            "{text} in {pos}"
        );
    }
    checked
}

#[test]
fn san_round_trips_and_is_unique_on_every_conformance_position() {
    let rows = hexvar_geometry::perft::read_rows(CONFORMANCE).unwrap();
    let mut texts: Vec<&str> = rows.iter().map(|r| r.position.as_str()).collect();
    texts.dedup();
    assert_eq!(texts.len(), 150);
    let mut positions = 1;
    let mut moves = check_position(&Position::new());
    for text in texts {
        let pos: Position = text.parse().unwrap();
        moves += check_position(&pos);
        positions += 1;
    }
    assert_eq!(positions, 151);
    // The number of legal moves over the 151 positions (the depth-1 counts plus the start's 61).
    let depth_one: u64 = rows.iter().filter(|r| r.depth == 1).map(|r| r.count).sum();
    assert_eq!(moves as u64, depth_one + 61);
}

#[test]
fn the_start_position() {
    let pos = Position::new();
    let all = all_san(&pos);
    assert_eq!(all.len(), 61);
    // A pawn has two forward directions: g4 is reached by g2-g4 and by e2-g4 (over f3), so such
    // a move names the pawn's file; a4 is reached from a2 only.
    assert_eq!(san(&pos, "g2-g4"), "gg4");
    assert_eq!(san(&pos, "e2-g4"), "eg4");
    assert_eq!(san(&pos, "g2-g3"), "gg3");
    assert_eq!(san(&pos, "f2-g3"), "fg3");
    assert_eq!(san(&pos, "a2-a4"), "a4");
    assert_eq!(san(&pos, "j2-l4"), "l4");
    assert_eq!(san(&pos, "i2-k4"), "k4");
    assert_eq!(san(&pos, "h1-g3"), "Ng3");
    assert_eq!(san(&pos, "f1-g3"), "Kg3");
    // The vertical diagonals run through the pawn walls.
    assert_eq!(san(&pos, "c1xf7"), "Bxf7");
    assert_eq!(san(&pos, "e1xh7"), "Bxh7+");
    assert_eq!(san(&pos, "d1xg7"), "Qxg7+");
    // Ambiguous without the file.
    assert!(matches!(
        pos.parse_san("g4"),
        Err(ParseSanError::Ambiguous { ref candidates, .. }) if candidates == &["eg4", "gg4"]
    ));
}

#[test]
fn double_steps_and_the_yefimov_brusky_en_passant() {
    // The game Yefimov–Brusky: j2-l4 passes k3, and the pawn on j4 takes it en passant.
    let mut pos = position("Ka1 kl8 Pj2 pj4", Color::White);
    assert_eq!(
        all_san(&pos)[..],
        ["Ka2", "Kb1", "Kb2", "Kb3", "Kc2", "j3", "k3", "l4"]
    );
    pos.play(pos.parse_san("l4").unwrap()).unwrap();
    assert_eq!(san(&pos, "j4xk3e.p."), "jxk3");
    assert_eq!(san(&pos, "j4-j3"), "j3");
    assert_eq!(san(&pos, "j4-i3"), "i3");
    let ep = pos.parse_san("jxk3").unwrap();
    assert!(matches!(ep, Move::EnPassant { .. }));
    // Over-disambiguated, without the capture sign, and in the move notation.
    for text in ["j4xk3", "jk3", "j4xk3e.p.", "j4xk3 e.p.", "j4-k3"] {
        assert_eq!(pos.parse_san(text), Ok(ep), "{text}");
    }
}

#[test]
fn double_steps_keep_their_direction_and_are_named_as_players_write_them() {
    // Black's double steps from the 7th rank: k7 to k5 and to j5 (over j6).
    let pos = position("Ka1 kl8 pk7", Color::Black);
    let pawn: Vec<String> = all_san(&pos)
        .into_iter()
        .filter(|s| !s.starts_with('K'))
        .collect();
    assert_eq!(pawn, ["i5", "j6", "k5", "k6"]);
    // Two pawns reach d4, one by a double step and one by a step: the file tells them apart.
    let pos = position("Ka1 kl8 Pd2 Pc3", Color::White);
    assert_eq!(san(&pos, "d2-d4"), "dd4");
    assert_eq!(san(&pos, "c3-d4"), "cd4");
    assert_eq!(san(&pos, "d2-d3"), "d3");
    assert_eq!(san(&pos, "c3-c4"), "c4");
    assert_eq!(san(&pos, "d2-f4"), "f4");
}

#[test]
fn promotion_by_a_step_and_by_a_capture() {
    let pos = position("Ka1 kl8 Pe7 rd8", Color::White);
    let all = all_san(&pos);
    for text in [
        "e8=Q+", "e8=R+", "e8=B", "e8=N", "f8=Q+", "f8=R+", "f8=B", "f8=N", "exd8=Q+", "exd8=R+",
        "exd8=B", "exd8=N",
    ] {
        assert!(all.contains(&text.to_string()), "{text}: {all:?}");
    }
    let m = pos.parse_san("exd8=N").unwrap();
    assert_eq!(m.to_string(), "e7xd8=N");
    assert_eq!(pos.parse_san("e7xd8=N"), Ok(m));
    assert_eq!(pos.parse_san("ed8=N"), Ok(m));
    assert!(
        pos.parse_san("exd8").is_err(),
        "the promotion piece is required"
    );
    let pos = position("Ka1 kl8 ph2", Color::Black);
    assert_eq!(san(&pos, "h2-g1=Q"), "g1=Q+");
    assert_eq!(san(&pos, "h2-h1=N"), "h1=N");
}

const CASTLING_START: &str = "Ra1 Kf1 Ri1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 Pi2 Pj2 \
                              rd8 kg8 rl8 pc7 pd7 pe7 pf7 pg7 ph7 pi7 pj7 pk7 pl7";

fn with_rights(pos: Position, rights: &str) -> Position {
    let mut setup = pos.to_setup();
    setup.castling = rights.parse().unwrap();
    Position::from_setup(setup).unwrap()
}

#[test]
fn castling_is_o_o_and_o_o_o_for_both_sides() {
    let white = with_rights(position(CASTLING_START, Color::White), "KQkq");
    assert_eq!(san(&white, "O-O"), "O-O");
    assert_eq!(san(&white, "O-O-O"), "O-O-O");
    // The king's own steps along the rank stay king moves.
    assert_eq!(san(&white, "f1-g1"), "Kg1");
    let black = with_rights(position(CASTLING_START, Color::Black), "KQkq");
    assert_eq!(san(&black, "o-o"), "O-O");
    assert_eq!(san(&black, "o-o-o"), "O-O-O");
    for (text, notation) in [
        ("O-O", "o-o"),
        ("0-0", "o-o"),
        ("o-o", "o-o"),
        ("O-O-O", "o-o-o"),
        ("O-O-O+", "o-o-o"),
    ] {
        assert_eq!(
            black.parse_san(text).map(|m| m.to_string()),
            Ok(notation.to_string())
        );
    }
    // Castling into check: the rook gives it.
    let pos = with_rights(position("Ra1 Kf1 Ri1 kd8", Color::White), "KQ");
    assert_eq!(san(&pos, "O-O-O"), "O-O-O+");
}

#[test]
fn pieces_name_the_file_the_rank_or_the_whole_cell() {
    // Three rooks reach f6: c3 along the orthogonal c3-d4-e5-f6, f3 up its file, c6 along rank 6.
    let pos = position("Ka1 Rc3 Rc6 Rf3 kl8", Color::White);
    assert_eq!(san(&pos, "c3-f6"), "Rc3f6");
    assert_eq!(san(&pos, "f3-f6"), "Rff6");
    assert_eq!(san(&pos, "c6-f6"), "R6f6");
    assert_eq!(san(&pos, "c3-c4"), "R3c4");
    assert_eq!(san(&pos, "c3-d3"), "Rcd3");
    assert_eq!(san(&pos, "c6-i6"), "Rci6");
    assert!(matches!(
        pos.parse_san("Rf6"),
        Err(ParseSanError::Ambiguous { ref candidates, .. }) if candidates.len() == 3
    ));
    // Over-disambiguation is forgiven.
    assert_eq!(
        pos.parse_san("Rf3f6").unwrap(),
        pos.parse_move("f3-f6").unwrap()
    );
}

#[test]
fn checks_and_mates() {
    // Kc3 covers the five neighbours of a1: a rook check along the rank or the file mates.
    let pos = position("Kc3 Rh5 ka1", Color::White);
    assert_eq!(san(&pos, "h5-a5"), "Ra5#");
    assert_eq!(san(&pos, "h5-h1"), "Rh1#");
    assert_eq!(san(&pos, "h5-d1"), "Rd1#");
    assert_eq!(san(&pos, "h5-b5"), "Rb5");
    let mut after = pos;
    after.play(after.parse_san("Ra5#").unwrap()).unwrap();
    assert!(after.is_checkmate());
    // A bishop's check from the start: after Ng3 the h8 bishop takes e2 and touches f1.
    let mut pos = Position::new();
    pos.play(pos.parse_san("Ng3").unwrap()).unwrap();
    assert_eq!(san(&pos, "h8xe2"), "Bxe2+");
}

#[test]
fn bad_texts_are_typed_errors() {
    let pos = Position::new();
    assert_eq!(pos.parse_san("  +"), Err(ParseSanError::Empty));
    assert!(matches!(
        pos.parse_san("Qd8"),
        Err(ParseSanError::NotLegal { .. })
    ));
    let long = "N".repeat(500);
    match pos.parse_san(&long) {
        Err(ParseSanError::NotLegal { text }) => assert!(text.chars().count() <= 101),
        other => panic!("{other:?}"),
    }
}

/// Issue 4: `0-0` was read as a drawn result where no castling is legal.
#[test]
fn zero_zero_is_castling_where_legal_and_never_a_result() {
    use hexvar_brusky::{Game, RecordErrorKind};
    let error = Game::from_record("[Variant \"brusky\"]\n1. Ng3 0-0").unwrap_err();
    assert!(
        matches!(error.kind, RecordErrorKind::BadMove { .. }),
        "{error}"
    );
    assert_eq!((error.line, error.column), (2, 8), "{error}");
    let white = with_rights(position(CASTLING_START, Color::White), "KQkq");
    let game = Game::from_record(&format!("[Position \"{white}\"]\n1. 0-0 *")).unwrap();
    assert_eq!(game.moves(), [white.parse_move("O-O").unwrap()]);
    assert_eq!(game.outcome(), None);
}
