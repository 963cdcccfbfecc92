//! Perft speed in leaves per second from the start position, with and without bulk counting
//! (`cargo bench -p hexvar-chessagon`). The leaf counts are the rules page's reference counts,
//! asserted on every run. `cargo xtask bench` compares with standard chess on middlegames too.

use std::time::Instant;

use hexvar_chessagon::{perft, perft_without_bulk, Position};

/// A perft function: bulk counting at the last ply or not.
type Perft = fn(&Position, u32) -> u64;

fn main() {
    let pos = Position::new();
    let runs: [(&str, Perft, u32, u64); 3] = [
        ("bulk", perft, 4, 6_180_571),
        ("bulk", perft, 5, 310_638_133),
        ("no bulk", perft_without_bulk, 4, 6_180_571),
    ];
    for (kind, run, depth, leaves) in runs {
        let t = Instant::now();
        let n = run(&pos, depth);
        let s = t.elapsed().as_secs_f64();
        assert_eq!(n, leaves, "perft {depth} ({kind})");
        println!(
            "chessagon perft {depth} {kind:<7}: {n} leaves in {s:.3} s, {:.1} M leaves/s",
            n as f64 / s / 1e6
        );
    }
}
