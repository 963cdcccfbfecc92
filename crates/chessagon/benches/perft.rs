//! Perft speed in nodes/s (`Throughput::Elements`), with and without bulk counting.
//! The node counts are asserted against the spec (§9) before measuring.
#![allow(missing_docs)] // criterion_group! generates an undocumented function

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hexvar_chessagon::{perft, perft_without_bulk, Position};

fn bench(c: &mut Criterion) {
    let pos = Position::new();
    let mut group = c.benchmark_group("chessagon");
    group.sample_size(10);
    for (depth, nodes) in [(3u32, 124_374u64), (4, 6_180_571)] {
        assert_eq!(perft(&pos, depth), nodes);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("perft{depth}_bulk"), |b| {
            b.iter(|| perft(&pos, depth))
        });
    }
    let (depth, nodes) = (3u32, 124_374u64);
    assert_eq!(perft_without_bulk(&pos, depth), nodes);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("perft{depth}_without_bulk"), |b| {
        b.iter(|| perft_without_bulk(&pos, depth))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
