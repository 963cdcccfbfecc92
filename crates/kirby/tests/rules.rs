//! Snapshot tests from the rule documents (spec §4, §5, §8 and the inventor's examples), each
//! with an exact assertion of the move set: the snapshot is a picture, the assertion the proof.

use hexvar_geometry::checks::legal_move_texts;
use hexvar_kirby::attacks;
use hexvar_kirby::render::ascii;
use hexvar_kirby::{Cell, CellSet, Color, Move, Outcome, Piece, Position, Role, WinReason};

fn knight_set(c: usize) -> CellSet {
    attacks::knight(Cell::ALL[c])
}
fn king_set(c: usize) -> CellSet {
    attacks::king(Cell::ALL[c])
}
fn rook_set(c: usize, occupied: &CellSet) -> CellSet {
    attacks::rook(Cell::ALL[c], *occupied)
}
fn bishop_set(c: usize, occupied: &CellSet) -> CellSet {
    attacks::bishop(Cell::ALL[c], *occupied)
}

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// A two-army position: Black's pieces plus its king far away on Red's board, White's king on
/// Silver's board (neither is on any line or leap of the tested piece).
fn lone(black: &str, white: &str) -> Position {
    pos(&format!(
        "layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:KR/18{black} W:KS/11{white}"
    ))
}

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

/// The legal moves `keep` keeps, as sorted texts.
fn moves_where(p: &Position, keep: impl Fn(&Move) -> bool) -> Vec<String> {
    legal_move_texts(p, |m| keep(&m).then(|| m.to_string()))
}

/// The targets of the legal moves from `from`, as sorted cell names.
fn targets(p: &Position, from: &str) -> Vec<String> {
    let from = cell(from);
    let mut out = legal_move_texts(p, |m| (m.from() == Some(from)).then(|| m.to().to_string()));
    out.dedup();
    out
}

fn names(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| cell(s).to_string()).collect();
    v.sort();
    v
}

fn marks(p: &Position, from: &str) -> CellSet {
    targets(p, from).iter().map(|s| cell(s).index()).collect()
}

#[test]
fn king_on_a8() {
    // §8: King on A8 → A10, B7, B9, B11, C8, B/31, B/32, P/37, P/38.
    let p = pos("layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:KA8 W:KS/11");
    let want = names(&[
        "A10", "B7", "B9", "B11", "C8", "B/31", "B/32", "P/37", "P/38",
    ]);
    assert_eq!(targets(&p, "A8"), want);
    insta::assert_snapshot!("king_on_a8", ascii(&p, marks(&p, "A8")));
}

#[test]
fn knight_on_a8() {
    // §8: Knight on A8 → B/22, B/33, P/27, P/36, B13, C12, D7, D9.
    let p = lone(",NA8", "");
    let want = names(&["B/22", "B/33", "P/27", "P/36", "B13", "C12", "D7", "D9"]);
    assert_eq!(targets(&p, "A8"), want);
    insta::assert_snapshot!("knight_on_a8", ascii(&p, marks(&p, "A8")));
}

#[test]
fn bishop_on_a16() {
    // §8: rays B19-C22-D25; C16-E16-…-Q16; B13-C10-D7-E4; B/36-B/27-B/18; B/34-B/23-B/12.
    let p = lone(",BA16", "");
    let want = names(&[
        "B19", "C22", "D25", "C16", "E16", "G16", "J16", "L16", "N16", "Q16", "B13", "C10", "D7",
        "E4", "B/36", "B/27", "B/18", "B/34", "B/23", "B/12",
    ]);
    assert_eq!(targets(&p, "A16"), want);
    insta::assert_snapshot!("bishop_on_a16", ascii(&p, marks(&p, "A16")));
}

#[test]
fn pawn_on_b_k4() {
    // §5 / Kirby: P-B/K4 (A16) moves to B/qk5 (B15) or B/kb5 (B17) and captures on B/bq5 (B13),
    // B/K6 (C16) or B/bn5 (B19). A White knight, bishop and rook stand on the capture cells.
    let p = lone(",PA16", ",NB13,BC16,RB19");
    assert_eq!(
        targets(&p, "A16"),
        names(&["B15", "B17", "B13", "C16", "B19"])
    );
    // With the capture cells empty only the two steps remain; no double step on the field.
    let p2 = lone(",PA16", "");
    assert_eq!(targets(&p2, "A16"), names(&["B15", "B17"]));
    insta::assert_snapshot!("pawn_on_b_k4", ascii(&p, marks(&p, "A16")));
}

#[test]
fn cross_ring_knights() {
    // §4 examples on an empty board.
    let cases: [(&str, &[&str]); 4] = [
        ("B/22", &["A8", "A12", "B/14", "B/34", "B9", "B11"]),
        ("B/32", &["A14", "B/11", "B/13", "B/24", "C8", "C12"]),
        ("B/21", &["A10", "B/13", "B/33", "B7", "B9"]),
        ("P/38", &["A12", "C6", "C10", "P/17", "P/26"]),
    ];
    let mut pictures = String::new();
    for (from, want) in cases {
        let p = lone(&format!(",N{from}"), "");
        assert_eq!(targets(&p, from), names(want), "knight on {from}");
        pictures.push_str(&format!(
            "knight on {from}\n{}\n",
            ascii(&p, marks(&p, from))
        ));
    }
    insta::assert_snapshot!("cross_ring_knights", pictures);
}

const T1: &str = "layout=QL turn=B teams=BW/PR/SG castling=- dead=- waiting=- B:KB/15,RA8,BA16,NB/32,PB/27,PG14 P:KP/15,BB9,PC6 S:KS/15,QK9 W:KW/15,QH17 R:KR/15,NC12,PM15 G:KG/15,RA22,PF27";

#[test]
fn t1_pink_bishop_on_b9() {
    // §8: Pink's B9 has 5 moves: A12, D9, F9, H9 and K9 (capturing Silver's Q); it cannot take
    // its team-mate Red's N on C12.
    let p = pos(&T1.replace("turn=B", "turn=P"));
    assert_eq!(targets(&p, "B9"), names(&["A12", "D9", "F9", "H9", "K9"]));
    insta::assert_snapshot!("t1_pink_bishop_on_b9", ascii(&p, marks(&p, "B9")));
}

#[test]
fn t1_black_moves() {
    // §8: Black's 51 moves include 8 promotions on H13/H15 (to Q, R, B or N, all missing); none
    // captures team-mate White's Q on H17.
    let p = pos(T1);
    let moves = p.legal_moves();
    assert_eq!(moves.len(), 51);
    let mut promotions: Vec<String> = moves
        .iter()
        .filter(|m| {
            matches!(
                m,
                Move::Normal {
                    promotion: Some(_),
                    ..
                }
            )
        })
        .map(|m| m.to_string())
        .collect();
    promotions.sort();
    let mut want: Vec<String> = ["H13", "H15"]
        .iter()
        .flat_map(|t| ["Q", "R", "B", "N"].map(|r| format!("G14-{t}={r}")))
        .collect();
    want.sort();
    assert_eq!(promotions, want);
    assert!(moves.iter().all(|m| m.to() != cell("H17")));
    let mut list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    list.sort();
    insta::assert_snapshot!("t1_black_moves", list.join("\n"));
}

#[test]
fn empty_board_totals_of_section_8() {
    let empty = CellSet::EMPTY;
    let total = |f: &dyn Fn(usize) -> u32| (0..Cell::COUNT).map(f).sum::<u32>();
    assert_eq!(total(&|c| knight_set(c).len()), 2664);
    assert_eq!(total(&|c| king_set(c).len()), 2808);
    assert_eq!(total(&|c| rook_set(c, &empty).len()), 7002);
    assert_eq!(total(&|c| bishop_set(c, &empty).len()), 3810);
    assert_eq!(
        total(&|c| (rook_set(c, &empty) | bishop_set(c, &empty)).len()),
        10812
    );
    // Knight split of §8: Gliński 1512 (field to field), FIDE 6·128, cross-ring 2·192.
    let field = |c: usize| Cell::ALL[c].kind() != hexvar_kirby::CellKind::Square;
    let glinski: u32 = (0..Cell::COUNT)
        .filter(|&c| field(c))
        .map(|c| {
            knight_set(c)
                .iter()
                .filter(|&t| {
                    field(t)
                        && Cell::ALL[c]
                            .hex()
                            .unwrap()
                            .distance(Cell::ALL[t].hex().unwrap())
                            == 3
                })
                .count() as u32
        })
        .sum();
    assert_eq!(glinski, 1512);
}

#[test]
fn castling_queen_left_and_right() {
    // §9.8: FIDE castling on rank 1; the king goes two squares towards the rook, the rook to
    // the square it passed. Queen-left: king on file 5.
    let p = pos("layout=QL turn=B teams=B/W castling=B/11,B/18 dead=- waiting=- B:KB/15,RB/11,RB/18 W:KW/15");
    let castles = moves_where(&p, |m| matches!(m, Move::Castle { .. }));
    assert_eq!(castles, vec!["B/15@B/11", "B/15@B/18"]);
    let mut short = p.clone();
    short.play(short.parse_move("B/15@B/18").unwrap()).unwrap();
    assert_eq!(
        short.piece_at(cell("B/17")),
        Some(Piece {
            color: Color::Black,
            role: Role::King
        })
    );
    assert_eq!(
        short.piece_at(cell("B/16")),
        Some(Piece {
            color: Color::Black,
            role: Role::Rook
        })
    );
    let mut long = p.clone();
    long.play("B/15@B/11".parse().unwrap()).unwrap();
    assert_eq!(
        long.piece_at(cell("B/13")),
        Some(Piece {
            color: Color::Black,
            role: Role::King
        })
    );
    assert_eq!(
        long.piece_at(cell("B/14")),
        Some(Piece {
            color: Color::Black,
            role: Role::Rook
        })
    );
    assert!(long.to_string().contains("castling=-"));
    // Queen-right: king on file 4; towards file 1 it lands on file 2, towards file 8 on file 6.
    let p = pos("layout=QR turn=B teams=B/W castling=B/11,B/18 dead=- waiting=- B:KB/14,RB/11,RB/18 W:KW/14");
    let mut a = p.clone();
    a.play("B/14@B/11".parse().unwrap()).unwrap();
    assert_eq!(a.piece_at(cell("B/12")).map(|p| p.role), Some(Role::King));
    assert_eq!(a.piece_at(cell("B/13")).map(|p| p.role), Some(Role::Rook));
    let mut b = p.clone();
    b.play("B/14@B/18".parse().unwrap()).unwrap();
    assert_eq!(b.piece_at(cell("B/16")).map(|p| p.role), Some(Role::King));
    assert_eq!(b.piece_at(cell("B/15")).map(|p| p.role), Some(Role::Rook));
    // No castling through an attacked square: a White rook on A14 (Black's file-4 pent) hits
    // B/14 down the file, so the long castle (king over B/14 to B/13) is gone.
    let p = pos("layout=QL turn=B teams=B/W castling=B/11,B/18 dead=- waiting=- B:KB/15,RB/11,RB/18 W:KW/15,RA14");
    let castles = moves_where(&p, |m| matches!(m, Move::Castle { .. }));
    assert_eq!(castles, vec!["B/15@B/18"]);
}

#[test]
fn checkmate_leaves_dead_bodies_and_play_goes_on() {
    // Black's rook runs down White's file 8 (Q8 is its pent) to W/18: a back-rank mate of the
    // king on W/11 behind its pawns W/21, W/22. Three armies, cut-throat.
    let text = "layout=QL turn=B teams=B/W/R castling=- dead=- waiting=- B:KB/15,RQ8 W:KW/11,PW/21,PW/22 R:KR/15,RH1";
    let mut p = pos(text);
    p.play(p.parse_move("Q8-W/18").unwrap()).unwrap();
    // White is mated at the start of its turn: king removed, pawns stay, Red moves.
    assert_eq!(p.turn(), Color::Red);
    assert_eq!(p.king_of(Color::White), None);
    assert!(!p.alive().contains(Color::White) && p.seated().contains(Color::White));
    assert_eq!(
        p.piece_at(cell("W/21")),
        Some(Piece {
            color: Color::White,
            role: Role::Pawn
        })
    );
    assert!(p.to_string().contains("dead=W"));
    assert_eq!(p.outcome(), None);
    // Dead bodies never move and never threaten; the remaining armies may capture them.
    // Red's rook on H1 (Silver's file-8 pent) reaches Silver's squares only; give Red a path:
    // the rook goes H1-Q8 along the ring, then down White's file 8 to W/28 next to the body.
    p.play(p.parse_move("H1-J2").unwrap()).unwrap();
    assert_eq!(p.turn(), Color::Black);
    p.play(p.parse_move("B/15-B/25").unwrap()).unwrap();
    assert_eq!(p.turn(), Color::Red, "White's seat is skipped");
    // Two-player version: the same mate ends the game.
    let mut q = pos(
        "layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:KB/15,RQ8 W:KW/11,PW/21,PW/22",
    );
    q.play(q.parse_move("Q8-W/18").unwrap()).unwrap();
    assert_eq!(
        q.outcome(),
        Some(Outcome::Decisive {
            winner: [Color::Black].into_iter().collect(),
            reason: WinReason::Checkmate
        })
    );
    assert!(q.legal_moves().is_empty());
    assert_eq!(hexvar_kirby::perft(&q, 2), 0);
}

#[test]
fn captured_bodies_and_teammates() {
    // A dead army's pieces can be captured by anyone, former team-mates included (§9.10).
    let p =
        pos("layout=QL turn=B teams=BW/R castling=- dead=W waiting=- B:KB/15,RA16 W:PB17 R:KR/15");
    assert!(targets(&p, "A16").contains(&"B17".to_string()));
    // A live team-mate's piece is never captured.
    let p = pos(
        "layout=QL turn=B teams=BW/R castling=- dead=- waiting=- B:KB/15,RA16 W:KW/15,PB17 R:KR/15",
    );
    assert!(!targets(&p, "A16").contains(&"B17".to_string()));
    assert!(targets(&p, "A16").contains(&"B15".to_string()));
}

#[test]
fn promotion_amazon_and_waiting_pawn() {
    // §5: with every first-rank piece on the board and no Amazon, the pawn becomes an Amazon.
    let full = "KB/15,QB/14,RB/11,RB/18,NB/12,NB/17,BB/13,BB/16";
    let p = pos(&format!(
        "layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:{full},PG14 W:KW/15,RB/32"
    ));
    let promos = moves_where(&p, |m| m.from() == Some(cell("G14")));
    assert_eq!(promos, vec!["G14-H13=A", "G14-H15=A"]);
    // With an Amazon already, the pawn waits on the line ...
    let mut p = pos(&format!(
        "layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:{full},AB/28,PG14 W:KW/15,RB/32"
    ));
    let promos = moves_where(&p, |m| m.from() == Some(cell("G14")));
    assert_eq!(promos, vec!["G14-H13", "G14-H15"]);
    p.play(p.parse_move("G14-H15").unwrap()).unwrap();
    assert_eq!(p.waiting_pawns(Color::Black), vec![cell("H15")]);
    assert!(p.to_string().contains("waiting=H15"));
    // ... and becomes the lost piece the moment Black loses one: White's rook takes the knight.
    p.play(p.parse_move("B/32-B/12").unwrap()).unwrap();
    assert_eq!(
        p.piece_at(cell("H15")),
        Some(Piece {
            color: Color::Black,
            role: Role::Knight
        })
    );
    assert!(p.waiting_pawns(Color::Black).is_empty());
}

#[test]
fn stalemate_relocation() {
    // White's lone king on W/11: W/12 and W/22 are hit by the rook on Q20 (down White's file
    // 2), W/21 by the rook on W/28 (along rank 2); W/11 itself is not attacked. White has lost
    // Q, R, B and N, so it lifts the king to any empty safe cell and reclaims one of them.
    let p =
        pos("layout=QL turn=W teams=B/W castling=- dead=- waiting=- B:KB/15,RQ20,RW/28 W:KW/11");
    assert!(!p.is_check());
    assert!(p.is_stalemate());
    let moves = p.legal_moves();
    assert!(moves.iter().all(
        |m| matches!(m, Move::Relocate { from, reclaim: Some(_), .. } if *from == cell("W/11"))
    ));
    let to: std::collections::BTreeSet<Cell> = moves.iter().map(|m| m.to()).collect();
    assert_eq!(moves.len(), 4 * to.len());
    for attacked in ["W/12", "W/21", "W/22", "W/18", "Q18", "B/25"] {
        assert!(!to.contains(&cell(attacked)), "{attacked}");
    }
    for safe in ["H15", "B/38", "W/31"] {
        assert!(to.contains(&cell(safe)), "{safe}");
    }
    let mut q = p.clone();
    q.play(q.parse_move("W/11>H15=Q").unwrap()).unwrap();
    assert_eq!(
        q.piece_at(cell("W/11")),
        Some(Piece {
            color: Color::White,
            role: Role::Queen
        })
    );
    assert_eq!(q.king_of(Color::White), Some(cell("H15")));
    assert_eq!(q.turn(), Color::Black);
}

#[cfg(feature = "serde")]
#[test]
fn serde_as_notation() {
    let p = pos(T1);
    let json = serde_json::to_string(&p).unwrap();
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), p);
    let m: Move = "G14-H13=Q".parse().unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"G14-H13=Q\"");
    assert_eq!(serde_json::to_string(&cell("C")).unwrap(), "\"H15\"");
    let piece = Piece {
        color: Color::Gold,
        role: Role::Amazon,
    };
    assert_eq!(serde_json::to_string(&piece).unwrap(), "\"GA\"");
    assert_eq!(serde_json::from_str::<Piece>("\"GA\"").unwrap(), piece);
    let setup = p.to_setup();
    let back: hexvar_kirby::Setup =
        serde_json::from_str(&serde_json::to_string(&setup).unwrap()).unwrap();
    assert_eq!(back, setup);
}

#[test]
fn move_list_capacity_covers_the_worst_case() {
    // The bound of MoveList's docs: 8 power pieces with at most the Amazon's largest
    // empty-board count, 8 pawns × 5 targets × 4 choices, the king's largest count, 2 castles;
    // and the relocation worst case, 311 cells × 4 choices.
    let empty = CellSet::EMPTY;
    let amazon = (0..Cell::COUNT)
        .map(|c| (rook_set(c, &empty) | bishop_set(c, &empty) | knight_set(c)).len())
        .max()
        .unwrap() as usize;
    let king = (0..Cell::COUNT).map(|c| king_set(c).len()).max().unwrap() as usize;
    let ordinary = 8 * amazon + 8 * 5 * 4 + king + 2;
    let relocation = 311 * 4;
    assert!(ordinary <= hexvar_kirby::MAX_MOVES, "{ordinary}");
    assert!(relocation <= hexvar_kirby::MAX_MOVES);
}

#[test]
fn invalid_setups_list_every_problem() {
    use hexvar_kirby::{ParsePositionError, PositionProblem as P};
    let text = "layout=QL turn=P teams=B/W castling=B/18 dead=- waiting=H15 B:KB/15,KB/16,PW/22,NA8,NA10,NA12 W:";
    let Err(ParsePositionError::Position(err)) = text.parse::<Position>() else {
        panic!("accepted an invalid setup");
    };
    let want = [
        P::PawnPlacement(Color::Black, cell("W/22")),
        P::KingCount(Color::Black, 2),
        P::KingCount(Color::White, 0),
        P::TooMany(Color::Black, Role::Knight, 3),
        P::Turn(Color::Pink),
        P::Castling(cell("B/18")),
        P::Waiting(cell("H15")),
    ];
    assert_eq!(err.0, want);
    // Parse errors name the field.
    use hexvar_kirby::ParseSetupError as E;
    let t = |s: &str| s.parse::<hexvar_kirby::Setup>().unwrap_err();
    assert_eq!(
        t("layout=QX turn=B teams=B B:KB/15"),
        E::Layout("QX".into())
    );
    assert_eq!(t("layout=QL turn=X teams=B B:KB/15"), E::Turn("X".into()));
    assert!(matches!(
        t("layout=QL turn=B teams=BW B:KB/15"),
        E::Teams(_)
    ));
    assert_eq!(
        t("layout=QL turn=B teams=B B:KB/15,ZA8"),
        E::Piece {
            army: 'B',
            piece: "ZA8".into()
        }
    );
    assert_eq!(
        t("layout=QL turn=B teams=B B:KB/15,QB/15"),
        E::DuplicateCell(cell("B/15"))
    );
    assert_eq!(t("turn=B teams=B B:KB/15"), E::MissingField("layout"));
    assert_eq!(
        t("layout=QL layout=QL turn=B teams=B B:KB/15"),
        E::DuplicateField("layout".into())
    );
}

#[test]
fn bishop_notes_of_section_4() {
    // A bishop changes colour through a sideboard: QB4 → Q3 → K4 (A12 → B/34 → A16).
    let p = lone(",BA12", "");
    assert!(targets(&p, "A12").contains(&"B/34".to_string()));
    let p = lone(",BB/34", "");
    let from_q3 = targets(&p, "B/34");
    assert!(from_q3.contains(&"A16".to_string()) && from_q3.contains(&"A12".to_string()));
    assert_ne!(cell("A12").shade(), cell("A16").shade());
    // The vertical hex diagonal skips every other row: from D15 straight down (towards Black)
    // the bishop stops on B15 (rank 5) and cannot reach the ring; from C16 it reaches A16.
    // Its downward rays: B15 (then off the board), C12-B9, C18-B21 — no cell of row A.
    let p = lone(",BD15", "");
    let t = targets(&p, "D15");
    for c in ["B15", "C12", "B9", "C18", "B21"] {
        assert!(t.contains(&c.to_string()), "{c}");
    }
    assert!(t.iter().all(|c| cell(c).rank_for(Color::Black) != Some(4)));
    let p = lone(",BC16", "");
    assert!(targets(&p, "C16").contains(&"A16".to_string()));
}

#[test]
fn svg_draws_every_cell_and_piece() {
    let six = Position::start_mode(hexvar_kirby::Mode::SixPlayer);
    let picture = hexvar_kirby::render::svg(&six, CellSet::EMPTY.with(Cell::CENTRE.index()));
    assert_eq!(picture.matches("<polygon").count(), 313);
    assert_eq!(picture.matches("data-cell=").count(), 313);
    assert!(picture.contains("data-cell=\"B/11\"") && picture.contains("data-cell=\"Q22\""));
    // 96 pieces and one ring around the marked centre.
    assert_eq!(picture.matches("<circle").count(), 97);
    assert_eq!(picture.matches("stroke-width=\"4\"").count(), 1);
    assert!(picture.contains("<title>H15</title>") && picture.contains("<title>G/38</title>"));
    // The ASCII diagram of the two-player start shows both armies' 16 pieces.
    let d = Position::new().diagram();
    assert_eq!(d.matches("BP").count() + d.matches("WP").count(), 16);
    assert_eq!(d.lines().count(), 41);
}

#[test]
fn waiting_pawn_replacement_is_judged_before_legality() {
    // Issue 10 (rules §5, §7, §9 item 6): White has every first-rank piece and an Amazon, so
    // its pawn on A22 waits. Black's rook on H3 may take the Amazon on H15 only if Black's king
    // is safe *after* the waiting pawn has become the lost Amazon: on A22 that Amazon checks
    // the king on B/26 along the diagonal A22–B/37–B/26.
    let white = "KW/15,QW/14,RW/11,RW/18,BW/13,BW/16,NW/12,NW/17,AH15,PA22";
    let text =
        format!("layout=QL turn=B teams=B/W castling=- dead=- waiting=A22 B:KB/26,RH3 W:{white}");
    let p = pos(&text);
    let capture: Move = "H3-H15".parse().unwrap();
    assert!(
        !p.is_legal(capture),
        "the new Amazon on A22 would check B/26"
    );
    assert!(!targets(&p, "H3").contains(&"H15".to_string()));
    assert!(targets(&p, "H3").contains(&"H13".to_string()));
    insta::assert_snapshot!("waiting_pawn_replacement", ascii(&p, marks(&p, "H3")));
    // With a Black piece on B/37 the line is closed and the capture is legal; playing it
    // turns the pawn into an Amazon and clears the waiting list.
    let mut blocked = pos(&text.replace("B:KB/26,RH3", "B:KB/26,RH3,NB/37"));
    assert!(blocked.is_legal(capture));
    blocked.play(capture).unwrap();
    assert_eq!(
        blocked.piece_at(cell("A22")),
        Some(Piece::new(Color::White, Role::Amazon))
    );
    assert!(blocked.waiting_pawns(Color::White).is_empty());
    assert!(blocked.to_string().contains("waiting=-"));
    // The king may not take a piece either when the replacement would attack it: the king on
    // B/26 takes a White knight on B/27, which makes the pawn on A22 a knight, and from the
    // pent A22 a FIDE leap reaches B/27. Without the waiting pawn the capture is legal.
    let knight = white.replace("NW/17", "NB/27");
    let k = pos(&format!(
        "layout=QL turn=B teams=B/W castling=- dead=- waiting=A22 B:KB/26 W:{knight}"
    ));
    let take: Move = "B/26-B/27".parse().unwrap();
    assert!(!k.is_legal(take));
    let no_wait = pos(&format!(
        "layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:KB/26 W:{}",
        knight.replace(",PA22", "")
    ));
    assert!(no_wait.is_legal(take));
}
