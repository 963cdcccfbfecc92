//! proptest properties over random games, with a slow reference legality oracle.
//!
//! The oracle walks the step tables cell by cell (no bit tricks, no pins, no check masks),
//! builds every pseudo-legal move, plays it and keeps it when the mover's King is not attacked
//! (castling also not out of or through check). The generator must agree exactly.

use hexvar_chessagon::board::{
    Cell as C, BISHOP_STEPS, DUKE_STEPS, KING, KNIGHT, PAWN_CAPTURES, PAWN_DOUBLES, PAWN_PUSHES,
    PROMOTION, ROOK_STEPS,
};
use hexvar_chessagon::{
    perft, perft_without_bulk, Castling, Cell, Color, Move, Position, Role, Setup,
};
use proptest::prelude::*;

#[allow(clippy::needless_range_loop)]
fn walk(steps: &[[u16; 6]; 96], from: usize, occ: u128) -> u128 {
    let mut out = 0u128;
    for d in 0..6 {
        let mut at = steps[from][d];
        while at != u16::MAX {
            out |= 1u128 << at;
            if occ >> at & 1 != 0 {
                break;
            }
            at = steps[at as usize][d];
        }
    }
    out
}

fn attacked(pos: &Position, cell: Cell, by: Color, occ: u128) -> bool {
    for from in Cell::ALL {
        let Some(p) = pos.piece_at(from) else {
            continue;
        };
        if p.color != by || occ & from.bit() == 0 {
            continue;
        }
        let f = from.index();
        let reach = match p.role {
            Role::Pawn => PAWN_CAPTURES[by.index()][f],
            Role::Knight => KNIGHT[f],
            Role::King => KING[f],
            Role::Bishop => walk(&BISHOP_STEPS, f, occ),
            Role::Duke => walk(&DUKE_STEPS, f, occ),
            Role::Rook => walk(&ROOK_STEPS, f, occ),
            Role::Queen => {
                walk(&ROOK_STEPS, f, occ) | walk(&DUKE_STEPS, f, occ) | walk(&BISHOP_STEPS, f, occ)
            }
        };
        if reach & cell.bit() != 0 {
            return true;
        }
    }
    false
}

fn oracle(pos: &Position) -> Vec<Move> {
    let us = pos.turn();
    let them = us.other();
    let occ = pos.occupied();
    let ours = pos.pieces_of(us);
    let theirs = pos.pieces_of(them);
    let mut pseudo = Vec::new();
    for from in Cell::ALL {
        let Some(p) = pos.piece_at(from) else {
            continue;
        };
        if p.color != us {
            continue;
        }
        let f = from.index();
        let targets = match p.role {
            Role::Pawn => {
                let mut t =
                    PAWN_PUSHES[us.index()][f] & !occ | PAWN_CAPTURES[us.index()][f] & theirs;
                if pos.unmoved_pawns() & from.bit() != 0 {
                    for &(m, to) in &PAWN_DOUBLES[us.index()][f] {
                        if m != u8::MAX && occ >> m & 1 == 0 && occ >> to & 1 == 0 {
                            t |= 1u128 << to;
                        }
                    }
                }
                if let Some(ep) = pos.ep() {
                    if PAWN_CAPTURES[us.index()][f] & ep.middle.bit() != 0 {
                        pseudo.push(Move::EnPassant {
                            from,
                            to: ep.middle,
                        });
                    }
                }
                t
            }
            Role::Knight => KNIGHT[f],
            Role::King => KING[f],
            Role::Bishop => walk(&BISHOP_STEPS, f, occ),
            Role::Duke => walk(&DUKE_STEPS, f, occ),
            Role::Rook => walk(&ROOK_STEPS, f, occ),
            Role::Queen => {
                walk(&ROOK_STEPS, f, occ) | walk(&DUKE_STEPS, f, occ) | walk(&BISHOP_STEPS, f, occ)
            }
        } & !ours;
        for to in Cell::ALL.into_iter().filter(|c| targets & c.bit() != 0) {
            if p.role == Role::Pawn && PROMOTION[us.index()] & to.bit() != 0 {
                pseudo.push(Move::Promotion { from, to });
            } else {
                pseudo.push(Move::Normal { from, to });
            }
        }
    }
    let king = pos.king(us);
    let in_check = attacked(pos, king, them, occ);
    for castling in Castling::of(us) {
        let i = castling.info();
        let right = [1u8, 2, 4, 8][castling.right()];
        if pos.castling_rights() & right != 0
            && !in_check
            && occ & i.empty == 0
            && Cell::ALL
                .into_iter()
                .filter(|c| i.safe & c.bit() != 0)
                .all(|c| !attacked(pos, c, them, occ))
        {
            pseudo.push(Move::Castle { castling });
        }
    }
    let mut legal: Vec<Move> = pseudo
        .into_iter()
        .filter(|&m| {
            let mut next = *pos;
            next.play_unchecked(m);
            !attacked(&next, next.king(us), them, next.occupied())
        })
        .collect();
    legal.sort();
    legal
}

/// Start positions for the random games: the initial position, and positions (from the spec's
/// Appendix A and §7) where castling, en passant and promotion are close.
const STARTS: [&str; 5] = [
    "qk/bddb/rnppnr/pppppppp/1pp2pp1/8/8/8/8/8/1PP2PP1/PPPPPPPP/RNPPNR/BDDB/QK w KQkq -",
    "qk/4/r1pp1r/pppppppp/1pp2pp1/8/8/8/8/8/1PP2PP1/PPPPPPPP/R1PP1R/4/QK w KQkq -",
    "1k/4/2pp2/pppppppp/2p2pp1/8/8/pP6/8/8/1P3PP1/PPPPPPPP/2PP2/4/1K w - b10a8",
    "1k/4/2pp2/p1pppppp/5pp1/P7/1p6/8/8/8/1PP2PP1/1PPPPPPP/2PP2/4/1K w - -",
    "1k/4/2p3/8/4p3/3Q4/8/8/8/8/8/8/3P2/4/1K w - -",
];

fn play_random(choices: &[usize]) -> Vec<Position> {
    let mut pos: Position = STARTS[choices.first().copied().unwrap_or(0) % STARTS.len()]
        .parse()
        .unwrap();
    let mut seen = vec![pos];
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[c % moves.len()]).unwrap();
        seen.push(pos);
    }
    seen
}

proptest! {
    // 48 cases in `cargo test`; set PROPTEST_CASES for a longer hunt.
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(48),
        ..ProptestConfig::default()
    })]

    #[test]
    fn generator_equals_the_slow_oracle(choices in proptest::collection::vec(any::<usize>(), 0..120)) {
        for pos in play_random(&choices) {
            let mut got: Vec<Move> = pos.legal_moves().to_vec();
            got.sort();
            prop_assert_eq!(&got, &oracle(&pos), "{}", pos);
            prop_assert_eq!(pos.count_moves(), got.len() as u64);
        }
    }

    #[test]
    fn hash_text_and_setup_round_trip(choices in proptest::collection::vec(any::<usize>(), 0..120)) {
        for pos in play_random(&choices) {
            let again = Position::from_setup(pos.to_setup()).unwrap();
            prop_assert_eq!(again, pos);
            prop_assert_eq!(again.hash(), pos.hash());
            let text = pos.to_string();
            let setup: Setup = text.parse().unwrap();
            prop_assert_eq!(setup.to_string(), text.clone());
            let reparsed: Position = text.parse().unwrap();
            prop_assert_eq!(reparsed.to_string(), text);
            for m in pos.legal_moves().iter() {
                prop_assert_eq!(pos.parse_move(&m.to_string()).unwrap(), *m);
            }
        }
    }

    #[test]
    fn illegal_moves_leave_the_position_untouched(choices in proptest::collection::vec(any::<usize>(), 0..60), a in 0usize..96, b in 0usize..96) {
        let pos = *play_random(&choices).last().unwrap();
        let m = Move::Normal { from: Cell::ALL[a], to: Cell::ALL[b] };
        let mut copy = pos;
        match copy.play(m) {
            Ok(()) => prop_assert!(pos.legal_moves().contains(&m)),
            Err(_) => { prop_assert!(!pos.legal_moves().contains(&m)); prop_assert_eq!(copy, pos); }
        }
    }

    #[test]
    fn bulk_counting_changes_nothing(choices in proptest::collection::vec(any::<usize>(), 0..80)) {
        let pos = *play_random(&choices).last().unwrap();
        prop_assert_eq!(perft(&pos, 2), perft_without_bulk(&pos, 2));
    }
}

#[test]
fn capacity_bound_holds_in_a_crowded_position() {
    // 15 Queens (14 promoted pawns), 2 Dukes, 2 Bishops, 2 Knights, 2 Rooks, the King: 24
    // pieces spread over the board; the move count stays far below the proven bound.
    // The black King hides behind its pawns (no line or leap reaches e15).
    let text = "pk/1ppp/2pp2/8/8/Q1Q1Q1Q1/1Q1Q1Q1Q/Q1Q1Q1Q1/8/1Q1Q1Q1D/8/D1BB2N1/N1R1R1/4/1K w - -";
    let pos: Position = text.parse().unwrap();
    assert_eq!(pos.pieces_of(Color::White).count_ones(), 24);
    let n = pos.legal_moves().len();
    assert!(n > 200 && n <= hexvar_chessagon::MAX_MOVES, "{n}");
    let _ = C::ALL;
}

proptest! {
    #[test]
    fn parsers_never_panic(text in "\\PC{0,80}") {
        let _ = text.parse::<Setup>();
        let _ = text.parse::<Position>();
        let _ = text.parse::<Move>();
        let _ = text.parse::<Cell>();
        let _ = Position::new().parse_move(&text);
    }

    #[test]
    fn mutated_position_texts_never_panic(cut in 0usize..90, insert in "[ /0-9a-zA-Z-]{0,4}") {
        let start = STARTS[2];
        let cut = cut.min(start.len());
        let text = format!("{}{}{}", &start[..cut], insert, &start[cut..]);
        if let Ok(pos) = text.parse::<Position>() {
            // Whatever parses is a valid position that prints and parses back.
            let again: Position = pos.to_string().parse().unwrap();
            prop_assert_eq!(again.to_string(), pos.to_string());
        }
    }
}
