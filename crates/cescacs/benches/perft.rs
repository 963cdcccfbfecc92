//! Perft benchmarks (nodes/s via `Throughput::Elements`).
#![allow(missing_docs)]
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hexvar_cescacs::{perft, Position};

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("cescacs");
    group.sample_size(10);
    let start = Position::new();
    group.throughput(Throughput::Elements(340_385));
    group.bench_function("perft start 3", |b| {
        b.iter(|| assert_eq!(perft(&start, 3), 340_385));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
