//! The cells that watch a cell: where a man may stand to attack it, or to block a line to it.

use hexvar_geometry::table::NO_CELL;

use super::graph::{GRAPH_CONST, SLOTS};
use super::leapers::KNIGHT_CONST;
use super::pawns::PAWN_ATTACKERS_CONST;
use crate::cells::{CellSet, CELLS};

/// `ATTACK_WATCH[cell]`: the cells of every line from `cell` (its king steps among them), its
/// knight leaps (an Amazon's too), and the cells of the pawns of any army that capture on it.
/// A move that changes the men on none of these cells leaves the attackers of `cell` as they
/// were: a leaper or pawn attacks from one of them, a slider from a line whose cells between
/// are all among them.
pub(crate) const ATTACK_WATCH: &[CellSet; CELLS] = &{
    let mut out = [CellSet::EMPTY; CELLS];
    let mut c = 0;
    while c < CELLS {
        let mut set = KNIGHT_CONST[c].union(&PAWN_ATTACKERS_CONST[c]);
        let mut slot = 0;
        while slot < SLOTS {
            let mut at = GRAPH_CONST[c][slot];
            while at != NO_CELL {
                set = set.with(at as usize);
                at = GRAPH_CONST[at as usize][slot];
            }
            slot += 1;
        }
        out[c] = set;
        c += 1;
    }
    out
};
