//! Perft against the data files: `perft.txt` (the counts the rules documents give) and
//! `conformance.txt` (positions from long random games, counts agreed by two independently
//! written implementations of the rules). `cargo test` runs the rows of at most a million
//! nodes; `cargo test -p hexvar-brusky -- --ignored` runs every row.

hexvar_geometry::perft_data_tests!(
    hexvar_brusky::Position, rows: [3, 450], every_row: [4, 450], agreeing: 351);
