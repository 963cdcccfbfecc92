//! The board's hexes and steps as the rules text gives them, in column/line coordinates, for
//! the oracles of `props` and `rules`: plain arithmetic, none of the crate's tables.

use std::sync::LazyLock;

use hexvar_geometry::checks::oracle::{knight_leaps, Xy};

/// The board's hexes per §1: `0 ≤ c ≤ 14`, `l ≡ c + 1 (mod 2)`, `7−c ≤ l ≤ 21+c` (c ≤ 7),
/// `c−7 ≤ l ≤ 35−c` (c ≥ 7).
pub fn on_board((c, l): Xy) -> bool {
    (0..=14).contains(&c)
        && (l - c).rem_euclid(2) == 1
        && if c <= 7 {
            (7 - c..=21 + c).contains(&l)
        } else {
            (c - 7..=35 - c).contains(&l)
        }
}

/// The columns' letters, column 0 first.
pub const COLUMNS: [char; 15] = [
    'P', 'T', 'A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'K', 'L', 'X', 'Z',
];

/// The hex a name such as `B4` names.
pub fn hex(name: &str) -> Xy {
    let mut chars = name.chars();
    let letter = chars.next().expect("a column letter");
    let column = COLUMNS.iter().position(|&c| c == letter).expect("a column");
    (column as i32, chars.as_str().parse().expect("a line"))
}

/// The six orthogonal steps (the Rook's lines): a line is two apart on its column.
pub const ORTHO: [Xy; 6] = [(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)];
/// The six diagonal steps (the Bishop's lines).
pub const DIAG: [Xy; 6] = [(2, 0), (-2, 0), (1, 3), (-1, 3), (1, -3), (-1, -3)];

/// The knight's twelve leaps: two orthogonal steps, then one turned 60°.
pub static LEAPS: LazyLock<Vec<Xy>> = LazyLock::new(|| knight_leaps(&ORTHO));

#[test]
fn hexes_are_read_by_name() {
    assert_eq!(hex("P7"), (0, 7));
    assert_eq!(hex("K24"), (11, 24));
    assert_eq!(hex("Z21"), (14, 21));
}

#[test]
fn the_knight_leaps_are_the_rules_twelve() {
    let leaps: std::collections::BTreeSet<Xy> = LEAPS.iter().copied().collect();
    // The rules' table of steps: three columns and one line, two and four, one and five.
    let table: std::collections::BTreeSet<Xy> = [(3, 1), (2, 4), (1, 5)]
        .into_iter()
        .flat_map(|(c, l)| [(c, l), (c, -l), (-c, l), (-c, -l)])
        .collect();
    assert_eq!(leaps, table);
}
