//! `hexvar_geometry::Game` on random games of all five variants, against a model of what a game
//! means that is obviously right: every position kept whole, repetitions found by
//! `Variant::is_repetition_of` over the positions since the last zeroing move (as `Game` did
//! before it kept hashes and checkpoints instead of positions).
//!
//! The games lean toward repetitions: a side often takes its last move back, so positions recur,
//! windows run long, and a position right after a pawn's double step (an en passant right no
//! legal move uses) recurs without the right, which only `is_repetition_of` calls the same.
//!
//! `cargo test -p xtask --release --test cross_variant game:: -- --ignored --nocapture` prints
//! the cost of a play and an undo through `Game` against a copy and a play of the position.

use std::hint::black_box;

use cpu_time::ThreadTime;

use hexvar_geometry::{DrawReason, DrawRules, Game, Variant, VariantOutcome};

/// SplitMix64: a small seeded generator, so that every run plays the same games.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }
}

/// The model: a game that keeps every position and compares them by the variant's rule.
struct Model<V: Variant> {
    positions: Vec<V>,
    moves: Vec<V::Move>,
    zeroing: Vec<bool>,
    rules: DrawRules,
}

impl<V: Variant> Model<V> {
    fn new(start: V, rules: DrawRules) -> Self {
        Model {
            positions: vec![start],
            moves: Vec::new(),
            zeroing: Vec::new(),
            rules,
        }
    }

    fn position(&self) -> &V {
        self.positions.last().unwrap()
    }

    fn play(&mut self, mv: V::Move) {
        let mut next = self.position().clone();
        next.play_unchecked(mv);
        self.zeroing.push(self.position().is_zeroing(mv));
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Plays a move as the old `Game::play` did: refused when the game is over or the move
    /// illegal, checked on a copy.
    fn play_checked(&mut self, mv: V::Move) -> bool {
        if self.outcome().is_some() {
            return false;
        }
        let mut next = self.position().clone();
        if next.play(mv).is_err() {
            return false;
        }
        self.zeroing.push(self.position().is_zeroing(mv));
        self.positions.push(next);
        self.moves.push(mv);
        true
    }

    fn undo(&mut self) -> Option<V::Move> {
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.zeroing.pop();
        Some(mv)
    }

    fn since(&self) -> usize {
        self.zeroing.iter().rposition(|&z| z).map_or(0, |i| i + 1)
    }

    fn repetitions(&self) -> usize {
        let now = self.position();
        self.positions[self.since()..]
            .iter()
            .filter(|p| p.is_repetition_of(now))
            .count()
    }

    fn outcome(&self) -> Option<V::Outcome> {
        self.position().outcome().or_else(|| {
            let times = self.rules.automatic_repetition?;
            (self.repetitions() >= times).then(|| V::Outcome::draw(DrawReason::repetition(times)))
        })
    }

    fn claimable_draw(&self) -> Option<DrawReason> {
        if self.outcome().is_some() {
            return None;
        }
        match self.rules.claimable_repetition {
            Some(times) if self.repetitions() >= times => Some(DrawReason::repetition(times)),
            _ => self.position().claimable_draw(),
        }
    }

    /// Whether the position now repeats the first of its window although their hashes differ
    /// (a right the hash keeps and the repetition rule leaves out).
    fn repeats_the_window_start_by_rule_alone(&self) -> bool {
        let (first, now) = (&self.positions[self.since()], self.position());
        self.positions.len() - 1 > self.since()
            && first.zobrist_hash() != now.zobrist_hash()
            && first.is_repetition_of(now)
    }
}

/// What the random games found, summed over a variant's runs.
#[derive(Default, Debug)]
struct Tally {
    plies: usize,
    undos: usize,
    repetitions: usize,
    past_the_end: usize,
    by_rule_alone: usize,
}

/// The game and the model agree on everything the game answers.
fn check_same<V: Variant>(game: &Game<V>, model: &Model<V>, tally: &mut Tally) {
    let ply = model.moves.len();
    assert_eq!(game.ply(), ply);
    assert_eq!(game.moves(), &model.moves[..]);
    assert_eq!(game.position(), model.position(), "at ply {ply}");
    assert_eq!(game.hashes().len(), ply + 1);
    assert_eq!(game.hashes()[ply], model.position().zobrist_hash());
    assert_eq!(game.plies_since_zeroing(), ply - model.since());
    let repetitions = model.repetitions();
    assert_eq!(game.repetitions(), repetitions, "at ply {ply}");
    assert_eq!(game.outcome(), model.outcome(), "at ply {ply}");
    assert_eq!(
        game.claimable_draw(),
        model.claimable_draw(),
        "at ply {ply}"
    );
    tally.repetitions += usize::from(repetitions > 1);
    tally.by_rule_alone += usize::from(model.repeats_the_window_start_by_rule_alone());
}

/// A legal move, most often one that takes back the side to move's last move since the last
/// zeroing move (when it can be), else a random one, avoiding zeroing moves three times in four.
fn choose<V: Variant>(model: &Model<V>, rng: &mut Rng) -> Option<V::Move> {
    let pos = model.position();
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return None;
    }
    let ply = model.moves.len();
    // Only a move since the last zeroing one: so that, after a pawn's double step, both sides
    // step out and back and the position right after the step recurs without its right.
    let last_own = (model.since()..ply)
        .rev()
        .find(|&i| model.positions[i].turn() == pos.turn());
    if let Some(i) = last_own.filter(|_| rng.below(3) < 2) {
        if let (Some(from), to) = V::move_cells(model.moves[i]) {
            let back = moves
                .iter()
                .copied()
                .find(|&m| V::move_cells(m) == (Some(to), from));
            if back.is_some() {
                return back;
            }
        }
    }
    let quiet: Vec<V::Move> = moves
        .iter()
        .copied()
        .filter(|&m| !pos.is_zeroing(m))
        .collect();
    if !quiet.is_empty() && !rng.one_in(4) {
        return Some(quiet[rng.below(quiet.len())]);
    }
    Some(moves[rng.below(moves.len())])
}

/// One random game of at most `plies` moves from `start`, checked against the model after every
/// move and undo; then every stored and replayed position, and an undo to a random ply and a
/// replay.
fn random_game<V: Variant>(start: V, rules: Option<usize>, plies: usize, rng: &mut Rng) -> Tally {
    let mut game = Game::from_position(start.clone());
    if let Some(times) = rules {
        game = game.with_repetition_draw(times).unwrap();
    }
    let mut model = Model::new(start, game.draw_rules());
    let mut tally = Tally::default();
    check_same(&game, &model, &mut tally);
    // Undos are few and short enough that the game grows: half a ply a step or more.
    for _ in 0..8 * plies {
        if model.moves.len() >= plies {
            break;
        }
        if rng.one_in(10) && !model.moves.is_empty() {
            // Mostly a move or two back, sometimes back across a checkpoint or two.
            let back = if rng.one_in(16) {
                rng.below(2 * Game::<V>::CHECKPOINT_INTERVAL)
            } else {
                rng.below(3)
            };
            for _ in 0..=back {
                assert_eq!(game.undo(), model.undo());
                tally.undos += 1;
            }
            check_same(&game, &model, &mut tally);
            continue;
        }
        let Some(mv) = choose(&model, rng) else {
            break;
        };
        // The checked play refuses a finished game; the search path goes on regardless.
        if game.outcome().is_none() && rng.one_in(2) {
            game.play(mv).unwrap();
        } else {
            tally.past_the_end += usize::from(game.outcome().is_some());
            game.play_unchecked(mv);
        }
        model.play(mv);
        tally.plies += 1;
        check_same(&game, &model, &mut tally);
    }
    check_stored_positions(&game, &model);
    check_undo_and_replay(&mut game, rng);
    tally
}

fn check_stored_positions<V: Variant>(game: &Game<V>, model: &Model<V>) {
    for (ply, expected) in model.positions.iter().enumerate() {
        assert_eq!(&game.position_at(ply), expected, "position_at({ply})");
        assert_eq!(game.hashes()[ply], expected.zobrist_hash(), "hash {ply}");
    }
    assert_eq!(game.positions_iter().len(), model.positions.len());
    assert!(game.positions_iter().eq(model.positions.iter().cloned()));
}

fn check_undo_and_replay<V: Variant>(game: &mut Game<V>, rng: &mut Rng) {
    let (hashes, moves) = (game.hashes().to_vec(), game.moves().to_vec());
    let back_to = rng.below(moves.len() + 1);
    while game.ply() > back_to {
        game.undo();
    }
    assert_eq!(game.hashes(), &hashes[..=back_to]);
    for &mv in &moves[back_to..] {
        game.play_unchecked(mv);
    }
    assert_eq!(game.hashes(), &hashes[..]);
    assert_eq!(game.moves(), &moves[..]);
}

/// Random games from every start position of `V`, under the variant's rules and under a
/// repetition option.
fn games_agree_with_the_model<V: Variant>(games: usize, plies: usize) -> Tally {
    let mut rng = Rng(0x6A4E_5EED ^ V::NAME.len() as u64);
    let starts: Vec<V> = V::start_positions()
        .iter()
        .map(|(_, text)| text.parse().unwrap_or_else(|_| panic!("{text}")))
        .collect();
    let mut total = Tally::default();
    for i in 0..games {
        let start = starts[i % starts.len()].clone();
        let rules = [None, Some(2), Some(4)][i % 3];
        let tally = random_game(start, rules, plies, &mut rng);
        total.plies += tally.plies;
        total.undos += tally.undos;
        total.repetitions += tally.repetitions;
        total.past_the_end += tally.past_the_end;
        total.by_rule_alone += tally.by_rule_alone;
    }
    println!("{}: {total:?}", V::NAME);
    assert!(total.repetitions > 50, "{}: {total:?}", V::NAME);
    assert!(total.undos > 200, "{}: {total:?}", V::NAME);
    total
}

#[test]
fn brusky_games_agree_with_the_model() {
    games_agree_with_the_model::<hexvar_brusky::Position>(30, 240);
}

#[test]
fn chessagon_games_agree_with_the_model() {
    games_agree_with_the_model::<hexvar_chessagon::Position>(30, 240);
}

#[test]
fn dagger_games_agree_with_the_model() {
    games_agree_with_the_model::<hexvar_dagger::Position>(30, 240);
}

#[test]
fn cescacs_games_agree_with_the_model() {
    let tally = games_agree_with_the_model::<hexvar_cescacs::Position>(24, 200);
    // C'escacs keeps an e.p. or scornful right in the hash whether a legal move uses it or not
    // (the other variants set an en passant cell only where a pawn can take): the case that
    // only `is_repetition_of` decides is met here.
    assert!(tally.by_rule_alone > 10, "{tally:?}");
}

#[test]
fn kirby_games_agree_with_the_model() {
    games_agree_with_the_model::<hexvar_kirby::Position>(24, 200);
}

/// A ply costs at most 100 bytes in every variant (the move, its hash, a checkpoint's share and
/// a zeroing move's ply), against a whole position a ply before.
#[test]
fn a_ply_costs_at_most_100_bytes() {
    let costs = [
        ("brusky", Game::<hexvar_brusky::Position>::BYTES_PER_PLY),
        (
            "chessagon",
            Game::<hexvar_chessagon::Position>::BYTES_PER_PLY,
        ),
        ("dagger", Game::<hexvar_dagger::Position>::BYTES_PER_PLY),
        ("cescacs", Game::<hexvar_cescacs::Position>::BYTES_PER_PLY),
        ("kirby", Game::<hexvar_kirby::Position>::BYTES_PER_PLY),
    ];
    println!("{costs:?}");
    for (name, bytes) in costs {
        assert!(bytes <= 100, "{name}: {bytes} bytes a ply");
    }
}

/// A middlegame: `plies` random moves from the start (fewer if the game ends).
fn middlegame<V: Variant>(plies: usize, rng: &mut Rng) -> Game<V> {
    let mut game = Game::<V>::new();
    for _ in 0..plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        game.play_unchecked(moves[rng.below(moves.len())]);
    }
    game
}

/// Random lines `DEPTH` plies deep from a middlegame, about 20,000 plies in all, fixed before
/// timing.
fn random_lines<V: Variant>(game: &mut Game<V>, rng: &mut Rng) -> Vec<Vec<V::Move>> {
    let mut lines = Vec::new();
    while lines.len() * DEPTH < 20_000 {
        let mut line = Vec::new();
        for _ in 0..DEPTH {
            let moves = game.position().legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.below(moves.len())];
            game.play_unchecked(mv);
            line.push(mv);
        }
        for _ in 0..line.len() {
            game.undo();
        }
        lines.push(line);
    }
    lines
}

/// The plies of the random lines.
const DEPTH: usize = 8;

/// CPU nanoseconds per ply of `walk`, which plays `plies` plies: the best of three runs (the
/// machine is shared, so the least disturbed run is the truest).
fn best_ns(plies: usize, mut walk: impl FnMut()) -> f64 {
    (0..3)
        .map(|_| {
            let started = ThreadTime::now();
            walk();
            started.elapsed().as_nanos() as f64 / plies as f64
        })
        .fold(f64::INFINITY, f64::min)
}

/// CPU nanoseconds per ply, on random lines 8 plies deep from a middlegame (so that undo crosses
/// checkpoints): a `Game::play_unchecked` and `Game::undo` pair; a copy and a play of the
/// position; `Game::play`, `Game::outcome` and `Game::undo`; and the same through the model,
/// which works as the old `Game` did (the outcome at each ply, found by comparing positions).
fn measure<V: Variant>(rounds: usize) -> [f64; 4] {
    let mut rng = Rng(7);
    let mut game = middlegame::<V>(40, &mut rng);
    let lines = random_lines(&mut game, &mut rng);
    let plies: usize = lines.iter().map(Vec::len).sum();
    let pair = best_ns(rounds * plies, || {
        for _ in 0..rounds {
            for line in &lines {
                for &mv in line {
                    game.play_unchecked(mv);
                }
                for _ in line {
                    black_box(game.undo());
                }
            }
        }
    });
    let root = game.position().clone();
    let copy = best_ns(rounds * plies, || {
        for _ in 0..rounds {
            for line in &lines {
                let mut pos = root.clone();
                for &mv in line {
                    let mut next = pos.clone();
                    next.play_unchecked(mv);
                    pos = black_box(next);
                }
            }
        }
    });
    let checked = best_ns(plies, || {
        for line in &lines {
            // A line may run on past an automatic draw, which `play` refuses.
            let played = line
                .iter()
                .take_while(|&&mv| {
                    let ok = game.play(mv).is_ok();
                    black_box(game.outcome());
                    ok
                })
                .count();
            for _ in 0..played {
                game.undo();
            }
        }
    });
    let mut model = Model::new(game.position().clone(), game.draw_rules());
    let old_way = best_ns(plies, || {
        for line in &lines {
            let played = line
                .iter()
                .take_while(|&&mv| {
                    let ok = model.play_checked(mv);
                    black_box(model.outcome());
                    ok
                })
                .count();
            for _ in 0..played {
                model.undo();
            }
        }
    });
    [pair, copy, checked, old_way]
}

#[test]
#[ignore = "prints timings: run with --release --ignored --nocapture"]
fn cost_of_a_ply_through_game() {
    // About 200,000 plies a measure (20,000 plies of lines, ten rounds).
    let rounds = 10;
    println!(
        "| variant | play_unchecked + undo | clone + play_unchecked | play + outcome + undo | the same, old Game |"
    );
    println!("|---|---|---|---|---|");
    let rows = [
        ("brusky", measure::<hexvar_brusky::Position>(rounds)),
        ("chessagon", measure::<hexvar_chessagon::Position>(rounds)),
        ("dagger", measure::<hexvar_dagger::Position>(rounds)),
        ("cescacs", measure::<hexvar_cescacs::Position>(rounds)),
        ("kirby", measure::<hexvar_kirby::Position>(rounds)),
    ];
    for (name, [game, copy, checked, old]) in rows {
        println!("| {name} | {game:.0} ns | {copy:.0} ns | {checked:.0} ns | {old:.0} ns |");
    }
}
