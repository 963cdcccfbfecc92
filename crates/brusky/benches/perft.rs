//! Criterion benches: move generation and perft, reported in nodes per second.
#![allow(missing_docs)] // criterion_group! generates undocumented items.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hexvar_brusky::{perft, perft_without_bulk, MoveList, Position};

/// Positions with their perft(3) from the rules file §10 where it gives one.
const START: &str = "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w KQkq - 0 1";

fn movegen(c: &mut Criterion) {
    let pos: Position = START.parse().unwrap();
    let mut list = MoveList::new();
    let mut group = c.benchmark_group("brusky movegen");
    group.throughput(Throughput::Elements(1));
    group.bench_function("legal_moves_into start", |b| {
        b.iter(|| {
            pos.legal_moves_into(&mut list);
            assert_eq!(list.len(), 61);
        })
    });
    group.bench_function("legal_move_count start", |b| {
        b.iter(|| assert_eq!(pos.legal_move_count(), 61))
    });
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let pos: Position = START.parse().unwrap();
    let mut group = c.benchmark_group("brusky perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(217_683));
    group.bench_function("bulk depth 3", |b| {
        b.iter(|| assert_eq!(perft(&pos, 3), 217_683))
    });
    group.bench_function("nobulk depth 3", |b| {
        b.iter(|| assert_eq!(perft_without_bulk(&pos, 3), 217_683))
    });
    group.finish();
}

criterion_group!(benches, movegen, perft_bench);
criterion_main!(benches);
