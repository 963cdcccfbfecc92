//! Property tests: the generated moves equal those of a slow, obviously-correct oracle (walks
//! the cell graph on the mailbox, applies each candidate on a plain board and looks for any
//! attack on the mover's king), in random games from every mode's start, T1, and random sparse
//! positions. Plus: no move captures a team-mate or a king, dead pieces never move, the text
//! round-trips, the hash matches a fresh one, bulk and non-bulk perft agree.

use std::collections::BTreeSet;

use hexvar_geometry::checks::read_as_everything;
use hexvar_kirby::attacks::{self, Line};
use hexvar_kirby::{
    perft, perft_without_bulk, Cell, Color, Layout, Mode, Move, Piece, Position, Role, Setup,
};
use proptest::prelude::*;

use crate::game::Rng;

type Board = Vec<Option<Piece>>;

fn cells(set: hexvar_kirby::CellSet) -> impl Iterator<Item = usize> {
    set.iter()
}

/// The cells a piece on `from` attacks (for a pawn: its capture cells), walking each line cell
/// by cell up to the first occupied cell.
fn attacks(board: &Board, from: usize, piece: Piece) -> Vec<usize> {
    let cell = Cell::ALL[from];
    let mut out = Vec::new();
    let slide = |out: &mut Vec<usize>, kind: Line| {
        for (k, line) in attacks::lines(cell) {
            if k != kind {
                continue;
            }
            for c in line {
                out.push(c.index());
                if board[c.index()].is_some() {
                    break;
                }
            }
        }
    };
    match piece.role {
        Role::Pawn => out.extend(cells(attacks::pawn_captures(piece.color, cell))),
        Role::Knight => out.extend(cells(attacks::knight(cell))),
        Role::King => out.extend(
            attacks::lines(cell)
                .into_iter()
                .map(|(_, line)| line[0].index()),
        ),
        Role::Rook => slide(&mut out, Line::Orthogonal),
        Role::Bishop => slide(&mut out, Line::Diagonal),
        Role::Queen => {
            slide(&mut out, Line::Orthogonal);
            slide(&mut out, Line::Diagonal);
        }
        Role::Amazon => {
            slide(&mut out, Line::Orthogonal);
            slide(&mut out, Line::Diagonal);
            out.extend(cells(attacks::knight(cell)));
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

struct Ctx {
    us: Color,
    alive: Vec<bool>,
    team: Vec<Option<u8>>,
}

impl Ctx {
    fn hostile(&self, a: Color) -> bool {
        self.alive[a.index()] && self.team[a.index()] != self.team[self.us.index()]
    }
    fn friendly_live(&self, a: Color) -> bool {
        self.alive[a.index()] && self.team[a.index()] == self.team[self.us.index()]
    }
}

fn attacked(board: &Board, ctx: &Ctx, cell: usize) -> bool {
    (0..Cell::COUNT).any(|c| match board[c] {
        Some(p) if ctx.hostile(p.color) => attacks(board, c, p).contains(&cell),
        _ => false,
    })
}

fn king_cell(board: &Board, us: Color) -> usize {
    (0..Cell::COUNT)
        .find(|&c| board[c] == Some(Piece::new(us, Role::King)))
        .unwrap()
}

fn claims(board: &Board, us: Color) -> Vec<Option<Role>> {
    let count = |r: Role| {
        board
            .iter()
            .filter(|p| **p == Some(Piece::new(us, r)))
            .count()
    };
    let start = [
        (Role::Queen, 1),
        (Role::Rook, 2),
        (Role::Bishop, 2),
        (Role::Knight, 2),
    ];
    let missing: Vec<Option<Role>> = start
        .iter()
        .filter(|(r, n)| count(*r) < *n)
        .map(|(r, _)| Some(*r))
        .collect();
    if !missing.is_empty() {
        missing
    } else if count(Role::Amazon) == 0 {
        vec![Some(Role::Amazon)]
    } else {
        vec![None]
    }
}

/// The legal moves by brute force.
fn oracle(pos: &Position) -> BTreeSet<String> {
    let setup = pos.to_setup();
    let board: Board = setup.board.to_vec();
    let us = pos.turn();
    let ctx = Ctx {
        us,
        alive: Color::ALL
            .iter()
            .map(|&a| pos.alive().contains(a))
            .collect(),
        team: setup.teams.to_vec(),
    };
    if pos
        .alive()
        .iter()
        .map(|a| setup.teams[a.index()])
        .collect::<BTreeSet<_>>()
        .len()
        <= 1
    {
        return BTreeSet::new();
    }
    let king = king_cell(&board, us);
    let mut out = BTreeSet::new();
    let legal_after = |b: &Board| !attacked(b, &ctx, king_cell(b, us));
    for from in 0..Cell::COUNT {
        let Some(piece) = board[from] else { continue };
        if piece.color != us {
            continue;
        }
        let may_land = |t: usize| match board[t] {
            None => true,
            Some(p) => p.role != Role::King && !ctx.friendly_live(p.color),
        };
        let mut targets: Vec<usize> = Vec::new();
        if piece.role == Role::Pawn {
            let cell = Cell::ALL[from];
            targets.extend(cells(attacks::pawn_steps(us, cell)).filter(|&c| board[c].is_none()));
            if let Some((mid, dbl)) = attacks::pawn_double_step(us, cell) {
                if board[mid.index()].is_none() && board[dbl.index()].is_none() {
                    targets.push(dbl.index());
                }
            }
            targets.extend(
                cells(attacks::pawn_captures(us, cell))
                    .filter(|&c| board[c].is_some() && may_land(c)),
            );
        } else {
            targets.extend(
                attacks(&board, from, piece)
                    .into_iter()
                    .filter(|&c| may_land(c)),
            );
        }
        for to in targets {
            let mut b = board.clone();
            b[from] = None;
            if let Some(victim) = b[to] {
                // Rules §5: a live army that loses a power piece has its oldest waiting pawn
                // replaced by that piece at once; legality is judged after that.
                let waiting = pos.waiting_pawns(victim.color);
                if victim.role.is_power() && ctx.alive[victim.color.index()] && !waiting.is_empty()
                {
                    b[waiting[0].index()] = Some(victim);
                }
            }
            b[to] = Some(piece);
            if !legal_after(&b) {
                continue;
            }
            let zone = piece.role == Role::Pawn && attacks::promotion_zone(us).has(to);
            let names = if zone { claims(&board, us) } else { vec![None] };
            for r in names {
                let m = Move::Normal {
                    from: Cell::ALL[from],
                    to: Cell::ALL[to],
                    promotion: r,
                };
                out.insert(m.to_string());
            }
        }
    }
    // Castling.
    let in_check = attacked(&board, &ctx, king);
    if !in_check {
        for &rook in &setup.castling {
            let (side, rf, _) = rook.square_coords().unwrap();
            if side != us {
                continue;
            }
            let kf = pos.layout().king_file();
            let (lo, hi) = (rf.min(kf), rf.max(kf));
            if (lo + 1..hi).any(|f| board[Cell::square(us, f, 1).unwrap().index()].is_some()) {
                continue;
            }
            let dir: i8 = if rf > kf { 1 } else { -1 };
            let safe = (1..=2).all(|s| {
                let t = Cell::square(us, (kf as i8 + s * dir) as u8, 1)
                    .unwrap()
                    .index();
                !attacked(&board, &ctx, t)
            });
            if safe {
                out.insert(
                    Move::Castle {
                        king: Cell::ALL[king],
                        rook,
                    }
                    .to_string(),
                );
            }
        }
    }
    if out.is_empty() && !in_check {
        for to in 0..Cell::COUNT {
            if board[to].is_some() {
                continue;
            }
            for r in claims(&board, us) {
                let mut b = board.clone();
                b[king] = r.map(|role| Piece { color: us, role });
                b[to] = Some(Piece {
                    color: us,
                    role: Role::King,
                });
                if legal_after(&b) {
                    let m = Move::Relocate {
                        from: Cell::ALL[king],
                        to: Cell::ALL[to],
                        reclaim: r,
                    };
                    out.insert(m.to_string());
                }
            }
        }
    }
    out
}

fn check_position(pos: &Position, rng: &mut Rng) {
    let moves = pos.legal_moves();
    let got: BTreeSet<String> = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(got.len(), moves.len(), "duplicate moves in {pos}");
    let want = oracle(pos);
    assert_eq!(got, want, "in {pos}");
    // No move captures a team-mate's live piece or a king; dead pieces never move.
    let us = pos.turn();
    assert!(pos.alive().contains(us) || moves.is_empty());
    for &m in moves.iter() {
        let mover = pos.piece_at(m.from().unwrap()).unwrap();
        assert_eq!(mover.color, us);
        if let Move::Normal { to, .. } = m {
            if let Some(victim) = pos.piece_at(to) {
                assert_ne!(victim.role, Role::King);
                assert!(
                    !(pos.team(us).contains(victim.color) && pos.alive().contains(victim.color)),
                    "{m} captures a team-mate in {pos}"
                );
            }
        }
        // Every legal move's notation reads back to that move.
        assert_eq!(pos.parse_move(&m.to_string()), Ok(m), "{m} in {pos}");
        assert!(pos.is_legal(m));
    }
    // The text reparses to an equal position with the same hash, computed afresh.
    let text = pos.to_string();
    let back: Position = text.parse().unwrap();
    assert_eq!(&back, pos);
    assert_eq!(
        back.zobrist_hash(),
        pos.zobrist_hash(),
        "incremental hash in {pos}"
    );
    assert_eq!(back.to_string(), text);
    // The setup text round-trips.
    let setup = pos.to_setup();
    assert_eq!(setup.to_string().parse::<Setup>().unwrap(), setup);
    assert_eq!(setup.to_string(), text);
    // An illegal move is refused and leaves the position as it was.
    let illegal = loop {
        let m = Move::Normal {
            from: Cell::ALL[rng.below(Cell::COUNT)],
            to: Cell::ALL[rng.below(Cell::COUNT)],
            promotion: None,
        };
        if !moves.contains(&m) {
            break m;
        }
    };
    let mut copy = pos.clone();
    assert!(copy.play(illegal).is_err(), "{illegal} in {pos}");
    assert_eq!(&copy, pos);
    assert_eq!(copy.zobrist_hash(), pos.zobrist_hash());
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(pos).unwrap();
        assert_eq!(&serde_json::from_str::<Position>(&json).unwrap(), pos);
    }
    assert_eq!(perft(pos, 1), moves.len() as u64);
    assert_eq!(pos.legal_move_count(), moves.len());
    assert_eq!(pos.has_legal_move(), !moves.is_empty());
}

fn random_game(mut pos: Position, rng: &mut Rng, plies: usize) -> Position {
    for _ in 0..plies {
        check_position(&pos, rng);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        pos.play(m).unwrap();
    }
    pos
}

/// A random sparse position: random seats and teams, a king for each live army, a few pieces.
fn random_position(rng: &mut Rng) -> Option<Position> {
    let mut setup = Setup::empty();
    setup.layout = if rng.below(2) == 0 {
        Layout::QueenLeft
    } else {
        Layout::QueenRight
    };
    for &a in Color::ALL {
        if rng.below(3) != 0 {
            setup.teams[a.index()] = Some(rng.below(3) as u8);
        }
    }
    let seated: Vec<Color> = Color::ALL
        .iter()
        .copied()
        .filter(|a| setup.is_seated(*a))
        .collect();
    if seated.len() < 2 {
        return None;
    }
    let roles = [
        Role::Pawn,
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::Amazon,
    ];
    for &a in &seated {
        setup.dead[a.index()] = rng.below(6) == 0;
        let mut first = 0;
        if !setup.dead[a.index()] && rng.below(2) == 0 {
            // King and rooks at home, with castling rights.
            let home = |f: u8| Cell::square(a, f, 1).unwrap();
            setup.board[home(setup.layout.king_file()).index()] = Some(Piece {
                color: a,
                role: Role::King,
            });
            for f in [1, 8] {
                if rng.below(3) != 0 {
                    setup.board[home(f).index()] = Some(Piece {
                        color: a,
                        role: Role::Rook,
                    });
                    setup.castling.push(home(f));
                }
            }
            first = 1;
        }
        let n = 1 + rng.below(6);
        for i in first..n {
            let role = if i == 0 {
                Role::King
            } else {
                roles[rng.below(roles.len())]
            };
            if role == Role::King && setup.dead[a.index()] {
                continue;
            }
            let c = rng.below(Cell::COUNT);
            if setup.board[c].is_none() {
                setup.board[c] = Some(Piece { color: a, role });
            }
        }
    }
    let live: Vec<Color> = seated
        .iter()
        .copied()
        .filter(|a| !setup.dead[a.index()])
        .collect();
    if live.is_empty() {
        return None;
    }
    setup.turn = live[rng.below(live.len())];
    Position::from_setup(setup).ok()
}

/// Positions from the conformance data with waiting pawns: random games from them reach the
/// replacement of a waiting pawn by a lost piece.
fn waiting_positions() -> Vec<&'static str> {
    include_str!("data/conformance.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.contains("waiting=-"))
        .filter_map(|l| l.splitn(3, ' ').nth(2))
        .collect()
}

/// The modes the random games start from: 2p, 3p, 4p in teams, 6p cut-throat, and the rest.
const MODES: [Mode; 7] = [
    Mode::TwoPlayer,
    Mode::ThreePlayer,
    Mode::FourPlayerTeams,
    Mode::SixPlayer,
    Mode::FourPlayer,
    Mode::SixPlayerThreeTeams,
    Mode::SixPlayerTwoTeams,
];

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn start_positions_random_games(seed in 1u64.., mode in 0usize..7) {
        let mut rng = Rng(seed);
        let layout = if seed % 2 == 0 { Layout::QueenLeft } else { Layout::QueenRight };
        let start = Position::from_setup(Setup::start_mode(MODES[mode], layout)).unwrap();
        random_game(start, &mut rng, 30);
    }

    #[test]
    fn waiting_pawn_random_games(seed in 1u64.., row in 0usize..1000) {
        let rows = waiting_positions();
        let pos: Position = rows[row % rows.len()].parse().unwrap();
        random_game(pos, &mut Rng(seed), 12);
    }

    #[test]
    fn t1_random_games(seed in 1u64..) {
        let t1 = "layout=QL turn=B teams=BW/PR/SG castling=- dead=- waiting=- B:KB/15,RA8,BA16,NB/32,PB/27,PG14 P:KP/15,BB9,PC6 S:KS/15,QK9 W:KW/15,QH17 R:KR/15,NC12,PM15 G:KG/15,RA22,PF27";
        random_game(t1.parse().unwrap(), &mut Rng(seed), 30);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2, ..ProptestConfig::default() })]

    /// Each mode the issue names, played long: 2p, 3p, 4p in teams, 6p.
    #[test]
    fn long_games_in_every_named_mode(seed in 1u64..) {
        for mode in &MODES[..4] {
            let start = Position::from_setup(Setup::start_mode(*mode, Layout::QueenLeft)).unwrap();
            random_game(start, &mut Rng(seed), 60);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn random_sparse_positions(seed in 1u64..) {
        let mut rng = Rng(seed);
        if let Some(pos) = random_position(&mut rng) {
            random_game(pos.clone(), &mut rng, 12);
            prop_assert_eq!(perft(&pos, 2), perft_without_bulk(&pos, 2));
            // Every move resolves eliminations at once; rebuilding each child from its text
            // resolves them from scratch.
            let eager: u64 = pos
                .legal_moves()
                .iter()
                .map(|&m| {
                    let mut child = pos.clone();
                    child.play(m).unwrap();
                    let fresh: Position = child.to_string().parse().unwrap();
                    prop_assert_eq!(&fresh, &child);
                    Ok(fresh.legal_moves().len() as u64)
                })
                .sum::<Result<u64, TestCaseError>>()?;
            prop_assert_eq!(perft(&pos, 2), eager);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    /// No input panics the parsers.
    #[test]
    fn parsers_never_panic(text in "\\PC{0,80}") {
        let _ = text.parse::<Setup>();
        read_as_everything::<Position>(&text);
    }

    /// Nor do damaged position texts (one character replaced, removed or duplicated).
    #[test]
    fn damaged_texts_never_panic(at in 0usize..200, c in proptest::char::any(), kind in 0u8..3) {
        let t1 = "layout=QL turn=B teams=BW/PR/SG castling=- dead=- waiting=- B:KB/15,RA8,BA16,NB/32,PB/27,PG14 P:KP/15,BB9,PC6 S:KS/15,QK9 W:KW/15,QH17 R:KR/15,NC12,PM15 G:KG/15,RA22,PF27";
        let mut chars: Vec<char> = t1.chars().collect();
        let at = at % chars.len();
        match kind {
            0 => chars[at] = c,
            1 => { chars.remove(at); }
            _ => chars.insert(at, chars[at]),
        }
        let text: String = chars.into_iter().collect();
        if let Ok(pos) = text.parse::<Position>() {
            let _ = perft(&pos, 2);
        }
    }
}

/// Every conformance position with waiting pawns, and every position one replacing capture
/// later, agrees with the oracle, which applies the waiting-pawn replacement before judging
/// the mover's king.
#[test]
fn waiting_pawn_positions_agree_with_the_oracle() {
    let mut rng = Rng(7);
    let mut replacing = 0;
    for text in waiting_positions() {
        let pos: Position = text.parse().unwrap();
        check_position(&pos, &mut rng);
        for &m in pos.legal_moves().iter() {
            let Some(victim) = pos.piece_at(m.to()) else {
                continue;
            };
            if !matches!(m, Move::Normal { .. }) {
                continue;
            }
            if victim.role.is_power()
                && pos.alive().contains(victim.color)
                && !pos.waiting_pawns(victim.color).is_empty()
            {
                replacing += 1;
                let mut child = pos.clone();
                child.play(m).unwrap();
                check_position(&child, &mut rng);
            }
        }
    }
    println!("{replacing} replacing captures");
    assert!(replacing >= 10, "only {replacing} replacing captures");
}
