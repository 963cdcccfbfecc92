//! proptest properties over random games, with a slow reference legality oracle.
//!
//! The oracle knows the rules only as offset tables of the official rules' neighbour relations,
//! written out below as (Δfile, Δheight) steps that depend on the colour of the cell they start
//! from. It walks every ray cell by cell, builds every pseudo-legal move, plays it and keeps it when the
//! mover's King is not attacked (castling also not out of or through check). The generator must
//! agree exactly. Every ply of every game also checks the text, hash, notation, illegal-move and
//! serde round trips.

use hexvar_chessagon::{
    perft, perft_without_bulk, Castling, Cell, Color, Move, Position, Role, Setup,
};
use hexvar_geometry::checks::read_as_everything;
use proptest::prelude::*;

type Step = (i8, i8);

/// The cell at (file, height) if it is on the board.
fn at(f: i8, h: i8) -> Option<Cell> {
    if !(0..8).contains(&f) || !(0..15).contains(&h) {
        return None;
    }
    Cell::from_file_rank(f as u8, h as u8 + 1)
}

fn fh(c: Cell) -> (i8, i8) {
    (c.file() as i8, c.rank() as i8 - 1)
}

fn dark(c: Cell) -> bool {
    let (f, h) = fh(c);
    (f + h) % 2 == 1
}

/// The step a ray takes from `c`: the light-cell step, mirrored in Δf from a dark cell when the
/// table says so (the dark table is the light one mirrored, except where listed).
fn step(c: Cell, light: Step, dark_step: Step) -> Option<Cell> {
    let (f, h) = fh(c);
    let (df, dh) = if dark(c) { dark_step } else { light };
    at(f + df, h + dh)
}

/// Rook rays: (step from light, step from dark) per direction N S NE NW SE SW.
const ROOK: [(Step, Step); 6] = [
    ((0, 1), (0, 1)),
    ((0, -1), (0, -1)),
    ((0, 1), (1, 0)),
    ((-1, 0), (0, 1)),
    ((0, -1), (1, 0)),
    ((-1, 0), (0, -1)),
];
/// Duke rays: E W NE NW SE SW.
const DUKE: [(Step, Step); 6] = [
    ((1, 0), (1, 0)),
    ((-1, 0), (-1, 0)),
    ((0, 1), (1, 2)),
    ((-1, 2), (0, 1)),
    ((0, -1), (1, -2)),
    ((-1, -2), (0, -1)),
];
/// Bishop rays: every second cell of a rook line, the same step from both colours.
const BISHOP: [Step; 6] = [(0, 2), (0, -2), (1, 1), (-1, 1), (1, -1), (-1, -1)];
/// Knight leaps from a light cell; from a dark cell Δf is mirrored.
const KNIGHT: [Step; 12] = [
    (-2, 1),
    (-2, -1),
    (-2, 3),
    (-2, -3),
    (-1, 4),
    (-1, -4),
    (0, 3),
    (0, -3),
    (1, 2),
    (1, -2),
    (2, 1),
    (2, -1),
];
/// King steps from a light cell (3 f2f, 3 p2p, 6 points adjacent); from a dark cell Δf is
/// mirrored (the points-adjacent set is symmetric).
const KING: [Step; 12] = [
    (0, 1),
    (0, -1),
    (-1, 0),
    (1, 0),
    (-1, 2),
    (-1, -2),
    (0, 2),
    (0, -2),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

fn mirrored(c: Cell, (df, dh): Step) -> Option<Cell> {
    let (f, h) = fh(c);
    let df = if dark(c) { -df } else { df };
    at(f + df, h + dh)
}

fn walk(pos: &Position, from: Cell, rays: &[(Step, Step)]) -> Vec<Cell> {
    let mut out = Vec::new();
    for &(light, dark_step) in rays {
        let mut c = from;
        while let Some(next) = step(c, light, dark_step) {
            c = next;
            out.push(c);
            if pos.piece_at(c).is_some() {
                break;
            }
        }
    }
    out
}

fn bishop_walk(pos: &Position, from: Cell) -> Vec<Cell> {
    let mut out = Vec::new();
    for (df, dh) in BISHOP {
        let (mut f, mut h) = fh(from);
        loop {
            f += df;
            h += dh;
            let Some(c) = at(f, h) else { break };
            out.push(c);
            if pos.piece_at(c).is_some() {
                break;
            }
        }
    }
    out
}

/// White's pawn steps; Black negates Δh. From a dark cell Δf is mirrored.
const PAWN_PUSH: [Step; 2] = [(0, 1), (-1, 2)];
const PAWN_DOUBLE: [(Step, Step); 2] = [((0, 1), (1, 3)), ((-1, 2), (-1, 3))];
const PAWN_CAPTURE: [Step; 3] = [(0, 2), (-1, 1), (1, 1)];

fn pawn_step(c: Cell, color: Color, (df, dh): Step) -> Option<Cell> {
    let dh = if color == Color::White { dh } else { -dh };
    mirrored(c, (df, dh))
}

/// The cells a piece on `from` attacks (captures onto), on the board as it stands.
fn reach(pos: &Position, from: Cell) -> Vec<Cell> {
    let p = pos.piece_at(from).unwrap();
    match p.role {
        Role::Pawn => PAWN_CAPTURE
            .iter()
            .filter_map(|&s| pawn_step(from, p.color, s))
            .collect(),
        Role::Knight => KNIGHT.iter().filter_map(|&s| mirrored(from, s)).collect(),
        Role::King => KING.iter().filter_map(|&s| mirrored(from, s)).collect(),
        Role::Rook => walk(pos, from, &ROOK),
        Role::Duke => walk(pos, from, &DUKE),
        Role::Bishop => bishop_walk(pos, from),
        Role::Queen => {
            let mut all = walk(pos, from, &ROOK);
            all.extend(walk(pos, from, &DUKE));
            all.extend(bishop_walk(pos, from));
            all
        }
    }
}

fn attacked(pos: &Position, cell: Cell, by: Color) -> bool {
    Cell::ALL.into_iter().any(|from| {
        pos.piece_at(from).is_some_and(|p| p.color == by) && reach(pos, from).contains(&cell)
    })
}

fn promotes(to: Cell, color: Color) -> bool {
    let (f, h) = fh(to);
    let beyond = if color == Color::White { h + 1 } else { h - 1 };
    at(f, beyond).is_none()
}

fn pawn_moves(pos: &Position, from: Cell, us: Color, out: &mut Vec<Move>) {
    let mut targets = Vec::new();
    for s in PAWN_PUSH {
        if let Some(t) = pawn_step(from, us, s).filter(|&t| pos.piece_at(t).is_none()) {
            targets.push(t);
        }
    }
    if pos.unmoved_pawns().has(from.index()) {
        for (via, to) in PAWN_DOUBLE {
            let (m, t) = (pawn_step(from, us, via), pawn_step(from, us, to));
            if let (Some(m), Some(t)) = (m, t) {
                if pos.piece_at(m).is_none() && pos.piece_at(t).is_none() {
                    targets.push(t);
                }
            }
        }
    }
    for s in PAWN_CAPTURE {
        if let Some(t) = pawn_step(from, us, s) {
            if pos.piece_at(t).is_some_and(|p| p.color != us) {
                targets.push(t);
            }
            if pos.ep().is_some_and(|ep| ep.middle == t) {
                out.push(Move::EnPassant { from, to: t });
            }
        }
    }
    for to in targets {
        out.push(if promotes(to, us) {
            Move::Promotion { from, to }
        } else {
            Move::Normal { from, to }
        });
    }
}

fn oracle(pos: &Position) -> Vec<Move> {
    let us = pos.turn();
    let them = us.other();
    let mut pseudo = Vec::new();
    for from in Cell::ALL {
        let Some(p) = pos.piece_at(from).filter(|p| p.color == us) else {
            continue;
        };
        if p.role == Role::Pawn {
            pawn_moves(pos, from, us, &mut pseudo);
            continue;
        }
        for to in reach(pos, from) {
            if pos.piece_at(to).is_none_or(|q| q.color != us) {
                pseudo.push(Move::Normal { from, to });
            }
        }
    }
    let in_check = attacked(pos, pos.king(us), them);
    for castling in Castling::of(us) {
        let i = castling.info();
        let right = [1u8, 2, 4, 8][castling.right()];
        if pos.castling_rights() & right != 0
            && !in_check
            && i.empty.cells::<Cell>().all(|c| pos.piece_at(c).is_none())
            && i.safe.cells::<Cell>().all(|c| !attacked(pos, c, them))
        {
            pseudo.push(Move::Castle { castling });
        }
    }
    let mut legal: Vec<Move> = pseudo
        .into_iter()
        .filter(|&m| {
            let mut next = *pos;
            next.play_unchecked(m);
            !attacked(&next, next.king(us), them)
        })
        .collect();
    legal.sort();
    legal.dedup();
    legal
}

/// Start positions for the random games: the initial position, and positions (from the rules'
/// diagrams) where castling, en passant and promotion are close.
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

/// Every round trip and the illegal-move rule, on one position. `probe` picks a move to try.
fn check_round_trips(pos: &Position, probe: (usize, usize)) -> Result<(), TestCaseError> {
    let text = pos.to_string();
    let reparsed: Position = text.parse().unwrap();
    prop_assert_eq!(&reparsed, pos, "{}", text);
    prop_assert_eq!(reparsed.zobrist_hash(), pos.zobrist_hash());
    let setup: Setup = text.parse().unwrap();
    prop_assert_eq!(setup.to_string(), text.clone());
    prop_assert_eq!(&setup, &pos.to_setup());
    // A hash computed afresh (from the plain data) equals the incremental one.
    let fresh = Position::from_setup(pos.to_setup()).unwrap();
    prop_assert_eq!(fresh.zobrist_hash(), pos.zobrist_hash());
    let legal = pos.legal_moves();
    for m in legal.iter() {
        prop_assert_eq!(pos.parse_move(&m.to_string()).unwrap(), *m);
        // `is_zeroing` agrees with the halfmove clock, `captured` with the men taken off.
        let mut after = *pos;
        after.play_unchecked(*m);
        prop_assert_eq!(
            pos.is_zeroing(*m),
            after.halfmove_clock() == 0,
            "{} {}",
            pos,
            m
        );
        let them = pos.turn().other();
        let lost: Vec<Role> = Role::ALL
            .into_iter()
            .filter(|&r| {
                (pos.by_color(them) & pos.by_role(r)).len()
                    > (after.by_color(them) & after.by_role(r)).len()
            })
            .collect();
        prop_assert_eq!(
            pos.captured(*m).map(|p| vec![p.role]).unwrap_or_default(),
            lost
        );
        prop_assert!(pos.captured(*m).is_none_or(|p| p.color == them));
    }
    let m = Move::Normal {
        from: Cell::ALL[probe.0 % 96],
        to: Cell::ALL[probe.1 % 96],
    };
    if !legal.contains(&m) {
        let mut copy = *pos;
        prop_assert!(copy.play(m).is_err());
        prop_assert_eq!(&copy, pos);
    }
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(pos).unwrap();
        prop_assert_eq!(&serde_json::from_str::<Position>(&json).unwrap(), pos);
        // Every legal move survives serde, castlings of either side included.
        for m in legal.iter() {
            let json = serde_json::to_string(m).unwrap();
            prop_assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), *m);
        }
    }
    Ok(())
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
            prop_assert_eq!(pos.legal_move_count(), got.len());
            prop_assert_eq!(pos.has_legal_move(), !got.is_empty());
        }
    }

    #[test]
    fn every_ply_round_trips(
        choices in proptest::collection::vec(any::<usize>(), 0..160),
        probe in (0usize..96, 0usize..96),
    ) {
        for pos in play_random(&choices) {
            check_round_trips(&pos, probe)?;
        }
    }

    #[test]
    fn internal_and_external_iteration_agree(choices in proptest::collection::vec(any::<usize>(), 0..120)) {
        // `fold` (behind `for_each` and our perft) walks the destinations word by word; `next`
        // by 128-bit scans: the same moves in the same order.
        for pos in play_random(&choices) {
            pos.for_each_piece_moves(|pm| {
                let folded = pm.iter().fold(Vec::new(), |mut v, m| {
                    v.push(m);
                    v
                });
                // A `for` loop steps with `next`.
                let mut stepped = Vec::new();
                for m in pm.iter() {
                    stepped.push(m);
                }
                assert_eq!(folded, stepped, "{pos}");
                true
            });
        }
    }

    #[test]
    fn bulk_counting_changes_nothing(choices in proptest::collection::vec(any::<usize>(), 0..80)) {
        let pos = play_random(&choices).pop().unwrap();
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
    assert_eq!(pos.by_color(Color::White).len(), 24);
    let n = pos.legal_moves().len();
    assert!(n > 200 && n <= hexvar_chessagon::MAX_MOVES, "{n}");
}

proptest! {
    #[test]
    fn parsers_never_panic(text in "\\PC{0,80}") {
        let _ = text.parse::<Setup>();
        read_as_everything::<Position>(&text);
    }

    #[test]
    fn mutated_position_texts_never_panic(cut in 0usize..90, insert in "[ /0-9a-zA-Z,-]{0,4}") {
        let start = STARTS[2];
        let cut = cut.min(start.len());
        let text = format!("{}{}{}", &start[..cut], insert, &start[cut..]);
        if let Ok(pos) = text.parse::<Position>() {
            // Whatever parses is a valid position that prints and parses back.
            let again: Position = pos.to_string().parse().unwrap();
            prop_assert_eq!(again, pos);
        }
    }
}
