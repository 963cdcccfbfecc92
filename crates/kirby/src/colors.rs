//! Sets of armies: seats, live armies, teams.

use core::fmt;

use crate::men::Color;

/// A set of armies (one bit per seat): the seated armies, the live ones, a team.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct ColorSet(pub u8);

/// The bits of the six seats.
const SEAT_BITS: u8 = 0x3f;

impl ColorSet {
    /// No army.
    pub const EMPTY: ColorSet = ColorSet(0);

    /// Whether `color` is in the set.
    #[inline]
    pub const fn contains(self, color: Color) -> bool {
        self.0 & (1 << color as u8) != 0
    }

    /// The number of armies.
    pub const fn len(self) -> usize {
        (self.0 & SEAT_BITS).count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 & SEAT_BITS == 0
    }

    /// The armies in seat order.
    pub fn iter(self) -> impl Iterator<Item = Color> {
        Color::ALL
            .iter()
            .copied()
            .filter(move |a| self.contains(*a))
    }

    /// The army letters in seat order, e.g. `BW`.
    pub fn letters(self) -> String {
        self.iter().map(Color::char).collect()
    }
}

impl FromIterator<Color> for ColorSet {
    fn from_iter<I: IntoIterator<Item = Color>>(iter: I) -> ColorSet {
        ColorSet(iter.into_iter().fold(0, |m, a| m | 1 << a as u8))
    }
}

impl fmt::Display for ColorSet {
    /// The army names in seat order joined by "and", e.g. `Black and White`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.iter().map(Color::name).collect();
        f.write_str(&names.join(" and "))
    }
}
