//! Position end, validation and parse errors (the game layer is `tests/game.rs`). Every expected
//! value is reasoned from the rules (the lines and steps of spec §2 and §4), written next to each
//! case.

use hexvar_dagger::{
    Color, DrawReason, Outcome, ParseSetupError, Position, PositionError, PositionProblem, Setup,
    WinReason,
};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn queen_on_l2_guarded_by_the_king_on_j2_mates_n1() {
    // n1's only King steps are m1, m2 (orthogonal) and l2 (diagonal). The Queen on l2 checks
    // along the straight diagonal and covers m1 and m2 orthogonally; the King on j2 guards l2.
    let p = pos("k/2/1Q1/4/1K1/4/5/4/3/4/3/2/1 b -/- -");
    assert!(p.is_check());
    assert_eq!(p.checkers().len(), 1);
    assert_eq!(p.legal_moves().len(), 0);
    assert_eq!(
        p.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
}

#[test]
fn queen_on_k2_stalemates_n1() {
    // From k2 the Queen sees l2 and m2 (orthogonal) and m1 (straight diagonal) but not n1.
    let p = pos("k/2/3/1Q2/3/4/5/4/3/4/3/2/K b -/- -");
    assert!(!p.is_check());
    assert_eq!(
        p.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::Stalemate
        })
    );
}

#[test]
fn bare_kings_draw_but_not_with_a_knight_in_hand() {
    let bare = pos("k/2/3/4/3/4/5/4/3/4/3/2/K w -/- -");
    assert_eq!(
        bare.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::InsufficientMaterial
        })
    );
    assert_eq!(pos("k/2/3/4/3/4/5/4/3/4/3/2/K w L/- -").outcome(), None);
}

#[test]
fn fifty_move_rule_at_one_hundred_plies() {
    assert_eq!(
        pos("k/2/3/4/3/4/5/4/3/4/3/2/K w L/- - 99 80").outcome(),
        None
    );
    assert_eq!(
        pos("k/2/3/4/3/4/5/4/3/4/3/2/K w L/- - 100 80").outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::FiftyMoveRule
        })
    );
    // An entry resets the clock.
    let mut p = pos("k/2/3/4/3/4/5/4/3/4/3/2/K w L/- - 99 80");
    p.play(p.parse_move("N@d1").unwrap()).unwrap();
    assert_eq!(p.halfmove_clock(), 0);
}

#[test]
fn hash_depends_on_hand_side_and_ep() {
    let a = pos("k/2/3/4/3/4/5/4/3/4/3/2/K w LR/- -");
    let b = pos("k/2/3/4/3/4/5/4/3/4/3/2/K w L/- -");
    let c = pos("k/2/3/4/3/4/5/4/3/4/3/2/K b LR/- -");
    assert_ne!(a.zobrist_hash(), b.zobrist_hash());
    assert_ne!(a.zobrist_hash(), c.zobrist_hash());
    let ep = pos("k/2/3/4/3/4/5/1Pp1/3/4/3/2/K b -/- f2");
    let no_ep = pos("k/2/3/4/3/4/5/1Pp1/3/4/3/2/K b -/- -");
    assert_ne!(ep.zobrist_hash(), no_ep.zobrist_hash());
    // An e.p. cell no pawn can use is dropped (spec: only the next turn, only beside the pawn).
    assert_eq!(
        pos("k/2/3/4/3/4/5/1P2/3/4/3/2/K b -/- f2").en_passant(),
        None
    );
}

#[test]
fn illegal_setups_list_every_broken_rule() {
    let err = Position::from_setup(
        "1/2/3/4/3/4/5/4/3/4/3/2/P w -/- -"
            .parse::<Setup>()
            .unwrap(),
    )
    .unwrap_err();
    assert_eq!(
        err,
        PositionError {
            problems: vec![
                PositionProblem::MissingKing(Color::White),
                PositionProblem::MissingKing(Color::Black),
                PositionProblem::PawnOnBackCell("a1".parse().unwrap()),
            ]
        }
    );
    // Black in check with White to move: n1 = m1 + (1,1), an orthogonal step of the Rook on m1.
    let err = "k/R1/3/4/3/4/5/4/3/4/3/2/K w -/- -"
        .parse::<Position>()
        .unwrap_err();
    assert!(err.to_string().contains("not to move is in check"), "{err}");
    // An e.p. cell without a pawn that just jumped.
    let err = "k/2/3/4/3/4/5/4/3/4/3/2/K b -/- f2"
        .parse::<Position>()
        .unwrap_err();
    assert!(err.to_string().contains("en-passant"), "{err}");
}

#[test]
fn parse_errors_name_the_field() {
    let start = "k/rr/bbb/pppp/ppp/4/5/4/PPP/PPPP/BBB/RR/K";
    assert!(matches!(
        format!("{start} w LR/LR").parse::<Setup>(),
        Err(ParseSetupError::FieldCount(3))
    ));
    assert!(matches!(
        format!("{start} x LR/LR -").parse::<Setup>(),
        Err(ParseSetupError::Turn(_))
    ));
    assert!(matches!(
        format!("{start} w LL/LR -").parse::<Setup>(),
        Err(ParseSetupError::Hands(_))
    ));
    assert!(matches!(
        format!("{start} w LR/LR i1").parse::<Setup>(),
        Err(ParseSetupError::EnPassant(_))
    ));
    assert!(matches!(
        format!("{start} w LR/LR - x 1").parse::<Setup>(),
        Err(ParseSetupError::Halfmoves(_))
    ));
    assert!(matches!(
        format!("{start} w LR/LR - 0 0").parse::<Setup>(),
        Err(ParseSetupError::Fullmoves(_))
    ));
    assert!(matches!(
        format!("{start} w LR/LR - 0").parse::<Setup>(),
        Err(ParseSetupError::FieldCount(5))
    ));
    assert!(matches!(
        "k/rr/bbb/pppp/ppp/4/5/5/PPP/PPPP/BBB/RR/K w LR/LR -".parse::<Setup>(),
        Err(ParseSetupError::Board(_))
    ));
    assert!(matches!(
        "k/rr/bbb/pppp/ppp/4/5/PPP/PPPP/BBB/RR/K w LR/LR -".parse::<Setup>(),
        Err(ParseSetupError::Board(_))
    ));
}

#[test]
fn play_rejects_illegal_moves_and_leaves_the_position_alone() {
    let mut p = Position::new();
    let before = p;
    let err = p.play("d2-g2".parse().unwrap()).unwrap_err();
    assert_eq!(err.mv.to_string(), "d2-g2");
    assert_eq!(err.to_string(), "illegal move d2-g2");
    assert!(p.play("N@d1".parse().unwrap()).is_err()); // d1 holds a White pawn.
    assert!(p.parse_move("a1-b1").is_err());
    assert!(p.parse_move("zz").is_err());
    assert_eq!(p, before);
}

#[test]
fn divide_sums_to_perft() {
    let p = Position::new();
    let split = hexvar_dagger::divide(&p, 3);
    assert_eq!(split.len(), 13);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 2580);
    let names: Vec<String> = split.iter().map(|(m, _)| m.to_string()).collect();
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(names, sorted);
    assert!(hexvar_dagger::divide(&p, 0).is_empty());
    assert!(hexvar_dagger::divide(&p, 1).iter().all(|&(_, n)| n == 1));
}

#[test]
fn parse_move_forgives_what_players_type() {
    let p = Position::new();
    for typed in [
        "d2-f2",
        " d2-f2 ",
        "D2-F2",
        "d2-f2+",
        "d2-f2#",
        "d2-f2!?",
        "\td2-F2 ?",
    ] {
        assert_eq!(
            p.parse_move(typed).unwrap().to_string(),
            "d2-f2",
            "{typed:?}"
        );
    }
    let drops = pos("k/2/3/4/3/4/5/4/3/4/3/1K/1 b -/R -");
    assert!(drops.parse_move("n1-m1").is_ok());
    let white = pos("k/2/3/4/3/4/5/4/3/4/3/1K/1 w R/- -");
    assert_eq!(white.parse_move("n@a1").unwrap().to_string(), "NR@a1");
    assert_eq!(white.parse_move("nr@A1").unwrap().to_string(), "NR@a1");
    assert!(matches!(
        white.parse_move("NL@a1"),
        Err(hexvar_dagger::ParseMoveError::NotLegal(_))
    ));
    assert!(matches!(
        white.parse_move("N@n1"),
        Err(hexvar_dagger::ParseMoveError::NotLegal(_))
    ));
    let both = pos("k/2/3/4/3/4/5/4/3/4/3/1K/1 w LR/- -");
    let err = both.parse_move("N@a1").unwrap_err();
    assert!(err.to_string().contains("NL@a1 or NR@a1"), "{err}");
}

#[cfg(feature = "serde")]
#[test]
fn serde_writes_text_types_as_their_text_and_outcomes_as_data() {
    use hexvar_dagger::{Cell, Hand, HandKnight, Move, Piece, Role};
    let setup = Setup::start();
    let json = serde_json::to_string(&setup).unwrap();
    assert_eq!(
        json,
        "\"k/rr/bbb/pppp/ppp/4/5/4/PPP/PPPP/BBB/RR/K w LR/LR - 0 1\""
    );
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
    let p = Position::new();
    assert_eq!(serde_json::to_string(&p).unwrap(), json);
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
    // A well-formed text of an illegal position is no Position.
    assert!(serde_json::from_str::<Position>("\"k/R1/3/4/3/4/5/4/3/4/3/2/K w -/- -\"").is_err());
    let m: Move = "NL@a1".parse().unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"NL@a1\"");
    assert_eq!(
        serde_json::from_str::<Move>("\"m1-n1=Q\"")
            .unwrap()
            .to_string(),
        "m1-n1=Q"
    );
    assert_eq!(serde_json::to_string(&Cell::G3).unwrap(), "\"g3\"");
    assert!(serde_json::from_str::<Cell>("\"i1\"").is_err());
    assert!(serde_json::from_str::<Cell>("7").is_err());
    assert_eq!(
        serde_json::from_str::<Piece>("\"p\"").unwrap(),
        Piece::new(Color::Black, Role::Pawn)
    );
    assert_eq!(serde_json::to_string(&Color::White).unwrap(), "\"w\"");
    assert_eq!(serde_json::to_string(&Role::Knight).unwrap(), "\"N\"");
    assert_eq!(serde_json::to_string(&Hand::BOTH).unwrap(), "\"LR\"");
    assert_eq!(
        serde_json::from_str::<HandKnight>("\"R\"").unwrap(),
        HandKnight::R
    );
    let outcome = Outcome::Decisive {
        winner: Color::Black,
        reason: WinReason::Checkmate,
    };
    let json = serde_json::to_string(&outcome).unwrap();
    assert_eq!(json, r#"{"Decisive":{"winner":"b","reason":"Checkmate"}}"#);
    assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), outcome);
    let draw = Outcome::Draw {
        reason: DrawReason::FiftyMoveRule,
    };
    let json = serde_json::to_string(&draw).unwrap();
    assert_eq!(serde_json::from_str::<Outcome>(&json).unwrap(), draw);
}
