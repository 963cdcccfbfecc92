//! The one fuzz body every variant's target runs, written over the contract's names
//! (`Cell`, `Move`, `Position`, `Setup`, `Game`): the position text (parse, print, reparse,
//! validate, every legal move's notation, long notation, SAN and serde, and play), cells, moves
//! (in the notation and the long notation), a game of several moves read from the input's words
//! (move texts played through `Game` from the start or from the first line's position, arbitrary
//! moves played with `play`, which must refuse the illegal ones and leave the position unchanged;
//! outcome, check and the set-wise count checked after each), the serde deserialisers, on the raw
//! input and on it as a JSON string, and a `Setup` built field by field from the input's bytes
//! (values only the struct can hold: the men and the side here, the other fields by the
//! target's own closure, `fuzz_contract!(crate, |u, setup| { … })`), which
//! `Position::from_setup` must refuse or accept as a position that keeps every promise. A panic
//! is the only failure.

macro_rules! fuzz_contract {
    ($krate:ident, |$u:ident, $setup:ident| { $($state:tt)* }) => {
        use libfuzzer_sys::arbitrary::{Result as Arbitrary, Unstructured};
        use $krate::{Cell, Color, Game, Move, Piece, Position, Role, Setup};

        libfuzzer_sys::fuzz_target!(|data: &[u8]| {
            if let Ok(setup) = arbitrary_setup(&mut Unstructured::new(data)) {
                check_struct_setup(setup);
            }
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
            // The long notation reads only its own spelling.
            if let Ok(mv) = Move::from_long(text) {
                let trimmed = text.trim_matches(|c: char| c.is_ascii_whitespace());
                assert_eq!(mv.long(), trimmed, "{text:?}");
            }
            let start = Position::new();
            if let Ok(mv) = start.parse_long(text) {
                assert!(start.is_legal(mv), "{text:?} gave the illegal {mv}");
            }
            if let Ok(mv) = start.parse_move(text) {
                assert!(start.is_legal(mv), "{text:?} gave the illegal {mv}");
                let mut next = start.clone();
                next.play(mv).expect("a parsed move plays");
            }
            check_game(text);
        }

        /// Plays the input's words as a game: from the first line's position if it is one,
        /// else from the start. A word is tried as SAN in the current position, else as any move
        /// of the notation played with `play`, which must refuse an illegal move unchanged.
        fn check_game(text: &str) {
            let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
            let (start, words) = match first.parse::<Position>() {
                Ok(pos) => (pos, rest),
                Err(_) => (Position::new(), text),
            };
            let mut game = Game::from_position(start);
            for word in words.split_ascii_whitespace().take(64) {
                let pos = game.position().clone();
                if let Ok(mv) = pos.parse_san(word) {
                    assert!(pos.is_legal(mv), "{word:?} gave the illegal {mv}");
                    assert_eq!(pos.parse_san(&pos.san(mv)), Ok(mv), "{word:?} in {pos}");
                    let finished = game.outcome().is_some();
                    assert_eq!(game.play(mv).is_ok(), !finished, "{word:?} in {pos}");
                } else if let Ok(mv) = word.parse::<Move>() {
                    let mut next = pos.clone();
                    match next.play(mv) {
                        Ok(()) => assert!(pos.is_legal(mv), "{mv} played in {pos}"),
                        Err(_) => assert_eq!(next, pos, "a refused {mv} changed {pos}"),
                    }
                }
                check_state(game.position());
                let _ = game.repetitions();
            }
            let record = game.to_record();
            let again = Game::from_record(&record).expect("a written record reads");
            assert_eq!(again.moves(), game.moves(), "{record}");
        }

        /// Outcome against legal moves, check against the checkers, the set-wise count
        /// against the list, and every legal move's SAN and serde.
        fn check_state(pos: &Position) {
            // A checker on the board is a check; the converse has one exception, Dagger's
            // constructed positions with the King on an entry cell of a knight in hand.
            assert!(pos.checkers().is_empty() || pos.is_check(), "{pos}");
            let moves = pos.legal_moves();
            assert_eq!(moves.len(), pos.legal_move_count(), "{pos}");
            if moves.is_empty() {
                assert!(
                    pos.outcome().is_some(),
                    "no legal move and no outcome in {pos}"
                );
            }
            for &mv in moves.iter() {
                assert_eq!(Move::from_long(&mv.long()), Ok(mv), "{mv} in {pos}");
                let json = serde_json::to_string(&mv).expect("a move serializes");
                assert_eq!(
                    serde_json::from_str::<Move>(&json).ok(),
                    Some(mv),
                    "{json} in {pos}"
                );
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

        /// A setup with any men and side to move, and the target's other fields.
        fn arbitrary_setup($u: &mut Unstructured) -> Arbitrary<Setup> {
            let mut $setup = Setup::empty();
            $setup.board = arbitrary_board($u, $setup.board)?;
            $setup.turn = *$u.choose(&Color::ALL)?;
            $($state)*
            Ok($setup)
        }

        /// Any cell of the board.
        #[allow(dead_code)]
        fn arbitrary_cell(u: &mut Unstructured) -> Arbitrary<Cell> {
            Ok(Cell::ALL[u.choose_index(Cell::ALL.len())?])
        }

        /// An empty setup's board with men of any side and role on any cells.
        fn arbitrary_board<const N: usize>(
            u: &mut Unstructured,
            mut board: [Option<Piece>; N],
        ) -> Arbitrary<[Option<Piece>; N]> {
            for _ in 0..u.int_in_range(0..=40)? {
                let cell = u.choose_index(N)?;
                let color = *u.choose(&Color::ALL)?;
                let role = *u.choose(&Role::ALL)?;
                board[cell] = Some(Piece { color, role });
            }
            Ok(board)
        }

        /// A setup straight from the struct, not from a text: it may hold what no text says.
        /// Printing it must not panic; `from_setup` refuses it or gives a sound position.
        fn check_struct_setup(setup: Setup) {
            let _ = setup.to_string();
            if let Ok(pos) = Position::from_setup(setup) {
                check_position(&pos);
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
            check_state(pos);
            // SAN costs a pass over the moves per move: a spread of 16 moves keeps the target fast
            // (the crates' tests check every move of every conformance position).
            let step = (moves.len() / 16).max(1);
            for &mv in moves.iter().step_by(step) {
                assert_eq!(pos.parse_san(&pos.san(mv)), Ok(mv), "{mv} in {printed}");
            }
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
