//! Snapshot tests from the rule documents (the original page's diagrams, and the rules as this
//! crate states them in `docs/rules.md`), each with an exact assertion of the expected cells or
//! moves. The expected sets come from the rules:
//! the page's piece diagrams read with the spec's direction vectors (§2, §4) on the real board,
//! the pawn and e.p. diagrams (§4.6, §4.7), the knight-entry diagram (§5) and the depth-1 lists
//! of §8. The snapshots are pictures; the assertions are the proof.

use hexvar_dagger::{render, Cell, CellSet, HandKnight, Move, Origin, Position};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn cells(names: &[&str]) -> CellSet {
    names.iter().map(|n| n.parse::<Cell>().unwrap()).collect()
}

/// The destinations of the piece on `from` (all its move kinds).
fn targets(p: &Position, from: &str) -> CellSet {
    let from: Cell = from.parse().unwrap();
    let mut out = CellSet::EMPTY;
    p.for_each_piece_moves(|pm| {
        if pm.from() == Origin::Cell(from) {
            out |= pm.to();
        }
        true
    });
    out
}

fn move_names(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(Move::to_string).collect();
    v.sort();
    v
}

fn names(set: CellSet) -> Vec<String> {
    set.cells::<Cell>().map(|c| c.to_string()).collect()
}

/// A piece alone on the centre cell g3 (White King b1, Black King m1, out of the way).
fn centre_piece(letter: char) -> Position {
    pos(&format!("1/k1/3/4/3/4/2{letter}2/4/3/4/3/K1/1 w -/- -"))
}

#[test]
fn rook_on_g3_slides_along_the_six_orthogonals() {
    let p = centre_piece('R');
    let t = targets(&p, "g3");
    assert_eq!(
        t,
        cells(&[
            "d1", "d4", "e1", "e3", "f2", "f3", "g1", "g2", "g4", "g5", "h2", "h3", "j1", "j3",
            "k1", "k4"
        ])
    );
    insta::assert_snapshot!("rook_g3", render::ascii(&p, t));
}

#[test]
fn bishop_on_g3_slides_along_the_six_diagonals_and_keeps_its_colour() {
    let p = centre_piece('B');
    let t = targets(&p, "g3");
    assert_eq!(
        t,
        cells(&["a1", "c2", "e2", "f1", "f4", "h1", "h4", "j2", "l2", "n1"])
    );
    assert!(t.cells::<Cell>().all(|c| c.shade() == Cell::G3.shade()));
    insta::assert_snapshot!("bishop_g3", render::ascii(&p, t));
}

#[test]
fn queen_on_g3_combines_rook_and_bishop() {
    let p = centre_piece('Q');
    let t = targets(&p, "g3");
    assert_eq!(
        t,
        cells(&[
            "a1", "c2", "d1", "d4", "e1", "e2", "e3", "f1", "f2", "f3", "f4", "g1", "g2", "g4",
            "g5", "h1", "h2", "h3", "h4", "j1", "j2", "j3", "k1", "k4", "l2", "n1"
        ])
    );
    insta::assert_snapshot!("queen_g3", render::ascii(&p, t));
}

#[test]
fn king_on_g3_steps_to_twelve_cells() {
    let p = pos("1/k1/3/4/3/4/2K2/4/3/4/3/2/1 w -/- -");
    let t = targets(&p, "g3");
    assert_eq!(
        t,
        cells(&["e2", "f1", "f2", "f3", "f4", "g2", "g4", "h1", "h2", "h3", "h4", "j2"])
    );
    insta::assert_snapshot!("king_g3", render::ascii(&p, t));
}

#[test]
fn knight_on_g3_leaps_to_the_four_knight_cells_on_the_board() {
    // The page's Knight diagram shows 12 leaps on a radius-3 hexagon; on the real board only four
    // of them land (the others fall off the narrow board).
    let p = centre_piece('N');
    let t = targets(&p, "g3");
    assert_eq!(t, cells(&["d2", "d3", "k2", "k3"]));
    insta::assert_snapshot!("knight_g3", render::ascii(&p, t));
}

#[test]
fn knight_leaps_on_an_open_board_cover_the_twelve_vectors() {
    // From f2 = (2,5) the spec's 12 vectors (§2) give these cells; the off-board ones drop out.
    let p = pos("k/2/3/4/3/4/5/4/3/4/3/2/K w -/- -").to_setup();
    let mut setup = p;
    setup.board["f2".parse::<Cell>().unwrap().index()] =
        "N".chars().next().and_then(hexvar_dagger::Piece::from_char);
    let p = Position::from_setup(setup).unwrap();
    // (2,5)+(1,3)=(3,8) j1, +(2,3)=(4,8) j2, +(-1,2)=(1,7) off, +(3,2)=(5,7) h4, +(-2,1)=(0,6) off,
    // +(3,1)=(5,6) g5, +(-1,-3)=(1,2) c2, +(-2,-3)=(0,2) c1, +(1,-2)=(3,3) d4, +(-3,-2)=(-1,3) off,
    // +(2,-1)=(4,4) off, +(-3,-1)=(-1,4) off.
    assert_eq!(
        targets(&p, "f2"),
        cells(&["j1", "j2", "h4", "g5", "c2", "c1", "d4"])
    );
}

#[test]
fn pawn_on_d2_steps_to_e1_and_e2_and_jumps_to_f2() {
    let p = pos("k/2/3/4/3/4/5/4/3/1P2/3/2/K w -/- -");
    let t = targets(&p, "d2");
    assert_eq!(t, cells(&["e1", "e2", "f2"]));
    insta::assert_snapshot!("pawn_d2", render::ascii(&p, t));
}

#[test]
fn pawn_jump_only_moves_and_steps_capture() {
    // Black pieces on e1, e2 and f2: the steps capture, the jump is blocked (it never captures).
    let p = pos("k/2/3/4/3/4/5/4/3/1P2/3/2/K w -/- -").to_setup();
    let mut s = p;
    for c in ["e1", "e2", "f2"] {
        s.board[c.parse::<Cell>().unwrap().index()] = hexvar_dagger::Piece::from_char('r');
    }
    let p = Position::from_setup(s).unwrap();
    assert_eq!(targets(&p, "d2"), cells(&["e1", "e2"]));
    // The jump passes between e1 and e2 without being blocked by them.
    let p = pos("k/2/3/4/3/4/5/4/rr1/1P2/3/2/K w -/- -");
    assert_eq!(targets(&p, "d2"), cells(&["e1", "e2", "f2"]));
}

#[test]
fn en_passant_after_d2_f2_with_a_black_pawn_on_f3() {
    // Page example 1, in the position of the §8 e.p. test.
    let p = pos("k/2/3/4/3/4/5/1Pp1/3/4/3/2/K b -/- f2");
    let f3: Vec<String> = move_names(&p)
        .into_iter()
        .filter(|m| m.starts_with("f3"))
        .collect();
    assert_eq!(f3, ["f3-d3", "f3-e2", "f3-e2ep", "f3-e3"]);
    assert_eq!(p.legal_moves().len(), 7);
    let mut marked = render::ascii(&p, targets(&p, "f3"));
    marked.push_str(&format!("moves: {}\n", move_names(&p).join(" ")));
    insta::assert_snapshot!("en_passant_f3", marked);

    // The capture removes the pawn on f2 and lands on e2.
    let mut after = p;
    after.play(p.parse_move("f3-e2ep").unwrap()).unwrap();
    assert_eq!(after.to_string(), "k/2/3/4/3/4/5/4/1p1/4/3/2/K w -/- - 0 2");
    // The plain step keeps the pawn on f2.
    let mut plain = p;
    plain.play(p.parse_move("f3-e2").unwrap()).unwrap();
    assert_eq!(
        plain.to_string(),
        "k/2/3/4/3/4/5/1P2/1p1/4/3/2/K w -/- - 0 2"
    );
}

#[test]
fn en_passant_only_right_after_the_jump_and_only_after_a_jump() {
    let before = pos("k/2/3/4/3/4/5/2p1/3/1P2/3/2/K w -/- -");
    let play = |text: &str| {
        let mut p = before;
        p.play(p.parse_move(text).unwrap()).unwrap();
        p
    };
    // d2-f2: e.p. available.
    assert!(move_names(&play("d2-f2")).contains(&"f3-e2ep".to_owned()));
    // d2-e1: no e.p.
    assert!(!move_names(&play("d2-e1")).iter().any(|m| m.ends_with("ep")));
    // d2-e2: a normal capture f3-e2 and no e.p.
    let p = play("d2-e2");
    assert!(move_names(&p).contains(&"f3-e2".to_owned()));
    assert!(!move_names(&p).iter().any(|m| m.ends_with("ep")));
    // The right lapses after one turn.
    let mut p = play("d2-f2");
    p.play(p.parse_move("n1-m1").unwrap()).unwrap();
    p.play(p.parse_move("a1-b1").unwrap()).unwrap();
    assert!(!move_names(&p).iter().any(|m| m.ends_with("ep")));
}

#[test]
fn en_passant_anywhere_black_f3_d3_taken_by_d2() {
    // Page example 2: f3 is not a starting cell; after f3-d3 the pawn on d2 takes e.p. on e2.
    let mut p = pos("k/2/3/4/3/4/5/2p1/3/1P2/3/2/K b -/- -");
    p.play(p.parse_move("f3-d3").unwrap()).unwrap();
    assert_eq!(p.en_passant(), Some("d3".parse().unwrap()));
    let d2: Vec<String> = move_names(&p)
        .into_iter()
        .filter(|m| m.starts_with("d2"))
        .collect();
    assert_eq!(d2, ["d2-e1", "d2-e2", "d2-e2ep", "d2-f2"]);
    p.play(p.parse_move("d2-e2ep").unwrap()).unwrap();
    assert_eq!(p.to_string(), "k/2/3/4/3/4/5/4/1P1/4/3/2/K b -/- - 0 2");
}

#[test]
fn knight_entry_cells_from_the_imaginary_cells() {
    let p = pos("k/2/3/4/3/4/5/4/3/4/3/2/K w LR/- -");
    let mut left = CellSet::EMPTY;
    let mut right = CellSet::EMPTY;
    p.for_each_piece_moves(|pm| {
        match pm.from() {
            Origin::Hand(HandKnight::L) => left = pm.to(),
            Origin::Hand(HandKnight::R) => right = pm.to(),
            _ => {}
        }
        true
    });
    assert_eq!(left, cells(&["d1", "d2", "c3"]));
    assert_eq!(right, cells(&["c1", "d3", "d4"]));
    let mut marked = render::ascii(&p, left | right);
    marked.push_str(&format!(
        "L (a0): {}\nR (a2): {}\n",
        names(left).join(" "),
        names(right).join(" ")
    ));
    insta::assert_snapshot!("knight_entry", marked);
}

#[test]
fn start_position_and_its_thirteen_pawn_moves() {
    let p = Position::new();
    let mut expected = vec![
        "d1-f1", "d2-f2", "d3-f3", "d4-f4", "e1-f1", "e1-f2", "e1-g2", "e2-f2", "e2-f3", "e2-g3",
        "e3-f3", "e3-f4", "e3-g4",
    ];
    expected.sort();
    assert_eq!(move_names(&p), expected);
    let mut picture = render::ascii(&p, CellSet::EMPTY);
    picture.push_str(&format!("{}\nmoves: {}\n", p, move_names(&p).join(" ")));
    insta::assert_snapshot!("start", picture);
}

#[test]
fn in_hand_knights_attack_their_entry_cells() {
    // Spec §5: a Black King on e2 may step to none of White's entry cells d1 d2 d3 d4 (c1 and c3
    // are not King steps from e2), and may not take the pawn on d1, which only the in-hand knight
    // guards; e1 is attacked by that pawn and c2 by the White King on a1 (a diagonal step).
    let p = pos("1/2/3/4/3/4/5/4/1k1/P3/3/2/K b LR/- -");
    assert_eq!(
        targets(&p, "e2"),
        cells(&["e3", "f1", "f2", "f3", "f4", "g3"])
    );
    // With the hand empty the King may go to d2, d3, d4 and take on d1.
    let p = pos("1/2/3/4/3/4/5/4/1k1/P3/3/2/K b -/- -");
    assert_eq!(
        targets(&p, "e2"),
        cells(&["d1", "d2", "d3", "d4", "e3", "f1", "f2", "f3", "f4", "g3"])
    );
    // Only the R knight left: d1 and d2 are free again, d3 and d4 still guarded.
    let p = pos("1/2/3/4/3/4/5/4/1k1/P3/3/2/K b R/- -");
    assert_eq!(
        targets(&p, "e2"),
        cells(&["d1", "d2", "e3", "f1", "f2", "f3", "f4", "g3"])
    );
}

#[test]
fn entries_capture_on_d1_and_two_drops_on_a1() {
    // §8 depth-1 list for the entries test.
    let p = pos("k/2/3/4/3/4/5/4/3/p3/3/K1/1 w LR/- -");
    let mut expected = vec![
        "NL@a1", "NR@a1", "N@c1", "N@c3", "N@d1", "N@d2", "N@d3", "N@d4", "b1-a1", "b1-b2",
        "b1-c2", "b1-c3", "b1-d2",
    ];
    expected.sort();
    assert_eq!(move_names(&p), expected);
    // The entry on d1 captures the pawn.
    let mut after = p;
    after.play(p.parse_move("N@d1").unwrap()).unwrap();
    assert_eq!(after.to_string(), "k/2/3/4/3/4/5/4/3/N3/3/K1/1 b R/- - 0 1");
    // N@a1 is ambiguous with both knights in hand.
    assert!(p.parse_move("N@a1").is_err());
    let mut one = after;
    one.play(one.parse_move("n1-m1").unwrap()).unwrap();
    assert_eq!(one.parse_move("N@a1").unwrap().to_string(), "NR@a1");
}

#[test]
fn promotion_by_step_and_by_jump() {
    // §8 depth-1 list for the promotion test.
    let p = pos("1/P1/1P1/4/3/4/2k2/4/3/4/3/2/K w -/- -");
    let mut expected = vec![
        "m1-n1=Q", "m1-n1=R", "m1-n1=B", "m1-n1=N", "l2-n1=Q", "l2-n1=R", "l2-n1=B", "l2-n1=N",
        "l2-m2", "a1-b1", "a1-b2", "a1-c2",
    ];
    expected.sort();
    assert_eq!(move_names(&p), expected);
}

#[test]
fn docs_start_picture_is_current() {
    // docs/dagger-start.svg is the start position drawn by `render::svg`, knights in hand dashed
    // on their imaginary cells. Regenerate with UPDATE_DOCS=1.
    let svg = render::svg(&Position::new(), CellSet::EMPTY);
    assert_eq!(svg.matches("<polygon data-cell=").count(), 39);
    for cell in Cell::ALL {
        assert_eq!(svg.matches(&format!("data-cell=\"{cell}\"")).count(), 1);
    }
    assert_eq!(svg.matches("stroke-dasharray").count(), 4);
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/dagger-start.svg");
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, &svg).unwrap();
    }
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        svg,
        "run with UPDATE_DOCS=1"
    );
}

#[test]
fn svg_rings_the_marked_cells() {
    let p = centre_piece('R');
    let svg = render::svg(&p, targets(&p, "g3"));
    assert_eq!(svg.matches("<circle").count(), 16);
    assert_eq!(svg.matches("stroke-dasharray").count(), 0);
}
