//! Perft speed (leaves per second via `Throughput::Elements`), bulk and plain, from the start
//! position. The node counts are asserted (spec §8) so the bench measures what it claims.

use std::hint::black_box;

use criterion::{criterion_main, BenchmarkId, Criterion, Throughput};
use hexvar_dagger::{perft, perft_without_bulk, Position};

fn bench_perft(c: &mut Criterion) {
    let pos = Position::new();
    let mut group = c.benchmark_group("dagger perft");
    group.sample_size(10);
    for (depth, nodes) in [(4u32, 39_202u64), (5, 669_966)] {
        assert_eq!(perft(&pos, depth), nodes);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("bulk", depth), &depth, |b, &d| {
            b.iter(|| perft(black_box(&pos), d))
        });
    }
    for (depth, nodes) in [(3u32, 2_580u64), (4, 39_202)] {
        assert_eq!(perft_without_bulk(&pos, depth), nodes);
        group.throughput(Throughput::Elements(nodes));
        group.bench_with_input(BenchmarkId::new("nobulk", depth), &depth, |b, &d| {
            b.iter(|| perft_without_bulk(black_box(&pos), d))
        });
    }
    group.finish();
}

#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::bench_perft);
}
use group::benches;
criterion_main!(benches);
