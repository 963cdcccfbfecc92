//! Legal moves as sorted texts, what a test compares with the list a rules document gives.

use crate::Variant;

/// The texts `text` gives the legal moves of `pos` (`None` leaves a move out), sorted:
///
/// ```ignore
/// let castlings = legal_move_texts(&pos, |m| matches!(m, Move::Castle { .. }).then(|| m.to_string()));
/// let sans = legal_move_texts(&pos, |m| Some(pos.san(m).into_string()));
/// ```
pub fn legal_move_texts<V: Variant>(
    pos: &V,
    text: impl Fn(V::Move) -> Option<String>,
) -> Vec<String> {
    let mut texts: Vec<String> = pos.legal_moves().iter().filter_map(|&m| text(m)).collect();
    texts.sort();
    texts
}
