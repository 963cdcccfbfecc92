//! The long move notation's shared parts: its error, [`LongMoveError`], the small reader every
//! variant's [`Variant::move_from_long`] is written with, and the checks the crates' tests run.
//!
//! The long notation is for machines and protocols: ASCII, without spaces, readable without a
//! position, UCI-like (from-cell, to-cell, a lower-case promotion letter). Each variant adds the
//! fewest markers that keep its moves apart without a position; its rules page gives the grammar.
//! A text is read only in exactly the spelling the variant writes (surrounding ASCII whitespace
//! aside), so that one move has one long text.

pub use crate::long_text::{read, trim, LongMoveError, LongReader};
use crate::Variant;

/// Checks the long notation over every legal move of `pos`, for the variant crates' tests: each
/// text is non-empty ASCII without white space, unique among the position's legal moves, and
/// read back to its move both without the position ([`Variant::move_from_long`]) and by it
/// ([`Variant::parse_long`], with surrounding spaces too). Returns the number of moves checked,
/// or every failure found.
pub fn check_position<V: Variant>(pos: &V) -> Result<usize, String> {
    let moves = pos.legal_moves();
    let mut failures = Vec::new();
    let mut seen = std::collections::HashMap::new();
    for &mv in moves.iter() {
        let text = V::long(mv);
        if text.is_empty() || !text.is_ascii() || text.contains(|c: char| c.is_ascii_whitespace()) {
            failures.push(format!(
                "{mv}: long text {text:?} is not ASCII without spaces"
            ));
        }
        if let Some(other) = seen.insert(text.clone(), mv) {
            failures.push(format!("{mv} and {other} share the long text {text:?}"));
        }
        if V::move_from_long(&text) != Ok(mv) {
            failures.push(format!(
                "{text:?} reads as {:?}, not {mv}",
                V::move_from_long(&text)
            ));
        }
        let padded = format!(" \t{text}\n");
        if pos.parse_long(&text) != Ok(mv) || pos.parse_long(&padded) != Ok(mv) {
            failures.push(format!("{text:?} is not read as the legal move {mv} here"));
        }
    }
    if failures.is_empty() {
        Ok(moves.len())
    } else {
        Err(format!("{pos}: {}", failures.join("; ")))
    }
}

/// [`check_position`] over every position of a perft data file (each once) and every position one
/// legal move after it, for the variant crates' tests. Returns the moves checked and the kinds of
/// move seen (by `kind`), so that a crate's test can hold that the data reaches every kind, or
/// every failure found, by `file` and line.
pub fn check_rows<V: Variant>(
    file: &str,
    text: &str,
    kind: fn(V::Move) -> &'static str,
) -> Result<(usize, std::collections::BTreeSet<&'static str>), String> {
    let rows = crate::perft::read_rows(text).map_err(|e| format!("{file}: {e}"))?;
    let mut seen = std::collections::HashSet::new();
    let (mut checked, mut kinds) = (0, std::collections::BTreeSet::new());
    let mut failures = Vec::new();
    let mut check = |pos: &V, line: usize| match check_position(pos) {
        Ok(n) => {
            checked += n;
            kinds.extend(pos.legal_moves().into_iter().map(kind));
        }
        Err(e) => failures.push(format!("{file}:{line}: {e}")),
    };
    for row in rows.iter().filter(|r| seen.insert(r.position.as_str())) {
        let pos: V = row
            .position
            .parse()
            .map_err(|e| format!("{file}:{}: {e}", row.line))?;
        check(&pos, row.line);
        for mv in pos.legal_moves() {
            let mut next = pos.clone();
            next.play_unchecked(mv);
            check(&next, row.line);
        }
    }
    if failures.is_empty() {
        Ok((checked, kinds))
    } else {
        Err(failures.join("\n"))
    }
}

/// Checks what every crate's long notation promises for bad input: each text of `bad` reads as
/// a [`LongMoveError::Notation`] error, `illegal` (well formed, not legal at the start) as
/// [`LongMoveError::NotLegal`] with its text, and a 500-character text's error keeps 100
/// characters and an ellipsis. The crates' tests call it with their own bad spellings.
pub fn check_bad_texts<V: Variant>(bad: &[&str], illegal: &str) -> Result<(), String> {
    let mut failures = Vec::new();
    for text in bad {
        if !matches!(V::move_from_long(text), Err(LongMoveError::Notation { .. })) {
            failures.push(format!("{text:?} is not a notation error"));
        }
    }
    let expected = Err(LongMoveError::not_legal(illegal));
    if V::start().parse_long(illegal) != expected {
        failures.push(format!(
            "{illegal:?} is not refused as not legal at the start"
        ));
    }
    match V::move_from_long(&"x".repeat(500)) {
        Err(LongMoveError::Notation { text, .. }) if text.chars().count() == 101 => {}
        other => failures.push(format!("500 x's: {other:?}")),
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

/// Whether `text` is either no move of the long notation or exactly the spelling of the move it
/// reads as (surrounding ASCII whitespace aside): the property the crates' tests run on arbitrary
/// text. Reading it in `pos` as a legal move must not panic either.
pub fn is_error_or_own_spelling<V: Variant>(pos: &V, text: &str) -> bool {
    let _ = pos.parse_long(text);
    match V::move_from_long(text) {
        Ok(mv) => V::long(mv) == trim(text),
        Err(_) => true,
    }
}
