//! Short algebraic notation: every legal move of every conformance position round-trips, and the
//! rule documents' special moves (castling, promotion, en passant, the Duke), the disambiguation
//! levels, checks and mates are written exactly.

use std::collections::HashSet;

use hexvar_chessagon::{Move, ParseSanError, Position};
use hexvar_geometry::checks::{check_san_round_trips, legal_move_texts};
use hexvar_geometry::perft::read_rows;

/// The start position and every distinct position of the conformance file.
fn conformance_positions() -> Vec<Position> {
    let mut seen = HashSet::new();
    let mut out = vec![Position::new()];
    for row in read_rows(include_str!("data/conformance.txt")).unwrap() {
        if seen.insert(row.position.clone()) {
            out.push(row.position.parse().unwrap());
        }
    }
    out
}

#[test]
fn every_legal_move_of_every_conformance_position_round_trips() {
    let positions = conformance_positions();
    assert!(positions.len() > 150, "{} positions", positions.len());
    let mut checked = 0;
    for pos in &positions {
        checked += check_san_round_trips(pos, usize::MAX).unwrap();
    }
    assert!(checked > 8_000, "{checked} moves");
}

/// The SAN of the move `notation` (in the move notation) in the position `text`.
fn san(text: &str, notation: &str) -> String {
    let pos: Position = text.parse().unwrap();
    let m = pos.parse_move(notation).unwrap();
    pos.san(m).into_string()
}

/// The SANs of every legal move in the position `text`, sorted.
fn all_sans(text: &str) -> Vec<String> {
    let pos: Position = text.parse().unwrap();
    legal_move_texts(&pos, |m| Some(pos.san(m).into_string()))
}

const START: &str = hexvar_chessagon::START_TEXT;

#[test]
fn pieces_and_pawns_from_the_start() {
    assert_eq!(san(START, "f3e5"), "Ne5");
    assert_eq!(san(START, "c3d5"), "Nd5");
    // A pawn push names no origin unless another pawn reaches the same cell: then its file.
    assert_eq!(san(START, "b4a6"), "a6");
    assert_eq!(san(START, "h4h5"), "h5");
    assert_eq!(san(START, "e4e5"), "ee5");
    assert_eq!(san(START, "d3e5"), "de5");
    assert_eq!(san(START, "b5b6"), "bb6");
    assert_eq!(san(START, "a4b6"), "ab6");
    let all = all_sans(START);
    assert_eq!(all.len(), 50);
    assert_eq!(all.iter().collect::<HashSet<_>>().len(), 50);
}

#[test]
fn castling_names_the_kings_target() {
    // Rooks at home, a pawn in front of each (so no Rook sees the other side's castling cells).
    let white = "1k/4/r4r/1p4p1/8/8/8/8/8/8/8/1P4P1/R4R/4/1K w KQkq -";
    let castlings: Vec<String> = all_sans(white)
        .into_iter()
        .filter(|s| s.starts_with('O'))
        .collect();
    // Short to f3 gives check: the Rook lands on e2, under the black King on e15.
    assert_eq!(castlings, ["O-O-O@c2", "O-O-O@c3", "O-O@f3+", "O-O@g3"]);
    let black = white.replace(" w ", " b ");
    let castlings: Vec<String> = all_sans(&black)
        .into_iter()
        .filter(|s| s.starts_with('O'))
        .collect();
    assert_eq!(castlings, ["O-O-O@c13", "O-O-O@c14", "O-O@f13+", "O-O@g13"]);
    let pos: Position = white.parse().unwrap();
    for text in ["O-O@g3", "0-0@g3", "o-o@G3", "e1g3"] {
        assert_eq!(pos.parse_san(text).unwrap().to_string(), "O-O@g3", "{text}");
    }
    // Without the target the wing is ambiguous (and the notation always names it).
    assert!(pos.parse_san("O-O").is_err());
}

#[test]
fn promotion_is_to_a_queen_and_written_eq_q() {
    let pos = "1k/4/6/1P6/P7/8/8/8/8/8/8/8/6/4/1K w - -";
    assert_eq!(san(pos, "a11a12=Q"), "a12=Q");
    assert_eq!(san(pos, "b12b13=Q"), "b13=Q+");
    // A capture onto the back edge (the straight capture two cells up the file).
    let pos = "1k/4/r5/8/1P6/8/8/8/8/8/8/8/6/4/1K w - -";
    assert_eq!(san(pos, "b11b13=Q"), "bxb13=Q+");
    // Two pawns promote on b13: each names its file.
    let pos = "1k/b2r/5q/1P6/2P4p/2n2p2/2p3P1/8/2d1b2p/7P/4P3/3N2P1/1N3R/BKDB/2 w - - 1 41";
    assert_eq!(san(pos, "b12b13=Q"), "bb13=Q");
    assert_eq!(san(pos, "c11b13=Q"), "cb13=Q");
}

#[test]
fn en_passant_is_written_as_a_pawn_capture_onto_the_middle_cell() {
    // Straight: b11-b10-a8 was just played; the b8 pawn takes on b10 (two up its file).
    let pos = "1k/4/6/8/8/8/8/pP6/K7/8/8/8/6/4/2 w - b10a8";
    assert_eq!(san(pos, "b8b10ep"), "bxb10");
    let p: Position = pos.parse().unwrap();
    assert!(matches!(
        p.parse_san("bxb10").unwrap(),
        Move::EnPassant { .. }
    ));
    assert_eq!(p.parse_san("bb10"), p.parse_san("bxb10"));
    // Diagonal: c11-c10-c9 was just played; the b9 pawn takes on c10.
    let pos = "2/bdkb/rnp1nr/2p1q3/3p1d2/Q7/1Ppp1p1P/3p3p/4P2P/3pP3/P2P4/2B1P3/RN1PNq/1D1D/QK w Q c10c9 0 25";
    assert_eq!(san(pos, "b9c10ep"), "bxc10");
    assert_eq!(san(pos, "e7d8"), "exd8");
    assert_eq!(san(pos, "d2e5"), "De5");
}

#[test]
fn disambiguation_by_file_then_rank_then_cell() {
    // File: two Knights reach c3.
    let pos = "qk/bddb/rn3r/p1pn1p2/1p6/3pp3/p2Pp1pP/3Ppp2/1NPPPpP1/3PPP2/8/Pp1RNP2/3P1R/BDDB/QK w Kkq d11d10 0 18";
    assert_eq!(san(pos, "e4c3"), "Nec3");
    // Rank: two Dukes on the d file reach e10.
    let pos =
        "1k/1d1b/3p1r/p1Pp1Pp1/2p3p1/3d4/p1p5/5Q2/7N/P2P1p2/4PP2/2PP1PP1/1r3R/BDDB/1K b Kk - 0 27";
    assert_eq!(san(pos, "d10e10"), "D10e10");
    // Cell: Rooks on a7, a5 and b5 all reach a6; a5 shares a file with a7 and a rank with b5.
    let pos = "1k/4/6/8/8/8/8/8/R7/8/RR6/8/6/4/1K w - -";
    assert_eq!(san(pos, "a5a6"), "Ra5a6");
    assert_eq!(san(pos, "a7a6"), "R7a6");
    assert_eq!(san(pos, "b5a6"), "Rba6");
    let p: Position = pos.parse().unwrap();
    match p.parse_san("Ra6") {
        Err(ParseSanError::Ambiguous { candidates, .. }) => {
            assert_eq!(candidates, ["Ra5a6", "Rba6", "R7a6"]);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        p.parse_san("Raa6"),
        Err(ParseSanError::Ambiguous { .. })
    ));
    // Over-disambiguation is forgiven.
    assert_eq!(p.parse_san("Rb5a6"), p.parse_san("Rba6"));
    assert_eq!(
        p.parse_san("R5a6"),
        Err(ParseSanError::Ambiguous {
            text: "R5a6".into(),
            candidates: vec!["Ra5a6".into(), "Rba6".into()],
        })
    );
}

#[test]
fn checks_and_mates() {
    // Smothered mate: the Knight leaps into f14 past the black pawns.
    let pos = "kn/ppp1/2pp2/8/8/4N3/8/8/8/8/8/8/6/4/1K w - -";
    assert_eq!(san(pos, "e10f14"), "Nf14#");
    let pos = "1k/b2b/1r4/1pp2p2/3n1N1p/4p1P1/1pP1P1P1/1B1pp2P/P5d1/Nq2P2P/1PD1K1P1/P4P2/R4R/B3/D1 b - - 4 54";
    assert_eq!(san(pos, "b6e6"), "Qxe6#");
    assert_eq!(san(pos, "b6b7"), "Qb7+");
    assert_eq!(san(pos, "g7d7"), "Dd7+");
    let p: Position = pos.parse().unwrap();
    let mate = p.parse_move("b6e6").unwrap();
    for text in [
        "Qxe6#",
        "Qxe6",
        "Q:e6",
        "Q×e6",
        "Qe6",
        "Qb6e6",
        "b6e6",
        " Qxe6#!? ",
    ] {
        assert_eq!(p.parse_san(text), Ok(mate), "{text}");
    }
}

#[test]
fn bad_texts_are_typed_errors() {
    let pos = Position::new();
    assert_eq!(pos.parse_san("  +"), Err(ParseSanError::Empty));
    assert_eq!(
        pos.parse_san("Ne6"),
        Err(ParseSanError::NotLegal { text: "Ne6".into() })
    );
    let long = "N".repeat(300);
    match pos.parse_san(&long) {
        Err(ParseSanError::NotLegal { text }) => assert!(text.chars().count() <= 41, "{text}"),
        other => panic!("{other:?}"),
    }
}

/// Issue 5: the move-notation fallback read a SAN text with a wrong piece letter as a cell
/// (`D12c11`, the Duke's letter, was the Queen's move d12c11).
#[test]
fn a_wrong_piece_letter_names_no_move() {
    let pos: Position = "Q1/4/6/3Q4/3r4/5p2/8/8/8/5dk1/3p4/5K2/6/4/2 w - - 3 187"
        .parse()
        .unwrap();
    let queen = pos.parse_move("d12c11").unwrap();
    assert_eq!(pos.san(queen), "Q12c11+");
    assert!(
        matches!(pos.parse_san("D12c11"), Err(ParseSanError::NotLegal { .. })),
        "{:?}",
        pos.parse_san("D12c11")
    );
    assert_eq!(pos.parse_san("Qd12c11"), Ok(queen));
    assert_eq!(
        pos.parse_san("d12c11"),
        Ok(queen),
        "the move notation still reads"
    );
    // Every piece move of every conformance position, its letter changed to each other
    // piece's: the text names no move, or a move of the piece it names.
    let mut refused = 0;
    for pos in conformance_positions() {
        for (m, san) in hexvar_geometry::san::san_list(&pos) {
            let Some(own) = san
                .chars()
                .next()
                .filter(|c| c.is_ascii_uppercase() && *c != 'O')
            else {
                continue;
            };
            for letter in "NBDRQK".chars().filter(|&l| l != own) {
                let text = format!("{letter}{}", &san[1..]);
                match pos.parse_san(&text) {
                    Ok(other) => {
                        let from = other.from().unwrap();
                        let role = pos.piece_at(from).map(|p| p.role.char());
                        assert_eq!(role, Some(letter), "{pos}: {text} read as {other} ({m})");
                    }
                    Err(_) => refused += 1,
                }
            }
        }
    }
    assert!(refused > 10_000, "{refused} texts refused");
}
