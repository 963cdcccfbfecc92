//! Perft against `tests/data/perft.txt` (rows up to 1 000 000 nodes).
use hexvar_cescacs::{perft, Position};

#[test]
fn perft_data_file() {
    let text = include_str!("data/perft.txt");
    let mut rows = 0;
    for line in text.lines() {
        let line = line.split('#').next().unwrap().trim();
        if line.is_empty() {
            continue;
        }
        let mut parts = line.splitn(3, ' ');
        let depth: u32 = parts.next().unwrap().parse().unwrap();
        let count: u64 = parts.next().unwrap().parse().unwrap();
        let fen = parts.next().unwrap();
        let pos: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        if count > 1_000_000 {
            continue;
        }
        assert_eq!(perft(&pos, depth), count, "perft {depth} of {fen}");
        rows += 1;
    }
    assert!(rows >= 8);
}
