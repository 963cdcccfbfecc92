//! The positions `cargo xtask bench` measures besides the start: each crate's
//! `tests/data/bench.txt`, drawn from its `tests/data/conformance.txt` by one fixed rule so that
//! nobody picks them. `cargo xtask bench --write-positions` writes the files; a repository test
//! draws them again and fails if a file differs.
//!
//! The rule: take the distinct positions of `conformance.txt` that have at least [`MIN_MOVES`]
//! legal moves, group them by [`kind`] (file order within a kind), and from a kind of `n`
//! positions take `m = ⌈n / EVERY⌉` of them, those at ranks `⌊(i + ½) · n / m⌋` for
//! `i = 0 … m − 1`: an even spread through the file, every kind in proportion.

use std::collections::BTreeMap;

use hexvar_geometry::VariantEntry;

use crate::data;

/// Positions with fewer legal moves (mates, stalemates, bare kings) are left out: their perft
/// measures little but the set-up.
pub const MIN_MOVES: usize = 10;

/// One position drawn for every this many of a kind.
pub const EVERY: usize = 15;

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

/// A drawn position: its text, kind, legal move count, and where it stands in `conformance.txt`.
struct Drawn {
    text: String,
    moves: usize,
    line: usize,
    comment: String,
}

/// The text of `bench.txt` for `variant`, drawn from its `conformance.txt` by the rule.
pub fn draw(variant: &VariantEntry) -> Result<String, String> {
    let name = variant.name;
    let raw = std::fs::read_to_string(data::path(name, "conformance.txt"))
        .map_err(|e| format!("{}: {e}", data::shown(name, "conformance.txt")))?;
    let raw_lines: Vec<&str> = raw.lines().collect();
    let mut seen = std::collections::HashSet::new();
    let mut distinct = 0;
    let mut kinds: BTreeMap<String, Vec<Drawn>> = BTreeMap::new();
    for row in data::rows(name, "conformance.txt")? {
        if !seen.insert(row.position.clone()) {
            continue;
        }
        distinct += 1;
        let pos = (variant.parse)(&row.position)
            .map_err(|e| format!("{}:{}: {e}", data::shown(name, "conformance.txt"), row.line))?;
        let moves = pos.moves().len();
        if moves < MIN_MOVES {
            continue;
        }
        // The comment just above the position's first row says which game and ply it is from.
        let comment = raw_lines[..row.line - 1]
            .last()
            .and_then(|l| l.strip_prefix('#'))
            .map_or(String::new(), |c| c.trim().to_string());
        kinds.entry(kind(&row.position)).or_default().push(Drawn {
            text: row.position,
            moves,
            line: row.line,
            comment,
        });
    }
    let eligible: usize = kinds.values().map(Vec::len).sum();
    let mut out = format!(
        "# Positions for `cargo xtask bench`, which measures the start position and these. They are
# drawn from conformance.txt by a fixed rule, so that nobody picks them: of the {distinct} distinct
# positions there, the {eligible} with at least {MIN_MOVES} legal moves are grouped by kind, in file
# order within a kind, and a kind of n positions gives m = ceil(n / {EVERY}) of them, those at ranks
# floor((i + 1/2) * n / m) for i = 0 .. m-1 (counted from 0): an even spread, kinds in proportion.
# Kinds: \"middlegame\"; for Kirby, the armies alive and their teams when a team holds two or more.
# Written by `cargo xtask bench --write-positions`; a repository test (xtask) draws them again and
# fails if this file differs. Each position's comment: its kind, legal moves, and the line of its
# first row in conformance.txt with the comment above that row.
"
    );
    for (kind, positions) in &kinds {
        let n = positions.len();
        let m = n.div_ceil(EVERY);
        for i in 0..m {
            let p = &positions[(2 * i + 1) * n / (2 * m)];
            out.push_str(&format!(
                "# {kind}, {} legal moves, line {}: {}\n{}\n",
                p.moves, p.line, p.comment, p.text
            ));
        }
    }
    Ok(out)
}

/// Writes `bench.txt` of every variant named (all when none is).
pub fn write(names: &[String]) -> Result<(), String> {
    for variant in crate::variants::select(names)? {
        let text = draw(variant)?;
        let path = data::path(variant.name, "bench.txt");
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        println!(
            "wrote {} ({} positions)",
            data::shown(variant.name, "bench.txt"),
            data::bench_positions(variant.name)?.len()
        );
    }
    Ok(())
}
