//! Sets of armies: seats, live armies, teams.

use core::fmt;

use crate::board::Army;

/// A set of armies (one bit per seat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Armies(pub u8);

impl Armies {
    /// No army.
    pub const EMPTY: Armies = Armies(0);

    /// Whether `army` is in the set.
    #[inline]
    pub const fn contains(self, army: Army) -> bool {
        self.0 & (1 << army as u8) != 0
    }

    /// The number of armies.
    pub const fn len(self) -> usize {
        (self.0 & 0x3f).count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 & 0x3f == 0
    }

    /// The armies in seat order.
    pub fn iter(self) -> impl Iterator<Item = Army> {
        Army::ALL.into_iter().filter(move |a| self.contains(*a))
    }
}

impl FromIterator<Army> for Armies {
    fn from_iter<I: IntoIterator<Item = Army>>(iter: I) -> Armies {
        Armies(iter.into_iter().fold(0, |m, a| m | 1 << a as u8))
    }
}

impl fmt::Display for Armies {
    /// The army letters in seat order, e.g. `BW`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for a in self.iter() {
            write!(f, "{}", a.letter())?;
        }
        Ok(())
    }
}
