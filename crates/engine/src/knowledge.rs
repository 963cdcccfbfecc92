//! What the engine knows about a variant's board without being told its rules: tables measured
//! once per variant from random games over the trait, then kept for every later search.
//!
//! The trait cannot place a man on an empty board or name the promotion zone, but it can play
//! games. From every named start position the engine plays seeded random games (four moves in
//! ten chosen among the pawn moves and two among the king moves, so that pawns travel and promote
//! and kings visit the board) and records, per role and
//! cell, how many legal destinations a man of that role had there (its *mobility*), which pawn
//! steps exist, from which cells a pawn move promotes, and which cells a king steps to. From that:
//!
//! - **centrality** of a cell: the mobility of the men standing there, relative to their role's
//!   average, averaged over the roles (knights, bishops, rooks, … of every variant agree that the
//!   middle of the board is where a man does most);
//! - **piece-square tables**: a man's mobility at a cell (shrunk toward the cell's centrality
//!   where the man was seldom seen there), a king's wish to stay off the centre while the
//!   board is full and to come to it when it empties;
//! - **pawn advancement**: a pawn's distance in pawn moves to a promoting cell, by a breadth-first
//!   search backwards over the pawn steps seen;
//! - **king zones**: the cells a king steps to, from [`Variant::attackers`] wherever the random
//!   games put a king (every cell it attacks, whatever stands there), made two-way for the cells
//!   no king stood on (a king's step is a step back), so that the map covers the whole board;
//! - the average number of legal moves, which scales the mobility term.
//!
//! The games are seeded, so the tables, and with them the engine's play at a fixed depth, are the
//! same on every run.

use std::any::TypeId;
use std::collections::HashSet;
use std::sync::{Arc, Mutex, OnceLock};

use hexvar_geometry::{
    CellBits, DenseCell, Variant, VariantColor, VariantOutcome, VariantPiece, VariantRole,
};

/// Random positions visited per variant (about 40 ms to 250 ms of play, once per process).
const SAMPLE_POSITIONS: usize = 24_000;
/// The longest random game.
const GAME_PLIES: usize = 300;
/// Samples of a role at a cell worth as much as the cell's centrality in the shrunk estimate.
const PRIOR_SAMPLES: f64 = 8.0;

/// The tables of one variant. Indices: `role` by [`VariantRole::index`], `color` by
/// [`VariantColor::index`], `cell` by [`DenseCell::dense_index`].
#[derive(Debug)]
pub(crate) struct Knowledge {
    pub cells: usize,
    pub roles: usize,
    pub colors: usize,
    /// Material value per role, in centipawns.
    pub value: Vec<i32>,
    /// The role written `P` and the role written `K`, if the variant has them.
    pub pawn: Option<usize>,
    pub king: Option<usize>,
    /// Middlegame and endgame piece-square values, `[(color * roles + role) * cells + cell]`.
    pub pst_mg: Vec<i16>,
    pub pst_eg: Vec<i16>,
    /// The cells a king on `cell` steps to: `king_zone[zone_start[cell]..zone_start[cell + 1]]`.
    pub zone_start: Vec<u32>,
    pub king_zone: Vec<u16>,
    /// The material of the men other than pawns and kings one army starts with.
    pub army_material: i32,
    /// Centipawns per legal move of mobility, times 16.
    pub mobility_x16: i32,
    /// Per cell: how far toward the rim it lies, 0 (the most central cell) to 100 (the least),
    /// by centrality: where a lone king is driven to be mated.
    pub rim: Vec<u8>,
    /// `[from * cells + to]`: king steps from one cell to another (capped at [`FAR`]).
    pub king_distance: Vec<u8>,
    /// Per cell: the mobility of the men seen there relative to their roles' averages (kept
    /// for the tests; the tables above hold what the evaluation needs).
    #[cfg(test)]
    pub centrality: Vec<f32>,
    /// `[color * cells + cell]`: a pawn's pawn moves to promotion ([`UNKNOWN`] where none
    /// was seen).
    pub pawn_dist: Vec<u16>,
    /// A pawn's distance to promotion at the start, per colour.
    pub start_dist: Vec<u16>,
}

/// A pawn distance not measured.
pub(crate) const UNKNOWN: u16 = u16::MAX;
/// The king distance of cells farther apart (or not joined by the king steps seen).
pub(crate) const FAR: u8 = 48;

impl Knowledge {
    /// The piece-square index.
    #[inline]
    pub fn pst_index(&self, color: usize, role: usize, cell: usize) -> usize {
        (color * self.roles + role) * self.cells + cell
    }

    /// The cells a king on `cell` steps to.
    #[inline]
    pub fn zone(&self, cell: usize) -> &[u16] {
        &self.king_zone[self.zone_start[cell] as usize..self.zone_start[cell + 1] as usize]
    }

    /// King steps from `a` to `b`, at most [`FAR`].
    #[inline]
    pub fn king_distance(&self, a: usize, b: usize) -> i32 {
        i32::from(self.king_distance[a * self.cells + b])
    }
}

/// The material values the engine counts: each role's [`VariantRole::playing_value`], in
/// centipawns (a pawn 100 in every variant), so that the search's margins and positional
/// weights, in pawns, mean the same in every variant.
///
/// The playing values are the variants' own, measured in engine matches and explained on their
/// rules pages. They replace a power law that compressed C'escacs's author's values (Queen 16
/// pawns brought to 10, Rook 677): against the engine of a57ce48 at 10,000 nodes a move, 40
/// games each, the author's values scored −17 Elo [−121, +83], the compression +137 [+32, +274],
/// a57ce48's letter guesses (Rook 500, Pegasus and Wyvern 700) +319 [+199, +583]; C'escacs's
/// and Brusky's rules pages give the matches that chose their playing values.
fn engine_values<V: Variant>() -> Vec<i32> {
    V::Role::ALL.iter().map(|r| r.playing_value()).collect()
}

/// Per cell, 0 for the most central to 100 for the least.
fn rim_of(centrality: &[f64]) -> Vec<u8> {
    let low = centrality.iter().copied().fold(f64::INFINITY, f64::min);
    let high = centrality.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    let span = (high - low).max(1e-9);
    centrality
        .iter()
        .map(|&c| (100.0 * (high - c) / span).round() as u8)
        .collect()
}

/// King steps between every two cells, by a breadth-first search from each over the king
/// steps seen (`zone`), capped at [`FAR`].
pub(crate) fn king_distances(cells: usize, zone: impl Fn(usize) -> Vec<u16>) -> Vec<u8> {
    let steps: Vec<Vec<u16>> = (0..cells).map(zone).collect();
    let mut out = vec![FAR; cells * cells];
    let mut queue = std::collections::VecDeque::new();
    for from in 0..cells {
        let row = &mut out[from * cells..(from + 1) * cells];
        row[from] = 0;
        queue.clear();
        queue.push_back(from);
        while let Some(c) = queue.pop_front() {
            let d = row[c];
            if d + 1 >= FAR {
                continue;
            }
            for &n in &steps[c] {
                if row[usize::from(n)] == FAR {
                    row[usize::from(n)] = d + 1;
                    queue.push_back(usize::from(n));
                }
            }
        }
    }
    out
}

/// The tables of `V`, measured on first use and then shared.
pub(crate) fn knowledge<V: Variant>() -> Arc<Knowledge> {
    type Cache = Mutex<Vec<(TypeId, Arc<Knowledge>)>>;
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let cache = CACHE.get_or_init(|| Mutex::new(Vec::new()));
    let id = TypeId::of::<V>();
    if let Some((_, k)) = cache
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|(t, _)| *t == id)
    {
        return Arc::clone(k);
    }
    // Measured outside the lock: two threads may both measure once, with the same result.
    let k = Arc::new(measure::<V>());
    let mut cache = cache.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, old)) = cache.iter().find(|(t, _)| *t == id) {
        return Arc::clone(old);
    }
    cache.push((id, Arc::clone(&k)));
    k
}

/// SplitMix64: a small seeded generator, enough for random games.
#[derive(Clone, Debug)]
pub(crate) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next_u64() >> 32) * n as u64) >> 32) as usize
    }
}

/// What the random games recorded.
struct Tally {
    /// `[role * cells + cell]`: legal destinations of the men of the side to move, and how often
    /// such a man stood there.
    dests: Vec<u64>,
    seen: Vec<u64>,
    /// Pawn steps seen, per colour: `(from, to)`.
    pawn_steps: Vec<HashSet<(u16, u16)>>,
    /// `[color * cells + cell]`: a pawn move from here promoted.
    promotes: Vec<bool>,
    /// `[cell]`: the cells a king standing on `cell` attacks, once a king stood there
    /// (`None` until then).
    king_attacks: Vec<Option<Vec<u16>>>,
    positions: u64,
    moves: u64,
}

fn letter_index<V: Variant>(letter: char) -> Option<usize> {
    V::Role::ALL
        .iter()
        .find(|r| r.char() == letter)
        .map(|r| r.index())
}

fn measure<V: Variant>() -> Knowledge {
    let cells = V::CELL_COUNT;
    let roles = V::Role::ALL.len();
    let colors = V::Color::ALL.len();
    let pawn = letter_index::<V>('P');
    let king = letter_index::<V>('K');
    let mut starts: Vec<V> = V::start_positions()
        .iter()
        .filter_map(|(_, text)| text.parse::<V>().ok())
        .collect();
    if starts.is_empty() {
        starts.push(V::start());
    }
    let value = engine_values::<V>();
    let mut t = Tally {
        dests: vec![0; roles * cells],
        seen: vec![0; roles * cells],
        pawn_steps: vec![HashSet::new(); colors],
        promotes: vec![false; colors * cells],
        king_attacks: vec![None; cells],
        positions: 0,
        moves: 0,
    };
    // Half the samples from the first start (the variant's usual game), half shared by all.
    let mut rng = Rng::new(0x6865_7876_6172 ^ V::CELL_COUNT as u64);
    let first_budget = SAMPLE_POSITIONS / 2;
    while (t.positions as usize) < first_budget {
        random_game(&starts[0], &mut rng, &mut t, pawn, king);
    }
    let mut i = 0;
    while (t.positions as usize) < SAMPLE_POSITIONS {
        random_game(&starts[i % starts.len()], &mut rng, &mut t, pawn, king);
        i += 1;
    }

    // Mobility per role and centrality per cell.
    let mean: Vec<f64> = (0..roles)
        .map(|r| {
            let d: u64 = t.dests[r * cells..(r + 1) * cells].iter().sum();
            let s: u64 = t.seen[r * cells..(r + 1) * cells].iter().sum();
            if s > 0 {
                d as f64 / s as f64
            } else {
                0.0
            }
        })
        .collect();
    let officer = |r: usize| Some(r) != pawn && Some(r) != king && mean[r] > 0.0;
    let mut centrality = vec![f64::NAN; cells];
    for (c, centre) in centrality.iter_mut().enumerate() {
        // Each role's mobility here relative to its average, weighted by how often it was seen.
        let (mut sum, mut weight) = (0.0, 0.0);
        for r in (0..roles).filter(|&r| officer(r)) {
            let s = t.seen[r * cells + c] as f64;
            if s > 0.0 {
                sum += t.dests[r * cells + c] as f64 / mean[r];
                weight += s;
            }
        }
        if weight > 0.0 {
            *centre = sum / weight;
        }
    }
    // Cells no officer reached are rare corners: they count as the least central quarter.
    let mut known: Vec<f64> = centrality.iter().copied().filter(|x| !x.is_nan()).collect();
    known.sort_by(f64::total_cmp);
    let low = known.get(known.len() / 4).copied().unwrap_or(1.0);
    for x in &mut centrality {
        if x.is_nan() {
            *x = low;
        }
    }

    // King zones.
    let (zone_start, king_zone) = king_steps(&t.king_attacks);

    // Pawn distance to promotion, per colour, by a backward breadth-first search.
    let mut pawn_dist = vec![UNKNOWN; colors * cells];
    for color in 0..colors {
        let mut back = vec![Vec::new(); cells];
        for &(from, to) in &t.pawn_steps[color] {
            back[to as usize].push(from);
        }
        let dist = &mut pawn_dist[color * cells..(color + 1) * cells];
        let mut queue = std::collections::VecDeque::new();
        for (c, d) in dist.iter_mut().enumerate() {
            if t.promotes[color * cells + c] {
                *d = 1;
                queue.push_back(c as u16);
            }
        }
        while let Some(c) = queue.pop_front() {
            let d = dist[c as usize];
            for &f in &back[c as usize] {
                if dist[f as usize] == UNKNOWN {
                    dist[f as usize] = d + 1;
                    queue.push_back(f);
                }
            }
        }
    }
    // A pawn's distance at the start, per colour: the median over its start cells in the first
    // start position that seats the colour.
    let mut start_dist = vec![0u16; colors];
    for color in V::Color::ALL {
        let ci = color.index();
        let Some(p) = pawn else { break };
        let Some(start) = starts.iter().find(|s| s.by_color(*color).count() > 0) else {
            continue;
        };
        let mut ds: Vec<u16> = start
            .by_color(*color)
            .indices()
            .filter(|&cell| {
                start
                    .piece_at(V::Cell::from_dense(cell))
                    .is_some_and(|pc| pc.role().index() == p)
            })
            .map(|cell| pawn_dist[ci * cells + cell])
            .filter(|&d| d != UNKNOWN)
            .collect();
        ds.sort_unstable();
        start_dist[ci] = ds.get(ds.len() / 2).copied().unwrap_or(0);
    }
    let start = &starts[0];

    // Piece-square tables.
    let mut pst_mg = vec![0i16; colors * roles * cells];
    let mut pst_eg = vec![0i16; colors * roles * cells];
    for color in 0..colors {
        for r in 0..roles {
            for c in 0..cells {
                let centre = centrality[c] - 1.0;
                let (mg, eg) = if Some(r) == king {
                    // Off the centre while the board is full, to it when it empties.
                    (-30.0 * centre, 30.0 * centre)
                } else if Some(r) == pawn {
                    let d = pawn_dist[color * cells + c];
                    let adv = if d == UNKNOWN {
                        0.0
                    } else {
                        f64::from(start_dist[color].saturating_sub(d))
                    };
                    (4.0 * adv + 10.0 * centre, 8.0 * adv + 1.5 * adv * adv)
                } else if mean[r] > 0.0 {
                    let s = t.seen[r * cells + c] as f64;
                    let own = if s > 0.0 {
                        t.dests[r * cells + c] as f64 / s / mean[r]
                    } else {
                        0.0
                    };
                    let norm = (own * s + centrality[c] * PRIOR_SAMPLES) / (s + PRIOR_SAMPLES);
                    let scale = if value[r] >= 700 { 15.0 } else { 35.0 };
                    let v = (scale * (norm - 1.0)).clamp(-45.0, 35.0);
                    (v, 0.7 * v)
                } else {
                    (0.0, 0.0)
                };
                let i = (color * roles + r) * cells + c;
                pst_mg[i] = mg.round() as i16;
                pst_eg[i] = eg.round() as i16;
            }
        }
    }

    // Material of an army's officers at the start.
    let mut officers = 0;
    let mut armies = 0;
    for color in V::Color::ALL {
        let set = start.by_color(*color);
        if set.count() == 0 {
            continue;
        }
        armies += 1;
        for cell in set.indices() {
            if let Some(piece) = start.piece_at(V::Cell::from_dense(cell)) {
                let r = piece.role().index();
                if Some(r) != pawn && Some(r) != king {
                    officers += value[r];
                }
            }
        }
    }
    let army_material = (officers / armies.max(1)).max(1);

    let average_moves = (t.moves as f64 / t.positions.max(1) as f64).max(1.0);
    let mobility_x16 = (16.0 * 110.0 / average_moves).round() as i32;

    let rim = rim_of(&centrality);
    let king_distance = king_distances(cells, |c| {
        king_zone[zone_start[c] as usize..zone_start[c + 1] as usize].to_vec()
    });
    Knowledge {
        rim,
        king_distance,
        cells,
        roles,
        colors,
        value,
        pawn,
        king,
        pst_mg,
        pst_eg,
        zone_start,
        king_zone,
        army_material,
        mobility_x16,
        #[cfg(test)]
        centrality: centrality.iter().map(|&c| c as f32).collect(),
        pawn_dist,
        start_dist,
    }
}

/// Records the cells each king of `pos` attacks, for the cells no king stood on before: a king
/// attacks every cell it steps to, whatever stands there ([`Variant::attackers`]), so one
/// position where a king stands on a cell gives all of that cell's steps.
fn tally_king_attacks<V: Variant>(pos: &V, king: V::Role, attacks: &mut [Option<Vec<u16>>]) {
    for &color in V::Color::ALL {
        let kings = pos.by_role(king) & pos.by_color(color);
        for at in kings.indices() {
            if attacks[at].is_some() {
                continue;
            }
            let steps = V::cells()
                .iter()
                .filter(|&&cell| pos.attackers(cell, color).contains_index(at))
                .map(|cell| cell.dense_index() as u16)
                .collect();
            attacks[at] = Some(steps);
        }
    }
}

/// The king zones from the attacks seen, two-way: cells `a` and `b` are a step apart when a king
/// on each attacked the other, or when a king stood on one of them only and attacked the other (a
/// king's step is a step back). Attacks one way only between two cells kings stood on are not
/// steps (C'escacs's unmoved king attacks its leap cells, from which no king steps back).
/// Returned as `(zone_start, king_zone)`, each cell's steps sorted.
fn king_steps(attacks: &[Option<Vec<u16>>]) -> (Vec<u32>, Vec<u16>) {
    let mut lists: Vec<Vec<u16>> = vec![Vec::new(); attacks.len()];
    for (a, seen) in attacks.iter().enumerate() {
        for &b in seen.iter().flatten() {
            let back = match &attacks[usize::from(b)] {
                Some(from_b) => from_b.contains(&(a as u16)),
                None => true,
            };
            if back {
                lists[a].push(b);
                lists[usize::from(b)].push(a as u16);
            }
        }
    }
    let mut zone_start = Vec::with_capacity(lists.len() + 1);
    let mut king_zone = Vec::new();
    for list in &mut lists {
        list.sort_unstable();
        list.dedup();
        zone_start.push(king_zone.len() as u32);
        king_zone.extend_from_slice(list);
    }
    zone_start.push(king_zone.len() as u32);
    (zone_start, king_zone)
}

/// One random game from `start`, tallied.
fn random_game<V: Variant>(
    start: &V,
    rng: &mut Rng,
    t: &mut Tally,
    pawn: Option<usize>,
    king: Option<usize>,
) {
    let cells = V::CELL_COUNT;
    let mut pos = start.clone();
    let mut moves = V::MoveList::default();
    let mut pawn_moves: Vec<V::Move> = Vec::new();
    let mut king_moves: Vec<V::Move> = Vec::new();
    for _ in 0..GAME_PLIES {
        if pos
            .outcome()
            .is_some_and(|o| o.winner().is_some() || o.is_draw())
        {
            break;
        }
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            break;
        }
        t.positions += 1;
        t.moves += moves.len() as u64;
        if let Some(king) = king {
            tally_king_attacks(&pos, V::Role::ALL[king], &mut t.king_attacks);
        }
        let turn = pos.turn();
        let ci = turn.index();
        for cell in pos.by_color(turn).indices() {
            if let Some(piece) = pos.piece_at(V::Cell::from_dense(cell)) {
                t.seen[piece.role().index() * cells + cell] += 1;
            }
        }
        pawn_moves.clear();
        king_moves.clear();
        for &mv in moves.iter() {
            let (Some(from), to) = V::move_cells(mv) else {
                continue;
            };
            let Some(piece) = pos.piece_at(from) else {
                continue;
            };
            let r = piece.role().index();
            let (f, d) = (from.dense_index(), to.dense_index());
            t.dests[r * cells + f] += 1;
            if Some(r) == pawn {
                pawn_moves.push(mv);
                t.pawn_steps[ci].insert((f as u16, d as u16));
                if !t.promotes[ci * cells + f] {
                    let mut next = pos.clone();
                    next.play_unchecked(mv);
                    let promoted = next
                        .piece_at(to)
                        .is_some_and(|p| Some(p.role().index()) != pawn);
                    if promoted {
                        t.promotes[ci * cells + f] = true;
                    }
                }
            } else if Some(r) == king {
                king_moves.push(mv);
            }
        }
        let roll = rng.below(10);
        let mv = if !pawn_moves.is_empty() && roll < 4 {
            pawn_moves[rng.below(pawn_moves.len())]
        } else if !king_moves.is_empty() && roll < 6 {
            king_moves[rng.below(king_moves.len())]
        } else {
            moves[rng.below(moves.len())]
        };
        pos.play_unchecked(mv);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables are sane: every pawn at the start has a distance to promotion, the centre is
    /// more central than the rim, a king zone exists wherever the start has a king.
    fn sane<V: Variant>() {
        let started = std::time::Instant::now();
        let k = knowledge::<V>();
        let elapsed = started.elapsed();
        let start = V::start();
        let mut rim = f32::MAX;
        let mut top = f32::MIN;
        for &c in &k.centrality {
            rim = rim.min(c);
            top = top.max(c);
        }
        assert!(top > 1.2 * rim, "{}: centrality {rim}..{top}", V::NAME);
        let mut known = 0;
        let mut pawns = 0;
        for color in V::Color::ALL {
            for cell in start.by_color(*color).indices() {
                let piece = start.piece_at(V::Cell::from_dense(cell)).expect("a man");
                let r = piece.role().index();
                if Some(r) == k.pawn {
                    pawns += 1;
                    if k.pawn_dist[color.index() * k.cells + cell] != UNKNOWN {
                        known += 1;
                    }
                }
                if Some(r) == k.king {
                    assert!(!k.zone(cell).is_empty(), "{}: no king zone", V::NAME);
                }
            }
        }
        assert!(
            known * 10 >= pawns * 9,
            "{}: {known} of {pawns} pawns",
            V::NAME
        );
        eprintln!(
            "{}: measured in {elapsed:?}; centrality {rim:.2}..{top:.2}; {known}/{pawns} start \
             pawns with a distance, start distances {:?}; mobility {} cp/16 per move; officers \
             {} per army; king zone cells {}, cells with a zone {}",
            V::NAME,
            k.start_dist,
            k.mobility_x16,
            k.army_material,
            k.king_zone.len(),
            (0..k.cells).filter(|&c| !k.zone(c).is_empty()).count()
        );
    }

    #[test]
    fn tables_are_sane() {
        sane::<hexvar_brusky::Position>();
        sane::<hexvar_chessagon::Position>();
        sane::<hexvar_dagger::Position>();
        sane::<hexvar_cescacs::Position>();
        sane::<hexvar_kirby::Position>();
    }

    /// The king-step map covers the whole board and is two-way: every cell has steps, and a
    /// step from one cell to another has its step back.
    fn king_steps_cover_the_board<V: Variant>() {
        let k = knowledge::<V>();
        for cell in 0..k.cells {
            assert!(
                !k.zone(cell).is_empty(),
                "{}: no king step from {cell}",
                V::NAME
            );
            for &to in k.zone(cell) {
                assert!(
                    k.zone(usize::from(to)).contains(&(cell as u16)),
                    "{}: a step {cell} -> {to} without its step back",
                    V::NAME
                );
            }
        }
    }

    #[test]
    fn king_steps_are_two_way_over_the_whole_board() {
        king_steps_cover_the_board::<hexvar_brusky::Position>();
        king_steps_cover_the_board::<hexvar_chessagon::Position>();
        king_steps_cover_the_board::<hexvar_dagger::Position>();
        king_steps_cover_the_board::<hexvar_cescacs::Position>();
        king_steps_cover_the_board::<hexvar_kirby::Position>();
    }

    /// On Kirby's board the map is the king's own steps, cell by cell (its centre cell has twelve;
    /// the sampled legal king moves once gave it three).
    #[test]
    fn kirby_king_steps_are_the_kings_moves() {
        use hexvar_geometry::DenseCell;
        let k = knowledge::<hexvar_kirby::Position>();
        for &cell in <hexvar_kirby::Position as Variant>::cells() {
            let want: Vec<u16> = hexvar_kirby::attacks::king(cell)
                .indices()
                .map(|i| i as u16)
                .collect();
            assert_eq!(k.zone(cell.dense_index()), want.as_slice(), "{cell}");
        }
        assert_eq!((0..k.cells).map(|c| k.zone(c).len()).max(), Some(12));
    }

    /// The tables the search reads count every role at its variant's playing value, and a
    /// starting army's officers within ten pawns, where the search's margins were tuned.
    fn plays_at_playing_values<V: Variant>() {
        let value = knowledge::<V>().value.clone();
        let start = V::start();
        for role in V::Role::ALL {
            assert_eq!(
                value[role.index()],
                role.playing_value(),
                "{} {role}",
                V::NAME
            );
            match role.char() {
                'P' => assert_eq!(value[role.index()], 100, "{}", V::NAME),
                'K' => assert_eq!(value[role.index()], 0, "{}", V::NAME),
                _ if !start.by_role(*role).is_empty() => {
                    assert!(
                        (100..=1000).contains(&value[role.index()]),
                        "{} {role}",
                        V::NAME
                    );
                }
                _ => {}
            }
        }
    }

    #[test]
    fn values_are_the_playing_values() {
        plays_at_playing_values::<hexvar_brusky::Position>();
        plays_at_playing_values::<hexvar_chessagon::Position>();
        plays_at_playing_values::<hexvar_dagger::Position>();
        plays_at_playing_values::<hexvar_cescacs::Position>();
        plays_at_playing_values::<hexvar_kirby::Position>();
        // C'escacs plays at its own table, not at its author's (Queen 1600).
        let queen = hexvar_cescacs::Role::Queen;
        assert!(knowledge::<hexvar_cescacs::Position>().value[queen.index()] < queen.value());
        // Brusky plays at chess's values, not at its mobility estimates (Bishop 250).
        let bishop = hexvar_brusky::Role::Bishop;
        assert_eq!(
            knowledge::<hexvar_brusky::Position>().value[bishop.index()],
            300
        );
    }
}
