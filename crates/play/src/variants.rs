//! The table of variants the board offers: one line per variant crate, the rest is generic.

use hexvar_geometry::{Variant, VariantEntry};

use crate::game::{Game, PlayGame};

/// One variant of the board: the geometry crate's entry (name, named start positions) and how to
/// start a game of it.
#[derive(Clone, Copy, Debug)]
pub struct VariantKind {
    /// Name, start position and parser, as every hexvar program sees the variant.
    pub entry: VariantEntry,
    /// The variant's full name, for people.
    pub title: &'static str,
    /// A game from a position text.
    pub new_game: fn(&str) -> Result<Box<dyn PlayGame>, String>,
}

impl VariantKind {
    /// The kind of `V`.
    pub const fn of<V: Variant>(title: &'static str) -> VariantKind {
        VariantKind {
            entry: VariantEntry::of::<V>(),
            title,
            new_game: new_game::<V>,
        }
    }

    /// The variant's name (`"brusky"`).
    pub fn name(&self) -> &'static str {
        self.entry.name
    }

    /// The named start positions (name, text); the first is the standard start.
    pub fn start_positions(&self) -> Vec<(String, String)> {
        (self.entry.start_positions)()
    }
}

fn new_game<V: Variant>(text: &str) -> Result<Box<dyn PlayGame>, String> {
    let pos: V = text
        .trim()
        .parse()
        .map_err(|e: V::ParseError| e.to_string())?;
    Ok(Box::new(Game::new(pos)))
}

/// Every variant the board offers, in the order the page lists them.
pub const VARIANTS: &[VariantKind] = &[
    VariantKind::of::<hexvar_brusky::Position>("Brusky's Hexagonal Chess"),
    VariantKind::of::<hexvar_chessagon::Position>("Chessagon"),
    VariantKind::of::<hexvar_dagger::Position>("Dagger Chess"),
    VariantKind::of::<hexvar_cescacs::Position>("C'escacs"),
    VariantKind::of::<hexvar_kirby::Position>("Kirby's HexChess"),
];

/// The variant named `name`.
pub fn find(name: &str) -> Option<&'static VariantKind> {
    VARIANTS.iter().find(|k| k.name() == name)
}
