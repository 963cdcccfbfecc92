//! The two yardsticks' perfts, each written the way its authors run it.

/// The yardsticks, cozy-chess first (the bench's ratios are to it).
pub const NAMES: [&str; 2] = ["cozy-chess", "chess"];

/// A perft by depth over one position.
pub type Runner = Box<dyn Fn(u32) -> u64>;

/// The perft of yardstick `name` over the position `fen`, with or without bulk counting.
pub fn runner(name: &str, fen: &str, bulk: bool) -> Result<Runner, String> {
    let bad = |e: &dyn std::fmt::Debug| format!("bad FEN {fen:?} for {name}: {e:?}");
    match name {
        "cozy-chess" => {
            let board = cozy_chess::Board::from_fen(fen, false).map_err(|e| bad(&e))?;
            Ok(if bulk {
                Box::new(move |d| cozy_perft_bulk(&board, d as u8))
            } else {
                Box::new(move |d| cozy_perft(&board, d as u8))
            })
        }
        "chess" => {
            let board: chess::Board = fen.parse().map_err(|e| bad(&e))?;
            Ok(if bulk {
                Box::new(move |d| chess_crate_perft_bulk(&board, d))
            } else {
                Box::new(move |d| chess_crate_perft(&board, d))
            })
        }
        _ => Err(format!("no yardstick {name:?}: {}", NAMES.join(", "))),
    }
}

/// cozy-chess's perft without bulk counting, in the shape of its own `examples/perft.rs`.
fn cozy_perft(board: &cozy_chess::Board, depth: u8) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    board.generate_moves(|moves| {
        for mv in moves {
            let mut child = board.clone();
            child.play_unchecked(mv);
            nodes += cozy_perft(&child, depth - 1);
        }
        false
    });
    nodes
}

/// cozy-chess's bulk perft as its own `examples/perft.rs` runs it: the last ply is a separate
/// arm that only adds up the move sets' lengths, so the generator and its closure inline there.
/// (A single closure testing `depth == 1` inside kept them out of line and measured 44.5
/// instructions per leaf against this loop's 31: every ratio was 1.4 times too high.)
fn cozy_perft_bulk(board: &cozy_chess::Board, depth: u8) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => nodes += 1,
        1 => {
            board.generate_moves(|moves| {
                nodes += moves.len() as u64;
                false
            });
        }
        _ => {
            board.generate_moves(|moves| {
                for mv in moves {
                    let mut child = board.clone();
                    child.play_unchecked(mv);
                    nodes += cozy_perft_bulk(&child, depth - 1);
                }
                false
            });
        }
    }
    nodes
}

/// The `chess` crate's bulk perft: its own `MoveGen::movegen_perft_test`, which counts the last
/// ply by the legal move iterator's length.
fn chess_crate_perft_bulk(board: &chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    chess::MoveGen::movegen_perft_test(board, depth as usize) as u64
}

/// The `chess` crate's perft playing every leaf move (its authors ship none: the same loop as
/// `movegen_perft_test`, down to depth 0).
fn chess_crate_perft(board: &chess::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    chess::MoveGen::new_legal(board)
        .map(|mv| chess_crate_perft(&board.make_move_new(mv), depth - 1))
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

    /// The published counts, by every yardstick with and without bulk counting: a yardstick
    /// that counted wrong would make every ratio wrong.
    #[test]
    fn every_yardstick_counts_the_published_perfts() {
        for name in NAMES {
            for bulk in [true, false] {
                let start = runner(name, START, bulk).unwrap();
                let counts: Vec<u64> = (0..=4).map(&start).collect();
                assert_eq!(counts, [1, 20, 400, 8_902, 197_281], "{name} bulk {bulk}");
                let kiwipete = runner(name, KIWIPETE, bulk).unwrap();
                let counts: Vec<u64> = (1..=3).map(&kiwipete).collect();
                assert_eq!(counts, [48, 2_039, 97_862], "{name} bulk {bulk}");
            }
        }
    }

    #[test]
    fn a_bad_fen_or_name_is_an_error() {
        for name in NAMES {
            let error = runner(name, "rnbqkbnr/pppppppp w", true).err().unwrap();
            assert!(error.starts_with("bad FEN"), "{error}");
        }
        let error = runner("stockfish", START, true).err().unwrap();
        assert!(error.contains("cozy-chess, chess"), "{error}");
    }
}
