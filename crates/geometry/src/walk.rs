//! The few operations geometry's generic algorithms walk a variant's legal-move tree with: perft
//! ([`crate::perft`]) and short algebraic notation ([`crate::san`]).
//!
//! [`Walk`] is the lower face of [`Variant`](crate::Variant): every variant implements it through
//! `Variant` (one blanket implementation), with the same method names and meanings. It exists so
//! that those algorithms sit below the trait whose provided methods (`Variant::perft`,
//! `Variant::san`, `Variant::parse_san`, …) call them, and no module of this crate imports one
//! that imports it back. Generic code names `Variant`; nothing needs to implement `Walk` itself.

use core::fmt::Display;
use core::ops::Deref;

use crate::san_text::{Disambiguation, San};

/// A position whose legal moves can be listed, counted, played and written: what perft and SAN
/// need of a [`Variant`](crate::Variant), which implements it for every variant. Each method is
/// the `Variant` method of the same name.
pub trait Walk: Clone + Send + Sync {
    /// A move.
    type Move: Copy + Eq + Display + Send + Sync;
    /// The fixed-capacity move list.
    type MoveList: Default + Deref<Target = [Self::Move]>;
    /// Why a text names no legal move here.
    type ParseMoveError;

    /// Fills `moves` with the legal moves (it is cleared first).
    fn legal_moves_into(&self, moves: &mut Self::MoveList);

    /// The legal moves.
    fn legal_moves(&self) -> Self::MoveList;

    /// The number of legal moves, counted without listing them.
    fn legal_move_count(&self) -> usize;

    /// Plays a legal move.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// The variant's perft, with bulk counting at the last ply (its own where it has one).
    fn perft(&self, depth: u32) -> u64;

    /// The variant's perft playing every leaf move.
    fn perft_without_bulk(&self, depth: u32) -> u64;

    /// Whether the side to move is in check.
    fn is_check(&self) -> bool;

    /// Whether the game has ended here with a winner (checkmate, or a variant's other wins).
    fn is_won(&self) -> bool;

    /// Writes a legal move's SAN body at the disambiguation `origin`.
    fn write_san(&self, mv: Self::Move, origin: Disambiguation, out: &mut String);

    /// A legal move's whole SAN.
    fn san(&self, mv: Self::Move) -> San;

    /// The check or mate sign after a legal move's SAN.
    fn san_suffix(&self, mv: Self::Move) -> &'static str;

    /// The legal move a text in the variant's move notation names.
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::ParseMoveError>;
}
