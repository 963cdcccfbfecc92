//! Perft against the data files: `perft.txt` (the counts of the rules specification: the
//! start positions of every mode and the mid-game position T1) and `conformance.txt` (257
//! positions from long random games; see its header for how the counts were agreed).
//!
//! `cargo test` runs the rows of at most 1 000 000 nodes; `cargo test -p hexvar-kirby --
//! --ignored` runs every row.

hexvar_geometry::perft_data_tests!(
    hexvar_kirby::Position, rows: [31, 690], every_row: [37, 692], agreeing: 586);
