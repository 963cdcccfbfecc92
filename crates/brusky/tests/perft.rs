//! Perft against the data file: every row up to a million nodes (deeper rows run in
//! `cargo xtask suite`).

use hexvar_brusky::{perft, perft_without_bulk, Position};

const CAP: u64 = 1_000_000;

fn rows() -> Vec<(u32, u64, Position)> {
    include_str!("data/perft.txt")
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.splitn(3, ' ');
            let depth = parts.next().unwrap().parse().unwrap();
            let count = parts.next().unwrap().parse().unwrap();
            let pos = parts.next().unwrap().parse().unwrap();
            (depth, count, pos)
        })
        .collect()
}

#[test]
fn perft_matches_the_data_file() {
    let rows = rows();
    assert!(rows.iter().any(|r| r.1 <= CAP), "no row under the cap");
    for (depth, count, pos) in rows.into_iter().filter(|r| r.1 <= CAP) {
        assert_eq!(perft(&pos, depth), count, "perft({depth}) of {pos}");
    }
}

#[test]
fn bulk_and_plain_perft_agree() {
    let pos = Position::new();
    assert_eq!(perft_without_bulk(&pos, 3), perft(&pos, 3));
}
