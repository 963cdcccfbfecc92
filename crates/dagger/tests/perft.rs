//! Perft against `tests/data/perft.txt` (rows with count <= 1_000_000; deeper rows run in
//! `cargo xtask suite`).

use hexvar_dagger::{perft, perft_without_bulk, Position};

const CAP: u64 = 1_000_000;

fn rows() -> Vec<(u32, u64, String)> {
    let text = include_str!("data/perft.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.splitn(3, ' ');
            let depth = parts.next().unwrap().parse().unwrap();
            let count = parts.next().unwrap().parse().unwrap();
            (depth, count, parts.next().unwrap().to_owned())
        })
        .collect()
}

#[test]
fn perft_rows_within_the_cap() {
    let mut ran = 0;
    for (depth, count, text) in rows() {
        if count > CAP {
            continue;
        }
        let pos: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(perft(&pos, depth), count, "perft({depth}) of {text}");
        ran += 1;
    }
    assert!(ran >= 14, "only {ran} rows ran");
}

#[test]
fn bulk_and_plain_perft_agree() {
    for (depth, count, text) in rows() {
        if count > 100_000 {
            continue;
        }
        let pos: Position = text.parse().unwrap();
        assert_eq!(perft_without_bulk(&pos, depth), count, "{text}");
    }
}

#[test]
fn data_file_is_well_formed() {
    let rows = rows();
    assert!(rows.len() >= 16);
    for (depth, _, text) in rows {
        assert!((1..=8).contains(&depth));
        text.parse::<Position>().unwrap();
    }
}
