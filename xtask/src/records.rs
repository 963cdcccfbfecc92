//! `cargo xtask records`: game records over the trait, measured and checked. Writing and reading a
//! file of many random games (games per second, and the reader's peak memory, which must not grow
//! with the file), SAN written and read per move (the variant's own `san` / `parse_san` beside
//! geometry's generic ones), and the byte-for-byte round trip of a many-game file.
//!
//! ```text
//! cargo xtask records write VARIANT GAMES FILE
//! cargo xtask records read VARIANT FILE
//! cargo xtask records san VARIANT GAMES
//! cargo xtask records roundtrip VARIANT GAMES
//! ```
//!
//! `write` plays GAMES random games (seeded, at most 80 plies each, a comment every 10th move and
//! a one-move variation every 20th) and times writing them to FILE; `read` times the streaming
//! reader over FILE and prints the process's peak resident memory (run it on files of 1,000 and
//! 10,000 games to compare); `san` times SAN over every move of GAMES random games.

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::time::Instant;

use hexvar_geometry::record::{write_records, RecordReader};
use hexvar_geometry::{san, Game, GameTree, Variant};

/// The most plies of a random game.
const PLIES: usize = 80;

/// xorshift64*: a tiny generator, enough to pick moves.
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// A random game as a tree, with comments and one-move variations sprinkled on its main line.
pub fn random_tree<V: Variant>(rng: &mut Rng) -> GameTree<V> {
    let mut game = Game::<V>::new();
    while game.moves().len() < PLIES && game.outcome().is_none() {
        let moves = game.position().legal_moves();
        game.play(moves[rng.below(moves.len())])
            .expect("a legal move of a game not over");
    }
    let mut tree = GameTree::from(&game);
    let main: Vec<_> = tree.mainline().collect();
    for (i, &id) in main.iter().enumerate() {
        if i % 10 == 9 {
            tree.node_mut(id).comment = format!("move {i}");
        }
        let parent = tree.node(id).parent().expect("a move's node");
        let moves = tree.position(parent).legal_moves();
        if i % 20 == 19 && moves.len() > 1 {
            let other = moves[rng.below(moves.len())];
            tree.add_variation(parent, other).expect("a legal move");
        }
    }
    tree
}

/// The peak resident memory of this process, from `/proc/self/status` (Linux).
fn peak_memory() -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmHWM"))
                .map(str::to_string)
        })
        .unwrap_or_else(|| "VmHWM unknown".to_string())
}

fn write<V: Variant>(games: usize, path: &str) -> Result<(), String> {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let trees: Vec<GameTree<V>> = (0..games).map(|_| random_tree(&mut rng)).collect();
    let moves: usize = trees.iter().map(|t| t.mainline_moves().len()).sum();
    let clock = Instant::now();
    let mut out = BufWriter::new(File::create(path).map_err(|e| e.to_string())?);
    let written = write_records(&mut out, &trees).map_err(|e| e.to_string())?;
    out.flush().map_err(|e| e.to_string())?;
    let seconds = clock.elapsed().as_secs_f64();
    println!(
        "{} write: {written} games, {moves} main-line moves in {seconds:.2} s: {:.0} games/s, {:.0} ns/move",
        V::NAME,
        written as f64 / seconds,
        seconds * 1e9 / moves as f64
    );
    Ok(())
}

fn read<V: Variant>(path: &str) -> Result<(), String> {
    let input = BufReader::new(File::open(path).map_err(|e| e.to_string())?);
    let clock = Instant::now();
    let (mut games, mut moves, mut bad) = (0usize, 0usize, 0usize);
    for tree in RecordReader::<V, _>::new(input) {
        match tree {
            Ok(tree) => {
                games += 1;
                moves += tree.mainline_moves().len();
            }
            Err(e) => {
                bad += 1;
                eprintln!("{e}");
            }
        }
    }
    let seconds = clock.elapsed().as_secs_f64();
    println!(
        "{} read: {games} games ({bad} bad), {moves} main-line moves in {seconds:.2} s: {:.0} games/s, {:.0} ns/move; {}",
        V::NAME,
        games as f64 / seconds,
        seconds * 1e9 / moves as f64,
        peak_memory()
    );
    Ok(())
}

/// Nanoseconds per item of `f` over `items`, and a checksum so the work is kept.
fn time_per<T>(items: &[T], mut f: impl FnMut(&T) -> usize) -> (f64, usize) {
    let clock = Instant::now();
    let sum = items.iter().map(&mut f).sum();
    (
        clock.elapsed().as_secs_f64() * 1e9 / items.len() as f64,
        sum,
    )
}

fn san_speed<V: Variant>(games: usize) -> Result<(), String> {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut played = Vec::new();
    for _ in 0..games {
        let tree = random_tree::<V>(&mut rng);
        let mut pos = tree.start_position().clone();
        for mv in tree.mainline_moves() {
            let text = pos.san(mv).into_string();
            played.push((pos.clone(), mv, text));
            pos.play_unchecked(mv);
        }
    }
    let (own_write, a) = time_per(&played, |(p, m, _)| p.san(*m).len());
    let (generic_write, b) = time_per(&played, |(p, m, _)| san::san(p, *m).len());
    let (own_read, c) = time_per(&played, |(p, _, t)| usize::from(p.parse_san(t).is_ok()));
    let (generic_read, d) = time_per(&played, |(p, _, t)| {
        usize::from(san::parse_san(p, t).is_ok())
    });
    if a != b || c != d || c != played.len() {
        return Err(format!("the SANs differ: {a} {b} {c} {d}"));
    }
    println!(
        "{} san over {} moves: write {own_write:.0} ns/move (generic {generic_write:.0}), read {own_read:.0} ns/move (generic {generic_read:.0})",
        V::NAME,
        played.len()
    );
    Ok(())
}

/// Runs `$job::<Position>($args)` for the variant named `$name`.
#[macro_export]
macro_rules! for_variant {
    ($name:expr, $job:ident ( $($arg:expr),* )) => {
        match $name {
            "brusky" => $job::<hexvar_brusky::Position>($($arg),*),
            "chessagon" => $job::<hexvar_chessagon::Position>($($arg),*),
            "dagger" => $job::<hexvar_dagger::Position>($($arg),*),
            "cescacs" => $job::<hexvar_cescacs::Position>($($arg),*),
            "kirby" => $job::<hexvar_kirby::Position>($($arg),*),
            other => Err(format!("no variant {other:?}")),
        }
    };
}

/// A file of `games` random trees written, read back by the streaming reader and written again:
/// the same bytes, and the same trees. Returns the file's size.
pub fn roundtrip<V: Variant>(games: usize) -> Result<usize, String> {
    let mut rng = Rng(0x5851_F42D_4C95_7F2D ^ V::NAME.len() as u64);
    let trees: Vec<GameTree<V>> = (0..games).map(|_| random_tree(&mut rng)).collect();
    let mut file = Vec::new();
    write_records(&mut file, &trees).map_err(|e| e.to_string())?;
    let read: Vec<GameTree<V>> = RecordReader::<V, _>::new(file.as_slice())
        .collect::<Result<_, _>>()
        .map_err(|e| format!("{}: {e}", V::NAME))?;
    let mut again = Vec::new();
    write_records(&mut again, &read).map_err(|e| e.to_string())?;
    if again != file {
        let at = file
            .iter()
            .zip(&again)
            .position(|(a, b)| a != b)
            .unwrap_or(file.len().min(again.len()));
        let context = |bytes: &[u8]| {
            String::from_utf8_lossy(&bytes[at.saturating_sub(80)..(at + 80).min(bytes.len())])
                .into_owned()
        };
        return Err(format!(
            "{}: the file changed at byte {at}:\n{}\n---\n{}",
            V::NAME,
            context(&file),
            context(&again)
        ));
    }
    if read != trees {
        return Err(format!(
            "{}: the trees read differ from those written",
            V::NAME
        ));
    }
    Ok(file.len())
}

fn roundtrip_report<V: Variant>(games: usize) -> Result<(), String> {
    let bytes = roundtrip::<V>(games)?;
    println!(
        "{} roundtrip: {games} games, {bytes} bytes, the same bytes read and written again",
        V::NAME
    );
    Ok(())
}

pub fn run(args: &[String]) -> Result<(), String> {
    let usage = "usage: cargo xtask records write VARIANT GAMES FILE | read VARIANT FILE | san VARIANT GAMES | roundtrip VARIANT GAMES";
    let arg = |i: usize| args.get(i).map(String::as_str).ok_or(usage);
    let count = |i: usize| arg(i)?.parse::<usize>().map_err(|e| e.to_string());
    match arg(0)? {
        "write" => for_variant!(arg(1)?, write(count(2)?, arg(3)?)),
        "read" => for_variant!(arg(1)?, read(arg(2)?)),
        "san" => for_variant!(arg(1)?, san_speed(count(2)?)),
        "roundtrip" => for_variant!(arg(1)?, roundtrip_report(count(2)?)),
        _ => Err(usage.to_string()),
    }
}
