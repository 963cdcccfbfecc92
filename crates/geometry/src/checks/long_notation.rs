//! A crate's long notation, whole: every legal move of its conformance data, each kind's spelling,
//! bad texts, and texts drawn at random.

use crate::long::{check_bad_texts, check_rows, is_error_or_own_spelling};
use crate::Variant;

/// How many random texts [`check_long_notation`] reads: half of the notation's own letters (which
/// come nearer to moves), half of any characters.
pub const RANDOM_TEXTS: usize = 2_000;

/// What a crate's test says of its long notation ([`Variant::long`]), as its `tests/data/long.txt`
/// states it ([`LongNotation::read`]).
pub struct LongNotation<V: Variant> {
    /// The kind of a move, for the coverage count (the crate's `Move::kind`).
    pub kind: fn(V::Move) -> &'static str,
    /// Every kind `kind` gives over the conformance data, sorted: the data must reach each of
    /// them, and a spelling must name a move of each.
    pub kinds: Vec<String>,
    /// The fewest moves the data must check.
    pub min_moves: usize,
    /// Moves in the variant's notation (`FromStr`) and their long texts: one of each kind.
    pub spellings: Vec<(String, String)>,
    /// Texts that are no long move (a [`crate::LongMoveError::Notation`] each).
    pub bad: Vec<String>,
    /// A well-formed long move that is not legal at the start.
    pub illegal: String,
    /// The characters the notation writes (cells, marks, letters of men): random texts of them
    /// come near real moves.
    pub letters: String,
}

impl<V: Variant> LongNotation<V> {
    /// Reads a crate's `long.txt`: a line a statement, `#` comments and blank lines aside, each
    /// text in double quotes (`\"`, `\\` and `\u{…}` escaped as in Rust):
    ///
    /// ```text
    /// min-moves 100000
    /// kinds "castling" "move"
    /// spelling "O-O" "f1h1o"
    /// bad "" "f1h1 o"
    /// illegal "g2g5"
    /// letters "abcdefgh12345678xo"
    /// ```
    ///
    /// `spelling` and `bad` may stand on many lines; the others once each. An error names the
    /// line.
    pub fn read(text: &str, kind: fn(V::Move) -> &'static str) -> Result<Self, String> {
        let mut data = LongNotation {
            kind,
            kinds: Vec::new(),
            min_moves: 0,
            spellings: Vec::new(),
            bad: Vec::new(),
            illegal: String::new(),
            letters: String::new(),
        };
        let mut once = std::collections::BTreeSet::new();
        for (at, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let located = |e: String| format!("long.txt:{}: {e}", at + 1);
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            if !matches!(key, "spelling" | "bad") && !once.insert(key) {
                return Err(located(format!("{key} stated twice")));
            }
            if key == "min-moves" {
                data.min_moves = rest
                    .parse()
                    .map_err(|_| located(format!("bad count {rest:?}")))?;
                continue;
            }
            let texts = quoted_texts(rest).map_err(located)?;
            let one = |texts: Vec<String>| match <[String; 1]>::try_from(texts) {
                Ok([text]) => Ok(text),
                Err(texts) => Err(located(format!(
                    "{key} takes one text, not {}",
                    texts.len()
                ))),
            };
            match key {
                "kinds" => data.kinds = texts,
                "spelling" => match <[String; 2]>::try_from(texts) {
                    Ok([notation, long]) => data.spellings.push((notation, long)),
                    Err(_) => return Err(located("a spelling is two texts".into())),
                },
                "bad" => data.bad.extend(texts),
                "illegal" => data.illegal = one(texts)?,
                "letters" => data.letters = one(texts)?,
                _ => return Err(located(format!("unknown statement {key:?}"))),
            }
        }
        for key in ["min-moves", "kinds", "illegal", "letters"] {
            if !once.contains(key) {
                return Err(format!("long.txt: no {key}"));
            }
        }
        Ok(data)
    }
}

/// The double-quoted texts of `line`, separated by spaces, with Rust's escapes `\"`, `\\` and
/// `\u{…}` read.
fn quoted_texts(line: &str) -> Result<Vec<String>, String> {
    let mut texts = Vec::new();
    let mut chars = line.trim().chars();
    while let Some(open) = chars.next() {
        match open {
            ' ' => continue,
            '"' => {}
            _ => return Err(format!("a text must be in double quotes: {line:?}")),
        }
        let mut text = String::new();
        loop {
            match chars.next() {
                None => return Err(format!("a text is not closed: {line:?}")),
                Some('"') => break,
                Some('\\') => {
                    text.push(escaped(&mut chars).ok_or(format!("bad escape in {line:?}"))?)
                }
                Some(c) => text.push(c),
            }
        }
        texts.push(text);
    }
    Ok(texts)
}

/// The character an escape stands for, after its backslash: `"`, `\`, or `u{…}`.
fn escaped(chars: &mut std::str::Chars<'_>) -> Option<char> {
    match chars.next()? {
        c @ ('"' | '\\') => Some(c),
        'u' => {
            if chars.next()? != '{' {
                return None;
            }
            let hex: String = chars.by_ref().take_while(|&c| c != '}').collect();
            char::from_u32(u32::from_str_radix(&hex, 16).ok()?)
        }
        _ => None,
    }
}

/// [`check_long_notation`] of a crate's conformance data and its `long.txt`
/// ([`LongNotation::read`]), with the crate's `Move::kind`.
pub fn check_long_notation_file<V: Variant>(
    conformance: &str,
    long: &str,
    kind: fn(V::Move) -> &'static str,
) -> Result<(), String> {
    check_long_notation(conformance, &LongNotation::<V>::read(long, kind)?)
}

/// A crate's long-notation test, one line: [`check_long_notation_file`] of the calling test
/// folder's `data/conformance.txt` and `data/long.txt`, with `$krate::Move::kind`.
///
/// ```ignore
/// hexvar_geometry::long_notation_test!(hexvar_brusky);
/// ```
#[macro_export]
macro_rules! long_notation_test {
    ($krate:ident) => {
        #[test]
        fn every_legal_move_round_trips_and_each_kind_has_its_spelling() {
            $crate::checks::check_long_notation_file::<$krate::Position>(
                include_str!("data/conformance.txt"),
                include_str!("data/long.txt"),
                $krate::Move::kind,
            )
            .unwrap();
        }
    };
}

/// Checks everything [`LongNotation`] says, over `conformance` (a crate's `conformance.txt`: every
/// position and every position one legal move after it is checked by
/// [`crate::long::check_position`]): the data's moves round-trip, are unique and reach every
/// kind; each spelling reads to its move and back, without a position and in one, and each kind
/// has a spelling; bad texts are notation errors ([`check_bad_texts`]). Returns every failure
/// found.
pub fn check_long_notation<V: Variant>(
    conformance: &str,
    data: &LongNotation<V>,
) -> Result<(), String> {
    let mut failures = Vec::new();
    match check_rows::<V>("conformance.txt", conformance, data.kind) {
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
    let mut spelled = std::collections::BTreeSet::new();
    for (notation, long) in &data.spellings {
        match notation.parse::<V::Move>() {
            Ok(mv) if V::long(mv) == *long && V::move_from_long(long) == Ok(mv) => {
                spelled.insert((data.kind)(mv));
            }
            Ok(mv) => failures.push(format!(
                "{notation}: long text {:?}, {long:?} reads as {:?}",
                V::long(mv),
                V::move_from_long(long)
            )),
            Err(e) => failures.push(format!("{notation}: {e}")),
        }
    }
    for kind in &data.kinds {
        if !spelled.contains(kind.as_str()) {
            failures.push(format!("no spelling of a move of the kind {kind:?}"));
        }
    }
    let bad: Vec<&str> = data.bad.iter().map(String::as_str).collect();
    if let Err(e) = check_bad_texts::<V>(&bad, &data.illegal) {
        failures.push(e);
    }
    let start = V::start();
    for text in random_texts(&data.letters, RANDOM_TEXTS) {
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
