//! The positions `cargo xtask bench` measures besides the start: each crate's
//! `tests/data/bench.txt`, drawn from random games by one fixed rule so that nobody picks them and
//! so that they are ordinary play (not the conformance set's special rows, nor its late endings).
//! `cargo xtask bench --write-positions` writes the files; a repository test draws them again and
//! fails if a file differs.
//!
//! The rule: for each group of start positions (one group per variant; Kirby one per mode, its two
//! layouts taking turns), play [`games_per_group`] random games; game `i` of `n` stops at ply
//! `20 + round(i · 100 / (n − 1))`, an even spread over plies 20–120, and gives the position
//! there. Each ply picks among the legal moves sorted by their notation (so a change of the
//! generator's order draws the same games) with a xorshift64* generator seeded by the variant, the
//! group, the game and the attempt. A game that ends before its ply, or stops at a position with
//! fewer than [`MIN_MOVES`] legal moves, is played again with the next attempt's seed.

use hexvar_geometry::{DynVariant, VariantEntry};

/// Positions with fewer legal moves (mates, stalemates, bare kings) are left out: their perft
/// measures little but the set-up.
pub const MIN_MOVES: usize = 10;

/// The plies the games stop at run from here …
pub const FIRST_PLY: usize = 20;
/// … to here.
pub const LAST_PLY: usize = 120;

/// Games per group of start positions: ten for a two-player variant, three per Kirby mode (seven
/// modes).
pub fn games_per_group(groups: usize) -> usize {
    if groups == 1 {
        10
    } else {
        3
    }
}

/// The kind of a bench position, for the bench's ratio per kind: `"middlegame"`, or for a
/// position text with a `teams=` field (Kirby) the armies still alive and, when a team holds
/// two or more of them, the number of teams: `"3 armies"`, `"6 armies in 2 teams"`.
pub fn kind(text: &str) -> String {
    let field = |name: &str| {
        text.split_whitespace()
            .find_map(|f| f.strip_prefix(name)?.strip_prefix('='))
    };
    let Some(teams) = field("teams") else {
        return "middlegame".to_string();
    };
    let dead = field("dead").unwrap_or("-");
    let living: Vec<usize> = teams
        .split('/')
        .map(|team| team.chars().filter(|&army| !dead.contains(army)).count())
        .filter(|&armies| armies > 0)
        .collect();
    let armies: usize = living.iter().sum();
    if living.iter().any(|&n| n > 1) {
        format!("{armies} armies in {} teams", living.len())
    } else {
        format!("{armies} armies")
    }
}

/// The start positions grouped: one group, or (Kirby, whose start names are `MODE LAYOUT`) one
/// group per mode, in the order the crate lists them.
fn start_groups(variant: &VariantEntry) -> Vec<(String, Vec<String>)> {
    let mut groups: Vec<(String, Vec<String>)> = Vec::new();
    for (name, text) in (variant.start_positions)() {
        let mode = match name.split_once(' ') {
            Some((mode, _layout)) => mode.to_string(),
            None => name,
        };
        match groups.iter_mut().find(|(m, _)| *m == mode) {
            Some((_, texts)) => texts.push(text),
            None => groups.push((mode, vec![text])),
        }
    }
    groups
}

/// xorshift64*: a tiny generator, enough to pick moves; never seeded with 0.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        // SplitMix64's finaliser spreads nearby seeds apart.
        let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        Rng((z ^ (z >> 31)) | 1)
    }

    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize % n
    }
}

/// A stable seed from the variant's name and three numbers.
fn seed(name: &str, group: usize, game: usize, attempt: usize) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325_u64;
    for b in name.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
    }
    h ^ ((group as u64) << 48) ^ ((game as u64) << 32) ^ attempt as u64
}

/// Plays `plies` random plies from `start`; the position reached, unless the game ended first or
/// it has fewer than [`MIN_MOVES`] legal moves.
fn random_position(
    start: &dyn DynVariant,
    plies: usize,
    rng: &mut Rng,
) -> Result<Option<Box<dyn DynVariant>>, String> {
    let mut pos = start.clone_box();
    for _ in 0..plies {
        if pos.status().outcome.is_some() {
            return Ok(None);
        }
        // Sorted by notation, so that the generator's order does not matter.
        let moves = pos.divide(1);
        if moves.is_empty() {
            return Ok(None);
        }
        let (text, _) = &moves[rng.below(moves.len())];
        pos.play_text(text).map_err(|e| e.to_string())?;
    }
    let usable = pos.status().outcome.is_none() && pos.move_count() >= MIN_MOVES;
    Ok(usable.then_some(pos))
}

/// The text of `bench.txt` for `variant`, drawn by the rule.
pub fn draw(variant: &VariantEntry) -> Result<String, String> {
    let name = variant.name;
    let groups = start_groups(variant);
    let games = games_per_group(groups.len());
    let mut out = format!(
        "# Positions for `cargo xtask bench`, which measures the start position and these: ordinary
# play, drawn by a fixed rule so that nobody picks them. For each group of start positions (Kirby:
# one per mode, its layouts taking turns) {games} random games are played; game i of n stops at ply
# {FIRST_PLY} + round(i * {span} / (n - 1)), an even spread over plies {FIRST_PLY}-{LAST_PLY}, and gives the position there.
# Each ply picks uniformly among the legal moves sorted by notation, with a xorshift64* generator
# seeded by the variant, group, game and attempt; a game that ends first, or stops at a position
# with fewer than {MIN_MOVES} legal moves, is played again with the next attempt's seed.
# Written by `cargo xtask bench --write-positions`; a repository test (xtask) draws them again and
# fails if this file differs. Each position's comment: its kind, legal moves, start, game, ply.
",
        span = LAST_PLY - FIRST_PLY
    );
    for (g, (group, starts)) in groups.iter().enumerate() {
        for game in 0..games {
            let ply = FIRST_PLY
                + ((game * (LAST_PLY - FIRST_PLY)) as f64 / (games - 1) as f64).round() as usize;
            let start_text = &starts[game % starts.len()];
            let start = (variant.parse)(start_text).map_err(|e| format!("{name}: {e}"))?;
            let mut found = None;
            for attempt in 0..100 {
                let mut rng = Rng::new(seed(name, g, game, attempt));
                if let Some(pos) = random_position(&*start, ply, &mut rng)? {
                    found = Some((pos, attempt));
                    break;
                }
            }
            let (pos, attempt) = found.ok_or(format!(
                "{name} {group}: no usable game {game} in 100 attempts"
            ))?;
            let text = pos.position_text();
            out.push_str(&format!(
                "# {}, {} legal moves, {group} game {game} (attempt {attempt}), ply {ply}\n{text}\n",
                kind(&text),
                pos.move_count(),
            ));
        }
    }
    Ok(out)
}

/// Writes `bench.txt` of every variant named (all when none is).
pub fn write(names: &[String]) -> Result<(), String> {
    for variant in crate::variants::select(names)? {
        let text = draw(variant)?;
        let path = crate::data::path(variant.name, "bench.txt");
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        println!(
            "wrote {} ({} positions)",
            crate::data::shown(variant.name, "bench.txt"),
            crate::data::bench_positions(variant.name)?.len()
        );
    }
    Ok(())
}
