//! Perft against the data files: `tests/data/perft.txt` (the rules documents' counts) and
//! `tests/data/conformance.txt` (positions from long random games, counts agreed by two
//! independently written implementations). `cargo test` runs the rows of at most a million
//! leaves; `cargo test -p hexvar-cescacs -- --ignored` runs every row.

hexvar_geometry::perft_data_tests!(
    hexvar_cescacs::Position, rows: [10, 308], every_row: [11, 308], agreeing: 318);
