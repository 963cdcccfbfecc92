//! The test facts of the rules document (the diagrams of the Chess Variants page on Brusky's
//! Hexagonal Chess, listed in the crate's rules page), each as a snapshot (the position with the
//! piece's destinations marked) and an exact assertion of the move set.

use hexvar_brusky::{render, Cell, CellSet, Color, Move, Piece, Position, Role, Setup};
use hexvar_geometry::checks::legal_move_texts;

/// A position from a piece list like `"Ka1 kl8 Pc4"` (upper case White) and the side to move.
pub(crate) fn position(pieces: &str, turn: Color) -> Position {
    let mut setup = Setup::empty();
    for item in pieces.split_whitespace() {
        let mut chars = item.chars();
        let piece = Piece::from_char(chars.next().unwrap()).unwrap();
        let cell: Cell = chars.as_str().parse().unwrap();
        setup.set(cell, Some(piece));
    }
    setup.turn = turn;
    Position::from_setup(setup).unwrap()
}

fn cell(name: &str) -> Cell {
    name.parse().unwrap()
}

/// The legal moves of the man on `from` (castlings count as the king's), with their destinations.
fn moves_of(pos: &Position, from: Cell) -> Vec<(Move, Cell)> {
    pos.legal_moves()
        .iter()
        .filter_map(|&m| (m.from() == Some(from)).then_some((m, m.to())))
        .collect()
}

/// The legal moves of the man on `from`, in notation, sorted.
fn moves_from(pos: &Position, from: &str) -> Vec<String> {
    let from = cell(from);
    legal_move_texts(pos, |m| (m.from() == Some(from)).then(|| m.to_string()))
}

fn sorted(moves: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// The snapshot: the position text, the board with the destinations of `from` marked, the moves.
fn picture(pos: &Position, from: &str) -> String {
    let targets: CellSet = moves_of(pos, cell(from))
        .iter()
        .map(|(_, to)| to.index())
        .collect();
    format!(
        "{pos}\nmoves of {from}: {}\n\n{}",
        moves_from(pos, from).join(" "),
        render::ascii(pos, targets)
    )
}

#[test]
fn fact_1_moved_pawn_has_no_vertical_capture() {
    let pos = position("Ka1 kd6 Pc4", Color::White);
    assert_eq!(moves_from(&pos, "c4"), sorted(&["c4-c5", "c4-d5"]));
    // d6 = c4 + N is not attacked: the position with the Black king there is legal, and the
    // pawn's attack set leaves it out.
    assert!(!hexvar_brusky::pawn_attacks(Color::White, cell("c4")).has(cell("d6").index()));
    insta::assert_snapshot!("fact_1_pawn_c4", picture(&pos, "c4"));

    let pos = position("Ka1 kd6 Pc4 nb5 nc5 nd5 ne5", Color::White);
    assert_eq!(moves_from(&pos, "c4"), sorted(&["c4xb5", "c4xe5"]));
    insta::assert_snapshot!("fact_1_pawn_c4_knights", picture(&pos, "c4"));
}

#[test]
fn fact_2_black_double_step_keeps_its_direction() {
    let pos = position("Ka1 kl8 pk7", Color::Black);
    assert_eq!(
        moves_from(&pos, "k7"),
        sorted(&["k7-j6", "k7-k6", "k7-i5", "k7-k5"])
    );
    assert!(!moves_from(&pos, "k7").iter().any(|m| m.ends_with("j5")));
    insta::assert_snapshot!("fact_2_pawn_k7", picture(&pos, "k7"));
}

#[test]
fn fact_3_vertical_capture_from_the_start_rank() {
    let pos = position("Ka1 kl8 Pf2 ng4", Color::White);
    assert_eq!(
        moves_from(&pos, "f2"),
        sorted(&["f2-f3", "f2-f4", "f2-g3", "f2-h4", "f2xg4"])
    );
    insta::assert_snapshot!("fact_3_pawn_f2", picture(&pos, "f2"));
}

#[test]
fn fact_4_pawns_block_each_other() {
    let white = position("Ka1 kl8 Pf2 pg3", Color::White);
    assert_eq!(moves_from(&white, "f2"), Vec::<String>::new());
    insta::assert_snapshot!("fact_4_pawn_f2", picture(&white, "f2"));
    let black = position("Ka1 kl8 Pf2 pg3", Color::Black);
    assert_eq!(moves_from(&black, "g3"), Vec::<String>::new());
}

#[test]
fn fact_5_only_an_adjacent_enemy_blocks() {
    let pos = position("Ka1 kl8 Pi2 qi4", Color::White);
    assert_eq!(moves_from(&pos, "i2"), sorted(&["i2-i3", "i2-j3", "i2-k4"]));
    insta::assert_snapshot!("fact_5_pawn_i2_queen_i4", picture(&pos, "i2"));

    let pos = position("Ka1 kl8 Pi2 qi3", Color::White);
    assert_eq!(moves_from(&pos, "i2"), Vec::<String>::new());
    insta::assert_snapshot!("fact_5_pawn_i2_queen_i3", picture(&pos, "i2"));

    let pos = position("Ka1 kl8 Pi2 Ni3", Color::White);
    assert_eq!(moves_from(&pos, "i2"), sorted(&["i2-j3", "i2-k4"]));
    insta::assert_snapshot!("fact_5_pawn_i2_knight_i3", picture(&pos, "i2"));
}

#[test]
fn fact_6_yefimov_brusky_en_passant() {
    let mut pos = position("Ka1 kl8 Pj2 pj4", Color::White);
    assert_eq!(moves_from(&pos, "j2"), sorted(&["j2-j3", "j2-k3", "j2-l4"]));
    insta::assert_snapshot!("fact_6_pawn_j2", picture(&pos, "j2"));

    pos.play("j2-l4".parse().unwrap()).unwrap();
    assert_eq!(
        moves_from(&pos, "j4"),
        sorted(&["j4-i3", "j4-j3", "j4xk3e.p."])
    );
    insta::assert_snapshot!("fact_6_pawn_j4_after_j2_l4", picture(&pos, "j4"));

    pos.play(Move::EnPassant {
        from: cell("j4"),
        to: cell("k3"),
    })
    .unwrap();
    assert_eq!(
        pos.piece_at(cell("l4")),
        None,
        "the en passant capture removes the pawn on l4"
    );
    assert_eq!(
        pos.piece_at(cell("k3")),
        Some(Piece::new(Color::Black, Role::Pawn))
    );
}

const CASTLING_START: &str = "Ra1 Kf1 Ri1 Pa2 Pb2 Pc2 Pd2 Pe2 Pf2 Pg2 Ph2 Pi2 Pj2 \
                              rd8 kg8 rl8 pc7 pd7 pe7 pf7 pg7 ph7 pi7 pj7 pk7 pl7";

fn castlings(pos: &Position) -> Vec<String> {
    legal_move_texts(pos, |m| {
        matches!(m, Move::Castle { .. }).then(|| m.to_string())
    })
}

fn with_rights(pos: Position) -> Position {
    let mut setup = pos.to_setup();
    setup.castling = "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w KQkq - 0 1"
        .parse::<Setup>()
        .unwrap()
        .castling;
    Position::from_setup(setup).unwrap()
}

#[test]
fn fact_7_castling() {
    let white = with_rights(position(CASTLING_START, Color::White));
    assert_eq!(castlings(&white), sorted(&["O-O", "O-O-O"]));
    insta::assert_snapshot!("fact_7_castling_white", picture(&white, "f1"));
    let after = white.played("O-O".parse().unwrap());
    assert_eq!(
        after.piece_at(cell("h1")),
        Some(Piece::new(Color::White, Role::King))
    );
    assert_eq!(
        after.piece_at(cell("g1")),
        Some(Piece::new(Color::White, Role::Rook))
    );
    let after = white.played("O-O-O".parse().unwrap());
    assert_eq!(
        after.piece_at(cell("c1")),
        Some(Piece::new(Color::White, Role::King))
    );
    assert_eq!(
        after.piece_at(cell("d1")),
        Some(Piece::new(Color::White, Role::Rook))
    );

    let black = with_rights(position(CASTLING_START, Color::Black));
    assert_eq!(castlings(&black), sorted(&["o-o", "o-o-o"]));
    insta::assert_snapshot!("fact_7_castling_black", picture(&black, "g8"));
    let after = black.played(black.parse_move("O-O").unwrap());
    assert_eq!(
        after.piece_at(cell("e8")),
        Some(Piece::new(Color::Black, Role::King))
    );
    assert_eq!(
        after.piece_at(cell("f8")),
        Some(Piece::new(Color::Black, Role::Rook))
    );
    let after = black.played(black.parse_move("O-O-O").unwrap());
    assert_eq!(
        after.piece_at(cell("j8")),
        Some(Piece::new(Color::Black, Role::King))
    );
    assert_eq!(
        after.piece_at(cell("i8")),
        Some(Piece::new(Color::Black, Role::Rook))
    );

    // A knight on b3 attacks c1: no O-O-O. A knight on a3 attacks only b1: both stay.
    let pos = with_rights(position(&format!("{CASTLING_START} nb3"), Color::White));
    assert_eq!(castlings(&pos), sorted(&["O-O"]));
    insta::assert_snapshot!("fact_7_castling_knight_b3", picture(&pos, "f1"));
    let pos = with_rights(position(&format!("{CASTLING_START} na3"), Color::White));
    assert_eq!(castlings(&pos), sorted(&["O-O", "O-O-O"]));

    // Without pawns the d8 rook hits d1 and the i1 rook hits i8.
    let open = "Ra1 Kf1 Ri1 rd8 kg8 rl8";
    let white = with_rights(position(open, Color::White));
    assert_eq!(castlings(&white), sorted(&["O-O"]));
    insta::assert_snapshot!("fact_7_castling_open_white", picture(&white, "f1"));
    let black = with_rights(position(open, Color::Black));
    assert_eq!(castlings(&black), sorted(&["o-o"]));
}

#[test]
fn fact_8_promotion() {
    let pos = position("Ka1 kl8 Pe7 rd8", Color::White);
    let expected: Vec<String> = ["e7-e8", "e7-f8", "e7xd8"]
        .iter()
        .flat_map(|m| ["Q", "R", "B", "N"].map(|r| format!("{m}={r}")))
        .collect();
    let mut expected = expected;
    expected.sort();
    assert_eq!(moves_from(&pos, "e7"), expected);
    insta::assert_snapshot!("fact_8_promotion_e7", picture(&pos, "e7"));

    let pos = position("Ka1 kl8 Pe7 rf8", Color::White);
    assert_eq!(moves_from(&pos, "e7"), Vec::<String>::new());

    let pos = position("Ka1 kl8 ph2", Color::Black);
    let mut expected: Vec<String> = ["h2-g1", "h2-h1"]
        .iter()
        .flat_map(|m| ["Q", "R", "B", "N"].map(|r| format!("{m}={r}")))
        .collect();
    expected.sort();
    assert_eq!(moves_from(&pos, "h2"), expected);
    insta::assert_snapshot!("fact_8_promotion_h2", picture(&pos, "h2"));
}

#[test]
fn fact_9_initial_position() {
    let pos = Position::new();
    let moves: Vec<Move> = pos.legal_moves().to_vec();
    assert_eq!(moves.len(), 61);
    // Every pawn: two single steps and two double steps.
    let pawn_moves: Vec<String> = moves
        .iter()
        .filter(|m| pos.piece_at(m.from().unwrap()).unwrap().role == Role::Pawn)
        .map(|m| m.to_string())
        .collect();
    assert_eq!(pawn_moves.len(), 40);
    for file in 0..10u8 {
        let from = Cell::new(file, 1).unwrap();
        let mut expected = Vec::new();
        for (df, dr) in [(0, 1), (1, 1), (0, 2), (2, 2)] {
            expected.push(format!("{from}-{}", Cell::new(file + df, 1 + dr).unwrap()));
        }
        expected.sort();
        assert_eq!(moves_from(&pos, &from.to_string()), expected, "pawn {from}");
    }
    let mut pieces: Vec<String> = moves
        .iter()
        .filter(|m| pos.piece_at(m.from().unwrap()).unwrap().role != Role::Pawn)
        .map(|m| m.to_string())
        .collect();
    pieces.sort();
    assert_eq!(
        pieces,
        sorted(&[
            "b1-a3", "b1-c4", "b1-d4", "b1-e3", "h1-g3", "h1-i4", "h1-j4", "h1-k3", "c1-d3",
            "c1-e5", "c1xf7", "e1-f3", "e1-g5", "e1xh7", "g1-h3", "g1-i5", "g1xj7", "d1-e3",
            "d1-f5", "d1xg7", "f1-g3",
        ])
    );
    // Bxh7 and Qxg7 give check; the other captures do not.
    for (m, check) in [
        ("e1xh7", true),
        ("d1xg7", true),
        ("c1xf7", false),
        ("g1xj7", false),
    ] {
        assert_eq!(pos.played(m.parse().unwrap()).is_check(), check, "{m}");
    }
    let all: CellSet = moves.iter().map(|m| m.to().index()).collect();
    insta::assert_snapshot!(
        "fact_9_initial_position",
        format!("{pos}\n\n{}", render::ascii(&pos, all))
    );
}

#[test]
fn en_passant_field_is_validated() {
    // After g7-g5 the White pawn on h5 may take en passant on g6.
    let text = "rnbkbqbnr/pppp1ppppp/11/6pP4/12/11/PPPPPPP1PP/RNBQBKBNR w KQkq g6g5 0 2";
    let pos: Position = text.parse().unwrap();
    assert_eq!(pos.to_string(), text);
    assert!(pos
        .legal_moves()
        .iter()
        .any(|m| m.to_string() == "h5xg6e.p."));
    // Not the trace of a double step from Black's start rank.
    let bad = "rnbkbqbnr/pppp1ppppp/11/6pP4/12/11/PPPPPPP1PP/RNBQBKBNR w KQkq g6g4 0 2";
    assert!(bad.parse::<Position>().is_err());
    let wrong_side = "rnbkbqbnr/pppp1ppppp/11/6pP4/12/11/PPPPPPP1PP/RNBQBKBNR b KQkq g6g5 0 2";
    assert!(wrong_side.parse::<Position>().is_err());
    // A usable-by-nobody target is dropped: no White pawn next to g5.
    let unused = "rnbkbqbnr/pppp1ppppp/11/6p5/12/11/PPPPPPPPPP/RNBQBKBNR w KQkq g6g5 0 2";
    assert_eq!(unused.parse::<Position>().unwrap().en_passant(), None);
}

#[test]
fn docs_start_picture_is_current() {
    // Regenerate with `cargo run -p hexvar-brusky --example brusky_svg > crates/brusky/docs/brusky-start.svg`.
    let picture = render::svg(&Position::new(), CellSet::EMPTY);
    assert_eq!(picture, include_str!("../docs/brusky-start.svg"));
}
