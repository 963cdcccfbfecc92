//! Position texts as the architecture's one rule for text formats says: fields separated by runs
//! of ASCII white space and nothing else, and every text printed canonical.

use crate::Variant;

/// White space that is not ASCII: a text separated or padded by any of these is an error.
pub const NOT_ASCII_SPACES: [char; 5] = ['\u{a0}', '\u{85}', '\u{2003}', '\u{2009}', '\u{3000}'];

/// Each `(text, canonical)`: `text` reads, prints `canonical`, and `canonical` reads back to an
/// equal position with the same hash; and for each canonical text, runs of ASCII white space
/// (tabs, newlines, leading and trailing) read as its single spaces, while any of
/// [`NOT_ASCII_SPACES`] in place of a space, before or after the text is refused. Returns every
/// failure found.
pub fn check_position_texts<V: Variant>(texts: &[(&str, &str)]) -> Result<(), String> {
    let mut failures = Vec::new();
    for &(text, canonical) in texts {
        let read = match text.parse::<V>() {
            Ok(pos) => pos,
            Err(e) => {
                failures.push(format!("{text:?} does not read: {e}"));
                continue;
            }
        };
        if read.to_string() != canonical {
            failures.push(format!(
                "{text:?} prints {:?}, not {canonical:?}",
                read.to_string()
            ));
        }
        match canonical.parse::<V>() {
            Ok(again) if again == read && again.zobrist_hash() == read.zobrist_hash() => {}
            Ok(_) => failures.push(format!("{canonical:?} reads as another position or hash")),
            Err(e) => failures.push(format!("{canonical:?} does not read: {e}")),
        }
        failures.extend(spacing_failures(&read, canonical));
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("{}: {}", V::NAME, failures.join("\n")))
    }
}

/// The spacing rule on one canonical text of `pos`.
fn spacing_failures<V: Variant>(pos: &V, canonical: &str) -> Vec<String> {
    let mut failures = Vec::new();
    let spread = [
        format!("\t {canonical} \n"),
        canonical.replace(' ', " \t\n "),
    ];
    for text in spread {
        if text.parse::<V>().ok().as_ref() != Some(pos) {
            failures.push(format!("{text:?}: ASCII white space does not separate"));
        }
    }
    for space in NOT_ASCII_SPACES {
        let odd = [
            canonical.replacen(' ', &space.to_string(), 1),
            format!("{space}{canonical}"),
            format!("{canonical}{space}"),
        ];
        for text in odd {
            if text.parse::<V>().is_ok() {
                failures.push(format!("{text:?} reads, with {space:?}"));
            }
        }
    }
    failures
}
