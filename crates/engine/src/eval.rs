//! The evaluation, in centipawns.
//!
//! - **Material** by the variants' values ([`VariantRole::value`](hexvar_geometry::VariantRole::value)),
//!   the men of armies out of play (Kirby's dead armies, [`Variant::in_play`]) left out.
//! - **Piece-square tables** from [`knowledge`](crate::knowledge): the mobility a man of that role
//!   has on that cell, the king's distance from the centre, the pawn's distance to promotion;
//!   a middlegame and an endgame value, tapered by the officers' material left.
//! - **Mobility**: the legal moves of the side to move (its king's left out) against those its
//!   opponent had one ply earlier. The trait lists only the moves of the side to move, so the
//!   opponent's count is the parent node's, one ply old: a cheap and common approximation.
//! - **King pressure**: how many moves land on a hostile king's cell or the cells it steps to,
//!   the side to move's now against the opponent's one ply earlier, weighted by the middlegame
//!   share.
//! - Men in hand (Dagger's knights), at their values, with [`Levers::hand`](crate::Levers::hand).
//! - A small bonus for the move.
//!
//! Scores are first summed from the root team's view (the army to move at the root and, in
//! Kirby, its team-mates; every other army counts against it) and then turned to the view of the
//! side to move.

use std::sync::Arc;

use hexvar_geometry::{
    CellBits, CensusQuery, DenseCell, MoveCensus, Variant, VariantColor, VariantPiece, VariantRole,
};

use crate::Levers;

use crate::knowledge::{Knowledge, FAR};
use crate::passed::PawnRace;

/// The bonus for having the move.
const TEMPO: i32 = 10;
/// Centipawns per move landing near a hostile king (full middlegame).
const PRESSURE: i32 = 5;
/// Moves near a king counted at most.
const PRESSURE_CAP: u32 = 16;

/// The most kings a position has (Kirby's six armies, and room to spare).
const MAX_KINGS: usize = 16;
/// What a living army is worth to its coalition beyond its men (with two armies it cancels out;
/// with more, eliminating one is worth a Rook or so, which makes a lone king a target).
const ARMY_ALIVE: i32 = 400;
/// The material, kings left out, a coalition needs to drive a lone king to be mated.
const MATING_FORCE: i32 = 500;
/// Centipawns per unit of a lone king's rim distance (0 to 100).
const DRIVE_RIM: i32 = 3;
/// Centipawns per king step the nearest hunting king is closer than [`FAR`].
const DRIVE_CLOSE: i32 = 10;

/// The kings on the board: which armies are alive, and where their kings stand.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Kings {
    /// Bit `color`: the side is in play (Kirby: its army is seated and alive).
    pub alive: u64,
    cells: [(u8, u16); MAX_KINGS],
    len: usize,
}

impl Kings {
    /// Where the kings stand, as `(color index, cell index)`.
    pub fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.cells[..self.len]
            .iter()
            .map(|&(c, k)| (usize::from(c), usize::from(k)))
    }

    /// Whether `color` (by index) is alive.
    #[inline]
    pub fn is_alive(&self, color: usize) -> bool {
        self.alive >> color & 1 == 1
    }
}

/// The men's part of the evaluation, summed over every man of the sides in play: kept from a
/// node to its children by the cells whose man changed ([`Evaluator::material_after`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Material {
    /// Material and piece-square values from the root team's view, middlegame and endgame.
    mg: i32,
    eg: i32,
    /// The officers' material (every side's), for the phase.
    officers: i32,
    /// The men other than kings, per coalition: the root team's, the others'.
    force: [i32; 2],
    /// The sides these sums count: a bit per colour in play.
    alive: u64,
}

/// The sides in play ([`Variant::in_play`]), a bit per colour.
pub(crate) fn alive_sides<V: Variant>(pos: &V) -> u64 {
    V::Color::ALL
        .iter()
        .filter(|&&color| pos.in_play(color))
        .fold(0, |alive, color| alive | 1 << color.index())
}

/// What a node's legal moves say about its side, kept for its children's evaluation.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Activity {
    /// Whether the fields below were measured (false at the root's parent).
    pub known: bool,
    /// Whether the side that had these moves plays for the root team.
    pub root_team: bool,
    /// Legal moves other than the king's.
    pub moves: u32,
    /// Moves landing on a hostile king's cell or the cells it steps to.
    pub pressure: u32,
}

/// The evaluation of one search: the variant's tables and the root team.
pub(crate) struct Evaluator {
    pub k: Arc<Knowledge>,
    /// `root_team[color]`: the army plays for the root's team.
    pub root_team: Vec<bool>,
    /// `mark[cell] == stamp`: the cell is near a hostile king in the current node.
    mark: Vec<u32>,
    stamp: u32,
    /// A census's sets of dense cells ([`CensusQuery`]): the mover's kings, the cells near a
    /// hostile king, the pawns one move from promotion; one word per 64 cells each.
    uncounted: Vec<u64>,
    zone: Vec<u64>,
    listed_from: Vec<u64>,
    /// [`Levers::mating_drive`](crate::Levers::mating_drive).
    mating_drive: bool,
    /// [`Levers::hand`](crate::Levers::hand).
    hand: bool,
    /// The pawns' distances to promotion.
    pub race: PawnRace,
    /// [`Levers::passed_pawns`](crate::Levers::passed_pawns).
    passed_pawns: bool,
}

impl Evaluator {
    pub fn new(k: Arc<Knowledge>, root_team: Vec<bool>, levers: &Levers) -> Evaluator {
        let cells = k.cells;
        Evaluator {
            root_team,
            mark: vec![0; cells],
            stamp: 0,
            uncounted: vec![0; cells.div_ceil(64)],
            zone: vec![0; cells.div_ceil(64)],
            listed_from: vec![0; cells.div_ceil(64)],
            mating_drive: levers.mating_drive,
            hand: levers.hand,
            race: PawnRace::new(&k),
            passed_pawns: levers.passed_pawns,
            k,
        }
    }

    /// The sides in play ([`Variant::in_play`]) and where their kings stand (a role written `K`).
    pub fn kings<V: Variant>(&self, pos: &V) -> Kings {
        let mut kings = Kings {
            alive: alive_sides(pos),
            cells: [(0, 0); MAX_KINGS],
            len: 0,
        };
        let Some(king) = self.k.king else {
            return kings;
        };
        let role = <V::Role as hexvar_geometry::VariantRole>::ALL[king];
        for cell in pos.by_role(role).indices() {
            let owner = V::Color::ALL
                .iter()
                .find(|c| pos.by_color(**c).contains_index(cell));
            if let Some(color) = owner {
                let ci = color.index();
                if kings.is_alive(ci) && kings.len < MAX_KINGS {
                    kings.cells[kings.len] = (ci as u8, cell as u16);
                    kings.len += 1;
                }
            }
        }
        kings
    }

    /// The activity of the side to move, from its legal moves.
    pub fn activity<V: Variant>(&mut self, pos: &V, moves: &[V::Move], kings: &Kings) -> Activity {
        let turn = pos.turn();
        let us = self.root_team[turn.index()];
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.mark.fill(0);
            self.stamp = 1;
        }
        let mut own_king = [usize::MAX; 2];
        let mut own = 0;
        let stamp = self.stamp;
        let mark = &mut self.mark;
        king_cells(
            &self.k,
            &self.root_team,
            kings,
            turn.index(),
            |cell| mark[cell] = stamp,
            |cell| {
                own_king[own] = cell;
                own += 1;
            },
        );
        let mut count = 0;
        let mut pressure = 0;
        for &mv in moves {
            let (from, to) = V::move_cells(mv);
            if from.is_some_and(|f| own_king.contains(&f.dense_index())) {
                continue;
            }
            count += 1;
            if self.mark[to.dense_index()] == self.stamp {
                pressure += 1;
            }
        }
        Activity {
            known: true,
            root_team: us,
            moves: count,
            pressure: pressure.min(PRESSURE_CAP),
        }
    }

    /// The moves a quiescence search looks at, listed first in `moves` by
    /// [`Variant::census_moves_into`] (captures, and with `promotions` every move of a pawn one
    /// move from promotion), with the activity [`Evaluator::activity`] would count over the
    /// whole legal list, and the number of legal moves.
    pub fn census<V: Variant>(
        &mut self,
        pos: &V,
        kings: &Kings,
        moves: &mut V::MoveList,
        promotions: bool,
    ) -> (MoveCensus, Activity) {
        let turn = pos.turn();
        let us = self.root_team[turn.index()];
        self.uncounted.fill(0);
        self.zone.fill(0);
        self.listed_from.fill(0);
        let set = |words: &mut [u64], cell: usize| words[cell / 64] |= 1 << (cell % 64);
        let (zone, uncounted) = (&mut self.zone, &mut self.uncounted);
        king_cells(
            &self.k,
            &self.root_team,
            kings,
            turn.index(),
            |cell| set(zone, cell),
            |cell| set(uncounted, cell),
        );
        if let Some(pawn) = self.k.pawn.filter(|_| promotions) {
            let role = <V::Role as VariantRole>::ALL[pawn];
            for cell in (pos.by_role(role) & pos.by_color(turn)).indices() {
                if self.race.promotes_next(turn.index(), cell) {
                    set(&mut self.listed_from, cell);
                }
            }
        }
        let query = CensusQuery {
            uncounted: &self.uncounted,
            zone: &self.zone,
            listed_from: &self.listed_from,
        };
        let census = pos.census_moves_into(moves, &query);
        let activity = Activity {
            known: true,
            root_team: us,
            moves: census.counted,
            pressure: census.in_zone.min(PRESSURE_CAP),
        };
        (census, activity)
    }

    /// From the root team's view: the living armies, and the drive against a lone king (an army
    /// with its king alone, facing a coalition with the force to mate): to the rim, the nearest
    /// hunting king close by.
    fn armies_and_lone_kings<V: Variant>(&self, pos: &V, kings: &Kings, force: [i32; 2]) -> i32 {
        let mut score = 0;
        if !self.mating_drive {
            return 0;
        }
        for (color, cell) in kings.iter() {
            let ours = self.root_team[color];
            let sign = if ours { 1 } else { -1 };
            score += sign * ARMY_ALIVE;
            let hunters = force[usize::from(ours)];
            if hunters < MATING_FORCE || pos.by_color(V::Color::ALL[color]).count() != 1 {
                continue;
            }
            let nearest = kings
                .iter()
                .filter(|&(c, _)| self.root_team[c] != ours)
                .map(|(_, k)| self.k.king_distance(k, cell))
                .min()
                .unwrap_or(i32::from(FAR));
            let drive =
                DRIVE_RIM * i32::from(self.k.rim[cell]) + DRIVE_CLOSE * (i32::from(FAR) - nearest);
            score -= sign * drive;
        }
        score
    }

    /// The material score, from the root team's view, of a standing where every army in play
    /// (by `sums`) had the same men: `(2·ours − all)` armies' shares of the men (kings left
    /// out) of all. 0 when the root team holds half the armies (any two-army game).
    pub fn level(&self, sums: &Material) -> i32 {
        let (ours, all) = self.armies(sums);
        if 2 * ours == all {
            return 0;
        }
        // The living armies' worth counts as the evaluation counts it (`armies_and_lone_kings`).
        let alive = if self.mating_drive { ARMY_ALIVE } else { 0 };
        (2 * ours - all) * ((sums.force[0] + sums.force[1]) / all + alive)
    }

    /// The armies in play by `sums`: the root team's, and all.
    fn armies(&self, sums: &Material) -> (i32, i32) {
        let ours = self
            .root_team
            .iter()
            .enumerate()
            .filter(|&(c, &ours)| ours && sums.alive >> c & 1 == 1)
            .count();
        (ours as i32, sums.alive.count_ones().max(1) as i32)
    }

    /// The men in hand ([`Variant::in_hand`]) from the root team's view, at their values (no
    /// cell, so no piece-square term), added to each coalition's `force`; and the officers'
    /// material among them, for the phase.
    fn hand<V: Variant>(&self, pos: &V, kings: &Kings, force: &mut [i32; 2]) -> (i32, i32) {
        let k = &*self.k;
        let (mut score, mut officers) = (0, 0);
        for &color in V::Color::ALL {
            let ci = color.index();
            if !kings.is_alive(ci) {
                continue;
            }
            for role in <V::Role as VariantRole>::ALL {
                let r = VariantRole::index(*role);
                let value = k.value[r] * pos.in_hand(color, *role) as i32;
                let ours = self.root_team[ci];
                score += if ours { value } else { -value };
                force[usize::from(!ours)] += value;
                if Some(r) != k.pawn {
                    officers += value;
                }
            }
        }
        (score, officers)
    }

    /// The men's sums of `pos` counted man by man (the sides in play by `alive`, a bit per
    /// colour).
    pub fn material<V: Variant>(&self, pos: &V, alive: u64) -> Material {
        let mut sums = Material {
            alive,
            ..Material::default()
        };
        for role in <V::Role as VariantRole>::ALL {
            let r = VariantRole::index(*role);
            let of_role = pos.by_role(*role);
            if of_role.is_empty() {
                continue;
            }
            for color in V::Color::ALL {
                let ci = color.index();
                if alive >> ci & 1 == 0 {
                    continue;
                }
                for cell in (of_role & pos.by_color(*color)).indices() {
                    self.count_man(&mut sums, ci, r, cell, 1);
                }
            }
        }
        sums
    }

    /// The men's sums of `child`, a position reached from `parent` (whose sums are `before`)
    /// by a move or a pass: `before` with the men of the cells whose man changed taken out and
    /// put in again as they stand in `child`. The same sums as [`Evaluator::material`] gives,
    /// for a few cells' work; counted again when a side left or entered play.
    pub fn material_after<V: Variant>(&self, parent: &V, before: &Material, child: &V) -> Material {
        let alive = alive_sides(child);
        if alive != before.alive {
            return self.material(child, alive);
        }
        let mut changed = V::CellSet::default();
        for &color in V::Color::ALL {
            changed |= parent.by_color(color) ^ child.by_color(color);
        }
        for &role in <V::Role as VariantRole>::ALL {
            changed |= parent.by_role(role) ^ child.by_role(role);
        }
        let mut sums = *before;
        let cells = V::cells();
        for index in changed.indices() {
            let Some(&cell) = cells.get(index) else {
                continue;
            };
            for (pos, times) in [(parent, -1), (child, 1)] {
                if let Some(man) = pos.piece_at(cell) {
                    let ci = man.color().index();
                    if alive >> ci & 1 == 1 {
                        self.count_man(&mut sums, ci, man.role().index(), index, times);
                    }
                }
            }
        }
        debug_assert_eq!(sums, self.material(child, alive), "{}", V::NAME);
        sums
    }

    /// Adds (`times` 1) or takes out (`times` -1) one man of colour `ci` and role `r` on
    /// `cell` (a dense index) to the sums.
    #[inline]
    fn count_man(&self, sums: &mut Material, ci: usize, r: usize, cell: usize, times: i32) {
        let k = &*self.k;
        let value = k.value[r];
        let (square_mg, square_eg) = if cell < k.cells {
            let i = k.pst_index(ci, r, cell);
            (i32::from(k.pst_mg[i]), i32::from(k.pst_eg[i]))
        } else {
            (0, 0)
        };
        let ours = self.root_team[ci];
        let sign = if ours { times } else { -times };
        sums.mg += sign * (square_mg + value);
        sums.eg += sign * (square_eg + value);
        if Some(r) != k.king {
            sums.force[usize::from(!ours)] += times * value;
            if Some(r) != k.pawn {
                sums.officers += times * value;
            }
        }
    }

    /// The static score of `pos` from the side to move's view, given its men's sums
    /// ([`Evaluator::material`], kept from node to node by [`Evaluator::material_after`]), its
    /// activity and its parent's.
    pub fn evaluate<V: Variant>(
        &self,
        pos: &V,
        kings: &Kings,
        sums: &Material,
        own: &Activity,
        parent: &Activity,
    ) -> i32 {
        let k = &*self.k;
        let colors = V::Color::ALL;
        let (mut mg, mut eg, mut officers) = (sums.mg, sums.eg, sums.officers);
        let mut force = sums.force;
        if self.hand {
            let (hand, hand_officers) = self.hand::<V>(pos, kings, &mut force);
            mg += hand;
            eg += hand;
            officers += hand_officers;
        }
        let live = (kings.alive & ((1u64 << colors.len().min(63)) - 1))
            .count_ones()
            .max(1) as i32;
        let phase = (officers * 256 / (k.army_material * live)).clamp(0, 256);
        let material =
            (mg * phase + eg * (256 - phase)) / 256 + self.armies_and_lone_kings(pos, kings, force);
        let passed = if self.passed_pawns && phase < 256 {
            let first = self.race.score(pos, k) * (256 - phase) / 256;
            if self.root_team.first() == Some(&true) {
                first
            } else {
                -first
            }
        } else {
            0
        };
        let us = self.root_team[pos.turn().index()];
        let material = material + passed;
        let mut score = if us { material } else { -material };
        score += TEMPO;
        if own.known && parent.known && parent.root_team != own.root_team {
            let moves = own.moves as i32 - parent.moves as i32;
            score += k.mobility_x16 * moves / 16;
            let pressure = own.pressure as i32 - parent.pressure as i32;
            score += PRESSURE * pressure * phase / 256;
        } else if own.known {
            score += PRESSURE * own.pressure as i32 * phase / 256 / 2;
        }
        score
    }
}

/// What the mobility and pressure terms need of the kings, shared by [`Evaluator::activity`]
/// and [`Evaluator::census`]: `near_hostile` visits every cell near a king hostile to `turn`'s
/// team (the king's own cell and its zone), `own_king` the kings of `turn` itself, at most two
/// (their moves are left out of the mobility count).
fn king_cells(
    k: &Knowledge,
    root_team: &[bool],
    kings: &Kings,
    turn: usize,
    mut near_hostile: impl FnMut(usize),
    mut own_king: impl FnMut(usize),
) {
    let us = root_team[turn];
    let mut own = 0;
    for (color, cell) in kings.iter() {
        if root_team[color] != us {
            near_hostile(cell);
            for &z in k.zone(cell) {
                near_hostile(usize::from(z));
            }
        } else if color == turn && own < 2 {
            own_king(cell);
            own += 1;
        }
    }
}

#[cfg(test)]
mod armies_tests {
    use super::*;
    use hexvar_kirby::{Mode, Position};

    fn level_at_start(mode: Mode, levers: &Levers) -> i32 {
        let pos = Position::start_mode(mode);
        let root_team = <Position as Variant>::Color::ALL
            .iter()
            .map(|&c| pos.same_team(pos.turn(), c))
            .collect();
        let eval = Evaluator::new(crate::knowledge::knowledge::<Position>(), root_team, levers);
        eval.level(&eval.material(&pos, alive_sides(&pos)))
    }

    /// A level standing is 0 where the root team holds half the armies, and minus one army's
    /// men (3,900 at the start) for one army of three: what the evaluation's material gives
    /// the root army at the start, so that a draw is worth no more than a level game.
    #[test]
    fn a_level_standing_is_the_root_teams_share_of_the_men() {
        let levers = Levers::default();
        assert_eq!(level_at_start(Mode::TwoPlayer, &levers), 0);
        assert_eq!(level_at_start(Mode::FourPlayerTeams, &levers), 0);
        assert_eq!(level_at_start(Mode::ThreePlayer, &levers), -3900);
        assert_eq!(
            level_at_start(Mode::SixPlayerThreeTeams, &levers),
            -2 * 3900
        );
        let drive = Levers {
            mating_drive: true,
            ..levers
        };
        assert_eq!(
            level_at_start(Mode::ThreePlayer, &drive),
            -3900 - ARMY_ALIVE
        );
    }
}
