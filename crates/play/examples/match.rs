//! The self-play match of the opponent ([`Engine::search`]) against the first, material-only one
//! ([`search_material`]) at equal time per move: a benchmark run, not a test.
//!
//! ```sh
//! cargo run --release -p hexvar-play --example match -- --games 100 --millis 30 --threads 2
//! cargo run --release -p hexvar-play --example match -- --variants kirby3 --games 30
//! ```
//!
//! Games come in pairs: a random opening of 2–4 plies (seeded by the pair's number), then the
//! new engine plays the first side in one game of the pair and the second side in the other.
//! A game ends by the rules (the generic `Game`: mate, stalemate, the variants' draws,
//! repetition), or at the move cap, where it is adjudicated by material: a side ahead by at least
//! [`ADJUDICATION_MARGIN`] centipawns (`VariantRole::value`) wins, anything less is a draw.
//! Kirby's rules have no repetition draw; the match draws its games at the third occurrence.
//!
//! `kirby3` is a sanity run of three-army cut-throat Kirby: the new engine plays one army
//! (each seat in turn), the old engine the other two.
//!
//! Options: `--variants a,b,…` (brusky, chessagon, dagger, cescacs, kirby, kirby3; default the
//! five two-army variants), `--games N` per variant, `--millis T` per move, `--threads N` (games
//! in parallel, one thread each), `--plies N` (the move cap, in plies), `--seed S`, `--verbose`
//! (each game's end), `--nodes N` (nodes per move for both sides instead of the time: results
//! then do not depend on the machine's load), `--against OPPONENT` (`material`, the default;
//! `same`, the engine itself; `no-see`, the engine without a lever that is on, `drive`, with one that is
//! off: what the lever gives).

use std::str::FromStr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use hexvar_engine::{search_material, Engine, Levers, Limits, Options as EngineOptions};
use hexvar_geometry::checks::{random_game, Rng};
use hexvar_geometry::{
    CellBits, DenseCell, Game, Variant, VariantColor, VariantOutcome, VariantPiece, VariantRole,
};

/// The material lead that wins a game stopped at the move cap.
const ADJUDICATION_MARGIN: i32 = 300;

#[derive(Clone, Debug)]
struct Options {
    variants: Vec<String>,
    games: usize,
    millis: u64,
    threads: usize,
    plies: usize,
    seed: u64,
    verbose: bool,
    /// Nodes per move for both sides (instead of the time), so that results do not depend on
    /// the machine's load.
    nodes: Option<u64>,
    /// The opponent: `material` (the first opponent), or the engine with one lever off
    /// (`no-see`).
    against: String,
}

/// The opponent's engine options when it is the engine with a lever off; `None` for the
/// material-only opponent.
fn opponent_options(against: &str) -> Option<EngineOptions> {
    let mut levers = Levers::default();
    match against {
        "material" => return None,
        "no-see" => levers.see = false,
        "drive" => levers.mating_drive = true,
        "same" => {}
        other => {
            eprintln!("unknown opponent {other} (material, same, no-see, drive)");
            std::process::exit(2);
        }
    }
    Some(EngineOptions {
        levers,
        ..EngineOptions::default()
    })
}

fn main() {
    let mut o = Options {
        variants: ["brusky", "chessagon", "dagger", "cescacs", "kirby"]
            .map(String::from)
            .to_vec(),
        games: 100,
        millis: 30,
        threads: 2,
        plies: 300,
        seed: 1,
        verbose: false,
        nodes: None,
        against: "material".to_string(),
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        match args[i].as_str() {
            "--variants" => o.variants = value.split(',').map(String::from).collect(),
            "--games" => o.games = parse(&value),
            "--millis" => o.millis = parse(&value),
            "--threads" => o.threads = parse::<usize>(&value).max(1),
            "--plies" => o.plies = parse(&value),
            "--seed" => o.seed = parse(&value),
            "--nodes" => o.nodes = Some(parse(&value)),
            "--against" => {
                opponent_options(&value);
                o.against = value;
            }
            "--verbose" => {
                o.verbose = true;
                i += 1;
                continue;
            }
            other => {
                eprintln!("unknown option {other}");
                std::process::exit(2);
            }
        }
        i += 2;
    }
    let per_move = match o.nodes {
        Some(nodes) => format!("{nodes} nodes"),
        None => format!("{} ms", o.millis),
    };
    println!(
        "match: the engine against {}, {per_move} per move, {} games per variant, \
         cap {} plies, adjudication at a {} cp material lead, {} thread(s)",
        o.against, o.games, o.plies, ADJUDICATION_MARGIN, o.threads
    );
    for v in o.variants.clone() {
        match v.as_str() {
            "brusky" => two_armies::<hexvar_brusky::Position>(&o),
            "chessagon" => two_armies::<hexvar_chessagon::Position>(&o),
            "dagger" => two_armies::<hexvar_dagger::Position>(&o),
            "cescacs" => two_armies::<hexvar_cescacs::Position>(&o),
            "kirby" => two_armies::<hexvar_kirby::Position>(&o),
            "kirby3" => kirby_three(&o),
            other => eprintln!("unknown variant {other}"),
        }
    }
}

fn parse<T: FromStr>(text: &str) -> T {
    text.parse().unwrap_or_else(|_| {
        eprintln!("not a number: {text:?}");
        std::process::exit(2)
    })
}

/// A random opening of 2–4 plies (fewer where the game ends), drawn by geometry's seeded
/// generator, so that a seed names the same openings on every machine.
fn opening<V: Variant>(start: &V, seed: u64) -> Vec<V::Move> {
    let mut rng = Rng(seed);
    let plies = 2 + rng.below(3);
    random_game(start.clone(), plies, |n| rng.below(n))
        .moves()
        .to_vec()
}

/// Material per side by role letter, dead armies (no king) left out.
fn material<V: Variant>(pos: &V) -> Vec<i32> {
    let mut out = vec![0; V::Color::ALL.len()];
    let king = V::Role::ALL.iter().find(|r| r.char() == 'K').copied();
    for &color in V::Color::ALL {
        let set = pos.by_color(color);
        let alive = king.is_none_or(|k| {
            pos.by_role(k)
                .indices()
                .any(|cell| set.contains_index(cell))
        });
        if !alive {
            continue;
        }
        for cell in set.indices() {
            if let Some(p) = pos.piece_at(V::Cell::from_dense(cell)) {
                out[color.index()] += p.role().value();
            }
        }
    }
    out
}

/// How a game went for the new engine.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    adjudicated: u32,
    plies: u64,
    /// Per engine (0 new, 1 old): moves, summed depth, summed nodes.
    moves: [u64; 2],
    depth: [u64; 2],
    nodes: [u64; 2],
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.wins += other.wins;
        self.draws += other.draws;
        self.losses += other.losses;
        self.adjudicated += other.adjudicated;
        self.plies += other.plies;
        for i in 0..2 {
            self.moves[i] += other.moves[i];
            self.depth[i] += other.depth[i];
            self.nodes[i] += other.nodes[i];
        }
    }

    fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// Plays one game: the engine playing `new_side` is the new one, the others the old one.
/// Scored for the new engine's team.
fn play<V: Variant>(
    start: &V,
    opening: &[V::Move],
    new_side: V::Color,
    o: &Options,
    repetition: Option<usize>,
) -> Tally {
    let mut game = Game::from_position(start.clone());
    if let Some(times) = repetition {
        game = game
            .with_repetition_draw(times)
            .expect("a valid repetition count");
    }
    for &mv in opening {
        game.play(mv).expect("the opening is legal");
    }
    let limits = match o.nodes {
        Some(nodes) => Limits::nodes(nodes),
        None => Limits::movetime(Duration::from_millis(o.millis)),
    };
    let mut engine = Engine::<V>::default();
    let mut opponent = opponent_options(&o.against).map(Engine::<V>::new);
    let mut t = Tally::default();
    loop {
        if let Some(outcome) = game.outcome() {
            if o.verbose {
                eprintln!(
                    "\n{} new={new_side} {} after {} plies: {}; material {:?} in {}",
                    V::NAME,
                    outcome.result_token(),
                    game.moves().len(),
                    outcome.reason(),
                    material(game.position()),
                    game.position()
                );
            }
            if outcome.is_draw() {
                t.draws = 1;
            } else if outcome.is_win_for(new_side) {
                t.wins = 1;
            } else {
                t.losses = 1;
            }
            break;
        }
        if game.moves().len() >= o.plies {
            t.adjudicated = 1;
            let pos = game.position();
            let m = material(pos);
            let ours: i32 = V::Color::ALL
                .iter()
                .filter(|&&c| pos.same_team(new_side, c))
                .map(|c| m[c.index()])
                .sum();
            let best_other = V::Color::ALL
                .iter()
                .filter(|&&c| !pos.same_team(new_side, c))
                .map(|c| m[c.index()])
                .max()
                .unwrap_or(0);
            if o.verbose {
                eprintln!(
                    "\n{} new={new_side} cap: {ours} against {best_other}",
                    V::NAME
                );
            }
            if ours - best_other >= ADJUDICATION_MARGIN {
                t.wins = 1;
            } else if best_other - ours >= ADJUDICATION_MARGIN {
                t.losses = 1;
            } else {
                t.draws = 1;
            }
            break;
        }
        let pos = game.position();
        let new = pos.turn() == new_side;
        let found = if new {
            engine.search(&game, &limits)
        } else if let Some(opponent) = &mut opponent {
            opponent.search(&game, &limits)
        } else {
            search_material(&game, &limits)
        };
        let e = usize::from(!new);
        t.moves[e] += 1;
        t.depth[e] += u64::from(found.depth);
        t.nodes[e] += found.nodes;
        let Some(mv) = found.best else {
            // No move although the game is not over: count it as a draw and say so.
            eprintln!("{}: no move in {}", V::NAME, game.position());
            t.draws = 1;
            break;
        };
        game.play(mv).expect("the engine plays legal moves");
    }
    t.plies = game.moves().len() as u64;
    t
}

/// Runs `jobs` games on `threads` threads; `job(i)` plays game `i`.
fn run(jobs: usize, threads: usize, job: impl Fn(usize) -> Tally + Sync) -> Tally {
    let next = AtomicUsize::new(0);
    let total = Mutex::new(Tally::default());
    let done = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(jobs.max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= jobs {
                    break;
                }
                let t = job(i);
                total.lock().unwrap().add(&t);
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                let sum = *total.lock().unwrap();
                eprint!(
                    "\r  {n}/{jobs}: +{} ={} -{}   ",
                    sum.wins, sum.draws, sum.losses
                );
            });
        }
    });
    eprintln!();
    total.into_inner().unwrap()
}

/// The score's Elo difference and its 95 % interval from the per-game scores' spread.
fn elo(t: &Tally) -> (f64, f64, f64, f64) {
    let n = f64::from(t.games());
    let score = (f64::from(t.wins) + 0.5 * f64::from(t.draws)) / n;
    let mean_sq = (f64::from(t.wins) + 0.25 * f64::from(t.draws)) / n;
    let sd = ((mean_sq - score * score).max(0.0) / n).sqrt();
    let to_elo = |s: f64| {
        let s = s.clamp(1e-6, 1.0 - 1e-6);
        -400.0 * (1.0 / s - 1.0).log10()
    };
    let lo = to_elo(score - 1.96 * sd);
    let hi = to_elo(score + 1.96 * sd);
    (score, to_elo(score), lo, hi)
}

fn report(name: &str, t: &Tally, o: &Options, elapsed: Duration) {
    let (score, e, lo, hi) = elo(t);
    let avg = |i: usize| {
        let m = t.moves[i].max(1) as f64;
        (t.depth[i] as f64 / m, t.nodes[i] as f64 / m)
    };
    let (dn, nn) = avg(0);
    let (dold, nold) = avg(1);
    println!(
        "{name:10} games {:4}  +{} ={} -{}  score {:5.1} %  Elo {:+.0} [{:+.0}, {:+.0}]  \
         adjudicated {}  avg plies {:.0}  {} ms/move  depth {:.1} vs {:.1}  nodes/move {:.0} vs {:.0}  \
         ({:.0} s)",
        t.games(),
        t.wins,
        t.draws,
        t.losses,
        100.0 * score,
        e,
        lo,
        hi,
        t.adjudicated,
        t.plies as f64 / f64::from(t.games().max(1)),
        o.millis,
        dn,
        dold,
        nn,
        nold,
        elapsed.as_secs_f64()
    );
}

/// The match in a two-army variant.
fn two_armies<V: Variant>(o: &Options) {
    let started = Instant::now();
    let start = V::start();
    // The sides with men at the start (Kirby's two armies are two of its six seats).
    let sides: Vec<V::Color> = V::Color::ALL
        .iter()
        .copied()
        .filter(|&c| start.by_color(c).count() > 0)
        .collect();
    let repetition = (V::DRAW_RULES.automatic_repetition.is_none()).then_some(3);
    // Warm the engine's tables up before the clock matters.
    let _ = Engine::default().search(&Game::from_position(start.clone()), &Limits::depth(1));
    let t = run(o.games, o.threads, |i| {
        let line = opening(&start, o.seed.wrapping_mul(1_000_003) + (i / 2) as u64);
        play(&start, &line, sides[i % 2], o, repetition)
    });
    report(V::NAME, &t, o, started.elapsed());
}

/// Three-army cut-throat Kirby: the new engine plays one army, the old engine the other two.
fn kirby_three(o: &Options) {
    use hexvar_kirby::{Layout, Mode, Position, Setup};
    let started = Instant::now();
    let start = Position::from_setup(Setup::start_mode(Mode::ThreePlayer, Layout::QueenLeft))
        .expect("the three-army start");
    let seats: Vec<hexvar_kirby::Color> = <Position as Variant>::Color::ALL
        .iter()
        .copied()
        .filter(|&c| start.by_color(c).count() > 0)
        .collect();
    let _ = Engine::default().search(&Game::from_position(start.clone()), &Limits::depth(1));
    let t = run(o.games, o.threads, |i| {
        let line = opening(
            &start,
            o.seed.wrapping_mul(1_000_003) + (i / seats.len()) as u64,
        );
        play(&start, &line, seats[i % seats.len()], o, Some(3))
    });
    let n = f64::from(t.games().max(1));
    println!(
        "{:10} games {:4}  new engine's army won {} ({:.0} %; 33 % expected between equals), \
         drawn {}, lost {}  adjudicated {}  avg plies {:.0}  {} ms/move  ({:.0} s)",
        "kirby 3p",
        t.games(),
        t.wins,
        100.0 * f64::from(t.wins) / n,
        t.draws,
        t.losses,
        t.adjudicated,
        t.plies as f64 / n,
        o.millis,
        started.elapsed().as_secs_f64()
    );
}
