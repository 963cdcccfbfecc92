//! The census of a quiescence node ([`Position::census_moves_into`]): the legal moves counted
//! target set by target set, and only the captures and the moves from the asked cells listed,
//! without the list of every legal move.
//!
//! The census walks the generator's own layers in the list's order: out of check the pieces'
//! target sets of the list layer ([`Position::list_pieces_unchecked`], written into a
//! [`MoveSink`]), then the king's and castling batches; in check the batches of
//! [`Position::normal_moves`]; with no ordinary move out of check, the stalemate relocations.
//! Ordinary target sets are counted cell by cell ([`sparse_len`]: a piece has a few targets, and
//! a baseline x86-64 build has no `popcnt`; 0.6 % fewer instructions a search than a count per
//! word), the zone only when the targets meet it; the rare batches of other kinds (promotions,
//! castling, relocations) move by move, as the default filtering does.

use hexvar_geometry::{CensusQuery, MoveCensus};

use crate::cells::{sparse_len, CellSet};
use crate::movegen::{push_moves, MoveSink, MovesKind, PieceMoves};
use crate::moves::{Move, MoveList};
use crate::position::Position;

/// A query's dense-index words as a cell set (a word missing is an empty one).
#[inline]
fn query_set(words: &[u64]) -> CellSet {
    let mut set = CellSet::EMPTY;
    for (w, &word) in set.0.iter_mut().zip(words) {
        *w = word;
    }
    set
}

/// The census being taken: the query's sets, the counts so far and the list of the moves to
/// look at.
struct Tally<'a> {
    uncounted: CellSet,
    zone: CellSet,
    listed_from: CellSet,
    occupied: CellSet,
    census: MoveCensus,
    list: &'a mut MoveList,
}

impl Tally<'_> {
    /// One move, judged as the default filtering judges it (the rare kinds of batch).
    fn one(&mut self, m: Move) {
        self.census.legal += 1;
        let from = m.origin().index();
        if !self.uncounted.has(from) {
            self.census.counted += 1;
            self.census.in_zone += u32::from(self.zone.has(m.to().index()));
        }
        // Castling and relocations take nothing; an ordinary move takes what stands there.
        let takes = matches!(m, Move::Normal { to, .. } if self.occupied.has(to.index()));
        if takes || self.listed_from.has(from) {
            self.list.push(m);
        }
    }
}

impl MoveSink for Tally<'_> {
    #[inline(always)]
    fn normal(&mut self, from: usize, to: CellSet) {
        if to.is_empty() {
            return;
        }
        let n = sparse_len(&to);
        self.census.legal += n;
        if !self.uncounted.has(from) {
            self.census.counted += n;
            let near = to & self.zone;
            if !near.is_empty() {
                self.census.in_zone += sparse_len(&near);
            }
        }
        // A target is occupied only by a man that may be taken (friends and kings are no
        // targets): the captures.
        let listed = if self.listed_from.has(from) {
            to
        } else {
            to & self.occupied
        };
        push_moves(self.list, from, listed);
    }

    #[inline]
    fn batch(&mut self, pm: PieceMoves) {
        match pm.kind {
            MovesKind::Normal => self.normal(pm.from.index(), pm.to),
            _ => pm.for_each_move(|m| self.one(m)),
        }
    }

    #[inline(always)]
    fn is_empty(&self) -> bool {
        self.census.legal == 0
    }
}

impl Position {
    /// [`Variant::census_moves_into`](hexvar_geometry::Variant::census_moves_into) set-wise:
    /// the legal moves counted ([`MoveCensus::legal`]), those not from a cell of
    /// `query.uncounted` ([`MoveCensus::counted`]) and those of them landing on a cell of
    /// `query.zone` ([`MoveCensus::in_zone`]; castling lands on the king's cell); listed into
    /// `list` (cleared first), in [`Position::legal_moves_into`]'s order, only the captures and
    /// the moves from a cell of `query.listed_from`. Exact in every position, in check or not.
    pub fn census_moves_into(&self, list: &mut MoveList, query: &CensusQuery<'_>) -> MoveCensus {
        list.clear();
        if self.one_team_left() {
            return MoveCensus::default();
        }
        let mut tally = Tally {
            uncounted: query_set(query.uncounted),
            zone: query_set(query.zone),
            listed_from: query_set(query.listed_from),
            occupied: self.occupied,
            census: MoveCensus::default(),
            list,
        };
        self.with_context(|ctx| self.legal_moves_into_sink(ctx, &mut tally));
        tally.census.listed = tally.list.len();
        tally.census
    }
}

#[cfg(test)]
mod tests {
    use hexvar_geometry::{has_bit, CensusQuery, MoveCensus, Variant};

    use crate::setup::{Layout, Mode, Setup};
    use crate::{Cell, Move, MoveList, Position, Role};

    /// The census of `pos` for the query `words` (uncounted, zone, listed from: dense-index
    /// words) is the filtered legal list's, by the position's method and the trait's alike.
    fn assert_census_is_filtered(pos: &Position, words: &[[u64; 5]; 3]) {
        let query = CensusQuery {
            uncounted: &words[0],
            zone: &words[1],
            listed_from: &words[2],
        };
        let mut list = MoveList::default();
        let census = pos.census_moves_into(&mut list, &query);
        let (want, listed) = filtered(pos, &query);
        assert_eq!(census, want, "{pos}");
        assert_eq!(list.as_slice(), &listed[..], "{pos}");
        let via_trait = Variant::census_moves_into(pos, &mut list, &query);
        assert_eq!(via_trait, want, "{pos}");
    }

    /// The default census: the whole legal list filtered (geometry's default method, written
    /// out here since the crate's position overrides it).
    fn filtered(pos: &Position, query: &CensusQuery<'_>) -> (MoveCensus, Vec<Move>) {
        let moves = pos.legal_moves();
        let mut census = MoveCensus {
            legal: moves.len() as u32,
            ..MoveCensus::default()
        };
        let mut listed = Vec::new();
        for &m in moves.iter() {
            let (from, to) = <Position as Variant>::move_cells(m);
            let from = from.map(|c| c.index());
            if !from.is_some_and(|f| has_bit(query.uncounted, f)) {
                census.counted += 1;
                census.in_zone += u32::from(has_bit(query.zone, to.index()));
            }
            if from.is_some_and(|f| has_bit(query.listed_from, f)) || pos.captured(m).is_some() {
                listed.push(m);
            }
        }
        census.listed = listed.len();
        (census, listed)
    }

    /// A xorshift64* step.
    fn next(seed: &mut u64) -> u64 {
        *seed ^= *seed >> 12;
        *seed ^= *seed << 25;
        *seed ^= *seed >> 27;
        seed.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// The set-wise census counts and lists as the filtering of the whole legal list does, over
    /// the positions of seeded random games in every mode (checks, pins, promotions, waiting
    /// pawns, castling and relocations as they come), with random queries and the engine's kind
    /// of query (the mover's kings, the cells around hostile kings, the pawns about to promote).
    #[test]
    fn census_is_the_filtered_legal_list() {
        let mut seed = 0x9E37_79B9_7F4A_7C15_u64;
        let (mut positions, mut in_check, mut promotions) = (0, 0, 0);
        let (mut relocating, mut castling) = (0, 0);
        for mode in Mode::ALL {
            for layout in [Layout::QueenLeft, Layout::QueenRight] {
                for _game in 0..6 {
                    let mut pos =
                        Position::from_setup(Setup::start_mode(mode, layout)).expect("legal");
                    for _ply in 0..400 {
                        let moves = pos.legal_moves();
                        if moves.is_empty() {
                            break;
                        }
                        let mut words = [[0_u64; 5]; 3];
                        for w in words.iter_mut().flatten() {
                            *w = next(&mut seed) & next(&mut seed);
                        }
                        // The engine's kind of query: kings, the cells around other kings and
                        // the pawns on cells that promote next.
                        let engine_like = next(&mut seed).is_multiple_of(2);
                        if engine_like {
                            words = [[0; 5]; 3];
                            for m in moves.iter() {
                                let (from, to) = <Position as Variant>::move_cells(*m);
                                let from = from.expect("a cell").index();
                                let piece = pos.piece_at(Cell::at(from)).expect("a man");
                                if piece.role == Role::King {
                                    words[0][from / 64] |= 1 << (from % 64);
                                }
                                if matches!(
                                    m,
                                    Move::Normal {
                                        promotion: Some(_),
                                        ..
                                    }
                                ) || matches!(m, Move::Normal { .. })
                                    && piece.role == Role::Pawn
                                    && next(&mut seed).is_multiple_of(4)
                                {
                                    words[2][from / 64] |= 1 << (from % 64);
                                }
                                let t = to.index();
                                if next(&mut seed).is_multiple_of(3) {
                                    words[1][t / 64] |= 1 << (t % 64);
                                }
                            }
                        }
                        assert_census_is_filtered(&pos, &words);
                        positions += 1;
                        in_check += usize::from(!pos.checkers().is_empty());
                        promotions += usize::from(moves.iter().any(|m| {
                            matches!(
                                m,
                                Move::Normal {
                                    promotion: Some(_),
                                    ..
                                }
                            )
                        }));
                        relocating +=
                            usize::from(moves.iter().any(|m| matches!(m, Move::Relocate { .. })));
                        castling +=
                            usize::from(moves.iter().any(|m| matches!(m, Move::Castle { .. })));
                        let pick = (next(&mut seed) % moves.len() as u64) as usize;
                        Variant::play_unchecked(&mut pos, moves[pick]);
                    }
                }
            }
        }
        eprintln!(
            "{positions} positions, {in_check} in check, {promotions} with promotions, \
             {relocating} with relocations, {castling} with castling"
        );
        assert!(positions > 10_000, "{positions} positions");
        assert!(in_check > 100, "{in_check} positions in check");
        assert!(promotions > 10, "{promotions} positions with promotions");
        assert!(castling > 10, "{castling} positions with castling");
    }

    /// The same over the conformance positions (waiting pawns, relocations, eliminations) and
    /// every position one move later, with random queries.
    #[test]
    fn census_follows_the_list_on_the_conformance_positions() {
        let mut seed = 0x2545_F491_4F6C_DD1D_u64;
        let mut relocating = 0;
        for text in crate::conformance_texts() {
            let root: Position = text.parse().expect("a valid position");
            let mut positions = vec![root.clone()];
            for m in root.legal_moves() {
                let mut next = root.clone();
                Variant::play_unchecked(&mut next, m);
                positions.push(next);
            }
            for pos in positions {
                let mut words = [[0_u64; 5]; 3];
                for w in words.iter_mut().flatten() {
                    *w = next(&mut seed) & next(&mut seed);
                }
                assert_census_is_filtered(&pos, &words);
                relocating += usize::from(
                    pos.legal_moves()
                        .iter()
                        .any(|m| matches!(m, Move::Relocate { .. })),
                );
            }
        }
        assert!(relocating > 0, "no position with relocations");
    }
}
