//! Perft benchmarks (nodes/s via `Throughput::Elements`), next to the chess yardstick
//! cozy-chess measured in the same run. The node counts are asserted inside the timed loop.
#![allow(missing_docs)]
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hexvar_cescacs::{perft, perft_without_bulk, Position};

fn chess_perft(board: &cozy_chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        if depth == 1 {
            nodes += moves.len() as u64;
        } else {
            for mv in moves {
                let mut child = board.clone();
                child.play_unchecked(mv);
                nodes += chess_perft(&child, depth - 1);
            }
        }
        false
    });
    nodes
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let start = Position::new();
    group.throughput(Throughput::Elements(340_385));
    group.bench_function("cescacs start 3 (bulk)", |b| {
        b.iter(|| assert_eq!(perft(&start, 3), 340_385));
    });
    group.throughput(Throughput::Elements(4_612));
    group.bench_function("cescacs start 2 (no bulk)", |b| {
        b.iter(|| assert_eq!(perft_without_bulk(&start, 2), 4_612));
    });
    let a: Position = "/27:1k/15:3p4/14:2p1p2/13:3P4/12:3p3/9:2P5/7:4P3/1:1K/ w - - 0 1"
        .parse()
        .unwrap();
    group.throughput(Throughput::Elements(115_323));
    group.bench_function("cescacs A 4 (bulk)", |b| {
        b.iter(|| assert_eq!(perft(&a, 4), 115_323));
    });
    let board = cozy_chess::Board::default();
    group.throughput(Throughput::Elements(4_865_609));
    group.bench_function("cozy-chess start 5 (bulk, yardstick)", |b| {
        b.iter(|| assert_eq!(chess_perft(&board, 5), 4_865_609));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
