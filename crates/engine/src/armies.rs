//! Three or more sides in play (Kirby's armies): whose material the root team counts against.
//!
//! The paranoid search counts every opposing man alike, so that taking a man of the weakest
//! opposing team is worth as much as taking one of the strongest. A game of three armies is won
//! by being the last team left, or (in `cargo xtask match`'s adjudication at the move cap) by
//! leading *every* other living team: what matters is the lead over the strongest opponent.
//! With [`Levers::leader`](crate::Levers::leader) the evaluation counts against the root team
//! the material of the strongest opposing team, moved toward the mean of the other opposing teams
//! by [`BLEND`], instead of the sum of all: the score is zero where every team has the same
//! material (so that a draw by repetition is not welcome merely because two armies outnumber
//! one, as it is when the sum is counted), men taken from the leader count most, and taking the
//! last men of a weaker team changes little.

use hexvar_geometry::{CellBits, Variant, VariantColor, VariantRole};

use crate::eval::Kings;
use crate::knowledge::Knowledge;

/// How far, in 256ths, the opposing material counted moves from the strongest team's toward the
/// mean of the other opposing teams' (0: the strongest alone).
pub(crate) const BLEND: i32 = 0;

/// The most teams counted (Kirby's six armies).
const MAX_TEAMS: usize = 8;

/// The change to the root team's material score when the opposing material counted is the
/// strongest opposing team's, blended toward the others' mean by [`BLEND`], instead of the sum of
/// all: `sum - (strongest + blend × (mean of the others - strongest))`, from the root team's
/// view. Zero unless two or more opposing teams are alive.
pub(crate) fn leader_adjustment<V: Variant>(
    pos: &V,
    k: &Knowledge,
    kings: &Kings,
    root_team: &[bool],
) -> i32 {
    // Each living opposing army's men, kings left out, at the engine's values.
    let mut teams: [(usize, i32); MAX_TEAMS] = [(usize::MAX, 0); MAX_TEAMS];
    let mut count = 0;
    for &color in V::Color::ALL {
        let ci = color.index();
        if root_team[ci] || !kings.is_alive(ci) {
            continue;
        }
        let own = pos.by_color(color);
        let material: i32 = V::Role::ALL
            .iter()
            .filter(|r| Some(r.index()) != k.king)
            .map(|r| k.value[r.index()] * (pos.by_role(*r) & own).count() as i32)
            .sum();
        // Team-mates (four or six armies in teams) are one opponent.
        let mate = teams[..count]
            .iter()
            .position(|&(first, _)| pos.same_team(V::Color::ALL[first], color));
        match mate {
            Some(t) => teams[t].1 += material,
            None if count < MAX_TEAMS => {
                teams[count] = (ci, material);
                count += 1;
            }
            None => {}
        }
    }
    if count < 2 {
        return 0;
    }
    let teams = &teams[..count];
    let strongest = teams.iter().map(|&(_, m)| m).max().unwrap_or(0);
    let sum = teams.iter().map(|&(_, m)| m).sum::<i32>();
    let others_mean = (sum - strongest) / (teams.len() as i32 - 1);
    sum - (strongest + BLEND * (others_mean - strongest) / 256)
}
