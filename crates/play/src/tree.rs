//! The game the board holds: geometry's [`GameTree`] for every line played or read (variations,
//! comments, glyphs) and its main line as a [`Game`] under the rules. The main line is the game:
//! its outcome, draws and result are the game's. A move made from any other position of the tree
//! makes the line to that position the main line and the move its continuation; what the main
//! line was stays in the tree as a variation, so nothing played is thrown away.
//!
//! Nodes are named by their place in a walk of the tree (the root 0, then each node before its
//! variations, a node's first variation first): the numbers of the tree as last shown, which
//! change when the tree does.

use std::collections::HashMap;

use hexvar_engine::annotate::{annotate, AnnotateOptions};
use hexvar_engine::{Engine, Limits, Options};
use hexvar_geometry::{Game, GameTree, NodeId, Variant};
use serde::{Deserialize, Serialize};

use crate::game::{self, BoardView, Declared, GameError, GameState, PlayGame};

/// A move of the game's tree as the page lists it.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct NodeView {
    /// Its number in the tree as shown (0: the start).
    pub id: usize,
    /// The node its move is played from (`null` at the start).
    pub parent: Option<usize>,
    /// The moves from here: the first continues the line, the others are variations.
    pub children: Vec<usize>,
    /// How many moves lead to it from the start.
    pub ply: usize,
    /// Its move in SAN (empty at the start).
    pub san: String,
    /// Its move in the variant's notation (empty at the start).
    pub notation: String,
    /// The side (army) that plays its move (empty at the start).
    pub side: String,
    /// The comment after its move (at the start: before the first move).
    pub comment: String,
    /// The comment before its move, where it starts a variation.
    pub starting_comment: String,
    /// Its numeric annotation glyphs (`2` is `?`, `4` is `??`).
    pub nags: Vec<u8>,
    /// Whether it is on the main line (the game).
    pub main: bool,
}

/// A game of one variant with its variations: see the [module](self).
#[derive(Clone)]
pub struct TreeGame<V: Variant> {
    tree: GameTree<V>,
    /// The main line under the rules.
    game: Game<V>,
    /// A game with no moves under the same rules (a repetition option), to replay lines on.
    rules: Game<V>,
}

impl<V: Variant> TreeGame<V> {
    /// The tree of a game with no variations yet (the game's tags kept).
    pub fn new(game: Game<V>) -> Self {
        let mut rules = game.clone();
        while rules.undo().is_some() {}
        TreeGame {
            tree: GameTree::from(&game),
            game,
            rules,
        }
    }

    /// The game of a tree read from a record, under `rules` (a game with no moves, carrying the
    /// repetition option): its main line replayed, and the result the record declares (a draw
    /// claimed or agreed, a win the moves do not give) kept.
    pub fn from_tree(tree: GameTree<V>, rules: Game<V>) -> Result<Self, String> {
        let settled = tree.to_game().map_err(|e| e.to_string())?;
        let mut game = replay(&rules, &tree.mainline_moves()).map_err(|e| e.to_string())?;
        for (name, value) in settled.tags() {
            // The tags were checked when read.
            let _ = game.set_tag(name, value);
        }
        if game.outcome().is_none() {
            match game::declared_of(&settled) {
                Some(Declared::Agreement) => {
                    game.agree_draw();
                }
                Some(Declared::Claim) => {
                    game.claim_draw();
                }
                None => {}
            }
        }
        Ok(TreeGame { tree, game, rules })
    }

    /// The main line as a [`Game`].
    pub fn game(&self) -> &Game<V> {
        &self.game
    }

    /// The tree, its `Result` tag the game's.
    pub fn tree(&self) -> GameTree<V> {
        let mut tree = self.tree.clone();
        // A result token is a value a record can hold.
        let _ = tree.set_tag("Result", &self.game.result_token());
        tree
    }

    /// The nodes in the order that numbers them.
    fn order(&self) -> Vec<NodeId> {
        let mut order = Vec::new();
        let mut pending = vec![self.tree.root()];
        while let Some(id) = pending.pop() {
            order.push(id);
            pending.extend(self.tree.node(id).variations().iter().rev());
        }
        order
    }

    /// The node numbered `index`.
    fn node_at(&self, index: usize) -> Option<NodeId> {
        self.order().get(index).copied()
    }

    /// The last node of the main line (the root before any move).
    fn live(&self) -> NodeId {
        self.tree.mainline().last().unwrap_or(self.tree.root())
    }

    /// The line from the start to `id` played under the rules.
    fn line(&self, id: NodeId) -> Result<Game<V>, GameError> {
        replay(&self.rules, &self.tree.moves_to(id)).map_err(|e| GameError::Finished(e.to_string()))
    }

    fn board(&self, id: NodeId, index: usize) -> Result<BoardView, GameError> {
        let line = self.line(id)?;
        let last = self.tree.node(id).parent().and_then(|parent| {
            let before = self.tree.position(parent);
            let mv = self.tree.node(id).mv()?;
            Some(game::move_view(&before, mv, before.san(mv).into_string()))
        });
        let mut board = game::board_view(line.position(), line.ply(), last);
        board.node = index;
        board.outcome = game::outcome_view(&line);
        if board.outcome.is_none() {
            board.moves = game::legal_views(line.position());
        }
        Ok(board)
    }

    /// Plays `mv` from `id` (not the live end): see the [module](self).
    fn branch(&mut self, id: NodeId, text: &str) -> Result<(), GameError> {
        let line = self.line(id)?;
        if let Some(outcome) = line.outcome() {
            return Err(GameError::Finished(outcome.to_string()));
        }
        let mv = game::parse_move(line.position(), text)?;
        let mut tree = self.tree.clone();
        let mut path = vec![id];
        while let Some(parent) = tree.node(*path.last().unwrap_or(&id)).parent() {
            path.push(parent);
        }
        for &node in path.iter().rev() {
            tree.promote_to_main(node);
        }
        let child = tree
            .add_variation(id, mv)
            .map_err(|e| GameError::IllegalMove(e.to_string()))?;
        tree.promote_to_main(child);
        if tree.mainline_moves() == self.tree.mainline_moves() {
            // The move the game already has there: the game (a declared draw included) stays.
            self.tree = tree;
            return Ok(());
        }
        let game = replay(&self.rules, &tree.mainline_moves()).map_err(|e| {
            GameError::Finished(format!("that line goes on after the game ended: {e}"))
        })?;
        self.tree = tree;
        self.game = game;
        Ok(())
    }

    /// The tree without the subtree at `cut`, comments, glyphs and tags kept.
    fn without(&self, cut: NodeId) -> GameTree<V> {
        let mut tree = GameTree::from_position(self.tree.start_position().clone());
        for (name, value) in self.tree.tags() {
            // The start's own tags are already there; the others were checked when set.
            let _ = tree.set_tag(name, value);
        }
        let mut pending = vec![(self.tree.root(), tree.root())];
        while let Some((old, new)) = pending.pop() {
            let node = self.tree.node(old);
            let copy = tree.node_mut(new);
            copy.comment.clone_from(&node.comment);
            copy.starting_comment.clone_from(&node.starting_comment);
            copy.nags.clone_from(&node.nags);
            for &child in node.variations() {
                let Some(mv) = self.tree.node(child).mv() else {
                    continue;
                };
                if child == cut {
                    continue;
                }
                // Legal: it was legal in the same line of the tree copied.
                if let Ok(added) = tree.add_variation(new, mv) {
                    pending.push((child, added));
                }
            }
        }
        tree
    }
}

/// `moves` played on a copy of `rules` (a game with no moves).
fn replay<V: Variant>(
    rules: &Game<V>,
    moves: &[V::Move],
) -> Result<Game<V>, hexvar_geometry::GameError<V>> {
    let mut game = rules.clone();
    for &mv in moves {
        game.play(mv)?;
    }
    Ok(game)
}

impl<V: Variant> PlayGame for TreeGame<V> {
    fn variant(&self) -> &'static str {
        V::NAME
    }

    fn ply(&self) -> usize {
        self.game.ply()
    }

    fn outcome_text(&self) -> Option<String> {
        self.game.outcome().map(|o| o.to_string())
    }

    fn state(&self) -> GameState {
        let mut state = game::state_of(&self.game);
        let order = self.order();
        let live = self.live();
        state.board.node = order.iter().position(|&id| id == live).unwrap_or(0);
        state.nodes = node_views(&self.tree, &order);
        state
    }

    fn board_at(&self, ply: usize) -> Option<BoardView> {
        let id = match ply {
            0 => self.tree.root(),
            _ => self.tree.mainline().nth(ply - 1)?,
        };
        let index = self.order().iter().position(|&n| n == id)?;
        self.board(id, index).ok()
    }

    fn board_at_node(&self, node: usize) -> Option<BoardView> {
        self.board(self.node_at(node)?, node).ok()
    }

    fn play_text(&mut self, text: &str) -> Result<(), GameError> {
        if let Some(outcome) = self.game.outcome() {
            return Err(GameError::Finished(outcome.to_string()));
        }
        let mv = game::parse_move(self.game.position(), text)?;
        let live = self.live();
        self.game.play(mv).map_err(|e| match e {
            hexvar_geometry::GameError::IllegalMove(e) => GameError::IllegalMove(e.to_string()),
            hexvar_geometry::GameError::Finished(o) => GameError::Finished(o.to_string()),
        })?;
        // Legal: the game just played it.
        let _ = self.tree.add_variation(live, mv);
        Ok(())
    }

    fn play_from(&mut self, node: usize, text: &str) -> Result<(), GameError> {
        let id = self
            .node_at(node)
            .ok_or_else(|| GameError::UnknownNode(node.to_string()))?;
        if id == self.live() {
            self.play_text(text)
        } else {
            self.branch(id, text)
        }
    }

    fn undo(&mut self, plies: usize) -> Result<(), GameError> {
        let played = self.game.ply();
        if plies == 0 || plies > played {
            return Err(GameError::NothingToUndo);
        }
        let cut = match self.tree.mainline().nth(played - plies) {
            Some(cut) => cut,
            None => return Err(GameError::NothingToUndo),
        };
        let parent = self.tree.node(cut).parent().unwrap_or(self.tree.root());
        if self.tree.node(parent).variations().len() > 1 {
            return Err(GameError::Variations(played - plies));
        }
        let tree = self.without(cut);
        self.game = replay(&self.rules, &tree.mainline_moves())
            .map_err(|e| GameError::Finished(e.to_string()))?;
        self.tree = tree;
        Ok(())
    }

    fn claim_draw(&mut self) -> Result<String, GameError> {
        game::claim(&mut self.game)
    }

    fn agree_draw(&mut self) -> Result<(), GameError> {
        game::agree(&mut self.game)
    }

    fn declared(&self) -> Option<Declared> {
        game::declared_of(&self.game)
    }

    fn record(&self) -> String {
        self.tree().to_record()
    }

    fn opponent_move(&self, limits: &Limits) -> Option<String> {
        if self.game.outcome().is_some() {
            return None;
        }
        Engine::<V>::new(Options::default())
            .search(&self.game, limits)
            .best
            .map(|mv| mv.to_string())
    }

    fn annotated(&self, limits: &Limits) -> Box<dyn PlayGame> {
        let mut engine = Engine::<V>::new(Options::default());
        let options = AnnotateOptions {
            limits: limits.clone(),
            ..AnnotateOptions::default()
        };
        let mut out = self.clone();
        out.tree = annotate(&mut engine, &self.tree, &options);
        Box::new(out)
    }

    fn warnings(&self) -> Vec<String> {
        self.tree.warnings().iter().map(|w| w.to_string()).collect()
    }

    fn clone_box(&self) -> Box<dyn PlayGame> {
        Box::new(self.clone())
    }
}

/// The nodes of `tree` as the page lists them, numbered by `order`.
fn node_views<V: Variant>(tree: &GameTree<V>, order: &[NodeId]) -> Vec<NodeView> {
    let index: HashMap<NodeId, usize> = order.iter().enumerate().map(|(i, &id)| (id, i)).collect();
    let main: std::collections::HashSet<NodeId> = tree.mainline().collect();
    let mut views: Vec<Option<NodeView>> = vec![None; order.len()];
    // Each node with the position before its move.
    let mut pending = vec![(tree.root(), tree.start_position().clone(), 0)];
    while let Some((id, before, ply)) = pending.pop() {
        let node = tree.node(id);
        let mut after = before.clone();
        let (san, notation, side) = match node.mv() {
            Some(mv) => {
                after.play_unchecked(mv);
                (
                    before.san(mv).into_string(),
                    mv.to_string(),
                    before.turn().to_string(),
                )
            }
            None => Default::default(),
        };
        for &child in node.variations() {
            pending.push((child, after.clone(), ply + 1));
        }
        views[index[&id]] = Some(NodeView {
            id: index[&id],
            parent: node.parent().map(|p| index[&p]),
            children: node.variations().iter().map(|c| index[c]).collect(),
            ply,
            san,
            notation,
            side,
            comment: node.comment.clone(),
            starting_comment: node.starting_comment.clone(),
            nags: node.nags.clone(),
            main: id == tree.root() || main.contains(&id),
        });
    }
    views.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    type Dagger = hexvar_dagger::Position;

    fn played(moves: &[&str]) -> TreeGame<Dagger> {
        let mut game = TreeGame::new(Game::<Dagger>::new());
        for mv in moves {
            game.play_text(mv).unwrap();
        }
        game
    }

    /// A legal move at node `node` other than `not`, in SAN.
    fn other_move(game: &TreeGame<Dagger>, node: usize, not: &str) -> String {
        let board = game.board_at_node(node).unwrap();
        let mv = board.moves.iter().find(|m| m.san != not).unwrap();
        mv.san.clone()
    }

    fn sans(game: &TreeGame<Dagger>) -> Vec<String> {
        game.game
            .san_moves()
            .iter()
            .map(|s| s.to_string())
            .collect()
    }

    #[test]
    fn a_move_from_an_earlier_position_keeps_the_old_line_as_a_variation() {
        let mut game = played(&["df1", "g2", "Bd1", "Bj1"]);
        let after_two = game.board_at(2).unwrap().node;
        let other = other_move(&game, after_two, "Bd1");
        game.play_from(after_two, &other).unwrap();
        assert_eq!(sans(&game), ["df1", "g2", other.as_str()]);
        let record = game.record();
        assert!(
            record.contains(&format!("{other} (2. Bd1 Bj1)")),
            "{record}"
        );
        let nodes = game.state().nodes;
        assert_eq!(nodes.len(), 6);
        let old: Vec<&str> = nodes
            .iter()
            .filter(|n| !n.main)
            .map(|n| n.san.as_str())
            .collect();
        assert_eq!(old, ["Bd1", "Bj1"]);
        // A move from the old line's end: it is the game again, the other move its variation.
        let bj1 = nodes.iter().find(|n| n.san == "Bj1").unwrap().id;
        let next = other_move(&game, bj1, "");
        game.play_from(bj1, &next).unwrap();
        assert_eq!(sans(&game), ["df1", "g2", "Bd1", "Bj1", next.as_str()]);
        let record = game.record();
        assert!(
            record.contains(&format!("Bd1 (2. {other}) 2... Bj1")),
            "{record}"
        );
        // A move from an earlier position that the line already holds: nothing new.
        game.play_from(0, "df1").unwrap();
        assert_eq!(game.record(), record);
        // Nor when the game was drawn by agreement: the draw stays.
        game.agree_draw().unwrap();
        game.play_from(0, "df1").unwrap();
        assert_eq!(game.declared(), Some(Declared::Agreement));
    }

    #[test]
    fn undo_refuses_to_end_the_game_where_variations_branch() {
        let mut game = played(&["df1", "g2", "Bd1", "Bj1"]);
        let other = other_move(&game, 0, "df1");
        game.play_from(0, &other).unwrap();
        let reply = other_move(&game, game.board_at(1).unwrap().node, "");
        game.play_text(&reply).unwrap();
        assert_eq!(game.undo(2), Err(GameError::Variations(0)));
        assert_eq!(game.ply(), 2, "unchanged");
        game.undo(1).unwrap();
        assert_eq!(sans(&game), [other.as_str()]);
        assert_eq!(game.state().nodes.len(), 6, "the variation stays");
        assert_eq!(
            game.play_from(99, "df1"),
            Err(GameError::UnknownNode("99".into()))
        );
    }

    #[test]
    fn a_record_with_variations_and_comments_reads_and_writes_back() {
        let mut game = played(&["df1", "g2", "Bd1"]);
        let other = other_move(&game, 1, "g2");
        game.play_from(1, &other).unwrap();
        let first = game.tree.mainline().next().unwrap();
        game.tree.node_mut(first).comment = "the usual start".to_string();
        game.tree.node_mut(first).nags.push(1);
        let record = game.record();
        let tree = GameTree::<Dagger>::from_record(&record).unwrap();
        let read = TreeGame::from_tree(tree, Game::new()).unwrap();
        assert_eq!(read.record(), record);
        assert_eq!(read.state().nodes, game.state().nodes);
    }
}
