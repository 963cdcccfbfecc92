//! The table of variants the board offers: one line per variant crate, the rest is generic.

use hexvar_geometry::{Variant, VariantEntry};

use crate::game::{self, PlayGame, RoleView, SideView};

/// How a [`VariantKind`] starts a game: from a position text (or the start), with a repetition
/// option.
pub type NewGame = fn(Option<&str>, Option<usize>) -> Result<Box<dyn PlayGame>, String>;

/// One variant of the board: the geometry crate's entry (name, named start positions) and how to
/// start a game of it.
#[derive(Clone, Copy, Debug)]
pub struct VariantKind {
    /// Name, start position and parser, as every hexvar program sees the variant.
    pub entry: VariantEntry,
    /// The variant's full name, for people.
    pub title: &'static str,
    /// A game from a position text (or the start) and a repetition option.
    pub new_game: NewGame,
    /// A game read from its record.
    pub read_record: fn(&str) -> Result<Box<dyn PlayGame>, String>,
    /// The sides, in the order of play.
    pub sides: fn() -> Vec<SideView>,
    /// The kinds of men.
    pub roles: fn() -> Vec<RoleView>,
}

impl VariantKind {
    /// The kind of `V`.
    pub const fn of<V: Variant>(title: &'static str) -> VariantKind {
        VariantKind {
            entry: VariantEntry::of::<V>(),
            title,
            new_game: game::new_game::<V>,
            read_record: game::read_record::<V>,
            sides: game::sides::<V>,
            roles: game::roles::<V>,
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
