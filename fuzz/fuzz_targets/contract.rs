//! The one fuzz body every variant's target runs, written over the contract's names
//! (`Cell`, `Move`, `Position`, `Setup`): the position text (parse, print, reparse, validate,
//! every legal move's notation and play), cells, moves, move texts in the start position, and
//! the serde deserialisers, on the raw input and on it as a JSON string. A panic is the only
//! failure.

macro_rules! fuzz_contract {
    ($krate:ident) => {
        use $krate::{Cell, Move, Position, Setup};

        libfuzzer_sys::fuzz_target!(|data: &[u8]| {
            let Ok(text) = std::str::from_utf8(data) else {
                return;
            };
            check_text(text);
            if let Ok(quoted) = serde_json::to_string(text) {
                check_json(&quoted);
            }
            check_json(text);
        });

        fn check_text(text: &str) {
            if let Ok(setup) = text.parse::<Setup>() {
                check_setup(&setup);
            }
            if let Ok(cell) = text.parse::<Cell>() {
                assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell), "{text:?}");
            }
            if let Ok(mv) = text.parse::<Move>() {
                assert_eq!(mv.to_string().parse::<Move>(), Ok(mv), "{text:?}");
            }
            let start = Position::new();
            if let Ok(mv) = start.parse_move(text) {
                assert!(start.is_legal(mv), "{text:?} gave the illegal {mv}");
                let mut next = start.clone();
                next.play(mv).expect("a parsed move plays");
            }
        }

        fn check_json(json: &str) {
            if let Ok(setup) = serde_json::from_str::<Setup>(json) {
                check_setup(&setup);
            }
            if let Ok(pos) = serde_json::from_str::<Position>(json) {
                check_position(&pos);
                let again = serde_json::to_string(&pos).expect("a position serializes");
                assert_eq!(serde_json::from_str::<Position>(&again).ok(), Some(pos));
            }
            if let Ok(mv) = serde_json::from_str::<Move>(json) {
                assert_eq!(mv.to_string().parse::<Move>(), Ok(mv), "{json}");
            }
            if let Ok(cell) = serde_json::from_str::<Cell>(json) {
                assert_eq!(cell.to_string().parse::<Cell>(), Ok(cell), "{json}");
            }
        }

        /// A setup prints a text that reads back to it; a valid one is checked as a position.
        fn check_setup(setup: &Setup) {
            let printed = setup.to_string();
            let reparsed: Setup = printed.parse().expect("a printed setup parses");
            assert_eq!(&reparsed, setup, "{printed}");
            if let Ok(pos) = Position::from_setup(setup.clone()) {
                check_position(&pos);
            }
        }

        /// A valid position prints a text that reads back to it with the same hash (also
        /// computed afresh), and every legal move's notation reads back to that move and plays
        /// into a position whose text reads back too.
        fn check_position(pos: &Position) {
            let printed = pos.to_string();
            let reparsed: Position = printed.parse().expect("a printed position parses");
            assert_eq!(&reparsed, pos, "{printed}");
            assert_eq!(reparsed.zobrist_hash(), pos.zobrist_hash(), "{printed}");
            let fresh = Position::from_setup(pos.to_setup()).expect("its own setup is valid");
            assert_eq!(fresh.zobrist_hash(), pos.zobrist_hash(), "{printed}");
            let moves = pos.legal_moves();
            assert_eq!(moves.len(), pos.legal_move_count(), "{printed}");
            assert_eq!(pos.has_legal_move(), !moves.is_empty(), "{printed}");
            let _ = pos.outcome();
            for &mv in moves.iter() {
                assert_eq!(pos.parse_move(&mv.to_string()), Ok(mv), "{mv} in {printed}");
                let mut next = pos.clone();
                next.play(mv).expect("a legal move plays");
                let text = next.to_string();
                assert_eq!(text.parse::<Position>().as_ref(), Ok(&next), "{text}");
            }
        }
    };
}
