//! `cargo run --release --example cescacs_plies -- <games> [list|play]`: the path a Python loop
//! `for m in list(board.legal_moves): board.push(m); …; board.pop()` takes, for instruction
//! counts under cachegrind. Random games (geometry's SplitMix64 key stream from a fixed seed, at most 200 plies each): in
//! each position the legal moves are listed into a reused list (`list`), and with `play` each of
//! them is also played on a copy of the position (`clone` + `play_unchecked`), as the Python
//! board's `push` does. Prints the positions listed and the moves played: the difference of the
//! two modes' instructions over the moves played is the cost of a ply, and the `list` mode's
//! over the positions (less a run with 0 games) the cost of a listing.
use hexvar_cescacs::{MoveList, Position};
use hexvar_geometry::zobrist::KeyStream;

fn main() {
    let mut args = std::env::args().skip(1);
    let games: u32 = args.next().and_then(|n| n.parse().ok()).unwrap_or(10);
    let play = args.next().is_some_and(|mode| mode == "play");
    let mut random = KeyStream::new(0x9E37_79B9_7F4A_7C15);
    let (mut positions, mut played) = (0u64, 0u64);
    let mut list = MoveList::new();
    for _ in 0..games {
        let mut pos = Position::new();
        for _ in 0..200 {
            pos.legal_moves_into(&mut list);
            positions += 1;
            if list.is_empty() {
                break;
            }
            if play {
                for &m in list.iter() {
                    let mut child = pos.clone();
                    child.play_unchecked(m);
                    std::hint::black_box(&child);
                    played += 1;
                }
            }
            let pick = list[(random.next_key() % list.len() as u64) as usize];
            pos.play_unchecked(pick);
        }
    }
    println!("{positions} positions listed, {played} moves played");
}
