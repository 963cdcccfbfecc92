//! A crate's long notation, whole: every legal move of its conformance data, each kind's spelling,
//! bad texts, and texts drawn at random.

use crate::long::{check_bad_texts, check_rows, is_error_or_own_spelling};
use crate::Variant;

/// How many random texts [`check_long_notation`] reads: half of the notation's own letters (which
/// come nearer to moves), half of any characters.
pub const RANDOM_TEXTS: usize = 2_000;

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
    /// The characters the notation writes (cells, marks, letters of men): random texts of them
    /// come near real moves.
    pub letters: &'a str,
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
    let start = V::start();
    for text in random_texts(data.letters, RANDOM_TEXTS) {
        if !is_error_or_own_spelling(&start, &text) {
            failures.push(format!(
                "{text:?} reads as a move it is not the spelling of"
            ));
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("{}: {}", V::NAME, failures.join("\n")))
    }
}

/// `count` texts drawn by a fixed generator (the same texts every run): every other one of up to
/// 12 of `letters` (with spaces), the rest of up to 16 characters of any kind but controls.
pub fn random_texts(letters: &str, count: usize) -> Vec<String> {
    let letters: Vec<char> = letters.chars().chain([' ']).collect();
    // xorshift64*, seeded by a constant.
    let mut state = 0x9E37_79B9_7F4A_7C15_u64;
    let mut next = |below: usize| {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        (state.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as usize % below
    };
    (0..count)
        .map(|i| {
            if i % 2 == 0 {
                let len = next(13);
                (0..len).map(|_| letters[next(letters.len())]).collect()
            } else {
                let len = next(17);
                (0..len)
                    .map(|_| loop {
                        // ASCII half the time, else anywhere below U+3000 (Latin, Greek, arrows, …).
                        let code = if next(2) == 0 {
                            next(0x60) + 0x20
                        } else {
                            next(0x3000)
                        };
                        match char::from_u32(code as u32) {
                            Some(c) if !c.is_control() => break c,
                            _ => continue,
                        }
                    })
                    .collect()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::random_texts;

    #[test]
    fn random_texts_are_fixed_and_mix_the_letters_with_any_characters() {
        let texts = random_texts("a1", 200);
        assert_eq!(texts, random_texts("a1", 200), "the same texts every run");
        let of_letters = texts.iter().step_by(2);
        assert!(of_letters
            .clone()
            .all(|t| t.chars().all(|c| "a1 ".contains(c))));
        assert!(of_letters
            .clone()
            .any(|t| t.contains('a') && t.contains('1')));
        let others = texts.iter().skip(1).step_by(2);
        assert!(
            others.clone().any(|t| !t.is_ascii()),
            "non-ASCII characters"
        );
        assert!(others.clone().all(|t| t.chars().count() <= 16));
        assert!(texts.iter().any(String::is_empty));
        assert!(texts
            .iter()
            .flat_map(|t| t.chars())
            .all(|c| !c.is_control()));
    }
}
