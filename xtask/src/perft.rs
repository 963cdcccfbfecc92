//! `cargo xtask perft`: one perft run: plain, divided, without bulk, on threads, with a
//! transposition table (`--hash MB`), split after its first plies with transpositions merged
//! (`--split PLIES`), or with its leaves split by move kind (`--kinds`).

use std::time::Instant;

use hexvar_geometry::hash_perft::{split_perft, split_positions, PerftTable, Split};
use hexvar_geometry::Variant;

use crate::kinds::{kind_perft, KindCounts, MoveKinds};
use crate::{threads_option, variants, USAGE};

/// The distinct positions and the move orders to them after some plies.
pub type SplitSizes = (usize, u64);

/// The header and the columns of a perft split by move kind.
pub type KindTable = (Vec<&'static str>, Vec<u64>);

/// Plain and hash perft of position texts at a depth on some threads.
pub type PlainAndHash = fn(&[String], u32, usize) -> Result<Vec<Compared>, String>;

/// The typed face of one variant crate: what xtask needs beyond the text face `DynVariant`.
pub struct Typed {
    pub name: &'static str,
    /// Split perft of a position text, with a table of so many MiB (hash perft) or without.
    pub split_perft: fn(&str, u32, Split, Option<usize>) -> Result<u64, String>,
    /// Plain perft and hash perft (split at the root, one table for all) of each position text,
    /// with the seconds each took.
    pub plain_and_hash: PlainAndHash,
    /// The distinct positions and the move orders to them after some plies of a position text.
    pub split_sizes: fn(&str, u32) -> Result<SplitSizes, String>,
    /// The header and the columns of a perft split by move kind (depth, split plies, threads).
    pub kinds: fn(&str, u32, u32, usize) -> Result<KindTable, String>,
}

impl Typed {
    const fn of<V: MoveKinds>() -> Typed {
        Typed {
            name: V::NAME,
            split_perft: split_perft_text::<V>,
            plain_and_hash: plain_and_hash_texts::<V>,
            split_sizes: split_sizes_text::<V>,
            kinds: kinds_text::<V>,
        }
    }
}

/// Every variant, in [`variants::VARIANTS`]'s order.
pub const TYPED: &[Typed] = crate::variants::each_variant!(Typed::of);

/// The typed face of the variant called `name`.
pub fn typed(name: &str) -> Result<&'static Typed, String> {
    TYPED
        .iter()
        .find(|t| t.name == name)
        .ok_or_else(|| format!("unknown variant {name:?}"))
}

fn parse<V: Variant>(text: &str) -> Result<V, String> {
    text.parse::<V>().map_err(|e| format!("{}: {e}", V::NAME))
}

fn split_perft_text<V: Variant>(
    text: &str,
    depth: u32,
    split: Split,
    megabytes: Option<usize>,
) -> Result<u64, String> {
    let table = megabytes.map(PerftTable::<V>::with_megabytes);
    Ok(split_perft(
        &parse::<V>(text)?,
        depth,
        split,
        table.as_ref(),
    ))
}

/// One position's plain and hash perft, and the seconds each took.
pub struct Compared {
    pub plain: u64,
    pub hash: u64,
    pub plain_seconds: f64,
    pub hash_seconds: f64,
}

fn plain_and_hash_texts<V: Variant>(
    texts: &[String],
    depth: u32,
    threads: usize,
) -> Result<Vec<Compared>, String> {
    // The inner nodes of depth 2 and 3 through the table, shared by all the positions: a probe
    // must never take another position's count (from depth 1, C'escacs's and Kirby's checks took
    // 50 s instead of 3, copying their large positions into an entry per node).
    let table = PerftTable::<V>::with_megabytes(64).storing_from(2);
    let split = Split { plies: 1, threads };
    texts
        .iter()
        .map(|text| {
            let pos = parse::<V>(text)?;
            let t = Instant::now();
            let plain = hexvar_geometry::perft_parallel(&pos, depth);
            let plain_seconds = t.elapsed().as_secs_f64();
            let t = Instant::now();
            let hash = split_perft(&pos, depth, split, Some(&table));
            let hash_seconds = t.elapsed().as_secs_f64();
            Ok(Compared {
                plain,
                hash,
                plain_seconds,
                hash_seconds,
            })
        })
        .collect()
}

fn split_sizes_text<V: Variant>(text: &str, plies: u32) -> Result<SplitSizes, String> {
    let level = split_positions(&parse::<V>(text)?, plies);
    Ok((level.len(), level.iter().map(|(_, m)| m).sum()))
}

fn kinds_text<V: MoveKinds>(
    text: &str,
    depth: u32,
    plies: u32,
    threads: usize,
) -> Result<KindTable, String> {
    let counts = kind_perft(&parse::<V>(text)?, depth, plies, threads);
    Ok((KindCounts::header::<V>(), counts.columns::<V>()))
}

/// The options of one run.
#[derive(Default)]
struct Options {
    text: Option<String>,
    mode: Option<String>,
    divide: bool,
    no_bulk: bool,
    hash_mb: Option<usize>,
    split: Option<u32>,
    kinds: bool,
    stack_kib: Option<usize>,
}

fn number<T: std::str::FromStr>(value: Option<&String>, option: &str) -> Result<T, String> {
    value
        .and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("{option} needs a number"))
}

/// Reads the options; returns them with the positional arguments.
fn options(args: &[String]) -> Result<(Options, Vec<String>), String> {
    let mut options = Options::default();
    let mut positional = Vec::new();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--position" => {
                options.text = Some(it.next().ok_or("--position needs a text")?.clone())
            }
            "--mode" => options.mode = Some(it.next().ok_or("--mode needs a mode name")?.clone()),
            "--divide" => options.divide = true,
            "--nobulk" => options.no_bulk = true,
            "--hash" => options.hash_mb = Some(number(it.next(), "--hash")?),
            "--split" => options.split = Some(number(it.next(), "--split")?),
            "--kinds" => options.kinds = true,
            "--stack" => options.stack_kib = Some(number(it.next(), "--stack")?),
            _ if arg.starts_with("--") => return Err(format!("unknown option {arg}\n{USAGE}")),
            _ => positional.push(arg.clone()),
        }
    }
    if options.kinds && options.hash_mb.is_some() {
        return Err("--kinds counts without a table: leave out --hash".into());
    }
    let special = options.hash_mb.is_some() || options.split.is_some() || options.kinds;
    if special && (options.divide || options.no_bulk) {
        return Err("--hash, --split and --kinds go without --divide and --nobulk".into());
    }
    Ok((options, positional))
}

pub fn run(args: &[String]) -> Result<(), String> {
    let mut args = args.to_vec();
    let threads = threads_option(&mut args)?;
    let (options, positional) = options(&args)?;
    let [name, depth] = positional.as_slice() else {
        return Err(USAGE.to_string());
    };
    let name = name.clone();
    let variant = variants::find(&name)?;
    let depth: u32 = depth
        .parse()
        .ok()
        .filter(|&d| d <= hexvar_geometry::MAX_PERFT_DEPTH)
        .ok_or_else(|| {
            format!(
                "bad depth {depth:?} (0 to {})",
                hexvar_geometry::MAX_PERFT_DEPTH
            )
        })?;
    let pos = variants::position(variant, options.mode.as_deref(), options.text.as_deref())?;
    let started = Instant::now();
    let stack_kib = options.stack_kib;
    let count = move || count(&name, &*pos, depth, &options, threads);
    let nodes = match stack_kib {
        // A thread of a chosen stack, to measure how much stack a perft's recursion takes.
        Some(kib) => std::thread::Builder::new()
            .stack_size(kib.checked_mul(1024).ok_or("--stack is too large")?)
            .spawn(count)
            .map_err(|e| e.to_string())?
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e))?,
        None => count()?,
    };
    let seconds = started.elapsed().as_secs_f64();
    println!("time {seconds:.3}s");
    println!("nodes/s {:.0}", nodes as f64 / seconds.max(1e-9));
    println!("nodes {nodes}");
    Ok(())
}

/// The count the options ask for, printing what it prints on the way.
fn count(
    name: &str,
    pos: &dyn hexvar_geometry::DynVariant,
    depth: u32,
    options: &Options,
    threads: usize,
) -> Result<u64, String> {
    Ok(if options.kinds {
        let plies = options.split.unwrap_or(depth.saturating_sub(2).min(3));
        let (header, columns) = (typed(name)?.kinds)(&pos.position_text(), depth, plies, threads)?;
        for (name, count) in header.iter().zip(&columns) {
            println!("{name} {count}");
        }
        columns[0]
    } else if options.hash_mb.is_some() || options.split.is_some() {
        let typed = typed(name)?;
        let text = pos.position_text();
        let plies = options.split.unwrap_or(1).min(depth);
        let (unique, orders) = (typed.split_sizes)(&text, plies)?;
        println!("split {plies} plies: {unique} positions, {orders} move orders");
        let split = Split { plies, threads };
        (typed.split_perft)(&text, depth, split, options.hash_mb)?
    } else if options.divide {
        let split = pos.divide(depth);
        for (mv, count) in &split {
            println!("{mv} {count}");
        }
        split.iter().map(|(_, n)| n).sum()
    } else if options.no_bulk {
        pos.perft_without_bulk(depth)
    } else if threads > 1 {
        pos.perft_parallel(depth)
    } else {
        pos.perft(depth)
    })
}
