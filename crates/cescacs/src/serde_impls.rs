//! `serde` support (feature `serde`) for moves, setups and positions, as their text forms
//! (CTL-AN, PDTL; cells and men serialize as their text where they are defined); `Outcome`
//! and its reasons as data (derived where they are defined).
//! A Black castling is `b KRK-II`, as `Move`'s `Display` writes it: the name alone would read
//! back as White's.

use crate::{Move, Setup};

hexvar_geometry::serde_as_text!(
    serde,
    Move,
    "a move in CTL-AN such as E7-E13 (b KRK-II for a Black castling)"
);
hexvar_geometry::serde_as_text!(serde, Setup, "a position text (PDTL)");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Castling, Cell, Color, DrawReason, Outcome, Piece, Position, Role, WinReason};

    #[test]
    fn round_trips_as_text() {
        let cell: Cell = "F14".parse().unwrap();
        assert_eq!(serde_json::to_string(&cell).unwrap(), "\"F14\"");
        let m: Move = "EF12×NF14".parse().unwrap();
        let j = serde_json::to_string(&m).unwrap();
        assert_eq!(j, "\"EF12×NF14\"");
        assert_eq!(serde_json::from_str::<Move>(&j).unwrap(), m);
        let pos = Position::new();
        let j = serde_json::to_string(&pos).unwrap();
        assert_eq!(serde_json::from_str::<Position>(&j).unwrap(), pos);
        let setup = Setup::start();
        let j = serde_json::to_string(&setup).unwrap();
        assert_eq!(serde_json::from_str::<Setup>(&j).unwrap(), setup);
        let p: Piece = "g".parse().unwrap();
        assert_eq!(serde_json::to_string(&p).unwrap(), "\"g\"");
        assert_eq!(serde_json::from_str::<Piece>("\"g\"").unwrap(), p);
        assert_eq!(serde_json::to_string(&Color::Black).unwrap(), "\"b\"");
        assert_eq!(serde_json::from_str::<Role>("\"V\"").unwrap(), Role::Wyvern);
        assert!(serde_json::from_str::<Cell>("\"J3\"").is_err());
        assert!(serde_json::from_str::<Move>("\"E7?E13\"").is_err());
        for outcome in [
            Outcome::Decisive {
                winner: Color::White,
                reason: WinReason::Stalemate,
            },
            Outcome::Draw {
                reason: DrawReason::Agreement,
            },
        ] {
            let j = serde_json::to_string(&outcome).unwrap();
            assert_eq!(serde_json::from_str::<Outcome>(&j).unwrap(), outcome);
        }
    }

    #[test]
    fn castlings_keep_their_side() {
        // Issue 17: Black's KRK-II was written "KRK-II" and read back as White's.
        for castling in Castling::ALL {
            for color in Color::ALL {
                let m = Move::Castle { color, castling };
                let j = serde_json::to_string(&m).unwrap();
                let expected = match color {
                    Color::White => format!("\"{castling}\""),
                    Color::Black => format!("\"b {castling}\""),
                };
                assert_eq!(j, expected);
                assert_eq!(serde_json::from_str::<Move>(&j).unwrap(), m);
            }
        }
    }
}
