//! The engine a program holds: its options, its transposition table kept between searches, and
//! what a search reports ([`Info`] per finished iteration, [`SearchResult`] at the end).

use std::time::Duration;

use hexvar_geometry::{Game, Variant};

use crate::search;
use crate::tt::Table;
use crate::{Limits, MATE};

/// The engine's settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Options {
    /// The transposition table's size in MiB (at least 1; the largest power of two of entries
    /// that fits is used).
    pub hash_mb: usize,
    /// How many best lines the search reports, each with an exact score (1: the usual search;
    /// more costs time, since each line's move must be proved against the others).
    pub multi_pv: usize,
    /// How much the engine dislikes a draw, in centipawns: a draw by repetition on the search
    /// path is worth `-contempt` to the side that searches. On top of it the engine adds half its
    /// static advantage (up to a pawn) when it is ahead, so that the side ahead steers clear of
    /// repetitions and the side behind is glad of them. Negative values make draws welcome.
    /// Where the searching team does not hold half the armies in play (Kirby's three armies),
    /// the draw is worth a level standing less the contempt, and the advantage is counted from
    /// that standing: the evaluation counts every other army's men against the searching one's,
    /// so a level three-army game scores about minus one army's men, which a draw at 0 beat.
    pub contempt: i32,
    /// The search's optional parts: on by default those that measured a gain (the crate page
    /// lists the measurements), switched only to measure again.
    pub levers: Levers,
}

impl Default for Options {
    /// 16 MiB, one line, no contempt beyond the automatic one, the levers that measured a gain.
    fn default() -> Options {
        Options {
            hash_mb: 16,
            multi_pv: 1,
            contempt: 0,
            levers: Levers::default(),
        }
    }
}

/// The optional parts of the search, each measured against the search without it: on by default
/// only where that measured a gain.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Levers {
    /// Static exchange evaluation: captures that lose material are left out of the quiescence
    /// search and ordered after the killers in the main search.
    pub see: bool,
    /// Armies and lone kings in the evaluation: a living army is worth 400 centipawns to its
    /// coalition (eliminating one pays, where more than two play), and a king left alone
    /// against a coalition with the force to mate is driven to the rim with the nearest hunting
    /// king brought close. Off by default: no gain measured (two-army matches at 4000 nodes a
    /// move scored 50 % to 52.5 % against the search without it, and the three-army mate it was
    /// written for is not found either way).
    pub mating_drive: bool,
    /// Reverse futility pruning: a null-window node within three plies of the horizon, not in
    /// check, whose static score beats beta by 120 centipawns a ply left, fails high at once.
    /// Off: against the same build without it (Brusky, 20,000 nodes a move, 36 games) it
    /// scored 14/0/22, −79 Elo [−210, +34].
    pub futility: bool,
    /// Null-move pruning through [`Variant::play_null`](hexvar_geometry::Variant::play_null):
    /// at a null-window node 3 or more plies from the horizon, not in check and not reached by
    /// a pass, whose static score reaches beta, the side to move passes; when a search 3 plies
    /// shallower (one more every 6 plies left) still reaches beta, the node fails high. Never
    /// with king and pawns alone (zugzwang), nor while more than two sides are in play (Kirby),
    /// nor where the variant refuses the pass. Off: against the same build without it
    /// (Chessagon, whose helper's `play_null` was built in; 20,000 nodes a move, 52 games) it
    /// scored 24/3/25, −7 Elo [−101, +87]: no gain shown.
    pub null_move: bool,
    /// Men in hand ([`Variant::in_hand`](hexvar_geometry::Variant::in_hand): Dagger's
    /// knights) count in the evaluation at their values; without it a drop looks like a man
    /// gained. On: against the same build without it (Dagger, 20,000 nodes a move, 200 games)
    /// it scored 195/4/1, +727 Elo [+613, +1134] (pentanomial).
    pub hand: bool,
    /// Late move pruning: at a null-window node within three plies of the horizon, not in
    /// check, the quiet moves ordered after the first `3 + 2·depth²` (no capture, killer,
    /// pawn move or check among them) are not searched. On: against the same build without it
    /// (Brusky, 20,000 nodes a move, 200 games) it scored 111/4/85, +45 Elo [+3, +89]
    /// (pentanomial).
    pub late_move_pruning: bool,
    /// Late move reductions that grow with the depth left and the move's place in the order
    /// (`ln depth · ln index / 2`, one ply less at a principal-variation node) instead of one
    /// ply (two late in deep nodes). On: against the same build without it, both with late move
    /// pruning (Brusky, 20,000 nodes a move, 200 games) it scored 99/10/91, +14 Elo [−12, +40]
    /// (pentanomial): no loss shown, and the search reaches a ply deeper sooner.
    pub log_reductions: bool,
    /// A quiet move that did not cut off loses history when a later quiet move does, so that
    /// the history orders by success rate rather than by count. Off: against the same build
    /// without it, both with late move pruning and logarithmic reductions (Brusky, 20,000 nodes
    /// a move, 200 games) it scored 99/9/92, +12 Elo [−25, +50] (pentanomial), no gain shown;
    /// and with it the reductions and pruning hide a Dagger mate in 3 at depth 7 (the engine's
    /// mates data, line 177).
    pub history_malus: bool,
    /// Aspiration windows: with one line asked, each iteration from the fourth is searched
    /// first within 35 centipawns of the last one's score, and searched again with the window
    /// opened on the side it failed (twice as wide each time, fully past 500). On: against the
    /// same build without it (20,000 nodes a move) it scored, in Chessagon, 75/2/43 over 120
    /// games, +95 Elo [+33, +163] (with quiescence promotions); in Brusky 99/7/94 over 200
    /// (about +9), 102/5/93 over 200 in the seventh session (+16 [−21, +53], pentanomial).
    pub aspiration: bool,
    /// The transposition table in the quiescence search: an entry of any depth whose bound
    /// settles a quiescence node ends it, the entry's move is tried first, and a quiescence
    /// node's score is kept at depth 0. Off: not measured in a match; the start of Brusky to
    /// depth 7 takes 13 % fewer nodes (2,248,886 → 1,946,536) but no less CPU time.
    pub quiescence_table: bool,
    /// Best-reply search while more than two sides are in play (Kirby's three or more armies):
    /// between two moves of the root team only the best single reply among all other armies
    /// is searched, the others passing, instead of every army in turn (the paranoid search).
    /// Off: against two a57ce48 armies (Kirby `3p`, 10,000 nodes a move, 60 games, seats
    /// rotated) it scored 9/28/23 for the engine's army, the paranoid search 13/27/20.
    pub best_reply: bool,
    /// Passed pawns in the evaluation (two sides in play): a pawn that no hostile pawn nearer
    /// its promotion stands within reach of is worth 10 to 150 centipawns more by its moves
    /// left to promotion, tapered in with the endgame. Off: against the same build without it
    /// (Chessagon, 20,000 nodes a move, 120 games) it scored 61/1/58, +9 Elo [−54, +72]: no
    /// gain shown.
    pub passed_pawns: bool,
    /// Promotions in the quiescence search: a pawn's quiet move from a cell one move from
    /// promotion is searched there as a capture of the promotion's gain would be (so a pawn
    /// about to promote is not judged as if it stood still). On: against the same build without
    /// it (Chessagon, 20,000 nodes a move, 120 games) it scored 72/2/46, +77 Elo [+15, +143]
    /// (pentanomial [+30, +126]).
    pub quiescence_promotions: bool,
    /// Reverse futility pruning ([`Levers::futility`]) on wide boards alone: boards of
    /// [`WIDE_BOARD_CELLS`] cells or more (Kirby's 313; the other variants have 39 to 169),
    /// however many sides are in play. Where a man has dozens of moves the nodes near the
    /// horizon whose static score stands far above beta are many and seldom refuted.
    /// On: against the same build without it (Kirby two armies, 20,000 nodes a move, 120
    /// games) it scored 66/15/39, +80 Elo [+22, +142] (pentanomial [+27, +136]); at 100 ms a
    /// move against a57ce48 76.0 % with it, 58.5 % without (100 games). In three armies
    /// (the paranoid search, where the root army faces the coalition of the others) at 100 ms
    /// a move against two a57ce48 armies: 104/110/26 over 240 games, 66.2 % (65.0 % over 480
    /// games with the two matches of the same search played as `Futility=true`), against
    /// 57.1 % over 120 games without it.
    pub wide_futility: bool,
}

/// The fewest cells of a *wide* board ([`Levers::wide_futility`]): Kirby's 313 cells are wide,
/// C'escacs's 169 are not.
pub const WIDE_BOARD_CELLS: usize = 200;

impl Default for Levers {
    fn default() -> Levers {
        Levers {
            see: true,
            mating_drive: false,
            futility: false,
            null_move: false,
            hand: true,
            late_move_pruning: true,
            log_reductions: true,
            history_malus: false,
            aspiration: true,
            quiescence_table: false,
            best_reply: false,
            passed_pawns: false,
            quiescence_promotions: true,
            wide_futility: true,
        }
    }
}

/// A score from the view of the side to move (in Kirby, its team).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// An evaluation in centipawns (a pawn is about 100).
    Centipawns(i32),
    /// The side to move mates in this many plies (its own moves and the others').
    MateIn(u32),
    /// The side to move is mated in this many plies (0: it is mated now).
    MatedIn(u32),
}

impl Score {
    /// The score of the search's internal scale (`MATE - n` for a mate in `n` plies).
    pub(crate) fn from_internal(score: i32) -> Score {
        let bound = MATE - crate::MAX_PLY as i32;
        if score > bound {
            Score::MateIn((MATE - score) as u32)
        } else if score < -bound {
            Score::MatedIn((MATE + score) as u32)
        } else {
            Score::Centipawns(score)
        }
    }
}

/// One line of a search: a root move, its score and the principal variation it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line<M> {
    /// The score of the line from the side to move's view.
    pub score: Score,
    /// The moves of the line, the root move first.
    pub pv: Vec<M>,
}

/// What a search reports after each finished iteration, once per line (with
/// [`Options::multi_pv`] lines).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info<M> {
    /// The iteration's depth, in plies of the main search.
    pub depth: u32,
    /// The deepest ply any node of the search reached (quiescence included).
    pub seldepth: u32,
    /// Which line, from 1 (the best).
    pub multipv: usize,
    /// The line.
    pub line: Line<M>,
    /// Nodes visited so far in this search.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Per mille of the transposition table written by this search (sampled).
    pub hashfull: u32,
    /// The time since the search started.
    pub time: Duration,
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play; `None` when the game is over (no legal move, or a draw the game has
    /// declared).
    pub best: Option<M>,
    /// Its score from the view of the side to move (its team in Kirby).
    pub score: Score,
    /// The best lines, best first (as many as [`Options::multi_pv`] asks and the position has
    /// moves; empty when the game is over); the first line starts with `best`.
    pub lines: Vec<Line<M>>,
    /// The deepest iteration that finished.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// Nodes visited (main and quiescence search).
    pub nodes: u64,
}

/// The engine for one variant: options and a transposition table that lives from one search to
/// the next. One search runs at a time, on the caller's thread (see the crate page for why one
/// thread); a program that thinks in the background moves the engine to a thread and raises
/// the stop flag of [`Limits`] from another.
///
/// ```
/// use hexvar_engine::{Engine, Limits, Options, Score};
/// use hexvar_geometry::Game;
///
/// let mut engine = Engine::<hexvar_dagger::Position>::new(Options::default());
/// let game = Game::new();
/// let mut depths = Vec::new();
/// let found = engine.search_with_info(&game, &Limits::depth(3), |info| depths.push(info.depth));
/// assert_eq!(depths, [1, 2, 3]);
/// assert_eq!(found.depth, 3);
/// assert!(matches!(found.score, Score::Centipawns(_)));
/// assert!(game.position().legal_moves().contains(&found.best.unwrap()));
/// ```
pub struct Engine<V: Variant> {
    options: Options,
    table: Table<V::Move>,
}

impl<V: Variant> Engine<V> {
    /// An engine with these options (a `multi_pv` of 0 counts as 1). The variant's tables are
    /// measured here (once per process and variant, 10–200 ms), not in the first search: a
    /// protocol program makes its engine before `isready` is answered, so the first move of a
    /// game under a time limit no longer spends its time on them.
    pub fn new(options: Options) -> Engine<V> {
        crate::knowledge::knowledge::<V>();
        let options = Options {
            multi_pv: options.multi_pv.max(1),
            ..options
        };
        Engine {
            table: Table::with_megabytes(options.hash_mb),
            options,
        }
    }

    /// The options.
    pub fn options(&self) -> Options {
        self.options
    }

    /// Changes the options; a new hash size allocates a new (empty) table.
    pub fn set_options(&mut self, options: Options) {
        if options.hash_mb != self.options.hash_mb {
            self.table = Table::with_megabytes(options.hash_mb);
        }
        self.options = Options {
            multi_pv: options.multi_pv.max(1),
            ..options
        };
    }

    /// Forgets what earlier searches stored: the next search starts as on a fresh engine.
    pub fn new_game(&mut self) {
        self.table.clear();
    }

    /// Searches the game's current position within `limits`. The game's history counts for
    /// repetitions. A finished game ([`Game::outcome`]) has no best move.
    pub fn search(&mut self, game: &Game<V>, limits: &Limits) -> SearchResult<V::Move> {
        self.search_with_info(game, limits, |_| {})
    }

    /// [`search`](Engine::search), calling `on_info` after each finished iteration once per
    /// line.
    pub fn search_with_info(
        &mut self,
        game: &Game<V>,
        limits: &Limits,
        mut on_info: impl FnMut(&Info<V::Move>),
    ) -> SearchResult<V::Move> {
        self.table.next_generation();
        search::run(&mut self.table, &self.options, game, limits, &mut on_info)
    }
}

impl<V: Variant> Default for Engine<V> {
    fn default() -> Engine<V> {
        Engine::new(Options::default())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_from_the_internal_scale() {
        assert_eq!(Score::from_internal(35), Score::Centipawns(35));
        assert_eq!(Score::from_internal(MATE - 3), Score::MateIn(3));
        assert_eq!(Score::from_internal(-MATE), Score::MatedIn(0));
        assert_eq!(Score::from_internal(-(MATE - 2)), Score::MatedIn(2));
    }
}
