//! `cargo bench -p hexvar-kirby`: perft speed from the start positions and the specification's
//! mid-game position T1, timed with `std::time::Instant`. Each run asserts its node count
//! (from the rules specification) and prints nodes per second.

use std::time::Instant;

use hexvar_kirby::{perft, perft_without_bulk, Mode, Position};

const T1: &str = "layout=QL turn=B teams=BW/PR/SG castling=- dead=- waiting=- B:KB/15,RA8,BA16,NB/32,PB/27,PG14 P:KP/15,BB9,PC6 S:KS/15,QK9 W:KW/15,QH17 R:KR/15,NC12,PM15 G:KG/15,RA22,PF27";

fn time(name: &str, nodes: u64, run: impl Fn() -> u64) {
    // The best of three runs: the machine may be busy.
    let mut best = f64::MAX;
    for _ in 0..3 {
        let t = Instant::now();
        assert_eq!(run(), nodes, "{name}");
        best = best.min(t.elapsed().as_secs_f64());
    }
    println!(
        "{name:<16} {nodes:>9} nodes  {:>7.2} M nodes/s",
        nodes as f64 / best / 1e6
    );
}

fn main() {
    let two = Position::new();
    let six = Position::start_mode(Mode::SixPlayerThreeTeams);
    let t1: Position = T1.parse().expect("T1");
    time("2p start d4", 198_025, || perft(&two, 4));
    time("6p start d4", 158_801, || perft(&six, 4));
    time("T1 d3", 29_552, || perft(&t1, 3));
    time("2p start d3 nobulk", 8_900, || perft_without_bulk(&two, 3));
    time("T1 d3 nobulk", 29_552, || perft_without_bulk(&t1, 3));
}
