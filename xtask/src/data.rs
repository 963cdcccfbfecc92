//! The data files each variant crate ships under `tests/data/`.

use std::path::PathBuf;

use hexvar_geometry::perft::{read_rows, PerftRow};

use crate::root;

/// The perft files of every crate: the rules documents' counts and the conformance set.
pub const PERFT_FILES: [&str; 2] = ["perft.txt", "conformance.txt"];

/// The deep counts of every crate (`docs/perft.md`): start positions and chosen middlegames,
/// deeper than the suite runs them all.
pub const DEEP_FILE: &str = "perft-deep.txt";

/// The path of a crate's data file.
pub fn path(variant: &str, file: &str) -> PathBuf {
    root()
        .join("crates")
        .join(variant)
        .join("tests/data")
        .join(file)
}

/// The path relative to the repository root, for messages.
pub fn shown(variant: &str, file: &str) -> String {
    format!("crates/{variant}/tests/data/{file}")
}

/// The rows of one perft file.
pub fn rows(variant: &str, file: &str) -> Result<Vec<PerftRow>, String> {
    let path = path(variant, file);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    read_rows(&text).map_err(|e| format!("{}: {e}", shown(variant, file)))
}

/// The middlegame positions `cargo xtask bench` measures besides the start position.
pub fn bench_positions(variant: &str) -> Result<Vec<String>, String> {
    let path = path(variant, "bench.txt");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(String::from)
        .collect())
}
