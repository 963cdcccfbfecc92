//! The attacks on the king's steps of the army that moves next, judged once in a perft node one
//! ply above the last and reused by the bulk count of each child: a step's attackers change only
//! when the move changes the men on a cell that watches it ([`ATTACK_WATCH`]).
//!
//! Why that is exact: the army's king does not move between the parent and its children (the
//! other army moved), its hostile armies are the same (eliminations come at the start of a
//! turn, and a child that needs one is counted afresh), and an ordinary move changes the men on
//! its origin and its target alone, unless it captures a power piece of an army with waiting
//! pawns (the oldest becomes the lost piece, a third cell): then the steps are judged afresh.

use crate::cells::{each_index, CellSet};
use crate::men::{Piece, Role};
use crate::position::{Position, NO_KING};
use crate::tables::{ATTACK_WATCH, KING_ATTACKS};

/// The steps of the next army's king that a live hostile man attacks, the king lifted, among
/// those judged: the steps that are targets now. (A step held by a team-mate or a king stays
/// no target after the other army's move, unless that move captured there: then the step is
/// the move's target, and left unjudged it is judged afresh.)
pub(crate) struct KingSteps {
    judged: CellSet,
    attacked: CellSet,
}

impl Position {
    /// The attacked steps of the king of the army that moves next ([`Position::next_live`]).
    pub(crate) fn next_army_king_steps(&self) -> KingSteps {
        let next = self.next_live().index();
        let (mut judged, mut attacked) = (CellSet::EMPTY, CellSet::EMPTY);
        if self.kings[next] != NO_KING {
            let k = self.kings[next] as usize;
            let kings = self.by_role[Role::King.index()];
            judged = KING_ATTACKS[k] - (self.friends_of(next) | kings);
            let hostile = self.hostile_to(next);
            let men = self.hostile_men(&hostile);
            let armies = self.hostile_armies(next);
            let lifted = self.occupied.without(k);
            each_index(&judged, |t| {
                if self.is_attacked_by(&men, armies, t, &lifted) {
                    attacked = attacked.with(t);
                }
            });
        }
        KingSteps { judged, attacked }
    }

    /// Whether a move onto `to` may turn a waiting pawn into a piece (it captures a man of an
    /// army with waiting pawns): a third cell changes, so the king's steps are judged afresh.
    #[inline]
    pub(crate) fn may_replace_a_waiting_pawn(&self, to: usize) -> bool {
        let victim = self.mailbox[to];
        victim != 0 && !self.waiting[Piece::from_code(victim).color.index()].is_empty()
    }
}

impl KingSteps {
    /// The steps among `steps` whose judgement stands after a move that changed the men on the
    /// cells `changed`, and of those the safe ones: `(standing, safe)`.
    #[inline(always)]
    pub(crate) fn standing(&self, steps: &CellSet, changed: [usize; 2]) -> (CellSet, CellSet) {
        let mut standing = CellSet::EMPTY;
        each_index(&(*steps & self.judged), |t| {
            let watch = &ATTACK_WATCH[t];
            if !watch.has(changed[0]) && !watch.has(changed[1]) {
                standing = standing.with(t);
            }
        });
        (standing, standing - self.attacked)
    }
}
