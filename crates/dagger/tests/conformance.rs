//! Perft against the data files: `tests/data/perft.txt` (the counts the rules give) and
//! `tests/data/conformance.txt` (150 positions from long random games, counts agreed by two
//! independently written implementations; see its header). `cargo test` runs the rows of at most
//! a million leaves, `cargo test -p hexvar-dagger -- --ignored` every row.

hexvar_geometry::perft_data_tests!(
    hexvar_dagger::Position, rows: [14, 450], every_row: [16, 450], agreeing: 468);
