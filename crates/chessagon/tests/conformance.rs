//! Perft against the data files: `tests/data/perft.txt` (the rules' reference counts) and
//! `tests/data/conformance.txt` (positions from long random games, counts agreed by two
//! independently written implementations). Rows up to 1 000 000 leaves run in `cargo test`;
//! `cargo test -p hexvar-chessagon -- --ignored` runs every row.

hexvar_geometry::perft_data_tests!(
    hexvar_chessagon::Position, rows: [3, 447], every_row: [5, 448], agreeing: 336);

#[test]
fn every_position_text_in_the_data_is_canonical() {
    use hexvar_chessagon::Position;
    let data = [DATA.perft, DATA.conformance];
    for row in data
        .into_iter()
        .flat_map(|t| hexvar_geometry::perft::read_rows(t).unwrap())
    {
        let pos: Position = row.position.parse().unwrap();
        assert_eq!(pos.to_string(), row.position, "line {}", row.line);
    }
}
