//! Perft against `tests/data/perft.txt` (rows up to 1 000 000 nodes; deeper rows run in xtask).

use hexvar_chessagon::{divide, perft, perft_without_bulk, Position};

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
            (depth, count, parts.next().unwrap().to_string())
        })
        .collect()
}

#[test]
fn data_file_rows_up_to_the_cap() {
    let rows = rows();
    assert!(rows.len() >= 5);
    let mut ran = 0;
    for (depth, count, text) in rows {
        let pos: Position = text.parse().unwrap();
        assert_eq!(pos.to_string(), text, "position text round-trips");
        if count <= CAP {
            assert_eq!(perft(&pos, depth), count, "{text} depth {depth}");
            ran += 1;
        }
    }
    assert!(ran >= 3);
}

#[test]
fn bulk_and_plain_perft_agree_and_divide_sums() {
    let pos = Position::new();
    assert_eq!(perft_without_bulk(&pos, 2), 2_492);
    let split = divide(&pos, 2);
    assert_eq!(split.len(), 50);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 2_492);
}
