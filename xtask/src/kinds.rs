//! Perft leaves split by what the last move does: captures (from the trait's `captured`), checks
//! and mates (the position after it), and the special moves each crate's `Move` names (en
//! passant, castling, promotion, Dagger's entries and drops, C'escacs's scornful captures and
//! in-place promotions, Kirby's relocations). The split at the root merges transpositions, so
//! a deep count plays every leaf of only the distinct subtrees.

use hexvar_geometry::hash_perft::split_positions;
use hexvar_geometry::Variant;

/// A special move's kind, as one of the crates' `Move` variants says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    EnPassant,
    Castle,
    /// Dagger's knight entering the board or dropped from the hand.
    Drop,
    /// Kirby's relocation of a King.
    Relocation,
    /// C'escacs's scornful pawn capture.
    Scornful,
}

impl Kind {
    const ALL: [Kind; 5] = [
        Kind::EnPassant,
        Kind::Castle,
        Kind::Drop,
        Kind::Relocation,
        Kind::Scornful,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Kind::EnPassant => "e.p.",
            Kind::Castle => "castles",
            Kind::Drop => "drops",
            Kind::Relocation => "relocations",
            Kind::Scornful => "scornful",
        }
    }
}

/// What a move is, beyond what the trait says: its special kind, if any, and whether it
/// promotes.
pub trait MoveKinds: Variant {
    /// The kinds this variant's moves can have (the columns of its table).
    const KINDS: &'static [Kind];
    fn kind(mv: Self::Move) -> Option<Kind>;
    fn promotes(mv: Self::Move) -> bool;
}

/// The leaf counts of a perft, split by the last move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct KindCounts {
    pub nodes: u64,
    pub captures: u64,
    pub promotions: u64,
    pub checks: u64,
    pub mates: u64,
    special: [u64; Kind::ALL.len()],
}

impl KindCounts {
    pub fn special(&self, kind: Kind) -> u64 {
        self.special[kind as usize]
    }

    fn add_scaled(&mut self, other: &KindCounts, times: u64) {
        self.nodes += other.nodes * times;
        self.captures += other.captures * times;
        self.promotions += other.promotions * times;
        self.checks += other.checks * times;
        self.mates += other.mates * times;
        for (mine, theirs) in self.special.iter_mut().zip(other.special) {
            *mine += theirs * times;
        }
    }

    /// The columns of a table row, in [`KindCounts::header`]'s order.
    pub fn columns<V: MoveKinds>(&self) -> Vec<u64> {
        let mut cells = vec![self.nodes, self.captures];
        cells.extend(V::KINDS.iter().map(|&k| self.special(k)));
        cells.extend([self.promotions, self.checks, self.mates]);
        cells
    }

    pub fn header<V: MoveKinds>() -> Vec<&'static str> {
        let mut names = vec!["nodes", "captures"];
        names.extend(V::KINDS.iter().map(|k| k.name()));
        names.extend(["promotions", "checks", "mates"]);
        names
    }
}

/// The leaves `depth` plies below `pos` by kind: the tree split after `plies` plies
/// (transpositions merged with their multiplicity), the distinct subtrees counted on `threads`
/// threads.
pub fn kind_perft<V: MoveKinds>(pos: &V, depth: u32, plies: u32, threads: usize) -> KindCounts {
    hexvar_geometry::perft::check_depth(depth);
    if depth == 0 {
        return KindCounts {
            nodes: 1,
            ..KindCounts::default()
        };
    }
    // The last ply is never split: its moves are what is counted.
    let plies = plies.min(depth - 1);
    let jobs = split_positions(pos, plies);
    let next = std::sync::atomic::AtomicUsize::new(0);
    let worker = || {
        let mut counts = KindCounts::default();
        while let Some((p, times)) =
            jobs.get(next.fetch_add(1, std::sync::atomic::Ordering::Relaxed))
        {
            let mut below = KindCounts::default();
            count_below(p, depth - plies, &mut below);
            counts.add_scaled(&below, *times);
        }
        counts
    };
    std::thread::scope(|scope| {
        let handles: Vec<_> = (1..threads.max(1)).map(|_| scope.spawn(worker)).collect();
        let mut total = worker();
        for handle in handles {
            let part = handle
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e));
            total.add_scaled(&part, 1);
        }
        total
    })
}

fn count_below<V: MoveKinds>(pos: &V, depth: u32, counts: &mut KindCounts) {
    let moves = pos.legal_moves();
    for &mv in moves.iter() {
        let mut child = pos.clone();
        child.play_unchecked(mv);
        if depth > 1 {
            count_below(&child, depth - 1, counts);
            continue;
        }
        counts.nodes += 1;
        counts.captures += u64::from(pos.captured(mv).is_some());
        counts.promotions += u64::from(V::promotes(mv));
        if let Some(kind) = V::kind(mv) {
            counts.special[kind as usize] += 1;
        }
        if child.is_check() {
            counts.checks += 1;
            counts.mates += u64::from(child.legal_move_count() == 0);
        }
    }
}

mod variants {
    use super::{Kind, MoveKinds};

    /// [`MoveKinds`] for a variant crate: each special kind with the `Move` patterns that have
    /// it (in the order of its table's columns; other moves have none), and the promotions.
    macro_rules! move_kinds {
        ($krate:ident: $($pattern:pat => $kind:ident),+; promotes $promotes:pat) => {
            impl MoveKinds for $krate::Position {
                const KINDS: &'static [Kind] = &[$(Kind::$kind),+];
                fn kind(mv: $krate::Move) -> Option<Kind> {
                    use $krate::Move;
                    match mv {
                        $($pattern => Some(Kind::$kind),)+
                        #[allow(unreachable_patterns)]
                        _ => None,
                    }
                }
                fn promotes(mv: $krate::Move) -> bool {
                    use $krate::Move;
                    matches!(mv, $promotes)
                }
            }
        };
    }

    move_kinds!(hexvar_brusky:
        Move::EnPassant { .. } => EnPassant, Move::Castle { .. } => Castle;
        promotes Move::Normal { promotion: Some(_), .. });
    move_kinds!(hexvar_chessagon:
        Move::EnPassant { .. } => EnPassant, Move::Castle { .. } => Castle;
        promotes Move::Promotion { .. });
    move_kinds!(hexvar_dagger:
        Move::EnPassant { .. } => EnPassant, Move::Entry { .. } | Move::Drop { .. } => Drop;
        promotes Move::Promotion { .. });
    move_kinds!(hexvar_cescacs:
        Move::EnPassant { .. } => EnPassant,
        Move::Scornful { .. } => Scornful,
        Move::Castle { .. } => Castle;
        promotes Move::Normal { promotion: Some(_), .. }
            | Move::Scornful { promotion: Some(_), .. }
            | Move::Promote { .. });
    move_kinds!(hexvar_kirby:
        Move::Castle { .. } => Castle, Move::Relocate { .. } => Relocation;
        promotes Move::Normal { promotion: Some(_), .. });
}
