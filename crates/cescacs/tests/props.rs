//! proptest properties over random games, and a slow reference legality oracle written straight
//! from the rules text (column/line coordinates, a map of pieces, no crate tables):
//! the generated move list must equal the oracle's.

use std::collections::{BTreeSet, HashMap};
use std::sync::LazyLock;

use hexvar_cescacs::{
    perft, perft_without_bulk, Cell, Color, Game, Move, MoveList, Piece, Position, Role, Setup,
    Special,
};
use hexvar_geometry::checks::oracle::{self, add, Xy as Cl};
use hexvar_geometry::checks::read_as_everything;
use proptest::prelude::*;

use crate::hexes::{hex, on_board, DIAG, LEAPS, ORTHO};

fn is_edge((c, l): Cl, color: Color) -> bool {
    match color {
        Color::White => l == if c <= 7 { 21 + c } else { 35 - c },
        Color::Black => l == if c <= 7 { 7 - c } else { c - 7 },
    }
}

/// Each side's triple-step hexes, as the rules name them.
static TRIPLE: LazyLock<[Vec<Cl>; 2]> = LazyLock::new(|| {
    ["B4 C5 D6 E7 G7 H6 I5 K4", "B24 C23 D22 E21 G21 H22 I23 K24"]
        .map(|names| names.split(' ').map(hex).collect())
});

fn fwd(color: Color) -> i32 {
    if color == Color::White {
        1
    } else {
        -1
    }
}

fn home(color: Color) -> Cl {
    if color == Color::White {
        (8, 1)
    } else {
        (8, 27)
    }
}

fn rook_home(color: Color, k: usize) -> Cl {
    let l = if color == Color::White { 3 } else { 25 };
    (if k == 0 { 4 } else { 10 }, l)
}

fn cl(cell: Cell) -> Cl {
    (i32::from(cell.column()), i32::from(cell.line()))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Sp {
    None,
    Ep(Cl, i32),
    Scorn(Cl, Cl),
}

#[derive(Clone)]
struct Model {
    board: HashMap<Cl, Piece>,
    turn: Color,
    /// king, queen's rook, king's rook unmoved.
    rights: [[bool; 3]; 2],
    sp: Sp,
}

impl Model {
    fn new(s: &Setup) -> Model {
        let mut board = HashMap::new();
        for cell in Cell::ALL {
            if let Some(p) = s.board[cell.index()] {
                board.insert(cl(cell), p);
            }
        }
        let r = |c: usize| {
            [
                s.castling[c].king,
                s.castling[c].queen_rook,
                s.castling[c].king_rook,
            ]
        };
        let sp = match s.special {
            Special::None => Sp::None,
            Special::EnPassant { pawn, steps } => Sp::Ep(cl(pawn), i32::from(steps)),
            Special::Scornful { pawn, capturer } => Sp::Scorn(cl(pawn), cl(capturer)),
        };
        Model {
            board,
            turn: s.turn,
            rights: [r(0), r(1)],
            sp,
        }
    }

    fn king(&self, color: Color) -> Cl {
        *self
            .board
            .iter()
            .find(|(_, p)| {
                **p == Piece {
                    color,
                    role: Role::King,
                }
            })
            .unwrap()
            .0
    }

    fn slides(&self, from: Cl, dirs: &[Cl], target: Cl) -> bool {
        oracle::slides(from, dirs, target, on_board, |at| {
            self.board.contains_key(&at)
        })
    }

    fn attacks(&self, target: Cl, by: Color, leap: bool) -> bool {
        let f = fwd(by);
        for (&from, &p) in &self.board {
            if p.color != by {
                continue;
            }
            let hit = match p.role {
                Role::Pawn => [(1, 3 * f), (-1, 3 * f)]
                    .iter()
                    .any(|&d| add(from, d) == target),
                Role::Knight => LEAPS.iter().any(|&d| add(from, d) == target),
                Role::King => {
                    ORTHO
                        .iter()
                        .chain(DIAG.iter())
                        .any(|&d| add(from, d) == target)
                        || (leap
                            && self.rights[by.index()][0]
                            && from == home(by)
                            && !self.attacks(from, by.other(), false)
                            && LEAPS.iter().any(|&d| add(from, d) == target))
                }
                Role::Elephant => {
                    [(1, 3), (-1, 3), (1, -3), (-1, -3), (0, 2 * f)]
                        .iter()
                        .any(|&d| add(from, d) == target)
                        || (add(from, (0, 4 * f)) == target
                            && !self.board.contains_key(&add(from, (0, 2 * f))))
                }
                Role::Rook => self.slides(from, &ORTHO, target),
                Role::Bishop => self.slides(from, &DIAG, target),
                Role::Queen => {
                    self.slides(from, &ORTHO, target) || self.slides(from, &DIAG, target)
                }
                Role::Wyvern => {
                    self.slides(from, &ORTHO, target)
                        || LEAPS.iter().any(|&d| add(from, d) == target)
                }
                Role::Pegasus => {
                    self.slides(from, &DIAG, target)
                        || LEAPS.iter().any(|&d| add(from, d) == target)
                }
            };
            if hit {
                return true;
            }
        }
        false
    }

    fn in_check(&self, color: Color) -> bool {
        self.attacks(self.king(color), color.other(), true)
    }

    fn allowed(&self, color: Color, dest: Cl) -> Vec<Role> {
        let count = |r: Role| {
            self.board
                .values()
                .filter(|p| **p == Piece { color, role: r })
                .count()
        };
        let mut out = Vec::new();
        for (r, n) in [
            (Role::Queen, 1),
            (Role::Wyvern, 1),
            (Role::Rook, 2),
            (Role::Pegasus, 2),
            (Role::Knight, 2),
        ] {
            if count(r) < n {
                out.push(r);
            }
        }
        let bishop_there = self.board.iter().any(|(&(_, l), p)| {
            *p == Piece {
                color,
                role: Role::Bishop,
            } && l.rem_euclid(3) == dest.1.rem_euclid(3)
        });
        if !bishop_there {
            out.push(Role::Bishop);
        }
        out
    }

    /// Moves as canonical keys with the successor model.
    fn legal(&self) -> BTreeSet<String> {
        let us = self.turn;
        let them = us.other();
        let f = fwd(us);
        let in_check = self.in_check(us);
        let mut out = BTreeSet::new();
        let key = |c: Cl| format!("{},{}", c.0, c.1);
        // Forced in-place promotion.
        if !in_check {
            let mut forced = BTreeSet::new();
            for (&at, &p) in &self.board {
                if p == (Piece {
                    color: us,
                    role: Role::Pawn,
                }) && is_edge(at, us)
                {
                    for r in self.allowed(us, at) {
                        forced.insert(format!("P{}={:?}", key(at), r));
                    }
                }
            }
            if !forced.is_empty() {
                return forced;
            }
        }
        let mut cand: Vec<(String, Model)> = Vec::new();
        let own = |c: Cl| self.board.get(&c).is_some_and(|p| p.color == us);
        let enemy = |c: Cl| self.board.get(&c).is_some_and(|p| p.color == them);
        let empty = |c: Cl| on_board(c) && !self.board.contains_key(&c);
        for (&from, &p) in &self.board {
            if p.color != us {
                continue;
            }
            let mut dests: Vec<Cl> = Vec::new();
            let slide = |dirs: &[Cl], dests: &mut Vec<Cl>| {
                for &d in dirs {
                    let mut at = add(from, d);
                    while on_board(at) {
                        if !own(at) {
                            dests.push(at);
                        }
                        if self.board.contains_key(&at) {
                            break;
                        }
                        at = add(at, d);
                    }
                }
            };
            let leaps = |dests: &mut Vec<Cl>| {
                for &d in LEAPS.iter() {
                    let t = add(from, d);
                    if on_board(t) && !own(t) {
                        dests.push(t);
                    }
                }
            };
            match p.role {
                Role::Rook => slide(&ORTHO, &mut dests),
                Role::Bishop => slide(&DIAG, &mut dests),
                Role::Queen => {
                    slide(&ORTHO, &mut dests);
                    slide(&DIAG, &mut dests);
                }
                Role::Wyvern => {
                    slide(&ORTHO, &mut dests);
                    leaps(&mut dests);
                }
                Role::Pegasus => {
                    slide(&DIAG, &mut dests);
                    leaps(&mut dests);
                }
                Role::Knight => {
                    leaps(&mut dests);
                    for &d in LEAPS.iter() {
                        let mid = add(from, d);
                        let t = add(mid, d);
                        if empty(mid) && empty(t) {
                            dests.push(t);
                        }
                    }
                }
                Role::Elephant => {
                    for d in [(1, 3), (-1, 3), (1, -3), (-1, -3), (0, 2 * f)] {
                        let t = add(from, d);
                        if on_board(t) && !own(t) {
                            dests.push(t);
                        }
                    }
                    let t = add(from, (0, 4 * f));
                    if empty(add(from, (0, 2 * f))) && on_board(t) && !own(t) {
                        dests.push(t);
                    }
                }
                Role::King => {
                    for &d in ORTHO.iter().chain(DIAG.iter()) {
                        let t = add(from, d);
                        if on_board(t) && !own(t) {
                            dests.push(t);
                        }
                    }
                    if self.rights[us.index()][0] && !in_check {
                        for &d in LEAPS.iter() {
                            let t = add(from, d);
                            if on_board(t) && !own(t) && !self.attacks(t, them, true) {
                                dests.push(t);
                            }
                        }
                    }
                }
                Role::Pawn => {
                    let max = if TRIPLE[us.index()].contains(&from) {
                        3
                    } else {
                        2
                    };
                    let mut at = from;
                    for _ in 0..max {
                        at = add(at, (0, 2 * f));
                        if !empty(at) {
                            break;
                        }
                        dests.push(at);
                    }
                    for dc in [-1, 1] {
                        let t = add(from, (dc, f));
                        if empty(t) {
                            dests.push(t);
                        }
                        let t = add(from, (dc, 3 * f));
                        if enemy(t) {
                            dests.push(t);
                        }
                    }
                }
            }
            for t in dests {
                let mut next = self.clone();
                next.board.remove(&from);
                let captured = next.board.insert(t, p);
                next.after_common(from, t, p, captured);
                if p.role == Role::Pawn && is_edge(t, us) {
                    let allowed = self.allowed(us, t);
                    if allowed.is_empty() {
                        cand.push((format!("{}-{}", key(from), key(t)), next.clone()));
                    }
                    for r in allowed {
                        let mut n = next.clone();
                        n.board.insert(t, Piece { color: us, role: r });
                        cand.push((format!("{}-{}={r:?}", key(from), key(t)), n));
                    }
                } else {
                    cand.push((format!("{}-{}", key(from), key(t)), next));
                }
            }
        }
        // En passant.
        if let Sp::Ep(pawn, steps) = self.sp {
            for i in 1..steps {
                let t = add(pawn, (0, 2 * f * i));
                for dc in [-1, 1] {
                    let from = add(t, (dc, -3 * f));
                    if self.board.get(&from)
                        == Some(&Piece {
                            color: us,
                            role: Role::Pawn,
                        })
                    {
                        let mut next = self.clone();
                        next.board.remove(&pawn);
                        next.board.remove(&from);
                        next.board.insert(
                            t,
                            Piece {
                                color: us,
                                role: Role::Pawn,
                            },
                        );
                        next.after_common(
                            from,
                            t,
                            Piece {
                                color: us,
                                role: Role::Pawn,
                            },
                            Some(self.board[&pawn]),
                        );
                        next.sp = Sp::None;
                        cand.push((format!("{}@{}", key(from), key(t)), next));
                    }
                }
            }
        }
        // Scornful.
        if let Sp::Scorn(pawn, capturer) = self.sp {
            if self.board.get(&capturer)
                == Some(&Piece {
                    color: us,
                    role: Role::Pawn,
                })
            {
                let mut next = self.clone();
                next.board.remove(&capturer);
                let captured = next.board.insert(
                    pawn,
                    Piece {
                        color: us,
                        role: Role::Pawn,
                    },
                );
                next.after_common(
                    capturer,
                    pawn,
                    Piece {
                        color: us,
                        role: Role::Pawn,
                    },
                    captured,
                );
                next.sp = Sp::None;
                let allowed = if is_edge(pawn, us) {
                    self.allowed(us, pawn)
                } else {
                    vec![]
                };
                if allowed.is_empty() {
                    cand.push((format!("{}@{}", key(capturer), key(pawn)), next.clone()));
                }
                for r in allowed {
                    let mut n = next.clone();
                    n.board.insert(pawn, Piece { color: us, role: r });
                    cand.push((format!("{}@{}={r:?}", key(capturer), key(pawn)), n));
                }
            }
        }
        // Castlings (§5), derived from the rule.
        if self.rights[us.index()][0] && !in_check {
            let k0 = home(us);
            for &d in LEAPS.iter() {
                let kt = add(k0, d);
                if !empty(kt) || self.attacks(kt, them, true) {
                    continue;
                }
                let adjacent = |a: Cl, b: Cl| ORTHO.iter().any(|&o| add(a, o) == b);
                let mut options: [Vec<Cl>; 2] = [vec![], vec![]];
                for (k, opts) in options.iter_mut().enumerate() {
                    let rh = rook_home(us, k);
                    if !self.rights[us.index()][k + 1] {
                        continue;
                    }
                    for &o in &ORTHO {
                        let mut at = add(rh, o);
                        while empty(at) {
                            if adjacent(at, kt) {
                                opts.push(at);
                            }
                            at = add(at, o);
                        }
                    }
                }
                let mut combos: Vec<(Option<Cl>, Option<Cl>)> = Vec::new();
                for &a in &options[0] {
                    combos.push((Some(a), None));
                    for &b in &options[1] {
                        if adjacent(a, b) {
                            combos.push((Some(a), Some(b)));
                        }
                    }
                }
                for &b in &options[1] {
                    combos.push((None, Some(b)));
                }
                for (a, b) in combos {
                    let mut next = self.clone();
                    next.board.remove(&k0);
                    next.board.insert(
                        kt,
                        Piece {
                            color: us,
                            role: Role::King,
                        },
                    );
                    for (k, dst) in [(0, a), (1, b)] {
                        if let Some(dst) = dst {
                            next.board.remove(&rook_home(us, k));
                            next.board.insert(
                                dst,
                                Piece {
                                    color: us,
                                    role: Role::Rook,
                                },
                            );
                        }
                    }
                    next.rights[us.index()] = [false; 3];
                    next.sp = Sp::None;
                    next.turn = them;
                    let name = |x: Option<Cl>| x.map_or("-".to_string(), key);
                    cand.push((format!("O{}:{}:{}", key(kt), name(a), name(b)), next));
                }
            }
        }
        for (k, next) in cand {
            if !next.attacks(next.king(us), them, true) {
                out.insert(k);
            }
        }
        out
    }

    /// Rights, special and turn after an ordinary move of `p` from `from` to `t`.
    fn after_common(&mut self, from: Cl, t: Cl, p: Piece, captured: Option<Piece>) {
        let us = p.color;
        let them = us.other();
        if p.role == Role::King {
            self.rights[us.index()] = [false; 3];
        }
        for k in 0..2 {
            if from == rook_home(us, k) {
                self.rights[us.index()][k + 1] = false;
            }
            if captured.is_some() && t == rook_home(them, k) {
                self.rights[them.index()][k + 1] = false;
            }
        }
        self.sp = Sp::None;
        if p.role == Role::Pawn {
            let f = fwd(us);
            if t.0 == from.0 && (t.1 - from.1).abs() >= 4 {
                self.sp = Sp::Ep(t, (t.1 - from.1).abs() / 2);
            } else if (t.1 - from.1).abs() == 1
                && self.board.get(&add(from, (0, 2 * f)))
                    == Some(&Piece {
                        color: them,
                        role: Role::Pawn,
                    })
            {
                self.sp = Sp::Scorn(t, add(from, (0, 2 * f)));
            }
        }
        self.turn = them;
    }
}

fn crate_key(pos: &Position, m: Move) -> String {
    let key = |c: Cell| format!("{},{}", c.column(), c.line());
    let us = pos.turn();
    match m {
        Move::Normal {
            from,
            to,
            promotion,
            ..
        } => match promotion {
            Some(r) => format!("{}-{}={r:?}", key(from), key(to)),
            None => format!("{}-{}", key(from), key(to)),
        },
        Move::EnPassant { from, to, .. } => format!("{}@{}", key(from), key(to)),
        Move::Scornful {
            from,
            to,
            promotion,
            ..
        } => match promotion {
            Some(r) => format!("{}@{}={r:?}", key(from), key(to)),
            None => format!("{}@{}", key(from), key(to)),
        },
        Move::Castle { castling: c, .. } => format!(
            "O{}:{}:{}",
            key(c.king_to(us)),
            c.queen_rook_to(us).map_or("-".to_string(), key),
            c.king_rook_to(us).map_or("-".to_string(), key)
        ),
        Move::Promote { at, role } => format!("P{}={role:?}", key(at)),
    }
}

const STARTS: [&str; 8] = [
    "/28:v/27:dk/26:gjg/25:rnnr/24:pejep/23:ppeepp/22:2pjp2/21:3pp3/20:3p3/8:3P3/7:3PP3/6:2PJP2/5:PPEEPP/4:PEJEP/3:RNNR/2:GJG/1:DK/0:V/ w RKRrkr - 0 1",
    "/27:1k/15:3p4/14:2p1p2/13:3P4/12:3p3/9:2P5/7:4P3/1:1K/ w - - 0 1",
    "/27:1k/22:P6/10:1p5/3:R3/1:1K/ w - - 0 1",
    "/27:1k/25:r2r/21:1P1p4/7:1p1P4/3:R2R/1:1K/ w RKRrkr - 0 1",
    "/28:v/27:dk/25:r2r/24:1p3/20:P6/8:5p1/4:3P1/3:R2R/1:DK/0:V/ w RKRrkr - 0 1",
    "/27:1k/25:1n2/23:4e1/20:2P4/18:5p1/12:P6/7:1N2E3/3:R3/2:1j1/1:1K/ b K - 0 1",
    // Promotion by a double step (e.p. then takes the promoted piece) and by a scornful step.
    "/27:1k/23:p5/21:1P6/18:P6/1:1K/ w - - 0 1",
    "/27:1k/23:p5/22:D6/21:1P6/1:1K/ b - T22@20 0 1",
];

fn random_game(start: usize, choices: &[u16]) -> Vec<Position> {
    let mut pos: Position = STARTS[start].parse().unwrap();
    let mut out = vec![pos.clone()];
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[c as usize % moves.len()]);
        out.push(pos.clone());
    }
    out
}

#[test]
fn starts_are_legal() {
    for s in STARTS {
        let pos: Position = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(pos.to_string(), s);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn move_list_equals_the_oracle(start in 0usize..STARTS.len(), choices in prop::collection::vec(any::<u16>(), 0..40)) {
        for pos in random_game(start, &choices) {
            let model = Model::new(&pos.to_setup());
            let expected = model.legal();
            let got: BTreeSet<String> = pos.legal_moves().iter().map(|&m| crate_key(&pos, m)).collect();
            prop_assert_eq!(got.len(), pos.legal_moves().len(), "duplicate moves in {}", pos);
            prop_assert_eq!(&got, &expected, "position {}", pos);
            prop_assert_eq!(pos.is_check(), model.in_check(pos.turn()));
        }
    }

    /// On every ply of a random game: the position text and the setup text round-trip (equal
    /// values, same hash), the incremental hash equals a fresh one, every legal move's
    /// notation reads back to that move, an illegal move is refused without a trace, and serde
    /// JSON round-trips the position.
    #[test]
    fn every_ply_round_trips(start in 0usize..STARTS.len(), choices in prop::collection::vec(any::<u16>(), 0..40)) {
        for pos in random_game(start, &choices) {
            let text = pos.to_string();
            let back: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            prop_assert_eq!(&back, &pos);
            prop_assert_eq!(back.zobrist_hash(), pos.zobrist_hash());
            prop_assert_eq!(&back.to_string(), &text);
            // A fresh hash: the position rebuilt from its plain data.
            let fresh = Position::from_setup(pos.to_setup()).unwrap();
            prop_assert_eq!(fresh.zobrist_hash(), pos.zobrist_hash());
            let setup: Setup = text.parse().unwrap();
            prop_assert_eq!(&setup, &pos.to_setup());
            prop_assert_eq!(setup.to_string().parse::<Setup>().unwrap(), setup);
            let moves = pos.legal_moves();
            prop_assert_eq!(pos.legal_move_count(), moves.len());
            prop_assert_eq!(pos.has_legal_move(), !moves.is_empty());
            for &m in moves.iter() {
                let s = m.to_string();
                prop_assert_eq!(pos.parse_move(&s).unwrap(), m);
                prop_assert!(pos.is_legal(m));
                prop_assert_eq!(s.parse::<Move>().unwrap(), m);
            }
            // An illegal move: a legal move of the other side, or a move from an empty hex.
            let bogus = Move::Normal { role: Role::Pawn, from: Cell::CENTRE, capture: None, to: Cell::CENTRE, promotion: None };
            let mut copy = pos.clone();
            let err = copy.play(bogus).unwrap_err();
            prop_assert_eq!(err.mv, bogus);
            prop_assert_eq!(err.to_string(), format!("illegal move {bogus}"));
            prop_assert_eq!(&copy, &pos);
            if let Some(&first) = moves.first() {
                let mut after = pos.clone();
                after.play(first).unwrap();
                // After the move it is the other side's turn: the same move is illegal again
                // (a man has left its hex, or the in-place promotion is done).
                let mut twice = after.clone();
                prop_assert!(twice.play(first).is_err());
                prop_assert_eq!(&twice, &after);
            }
            #[cfg(feature = "serde")]
            {
                let json = serde_json::to_string(&pos).unwrap();
                prop_assert_eq!(&serde_json::from_str::<Position>(&json).unwrap(), &pos);
                // Every legal move survives serde, Black's castlings included (issue 17).
                for &m in moves.iter() {
                    let json = serde_json::to_string(&m).unwrap();
                    prop_assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), m, "{}", json);
                }
            }
        }
    }

    /// A random game played through `Game` (until its end or the choices run out), written as a
    /// record and read back: the same moves, positions and outcome; and every move's SAN reads
    /// back to it.
    #[test]
    fn game_records_round_trip(start in 0usize..STARTS.len(), choices in prop::collection::vec(any::<u16>(), 0..60)) {
        let mut game = Game::from_position(STARTS[start].parse().unwrap());
        for c in choices {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.position().legal_moves();
            let m = moves[c as usize % moves.len()];
            let san = game.position().san(m);
            prop_assert_eq!(game.position().parse_san(&san), Ok(m), "{}", san);
            game.play(m).unwrap();
        }
        let record = game.to_record();
        let back = Game::from_record(&record).unwrap_or_else(|e| panic!("{e}\n{record}"));
        prop_assert_eq!(back.moves(), game.moves());
        prop_assert_eq!(back.positions_iter().collect::<Vec<_>>(), game.positions_iter().collect::<Vec<_>>());
        prop_assert_eq!(back.outcome(), game.outcome());
        prop_assert_eq!(back.to_record(), record);
    }

    #[test]
    fn bulk_perft_equals_plain_perft(start in 0usize..STARTS.len(), choices in prop::collection::vec(any::<u16>(), 0..20)) {
        let games = random_game(start, &choices);
        let pos = games.last().unwrap();
        prop_assert_eq!(perft(pos, 2), perft_without_bulk(pos, 2));
    }

    #[test]
    fn parsers_never_panic(s in "\\PC{0,80}") {
        let _ = s.parse::<Setup>();
        read_as_everything::<Position>(&s);
    }

    #[test]
    fn pdtl_like_text_never_panics(s in "/([0-9]{1,2}:[PTNRJDVGEKptnrjdvgek0-9]{0,9}/){0,5} [wb] [RKrk-]{1,6} [A-Z0-9@-]{1,8} [0-9]{1,3} [0-9]{1,3}") {
        let _ = s.parse::<Position>();
    }
}

#[test]
fn move_list_capacity_covers_the_documented_worst_case() {
    const { assert!(hexvar_cescacs::MAX_MOVES >= 755) };
    let list = MoveList::new();
    assert!(list.is_empty());
    // A crowded position with promotions everywhere: all regainable pieces missing, pawns one
    // step from the edge.
    let pos: Position = "/27:1k/21:1P1P1P2/20:P1P1P1P/1:1K/ w - - 0 1"
        .parse()
        .unwrap();
    let n = pos.legal_moves().len();
    assert!(n <= hexvar_cescacs::MAX_MOVES);
    assert!(n > 50, "{n}");
}
