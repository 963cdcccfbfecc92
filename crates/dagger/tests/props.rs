//! proptest properties over random games, and a slow reference legality oracle written straight
//! from the rules (the rules' `(q, r)` coordinates, no crate tables): the generated move list must
//! equal the oracle's. On every ply of every game the texts, the hash, the notation and serde
//! round-trip, and an illegal move is refused without a trace.

use std::collections::{BTreeSet, HashMap};
use std::sync::LazyLock;

use hexvar_dagger::{
    perft, perft_without_bulk, Cell, Color, Game, Hand, HandKnight, Move, Piece, Position, Role,
    Setup,
};
use hexvar_geometry::checks::oracle::{self, add};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// The oracle: spec §1–§5 with (q, r) coordinates and names, a map of pieces, pseudo-legal moves,
// and "does the mover's King stand attacked after the move" by scanning.

const RANKS: &[u8] = b"abcdefghjklmn";
const LEN: [i32; 13] = [1, 2, 3, 4, 3, 4, 5, 4, 3, 4, 3, 2, 1];
const QMIN: [i32; 13] = [0, 0, 0, 0, 1, 1, 1, 2, 3, 3, 4, 5, 6];
const ORTH: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (1, 1), (0, -1), (-1, -1)];
const DIAG: [(i32, i32); 6] = [(1, 2), (-1, -2), (2, 1), (-1, 1), (1, -1), (-2, -1)];
/// The twelve knight leaps (§2): two orthogonal steps, then one turned 60°.
static KNIGHT: LazyLock<Vec<Qr>> = LazyLock::new(|| oracle::knight_leaps(&ORTH));

type Qr = (i32, i32);

fn on_board((q, r): Qr) -> bool {
    (0..13).contains(&r) && q >= QMIN[r as usize] && q < QMIN[r as usize] + LEN[r as usize]
}

fn name((q, r): Qr) -> String {
    format!("{}{}", RANKS[r as usize] as char, q - QMIN[r as usize] + 1)
}

fn qr_of(cell: Cell) -> Qr {
    let s = cell.to_string();
    let r = RANKS.iter().position(|&c| c == s.as_bytes()[0]).unwrap() as i32;
    let k: i32 = s[1..].parse().unwrap();
    (QMIN[r as usize] + k - 1, r)
}

#[derive(Clone)]
struct Model {
    board: HashMap<Qr, Piece>,
    turn: Color,
    hands: [[bool; 2]; 2],
    en_passant: Option<Qr>,
}

fn imaginary(color: Color, k: usize) -> Qr {
    match (color, k) {
        (Color::White, 0) => (-1, 0),
        (Color::White, _) => (1, 0),
        (Color::Black, 0) => (5, 12),
        (Color::Black, _) => (7, 12),
    }
}

fn home(color: Color) -> Qr {
    match color {
        Color::White => (0, 0),
        Color::Black => (6, 12),
    }
}

fn forward(color: Color) -> [Qr; 3] {
    match color {
        Color::White => [(0, 1), (1, 1), (1, 2)],
        Color::Black => [(0, -1), (-1, -1), (-1, -2)],
    }
}

impl Model {
    fn from_setup(s: &Setup) -> Model {
        let mut board = HashMap::new();
        for cell in Cell::ALL {
            if let Some(p) = s.board[cell.index()] {
                board.insert(qr_of(cell), p);
            }
        }
        let hand = |c: Color| {
            let h = s.hands[c.index()];
            [h.contains(HandKnight::L), h.contains(HandKnight::R)]
        };
        Model {
            board,
            turn: s.turn,
            hands: [hand(Color::White), hand(Color::Black)],
            en_passant: s.en_passant.map(qr_of),
        }
    }

    fn attacks(&self, target: Qr, by: Color) -> bool {
        for k in 0..2 {
            if self.hands[by.index()][k]
                && KNIGHT.iter().any(|&d| add(imaginary(by, k), d) == target)
            {
                return true;
            }
        }
        for (&from, &p) in &self.board {
            if p.color != by {
                continue;
            }
            let hit = match p.role {
                Role::Pawn => forward(by)[..2].iter().any(|&d| add(from, d) == target),
                Role::Knight => KNIGHT.iter().any(|&d| add(from, d) == target),
                Role::King => ORTH
                    .iter()
                    .chain(DIAG.iter())
                    .any(|&d| add(from, d) == target),
                Role::Rook => self.slides(from, &ORTH, target),
                Role::Bishop => self.slides(from, &DIAG, target),
                Role::Queen => self.slides(from, &ORTH, target) || self.slides(from, &DIAG, target),
            };
            if hit {
                return true;
            }
        }
        false
    }

    fn slides(&self, from: Qr, dirs: &[Qr], target: Qr) -> bool {
        oracle::slides(from, dirs, target, on_board, |at| {
            self.board.contains_key(&at)
        })
    }

    /// Pseudo-legal moves as (notation, resulting model).
    fn pseudo(&self) -> Vec<(String, Model)> {
        let us = self.turn;
        let mut out = Vec::new();
        let mut push = |text: String, next: Model| out.push((text, next));
        let own = |m: &Model, at: Qr| m.board.get(&at).is_some_and(|p| p.color == us);
        for (&from, &p) in &self.board {
            if p.color != us {
                continue;
            }
            let mut dests = Vec::new();
            match p.role {
                Role::Knight => dests.extend(KNIGHT.iter().map(|&d| add(from, d))),
                Role::King => dests.extend(ORTH.iter().chain(DIAG.iter()).map(|&d| add(from, d))),
                Role::Rook | Role::Bishop | Role::Queen => {
                    let dirs: Vec<Qr> = match p.role {
                        Role::Rook => ORTH.to_vec(),
                        Role::Bishop => DIAG.to_vec(),
                        _ => ORTH.iter().chain(DIAG.iter()).copied().collect(),
                    };
                    for d in dirs {
                        let mut at = add(from, d);
                        while on_board(at) {
                            dests.push(at);
                            if self.board.contains_key(&at) {
                                break;
                            }
                            at = add(at, d);
                        }
                    }
                }
                Role::Pawn => {
                    let f = forward(us);
                    dests.extend([add(from, f[0]), add(from, f[1])]);
                    let jump = add(from, f[2]);
                    if on_board(jump) && !self.board.contains_key(&jump) {
                        dests.push(jump);
                    }
                }
            }
            for to in dests {
                if !on_board(to) || own(self, to) {
                    continue;
                }
                let mut next = self.clone();
                next.board.remove(&from);
                next.en_passant = None;
                next.turn = us.other();
                if p.role == Role::Pawn && to == home(us.other()) {
                    for role in ["Q", "R", "B", "N"] {
                        let mut n = next.clone();
                        n.board.insert(
                            to,
                            Piece::new(us, Role::from_char(role.chars().next().unwrap()).unwrap()),
                        );
                        push(format!("{}-{}={role}", name(from), name(to)), n);
                    }
                    continue;
                }
                next.board.insert(to, p);
                if p.role == Role::Pawn && to == add(from, forward(us)[2]) {
                    next.en_passant = Some(to);
                }
                push(format!("{}-{}", name(from), name(to)), next);
            }
        }
        // En passant: the enemy pawn that just jumped S -> T passed between M1, M2 (its forward
        // steps from S); our pawns whose capture cells include an empty M take it.
        if let Some(t) = self.en_passant {
            let them = us.other();
            let fj = forward(them)[2];
            let s = (t.0 - fj.0, t.1 - fj.1);
            let ms = [add(s, forward(them)[0]), add(s, forward(them)[1])];
            for (&from, &p) in &self.board {
                if p.color != us || p.role != Role::Pawn || from == t {
                    continue;
                }
                for d in &forward(us)[..2] {
                    let to = add(from, *d);
                    if ms.contains(&to) && !self.board.contains_key(&to) {
                        let mut next = self.clone();
                        next.board.remove(&from);
                        next.board.remove(&t);
                        next.board.insert(to, p);
                        next.en_passant = None;
                        next.turn = them;
                        push(format!("{}-{}ep", name(from), name(to)), next);
                    }
                }
            }
        }
        for k in 0..2 {
            if !self.hands[us.index()][k] {
                continue;
            }
            let mut targets: Vec<(Qr, bool)> = KNIGHT
                .iter()
                .map(|&d| add(imaginary(us, k), d))
                .filter(|&c| on_board(c) && !own(self, c))
                .map(|c| (c, false))
                .collect();
            if !self.board.contains_key(&home(us)) {
                targets.push((home(us), true));
            }
            for (to, drop) in targets {
                let mut next = self.clone();
                next.hands[us.index()][k] = false;
                next.board.insert(to, Piece::new(us, Role::Knight));
                next.en_passant = None;
                next.turn = us.other();
                let text = if drop {
                    format!("N{}@{}", ["L", "R"][k], name(to))
                } else {
                    format!("N@{}", name(to))
                };
                push(text, next);
            }
        }
        out
    }

    fn legal(&self) -> BTreeSet<String> {
        let us = self.turn;
        self.pseudo()
            .into_iter()
            .filter(|(_, next)| {
                let king = next
                    .board
                    .iter()
                    .find(|(_, p)| **p == Piece::new(us, Role::King))
                    .map(|(c, _)| *c);
                king.is_some_and(|k| !next.attacks(k, us.other()))
            })
            .map(|(t, _)| t)
            .collect()
    }
}

fn names(pos: &Position) -> BTreeSet<String> {
    pos.legal_moves().iter().map(Move::to_string).collect()
}

/// The position turned 180° with the colours swapped (White's L knight becomes Black's R).
fn flipped(pos: &Position) -> Position {
    let s = pos.to_setup();
    let mut f = Setup::empty();
    for cell in Cell::ALL {
        f.board[cell.flip().index()] =
            s.board[cell.index()].map(|p| Piece::new(p.color.other(), p.role));
    }
    f.turn = s.turn.other();
    let swap = |h: Hand| {
        let mut out = Hand::EMPTY;
        if h.contains(HandKnight::L) {
            out = out.with(HandKnight::R);
        }
        if h.contains(HandKnight::R) {
            out = out.with(HandKnight::L);
        }
        out
    };
    f.hands = [swap(s.hands[1]), swap(s.hands[0])];
    f.en_passant = s.en_passant.map(Cell::flip);
    f.halfmove_clock = s.halfmove_clock;
    f.fullmove_number = s.fullmove_number;
    Position::from_setup(f).expect("the flipped position is legal")
}

const STARTS: [&str; 5] = [
    "k/rr/bbb/pppp/ppp/4/5/4/PPP/PPPP/BBB/RR/K w LR/LR -",
    "k/2/3/4/3/4/5/1Pp1/3/4/3/2/K b -/- f2",
    "k/2/3/4/3/4/5/4/3/p3/3/K1/1 w LR/- -",
    "1/P1/1P1/4/3/4/2k2/4/3/4/3/2/K w -/- -",
    "1/rk/b1b/1pp1/p1p/4/5/4/P1P/1PP1/B1B/KR/1 w LR/LR -",
];

fn check_position(pos: &Position) -> Result<(), TestCaseError> {
    let model = Model::from_setup(&pos.to_setup());
    prop_assert_eq!(names(pos), model.legal(), "in {}", pos);
    prop_assert_eq!(pos.legal_move_count(), pos.legal_moves().len());
    prop_assert_eq!(pos.has_legal_move(), !pos.legal_moves().is_empty());
    let f = flipped(pos);
    prop_assert_eq!(
        f.legal_move_count(),
        pos.legal_move_count(),
        "flipped {}",
        f
    );
    prop_assert_eq!(flipped(&f), *pos);
    Ok(())
}

/// The round trips every position must pass: its text reparses to an equal position whose hash
/// (computed afresh from the text) equals the incrementally kept one; the `Setup` text
/// round-trips; serde JSON round-trips; every legal move's notation and SAN name it and it
/// survives serde; what a move captures and whether it resets the count agree with playing it.
fn check_round_trips(pos: &Position) -> Result<(), TestCaseError> {
    let text = pos.to_string();
    let again: Position = text.parse().unwrap();
    prop_assert_eq!(again, *pos);
    prop_assert_eq!(again.zobrist_hash(), pos.zobrist_hash());
    prop_assert_eq!(again.to_string(), text.clone());
    let setup: Setup = text.parse().unwrap();
    prop_assert_eq!(&setup, &pos.to_setup());
    prop_assert_eq!(setup.to_string(), text.clone());
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(pos).unwrap();
        prop_assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), *pos);
    }
    for &m in pos.legal_moves().iter() {
        prop_assert_eq!(pos.parse_move(&m.to_string()), Ok(m));
        prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        prop_assert_eq!(pos.parse_san(&pos.san(m)), Ok(m));
        prop_assert!(pos.is_legal(m));
        #[cfg(feature = "serde")]
        {
            let json = serde_json::to_string(&m).unwrap();
            prop_assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), m);
        }
        check_capture_and_zeroing(pos, m)?;
    }
    Ok(())
}

/// `captured` names the enemy man the move removes, and `is_zeroing` says whether `play` resets
/// the halfmove clock.
fn check_capture_and_zeroing(pos: &Position, m: Move) -> Result<(), TestCaseError> {
    let mut after = *pos;
    after.play_unchecked(m);
    let them = pos.turn().other();
    let lost: Vec<Role> = Role::ALL
        .into_iter()
        .filter(|&role| after.pieces(them, role).len() < pos.pieces(them, role).len())
        .collect();
    match pos.captured(m) {
        Some(piece) => {
            prop_assert_eq!(piece.color, them);
            prop_assert_eq!(lost, vec![piece.role], "{} in {}", m, pos);
            prop_assert_eq!(after.by_color(them).len() + 1, pos.by_color(them).len());
        }
        None => prop_assert_eq!(after.by_color(them), pos.by_color(them), "{} in {}", m, pos),
    }
    prop_assert_eq!(
        pos.is_zeroing(m),
        after.halfmove_clock() == 0,
        "{} in {}",
        m,
        pos
    );
    Ok(())
}

/// A move that is not legal in `pos`, picked by `choice` from every plain move, promotion,
/// e.p. capture, entry and drop the notation can write.
fn illegal_move(pos: &Position, choice: u32) -> Move {
    let legal = pos.legal_moves();
    let mut pool = Vec::new();
    for from in Cell::ALL {
        for to in Cell::ALL {
            pool.push(Move::Normal { from, to });
            pool.push(Move::EnPassant { from, to });
            pool.extend(Role::PROMOTIONS.map(|role| Move::Promotion { from, to, role }));
        }
    }
    for knight in HandKnight::ALL {
        for to in Cell::ALL {
            pool.push(Move::Entry { knight, to });
            pool.push(Move::Drop { knight, to });
        }
    }
    let start = choice as usize % pool.len();
    (0..pool.len())
        .map(|i| pool[(start + i) % pool.len()])
        .find(|m| !legal.contains(m))
        .expect("some move is illegal")
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn random_games_match_the_oracle(start in 0..STARTS.len(), choices in prop::collection::vec(any::<u32>(), 1..90)) {
        let mut pos: Position = STARTS[start].parse().unwrap();
        for (ply, choice) in choices.into_iter().enumerate() {
            check_position(&pos)?;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                prop_assert!(pos.outcome().is_some());
                break;
            }
            if ply % 16 == 0 {
                prop_assert_eq!(perft(&pos, 2), perft_without_bulk(&pos, 2));
            }
            let m = moves[choice as usize % moves.len()];
            pos.play(m).unwrap();
        }
    }

    #[test]
    fn random_games_round_trip_on_every_ply(start in 0..STARTS.len(), choices in prop::collection::vec(any::<u32>(), 1..160)) {
        let mut pos: Position = STARTS[start].parse().unwrap();
        for choice in choices {
            check_round_trips(&pos)?;
            // An illegal move is refused and leaves the position as it was.
            let before = pos;
            let bogus = illegal_move(&pos, choice.rotate_left(16));
            prop_assert!(pos.play(bogus).is_err(), "{} in {}", bogus, pos);
            prop_assert_eq!(pos, before);
            let moves = pos.legal_moves();
            if moves.is_empty() {
                prop_assert!(pos.outcome().is_some());
                break;
            }
            pos.play(moves[choice as usize % moves.len()]).unwrap();
        }
    }

    #[test]
    fn random_games_round_trip_as_records(start in 0..STARTS.len(), choices in prop::collection::vec(any::<u32>(), 1..120)) {
        let mut game = Game::from_position(STARTS[start].parse().unwrap());
        for choice in choices {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.position().legal_moves();
            game.play(moves[choice as usize % moves.len()]).unwrap();
        }
        let record = game.to_record();
        let again = Game::from_record(&record).unwrap();
        prop_assert_eq!(again.moves(), game.moves(), "{}", record);
        prop_assert_eq!(again.positions_iter().collect::<Vec<_>>(), game.positions_iter().collect::<Vec<_>>());
        prop_assert_eq!(again.outcome(), game.outcome());
        prop_assert_eq!(again.to_record(), record);
    }

    #[test]
    fn setup_text_never_panics(text in "[kqrbnpKQRBNP1-5/ wbLR-]{0,60}") {
        if let Ok(setup) = text.parse::<Setup>() {
            prop_assert_eq!(setup.to_string().parse::<Setup>(), Ok(setup));
        }
        if let Ok(pos) = text.parse::<Position>() {
            prop_assert_eq!(pos.to_string().parse::<Position>(), Ok(pos));
        }
    }

    #[test]
    fn move_text_never_panics(text in "[a-nN@LR=QRBNep1-6-]{0,10}") {
        if let Ok(m) = text.parse::<Move>() {
            prop_assert_eq!(m.to_string().parse::<Move>(), Ok(m));
        }
        let _ = Position::new().parse_move(&text);
    }
}
