//! Perft against `tests/data/perft.txt` (rows with count <= 1_000_000; deeper rows run in
//! `cargo xtask suite`).

use hexvar_dagger::{perft, perft_without_bulk, Position};

const CAP: u64 = 1_000_000;

fn rows() -> Vec<(u32, u64, String)> {
    let text = include_str!("data/perft.txt");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut parts = l.splitn(3, ' ');
            let depth = parts.next().unwrap().parse().unwrap();
            let count = parts.next().unwrap().parse().unwrap();
            (depth, count, parts.next().unwrap().to_owned())
        })
        .collect()
}

#[test]
fn perft_rows_within_the_cap() {
    let mut ran = 0;
    for (depth, count, text) in rows() {
        if count > CAP {
            continue;
        }
        let pos: Position = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(perft(&pos, depth), count, "perft({depth}) of {text}");
        ran += 1;
    }
    assert!(ran >= 14, "only {ran} rows ran");
}

#[test]
fn bulk_and_plain_perft_agree() {
    for (depth, count, text) in rows() {
        if count > 100_000 {
            continue;
        }
        let pos: Position = text.parse().unwrap();
        assert_eq!(perft_without_bulk(&pos, depth), count, "{text}");
    }
}

#[test]
fn data_file_is_well_formed() {
    let rows = rows();
    assert!(rows.len() >= 16);
    for (depth, _, text) in rows {
        assert!((1..=8).contains(&depth));
        text.parse::<Position>().unwrap();
    }
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trips_as_notation() {
    use hexvar_dagger::{Cell, Move, Piece, Setup};
    let setup = Setup::start();
    let json = serde_json::to_string(&setup).unwrap();
    assert_eq!(
        json,
        "\"k/rr/bbb/pppp/ppp/4/5/4/PPP/PPPP/BBB/RR/K w LR/LR - 0 1\""
    );
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
    let m: Move = "NL@a1".parse().unwrap();
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"NL@a1\"");
    assert_eq!(
        serde_json::from_str::<Move>("\"m1-n1=Q\"")
            .unwrap()
            .to_string(),
        "m1-n1=Q"
    );
    assert_eq!(serde_json::to_string(&Cell::G3).unwrap(), "\"g3\"");
    assert_eq!(
        serde_json::from_str::<Piece>("\"p\"").unwrap(),
        Piece::from_char('p').unwrap()
    );
    assert!(serde_json::from_str::<Cell>("\"i1\"").is_err());
}
