//! Property tests: the generated moves equal those of a slow, obviously-correct oracle (walks
//! the cell graph on the mailbox, applies each candidate on a plain board and looks for any
//! attack on the mover's king), in random games from every mode's start, T1, and random sparse
//! positions. Plus: no move captures a team-mate or a king, dead pieces never move, the text
//! round-trips, the hash matches a fresh one, bulk and non-bulk perft agree.

use std::collections::BTreeSet;

use hexvar_kirby::board::{slot_is_rook, GRAPH, KNIGHT_ATTACKS, PAWNS};
use hexvar_kirby::{
    perft, perft_without_bulk, Army, Cell, Layout, Mode, Move, Piece, Position, Role, Setup,
};
use proptest::prelude::*;

const NONE: u16 = u16::MAX;

type Board = Vec<Option<Piece>>;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// The cells a piece on `from` attacks (for a pawn: its capture cells), walking the graph.
fn attacks(board: &Board, from: usize, piece: Piece) -> Vec<usize> {
    let mut out = Vec::new();
    let slide = |out: &mut Vec<usize>, rook: bool| {
        for (slot, &first) in GRAPH[from].iter().enumerate() {
            if slot_is_rook(slot) != rook {
                continue;
            }
            let mut at = first;
            while at != NONE {
                out.push(at as usize);
                if board[at as usize].is_some() {
                    break;
                }
                at = GRAPH[at as usize][slot];
            }
        }
    };
    match piece.role {
        Role::Pawn => out.extend(PAWNS[piece.army.index()].capture[from].iter()),
        Role::Knight => out.extend(KNIGHT_ATTACKS[from].iter()),
        Role::King => out.extend(
            GRAPH[from]
                .iter()
                .filter(|&&c| c != NONE)
                .map(|&c| c as usize),
        ),
        Role::Rook => slide(&mut out, true),
        Role::Bishop => slide(&mut out, false),
        Role::Queen => {
            slide(&mut out, true);
            slide(&mut out, false);
        }
        Role::Amazon => {
            slide(&mut out, true);
            slide(&mut out, false);
            out.extend(KNIGHT_ATTACKS[from].iter());
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

struct Ctx {
    us: Army,
    alive: Vec<bool>,
    team: Vec<Option<u8>>,
}

impl Ctx {
    fn hostile(&self, a: Army) -> bool {
        self.alive[a.index()] && self.team[a.index()] != self.team[self.us.index()]
    }
    fn friendly_live(&self, a: Army) -> bool {
        self.alive[a.index()] && self.team[a.index()] == self.team[self.us.index()]
    }
}

fn attacked(board: &Board, ctx: &Ctx, cell: usize) -> bool {
    (0..Cell::COUNT).any(|c| match board[c] {
        Some(p) if ctx.hostile(p.army) => attacks(board, c, p).contains(&cell),
        _ => false,
    })
}

fn king_cell(board: &Board, us: Army) -> usize {
    (0..Cell::COUNT)
        .find(|&c| {
            board[c]
                == Some(Piece {
                    army: us,
                    role: Role::King,
                })
        })
        .unwrap()
}

fn claims(board: &Board, us: Army) -> Vec<Option<Role>> {
    let count = |r: Role| {
        board
            .iter()
            .filter(|p| **p == Some(Piece { army: us, role: r }))
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
        alive: Army::ALL.iter().map(|&a| pos.alive().contains(a)).collect(),
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
        if piece.army != us {
            continue;
        }
        let may_land = |t: usize| match board[t] {
            None => true,
            Some(p) => p.role != Role::King && !ctx.friendly_live(p.army),
        };
        let mut targets: Vec<usize> = Vec::new();
        if piece.role == Role::Pawn {
            let t = &PAWNS[us.index()];
            targets.extend(t.push[from].iter().filter(|&c| board[c].is_none()));
            let (mid, dbl) = t.double[from];
            if dbl != NONE && board[mid as usize].is_none() && board[dbl as usize].is_none() {
                targets.push(dbl as usize);
            }
            targets.extend(
                t.capture[from]
                    .iter()
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
            b[to] = Some(piece);
            if !legal_after(&b) {
                continue;
            }
            let zone = piece.role == Role::Pawn && PAWNS[us.index()].promotes.has(to);
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
                b[king] = r.map(|role| Piece { army: us, role });
                b[to] = Some(Piece {
                    army: us,
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

fn check_position(pos: &Position) {
    let moves = pos.legal_moves();
    let got: BTreeSet<String> = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(got.len(), moves.len(), "duplicate moves in {pos}");
    let want = oracle(pos);
    assert_eq!(got, want, "in {pos}");
    // No move captures a team-mate's live piece or a king; dead pieces never move.
    let us = pos.turn();
    assert!(pos.alive().contains(us) || moves.is_empty());
    for m in moves.iter() {
        let mover = pos.piece_at(m.from()).unwrap();
        assert_eq!(mover.army, us);
        if let Move::Normal { to, .. } = m {
            if let Some(victim) = pos.piece_at(*to) {
                assert_ne!(victim.role, Role::King);
                assert!(
                    !(pos.team(us).contains(victim.army) && pos.alive().contains(victim.army)),
                    "{m} captures a team-mate in {pos}"
                );
            }
        }
    }
    // Text round trip and hash.
    let back: Position = pos.to_string().parse().unwrap();
    assert_eq!(&back, pos);
    assert_eq!(back.hash(), pos.hash());
    assert_eq!(perft(pos, 1), moves.len() as u64);
}

fn random_game(mut pos: Position, rng: &mut Rng, plies: usize) {
    for _ in 0..plies {
        check_position(&pos);
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let m = moves[rng.below(moves.len())];
        let mut copy = pos.clone();
        copy.play(m).unwrap();
        pos = copy;
    }
}

/// A random sparse position: random seats and teams, a king for each live army, a few pieces.
fn random_position(rng: &mut Rng) -> Option<Position> {
    let mut setup = Setup::empty();
    setup.layout = if rng.below(2) == 0 {
        Layout::QueenLeft
    } else {
        Layout::QueenRight
    };
    for a in Army::ALL {
        if rng.below(3) != 0 {
            setup.teams[a.index()] = Some(rng.below(3) as u8);
        }
    }
    let seated: Vec<Army> = Army::ALL
        .into_iter()
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
                army: a,
                role: Role::King,
            });
            for f in [1, 8] {
                if rng.below(3) != 0 {
                    setup.board[home(f).index()] = Some(Piece {
                        army: a,
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
                setup.board[c] = Some(Piece { army: a, role });
            }
        }
    }
    let live: Vec<Army> = seated
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

proptest! {
    #![proptest_config(ProptestConfig { cases: 24, ..ProptestConfig::default() })]

    #[test]
    fn start_positions_random_games(seed in 1u64.., mode in 0usize..7) {
        let mut rng = Rng(seed);
        let mode = Mode::ALL[mode];
        let layout = if seed % 2 == 0 { Layout::QueenLeft } else { Layout::QueenRight };
        random_game(Position::from_setup(Setup::start_mode(mode, layout)).unwrap(), &mut rng, 30);
    }

    #[test]
    fn t1_random_games(seed in 1u64..) {
        let t1 = "layout=QL turn=B teams=BW/PR/SG castling=- dead=- waiting=- B:KB/15,RA8,BA16,NB/32,PB/27,PG14 P:KP/15,BB9,PC6 S:KS/15,QK9 W:KW/15,QH17 R:KR/15,NC12,PM15 G:KG/15,RA22,PF27";
        random_game(t1.parse().unwrap(), &mut Rng(seed), 40);
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
            // Perft resolves eliminations lazily; rebuilding each child from its text resolves
            // them from scratch.
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
        let _ = text.parse::<Position>();
        let _ = text.parse::<Move>();
        let _ = text.parse::<Cell>();
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
