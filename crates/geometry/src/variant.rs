//! The one interface every hexvar variant's position offers, so that a program hosting several
//! variants (a game server, a board, an engine, a test suite) is written once.
//!
//! The trait names operations only; every rule stays in the variant crate that implements it.
//! Each crate's `Position` has the same methods inherently (no import needed); the trait is the
//! generic face over them.

use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::ops::DerefMut;
use core::str::FromStr;
use std::error::Error;

use crate::draw::{DrawReason, DrawRules};
use crate::long_text::{trim, LongMoveError};
use crate::san_text::{Disambiguation, ParseSanError, San};
use crate::set::{CellBits, DenseCell};
use crate::walk::Walk;

/// A validated position of one hexagonal chess variant, with its legal moves and rules.
///
/// Implemented by `hexvar_<variant>::Position`. Generic code uses it like this:
///
/// ```
/// use hexvar_geometry::Variant;
///
/// fn random_game<V: Variant>(mut pos: V, plies: usize) -> V {
///     for i in 0..plies {
///         let moves = pos.legal_moves();
///         if moves.is_empty() { break; }
///         pos.play_unchecked(moves[i % moves.len()]);
///     }
///     pos
/// }
/// # fn main() {}
/// ```
pub trait Variant:
    Clone + Eq + Hash + Debug + Display + FromStr<Err = Self::ParseError> + Send + Sync + 'static
{
    /// The variant's short name, lowercase, as its crate is named: `"brusky"`, `"kirby"`.
    const NAME: &'static str;
    /// The start position's text.
    const START_TEXT: &'static str;
    /// The most legal moves any position of the variant can have (the move list's capacity).
    const MAX_MOVES: usize;
    /// The number of cells on the board.
    const CELL_COUNT: usize;

    /// The repetition draws of the variant's rules (automatic and claimable), used by
    /// [`Game`](crate::Game). The default is chess convention as the three two-player variants
    /// without draw rules of their own apply it: a draw on the third occurrence.
    const DRAW_RULES: DrawRules = DrawRules::AUTOMATIC_THREEFOLD;

    /// A move; `Display` and `FromStr` in the variant's move notation. `Ord` gives generic code
    /// (an engine's tables, a sorted list) one fixed order of moves.
    type Move: Copy
        + Eq
        + Ord
        + Hash
        + Debug
        + Display
        + FromStr<Err: Error + Send + Sync + 'static>
        + Send
        + Sync
        + 'static;
    /// A cell; `Display` and `FromStr` in the variant's cell notation.
    type Cell: Copy
        + Eq
        + Hash
        + Ord
        + Debug
        + Display
        + FromStr<Err: Error + Send + Sync + 'static>
        + DenseCell
        + Send
        + Sync
        + 'static;
    /// A side: a colour, or in multi-army variants an army.
    type Color: VariantColor;
    /// A kind of man (King, Pawn, …).
    type Role: VariantRole;
    /// A man on the board, with its side and role.
    type Piece: VariantPiece<Color = Self::Color, Role = Self::Role>;
    /// A set of cells (`Set128` or `WideSet<W>`), as [`Variant::by_color`] reports them.
    type CellSet: CellBits;
    /// How a finished game ended.
    type Outcome: VariantOutcome<Color = Self::Color>;
    /// The fixed-capacity move list (`hexvar_geometry::MoveList<Self::Move, MAX_MOVES>`).
    type MoveList: Default
        + Clone
        + Debug
        + DerefMut<Target = [Self::Move]>
        + IntoIterator<Item = Self::Move>
        + Send
        + Sync;
    /// Why a text is not a (legal) position.
    type ParseError: Error + Send + Sync + 'static;
    /// Why a move is not legal here.
    type IllegalMove: Error + Clone + PartialEq + Send + Sync + 'static;
    /// Why a text names no legal move here.
    type ParseMoveError: Error + Send + Sync + 'static;

    /// The start position.
    fn start() -> Self;

    /// Named start positions, for variants that have several (player counts, layouts): pairs of
    /// a name and a position text. The first is [`Variant::start`].
    fn start_positions() -> Vec<(String, String)> {
        vec![("standard".to_string(), Self::START_TEXT.to_string())]
    }

    /// Every cell, in the dense index's order.
    fn cells() -> &'static [Self::Cell];

    /// The side to move.
    fn turn(&self) -> Self::Color;

    /// The man on `cell`.
    fn piece_at(&self, cell: Self::Cell) -> Option<Self::Piece>;

    /// The cells of `color`'s men.
    fn by_color(&self, color: Self::Color) -> Self::CellSet;

    /// The cells of the men of `role`, of every side.
    fn by_role(&self, role: Self::Role) -> Self::CellSet;

    /// Whether `side` takes part in this position's game and has not been eliminated: in Kirby's
    /// game the armies of the mode that are still alive; in the two-player variants always.
    fn in_play(&self, side: Self::Color) -> bool {
        let _ = side;
        true
    }

    /// Whether two sides play for the same team: only a side with itself, except in
    /// multi-army variants with teams (Kirby).
    fn same_team(&self, a: Self::Color, b: Self::Color) -> bool {
        a == b
    }

    /// The move number as the position text counts it (1 where the variant's text has none).
    fn fullmove_number(&self) -> u32 {
        1
    }

    /// Fills `moves` with the legal moves (it is cleared first).
    fn legal_moves_into(&self, moves: &mut Self::MoveList);

    /// The legal moves.
    fn legal_moves(&self) -> Self::MoveList {
        let mut moves = Self::MoveList::default();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// The number of legal moves, counted without listing them (the fast bulk count).
    fn legal_move_count(&self) -> usize;

    /// The cell a move leaves (none for a drop from the hand) and the cell it goes to.
    fn move_cells(mv: Self::Move) -> (Option<Self::Cell>, Self::Cell);

    /// The man a legal move takes off the board, en passant and every variant's special
    /// captures included (Kirby: the captured man, not the dead army's men removed with it).
    fn captured(&self, mv: Self::Move) -> Option<Self::Piece>;

    /// Whether a legal move resets the count toward the fifty-move (or seventy-five-move) rule
    /// and so makes every earlier position unrepeatable: a capture, a pawn move, and each
    /// variant's other irreversible moves.
    fn is_zeroing(&self, mv: Self::Move) -> bool;

    /// Plays a legal move; an illegal one is an error and leaves the position unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::IllegalMove>;

    /// Plays a move known to be legal (from [`Variant::legal_moves`]): the hot path.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// The legal move a text names (forgiving surrounding spaces and trailing `+ # ! ?`).
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::ParseMoveError>;

    /// A move in the variant's long notation, for machines and protocols: ASCII, without
    /// spaces, readable without a position (context-free) and UCI-like: the from-cell, the
    /// to-cell and a lower-case promotion letter (`e7e8q`), with the fewest markers the variant
    /// needs to keep its moves apart without a position (a hand's knight `N@d1`, en passant
    /// `ep`, castling `o`, …; the crate's rules page gives the grammar). Every move that can be
    /// legal has its own text, which [`Variant::move_from_long`] reads back to it (values no
    /// position generates, such as a Kirby castling with a rook off its corner, may share one).
    ///
    /// ```
    /// use hexvar_geometry::Variant;
    ///
    /// fn long_moves<V: Variant>(pos: &V) -> Vec<String> {
    ///     pos.legal_moves().iter().map(|&mv| V::long(mv)).collect()
    /// }
    /// # fn main() {}
    /// ```
    fn long(mv: Self::Move) -> String;

    /// The move a long text names, read without a position (so without a legality check):
    /// exactly the spelling [`Variant::long`] writes, surrounding ASCII whitespace aside.
    fn move_from_long(text: &str) -> Result<Self::Move, LongMoveError>;

    /// The legal move a long text names in this position: [`Variant::move_from_long`], then
    /// [`LongMoveError::NotLegal`] unless the move is one of the legal moves.
    fn parse_long(&self, text: &str) -> Result<Self::Move, LongMoveError> {
        let mv = Self::move_from_long(text)?;
        if self.legal_moves().contains(&mv) {
            Ok(mv)
        } else {
            Err(LongMoveError::not_legal(trim(text)))
        }
    }

    /// The men of `by` that attack `cell`: each could take a man of another side standing
    /// there, whatever stands there now, pinned men and men of the side to move included
    /// (python-chess's `attackers`). Captures a man may make only at one moment (en passant,
    /// C'escacs's scornful capture) are moves, not attacks; men not on the board (Dagger's
    /// knights in hand) have no cell to name and are left out.
    fn attackers(&self, cell: Self::Cell, by: Self::Color) -> Self::CellSet;

    /// Whether [`Variant::census_moves_into`] is the variant's own, cheaper than listing every
    /// legal move (a search then uses it; the default's filtering of the whole list is not).
    const SET_WISE_CENSUS: bool = false;

    /// Counts the legal moves for a search's mobility term and lists only those a quiescence
    /// search looks at: the captures (en passant included) and every move from a cell of
    /// `query.listed_from`. The listed moves come first in `moves`, in the order
    /// [`Variant::legal_moves_into`] gives them; [`MoveCensus::listed`] says how many. The
    /// default lists every legal move and filters; a variant with a set-wise generator
    /// overrides it to skip the listing of quiet moves (Chessagon).
    fn census_moves_into(&self, moves: &mut Self::MoveList, query: &CensusQuery<'_>) -> MoveCensus {
        self.legal_moves_into(moves);
        let mut census = MoveCensus {
            legal: moves.len() as u32,
            ..MoveCensus::default()
        };
        for i in 0..moves.len() {
            let mv = moves[i];
            let (from, to) = Self::move_cells(mv);
            let from = from.map(DenseCell::dense_index);
            if !from.is_some_and(|f| has_bit(query.uncounted, f)) {
                census.counted += 1;
                census.in_zone += u32::from(has_bit(query.zone, to.dense_index()));
            }
            if from.is_some_and(|f| has_bit(query.listed_from, f)) || self.captured(mv).is_some() {
                moves.swap(census.listed, i);
                census.listed += 1;
            }
        }
        census
    }

    /// Passes the turn (a "null move"), for search only, never in a game: the next side is to
    /// move, an en passant right is dropped, the clocks go on as after a quiet move, and the
    /// position and its [`Variant::zobrist_hash`] are what reading the passed position's text
    /// would give. Returns `false`, and leaves the position unchanged, where passing is not
    /// sound: the side to move is in check, or the variant does not define it (the default).
    fn play_null(&mut self) -> bool {
        false
    }

    /// How many men of `role` `color` holds in hand, to be dropped later (Dagger's reserve);
    /// 0 in variants without a hand (the default).
    fn in_hand(&self, color: Self::Color, role: Self::Role) -> u32 {
        let _ = (color, role);
        0
    }

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;

    /// How the game has ended in this position, if it has.
    fn outcome(&self) -> Option<Self::Outcome>;

    /// Whether `other` counts as the same position as this one for the repetition rules (same
    /// men, side to move and rights; the clocks left out).
    fn is_repetition_of(&self, other: &Self) -> bool;

    /// A draw the side to move may claim in this position alone (not by repetition, which
    /// [`Game`](crate::Game) tracks), such as C'escacs's fifty-move claim. None by default.
    fn claimable_draw(&self) -> Option<DrawReason> {
        None
    }

    /// Writes a legal move's short algebraic notation without the check or mate suffix, naming
    /// as much of the cell it leaves as `origin` says. [`Variant::san`] picks the least origin that
    /// makes the text unique among the legal moves.
    fn write_san(&self, mv: Self::Move, origin: Disambiguation, out: &mut String);

    /// A legal move in short algebraic notation, with the least disambiguation that makes it
    /// unique and a `+` or `#` suffix.
    fn san(&self, mv: Self::Move) -> San {
        crate::san::san(self, mv)
    }

    /// The check or mate sign after a legal move's SAN (`""`, `"+"`, `"#"`). The default is chess
    /// convention ([`san::suffix`](crate::san::suffix)); a variant whose checks reach beyond the
    /// side to move next (Kirby) says its own.
    fn san_suffix(&self, mv: Self::Move) -> &'static str {
        crate::san::suffix(self, mv)
    }

    /// The legal move a SAN text names. It forgives what [`Variant::parse_move`] forgives,
    /// over-disambiguation, a missing or different capture sign, and it takes the move notation
    /// too.
    fn parse_san(&self, text: &str) -> Result<Self::Move, ParseSanError> {
        crate::san::parse_san(self, text)
    }

    /// The Zobrist hash: equal positions hash alike.
    fn zobrist_hash(&self) -> u64;

    /// An SVG picture of the position with `marked` cells ringed; every cell's polygon carries
    /// `data-cell="<cell>"`.
    fn svg(&self, marked: &[Self::Cell]) -> String;

    /// Perft with bulk counting at the last ply. The default is geometry's generic
    /// [`generic_perft`](crate::perft::generic_perft); a crate overrides it only with its own
    /// specialised perft where that measures faster (and says so in its rules page).
    fn perft(&self, depth: u32) -> u64 {
        crate::perft::generic_perft(self, depth)
    }

    /// Perft playing every leaf move. The default is geometry's generic
    /// [`generic_perft_without_bulk`](crate::perft::generic_perft_without_bulk); overridden as
    /// [`Variant::perft`] is.
    fn perft_without_bulk(&self, depth: u32) -> u64 {
        crate::perft::generic_perft_without_bulk(self, depth)
    }
}

/// Every variant is walked by geometry's perft and SAN through its own methods.
impl<V: Variant> Walk for V {
    type Move = V::Move;
    type MoveList = V::MoveList;
    type ParseMoveError = V::ParseMoveError;

    fn legal_moves_into(&self, moves: &mut Self::MoveList) {
        Variant::legal_moves_into(self, moves);
    }

    fn legal_moves(&self) -> Self::MoveList {
        Variant::legal_moves(self)
    }

    fn legal_move_count(&self) -> usize {
        Variant::legal_move_count(self)
    }

    fn play_unchecked(&mut self, mv: Self::Move) {
        Variant::play_unchecked(self, mv);
    }

    fn perft(&self, depth: u32) -> u64 {
        Variant::perft(self, depth)
    }

    fn perft_without_bulk(&self, depth: u32) -> u64 {
        Variant::perft_without_bulk(self, depth)
    }

    fn is_check(&self) -> bool {
        Variant::is_check(self)
    }

    fn is_won(&self) -> bool {
        self.outcome().is_some_and(|o| !o.is_draw())
    }

    fn write_san(&self, mv: Self::Move, origin: Disambiguation, out: &mut String) {
        Variant::write_san(self, mv, origin, out);
    }

    fn san(&self, mv: Self::Move) -> San {
        Variant::san(self, mv)
    }

    fn san_suffix(&self, mv: Self::Move) -> &'static str {
        Variant::san_suffix(self, mv)
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::ParseMoveError> {
        Variant::parse_move(self, text)
    }
}

/// A side of a variant: a colour, or an army. Its index runs over `0..ALL.len()` in `ALL`'s order,
/// which is the order of play.
pub trait VariantColor: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static {
    /// Every side, in the order of play.
    const ALL: &'static [Self];
    /// The side's place in [`VariantColor::ALL`].
    fn index(self) -> usize;
}

/// A kind of man. Its index runs over `0..ALL.len()`, so that generic code keeps a value or a
/// table per role in an array.
pub trait VariantRole: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static {
    /// Every role.
    const ALL: &'static [Self];
    /// The role's place in [`VariantRole::ALL`].
    fn index(self) -> usize;
    /// The role's letter, upper case, as the notation writes it.
    fn char(self) -> char;
    /// The role's material value in centipawns (a Pawn about 100, the King 0), as the variant's
    /// rules page gives and explains it.
    fn value(self) -> i32;
    /// The value an engine should play with, in centipawns (a Pawn 100, the King 0): where a
    /// variant's documented [`VariantRole::value`] (an author's table, say) plays worse than
    /// another scale, the variant gives that scale here, measured in engine matches and
    /// explained on its rules page beside the documented one. The documented value by default.
    fn playing_value(self) -> i32 {
        self.value()
    }
}

/// A man on the board: its side and its role.
pub trait VariantPiece: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static {
    /// The side type.
    type Color;
    /// The role type; `Display` prints its letter.
    type Role: VariantRole;
    /// The man's side.
    fn color(self) -> Self::Color;
    /// The man's role.
    fn role(self) -> Self::Role;
}

/// What [`Variant::census_moves_into`] counts apart and lists: sets of dense cell indices, bit
/// `i % 64` of word `i / 64` for the cell of dense index `i` (a word missing is an empty one).
#[derive(Clone, Copy, Debug, Default)]
pub struct CensusQuery<'a> {
    /// Origins whose moves are not counted in [`MoveCensus::counted`] (the mover's kings).
    pub uncounted: &'a [u64],
    /// Destinations counted in [`MoveCensus::in_zone`] (the cells near a hostile king).
    pub zone: &'a [u64],
    /// Origins whose every move is listed, quiet or not (pawns one move from promotion).
    pub listed_from: &'a [u64],
}

/// The counts of [`Variant::census_moves_into`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCensus {
    /// Every legal move.
    pub legal: u32,
    /// The legal moves from cells not in [`CensusQuery::uncounted`].
    pub counted: u32,
    /// Those of them landing in [`CensusQuery::zone`].
    pub in_zone: u32,
    /// How many moves were listed (the first of the list).
    pub listed: usize,
}

/// Whether the dense-index bit set `set` holds `index`.
#[inline]
pub fn has_bit(set: &[u64], index: usize) -> bool {
    set.get(index / 64)
        .is_some_and(|w| w >> (index % 64) & 1 != 0)
}

/// How a game ended: a win for a side (or a team) or a draw, with the reason.
pub trait VariantOutcome: Clone + Eq + Hash + Debug + Display + Send + Sync + 'static {
    /// The variant's side type.
    type Color;
    /// Who wins: a colour, or in multi-army variants a team of armies.
    type Winner: Clone + Eq + Debug + Display;
    /// The draw with this reason.
    fn draw(reason: DrawReason) -> Self;
    /// The winner, or `None` for a draw.
    fn winner(&self) -> Option<Self::Winner>;
    /// Whether `color` is the winner or one of the winning team.
    fn is_win_for(&self, color: Self::Color) -> bool;
    /// The draw's reason, or `None` for a win.
    fn draw_reason(&self) -> Option<DrawReason>;
    /// The reason in a few lowercase words: `"checkmate"`, `"stalemate"`, `"fifty-move rule"`.
    fn reason(&self) -> &'static str;
    /// The result as a game record writes it: `1-0`, `0-1`, `1/2-1/2`, or the variant's own
    /// (C'escacs's points `3-0`, `2-1`, `1-1`; Kirby's winning team). No spaces.
    fn result_token(&self) -> String;
    /// Whether the game is drawn.
    fn is_draw(&self) -> bool {
        self.winner().is_none()
    }
}

/// The cells of a set a position of `V` reports (as [`Variant::by_color`] or
/// [`Variant::by_role`] do), as the variant's cells, lowest dense index first.
///
/// ```
/// use hexvar_geometry::{cells_of, Variant};
///
/// /// The cells of the side to move's men.
/// fn own_men<V: Variant>(pos: &V) -> Vec<V::Cell> {
///     cells_of::<V>(pos.by_color(pos.turn())).collect()
/// }
/// # fn main() {}
/// ```
pub fn cells_of<V: Variant>(set: V::CellSet) -> impl Iterator<Item = V::Cell> {
    set.into_iter().map(<V::Cell as DenseCell>::from_dense)
}
