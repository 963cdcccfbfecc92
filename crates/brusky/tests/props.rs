//! Properties over random games, checked against a slow reference implementation of the rules
//! written independently of the crate's tables: plain (file, rank) coordinates, the direction
//! lists of the rules file, and legality by playing the move and looking for attacks.

use hexvar_brusky::{
    perft, perft_without_bulk, CastlingSide, Cell, Color, Move, Piece, Position, Role, Setup,
};
use hexvar_geometry::checks::read_as_everything;
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

// ------------------------------------------------------------------------------------------
// The reference: rules file §1–§7, cell by cell.

type Board = [[Option<Piece>; 8]; 12];

const ORTHOGONAL: [(i8, i8); 6] = [(1, 0), (1, 1), (0, 1), (-1, 0), (-1, -1), (0, -1)];
const DIAGONAL: [(i8, i8); 6] = [(2, 1), (1, 2), (-1, 1), (-2, -1), (-1, -2), (1, -1)];
const KNIGHT: [(i8, i8); 12] = [
    (3, 1),
    (3, 2),
    (2, 3),
    (1, 3),
    (-1, 2),
    (-2, 1),
    (-3, -1),
    (-3, -2),
    (-2, -3),
    (-1, -3),
    (1, -2),
    (2, -1),
];

fn on_board(f: i8, r: i8) -> bool {
    (0..12).contains(&f) && (0..8).contains(&r) && (-4..=8).contains(&(f - r))
}

fn at(board: &Board, f: i8, r: i8) -> Option<Piece> {
    if on_board(f, r) {
        board[f as usize][r as usize]
    } else {
        None
    }
}

fn name(f: i8, r: i8) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn board_of(pos: &Position) -> Board {
    let mut board = [[None; 8]; 12];
    for cell in Cell::ALL {
        board[cell.file() as usize][cell.rank() as usize] = pos.piece_at(cell);
    }
    board
}

fn forward(color: Color) -> [(i8, i8); 2] {
    match color {
        Color::White => [(0, 1), (1, 1)],
        Color::Black => [(-1, -1), (0, -1)],
    }
}

fn pawn_captures(color: Color, r: i8) -> Vec<(i8, i8)> {
    let (mut dirs, vertical, start) = match color {
        Color::White => (vec![(-1, 1), (2, 1)], (1, 2), 1),
        Color::Black => (vec![(-2, -1), (1, -1)], (-1, -2), 6),
    };
    if r == start {
        dirs.push(vertical);
    }
    dirs
}

fn slides_to(board: &Board, (f, r): (i8, i8), (tf, tr): (i8, i8), dirs: &[(i8, i8)]) -> bool {
    dirs.iter().any(|&(df, dr)| {
        let (mut x, mut y) = (f + df, r + dr);
        while on_board(x, y) {
            if (x, y) == (tf, tr) {
                return true;
            }
            if board[x as usize][y as usize].is_some() {
                return false;
            }
            x += df;
            y += dr;
        }
        false
    })
}

fn attacked(board: &Board, target: (i8, i8), by: Color) -> bool {
    for f in 0..12 {
        for r in 0..8 {
            let Some(p) = at(board, f, r) else { continue };
            if p.color != by {
                continue;
            }
            let d = (target.0 - f, target.1 - r);
            let hit = match p.role {
                Role::Pawn => pawn_captures(by, r).contains(&d),
                Role::Knight => KNIGHT.contains(&d),
                Role::King => ORTHOGONAL.contains(&d) || DIAGONAL.contains(&d),
                Role::Rook => slides_to(board, (f, r), target, &ORTHOGONAL),
                Role::Bishop => slides_to(board, (f, r), target, &DIAGONAL),
                Role::Queen => {
                    slides_to(board, (f, r), target, &ORTHOGONAL)
                        || slides_to(board, (f, r), target, &DIAGONAL)
                }
            };
            if hit {
                return true;
            }
        }
    }
    false
}

fn king_of(board: &Board, color: Color) -> (i8, i8) {
    for f in 0..12 {
        for r in 0..8 {
            if at(board, f, r) == Some(Piece::new(color, Role::King)) {
                return (f, r);
            }
        }
    }
    panic!("no king");
}

/// A candidate move: its notation and the board after it.
fn candidates(pos: &Position) -> Vec<(String, Board)> {
    let board = board_of(pos);
    let us = pos.turn();
    let them = us.other();
    let mut out = Vec::new();
    let mut add =
        |text: String, from: (i8, i8), to: (i8, i8), becomes: Piece, extra: Option<(i8, i8)>| {
            let mut b = board;
            b[from.0 as usize][from.1 as usize] = None;
            if let Some((x, y)) = extra {
                b[x as usize][y as usize] = None;
            }
            b[to.0 as usize][to.1 as usize] = Some(becomes);
            out.push((text, b));
        };
    let last_rank = if us == Color::White { 7 } else { 0 };
    for f in 0..12i8 {
        for r in 0..8i8 {
            let Some(piece) = at(&board, f, r) else {
                continue;
            };
            if piece.color != us {
                continue;
            }
            let mut targets: Vec<(i8, i8)> = Vec::new();
            let slide = |dirs: &[(i8, i8)], targets: &mut Vec<(i8, i8)>| {
                for &(df, dr) in dirs {
                    let (mut x, mut y) = (f + df, r + dr);
                    while on_board(x, y) {
                        match at(&board, x, y) {
                            None => targets.push((x, y)),
                            Some(p) => {
                                if p.color == them {
                                    targets.push((x, y));
                                }
                                break;
                            }
                        }
                        x += df;
                        y += dr;
                    }
                }
            };
            match piece.role {
                Role::Rook => slide(&ORTHOGONAL, &mut targets),
                Role::Bishop => slide(&DIAGONAL, &mut targets),
                Role::Queen => {
                    slide(&ORTHOGONAL, &mut targets);
                    slide(&DIAGONAL, &mut targets);
                }
                Role::Knight | Role::King => {
                    let steps: Vec<(i8, i8)> = if piece.role == Role::Knight {
                        KNIGHT.to_vec()
                    } else {
                        ORTHOGONAL.iter().chain(DIAGONAL.iter()).copied().collect()
                    };
                    for (df, dr) in steps {
                        let (x, y) = (f + df, r + dr);
                        if on_board(x, y) && at(&board, x, y).is_none_or(|p| p.color == them) {
                            targets.push((x, y));
                        }
                    }
                }
                Role::Pawn => {
                    let mut pawn_targets = Vec::new();
                    let ahead = forward(us);
                    let blocked = ahead.iter().any(|&(df, dr)| {
                        at(&board, f + df, r + dr).is_some_and(|p| p.color == them)
                    });
                    if !blocked {
                        for (df, dr) in ahead {
                            let (x, y) = (f + df, r + dr);
                            if on_board(x, y) && at(&board, x, y).is_none() {
                                pawn_targets.push((x, y));
                                let (x2, y2) = (x + df, y + dr);
                                if r == us_start(us)
                                    && on_board(x2, y2)
                                    && at(&board, x2, y2).is_none()
                                {
                                    pawn_targets.push((x2, y2));
                                }
                            }
                        }
                    }
                    for (df, dr) in pawn_captures(us, r) {
                        let (x, y) = (f + df, r + dr);
                        if at(&board, x, y).is_some_and(|p| p.color == them) {
                            pawn_targets.push((x, y));
                        }
                        if let Some(ep) = pos.en_passant() {
                            if (x, y) == (ep.passed.file() as i8, ep.passed.rank() as i8) {
                                let victim = (ep.pawn.file() as i8, ep.pawn.rank() as i8);
                                add(
                                    format!("{}x{}e.p.", name(f, r), name(x, y)),
                                    (f, r),
                                    (x, y),
                                    piece,
                                    Some(victim),
                                );
                            }
                        }
                    }
                    for (x, y) in pawn_targets {
                        let sep = if at(&board, x, y).is_some() { 'x' } else { '-' };
                        if y == last_rank {
                            for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                                add(
                                    format!("{}{sep}{}={}", name(f, r), name(x, y), role.char()),
                                    (f, r),
                                    (x, y),
                                    Piece::new(us, role),
                                    None,
                                );
                            }
                        } else {
                            // An ordinary step or capture, written as any man's below.
                            targets.push((x, y));
                        }
                    }
                }
            }
            for (x, y) in targets {
                let sep = if at(&board, x, y).is_some() { 'x' } else { '-' };
                add(
                    format!("{}{sep}{}", name(f, r), name(x, y)),
                    (f, r),
                    (x, y),
                    piece,
                    None,
                );
            }
        }
    }
    // Castling, from the table of §7 (upper case for White, lower case for Black): the move, the
    // King's and the Rook's cells (from, to); the cells that must be empty; those that must not
    // be attacked.
    let table = [
        "O-O f1 h1 i1 g1 / g1 h1 / f1 g1 h1",
        "O-O-O f1 c1 a1 d1 / b1 c1 d1 e1 / f1 e1 d1 c1",
        "o-o g8 e8 d8 f8 / e8 f8 / g8 f8 e8",
        "o-o-o g8 j8 l8 i8 / h8 i8 j8 k8 / g8 h8 i8 j8",
    ];
    let fr = |s: &str| {
        let c: Cell = s.parse().unwrap();
        (c.file() as i8, c.rank() as i8)
    };
    for row in table {
        let parts: Vec<&str> = row.split(" / ").collect();
        let [moves, empty, safe] = parts[..] else {
            unreachable!("three parts a row")
        };
        let moves: Vec<&str> = moves.split(' ').collect();
        let [text, kf, kt, rf, rt] = moves[..] else {
            unreachable!("the move and four cells")
        };
        let color = if text.starts_with('O') {
            Color::White
        } else {
            Color::Black
        };
        let side = if text.len() == 3 {
            CastlingSide::KingSide
        } else {
            CastlingSide::QueenSide
        };
        if color != us || !pos.castling_rights().has(color, side) {
            continue;
        }
        if empty
            .split(' ')
            .any(|c| at(&board, fr(c).0, fr(c).1).is_some())
        {
            continue;
        }
        if safe.split(' ').any(|c| attacked(&board, fr(c), them)) {
            continue;
        }
        let mut b = board;
        for c in [kf, rf] {
            b[fr(c).0 as usize][fr(c).1 as usize] = None;
        }
        b[fr(kt).0 as usize][fr(kt).1 as usize] = Some(Piece::new(us, Role::King));
        b[fr(rt).0 as usize][fr(rt).1 as usize] = Some(Piece::new(us, Role::Rook));
        out.push((text.to_string(), b));
    }
    out
}

fn us_start(color: Color) -> i8 {
    if color == Color::White {
        1
    } else {
        6
    }
}

/// The legal moves by the reference: candidates after which the mover's king is not attacked.
fn reference_moves(pos: &Position) -> Vec<String> {
    let us = pos.turn();
    let mut moves: Vec<String> = candidates(pos)
        .into_iter()
        .filter(|(_, b)| !attacked(b, king_of(b, us), us.other()))
        .map(|(text, _)| text)
        .collect();
    moves.sort();
    moves
}

fn generated_moves(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    moves
}

/// Plays a random game: each choice picks one legal move by index.
fn random_game(choices: &[usize]) -> Vec<Position> {
    let mut positions = vec![Position::new()];
    for &choice in choices {
        let pos = positions.last().unwrap();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let next = pos.played(moves[choice % moves.len()]);
        positions.push(next);
    }
    positions
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn generated_moves_equal_the_reference(choices in prop::collection::vec(any::<usize>(), 0..120)) {
        for pos in random_game(&choices) {
            prop_assert_eq!(generated_moves(&pos), reference_moves(&pos), "{}", pos);
            let board = board_of(&pos);
            prop_assert_eq!(pos.is_check(), attacked(&board, king_of(&board, pos.turn()), pos.turn().other()));
        }
    }

    #[test]
    fn text_round_trips_and_hash_is_incremental(choices in prop::collection::vec(any::<usize>(), 0..120)) {
        for pos in random_game(&choices) {
            let text = pos.to_string();
            let setup: Setup = text.parse().unwrap();
            prop_assert_eq!(setup.to_string(), text.clone());
            let reparsed: Position = text.parse().unwrap();
            // Equality covers every field, the incrementally kept hash included.
            prop_assert_eq!(&reparsed, &pos);
            prop_assert_eq!(pos.zobrist_hash(), pos.compute_hash());
        }
    }

    #[test]
    fn perft_is_the_sum_over_children(choices in prop::collection::vec(any::<usize>(), 0..60)) {
        let pos = random_game(&choices).pop().unwrap();
        let children: u64 = pos.legal_moves().iter().map(|&m| perft(&pos.played(m), 1)).sum();
        prop_assert_eq!(perft(&pos, 2), children);
        prop_assert_eq!(perft(&pos, 2), perft_without_bulk(&pos, 2));
        prop_assert_eq!(perft(&pos, 1) as usize, pos.legal_move_count());
    }

    #[test]
    fn illegal_moves_leave_the_position_untouched(
        choices in prop::collection::vec(any::<usize>(), 0..60),
        from in 0usize..84,
        to in 0usize..84,
        capture: bool,
    ) {
        let mut pos = random_game(&choices).pop().unwrap();
        let m = Move::Normal { from: Cell::ALL[from], to: Cell::ALL[to], capture, promotion: None };
        let before = pos;
        let legal = pos.legal_moves().contains(&m);
        prop_assert_eq!(pos.play(m).is_ok(), legal);
        if !legal {
            prop_assert_eq!(pos, before);
        }
    }

    #[test]
    fn parsers_never_panic(text in ".{0,100}") {
        let _ = text.parse::<Setup>();
        read_as_everything::<Position>(&text);
    }

    #[test]
    fn mutated_position_texts_never_panic(
        choices in prop::collection::vec(any::<usize>(), 0..40),
        at in any::<prop::sample::Index>(),
        insert in "[ -~]{0,3}",
        cut in 0usize..4,
    ) {
        let text = random_game(&choices).pop().unwrap().to_string();
        let i = at.index(text.len() + 1);
        let end = (i + cut).min(text.len());
        let mutated = format!("{}{}{}", &text[..i], insert, &text[end..]);
        if let Ok(pos) = mutated.parse::<Position>() {
            // Whatever parses is a consistent position.
            prop_assert_eq!(pos.zobrist_hash(), pos.compute_hash());
            prop_assert_eq!(generated_moves(&pos), reference_moves(&pos));
        }
    }
}

/// The checks of every ply of a random game: text, setup, hash, notation, illegal play, serde.
fn check_ply(pos: &Position, illegal: Move) -> Result<(), TestCaseError> {
    let text = pos.to_string();
    let reparsed: Position = text.parse().unwrap();
    prop_assert_eq!(&reparsed, pos);
    prop_assert_eq!(reparsed.zobrist_hash(), pos.zobrist_hash());
    prop_assert_eq!(pos.zobrist_hash(), pos.compute_hash());
    let setup: Setup = text.parse().unwrap();
    prop_assert_eq!(&setup, &pos.to_setup());
    prop_assert_eq!(setup.to_string(), text.clone());
    prop_assert_eq!(setup.to_string().parse::<Setup>().unwrap(), setup);
    let moves = pos.legal_moves();
    let them = pos.turn().other();
    for &m in moves.iter() {
        prop_assert_eq!(pos.parse_move(&m.to_string()), Ok(m));
        prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        // `is_zeroing` is exactly what resets the halfmove clock; `captured` is the man that
        // leaves the board (en passant included).
        let after = pos.played(m);
        prop_assert_eq!(pos.is_zeroing(m), after.halfmove_clock() == 0, "{}", m);
        let lost = pos.by_color(them).len() - after.by_color(them).len();
        match pos.captured(m) {
            Some(piece) => {
                prop_assert_eq!(piece.color, them);
                prop_assert_eq!(lost, 1);
                let of_role = |p: &Position| (p.by_role(piece.role) & p.by_color(them)).len();
                prop_assert_eq!(of_role(pos), of_role(&after) + 1);
            }
            None => prop_assert_eq!(lost, 0),
        }
    }
    if !moves.contains(&illegal) {
        let mut after = *pos;
        prop_assert!(after.play(illegal).is_err());
        prop_assert_eq!(&after, pos);
    }
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(pos).unwrap();
        prop_assert_eq!(&serde_json::from_str::<Position>(&json).unwrap(), pos);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 32, ..ProptestConfig::default() })]

    #[test]
    fn every_ply_round_trips_and_refuses_illegal_moves(
        choices in prop::collection::vec(any::<usize>(), 0..160),
        from in 0usize..84,
        to in 0usize..84,
        capture: bool,
    ) {
        let illegal = Move::Normal { from: Cell::ALL[from], to: Cell::ALL[to], capture, promotion: None };
        let mut pos = Position::new();
        for choice in choices {
            check_ply(&pos, illegal)?;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play(moves[choice % moves.len()]).unwrap();
        }
        check_ply(&pos, illegal)?;
    }
}

#[test]
fn reference_agrees_on_the_start_position() {
    assert_eq!(reference_moves(&Position::new()).len(), 61);
}
