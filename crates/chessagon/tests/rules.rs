//! Every official diagram of the spec's Appendix A as a snapshot test with an exact assertion.
//!
//! The diagrams show **pseudo-legal** moves (moves into check included), so the highlighted set
//! is compared with [`Position::pseudo_targets`]; separately the legal moves of that piece must be
//! that set minus the moves that leave its own King attacked (checked by playing each one).
//! The snapshot is a picture (the position with the highlighted cells bracketed); the assertion
//! is the proof.

use hexvar_chessagon::render::ascii;
use hexvar_chessagon::{Castling, Cell, CellSet, Color, Move, Position, Role};
use hexvar_geometry::checks::legal_move_texts;

include!("diagrams.in");

fn set(cells: &str) -> CellSet {
    cells
        .split_whitespace()
        .map(|c| c.parse::<Cell>().unwrap().set())
        .fold(CellSet::EMPTY, |a, b| a | b)
}

fn names(set: CellSet) -> String {
    set.cells::<Cell>()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn castling_field(id: &str) -> &'static str {
    match id {
        "KR1" => "KQ",
        "KR3" => "kq",
        _ => "-",
    }
}

fn position(placement: &str, turn: char, castling: &str, ep: &str) -> Position {
    let text = format!("{placement} {turn} {castling} {ep}");
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The move of the piece on `from` to `to`, by its kind (no move generator involved).
fn make_move(pos: &Position, from: Cell, to: Cell) -> Move {
    let piece = pos.piece_at(from).unwrap();
    if piece.role == Role::King {
        if let Some(c) = Castling::of(piece.color)
            .into_iter()
            .find(|c| c.info().king_to == to && c.info().king_from == from)
        {
            // No castling target is a King step (they are 3 or 4 steps along the row).
            assert!(from.tri().cube_distance(to.tri()) > 1);
            return Move::Castle { castling: c };
        }
    }
    if piece.role == Role::Pawn {
        if pos.ep().is_some_and(|ep| ep.middle == to) {
            return Move::EnPassant { from, to };
        }
        let top = Cell::from_file_rank(to.file(), to.rank() + 1).is_none();
        let bottom = to.rank() == 1 || Cell::from_file_rank(to.file(), to.rank() - 1).is_none();
        if (piece.color == Color::White && top) || (piece.color == Color::Black && bottom) {
            return Move::Promotion { from, to };
        }
    }
    Move::Normal { from, to }
}

/// Slow oracle: the pseudo-legal targets whose move does not leave the mover's King attacked
/// (for castling also: not out of check, not through an attacked row cell).
fn oracle_legal(pos: &Position, from: Cell, pseudo: CellSet) -> CellSet {
    let us = pos.piece_at(from).unwrap().color;
    let mut legal = CellSet::EMPTY;
    for to in pseudo.cells::<Cell>() {
        let m = make_move(pos, from, to);
        if let Move::Castle { castling } = m {
            let i = castling.info();
            let attacked_before = i
                .safe
                .cells::<Cell>()
                .any(|c| !pos.attackers_to(c, us.other(), pos.occupied()).is_empty());
            if attacked_before {
                continue;
            }
        }
        let mut after = *pos;
        after.play_unchecked(m);
        let k = after.king(us);
        if after
            .attackers_to(k, us.other(), after.occupied())
            .is_empty()
        {
            legal |= to.set();
        }
    }
    legal
}

#[test]
fn appendix_a_move_diagrams() {
    assert_eq!(DIAGRAMS.len(), 45);
    for &(id, placement, ep, side, role, cell, listed) in DIAGRAMS {
        let pos = position(placement, side, castling_field(id), ep);
        let from: Cell = cell.parse().unwrap();
        let piece = pos
            .piece_at(from)
            .unwrap_or_else(|| panic!("{id}: no piece on {cell}"));
        assert_eq!(piece.role, Role::from_char(role).unwrap(), "{id}");
        let pseudo = pos.pseudo_targets(from);
        let expected = set(listed);
        assert_eq!(
            names(pseudo),
            names(expected),
            "{id}: pseudo-legal targets of {side}{role}{cell}"
        );

        let legal: CellSet = pos
            .legal_moves()
            .iter()
            .filter(|m| m.from() == Some(from))
            .map(|m| m.to().set())
            .fold(CellSet::EMPTY, |a, b| a | b);
        assert_eq!(
            names(legal),
            names(oracle_legal(&pos, from, pseudo)),
            "{id}: legal = pseudo minus moves into check"
        );

        let picture = format!(
            "{id}: {side}{role}{cell}, highlighted: {listed}\n{}\n{}",
            pos,
            ascii(&pos, pseudo)
        );
        insta::assert_snapshot!(id, picture);
    }
}

#[test]
fn king_diagrams_show_moves_into_check_which_are_not_legal() {
    // KC2: the King on e1 may not step to d2 (attacked by the black Duke on d3).
    let kc2 = DIAGRAMS.iter().find(|d| d.0 == "KC2").unwrap();
    let pos = position(kc2.1, 'w', "-", "-");
    let e1: Cell = "e1".parse().unwrap();
    let legal: Vec<String> = pos
        .legal_moves()
        .iter()
        .filter(|m| m.from() == Some(e1))
        .map(|m| m.to().to_string())
        .collect();
    assert!(set("d2").intersects(pos.pseudo_targets(e1)));
    assert!(!legal.contains(&"d2".to_string()));
}

fn after(pos: &Position, text: &str) -> Position {
    let m = pos
        .parse_move(text)
        .unwrap_or_else(|e| panic!("{pos} {text}: {e}"));
    let mut next = *pos;
    next.play(m).unwrap();
    next
}

fn placement(pos: &Position) -> String {
    pos.to_string().split(' ').next().unwrap().to_string()
}

fn diagram(id: &str) -> &'static str {
    DIAGRAMS
        .iter()
        .find(|d| d.0 == id)
        .map(|d| d.1)
        .or_else(|| RESULTS.iter().find(|d| d.0 == id).map(|d| d.1))
        .unwrap()
}

#[test]
fn appendix_a_result_diagrams() {
    assert_eq!(RESULTS.len(), 5);
    // KC6: KC5 after Kxd2.
    let next = after(&position(diagram("KC5"), 'w', "-", "-"), "e2d2");
    assert_eq!(placement(&next), diagram("KC6"));
    // KR2: White castles short from KR1: King f3, Rook e2.
    let kr1 = position(diagram("KR1"), 'w', "KQ", "-");
    let next = after(&kr1, "O-O@f3");
    assert_eq!(placement(&next), diagram("KR2"));
    assert_eq!(diagram("KR2"), diagram("KR3"));
    // KR4: Black castles long from KR3: King c13, Rook d14.
    let next = after(&position(diagram("KR3"), 'b', "kq", "-"), "O-O-O@c13");
    assert_eq!(placement(&next), diagram("KR4"));
    // PE2 -> PE3: the black b11 pawn double-pushes to a8 through b10.
    let next = after(&position(diagram("PE2"), 'b', "-", "-"), "b11a8");
    assert_eq!(placement(&next), diagram("PE3"));
    assert_eq!(
        next.ep()
            .map(|e| format!("{}{}", e.middle, e.landed))
            .as_deref(),
        Some("b10a8")
    );
    // PE4: b8xb10 en passant removes a8.
    let next = after(&position(diagram("PE3"), 'w', "-", "b10a8"), "b8b10ep");
    assert_eq!(placement(&next), diagram("PE4"));
    // PP2: a10xa12 promotes to a Queen.
    let next = after(&position(diagram("PP1"), 'w', "-", "-"), "a10a12=Q");
    assert_eq!(placement(&next), diagram("PP2"));
}

fn castles(text: &str) -> Vec<String> {
    let pos: Position = text.parse().unwrap();
    legal_move_texts(&pos, |m| {
        matches!(m, Move::Castle { .. }).then(|| m.to_string())
    })
}

#[test]
fn castling_rules_of_section_7() {
    // King and both Rooks at home, nothing between: all four castlings (the
    // rules page, Interpretations 1).
    assert_eq!(
        castles("1k/4/6/8/8/8/8/8/8/8/8/8/R4R/4/1K w KQ -"),
        ["O-O-O@c2", "O-O-O@c3", "O-O@f3", "O-O@g3"]
    );
    // Only the rights held.
    assert_eq!(
        castles("1k/4/6/8/8/8/8/8/8/8/8/8/R4R/4/1K w Q -"),
        ["O-O-O@c2", "O-O-O@c3"]
    );
    // A black Bishop on a6 attacks e2 (b5 c4 d3 e2): no castling through it, the long side stays.
    assert_eq!(
        castles("1k/4/6/8/8/8/8/8/8/b7/8/8/R4R/4/1K w KQ -"),
        ["O-O-O@c2", "O-O-O@c3"]
    );
    // Not out of check: a black Rook on e10 checks along the e file.
    assert!(castles("1k/4/6/8/8/4r3/8/8/8/8/8/8/R4R/4/1K w KQ -").is_empty());
    // A piece between King and Rook (on f3) blocks that side only.
    assert_eq!(
        castles("1k/4/6/8/8/8/8/8/8/8/8/8/R3NR/4/1K w KQ -"),
        ["O-O-O@c2", "O-O-O@c3"]
    );
    // The target must be safe: a black Knight on a6 attacks c3 (and nothing else on the row).
    assert_eq!(
        castles("1k/4/6/8/8/8/8/8/8/n7/8/8/R4R/4/1K w KQ -"),
        ["O-O-O@c2", "O-O@f3", "O-O@g3"]
    );
    // Black mirrors White.
    assert_eq!(
        castles("1k/4/r4r/8/8/8/8/8/8/8/8/8/6/4/1K b kq -"),
        ["O-O-O@c13", "O-O-O@c14", "O-O@f13", "O-O@g13"]
    );
    // Once castled, the rights are gone.
    let mut pos: Position = "1k/4/6/8/8/8/8/8/8/8/8/8/R4R/4/1K w KQ -".parse().unwrap();
    pos.play(pos.parse_move("O-O@g3").unwrap()).unwrap();
    assert_eq!(
        pos.to_string(),
        "1k/4/6/8/8/8/8/8/8/8/8/8/R4K/3R/2 b - - 1 1"
    );
}

#[test]
fn double_check_along_one_line_is_blocked_by_one_piece() {
    // The black Rook f13 and the black Bishop f14 both check the King on f2 down the f file: the
    // Bishop jumps the dark cells, including the Rook's. One White piece on a light cell between
    // them (f4 f6 f8 f10 f12) blocks both; capturing one checker does not help. Legal: the King
    // steps e1 g3, the Duke e2-f4, the pawn e4-f6 (p2p push), the Knight h9-f8 / h9-f10.
    let text = "dk/2db/R2pr1/2pqb1p1/p1N3p1/p2np3/2P1P1pN/2QP3p/P1P1n3/2r4P/2P1P2P/P1PBP3/3D2/B1DK/2 w - - 0 35";
    let pos: Position = text.parse().unwrap();
    assert_eq!(names(pos.checkers()), "f13 f14");
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    assert_eq!(moves, ["e2f4", "e4f6", "f2e1", "f2g3", "h9f10", "h9f8"]);
}
