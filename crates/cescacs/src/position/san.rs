//! Move text in a position: CTL-AN read against the legal moves, and SAN written and read.

use super::Position;
use crate::men::Color;
use crate::moves::{Move, ParseMoveError};
use hexvar_geometry::san::cut;
use hexvar_geometry::{Disambiguation, ParseSanError, San};

impl Position {
    /// The legal move a CTL-AN text names. Surrounding spaces, check and mate marks (`+ # ^ ∞`)
    /// and `!`/`?` are ignored, and so is letter case; a bare castling name is the mover's castling
    /// (`b KRK-II` is Black's only).
    ///
    /// ```
    /// use hexvar_cescacs::{ParseMoveError, Position};
    ///
    /// let pos = Position::new();
    /// assert_eq!(pos.parse_move(" e7-e13+ ").unwrap().to_string(), "E7-E13");
    /// assert!(matches!(pos.parse_move("E7-E15"), Err(ParseMoveError::NotLegal(_))));
    /// assert!(matches!(pos.parse_move("E7?E15"), Err(ParseMoveError::Notation(_))));
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, ParseMoveError> {
        let parsed: Move = text.parse()?;
        let legal = self.legal_moves();
        legal
            .iter()
            .copied()
            .find(|&m| m == parsed || loosely_equal(m, parsed))
            .ok_or_else(|| ParseMoveError::NotLegal(cut(text, 100)))
    }

    /// Writes a legal move's SAN body (no check or mate suffix): its CTL notation, which always
    /// names the cell a move leaves, so every level of `origin` writes the same text (and that
    /// text is unique among the legal moves). A castling is its name alone, for either side.
    /// See [`Position::san`].
    pub fn write_san(&self, mv: Move, origin: Disambiguation, out: &mut String) {
        use core::fmt::Write;
        let _ = origin;
        match mv {
            Move::Castle { castling, .. } => out.push_str(castling.name()),
            _ => {
                // Writing to a `String` cannot fail.
                let _ = write!(out, "{mv}");
            }
        }
    }

    /// A legal move in short algebraic notation: the author's CTL notation (piece letter, the
    /// cell left, `-` or `×` and the captured piece's letter, the cell reached; `@`/`@@` for
    /// e.p. and scornful captures; castlings by name; `=X` promotions), with `+` for check and
    /// `#` for mate.
    ///
    /// ```
    /// use hexvar_cescacs::Position;
    ///
    /// let mut pos = Position::new();
    /// for text in ["E7-E13", "E21-E15", "F8-F12", "F20-F16"] {
    ///     pos.play(pos.parse_san(text)?)?;
    /// }
    /// let take = pos.parse_san("E13xF16")?;
    /// assert_eq!(pos.san(take), "E13×F16");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn san(&self, mv: Move) -> San {
        // The body names the cell a move leaves, so it is unique at the least level: no other
        // legal move need be written to compare (geometry's `san` writes them all).
        let mut text = String::new();
        self.write_san(mv, Disambiguation::None, &mut text);
        text.push_str(hexvar_geometry::san::suffix(self, mv));
        San::new(text)
    }

    /// The legal move a SAN text names: the CTL notation as [`Position::san`] writes it, or
    /// anything [`Position::parse_move`] reads (letter case, `*` or `x` for `×`, the author's
    /// check marks `+^`, `+∞`, `++`).
    ///
    /// ```
    /// use hexvar_cescacs::{ParseSanError, Position};
    ///
    /// let pos = Position::new();
    /// let m = pos.parse_san("e7-e13+")?;
    /// assert_eq!(pos.san(m), "E7-E13");
    /// assert!(matches!(pos.parse_san("E7-E15"), Err(ParseSanError::NotLegal { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, ParseSanError> {
        // The SAN body is the move notation, which `parse_move` reads with one move generation;
        // geometry's reader (every legal move's SAN at every level compared with the text) is
        // left for what it forgives beyond that, such as a capture without its sign (`GL5GE5`).
        match self.parse_move(text) {
            Ok(mv) => Ok(mv),
            Err(_) => hexvar_geometry::san::parse_san(self, text),
        }
    }
}

/// Whether a parsed move names a legal one whose text leaves out what the position tells: the
/// e.p. victim's role, the scornful victim's role, the castling side.
fn loosely_equal(legal: Move, parsed: Move) -> bool {
    match (legal, parsed) {
        // A bare name reads as White's: it names the mover's; `b KRK-II` names Black's only.
        (
            Move::Castle { castling: a, color },
            Move::Castle {
                castling: b,
                color: named,
            },
        ) => a == b && (named == Color::White || named == color),
        (Move::EnPassant { from: a, to: b, .. }, Move::EnPassant { from: c, to: d, .. }) => {
            a == c && b == d
        }
        (
            Move::Scornful {
                from: a,
                to: b,
                promotion: p,
                ..
            },
            Move::Scornful {
                from: c,
                to: d,
                promotion: q,
                ..
            },
        ) => a == c && b == d && p == q,
        _ => false,
    }
}
