//! The line of play a [`Game`](crate::Game) keeps: the moves and the Zobrist hash of every
//! position, with few positions held whole.
//!
//! A position is up to a kilobyte (Kirby's), a move a few bytes: keeping every position made a
//! long game's memory grow by the position's size a ply. The line keeps a checkpoint every
//! [`Line::INTERVAL`] plies (the start the first), and the current position with up to
//! `2 · INTERVAL` positions before it (for [`Line::pop`]); any other position is replayed from the
//! checkpoint before it, at most `INTERVAL - 1` plays away. The current position is the last of
//! the recent ones, so that a push copies a position once and a pop copies none.
//!
//! Why twice the interval of recent positions: when a pop finds none left, it rebuilds the
//! positions from the checkpoint before it to the one it needs (fewer than `INTERVAL` plays), and
//! pops one. Pushes only drop the oldest recent position when `2 · INTERVAL` are held, so a search
//! that goes back and forth across a checkpoint replays nothing again until it has popped the
//! rebuilt positions: every pop costs at most one play, amortised.

use std::collections::VecDeque;

use crate::Variant;

/// The moves, hashes and stored positions of a game's line of play (see the module page).
#[derive(Clone)]
pub(crate) struct Line<V: Variant> {
    /// The positions at plies `0, INTERVAL, 2 · INTERVAL, …` up to the current ply: the start
    /// first, never empty.
    checkpoints: Vec<V>,
    /// The positions at plies `ply + 1 - recent.len() ..= ply`, oldest first: the current
    /// position last, never empty.
    recent: VecDeque<V>,
    moves: Vec<V::Move>,
    /// The hash of the position at every ply, `0..=ply`.
    hashes: Vec<u64>,
}

impl<V: Variant> Line<V> {
    /// Plies between checkpoints: a checkpoint costs at most 32 bytes a ply (a position's size
    /// over the interval), and at least 8 plies apart so that small positions are not kept at
    /// every other ply. Brusky, Chessagon and Dagger get 8, C'escacs 18, Kirby 32.
    pub(crate) const INTERVAL: usize = {
        let by_size = core::mem::size_of::<V>().div_ceil(32);
        if by_size > 8 {
            by_size
        } else {
            8
        }
    };

    /// The most recent positions kept, the current one included.
    const RECENT: usize = 2 * Self::INTERVAL + 1;

    /// Bytes the line grows by per ply: the move, its hash and the checkpoint's share.
    pub(crate) const BYTES_PER_PLY: usize = core::mem::size_of::<V::Move>()
        + core::mem::size_of::<u64>()
        + core::mem::size_of::<V>().div_ceil(Self::INTERVAL);

    /// The line of a game from `start`, no move played.
    pub(crate) fn new(start: V) -> Self {
        Line {
            hashes: vec![start.zobrist_hash()],
            checkpoints: vec![start.clone()],
            recent: VecDeque::from([start]),
            moves: Vec::new(),
        }
    }

    /// The start position.
    pub(crate) fn start(&self) -> &V {
        &self.checkpoints[0]
    }

    /// The position after the last move.
    #[inline]
    pub(crate) fn current(&self) -> &V {
        self.recent
            .back()
            .expect("the line holds its current position")
    }

    /// The number of moves played.
    pub(crate) fn ply(&self) -> usize {
        self.moves.len()
    }

    pub(crate) fn moves(&self) -> &[V::Move] {
        &self.moves
    }

    pub(crate) fn hashes(&self) -> &[u64] {
        &self.hashes
    }

    /// Plays a legal move from the current position.
    #[inline]
    pub(crate) fn push_unchecked(&mut self, mv: V::Move) {
        self.make_room();
        let next = self.current().clone();
        self.recent.push_back(next);
        if let Some(next) = self.recent.back_mut() {
            next.play_unchecked(mv);
        }
        self.record(mv);
    }

    /// Makes `next`, the current position after the legal move `mv`, current.
    pub(crate) fn push_played(&mut self, mv: V::Move, next: V) {
        self.make_room();
        self.recent.push_back(next);
        self.record(mv);
    }

    /// Drops the oldest recent position when as many as [`Line::RECENT`] are held.
    #[inline]
    fn make_room(&mut self) {
        if self.recent.len() == Self::RECENT {
            self.recent.pop_front();
        }
    }

    #[inline]
    fn record(&mut self, mv: V::Move) {
        self.moves.push(mv);
        self.hashes.push(self.current().zobrist_hash());
        if self.moves.len().is_multiple_of(Self::INTERVAL) {
            self.checkpoints.push(self.current().clone());
        }
    }

    /// Takes back the last move and returns it; `None` at the start.
    #[inline]
    pub(crate) fn pop(&mut self) -> Option<V::Move> {
        let ply = self.moves.len();
        let mv = self.moves.pop()?;
        self.hashes.pop();
        if ply.is_multiple_of(Self::INTERVAL) {
            self.checkpoints.pop();
        }
        self.recent.pop_back();
        if self.recent.is_empty() {
            self.rebuild_recent(ply - 1);
        }
        Some(mv)
    }

    /// Replays the positions from the checkpoint at or before `ply` up to `ply` into the recent
    /// ones (none are held when this is called).
    #[cold]
    fn rebuild_recent(&mut self, ply: usize) {
        let base = ply / Self::INTERVAL * Self::INTERVAL;
        let mut position = self.checkpoints[ply / Self::INTERVAL].clone();
        for &mv in &self.moves[base..ply] {
            let next = position.clone();
            self.recent.push_back(position);
            position = next;
            position.play_unchecked(mv);
        }
        self.recent.push_back(position);
    }

    /// The position at `ply` if the line holds it whole (current, recent or a checkpoint).
    pub(crate) fn stored(&self, ply: usize) -> Option<&V> {
        let now = self.moves.len();
        let first_recent = now + 1 - self.recent.len();
        if (first_recent..=now).contains(&ply) {
            Some(&self.recent[ply - first_recent])
        } else if ply.is_multiple_of(Self::INTERVAL) && ply < now {
            Some(&self.checkpoints[ply / Self::INTERVAL])
        } else {
            None
        }
    }

    /// The position at `ply` (at most the current ply): stored, or replayed from the checkpoint
    /// before it.
    pub(crate) fn position_at(&self, ply: usize) -> V {
        if let Some(position) = self.stored(ply) {
            return position.clone();
        }
        let base = ply / Self::INTERVAL * Self::INTERVAL;
        let mut position = self.checkpoints[ply / Self::INTERVAL].clone();
        for &mv in &self.moves[base..ply] {
            position.play_unchecked(mv);
        }
        position
    }

    /// Every position from the start, replayed.
    pub(crate) fn positions(&self) -> Positions<'_, V> {
        Positions {
            next: Some(self.start().clone()),
            moves: self.moves.iter(),
        }
    }
}

/// The positions of a [`Game`](crate::Game), the start first and the current one last, replayed
/// from the start one move a step: from [`Game::positions_iter`](crate::Game::positions_iter).
#[derive(Clone, Debug)]
pub struct Positions<'a, V: Variant> {
    next: Option<V>,
    moves: core::slice::Iter<'a, V::Move>,
}

impl<V: Variant> Iterator for Positions<'_, V> {
    type Item = V;

    fn next(&mut self) -> Option<V> {
        let position = self.next.take()?;
        if let Some(&mv) = self.moves.next() {
            let mut after = position.clone();
            after.play_unchecked(mv);
            self.next = Some(after);
        }
        Some(position)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.moves.len() + usize::from(self.next.is_some());
        (n, Some(n))
    }
}

impl<V: Variant> ExactSizeIterator for Positions<'_, V> {}

impl<V: Variant> core::iter::FusedIterator for Positions<'_, V> {}
