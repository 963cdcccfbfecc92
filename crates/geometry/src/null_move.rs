//! Checks of [`Variant::play_null`] over a crate's conformance data, for the crates' tests:
//! passing is refused, and changes nothing, exactly in check; otherwise the passed position is
//! the one a fresh read of its text gives, hash and legal moves included.

use crate::perft::read_rows;
use crate::Variant;

/// Every position of a conformance file, each once (the start first), and every position one
/// legal move from each.
pub fn positions_and_children<V: Variant>(conformance: &str) -> Result<Vec<V>, String> {
    let mut out = vec![V::start()];
    let rows = read_rows(conformance)?;
    let mut seen = std::collections::HashSet::new();
    for row in rows.iter().filter(|r| seen.insert(r.position.as_str())) {
        let pos: V = row
            .position
            .parse()
            .map_err(|e| format!("{}: {e}", row.position))?;
        for &mv in pos.legal_moves().as_ref() {
            let mut child = pos.clone();
            child.play_unchecked(mv);
            out.push(child);
        }
        out.push(pos);
    }
    Ok(out)
}

/// The text of the position after a pass, for a text in FEN's six fields (men, side `w`/`b`,
/// rights, en passant, halfmove clock, move number): the other side to move, no en passant, the
/// clock one on and the move number on after Black. `None` for another shape.
pub fn passed_fen_like(text: &str) -> Option<String> {
    let fields: Vec<&str> = text.split(' ').collect();
    let [men, side, rights, _en_passant, clock, number] = fields[..] else {
        return None;
    };
    let number: u32 = number.parse().ok()?;
    let (side, number) = match side {
        "w" => ("b", number),
        "b" => ("w", number.checked_add(1)?),
        _ => return None,
    };
    let clock = clock.parse::<u32>().ok()?.checked_add(1)?;
    Some(format!("{men} {side} {rights} - {clock} {number}"))
}

/// Passes in each position: refused with nothing changed in check; elsewhere the result equals a
/// fresh read of `passed_text(pos)`, with the same hash, legal moves and count. Returns how many
/// passes were played and how many refused.
pub fn check_passes<V: Variant>(
    positions: &[V],
    passed_text: impl Fn(&V) -> Option<String>,
) -> Result<(usize, usize), String> {
    let (mut passed, mut refused) = (0, 0);
    let sorted = |pos: &V| {
        let mut moves: Vec<String> = pos
            .legal_moves()
            .as_ref()
            .iter()
            .map(|&m| V::long(m))
            .collect();
        moves.sort();
        moves
    };
    for pos in positions {
        let mut after = pos.clone();
        if pos.is_check() {
            if after.play_null() || after != *pos {
                return Err(format!(
                    "a pass in check was played or changed the position: {pos}"
                ));
            }
            refused += 1;
            continue;
        }
        if !after.play_null() {
            return Err(format!("a pass was refused out of check: {pos}"));
        }
        let text = passed_text(pos).ok_or_else(|| format!("no passed text for {pos}"))?;
        let fresh: V = text.parse().map_err(|e| format!("{text}: {e}"))?;
        if after != fresh || after.zobrist_hash() != fresh.zobrist_hash() {
            return Err(format!(
                "{pos}: the pass gives {after}, a fresh read {fresh}"
            ));
        }
        if sorted(&after) != sorted(&fresh) || after.legal_move_count() != fresh.legal_move_count()
        {
            return Err(format!(
                "{pos}: the passed position's moves differ from a fresh read's"
            ));
        }
        passed += 1;
    }
    Ok((passed, refused))
}

/// Passes twice in each two-player position not in check: the second pass is never refused (the
/// side that did not move cannot stand in check), the first side is to move again, and the hash
/// comes back exactly when the position had no en passant right (`has_en_passant`), the one
/// thing a pass drops. Returns how many positions were passed twice.
pub fn check_double_passes<V: Variant>(
    positions: &[V],
    has_en_passant: impl Fn(&V) -> bool,
) -> Result<usize, String> {
    let mut checked = 0;
    for pos in positions.iter().filter(|p| !p.is_check()) {
        let mut twice = pos.clone();
        if !(twice.play_null() && twice.play_null()) {
            return Err(format!("a second pass was refused: {pos}"));
        }
        if twice.turn() != pos.turn() {
            return Err(format!("two passes changed the side to move: {pos}"));
        }
        if (twice.zobrist_hash() == pos.zobrist_hash()) == has_en_passant(pos) {
            return Err(format!(
                "two passes and the hash disagree on en passant: {pos}"
            ));
        }
        checked += 1;
    }
    Ok(checked)
}

/// What [`check_null_moves`] counted: passes played, passes refused (in check), and positions
/// passed twice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NullMoveCounts {
    /// Positions out of check, each passed once by [`check_passes`].
    pub passed: usize,
    /// Positions in check, where the pass was refused.
    pub refused: usize,
    /// Positions passed twice by [`check_double_passes`].
    pub passed_twice: usize,
}

/// A crate's null move, whole, over every position of its conformance data and every position
/// one legal move from each ([`positions_and_children`]): [`check_passes`] with `passed_text`,
/// [`check_double_passes`] with `has_en_passant`, and the crate's inherent `play_null` (`inherent`)
/// passing and refusing as the trait's does, on every seventh position.
pub fn check_null_moves<V: Variant>(
    conformance: &str,
    passed_text: impl Fn(&V) -> Option<String>,
    has_en_passant: impl Fn(&V) -> bool,
    inherent: fn(&mut V) -> bool,
) -> Result<NullMoveCounts, String> {
    let positions = positions_and_children::<V>(conformance)?;
    let (passed, refused) = check_passes(&positions, passed_text)?;
    let passed_twice = check_double_passes(&positions, has_en_passant)?;
    for pos in positions.iter().step_by(7) {
        let (mut by_crate, mut by_trait) = (pos.clone(), pos.clone());
        if inherent(&mut by_crate) != by_trait.play_null() || by_crate != by_trait {
            return Err(format!(
                "{pos}: the crate's play_null and the trait's differ"
            ));
        }
    }
    Ok(NullMoveCounts {
        passed,
        refused,
        passed_twice,
    })
}

/// [`check_null_moves`] for a crate whose position text is FEN's six fields: the passed text by
/// [`passed_fen_like`], the en passant right read from the text's fourth field. Fails too when it
/// checks fewer than `at_least` positions of any kind, so that the data keeps every case.
pub fn check_fen_like_null_moves<V: Variant>(
    conformance: &str,
    inherent: fn(&mut V) -> bool,
    at_least: NullMoveCounts,
) -> Result<NullMoveCounts, String> {
    let counts = check_null_moves::<V>(
        conformance,
        |pos| passed_fen_like(&pos.to_string()),
        |pos| {
            pos.to_string()
                .split(' ')
                .nth(3)
                .is_some_and(|ep| ep != "-")
        },
        inherent,
    )?;
    let enough = counts.passed >= at_least.passed
        && counts.refused >= at_least.refused
        && counts.passed_twice >= at_least.passed_twice;
    if !enough {
        return Err(format!(
            "{}: checked {counts:?}, fewer than {at_least:?}",
            V::NAME
        ));
    }
    Ok(counts)
}
