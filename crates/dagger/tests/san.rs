//! Short algebraic notation: round trip and uniqueness on every conformance position, exact texts
//! for the rules' special moves (pawn jumps, en passant, promotion, knight entries and drops),
//! disambiguation, check and mate.

use std::collections::{BTreeSet, HashSet};

use hexvar_dagger::{Disambiguation, Move, ParseSanError, Position};
use hexvar_geometry::perft::read_rows;

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// `(move notation, SAN)` of every legal move, in the generator's order.
fn sans(p: &Position) -> Vec<(String, String)> {
    p.legal_moves()
        .iter()
        .map(|&m| (m.to_string(), p.san(m).into_string()))
        .collect()
}

/// The SAN of the move written `notation` in the move notation.
fn san_of(p: &Position, notation: &str) -> String {
    let m = p
        .parse_move(notation)
        .unwrap_or_else(|e| panic!("{notation}: {e}"));
    p.san(m).into_string()
}

/// The start position and every distinct position of the data files.
fn data_positions() -> Vec<Position> {
    let mut seen = BTreeSet::new();
    let mut out = vec![Position::new()];
    seen.insert(Position::new().to_string());
    for text in [
        include_str!("data/conformance.txt"),
        include_str!("data/perft.txt"),
    ] {
        for row in read_rows(text).unwrap() {
            if seen.insert(row.position.clone()) {
                out.push(pos(&row.position));
            }
        }
    }
    out
}

#[test]
fn san_round_trips_and_is_unique_on_every_conformance_position() {
    let positions = data_positions();
    let mut checked = 0;
    for p in &positions {
        let mut seen = HashSet::new();
        for &m in p.legal_moves().iter() {
            let san = p.san(m);
            assert!(seen.insert(san.clone()), "{san} twice in {p}");
            assert_eq!(p.parse_san(&san), Ok(m), "{san} in {p}");
            // The SAN is one level's body; the whole origin cell (over-disambiguated) names
            // the move too.
            let bodies = Disambiguation::ALL.map(|origin| {
                let mut body = String::new();
                p.write_san(m, origin, &mut body);
                body
            });
            assert!(
                bodies.contains(&san.trim_end_matches(['+', '#']).to_owned()),
                "{san} / {bodies:?}"
            );
            assert_eq!(p.parse_san(&bodies[3]), Ok(m), "{} in {p}", bodies[3]);
            // The move notation reads too.
            assert_eq!(p.parse_san(&m.to_string()), Ok(m), "{m} in {p}");
            // The suffix says what playing the move does.
            let mut after = *p;
            after.play_unchecked(m);
            let suffix = if after.is_checkmate() {
                "#"
            } else if after.is_check() {
                "+"
            } else {
                ""
            };
            assert_eq!(
                &san[san.trim_end_matches(['+', '#']).len()..],
                suffix,
                "{san} in {p}"
            );
            checked += 1;
        }
    }
    assert_eq!(positions.len(), 155);
    assert_eq!(checked, 3042);
}

#[test]
fn the_start_position() {
    // The d-pawns jump over the e-pawns; a step and a jump to the same cell differ by the
    // origin's rank letter, two steps by the whole origin cell.
    let start = Position::new();
    let texts: Vec<String> = sans(&start).into_iter().map(|(_, s)| s).collect();
    assert_eq!(
        texts,
        [
            "df1", "df2", "df3", "df4", "ef1", "e1f2", "g2", "e2f2", "e2f3", "g3", "e3f3", "ef4",
            "g4"
        ]
    );
}

#[test]
fn en_passant_and_the_plain_step_with_the_same_cells() {
    // White's d2 pawn has just jumped to f2; Black's f3 pawn may step to e2 or take en passant
    // there (rules: en passant is a move of its own even when a plain step has the same cells).
    let p = pos("k/2/3/4/3/4/5/1Pp1/3/4/3/2/K b -/- f2");
    assert_eq!(
        sans(&p),
        [
            ("n1-l2", "Kl2"),
            ("n1-m1", "Km1"),
            ("n1-m2", "Km2"),
            ("f3-d3", "d3"),
            ("f3-e2", "e2"),
            ("f3-e3", "e3"),
            ("f3-e2ep", "fxe2"),
        ]
        .map(|(a, b)| (a.to_owned(), b.to_owned()))
    );
    let ep = p.parse_move("f3-e2ep").unwrap();
    let step = p.parse_move("f3-e2").unwrap();
    assert_eq!(p.parse_san("fxe2"), Ok(ep));
    assert_eq!(p.parse_san("f3xe2"), Ok(ep));
    assert_eq!(p.parse_san("e2"), Ok(step));
    assert_eq!(p.parse_san("fe2"), Ok(step));
    assert_eq!(p.parse_san("f3e2"), Ok(step));
    // A jump and an en-passant capture elsewhere.
    let p = pos("k/rr/bbb/pppp/2p/1p2/2pP1/4/PPB/PPPP/BB1/RR/K w LR/LR g3 0 3");
    assert_eq!(san_of(&p, "g4-h3ep"), "gxh3");
}

#[test]
fn knight_entries_and_drops() {
    // Both White knights in hand, a1 empty, a Black pawn on d1 (spec's entries test).
    let p = pos("k/2/3/4/3/4/5/4/3/p3/3/K1/1 w LR/- -");
    assert_eq!(
        sans(&p),
        [
            ("b1-a1", "Ka1"),
            ("b1-b2", "Kb2"),
            ("b1-c2", "Kc2"),
            ("b1-c3", "Kc3"),
            ("b1-d2", "Kd2"),
            ("NL@a1", "NL@a1"),
            ("N@c3", "N@c3"),
            ("N@d1", "N@xd1"),
            ("N@d2", "N@d2"),
            ("NR@a1", "NR@a1"),
            ("N@c1", "N@c1"),
            ("N@d3", "N@d3"),
            ("N@d4", "N@d4"),
        ]
        .map(|(a, b)| (a.to_owned(), b.to_owned()))
    );
    // Naming the knight is forgiven where it is not needed, and the capture sign may be left out.
    assert_eq!(p.parse_san("NL@d2"), Ok(p.parse_move("N@d2").unwrap()));
    assert_eq!(p.parse_san("N@d1"), Ok(p.parse_move("N@d1").unwrap()));
    assert_eq!(p.parse_san("NL@xd1"), Ok(p.parse_move("N@d1").unwrap()));
    // With both knights in hand the drop must name one.
    assert!(matches!(
        p.parse_san("N@a1"),
        Err(ParseSanError::Ambiguous { candidates, .. }) if candidates == ["NL@a1", "NR@a1"]
    ));
    assert!(matches!(
        p.parse_san("NR@d2"),
        Err(ParseSanError::NotLegal { .. })
    ));
    // With one knight left the drop is `N@a1`.
    let one = pos("k/2/3/4/3/4/5/4/3/4/3/1K/1 w R/- -");
    assert_eq!(san_of(&one, "NR@a1"), "N@a1");
    // Black's entries and drops.
    let black = pos("1/1k/3/4/3/4/5/4/3/4/3/2/K b -/LR -");
    let texts: BTreeSet<String> = sans(&black).into_iter().map(|(_, s)| s).collect();
    for expected in [
        "NL@n1", "NR@n1", "N@k1", "N@k2", "N@l3", "N@k3", "N@k4", "N@l1",
    ] {
        assert!(texts.contains(expected), "{expected} in {texts:?}");
    }
}

#[test]
fn promotion_with_and_without_capture_and_check() {
    let p = pos("r/P1/1P1/4/3/4/2k2/4/3/4/3/2/K w -/- -");
    assert_eq!(san_of(&p, "m1-n1=Q"), "mxn1=Q");
    assert_eq!(san_of(&p, "m1-n1=N"), "mxn1=N");
    assert_eq!(san_of(&p, "l2-m2"), "m2");
    assert_eq!(p.parse_san("mn1=R"), Ok(p.parse_move("m1-n1=R").unwrap()));
    assert_eq!(p.parse_san("m1xn1=B"), Ok(p.parse_move("m1-n1=B").unwrap()));
    assert!(p.parse_san("mxn1").is_err());
    // Black promotes on a1; the Queen and the Bishop give check along the straight diagonal.
    let p = pos("k/rn/3/1pb1/B2/3b/BRr2/4/N2/3N/1K1/bp/1 b -/- - 3 50");
    for (notation, san) in [
        ("b2-a1=Q", "a1=Q+"),
        ("b2-a1=R", "a1=R"),
        ("b2-a1=B", "a1=B+"),
        ("b2-a1=N", "a1=N"),
        ("k2-j1", "kxj1"),
        ("h4-d4", "Bxd4+"),
    ] {
        assert_eq!(san_of(&p, notation), san, "{notation}");
    }
    // A pawn jump onto the promotion cell from l2 (the Queen checks g3 along the straight
    // diagonal), a step from m2.
    let p = pos("1/1P/1P1/4/3/4/2k2/4/3/4/3/2/K w -/- -");
    assert_eq!(san_of(&p, "l2-n1=Q"), "ln1=Q+");
    assert_eq!(san_of(&p, "m2-n1=R"), "mn1=R");
}

#[test]
fn pieces_are_disambiguated_by_rank_letter_then_number_then_cell() {
    // Rooks on b1 and d1 both reach c1: the rank letters differ.
    let p = pos("k/2/3/4/3/4/5/4/3/R3/3/R1/K w -/- -");
    assert_eq!(san_of(&p, "b1-c1"), "Rbc1");
    assert_eq!(san_of(&p, "d1-c1"), "Rdc1");
    assert_eq!(san_of(&p, "d1-k4"), "Rk4+");
    // Rooks on b1 and b2 both reach a1: the numbers differ.
    let p = pos("k/rr/b1b/1n2/p2/4/3P1/PPP1/1K1/4/B1B/RR/1 w LR/R - 3 17");
    assert_eq!(san_of(&p, "b1-a1"), "R1a1");
    assert_eq!(san_of(&p, "b2-a1"), "R2a1");
    assert_eq!(san_of(&p, "NL@a1"), "NL@a1");
    assert_eq!(san_of(&p, "f3-h3"), "fh3");
    assert_eq!(san_of(&p, "f1-g2"), "f1g2");
    // Queens on b1, b2 and d1 all reach c1: b1 shares its letter with b2 and its number with
    // d1, so it names its whole cell.
    let p = pos("k/2/3/4/3/4/5/4/3/Q3/3/QQ/K w -/- -");
    assert_eq!(san_of(&p, "b1-c1"), "Qb1c1");
    assert_eq!(san_of(&p, "b2-c1"), "Q2c1");
    assert_eq!(san_of(&p, "d1-c1"), "Qdc1");
    assert_eq!(san_of(&p, "d1-c2"), "Qdc2#");
    assert!(matches!(
        p.parse_san("Qc1"),
        Err(ParseSanError::Ambiguous { candidates, .. }) if candidates.len() == 3
    ));
    assert_eq!(p.parse_san("Qd1c1"), Ok(p.parse_move("d1-c1").unwrap()));
}

#[test]
fn check_and_mate_suffixes() {
    // The Black Rook on e1 mates the King on a1 from d1.
    let p = pos("1/rb/2b/b3/1k1/4/3B1/4/r1p/4/KR1/2/R b -/- - 0 59");
    assert_eq!(san_of(&p, "e1-d1"), "Rd1#");
    assert_eq!(san_of(&p, "e1-d2"), "Rd2+");
    assert_eq!(san_of(&p, "e1-c2"), "Rxc2+");
    assert_eq!(san_of(&p, "e1-f1"), "Rf1");
    let mate = p.parse_san("Rd1#").unwrap();
    assert_eq!(p.parse_san("Rd1"), Ok(mate));
    assert_eq!(p.parse_san("Rd1+"), Ok(mate));
    assert_eq!(p.parse_san(" Rd1!? "), Ok(mate));
}

#[test]
fn bad_texts_are_typed_errors() {
    let p = Position::new();
    assert_eq!(p.parse_san("  +"), Err(ParseSanError::Empty));
    assert!(matches!(
        p.parse_san("Qg3"),
        Err(ParseSanError::NotLegal { .. })
    ));
    let long = "x".repeat(500);
    match p.parse_san(&long) {
        Err(ParseSanError::NotLegal { text }) => assert!(text.chars().count() <= 41),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        p.parse_san("f2"),
        Err(ParseSanError::Ambiguous { candidates, .. }) if candidates == ["df2", "e1f2", "e2f2"]
    ));
    let _: Move = p.parse_san("g3").unwrap();
}
