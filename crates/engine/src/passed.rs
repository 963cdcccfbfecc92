//! Passed pawns: a pawn no hostile pawn stands in the way of, worth more the nearer it is to
//! promotion, in the endgame.
//!
//! The engine learns no pawn direction by hand: a pawn's distance to promotion (in pawn moves) is
//! the knowledge's ([`Knowledge::pawn_dist`], found from the pawn steps the variant generates),
//! and a hostile pawn stands in the way when it is nearer to this pawn's promotion and within the
//! king steps the pawn needs to get there (plus one: a pawn takes on the cells beside its path).

use hexvar_geometry::{CellBits, Variant, VariantColor, VariantRole};

use crate::knowledge::{Knowledge, UNKNOWN};

/// Centipawns for a passed pawn by its pawn moves left to promotion (index 0 unused), at the
/// full endgame; farther than the table: the last entry.
const BONUS: [i32; 8] = [0, 150, 100, 70, 45, 30, 20, 10];

/// Per colour and cell, a pawn's pawn moves left to promotion (0: unknown or not advanced).
pub(crate) struct PawnRace {
    to_go: Vec<u8>,
    cells: usize,
}

impl PawnRace {
    /// The distances of the pawns past their start (nearer to promotion than a pawn at the
    /// start), from the knowledge's; elsewhere 0.
    pub fn new(k: &Knowledge) -> PawnRace {
        let cells = k.cells;
        let mut to_go = vec![0u8; k.colors * cells];
        if k.pawn.is_some() {
            for color in 0..k.colors {
                let start = k.start_dist[color];
                for cell in 0..cells {
                    let d = k.pawn_dist[color * cells + cell];
                    if d != UNKNOWN && d < start {
                        to_go[color * cells + cell] = u8::try_from(d).unwrap_or(u8::MAX);
                    }
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

    /// Every two-side variant with pawns: some cells a move from promotion for each side, each
    /// distance the knowledge's pawn distance where the pawn is past its start, and no passed
    /// pawn at the start.
    fn distances_and_start<V: Variant>() {
        let k = knowledge::<V>();
        let race = PawnRace::new(&k);
        for color in 0..2 {
            let row = &race.to_go[color * race.cells..(color + 1) * race.cells];
            assert!(row.contains(&1), "{} colour {color}", V::NAME);
            for (cell, &to_go) in row.iter().enumerate() {
                let d = k.pawn_dist[color * k.cells + cell];
                let past_start = d != UNKNOWN && d < k.start_dist[color];
                assert_eq!(
                    to_go != 0,
                    past_start,
                    "{} colour {color} cell {cell}",
                    V::NAME
                );
                if past_start {
                    assert_eq!(
                        u16::from(to_go),
                        d,
                        "{} colour {color} cell {cell}",
                        V::NAME
                    );
                }
            }
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
