//! The search's fingerprint: on every bench position of every variant (each crate's
//! `tests/data/bench.txt`, copied to this crate's `tests/data/bench/<variant>.txt` so that the
//! crate is tested on its own when packaged), a fresh engine's search to a fixed depth gives the
//! node count, score and best move written in `data/fingerprint.txt`. A change meant to make the search cheaper
//! without changing it (incremental scores, lazier ordering, fewer generations) must leave
//! every row as it is; a change meant to change the search rewrites the file on purpose, and so
//! does a variant crate's change of the order in which it lists its moves (the order among
//! moves of equal ordering keys is the list's):
//!
//! ```sh
//! HEXVAR_WRITE_FINGERPRINT=1 cargo test --release -p hexvar-engine fingerprint
//! ```

use std::fmt::Write as _;

use hexvar_engine::{Engine, Limits, Options};
use hexvar_geometry::{Game, Variant};

/// The depth searched per variant: a few thousand nodes a position.
const DEPTHS: [(&str, u32); 5] = [
    ("brusky", 4),
    ("chessagon", 4),
    ("dagger", 5),
    ("cescacs", 3),
    ("kirby", 4),
];

fn depth_of(name: &str) -> u32 {
    DEPTHS
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, d)| d)
        .expect("a depth for every variant")
}

/// The rows of one variant: `variant index depth nodes score move`.
fn rows<V: Variant>(name: &str, bench: &str, out: &mut String) {
    let depth = depth_of(name);
    let positions = bench
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'));
    for (i, text) in positions.enumerate() {
        let pos: V = text
            .parse()
            .unwrap_or_else(|e| panic!("{name} bench position {i} does not parse: {e}"));
        let found = Engine::<V>::new(Options::default())
            .search(&Game::from_position(pos), &Limits::depth(depth));
        let best = found.best.map_or_else(|| "-".to_string(), V::long);
        writeln!(
            out,
            "{name} {i} {depth} {} {:?} {best}",
            found.nodes, found.score
        )
        .expect("a string takes writes");
    }
}

fn all_rows() -> String {
    let mut out = String::new();
    rows::<hexvar_brusky::Position>("brusky", include_str!("data/bench/brusky.txt"), &mut out);
    rows::<hexvar_chessagon::Position>(
        "chessagon",
        include_str!("data/bench/chessagon.txt"),
        &mut out,
    );
    rows::<hexvar_dagger::Position>("dagger", include_str!("data/bench/dagger.txt"), &mut out);
    rows::<hexvar_cescacs::Position>("cescacs", include_str!("data/bench/cescacs.txt"), &mut out);
    rows::<hexvar_kirby::Position>("kirby", include_str!("data/bench/kirby.txt"), &mut out);
    out
}

#[test]
fn fixed_depth_searches_match_the_fingerprint() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fingerprint.txt");
    let header =
        "# The search's fingerprint (tests/fingerprint.rs): variant, bench position, depth, \
                  nodes, score, best move.\n";
    let got = format!("{header}{}", all_rows());
    if std::env::var_os("HEXVAR_WRITE_FINGERPRINT").is_some() {
        std::fs::write(&path, &got).expect("the fingerprint file is writable");
        return;
    }
    let want = std::fs::read_to_string(&path).expect("tests/data/fingerprint.txt exists");
    let differ: Vec<String> = want
        .lines()
        .zip(got.lines())
        .filter(|(w, g)| w != g)
        .map(|(w, g)| format!("  want {w}\n  got  {g}"))
        .collect();
    assert!(
        differ.is_empty() && want.lines().count() == got.lines().count(),
        "the search changed at a fixed depth ({} rows differ; rewrite the file only for a change \
         meant to change the search):\n{}",
        differ.len(),
        differ.join("\n")
    );
}
