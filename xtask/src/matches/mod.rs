//! `cargo xtask match`: two engine processes (UCI-style, the protocol of `hexvar-engine`) play
//! each other over a book of short random openings, as engine authors measure strength.
//!
//! Each opening (`--book-plies` uniformly random plies from the start, seeded, the same on
//! every machine) is played once per seat: engine A takes each side in turn, engine B the others
//! (so two games with the colours swapped in a two-side game; in three-army Kirby A plays one
//! army and B the other two, and A's score is its army's). A game ends by the rules (the generic
//! `Game`: mate, stalemate, the variants' draws, repetition — a third occurrence in Kirby, whose
//! rules have none), is drawn at the move cap, and, with `--adjudicate CP,MOVES`, is won by the
//! side both engines agree leads by `CP` centipawns for `MOVES` moves each. With three or more
//! armies (where each engine's score is its own army's, so agreement cannot be read) a game
//! whose every army of one engine is out of play is that engine's loss at once (the others
//! would play on without it), and `--adjudicate CP,…` judges the move cap instead: the engine
//! of the army whose material (men at their playing values) leads every other living army's
//! by `CP` wins, a smaller lead is a draw. The report gives
//! W/D/L for A, the score, the Elo difference with its 95 % interval from the per-game
//! (trinomial) and, in two-side games, the per-opening-pair (pentanomial) spread, and the
//! SPRT's log-likelihood ratio when `--sprt` is given (the match then stops at a bound).

mod play;
mod stats;
mod uci;

use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use hexvar_geometry::{Variant, VariantColor};

pub use play::Rng;
use play::{opening, play_game, Adjudication, GameResult, Table};
use stats::{Sample, Sprt, Verdict};
use uci::{Engine, EngineSpec, Notation, ThinkTimes};

/// The command line's usage line.
pub const USAGE: &str =
    "  cargo xtask match --engine A=PATH --engine B=PATH --variant V [--mode MODE]
        [--option A:Name=Value]… [--notation B:native] [--nodes N | --movetime MS | --depth D]
        [--games N | --sprt elo0,elo1,alpha,beta] [--book-plies K] [--seed S] [--concurrency C]
        [--max-plies P] [--adjudicate CP,MOVES] [--records PATH]
        engine A against engine B over seeded random openings, each played from every seat";

/// The match's settings, from the command line.
#[derive(Clone, Debug)]
struct Settings {
    engines: [EngineSpec; 2],
    variant: String,
    mode: Option<String>,
    limit: String,
    timeout: Duration,
    games: usize,
    sprt: Option<Sprt>,
    book_plies: usize,
    seed: u64,
    concurrency: usize,
    adjudication: Adjudication,
    records: Option<String>,
}

/// Runs `cargo xtask match …`.
pub fn run(args: &[String]) -> Result<(), String> {
    let settings = parse(args)?;
    match settings.variant.as_str() {
        "brusky" => run_variant::<hexvar_brusky::Position>(&settings),
        "chessagon" => run_variant::<hexvar_chessagon::Position>(&settings),
        "dagger" => run_variant::<hexvar_dagger::Position>(&settings),
        "cescacs" => run_variant::<hexvar_cescacs::Position>(&settings),
        "kirby" => run_variant::<hexvar_kirby::Position>(&settings),
        other => Err(format!("unknown variant {other:?}\n{USAGE}")),
    }
}

/// The value after `--flag`.
fn value<'a>(it: &mut impl Iterator<Item = &'a String>, flag: &str) -> Result<&'a str, String> {
    it.next()
        .map(String::as_str)
        .ok_or_else(|| format!("{flag} needs a value\n{USAGE}"))
}

fn number<T: std::str::FromStr>(text: &str, flag: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("{flag}: {text:?} is not a number"))
}

/// Splits `A:rest` (or `A=rest`) and finds the engine named `A`.
fn for_engine<'a>(
    engines: &mut [EngineSpec],
    text: &'a str,
    separator: char,
) -> Result<(usize, &'a str), String> {
    let (name, rest) = text
        .split_once(separator)
        .ok_or_else(|| format!("{text:?}: expected ENGINE{separator}…"))?;
    let at = engines
        .iter()
        .position(|e| e.name == name)
        .ok_or_else(|| format!("{text:?}: no engine named {name:?} (give --engine first)"))?;
    Ok((at, rest))
}

fn parse(args: &[String]) -> Result<Settings, String> {
    let mut engines: Vec<EngineSpec> = Vec::new();
    let (mut variant, mut mode, mut records) = (None, None, None);
    let mut limit = "nodes 20000".to_string();
    let (mut games, mut sprt, mut book_plies, mut seed, mut concurrency) = (None, None, 4, 1, 1);
    let mut adjudication = Adjudication {
        max_plies: 400,
        score: None,
        cap_material: None,
    };
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let v = value(&mut it, flag)?;
        match flag.as_str() {
            "--engine" => {
                let (name, command) = v.split_once('=').ok_or("--engine wants NAME=PATH")?;
                engines.push(EngineSpec {
                    name: name.into(),
                    command: engine_command(command),
                    options: Vec::new(),
                    notation: Notation::Long,
                });
            }
            "--option" => {
                let (at, pair) = for_engine(&mut engines, v, ':')?;
                let (name, val) = pair.split_once('=').ok_or("--option wants E:Name=Value")?;
                engines[at].options.push((name.into(), val.into()));
            }
            "--notation" => {
                let (at, kind) = for_engine(&mut engines, v, ':')?;
                engines[at].notation = match kind {
                    "long" => Notation::Long,
                    "native" => Notation::Native,
                    _ => return Err(format!("--notation {v:?}: long or native")),
                };
            }
            "--variant" => variant = Some(v.to_string()),
            "--mode" => mode = Some(v.to_string()),
            "--nodes" => limit = format!("nodes {}", number::<u64>(v, flag)?),
            "--movetime" => limit = format!("movetime {}", number::<u64>(v, flag)?),
            "--depth" => limit = format!("depth {}", number::<u32>(v, flag)?),
            "--games" => games = Some(number::<usize>(v, flag)?),
            "--sprt" => sprt = Some(Sprt::parse(v)?),
            "--book-plies" => book_plies = number(v, flag)?,
            "--seed" => seed = number(v, flag)?,
            "--concurrency" => concurrency = number::<usize>(v, flag)?.max(1),
            "--max-plies" => adjudication.max_plies = number(v, flag)?,
            "--adjudicate" => {
                let (cp, moves) = v.split_once(',').ok_or("--adjudicate wants CP,MOVES")?;
                adjudication.score = Some((number(cp, flag)?, number(moves, flag)?));
            }
            "--records" => records = Some(v.to_string()),
            _ => return Err(format!("unknown option {flag}\n{USAGE}")),
        }
    }
    let engines: [EngineSpec; 2] = engines
        .try_into()
        .map_err(|_| format!("give exactly two --engine\n{USAGE}"))?;
    if engines[0].name == engines[1].name {
        return Err("the two engines need different names".into());
    }
    let ms = movetime(&limit).map_or(0, |t| t.as_millis() as u64);
    Ok(Settings {
        engines,
        variant: variant.ok_or(format!("--variant is needed\n{USAGE}"))?,
        mode,
        // Generous: a move that takes this long has hung.
        timeout: Duration::from_secs(120) + Duration::from_millis(10 * ms),
        limit,
        games: games.unwrap_or(if sprt.is_some() { 20_000 } else { 100 }),
        sprt,
        book_plies,
        seed,
        concurrency,
        adjudication,
        records,
    })
}

/// A command as given, or a built program of this repository's `target/release` (or
/// `target/debug`) when one of that name exists there (`hexvar-engine`, `uci-random`).
fn engine_command(name: &str) -> String {
    if !name.contains('/') {
        for profile in ["release", "debug"] {
            let built = crate::root().join("target").join(profile).join(name);
            if built.is_file() {
                return built.display().to_string();
            }
        }
    }
    name.to_string()
}

/// The start position: the variant's first, or the named `--mode`.
fn start_of<V: Variant>(mode: Option<&str>) -> Result<V, String> {
    let Some(mode) = mode else {
        return Ok(V::start());
    };
    let starts = V::start_positions();
    let (_, text) = starts
        .iter()
        .find(|(name, _)| name == mode)
        .ok_or_else(|| {
            let names: Vec<&str> = starts.iter().map(|(n, _)| n.as_str()).collect();
            format!(
                "{} has no mode {mode:?}; known: {}",
                V::NAME,
                names.join(", ")
            )
        })?;
    text.parse::<V>().map_err(|e| e.to_string())
}

/// The games of one opening, in seat order.
type Round = Vec<GameResult>;

fn run_variant<V: Variant>(s: &Settings) -> Result<(), String> {
    let start = start_of::<V>(s.mode.as_deref())?;
    let sides: Vec<V::Color> = V::Color::ALL
        .iter()
        .copied()
        .filter(|&c| start.in_play(c))
        .collect();
    if sides.len() < 2 {
        return Err("the start has fewer than two sides in play".into());
    }
    let mut adjudication = s.adjudication;
    if sides.len() > 2 {
        // Each engine scores its own side: agreement cannot be read. The margin judges the
        // material at the move cap instead.
        adjudication.cap_material = adjudication.score.take().map(|(cp, _)| cp);
    }
    let rounds = s.games.div_ceil(sides.len()).max(1);
    if let Some(path) = &s.records {
        // Emptied now (a bad path fails before any game); each opening's games are appended as
        // they finish, so that an interrupted match keeps the records of what it played.
        std::fs::write(path, "").map_err(|e| format!("{path}: {e}"))?;
    }
    print_header::<V>(s, &sides, &adjudication, rounds);
    let started = Instant::now();
    let results: Mutex<Vec<(usize, Round)>> = Mutex::new(Vec::new());
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let failure: Mutex<Option<String>> = Mutex::new(None);
    let think: Mutex<[ThinkTimes; 2]> = Mutex::new(Default::default());
    std::thread::scope(|scope| {
        for _ in 0..s.concurrency.min(rounds) {
            scope.spawn(|| {
                let outcome = worker(
                    s,
                    &start,
                    &sides,
                    adjudication,
                    rounds,
                    &next,
                    &stop,
                    &results,
                    &think,
                );
                if let Err(e) = outcome {
                    stop.store(true, Ordering::Relaxed);
                    *failure.lock().expect("no worker panics") = Some(e);
                }
            });
        }
    });
    if let Some(e) = failure.into_inner().expect("no worker panics") {
        return Err(e);
    }
    let mut results = results.into_inner().expect("no worker panics");
    results.sort_by_key(|(i, _)| *i);
    report(s, sides.len(), &results, started.elapsed());
    let limit = movetime(&s.limit);
    for (spec, times) in s
        .engines
        .iter()
        .zip(think.into_inner().expect("no worker panics"))
    {
        println!("think time of {}: {}", spec.name, times.summary(limit));
    }
    if let Some(path) = &s.records {
        println!("records: {path}");
    }
    Ok(())
}

fn print_header<V: Variant>(s: &Settings, sides: &[V::Color], adj: &Adjudication, rounds: usize) {
    let names: Vec<String> = sides.iter().map(ToString::to_string).collect();
    println!(
        "match {} ({}) — A = {} ({:?}), B = {} ({:?}); go {}; up to {} openings of {} random \
         plies (seed {}), each from every seat of {}; draw at {} plies; score adjudication: {}{}",
        V::NAME,
        s.mode.as_deref().unwrap_or("standard start"),
        s.engines[0].command,
        s.engines[0].notation,
        s.engines[1].command,
        s.engines[1].notation,
        s.limit,
        rounds,
        s.book_plies,
        s.seed,
        names.join(" "),
        adj.max_plies,
        adj.score.map_or("off".into(), |(cp, n)| format!(
            "{cp} cp for {n} moves of each"
        )),
        adj.cap_material.map_or(String::new(), |cp| format!(
            "; at the cap, an army {cp}+ cp of material ahead of every other wins"
        )),
    );
}

/// One worker: its own pair of engine processes, playing the openings it takes.
#[allow(clippy::too_many_arguments)]
fn worker<V: Variant>(
    s: &Settings,
    start: &V,
    sides: &[V::Color],
    adjudication: Adjudication,
    rounds: usize,
    next: &AtomicU64,
    stop: &AtomicBool,
    results: &Mutex<Vec<(usize, Round)>>,
    think: &Mutex<[ThinkTimes; 2]>,
) -> Result<(), String> {
    let mut engines = [
        Engine::start(&s.engines[0], V::NAME)?,
        Engine::start(&s.engines[1], V::NAME)?,
    ];
    while !stop.load(Ordering::Relaxed) {
        let index = next.fetch_add(1, Ordering::Relaxed);
        if index as usize >= rounds {
            break;
        }
        let line = opening(start, s.book_plies, s.seed, index);
        let mut round = Vec::with_capacity(sides.len());
        for &a_side in sides {
            // Engine A on `a_side`, B on every other seat.
            let seat: Vec<usize> = V::Color::ALL
                .iter()
                .map(|&c| usize::from(c != a_side))
                .collect();
            let table = Table {
                start,
                opening: &line,
                seat: &seat,
                limit: &s.limit,
                timeout: s.timeout,
                adjudication,
            };
            let game = play_game(&table, &mut engines);
            if game.reason.contains(" failed: ") {
                eprintln!("opening {index}, A as {a_side}: {}", game.reason);
            }
            round.push(game);
        }
        let mut all = results.lock().expect("no worker panics");
        progress(index as usize, &round);
        if let Some(path) = &s.records {
            append_records(path, &round)?;
        }
        all.push((index as usize, round));
        if let Some(sprt) = s.sprt {
            let (_, penta) = samples(sides.len(), &all);
            if sprt.verdict(penta.llr(sprt.elo0, sprt.elo1)) != Verdict::Continue {
                stop.store(true, Ordering::Relaxed);
            }
        }
    }
    let mut all = think.lock().expect("no worker panics");
    for (kept, engine) in all.iter_mut().zip(&mut engines) {
        kept.micros.append(&mut engine.think.micros);
    }
    Ok(())
}

/// The time a `go movetime MS` limit gives, if the limit is one.
fn movetime(limit: &str) -> Option<Duration> {
    limit
        .strip_prefix("movetime ")
        .and_then(|m| m.parse().ok())
        .map(Duration::from_millis)
}

fn append_records(path: &str, round: &Round) -> Result<(), String> {
    use std::io::Write as _;
    let mut file = std::fs::OpenOptions::new()
        .append(true)
        .open(path)
        .map_err(|e| format!("{path}: {e}"))?;
    for game in round {
        writeln!(file, "{}", game.record).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(())
}

fn progress(index: usize, round: &Round) {
    let mut line = format!("opening {index:4}:");
    for g in round {
        let _ = write!(line, "  {} ({}, {} plies)", g.score, g.reason, g.plies);
    }
    println!("{line}");
}

/// The per-game sample and the per-opening one (pentanomial in two-side games; with more sides
/// the per-game sample again, as games of one opening are not a colour-swapped pair).
fn samples(sides: usize, results: &[(usize, Round)]) -> (Sample, Sample) {
    let mut games = Sample::default();
    let mut pairs = Sample::default();
    for (_, round) in results {
        for g in round {
            games.push(g.score);
        }
        if sides == 2 && round.len() == 2 {
            pairs.push((round[0].score + round[1].score) / 2.0);
        }
    }
    if sides != 2 {
        pairs = games.clone();
    }
    (games, pairs)
}

fn report(s: &Settings, sides: usize, results: &[(usize, Round)], elapsed: Duration) {
    let games: Vec<&GameResult> = results.iter().flat_map(|(_, r)| r.iter()).collect();
    let count = |score: f64| games.iter().filter(|g| g.score == score).count();
    let (w, d, l) = (count(1.0), count(0.5), count(0.0));
    let capped = games
        .iter()
        .filter(|g| g.reason.starts_with("move cap"))
        .count();
    let agreed = games
        .iter()
        .filter(|g| g.reason.starts_with("scores agreed"))
        .count();
    let failed = games
        .iter()
        .filter(|g| g.reason.contains(" failed: "))
        .count();
    let plies: usize = games.iter().map(|g| g.plies).sum();
    println!(
        "{} games, A = {} against B = {}: +{w} ={d} -{l}  (ended at the cap {capped}, by agreed \
         scores {agreed}, by an engine's failure {failed}; {:.0} plies a game; {:.0} s)",
        games.len(),
        s.engines[0].name,
        s.engines[1].name,
        plies as f64 / games.len().max(1) as f64,
        elapsed.as_secs_f64()
    );
    let (per_game, per_pair) = samples(sides, results);
    if let Some(e) = per_game.estimate() {
        println!(
            "score {:.1} %  Elo {:+.1}  95 % [{:+.1}, {:+.1}] (trinomial, {} games)",
            100.0 * e.score,
            e.elo,
            e.low,
            e.high,
            e.units
        );
    }
    if sides == 2 {
        if let Some(e) = per_pair.estimate() {
            println!(
                "             Elo {:+.1}  95 % [{:+.1}, {:+.1}] (pentanomial, {} pairs)",
                e.elo, e.low, e.high, e.units
            );
        }
    }
    if let Some(sprt) = s.sprt {
        let llr = per_pair.llr(sprt.elo0, sprt.elo1);
        let (low, high) = sprt.bounds();
        println!(
            "SPRT elo0 {} elo1 {} alpha {} beta {}: LLR {llr:.2} in [{low:.2}, {high:.2}] → {:?}",
            sprt.elo0,
            sprt.elo1,
            sprt.alpha,
            sprt.beta,
            sprt.verdict(llr)
        );
    }
}
