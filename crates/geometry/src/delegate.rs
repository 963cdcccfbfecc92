//! `impl_variant!`: the [`Variant`](crate::Variant) and [`VariantPiece`](crate::VariantPiece)
//! implementations of a crate that follows the contract's names, written once. Each method
//! delegates to the crate's inherent method of the same name, so the trait adds no rule and no
//! cost, and a crate that drifts from the contract fails to compile here.

/// Implements [`Variant`](crate::Variant) for the calling crate's `Position` and
/// [`VariantPiece`](crate::VariantPiece) for its `Piece`, from the contract's names at the crate
/// root (`Position`, `Move`, `Cell`, `Color`, `Piece`, `Outcome`, `MoveList`, `START_TEXT`,
/// `MAX_MOVES`, `CELL_COUNT`, `ParsePositionError`, `IllegalMove`, `ParseMoveError`,
/// `render::svg`). The variant's name comes first; a variant with several start positions names
/// the function that lists them, and a crate with a faster perft of its own names it (never the
/// re-exported generic one, which calls back here).
///
/// ```ignore
/// hexvar_geometry::impl_variant!(
///     "kirby",
///     start_positions = crate::setup::named_starts,
///     perft = crate::perft::perft,
///     perft_without_bulk = crate::perft::perft_without_bulk,
/// );
/// ```
// `crate::` here means the calling crate on purpose: the impls are for its own types.
#[allow(clippy::crate_in_macro_def)]
#[macro_export]
macro_rules! impl_variant {
    (
        $name:literal
        $(, start_positions = $starts:path)?
        $(, perft = $perft:path)?
        $(, perft_without_bulk = $perft_without_bulk:path)?
        $(,)?
    ) => {
        impl $crate::Variant for crate::Position {
            const NAME: &'static str = $name;
            const START_TEXT: &'static str = crate::START_TEXT;
            const MAX_MOVES: usize = crate::MAX_MOVES;
            const CELL_COUNT: usize = crate::CELL_COUNT;

            type Move = crate::Move;
            type Cell = crate::Cell;
            type Color = crate::Color;
            type Piece = crate::Piece;
            type Outcome = crate::Outcome;
            type MoveList = crate::MoveList;
            type ParseError = crate::ParsePositionError;
            type IllegalMove = crate::IllegalMove;
            type ParseMoveError = crate::ParseMoveError;

            fn start() -> crate::Position {
                crate::Position::new()
            }

            $(
                fn start_positions() -> ::std::vec::Vec<(::std::string::String, ::std::string::String)> {
                    $starts()
                }
            )?

            fn cells() -> &'static [crate::Cell] {
                &crate::Cell::ALL
            }

            fn turn(&self) -> crate::Color {
                crate::Position::turn(self)
            }

            fn piece_at(&self, cell: crate::Cell) -> ::core::option::Option<crate::Piece> {
                crate::Position::piece_at(self, cell)
            }

            fn legal_moves_into(&self, moves: &mut crate::MoveList) {
                crate::Position::legal_moves_into(self, moves)
            }

            fn legal_moves(&self) -> crate::MoveList {
                crate::Position::legal_moves(self)
            }

            fn legal_move_count(&self) -> usize {
                crate::Position::legal_move_count(self)
            }

            fn move_cells(mv: crate::Move) -> (::core::option::Option<crate::Cell>, crate::Cell) {
                (crate::Move::from(mv), crate::Move::to(mv))
            }

            fn play(&mut self, mv: crate::Move) -> ::core::result::Result<(), crate::IllegalMove> {
                crate::Position::play(self, mv)
            }

            fn play_unchecked(&mut self, mv: crate::Move) {
                crate::Position::play_unchecked(self, mv)
            }

            fn parse_move(
                &self,
                text: &str,
            ) -> ::core::result::Result<crate::Move, crate::ParseMoveError> {
                crate::Position::parse_move(self, text)
            }

            fn is_check(&self) -> bool {
                crate::Position::is_check(self)
            }

            fn outcome(&self) -> ::core::option::Option<crate::Outcome> {
                crate::Position::outcome(self)
            }

            fn zobrist_hash(&self) -> u64 {
                crate::Position::zobrist_hash(self)
            }

            fn svg(&self, marked: &[crate::Cell]) -> ::std::string::String {
                crate::render::svg(self, marked.iter().map(|c| c.index()).collect())
            }

            $(
                fn perft(&self, depth: u32) -> u64 {
                    $perft(self, depth)
                }
            )?

            $(
                fn perft_without_bulk(&self, depth: u32) -> u64 {
                    $perft_without_bulk(self, depth)
                }
            )?
        }

        impl $crate::VariantPiece for crate::Piece {
            type Color = crate::Color;
            type Role = crate::Role;

            fn color(self) -> crate::Color {
                self.color
            }

            fn role(self) -> crate::Role {
                self.role
            }
        }
    };
}
