//! The moves of the protocol: each variant's long notation ([`Variant::long`]), written without a
//! position and read as the legal move it names in one.

use hexvar_geometry::Variant;

/// A move as the protocol writes it.
pub fn long<V: Variant>(mv: V::Move) -> String {
    V::long(mv)
}

/// The legal move of `pos` that `text` names.
pub fn parse_long<V: Variant>(pos: &V, text: &str) -> Result<V::Move, String> {
    pos.parse_long(text).map_err(|e| e.to_string())
}
