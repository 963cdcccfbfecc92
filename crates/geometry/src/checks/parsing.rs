//! Any text read by every reader a variant has, for the crates' "no text panics" properties.

use crate::Variant;

/// Reads `text` as a position, a move and a cell, and at the start as a legal move in the
/// variant's notation, its long notation and SAN. Only that each returns matters (a result or a
/// typed error): a reader that panics fails the calling test.
pub fn read_as_everything<V: Variant>(text: &str) {
    let _ = text.parse::<V>();
    let _ = text.parse::<V::Move>();
    let _ = text.parse::<V::Cell>();
    let start = V::start();
    let _ = start.parse_move(text);
    let _ = start.parse_long(text);
    let _ = start.parse_san(text);
}
