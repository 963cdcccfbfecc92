//! Best-reply search for more than two sides in play (Schadd and Winands, "Best Reply Search
//! for Multiplayer Games", 2011): between two moves of the root team, only the single best
//! reply among all the other armies' moves is searched, and the others pass
//! ([`Variant::play_null`]).
//!
//! The paranoid search lets every army outside the root's team move in turn, each costing a ply:
//! with three armies a search of depth 6 sees the root army move twice. Here an opposing army
//! either replies (and the armies after it, up to the root team's turn, pass) or passes itself,
//! at no cost in depth, so that a later army replies instead; the last army before the root
//! team's turn may not pass. A round of root move and reply costs two plies, so the root army
//! sees further and its plans (a mate of one army, a capture the others could not all stop)
//! reach the horizon. An army in check cannot pass: it moves itself.
//!
//! Positions reached by a pass are real positions (the variant says what a pass leaves), so the
//! table, the evaluation and the rules' outcome work on them unchanged; no repetition is looked
//! for across a pass.

use hexvar_geometry::{Variant, VariantColor};

use super::{Inherited, Node, Searcher};
use crate::eval::{Activity, Kings};
use crate::repetition::Window;

impl<V: Variant> Searcher<'_, V> {
    /// Whether a node plays by best reply: the lever is on, more than two sides are in play and
    /// an army outside the root's team is to move.
    #[inline]
    pub(super) fn replies_best(&self, pos: &V, kings: &Kings) -> bool {
        self.levers.best_reply && kings.alive.count_ones() > 2 && !self.root_team(pos.turn())
    }

    /// After a reply: the armies after the one that replied pass until the root team is to move
    /// (an army in check moves itself). Whether any passed.
    pub(super) fn pass_to_root(&self, child: &mut V) -> bool {
        let mut passed = false;
        for _ in V::Color::ALL {
            if self.root_team(child.turn()) || !child.play_null() {
                break;
            }
            passed = true;
        }
        passed
    }

    /// The score of the army to move passing, so that a later army replies instead, searched at
    /// the node's depth (a pass is no ply); `None` where it may not pass (in check, or the root
    /// team would be next).
    pub(super) fn pass_reply(
        &mut self,
        pos: &V,
        node: &Node,
        alpha: i32,
        activity: &Activity,
        window: Window<'_, V>,
    ) -> Option<i32> {
        let mut passed = pos.clone();
        if !passed.play_null() || self.root_team(passed.turn()) {
            return None;
        }
        let inherited = Inherited {
            activity,
            window,
            zeroing: true,
            null: true,
        };
        let (depth, beta, ply) = (node.depth, node.beta, node.ply + 1);
        Some(self.child(pos, &passed, depth, alpha, beta, ply, inherited))
    }
}
