//! A crate's long notation, whole: every legal move of its conformance data, each kind's spelling,
//! and bad texts.

use crate::long::{check_bad_texts, check_rows};
use crate::Variant;

/// What a crate's test says of its long notation ([`Variant::long`]).
pub struct LongNotation<'a, V: Variant> {
    /// The crate's `conformance.txt`: every position and every position one legal move after it
    /// is checked by [`crate::long::check_position`].
    pub conformance: &'a str,
    /// The kind of a move, for the coverage count.
    pub kind: fn(V::Move) -> &'static str,
    /// Every kind `kind` gives over the data, sorted: the data must reach each of them.
    pub kinds: &'a [&'static str],
    /// The fewest moves the data must check.
    pub min_moves: usize,
    /// Moves in the variant's notation (`FromStr`) and their long texts: one of each kind.
    pub spellings: &'a [(&'a str, &'a str)],
    /// Texts that are no long move (a [`crate::LongMoveError::Notation`] each).
    pub bad: &'a [&'a str],
    /// A well-formed long move that is not legal at the start.
    pub illegal: &'a str,
}

/// Checks everything [`LongNotation`] says: the data's moves round-trip, are unique and reach
/// every kind; each spelling reads to its move and back, without a position and in one; bad
/// texts are notation errors ([`check_bad_texts`]). Returns every failure found.
pub fn check_long_notation<V: Variant>(data: &LongNotation<'_, V>) -> Result<(), String> {
    let mut failures = Vec::new();
    match check_rows::<V>("conformance.txt", data.conformance, data.kind) {
        Ok((moves, kinds)) => {
            if moves < data.min_moves {
                failures.push(format!(
                    "only {moves} moves checked, not {}",
                    data.min_moves
                ));
            }
            let kinds: Vec<&str> = kinds.into_iter().collect();
            if kinds != data.kinds {
                failures.push(format!(
                    "the data's kinds are {kinds:?}, not {:?}",
                    data.kinds
                ));
            }
        }
        Err(e) => failures.push(e),
    }
    for &(notation, long) in data.spellings {
        match notation.parse::<V::Move>() {
            Ok(mv) if V::long(mv) == long && V::move_from_long(long) == Ok(mv) => {}
            Ok(mv) => failures.push(format!(
                "{notation}: long text {:?}, {long:?} reads as {:?}",
                V::long(mv),
                V::move_from_long(long)
            )),
            Err(e) => failures.push(format!("{notation}: {e}")),
        }
    }
    if let Err(e) = check_bad_texts::<V>(data.bad, data.illegal) {
        failures.push(e);
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("{}: {}", V::NAME, failures.join("\n")))
    }
}
