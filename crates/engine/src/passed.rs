//! Passed pawns: a pawn no hostile pawn stands in the way of, worth more the nearer it is to
//! promotion, in the endgame.
//!
//! The engine learns no pawn direction by hand: a pawn's distance to promotion (in pawn moves) is
//! read back from its endgame square value ([`Knowledge`]'s pawn row: `8·a + 1.5·a²` for a pawn
//! `a` moves past its start), and a hostile pawn stands in the way when it is nearer to this
//! pawn's promotion and within the king steps the pawn needs to get there (plus one: a pawn
//! takes on the cells beside its path).

use hexvar_geometry::{CellBits, Variant, VariantColor, VariantRole};

use crate::knowledge::Knowledge;

/// Centipawns for a passed pawn by its pawn moves left to promotion (index 0 unused), at the
/// full endgame; farther than the table: the last entry.
const BONUS: [i32; 8] = [0, 150, 100, 70, 45, 30, 20, 10];

/// Per colour and cell, a pawn's pawn moves left to promotion (0: unknown or not advanced).
pub(crate) struct PawnRace {
    to_go: Vec<u8>,
    cells: usize,
}

impl PawnRace {
    /// The distances, from the knowledge's pawn square values.
    pub fn new(k: &Knowledge) -> PawnRace {
        let cells = k.cells;
        let mut to_go = vec![0u8; k.colors * cells];
        let Some(pawn) = k.pawn else {
            return PawnRace { to_go, cells };
        };
        // The square value of a pawn `a` moves advanced, as the knowledge writes it.
        let square = |a: i32| (8.0 * f64::from(a) + 1.5 * f64::from(a * a)).round() as i16;
        for color in 0..k.colors {
            let advanced: Vec<i32> = (0..cells)
                .map(|c| {
                    let eg = k.pst_eg[k.pst_index(color, pawn, c)];
                    (0..64).find(|&a| square(a) == eg).unwrap_or(0)
                })
                .collect();
            let most = advanced.iter().copied().max().unwrap_or(0);
            for (c, &a) in advanced.iter().enumerate() {
                if a > 0 {
                    to_go[color * cells + c] = (most + 1 - a).clamp(1, 255) as u8;
                }
            }
        }
        PawnRace { to_go, cells }
    }

    /// Whether a pawn of colour `color` (by index) on `cell` (a dense index) promotes with its
    /// next move.
    #[inline]
    pub fn promotes_next(&self, color: usize, cell: usize) -> bool {
        cell < self.cells && self.to_go[color * self.cells + cell] == 1
    }

    /// The passed pawns' bonus from the first side's view (colour 0 against colour 1), at the
    /// full endgame; zero unless exactly two sides are in play.
    pub fn score<V: Variant>(&self, pos: &V, k: &Knowledge) -> i32 {
        let Some(pawn) = k.pawn else { return 0 };
        let colors = V::Color::ALL;
        if colors.len() != 2 || !colors.iter().all(|&c| pos.in_play(c)) {
            return 0;
        }
        let pawns = pos.by_role(<V::Role as VariantRole>::ALL[pawn]);
        let sides = [
            pawns & pos.by_color(colors[0]),
            pawns & pos.by_color(colors[1]),
        ];
        let mut score = 0;
        for us in 0..2 {
            let ours = &self.to_go[us * self.cells..(us + 1) * self.cells];
            for cell in sides[us].indices() {
                let to_go = ours.get(cell).copied().unwrap_or(0);
                if to_go == 0 {
                    continue;
                }
                let stopped = sides[1 - us].indices().any(|e| {
                    let nearer = ours.get(e).copied().unwrap_or(0);
                    nearer != 0
                        && nearer < to_go
                        && k.king_distance(cell, e) <= i32::from(to_go - nearer) + 1
                });
                if !stopped {
                    let bonus = BONUS[usize::from(to_go).min(BONUS.len() - 1)];
                    score += if us == 0 { bonus } else { -bonus };
                }
            }
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::knowledge;
    use hexvar_geometry::Game;

    /// Every two-side variant with pawns: some cells a move from promotion for each side, no
    /// passed pawn at the start, and a lone pawn on an otherwise pawnless board passed.
    fn distances_and_start<V: Variant>() {
        let k = knowledge::<V>();
        let race = PawnRace::new(&k);
        for color in 0..2 {
            let row = &race.to_go[color * race.cells..(color + 1) * race.cells];
            assert!(row.contains(&1), "{} colour {color}", V::NAME);
            eprintln!("{} colour {color}: to go {:?}", V::NAME, row);
        }
        let start = Game::<V>::new();
        assert_eq!(race.score(start.position(), &k), 0, "{}", V::NAME);
    }

    #[test]
    fn two_side_variants() {
        distances_and_start::<hexvar_brusky::Position>();
        distances_and_start::<hexvar_chessagon::Position>();
        distances_and_start::<hexvar_cescacs::Position>();
    }
}
