//! Rule tests from the rules documents: each snapshot is a picture, each assertion compares
//! with a set worked out from the rule text (an independent model written here with plain
//! column/line arithmetic, not the crate's tables).

use std::collections::BTreeSet;

use hexvar_cescacs::{Cell, Color, Game, Move, Outcome, Position, Role, Special, WinReason};
use hexvar_geometry::{GameTree, RecordErrorKind, RecordWarningKind};

use crate::hexes::{on_board, COLUMNS, DIAG, LEAPS, ORTHO};

fn name(c: i32, l: i32) -> String {
    format!("{}{}", COLUMNS[c as usize], l)
}

/// Targets on an empty board from (c, l).
fn rays(c: i32, l: i32, dirs: &[(i32, i32)]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for &(dc, dl) in dirs {
        let (mut x, mut y) = (c + dc, l + dl);
        while on_board((x, y)) {
            out.insert(name(x, y));
            x += dc;
            y += dl;
        }
    }
    out
}

fn steps(c: i32, l: i32, dirs: &[(i32, i32)]) -> BTreeSet<String> {
    dirs.iter()
        .filter(|&&(dc, dl)| on_board((c + dc, l + dl)))
        .map(|&(dc, dl)| name(c + dc, l + dl))
        .collect()
}

fn destinations(pos: &Position, from: &str) -> BTreeSet<String> {
    let from: Cell = from.parse().unwrap();
    pos.legal_moves()
        .iter()
        .filter(|m| m.from() == Some(from))
        .map(|m| m.to().to_string())
        .collect()
}

fn move_names(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(|m| m.to_string()).collect()
}

fn listing(set: &BTreeSet<String>) -> String {
    set.iter().cloned().collect::<Vec<_>>().join(" ")
}

/// A lone piece on F14 with the kings on T6 and X22 (on no line and no leap of F14).
fn lone(piece: char) -> Position {
    format!("/22:6k/14:3{piece}3/6:K6/ w - - 0 1")
        .parse()
        .unwrap()
}

#[test]
fn kings_are_out_of_the_way() {
    let pos = lone('D');
    assert_eq!(
        pos.piece_at("T6".parse().unwrap()).unwrap().role,
        Role::King
    );
    assert_eq!(
        pos.piece_at("X22".parse().unwrap()).unwrap().role,
        Role::King
    );
}

#[test]
fn piece_patterns_from_the_centre() {
    let (c, l) = (7, 14);
    let mut picture = String::new();
    let knight_leaps = steps(c, l, &LEAPS);
    let doubled: Vec<(i32, i32)> = LEAPS.iter().map(|&(a, b)| (2 * a, 2 * b)).collect();
    let rides = steps(c, l, &doubled);
    let all12: Vec<(i32, i32)> = ORTHO.iter().chain(DIAG.iter()).copied().collect();
    let cases: Vec<(char, BTreeSet<String>)> = vec![
        ('R', rays(c, l, &ORTHO)),
        ('J', rays(c, l, &DIAG)),
        ('D', rays(c, l, &all12)),
        ('V', &rays(c, l, &ORTHO) | &knight_leaps),
        ('G', &rays(c, l, &DIAG) | &knight_leaps),
        ('N', &knight_leaps | &rides),
        // Elephant: the four (±1, ±3) diagonals, one and two steps straight forward.
        (
            'E',
            steps(c, l, &[(1, 3), (-1, 3), (1, -3), (-1, -3), (0, 2), (0, 4)]),
        ),
        // Pawn (not on a triple-step hex): step, double step, two 60° oblique steps.
        ('P', steps(c, l, &[(0, 2), (0, 4), (1, 1), (-1, 1)])),
    ];
    for (piece, expected) in cases {
        let pos = lone(piece);
        let got = destinations(&pos, "F14");
        assert_eq!(got, expected, "piece {piece}");
        picture.push_str(&format!("{piece} ({}): {}\n", got.len(), listing(&got)));
    }
    // Known sizes on the 169-hex board.
    let sizes: Vec<usize> = ['R', 'J', 'D', 'V', 'G', 'N', 'E', 'P']
        .iter()
        .map(|&p| destinations(&lone(p), "F14").len())
        .collect();
    assert_eq!(sizes, [42, 18, 60, 54, 30, 24, 6, 4]);
    // The King on F14 (an unmoved king stands on G1; this one is just a king).
    let pos: Position = "/22:6k/14:3K3/ w - - 0 1".parse().unwrap();
    let got = destinations(&pos, "F14");
    assert_eq!(got, steps(c, l, &all12));
    picture.push_str(&format!("K ({}): {}\n", got.len(), listing(&got)));
    insta::assert_snapshot!("centre_patterns", picture);
}

#[test]
fn knight_leaps_and_rides_from_the_centre() {
    let pos = lone('N');
    let from: Cell = "F14".parse().unwrap();
    let names: BTreeSet<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from() == Some(from))
        .map(|m| m.to_string())
        .collect();
    // The author's notation page: the 12 leaps; the ride applies a leap twice (F14→T12 via C13).
    let leaps = [
        "C13", "C15", "D10", "E9", "D18", "E19", "G9", "H10", "G19", "H18", "I13", "I15",
    ];
    let rides = [
        "T12", "T16", "B6", "D4", "B22", "D24", "H4", "K6", "H24", "K22", "X12", "X16",
    ];
    let expected: BTreeSet<String> = leaps
        .iter()
        .chain(rides.iter())
        .map(|t| format!("NF14-{t}"))
        .collect();
    assert_eq!(names, expected);
    // A ride never captures, and it needs the intermediate hex empty.
    let blocked: Position = "/22:6k/14:3N3/13:2p5/6:K6/ w - - 0 1".parse().unwrap();
    let got = destinations(&blocked, "F14");
    assert!(got.contains("C13"), "the leap captures");
    assert!(!got.contains("T12"), "ride blocked by the piece on C13");
    let target: Position = "/22:6k/14:3N3/12:p6/6:K6/ w - - 0 1".parse().unwrap();
    assert!(
        !destinations(&target, "F14").contains("T12"),
        "a ride never captures"
    );
    insta::assert_snapshot!(
        "knight_centre",
        names.iter().cloned().collect::<Vec<_>>().join("\n")
    );
}

#[test]
fn the_24_castlings() {
    // Only kings and rooks: White K G1, R C3, I3.
    let pos: Position = "/27:1k/3:R2R/1:1K/ w RKR - 0 1".parse().unwrap();
    let castlings: BTreeSet<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| matches!(m, Move::Castle { .. }))
        .map(|m| m.to_string())
        .collect();
    let table = [
        "KRK-II", "KRK-IK", "KRK-IH", "KRK-HIO", "KRK-HIOO", "KRK-HH", "KRK-HG", "KRD-HG",
        "KRD-HH", "KRR-HIH", "KRR-HGG", "KRK-FG", "KRK-FE", "KRD-FG", "KRD-FE", "KRR-FGG",
        "KRR-FEE", "KRK-EF", "KRK-EE", "KRD-EF", "KRD-ED", "KRR-EEF", "KRD-DD", "KRD-DE",
    ];
    let expected: BTreeSet<String> = table.iter().map(|s| s.to_string()).collect();
    assert_eq!(castlings, expected);
    assert_eq!(castlings.len(), 24);
    // The same set derived from the rule itself: K′ a leap hex from G1, each rook an ordinary
    // rook move along an empty orthogonal line to an empty hex orthogonally adjacent to K′
    // (double: the three hexes pairwise adjacent).
    let derived = derive_castlings();
    assert_eq!(derived.len(), 24);
    let mut picture = String::new();
    for m in pos
        .legal_moves()
        .iter()
        .filter(|m| matches!(m, Move::Castle { .. }))
    {
        let Move::Castle { castling: c, .. } = *m else {
            unreachable!()
        };
        let w = hexvar_cescacs::Color::White;
        let k = c.king_to(w).to_string();
        let q = c.queen_rook_to(w).map(|x| x.to_string());
        let r = c.king_rook_to(w).map(|x| x.to_string());
        assert!(
            derived.contains(&(k.clone(), q.clone(), r.clone())),
            "{c:?}"
        );
        picture.push_str(&format!(
            "{m}: K→{k} C3→{} I3→{}\n",
            q.unwrap_or("-".into()),
            r.unwrap_or("-".into())
        ));
    }
    insta::assert_snapshot!("castlings_white", picture);

    // Black mirrors them.
    let black: Position = "/27:1k/25:r2r/1:1K/ b rkr - 0 1".parse().unwrap();
    let names: BTreeSet<String> = black
        .legal_moves()
        .iter()
        .filter_map(|&m| match m {
            Move::Castle { castling, .. } => Some(castling.name().to_string()),
            _ => None,
        })
        .collect();
    // The same names (the move's own text names the side: `b KRK-II`).
    assert_eq!(names, expected);
    let hioo = black.parse_move("KRK-HIOO").unwrap();
    let mut after = black.clone();
    after.play(hioo).unwrap();
    assert_eq!(
        after.piece_at("H22".parse().unwrap()).unwrap().role,
        Role::King
    );
    assert_eq!(
        after.piece_at("I21".parse().unwrap()).unwrap().role,
        Role::Rook
    );
    assert_eq!(after.to_string(), "/25:r3/22:4k2/21:5r2/1:1K/ w - - 1 2");
}

type Castle = (String, Option<String>, Option<String>);

fn derive_castlings() -> BTreeSet<Castle> {
    let adjacent =
        |a: (i32, i32), b: (i32, i32)| ORTHO.iter().any(|&(dc, dl)| (a.0 + dc, a.1 + dl) == b);
    // Rook moves on a board with K G1, R C3, R I3 (paths judged before the move).
    let occupied = [(8, 1), (4, 3), (10, 3)];
    let rook_moves = |from: (i32, i32)| -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for &(dc, dl) in &ORTHO {
            let (mut x, mut y) = (from.0 + dc, from.1 + dl);
            while on_board((x, y)) && !occupied.contains(&(x, y)) {
                out.push((x, y));
                x += dc;
                y += dl;
            }
        }
        out
    };
    let mut out = BTreeSet::new();
    for &(dc, dl) in LEAPS.iter() {
        let k = (8 + dc, 1 + dl);
        if !on_board((k.0, k.1)) {
            continue;
        }
        let q: Vec<_> = rook_moves((4, 3))
            .into_iter()
            .filter(|&r| adjacent(r, k))
            .collect();
        let r: Vec<_> = rook_moves((10, 3))
            .into_iter()
            .filter(|&r| adjacent(r, k))
            .collect();
        for &a in &q {
            out.insert((name(k.0, k.1), Some(name(a.0, a.1)), None));
        }
        for &b in &r {
            out.insert((name(k.0, k.1), None, Some(name(b.0, b.1))));
        }
        for &a in &q {
            for &b in &r {
                if adjacent(a, b) {
                    out.insert((name(k.0, k.1), Some(name(a.0, a.1)), Some(name(b.0, b.1))));
                }
            }
        }
    }
    out
}

#[test]
fn scornful_pawn_capture() {
    // White pawn F14 faces the black pawn F16; it steps obliquely to E15 and may be taken there
    // by F16's own oblique step on the next move only.
    let mut pos: Position = "/27:1k/16:3p3/14:3P3/1:1K/ w - - 0 1".parse().unwrap();
    pos.play(pos.parse_move("F14-E15").unwrap()).unwrap();
    assert_eq!(
        pos.special(),
        Special::Scornful {
            pawn: "E15".parse().unwrap(),
            capturer: "F16".parse().unwrap()
        }
    );
    assert!(pos.to_string().contains(" E15 "), "{pos}");
    let names = move_names(&pos);
    assert!(names.contains("F16@E15"), "{names:?}");
    let pawn_moves: BTreeSet<String> = names
        .iter()
        .filter(|n| n.starts_with("F16"))
        .cloned()
        .collect();
    assert_eq!(listing(&pawn_moves), "F16-F12 F16-F14 F16-G15 F16@E15");
    insta::assert_snapshot!(
        "scornful",
        format!("{}\n{}", pos.diagram(), listing(&pawn_moves))
    );
    let mut taken = pos.clone();
    taken.play(taken.parse_move("F16@E15").unwrap()).unwrap();
    assert_eq!(
        taken.pieces(hexvar_cescacs::Color::White, Role::Pawn).len(),
        0
    );
    // Only on the next move.
    let mut later = pos.clone();
    later.play(later.parse_move("KG27-F26").unwrap()).unwrap();
    later.play(later.parse_move("KG1-F2").unwrap()).unwrap();
    assert!(!move_names(&later).iter().any(|n| n.contains('@')));
    // No facing pawn, no scornful right.
    let mut plain: Position = "/27:1k/14:3P3/1:1K/ w - - 0 1".parse().unwrap();
    plain.play(plain.parse_move("F14-E15").unwrap()).unwrap();
    assert_eq!(plain.special(), Special::None);
}

#[test]
fn en_passant_double_and_triple() {
    // Double step F10-F14 passes F12; the black pawn on G15 takes it en passant.
    let mut pos: Position = "/27:1k/15:4p3/10:3P3/1:1K/ w - - 0 1".parse().unwrap();
    pos.play(pos.parse_move("F10-F14").unwrap()).unwrap();
    assert!(pos.to_string().contains(" F14@12 "), "{pos}");
    let names = move_names(&pos);
    assert!(names.contains("G15@F12"), "{names:?}");
    let mut after = pos.clone();
    after.play(after.parse_move("G15@F12").unwrap()).unwrap();
    assert!(after.piece_at("F14".parse().unwrap()).is_none());

    // Triple step G7-G13 passes G9 and G11: F12 takes on the first hex (@@), H14 on the second.
    let mut pos: Position = "/27:1k/14:4p2/12:3p3/7:4P3/1:1K/ w - - 0 1"
        .parse()
        .unwrap();
    pos.play(pos.parse_move("G7-G13").unwrap()).unwrap();
    assert!(pos.to_string().contains(" G13@9-11 "), "{pos}");
    let names = move_names(&pos);
    let ep: BTreeSet<String> = names.iter().filter(|n| n.contains('@')).cloned().collect();
    assert_eq!(listing(&ep), "F12@@G9 H14@G11");
    insta::assert_snapshot!(
        "en_passant_triple",
        format!("{}\n{}", pos.diagram(), listing(&ep))
    );
    for m in ["F12@@G9", "H14@G11"] {
        let mut after = pos.clone();
        after.play(after.parse_move(m).unwrap()).unwrap();
        assert!(after.piece_at("G13".parse().unwrap()).is_none(), "{m}");
    }
    // Only pawns take en passant; an elephant on F12 may not.
    let mut pos: Position = "/27:1k/12:3e3/7:4P3/1:1K/ w - - 0 1".parse().unwrap();
    pos.play(pos.parse_move("G7-G13").unwrap()).unwrap();
    assert!(!move_names(&pos).iter().any(|n| n.contains('@')));
}

#[test]
fn forced_promotion_of_position_d() {
    let pos: Position = "/27:1k/22:P6/10:1p5/3:R3/1:1K/ w - - 0 1".parse().unwrap();
    let names = move_names(&pos);
    assert_eq!(listing(&names), "T22=D T22=G T22=J T22=N T22=R T22=V");
    insta::assert_snapshot!(
        "forced_promotion",
        format!("{}\n{}", pos.diagram(), listing(&names))
    );
}

#[test]
fn awaiting_pawn_without_regainable_piece() {
    // White has every regainable piece and a bishop on the white hexes: the pawn reaching T22
    // (a white hex) awaits (=&); P21 is a black hex, so a bishop is regainable there.
    let full = "/27:1k/20:P6/4:2J2/3:RNNR/2:G1G/1:DK/0:V/ w - - 0 1";
    let pos: Position = full.parse().unwrap();
    let names = move_names(&pos);
    assert!(names.contains("T20-T22=&"), "{names:?}");
    assert!(!names
        .iter()
        .any(|n| n.starts_with("T20-T22=") && !n.ends_with('&')));
    let to_p21: BTreeSet<String> = names
        .iter()
        .filter(|n| n.starts_with("T20-P21"))
        .cloned()
        .collect();
    assert_eq!(listing(&to_p21), "T20-P21=J");
}

/// The author's seven recorded games (`name`, record).
const GAMES: [(&str, &str); 7] = [
    ("2020-07-20", include_str!("data/games/2020-07-20.ctl-pgn")),
    (
        "2022-08-14.1",
        include_str!("data/games/2022-08-14.1.ctl-pgn"),
    ),
    (
        "2022-08-14.2",
        include_str!("data/games/2022-08-14.2.ctl-pgn"),
    ),
    ("2023-09-08", include_str!("data/games/2023-09-08.ctl-pgn")),
    ("2023-09-11", include_str!("data/games/2023-09-11.ctl-pgn")),
    ("2023-09-17", include_str!("data/games/2023-09-17.ctl-pgn")),
    ("2023-09-18", include_str!("data/games/2023-09-18.ctl-pgn")),
];

/// The moves of a record as the author wrote them (tag lines and the one-line comments left
/// out), his check marks made plain: `^` (a check by an adjoining man or a knight) and `∞` (a
/// distant check) dropped, `++` (double check) as `+`.
fn authors_moves(text: &str) -> Vec<String> {
    text.lines()
        .filter(|line| !line.trim_start().starts_with(['[', '{']))
        .flat_map(|line| line.split([' ', ',']))
        .filter(|token| !token.is_empty() && !token.ends_with('.'))
        .map(|token| token.replace(['^', '∞'], "").replace("++", "+"))
        .collect()
}

#[test]
fn the_authors_games_read_as_game_records() {
    for (name, text) in GAMES {
        // 2020-07-20's Result tag contradicts its mate (see below): an error for a Game read
        // alone, a warning for the tree, which reads it.
        let tree =
            GameTree::<Position>::from_record(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let contradicts = tree
            .warnings()
            .iter()
            .any(|w| matches!(w.kind, RecordWarningKind::ResultContradicts { .. }));
        assert_eq!(
            contradicts,
            name == "2020-07-20",
            "{name}: {:?}",
            tree.warnings()
        );
        if contradicts {
            let error = Game::from_record(text).unwrap_err();
            assert!(
                matches!(error.kind, RecordErrorKind::ResultContradicts { .. }),
                "{error}"
            );
        }
        let game = tree.to_game().unwrap_or_else(|e| panic!("{name}: {e}"));
        let outcome = game.outcome();
        // Each game ends in the recorded mate: the side that played the last move (marked `#`)
        // wins.
        let Some(Outcome::Decisive {
            winner,
            reason: WinReason::Checkmate,
        }) = outcome
        else {
            panic!("{name}: {outcome:?}");
        };
        assert_eq!(winner, game.position().turn().other(), "{name}");
        // Every move, check and mate mark as the author wrote it: this crate's SAN is his
        // notation.
        let ours: Vec<String> = game.san_moves().iter().map(|san| san.to_string()).collect();
        assert_eq!(ours, authors_moves(text), "{name}");
        assert!(ours.len() > 60, "{name}");
        // The mate's points; the Result tag, where the record has one, agrees, except in
        // 2020-07-20, whose moves are those of 2022-08-14.2 (White mates, 3-0) under a "0-3"
        // tag: the tag is the record's error, and the game's result is the mate's.
        let points = match winner {
            Color::White => "3-0",
            Color::Black => "0-3",
        };
        assert_eq!(game.result_token(), points, "{name}");
        let tag = text
            .lines()
            .find_map(|l| l.strip_prefix("[Result \""))
            .map(|r| r.trim_end_matches("\"]"));
        match name {
            "2020-07-20" => assert_eq!(tag, Some("0-3")),
            "2023-09-11" | "2023-09-17" | "2023-09-18" => assert_eq!(tag, None),
            _ => assert_eq!(tag, Some(points), "{name}"),
        }
        if text.contains("[Date") {
            assert_eq!(game.tag("Date"), Some(&name[..10]), "{name}");
        }
        // Written again in SAN and read back: the same game.
        let again = Game::from_record(&game.to_record()).unwrap();
        assert_eq!(again.moves(), game.moves(), "{name}");
        assert_eq!(again.outcome(), outcome, "{name}");
    }
    // 2020-07-20 and 2022-08-14.2 are one game.
    let one = GameTree::<Position>::from_record(GAMES[0].1).unwrap();
    let two = Game::from_record(GAMES[2].1).unwrap();
    assert_eq!(one.mainline_moves(), two.moves());
}

#[test]
fn castling_with_a_rook_pinned_against_the_kings_start_hex() {
    // §11.1: the black rook on L5 pins the rook on I3 against G1 (line G1-H2-I3-K4-L5). The
    // rook may not leave the line by an ordinary move, but castling takes the king off G1 in
    // the same move, so KRK-II (K→I5, R→I7) is legal.
    let pos: Position = "/27:1k/5:5r/3:3R/1:1K/ w KR - 0 1".parse().unwrap();
    let names = move_names(&pos);
    assert!(!names.contains("RI3-I5"), "{names:?}");
    assert!(names.contains("RI3-K4"), "along the pin line");
    assert!(names.contains("KRK-II"), "{names:?}");
    // K′ attacked before the move: no castling there even if the rook would shield it.
    let attacked: Position = "/27:1k/9:5r2/3:3R/1:1K/ w KR - 0 1".parse().unwrap();
    let names = move_names(&attacked);
    assert!(!names.iter().any(|n| n.starts_with("KRK-I")), "{names:?}");
}

#[test]
fn castling_that_opens_a_line_onto_the_kings_destination_is_illegal() {
    // The black rook on A5 looks along A5-B4-C3-D2; White's queen's rook on C3 blocks it, so
    // D2 is not attacked now and the King's leap there is legal. A castling onto D2 moves
    // that rook away (KRD-DD to D4, KRD-DE to E1) and opens the line: illegal.
    let pos: Position = "/27:1k/5:r5/3:R3/1:1K/ w RK - 0 1".parse().unwrap();
    let names = move_names(&pos);
    assert!(names.contains("KG1-D2"), "{}", listing(&names));
    assert!(!names.contains("KRD-DD") && !names.contains("KRD-DE"));
    assert!(names.contains("KRD-ED"), "{}", listing(&names));
    // Without the attacker both castlings onto D2 are legal.
    let quiet: Position = "/27:1k/3:R3/1:1K/ w RK - 0 1".parse().unwrap();
    let names = move_names(&quiet);
    assert!(names.contains("KRD-DD") && names.contains("KRD-DE"));
}
