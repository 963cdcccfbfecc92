//! Perft against `tests/data/perft.txt` (rows with a count of at most 1 000 000; deeper rows
//! run in `cargo xtask suite`). Every count there comes from the rules file.

use hexvar_kirby::{divide, perft, perft_without_bulk, Position};

const DATA: &str = include_str!("data/perft.txt");
const CAP: u64 = 1_000_000;

fn rows() -> impl Iterator<Item = (u32, u64, Position, &'static str)> {
    DATA.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|line| {
            let mut parts = line.splitn(3, ' ');
            let depth = parts.next().unwrap().parse().unwrap();
            let count = parts.next().unwrap().parse().unwrap();
            let text = parts.next().unwrap();
            let pos: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
            (depth, count, pos, text)
        })
}

#[test]
fn data_file_rows_match() {
    let mut ran = 0;
    for (depth, count, pos, text) in rows() {
        if count <= CAP {
            assert_eq!(perft(&pos, depth), count, "depth {depth}: {text}");
            ran += 1;
        }
    }
    assert!(ran >= 30, "only {ran} rows ran");
}

#[test]
fn position_texts_round_trip() {
    for (_, _, pos, text) in rows() {
        // The printed text is canonical (pieces in cell order) and reads back to the same
        // position; the start rows are written canonically.
        let printed = pos.to_string();
        let back: Position = printed.parse().unwrap();
        assert_eq!(back, pos);
        assert_eq!(back.to_string(), printed);
        assert_eq!(back.hash(), pos.hash());
        if text.contains("castling=B/11") {
            assert_eq!(printed, text);
        }
    }
}

#[test]
fn bulk_and_divide_agree_with_playing_every_leaf() {
    for (depth, count, pos, _) in rows() {
        if depth <= 2 {
            assert_eq!(perft_without_bulk(&pos, depth), count);
            let sum: u64 = divide(&pos, depth).iter().map(|&(_, n)| n).sum();
            assert_eq!(sum, count);
        }
    }
}
