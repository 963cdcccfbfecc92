//! The one record fuzz body every variant's record target runs: any text read as a game record
//! gives a game or a located error, never a panic; a game read is written and read back to the
//! same moves and outcome.

macro_rules! fuzz_record {
    ($krate:ident) => {
        use $krate::Game;

        libfuzzer_sys::fuzz_target!(|data: &[u8]| {
            let Ok(text) = std::str::from_utf8(data) else {
                return;
            };
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
