//! A game as players and analysts keep it: the moves played and the lines considered
//! (variations, nested), comments before and after moves, numeric annotation glyphs, and the
//! record's tags in their order. [`Game`] stays the fast type for the moves played alone; a tree
//! converts to and from it ([`GameTree::to_game`], [`GameTree::from`]).
//!
//! The shape is python-chess's `GameNode`: every node but the root holds a move; a node's first
//! variation continues its line (the main line from the root), the others are alternatives to that
//! first one. A node's `comment` follows its move; `starting_comment` comes before the move of a
//! node that starts a variation (any variation but a node's first); the root's `comment` comes
//! before the game's first move. The nodes live in one arena, reached by [`NodeId`], so that no
//! walk of a tree (writing, comparing, dropping) recurses over a line's length.
//!
//! ```
//! # use hexvar_geometry::{GameTree, Variant};
//! # fn demo<V: Variant>(text: &str) -> Result<(), Box<dyn std::error::Error>> {
//! let tree = GameTree::<V>::from_record(text)?;
//! for id in tree.mainline() {
//!     println!("{} {:?}", tree.node(id).comment, tree.node(id).nags);
//! }
//! let game = tree.to_game()?; // the main line, as a Game
//! assert_eq!(GameTree::<V>::from_record(&tree.to_record())?, tree);
//! # Ok(()) }
//! ```

use core::fmt;

use crate::record_report::RecordWarning;
use crate::tags::ROSTER;
use crate::{Game, Variant};

/// A node's place in its [`GameTree`]'s arena.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(usize);

/// One node of a [`GameTree`]: the move that reaches it (none at the root), its annotations and
/// its variations.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Node<M> {
    mv: Option<M>,
    parent: Option<NodeId>,
    variations: Vec<NodeId>,
    /// The comment after the move (at the root: before the game's first move). A record writes a
    /// `}` in it as `)`, since nothing escapes it in a `{…}` comment; reading trims it.
    pub comment: String,
    /// The comment before the move, written only where the node starts a variation.
    pub starting_comment: String,
    /// Numeric annotation glyphs (`$1` is `!`, `$2` is `?`, …), in their order.
    pub nags: Vec<u8>,
}

impl<M: Copy> Node<M> {
    fn new(mv: Option<M>, parent: Option<NodeId>) -> Self {
        Node {
            mv,
            parent,
            variations: Vec::new(),
            comment: String::new(),
            starting_comment: String::new(),
            nags: Vec::new(),
        }
    }

    /// The move that reaches this node; `None` at the root.
    pub fn mv(&self) -> Option<M> {
        self.mv
    }

    /// The node this one's move is played from; `None` at the root.
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The moves from here: the first continues the line, the others are alternatives to it.
    pub fn variations(&self) -> &[NodeId] {
        &self.variations
    }
}

/// A game with its variations, comments and glyphs, and its tags in their order. See the
/// [module](self).
#[derive(Clone)]
pub struct GameTree<V: Variant> {
    tags: Vec<(String, String)>,
    start: V,
    nodes: Vec<Node<V::Move>>,
    warnings: Vec<RecordWarning>,
}

impl<V: Variant> fmt::Debug for GameTree<V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameTree")
            .field("tags", &self.tags)
            .field("start", &self.start.to_string())
            .field("nodes", &self.nodes)
            .finish()
    }
}

impl<V: Variant> Default for GameTree<V> {
    fn default() -> Self {
        GameTree::new()
    }
}

impl<V: Variant> PartialEq for GameTree<V> {
    /// The same tags in the same order, the same start, and the same nodes, compared line by line
    /// from the root (where in the arena a node sits does not count; warnings do not count).
    fn eq(&self, other: &Self) -> bool {
        if self.tags != other.tags || self.start != other.start {
            return false;
        }
        let mut pending = vec![(self.root(), other.root())];
        while let Some((a, b)) = pending.pop() {
            let (x, y) = (self.node(a), other.node(b));
            let same = x.mv == y.mv
                && x.comment == y.comment
                && x.starting_comment == y.starting_comment
                && x.nags == y.nags
                && x.variations.len() == y.variations.len();
            if !same {
                return false;
            }
            pending.extend(
                x.variations
                    .iter()
                    .copied()
                    .zip(y.variations.iter().copied()),
            );
        }
        true
    }
}

impl<V: Variant> Eq for GameTree<V> {}

impl<V: Variant> GameTree<V> {
    /// An empty game from the start position, with the seven standard tags unknown and the
    /// `Variant` tag.
    pub fn new() -> Self {
        GameTree::from_position(V::start())
    }

    /// An empty game from any position: the seven standard tags, `Variant`, and `Position` when
    /// the start is not the variant's.
    pub fn from_position(start: V) -> Self {
        let mut tags: Vec<(String, String)> = ROSTER
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect();
        tags.push(("Variant".to_string(), V::NAME.to_string()));
        if start != V::start() {
            tags.push(("Position".to_string(), start.to_string()));
        }
        GameTree::with_tags(start, tags)
    }

    /// A tree of the start and tags given as they are (the reader's way in).
    pub(crate) fn with_tags(start: V, tags: Vec<(String, String)>) -> Self {
        GameTree {
            tags,
            start,
            nodes: vec![Node::new(None, None)],
            warnings: Vec::new(),
        }
    }

    /// The start position.
    pub fn start_position(&self) -> &V {
        &self.start
    }

    crate::tags::tag_methods! {
        tags: concat!(
            "The tags in their order, `Variant`, `Position` and `Result` included; a name may ",
            "occur more than once, as in the files of some authors."
        ),
        set_tag: concat!(
            "Sets a tag: the first of that name is replaced, or a new one goes last. The name and ",
            "value must be what a record can hold ",
            "(`record::check_tag`); `Variant`, `Position`, `FEN` and ",
            "`SetUp` are the start's and refused (`TagError::Reserved`)."
        ),
    }

    /// The result the record gives: its `Result` tag, else `*`.
    pub fn result(&self) -> &str {
        self.tag("Result").unwrap_or("*")
    }

    /// What the reader noticed but read anyway, such as a `Result` that contradicts how the moves
    /// end. Empty for a tree not read from a record.
    pub fn warnings(&self) -> &[RecordWarning] {
        &self.warnings
    }

    pub(crate) fn push_warning(&mut self, warning: RecordWarning) {
        self.warnings.push(warning);
    }

    /// The root: no move; its variations are the game's first moves.
    pub fn root(&self) -> NodeId {
        NodeId(0)
    }

    /// A node. A [`NodeId`] from another tree may name another node or none: this panics on an
    /// id that is out of this tree's range.
    pub fn node(&self, id: NodeId) -> &Node<V::Move> {
        &self.nodes[id.0]
    }

    /// A node, to change its comments and glyphs.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node<V::Move> {
        &mut self.nodes[id.0]
    }

    /// The position after `id`'s move, played from the start along its line.
    pub fn position(&self, id: NodeId) -> V {
        let mut pos = self.start.clone();
        for mv in self.moves_to(id) {
            pos.play_unchecked(mv);
        }
        pos
    }

    /// The moves from the start to `id`, in the order played.
    pub fn moves_to(&self, id: NodeId) -> Vec<V::Move> {
        let mut moves = Vec::new();
        let mut at = id;
        while let Some(parent) = self.node(at).parent {
            moves.extend(self.node(at).mv);
            at = parent;
        }
        moves.reverse();
        moves
    }

    /// Adds `mv` as the last variation of `parent` (its continuation if it has none) and returns
    /// the new node; the move must be legal after `parent`. An existing variation with that move
    /// is returned instead of a copy.
    pub fn add_variation(&mut self, parent: NodeId, mv: V::Move) -> Result<NodeId, V::IllegalMove> {
        if let Some(&id) = self
            .node(parent)
            .variations
            .iter()
            .find(|&&c| self.node(c).mv == Some(mv))
        {
            return Ok(id);
        }
        self.position(parent).play(mv)?;
        Ok(self.push_child(parent, mv))
    }

    /// Adds a node known to be legal (the reader checks as it reads).
    pub(crate) fn push_child(&mut self, parent: NodeId, mv: V::Move) -> NodeId {
        let id = NodeId(self.nodes.len());
        self.nodes.push(Node::new(Some(mv), Some(parent)));
        self.nodes[parent.0].variations.push(id);
        id
    }

    /// Makes `id` the first variation of its parent (its line the continuation there).
    pub fn promote_to_main(&mut self, id: NodeId) {
        if let Some(parent) = self.node(id).parent {
            let siblings = &mut self.nodes[parent.0].variations;
            if let Some(i) = siblings.iter().position(|&c| c == id) {
                siblings[..=i].rotate_right(1);
            }
        }
    }

    /// Whether `id` starts a variation: it is not the first variation of its parent.
    pub fn starts_variation(&self, id: NodeId) -> bool {
        self.node(id)
            .parent
            .is_some_and(|p| self.node(p).variations.first() != Some(&id))
    }

    /// The main line's nodes after the root: each node's first variation, in order.
    pub fn mainline(&self) -> impl Iterator<Item = NodeId> + '_ {
        core::iter::successors(self.node(self.root()).variations.first().copied(), |&id| {
            self.node(id).variations.first().copied()
        })
    }

    /// The main line's moves.
    pub fn mainline_moves(&self) -> Vec<V::Move> {
        self.mainline().filter_map(|id| self.node(id).mv).collect()
    }
}

impl<V: Variant> From<&Game<V>> for GameTree<V> {
    /// The game's moves as the main line; its tags after the seven standard ones (their values or
    /// unknown), `Variant` and `Position`; the `Result` tag as the game's result.
    fn from(game: &Game<V>) -> Self {
        let mut tree = GameTree::from_position(game.start_position().clone());
        for (name, value) in game.tags() {
            if name != "Result" {
                // A game's tags were checked when set.
                let _ = tree.set_tag(name, value);
            }
        }
        let _ = tree.set_tag("Result", &game.result_token());
        let mut at = tree.root();
        for &mv in game.moves() {
            at = tree.push_child(at, mv);
        }
        tree
    }
}
