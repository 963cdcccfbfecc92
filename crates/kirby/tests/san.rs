//! Short algebraic notation: every legal move of every conformance position (and of every start
//! and T1) reads back from its SAN and from its over-disambiguated form, no two legal moves share
//! a SAN; exact texts for the rules' moves (pawn steps and captures, promotion to a lost piece
//! and to the Amazon, castling in both layouts, stalemate relocation, disambiguation by row and
//! by cell); Kirby's check and mate signs.

use hexvar_geometry::checks::{check_san_round_trips, legal_move_texts};
use hexvar_kirby::{Disambiguation, Layout, Mode, Move, ParseSanError, Position, Setup};

const CONFORMANCE: &str = include_str!("data/conformance.txt");
const PERFT: &str = include_str!("data/perft.txt");

/// The distinct positions of the data files, the starts of every mode in both layouts first.
fn positions() -> Vec<Position> {
    let mut texts: Vec<String> = Vec::new();
    for mode in Mode::ALL {
        for layout in [Layout::QueenLeft, Layout::QueenRight] {
            texts.push(Setup::start_mode(mode, layout).to_string());
        }
    }
    for line in CONFORMANCE.lines().chain(PERFT.lines()) {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let text = line.splitn(3, ' ').nth(2).unwrap().to_string();
        if !texts.contains(&text) {
            texts.push(text);
        }
    }
    texts.iter().map(|t| t.parse().unwrap()).collect()
}

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn san(p: &Position, notation: &str) -> String {
    let m = p.parse_move(notation).unwrap();
    p.san(m).into_string()
}

#[test]
fn every_legal_move_reads_back_from_its_san() {
    let mut checked_positions = 0;
    let mut checked_moves = 0;
    for p in positions() {
        // The move notation, and the SAN without its capture sign, are read where the move list
        // is short (each reading compares with every legal move).
        checked_moves += check_san_round_trips(&p, 200).unwrap();
        let moves = p.legal_moves();
        for &m in moves.iter().filter(|_| moves.len() <= 200) {
            let text = p.san(m);
            assert_eq!(p.parse_san(&text.replace('x', "")), Ok(m), "{text} in {p}");
        }
        checked_positions += 1;
    }
    println!("{checked_positions} positions, {checked_moves} moves");
    assert!(checked_positions >= 270, "{checked_positions}");
    assert!(checked_moves >= 20_000, "{checked_moves}");
}

#[test]
fn the_start_in_san() {
    let p = Position::new();
    let all = legal_move_texts(&p, |m| Some(p.san(m).into_string()));
    assert_eq!(
        all.join(" "),
        "A10 A12 A14 A16 A18 A20 A22 A8 B/31 B/32 B/33 B/34 B/35 B/36 B/37 B/38 NB/31 NB/33 NB/36 NB/38"
    );
    assert_eq!(san(&p, "B/22-A10"), "A10");
    assert_eq!(san(&p, "B/22-B/32"), "B/32");
    assert_eq!(san(&p, "B/12-B/33"), "NB/33");
}

#[test]
fn pawn_moves_and_captures() {
    // A Black pawn on the pent A16 steps across its two forward edges (B15, B17) and captures
    // across its three forward corners (C16, B13, B19); on its own squares it moves FIDE style,
    // with the double step from rank 2 to the pent. A capture names the pawn's cell.
    let p = pos("layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:KB/15,PA16,PB/23 W:KW/15,NC16,BB19,RB13,BB/34");
    let pawn = legal_move_texts(&p, |m| {
        let role = p.piece_at(m.from()?)?.role;
        (role == hexvar_kirby::Role::Pawn).then(|| p.san(m).into_string())
    });
    assert_eq!(
        pawn,
        [
            "A12",
            "A16xB13",
            "A16xB19",
            "A16xC16",
            "B/23xB/34",
            "B/33",
            "B15",
            "B17"
        ]
    );
    let take = p.parse_move("A16-C16").unwrap();
    assert_eq!(p.parse_san("A16xC16"), Ok(take));
    assert_eq!(p.parse_san("A16C16"), Ok(take));
    assert_eq!(p.parse_san("A16:C16"), Ok(take));
    assert_eq!(
        p.parse_san("xC16"),
        Err(ParseSanError::NotLegal {
            text: "xC16".into()
        })
    );
}

#[test]
fn promotion_to_a_lost_piece_and_to_the_amazon() {
    // The pawn on G14 reaches the promotion line (H13, H15): Black has lost a rook, so it
    // becomes a rook; with nothing lost and no Amazon, an Amazon; with an Amazon too, it waits.
    let lost_rook = "KB/15,QB/14,RB/11,NB/12,NB/17,BB/13,BB/16";
    let p = pos(&format!(
        "layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:{lost_rook},PG14 W:KW/15,RH17"
    ));
    assert_eq!(san(&p, "G14-H13=R"), "H13=R");
    assert_eq!(san(&p, "G14-H15=R"), "H15=R");
    assert_eq!(san(&p, "G14-H17=R"), "G14xH17=R");
    let full = "KB/15,QB/14,RB/11,RB/18,NB/12,NB/17,BB/13,BB/16";
    let p = pos(&format!(
        "layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:{full},PG14 W:KW/15,RB/32"
    ));
    assert_eq!(san(&p, "G14-H13=A"), "H13=A");
    let p = pos(&format!(
        "layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:{full},AB/28,PG14 W:KW/15,RB/32"
    ));
    assert_eq!(san(&p, "G14-H13"), "H13");
    // Two choices: one move per reclaimable piece, the piece named.
    let lost_two = "KB/15,RB/11,RB/18,NB/12,NB/17,BB/16";
    let p = pos(&format!(
        "layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:{lost_two},PG14 W:KW/15"
    ));
    let promos = legal_move_texts(&p, |m| {
        (m.to().to_string() == "H13").then(|| p.san(m).into_string())
    });
    assert_eq!(promos, ["H13=B", "H13=Q"]);
}

#[test]
fn castling_short_and_long_in_both_layouts() {
    // Queen-left: the king on file 5, the rook on file 8 is three files away (short).
    let p = pos("layout=QL turn=B teams=B/W castling=B/11,B/18 dead=- waiting=- B:KB/15,RB/11,RB/18 W:KW/15");
    assert_eq!(san(&p, "B/15@B/18"), "O-O");
    assert_eq!(san(&p, "B/15@B/11"), "O-O-O");
    // Queen-right: the king on file 4, the rook on file 1 is the near one.
    let p = pos("layout=QR turn=B teams=B/W castling=B/11,B/18 dead=- waiting=- B:KB/14,RB/11,RB/18 W:KW/14");
    assert_eq!(san(&p, "B/14@B/11"), "O-O");
    assert_eq!(san(&p, "B/14@B/18"), "O-O-O");
    assert_eq!(
        p.parse_san("O-O"),
        p.parse_move("B/14@B/11").map_err(|_| unreachable!())
    );
    // Rooks that could also slide to the king's side are named by their cell.
    assert_eq!(san(&p, "B/11-B/12"), "RB/12");
}

#[test]
fn stalemate_relocation() {
    // White's lone king on W/11 is stalemated and has lost Q, R, B and N: it is lifted to any
    // safe empty cell and one of them appears on W/11.
    let p =
        pos("layout=QL turn=W teams=B/W castling=- dead=- waiting=- B:KB/15,RQ20,RW/28 W:KW/11");
    assert_eq!(san(&p, "W/11>H15=Q"), "K>H15=Q");
    assert_eq!(san(&p, "W/11>H15=N"), "K>H15=N");
    assert_eq!(
        p.parse_san("KW/11>H15=Q"),
        p.parse_move("W/11>H15=Q").map_err(|_| unreachable!())
    );
    assert_eq!(
        p.parse_san("K>H15"),
        Err(ParseSanError::NotLegal {
            text: "K>H15".into()
        })
    );
    let mut full = String::new();
    p.write_san(
        p.parse_move("W/11>H15=Q").unwrap(),
        Disambiguation::Cell,
        &mut full,
    );
    assert_eq!(full, "KW/11>H15=Q");
    assert!(p
        .legal_moves()
        .iter()
        .all(|m| matches!(m, Move::Relocate { .. })));
}

#[test]
fn the_least_disambiguation() {
    // Two rooks reach A16 along row A and from B15: the row letter tells them apart.
    let p = pos("layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:KB/15,RA10,RB15 W:KW/15");
    assert_eq!(san(&p, "A10-A16"), "RAA16");
    assert_eq!(san(&p, "B15-A16"), "RBA16");
    // Two rooks on one row: the whole cell.
    let p = pos("layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:KB/15,RA10,RA22 W:KW/15");
    assert_eq!(san(&p, "A10-A16"), "RA10A16");
    assert_eq!(san(&p, "A22-A16"), "RA22A16");
    assert_eq!(
        p.parse_san("RA16"),
        Err(ParseSanError::Ambiguous {
            text: "RA16".into(),
            candidates: vec!["RA10A16".into(), "RA22A16".into()],
        })
    );
    // Two knights on squares: a square is always named whole.
    let p =
        pos("layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:KB/15,NB/12,NB/14 W:KW/15");
    assert_eq!(san(&p, "B/12-B/33"), "NB/12B/33");
    assert_eq!(san(&p, "B/14-B/33"), "NB/14B/33");
    assert_eq!(san(&p, "B/14-B/35"), "NB/35");
    // Two Black pawns step to one hex: the pawn's origin cell.
    let p = pos("layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:KB/15,PB15,PB17 W:KW/15");
    assert_eq!(san(&p, "B15-C16"), "B15C16");
    assert_eq!(san(&p, "B17-C16"), "B17C16");
    assert_eq!(san(&p, "B15-C14"), "C14");
}

#[test]
fn checks_and_mates() {
    // Black's rook checks White's king along White's file 8... and mates it on W/18.
    let p = pos(
        "layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:KB/15,RQ8 W:KW/11,PW/21,PW/22",
    );
    let mate = p.parse_move("Q8-W/18").unwrap();
    assert_eq!(p.check_suffix(mate), "#");
    let check = p.parse_move("Q8-Q10").unwrap();
    assert_eq!(p.check_suffix(check), "");
    assert_eq!(p.san(check).as_str(), "RQ10");
    // A check of the next army to move: the rook reaches White's file-1 pent Q22 and looks
    // down the file at the king on W/11. Geometry's sign and Kirby's agree.
    let p = pos("layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:KB/15,RQ12 W:KW/11");
    let check = p.parse_move("Q12-Q22").unwrap();
    assert_eq!(p.san(check).as_str(), "RQ22+");
    assert_eq!(p.check_suffix(check), "+");
    // Three armies: Black checks Red down Red's file 8 (Q22 is also Red's file-8 pent), but
    // White moves next. Kirby calls the check at once, and so does the SAN.
    let p = pos(
        "layout=QL turn=B teams=B/W/R castling=- dead=- waiting=- B:KB/15,RQ20 W:KW/15 R:KR/18",
    );
    let check = p.parse_move("Q20-Q22").unwrap();
    let mut after = p.clone();
    after.play(check).unwrap();
    assert!(!after.is_check());
    assert!(after.colors_in_check().contains(hexvar_kirby::Color::Red));
    assert_eq!(p.check_suffix(check), "+");
    assert_eq!(p.san(check).as_str(), "RQ22+");
    // A move by another army leaves Red in check: no new checker, no sign.
    let quiet = after.parse_move("W/15-W/14").unwrap();
    assert_eq!(after.check_suffix(quiet), "");
    // Three armies: the mate of White eliminates it, and Red plays on.
    let p = pos("layout=QL turn=B teams=B/W/R castling=- dead=- waiting=- B:KB/15,RQ8 W:KW/11,PW/21,PW/22 R:KR/15,RH1");
    let mate = p.parse_move("Q8-W/18").unwrap();
    assert_eq!(p.check_suffix(mate), "#");
    assert_eq!(p.san(mate).as_str(), "RW/18#");
}

#[test]
fn two_player_signs_agree_with_chess_convention_but_for_mate() {
    // With two armies, the only army that can be put in check is the next to move, so Kirby's
    // sign is chess convention's (geometry's `san::suffix`), except that the chess `#` needs the
    // mated army to be in check in the position after the move, where Kirby's mated army is
    // already gone; the SAN carries Kirby's sign.
    let mut checks = 0;
    for p in positions().into_iter().filter(|p| p.seated().len() == 2) {
        for &m in p.legal_moves().iter() {
            let chess = hexvar_geometry::san::suffix(&p, m);
            let kirby = p.check_suffix(m);
            assert!(p.san(m).ends_with(kirby), "{m} in {p}");
            if kirby == "#" {
                assert_eq!(chess, "", "{m} in {p}");
            } else {
                assert_eq!(chess, kirby, "{m} in {p}");
                checks += usize::from(kirby == "+");
            }
        }
    }
    assert!(checks >= 20, "{checks}");
}
