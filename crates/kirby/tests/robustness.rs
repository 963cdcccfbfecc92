//! Regression tests for the defects found by fuzzing and random play (issue 12), each named
//! after its defect, and the contract's text-format rules.

use hexvar_geometry::checks::check_position_texts;
use hexvar_geometry::Variant;
use hexvar_kirby::{Cell, Color, Outcome, ParseSetupError, Position, Setup};

#[test]
fn stale_waiting_slots_do_not_break_equality() {
    // Defect 5: after J8-G6 the waiting pawn list shrinks; the vacated slot must not count.
    let text = "layout=QL turn=B teams=B/W castling=- dead=- waiting=H17 B:QB/27,KB/31,BB/34,PB9,ND11,PE10,PF13,PF17,RJ8 W:NS/15,NW/32,BW/34,BW/37,KR/17,QR/35,AE12,RG6,PH17,RK3,PK15,PP13";
    let setup: Setup = text.parse().unwrap();
    let mut pos = Position::from_setup(setup).unwrap();
    pos.play(pos.parse_move("J8-G6").unwrap()).unwrap();
    let back: Position = pos.to_string().parse().unwrap();
    assert_eq!(back, pos);
    assert_eq!(back.zobrist_hash(), pos.zobrist_hash());
    use std::hash::{BuildHasher, RandomState};
    let s = RandomState::new();
    assert_eq!(s.hash_one(&back), s.hash_one(&pos));
}

#[test]
fn setup_text_round_trips_in_any_order() {
    // Defect 6: castling cells and team groups in any order read to the same Setup.
    let canonical = "layout=QL turn=B teams=B/W castling=B/11,B/18 dead=- waiting=- B:RB/11,KB/15,RB/18 W:KW/15";
    let shuffled = "W:KW/15 B:KB/15,RB/11,RB/18 waiting=- dead=- castling=B/18,B/11 teams=W/B turn=B layout=QL";
    let a: Setup = canonical.parse().unwrap();
    let b: Setup = shuffled.parse().unwrap();
    assert_eq!(a, b);
    assert_eq!(b.to_string(), canonical);
    let teams = "layout=QL turn=B teams=SG/BW/RP castling=- dead=- waiting=- B:KB/15 P:KP/15 S:KS/15 W:KW/15 R:KR/15 G:KG/15";
    let c: Setup = teams.parse().unwrap();
    assert!(c.to_string().contains("teams=BW/PR/SG"));
    assert_eq!(c.to_string().parse::<Setup>().unwrap(), c);
}

#[test]
fn empty_setup_round_trips() {
    // Defect 6: Setup::empty() printed `teams=`, which did not parse.
    let empty = Setup::empty();
    let text = empty.to_string();
    assert!(text.contains("teams=-"), "{text}");
    assert_eq!(text.parse::<Setup>().unwrap(), empty);
    assert!(text.parse::<Position>().is_err(), "nobody is seated");
}

#[test]
fn only_ascii_whitespace_separates_fields() {
    // Defect 6: non-breaking and ideographic spaces are not separators.
    let good = hexvar_kirby::START_TEXT;
    check_position_texts::<Position>(&[(&good.replace(' ', "\t\n  "), good)]).unwrap();
}

#[test]
fn bad_cell_is_reported_as_a_cell() {
    // Defect 6: `PI9` has a good role letter and a bad cell.
    let err = "layout=QL turn=B teams=B B:KB/15,PI9"
        .parse::<Setup>()
        .unwrap_err();
    assert!(
        matches!(&err, ParseSetupError::PieceCell { army: 'B', piece, .. } if piece == "PI9"),
        "{err:?}"
    );
    assert!(err.to_string().contains("not a cell"), "{err}");
    let err = "layout=QL turn=B teams=B B:KB/15,ZA8"
        .parse::<Setup>()
        .unwrap_err();
    assert!(matches!(err, ParseSetupError::Piece { .. }), "{err:?}");
}

#[test]
fn parse_move_forgives_what_players_type() {
    let pos = Position::new();
    let m = pos.parse_move("B/22-A10").unwrap();
    for text in [
        " B/22-A10 ",
        "b/22-a10",
        "B/22-A10+",
        "B/22-A10!?",
        "\tb/22-a10#\n",
    ] {
        assert_eq!(pos.parse_move(text), Ok(m), "{text:?}");
    }
    assert!(matches!(
        pos.parse_move("B/22-A12"),
        Err(hexvar_kirby::ParseMoveError::NotLegal(_))
    ));
    assert!(matches!(
        pos.parse_move("nonsense"),
        Err(hexvar_kirby::ParseMoveError::Notation(_))
    ));
    assert_eq!(format!("{m:?}"), "B/22-A10");
}

#[test]
fn start_positions_cover_every_mode_and_layout() {
    let starts = Position::start_positions();
    assert_eq!(starts.len(), 14);
    assert_eq!(starts[0].1, Position::START_TEXT);
    assert_eq!(starts[0].1.parse::<Position>().unwrap(), Position::start());
    for name in ["2p QL", "3p QL", "4p-teams QL", "6p QL", "6p-2teams QR"] {
        assert!(starts.iter().any(|(n, _)| n == name), "{name}");
    }
    for (name, text) in &starts {
        let pos: Position = text.parse().unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(pos.legal_move_count(), 20, "{name}");
    }
}

#[test]
fn cells_colors_roles_pieces_read_and_print() {
    for cell in Cell::ALL {
        assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell));
        assert_eq!(Cell::from_index(cell.index()), Some(cell));
    }
    assert_eq!(Cell::from_index(hexvar_kirby::CELL_COUNT), None);
    for &color in Color::ALL {
        assert_eq!(color.to_string().parse::<Color>(), Ok(color));
    }
    for role in hexvar_kirby::Role::ALL {
        assert_eq!(role.to_string().parse(), Ok(role));
        assert_eq!(hexvar_kirby::Role::from_char(role.char()), Some(role));
    }
    let piece: hexvar_kirby::Piece = "GA".parse().unwrap();
    assert_eq!(piece.to_string(), "GA");
    let outcome = Outcome::Decisive {
        winner: [Color::Black, Color::White].into_iter().collect(),
        reason: hexvar_kirby::WinReason::Checkmate,
    };
    assert_eq!(outcome.to_string(), "Black and White win by checkmate");
    assert!(!outcome.is_draw());
}

#[test]
fn letter_errors_are_one_type_and_quote_at_most_100_characters() {
    use hexvar_kirby::{Move, ParseLetterError, Piece, Role};
    let long = "Z".repeat(500);
    let color: ParseLetterError = long.parse::<Color>().unwrap_err();
    let role: ParseLetterError = "X".parse::<Role>().unwrap_err();
    let piece: ParseLetterError = "BX".parse::<Piece>().unwrap_err();
    assert_eq!(color.what, "army");
    assert_eq!(role.what, "role");
    assert_eq!(piece.what, "piece");
    assert_eq!(
        color.text.chars().count(),
        101,
        "100 characters and an ellipsis"
    );
    assert!(role.to_string().contains("PNBRQAK"), "{role}");
    // The role's own text takes either case (geometry's `roles!`); the position text and the
    // move notation keep upper case.
    assert_eq!("k".parse::<Role>(), Ok(Role::King));
    assert!("bk".parse::<Piece>().is_err());
    assert!("A8-A12=q".parse::<Move>().is_err());
    assert!("layout=QL turn=B teams=B/W B:kB/15 W:KW/15"
        .parse::<Setup>()
        .is_err());
    // Every error that quotes the input cuts it.
    for message in [
        long.parse::<Cell>().unwrap_err().to_string(),
        long.parse::<Move>().unwrap_err().to_string(),
        Position::new().parse_move(&long).unwrap_err().to_string(),
        long.parse::<Setup>().unwrap_err().to_string(),
        format!("layout={long} turn=B teams=B B:KB/15")
            .parse::<Setup>()
            .unwrap_err()
            .to_string(),
        format!("layout=QL turn=B teams=B B:KB/15,{long}")
            .parse::<Setup>()
            .unwrap_err()
            .to_string(),
        Position::new().parse_san(&long).unwrap_err().to_string(),
    ] {
        assert!(message.len() < 300, "{message}");
    }
}
