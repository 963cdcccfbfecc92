//! The rule-free shape the variants' position texts share with FEN: fields separated by runs of
//! ASCII whitespace, and a placement written rank by rank from the top, `/` between ranks, a man
//! as its letter and a run of empty cells as its length. What each field means stays in the
//! variant's crate.

use core::fmt;

/// The `N` fields of a position text, split at runs of ASCII whitespace (any other character, a
/// non-breaking space included, stays inside its field); the number of fields found where it is
/// not `N`.
///
/// ```
/// use hexvar_geometry::position_text::fields;
///
/// assert_eq!(fields::<3>("  8/8 w\t- "), Ok(["8/8", "w", "-"]));
/// assert_eq!(fields::<3>("8/8 w"), Err(2));
/// assert_eq!(fields::<3>("8/8\u{a0}w - -"), Ok(["8/8\u{a0}w", "-", "-"]));
/// ```
pub fn fields<const N: usize>(text: &str) -> Result<[&str; N], usize> {
    let found: Vec<&str> = text.split_ascii_whitespace().collect();
    <[&str; N]>::try_from(found.as_slice()).map_err(|_| found.len())
}

/// A counter field (a halfmove clock, a move number): ASCII digits only, no sign, within `u32`
/// (so every counter a valid position holds prints a text that reads back).
///
/// ```
/// use hexvar_geometry::position_text::counter;
///
/// assert_eq!(counter("4294967295"), Some(u32::MAX));
/// assert_eq!((counter("4294967296"), counter("+1"), counter("")), (None, None, None));
/// ```
pub fn counter(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Writes a placement: `ranks` from the top of the board down, each its cells in order, a man as
/// its letter (`Some`) and an empty cell as `None`; runs of empty cells are written as their
/// length, ranks are separated by `/`.
///
/// ```
/// use hexvar_geometry::position_text::write_placement;
///
/// let ranks = [vec![None, Some('k'), None, None], vec![Some('K'), None, None, Some('R')]];
/// let mut text = String::new();
/// write_placement(&mut text, ranks)?;
/// assert_eq!(text, "1k2/K2R");
/// # Ok::<(), core::fmt::Error>(())
/// ```
pub fn write_placement<W, R>(out: &mut W, ranks: impl IntoIterator<Item = R>) -> fmt::Result
where
    W: fmt::Write + ?Sized,
    R: IntoIterator<Item = Option<char>>,
{
    for (i, rank) in ranks.into_iter().enumerate() {
        if i > 0 {
            out.write_char('/')?;
        }
        let mut empty = 0;
        for man in rank {
            match man {
                Some(letter) => {
                    if empty > 0 {
                        write!(out, "{empty}")?;
                        empty = 0;
                    }
                    out.write_char(letter)?;
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            write!(out, "{empty}")?;
        }
    }
    Ok(())
}

/// A field that may be absent, as the position texts write it: the value, or `-`.
///
/// ```
/// use hexvar_geometry::position_text::or_dash;
///
/// assert_eq!(format!("{} {}", or_dash(Some("e3")), or_dash(None::<&str>)), "e3 -");
/// ```
pub fn or_dash<T: fmt::Display>(value: Option<T>) -> impl fmt::Display {
    OrDash(value)
}

struct OrDash<T>(Option<T>);

impl<T: fmt::Display> fmt::Display for OrDash<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Some(value) => value.fmt(f),
            None => f.write_str("-"),
        }
    }
}
