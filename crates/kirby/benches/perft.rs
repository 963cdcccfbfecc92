//! Perft benches (nodes/s via `Throughput::Elements`). Each bench asserts the spec's node count.
#![allow(missing_docs)] // criterion_group! generates an undocumented function
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use hexvar_kirby::{perft, perft_without_bulk, Layout, Mode, Position, Setup};

const T1: &str = "layout=QL turn=B teams=BW/PR/SG castling=- dead=- waiting=- B:KB/15,RA8,BA16,NB/32,PB/27,PG14 P:KP/15,BB9,PC6 S:KS/15,QK9 W:KW/15,QH17 R:KR/15,NC12,PM15 G:KG/15,RA22,PF27";

fn bench(c: &mut Criterion) {
    let start = |mode| Position::from_setup(Setup::start_mode(mode, Layout::QueenLeft)).unwrap();
    let cases = [
        ("2p_start_d4", start(Mode::TwoPlayer), 4, 198_025u64),
        ("6p_start_d4", start(Mode::SixPlayerThreeTeams), 4, 158_801),
        ("t1_d3", T1.parse().unwrap(), 3, 29_552),
    ];
    let mut group = c.benchmark_group("kirby_perft");
    group.sample_size(10);
    for (name, pos, depth, nodes) in &cases {
        assert_eq!(perft(pos, *depth), *nodes, "{name}");
        group.throughput(Throughput::Elements(*nodes));
        group.bench_function(*name, |b| b.iter(|| perft(pos, *depth)));
    }
    let (name, pos, depth, nodes) = &cases[2];
    assert_eq!(perft_without_bulk(pos, *depth), *nodes);
    group.throughput(Throughput::Elements(*nodes));
    group.bench_function(format!("{name}_nobulk"), |b| {
        b.iter(|| perft_without_bulk(pos, *depth))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
