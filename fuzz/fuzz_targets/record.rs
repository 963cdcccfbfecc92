//! The one record fuzz body every variant's record target runs: any text read as a game record
//! gives a game or a located error, never a panic; a game read is written and read back to the
//! same moves and outcome; read as a tree, written and read back to an equal tree; and the bytes
//! read as a file of many games give a tree or a located error per game.

macro_rules! fuzz_record {
    ($krate:ident) => {
        use $krate::{Game, Position};
        use hexvar_geometry::{GameTree, RecordReader};

        libfuzzer_sys::fuzz_target!(|data: &[u8]| {
            for game in RecordReader::<Position, _>::new(data) {
                if let Err(error) = game {
                    assert!(error.game >= 1 && error.line >= 1 && error.column >= 1, "{error}");
                }
            }
            let Ok(text) = std::str::from_utf8(data) else {
                return;
            };
            if let Ok(tree) = GameTree::<Position>::from_record(text) {
                let record = tree.to_record();
                let again = GameTree::<Position>::from_record(&record).expect("a written tree reads");
                assert!(again == tree, "{record}");
            }
            match Game::from_record(text) {
                Ok(game) => {
                    let record = game.to_record();
                    let again = Game::from_record(&record).expect("a written record reads");
                    assert_eq!(again.moves(), game.moves(), "{record}");
                    assert_eq!(again.outcome(), game.outcome(), "{record}");
                }
                Err(error) => {
                    assert!(error.line >= 1 && error.column >= 1, "{error}");
                    assert!(error.line <= text.lines().count().max(1), "{error}");
                }
            }
        });
    };
}
