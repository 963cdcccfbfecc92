//! `impl_variant!` and `impl_variant_men!`: the [`Variant`](crate::Variant) and men's trait
//! implementations of a crate that follows the contract's names, written once. Each method
//! delegates to the crate's inherent method of the same name, so the trait adds no rule and no
//! cost, and a crate that drifts from the contract fails to compile here.

/// Implements [`Variant`](crate::Variant) for the calling crate's `Position` and
/// [`VariantPiece`](crate::VariantPiece) for its `Piece`, from the contract's names at the crate
/// root (`Position`, `Move`, `Cell`, `Color`, `Role`, `Piece`, `CellSet`, `Outcome`, `MoveList`,
/// `START_TEXT`, `MAX_MOVES`, `CELL_COUNT`, `ParsePositionError`, `IllegalMove`, `ParseMoveError`,
/// `render::svg`), `Move::long` and `Move::from_long` (the long notation), `Role::value`, and the
/// inherent methods of `Position` named as the trait's (`by_color`, `by_role`, `captured`,
/// `is_zeroing`, `is_repetition_of`, `write_san`, …). It also implements
/// [`DenseCell`](crate::DenseCell) for `Cell` (from `Cell::from_index` and `Cell::index`) and the
/// inherent `Position::parse_long` (the trait's, for callers without the trait in scope); the
/// men's traits come with geometry's [`Color`](crate::Color), [`roles!`](crate::roles) and
/// [`two_sided_piece!`](crate::two_sided_piece), or from [`impl_variant_men!`](crate::impl_variant_men).
///
/// The variant's name comes first, then [`Variant::attackers`](crate::Variant::attackers) as a
/// closure-like `attackers = |pos, cell, by| …` over `&Position`, `Cell` and `Color`, giving a
/// `CellSet`; then, each optional and in this order: the function listing several start
/// positions, the repetition rules (an expression of type [`DrawRules`](crate::DrawRules); chess
/// convention's automatic threefold by default), the positional draw claim, the test of a side
/// still in play, the team test, the move number, an own SAN writer, check sign or reader, the men
/// in hand, and a crate's own faster perft (never the re-exported generic one, which calls back
/// here): `perfts = module` for a module with both `perft` and `perft_without_bulk`, or either
/// alone. `Variant::play_null` is the inherent `Position::play_null`.
///
/// It also writes the inherent `Position::san` and `Position::parse_san` (geometry's) unless the
/// crate gives its own, and the contract's glue of `Position` over `Setup`: `Position::new()` (the start,
/// `Setup::start()`), `Default`, `Display` (the position text), `Debug` (`Position(text)`),
/// `FromStr` (`ParsePositionError`), `TryFrom<Setup>` (`PositionError`), and `serde` as the
/// text behind the calling crate's `serde` feature.
///
/// ```ignore
/// hexvar_geometry::impl_variant!(
///     "kirby",
///     attackers = |pos, cell, by| pos.attackers_of(cell, by),
///     start_positions = crate::setup::named_starts,
///     draw_rules = hexvar_geometry::DrawRules::NONE,
///     in_play = crate::Position::in_play,
///     same_team = crate::Position::same_team,
///     perfts = crate::perft,
/// );
/// ```
// `crate::` here means the calling crate on purpose: the impls are for its own types.
#[allow(clippy::crate_in_macro_def)]
#[macro_export]
macro_rules! impl_variant {
    (
        $name:literal,
        attackers = |$pos:ident, $cell:ident, $by:ident| $attackers:expr
        $(, start_positions = $starts:path)?
        $(, draw_rules = $draw_rules:expr)?
        $(, claimable_draw = $claimable_draw:path)?
        $(, in_play = $in_play:path)?
        $(, same_team = $same_team:path)?
        $(, fullmove_number = $fullmove_number:path)?
        $(, san = $san:path)?
        $(, san_suffix = $san_suffix:path)?
        $(, parse_san = $parse_san:path)?
        $(, in_hand = $in_hand:path)?
        $(, perfts = crate::$perfts:ident)?
        $(, perft = $perft:path)?
        $(, perft_without_bulk = $perft_without_bulk:path)?
        $(, census_moves_into = $census:path)?
        $(,)?
    ) => {
        impl $crate::Variant for crate::Position {
            const NAME: &'static str = $name;
            const START_TEXT: &'static str = crate::START_TEXT;
            const MAX_MOVES: usize = crate::MAX_MOVES;
            const CELL_COUNT: usize = crate::CELL_COUNT;
            $(const DRAW_RULES: $crate::DrawRules = $draw_rules;)?

            type Move = crate::Move;
            type Cell = crate::Cell;
            type Color = crate::Color;
            type Role = crate::Role;
            type Piece = crate::Piece;
            type CellSet = crate::CellSet;
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

            fn by_color(&self, color: crate::Color) -> crate::CellSet {
                crate::Position::by_color(self, color)
            }

            fn by_role(&self, role: crate::Role) -> crate::CellSet {
                crate::Position::by_role(self, role)
            }

            $(
                fn in_play(&self, side: crate::Color) -> bool {
                    $in_play(self, side)
                }
            )?

            $(
                fn same_team(&self, a: crate::Color, b: crate::Color) -> bool {
                    $same_team(self, a, b)
                }
            )?

            $(
                fn fullmove_number(&self) -> u32 {
                    $fullmove_number(self)
                }
            )?

            fn captured(&self, mv: crate::Move) -> ::core::option::Option<crate::Piece> {
                crate::Position::captured(self, mv)
            }

            fn is_zeroing(&self, mv: crate::Move) -> bool {
                crate::Position::is_zeroing(self, mv)
            }

            fn is_repetition_of(&self, other: &crate::Position) -> bool {
                crate::Position::is_repetition_of(self, other)
            }

            $(
                fn claimable_draw(&self) -> ::core::option::Option<$crate::DrawReason> {
                    $claimable_draw(self)
                }
            )?

            fn write_san(
                &self,
                mv: crate::Move,
                origin: $crate::san::Disambiguation,
                out: &mut ::std::string::String,
            ) {
                crate::Position::write_san(self, mv, origin, out)
            }

            $(
                fn san(&self, mv: crate::Move) -> $crate::San {
                    $san(self, mv)
                }
            )?

            $(
                fn san_suffix(&self, mv: crate::Move) -> &'static str {
                    $san_suffix(self, mv)
                }
            )?

            $(
                fn parse_san(
                    &self,
                    text: &str,
                ) -> ::core::result::Result<crate::Move, $crate::san::ParseSanError> {
                    $parse_san(self, text)
                }
            )?

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

            fn long(mv: crate::Move) -> ::std::string::String {
                crate::Move::long(mv)
            }

            fn move_from_long(
                text: &str,
            ) -> ::core::result::Result<crate::Move, $crate::LongMoveError> {
                crate::Move::from_long(text)
            }

            fn attackers(&self, $cell: crate::Cell, $by: crate::Color) -> crate::CellSet {
                let $pos: &crate::Position = self;
                $attackers
            }

            fn play_null(&mut self) -> bool {
                crate::Position::play_null(self)
            }

            $(
                fn in_hand(&self, color: crate::Color, role: crate::Role) -> u32 {
                    $in_hand(self, color, role)
                }
            )?

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
                    $crate::perft::check_depth(depth);
                    crate::$perfts::perft(self, depth)
                }

                fn perft_without_bulk(&self, depth: u32) -> u64 {
                    $crate::perft::check_depth(depth);
                    crate::$perfts::perft_without_bulk(self, depth)
                }
            )?

            $(
                fn perft(&self, depth: u32) -> u64 {
                    // The crate's own perft recurses once per ply too: the same bound.
                    $crate::perft::check_depth(depth);
                    $perft(self, depth)
                }
            )?

            $(
                fn perft_without_bulk(&self, depth: u32) -> u64 {
                    $crate::perft::check_depth(depth);
                    $perft_without_bulk(self, depth)
                }
            )?

            $(
                const SET_WISE_CENSUS: bool = {
                    let _ = $census;
                    true
                };

                fn census_moves_into(
                    &self,
                    moves: &mut crate::MoveList,
                    query: &$crate::CensusQuery<'_>,
                ) -> $crate::MoveCensus {
                    $census(self, moves, query)
                }
            )?
        }

        $crate::inherent_san!($($san)?);
        $crate::inherent_parse_san!($($parse_san)?);

        impl crate::Position {
            /// The start position ([`Setup::start`](crate::Setup::start)).
            pub fn new() -> crate::Position {
                crate::Position::from_setup(crate::Setup::start())
                    .expect("the start position is legal")
            }

            /// The legal move a long text names here ([`crate::Move::long`]'s spelling): the
            /// inherent face of [`Variant::parse_long`]($crate::Variant::parse_long).
            pub fn parse_long(
                &self,
                text: &str,
            ) -> ::core::result::Result<crate::Move, $crate::LongMoveError> {
                $crate::Variant::parse_long(self, text)
            }
        }

        impl ::core::default::Default for crate::Position {
            /// The start position.
            fn default() -> crate::Position {
                crate::Position::new()
            }
        }

        impl ::core::fmt::Display for crate::Position {
            /// The position text.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Display::fmt(&crate::Position::to_setup(self), f)
            }
        }

        impl ::core::fmt::Debug for crate::Position {
            /// `Position(` the position text `)`.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::write!(f, "Position({self})")
            }
        }

        impl ::core::str::FromStr for crate::Position {
            type Err = crate::ParsePositionError;

            /// Reads the position text, and validates it.
            fn from_str(text: &str) -> ::core::result::Result<crate::Position, crate::ParsePositionError> {
                let setup = text.parse::<crate::Setup>().map_err($crate::ParsePositionError::Setup)?;
                crate::Position::from_setup(setup).map_err($crate::ParsePositionError::Position)
            }
        }

        impl ::core::convert::TryFrom<crate::Setup> for crate::Position {
            type Error = crate::PositionError;

            /// [`Position::from_setup`](crate::Position::from_setup).
            fn try_from(setup: crate::Setup) -> ::core::result::Result<crate::Position, crate::PositionError> {
                crate::Position::from_setup(setup)
            }
        }

        #[cfg(feature = "serde")]
        $crate::serde_as_text!(serde, crate::Position, ::core::concat!("a legal ", $name, " position text"));

        impl $crate::DenseCell for crate::Cell {
            fn from_dense(index: usize) -> crate::Cell {
                crate::Cell::from_index(index).expect("a cell set holds only cells of the board")
            }

            fn dense_index(self) -> usize {
                crate::Cell::index(self)
            }
        }
    };
}

/// The inherent `Position::san` of a crate without its own (`impl_variant!`'s `san` option):
/// geometry's [`san::san`](crate::san::san). Called by `impl_variant!` only.
#[doc(hidden)]
#[allow(clippy::crate_in_macro_def)]
#[macro_export]
macro_rules! inherent_san {
    () => {
        impl crate::Position {
            /// A legal move in SAN: the least disambiguation that makes it unique among the
            /// legal moves, and the variant's check sign ([`Variant::san`]($crate::Variant::san)).
            pub fn san(&self, mv: crate::Move) -> $crate::San {
                $crate::san::san(self, mv)
            }
        }
    };
    ($own:path) => {};
}

/// The inherent `Position::parse_san` of a crate without its own (`impl_variant!`'s
/// `parse_san` option): geometry's [`san::parse_san`](crate::san::parse_san). Called by
/// `impl_variant!` only.
#[doc(hidden)]
#[allow(clippy::crate_in_macro_def)]
#[macro_export]
macro_rules! inherent_parse_san {
    () => {
        impl crate::Position {
            /// The legal move a SAN text names. It forgives what `parse_move` forgives (spaces,
            /// `+ # ! ?`), too much disambiguation, a missing capture sign, and reads the
            /// crate's move notation as well ([`Variant::parse_san`]($crate::Variant::parse_san)).
            pub fn parse_san(
                &self,
                text: &str,
            ) -> ::core::result::Result<crate::Move, $crate::san::ParseSanError> {
                $crate::san::parse_san(self, text)
            }
        }
    };
    ($own:path) => {};
}

/// Implements [`VariantColor`](crate::VariantColor) for the calling crate's own `Color`,
/// [`VariantRole`](crate::VariantRole) for its `Role` (index = the fieldless enum's
/// discriminant, which must follow `ALL`) and [`VariantPiece`](crate::VariantPiece) for its
/// `Piece` (fields `color` and `role`): for a crate that writes these types itself rather than
/// taking [`Color`](crate::Color), [`roles!`](crate::roles) and
/// [`two_sided_piece!`](crate::two_sided_piece) from here. Name the types to implement:
/// `impl_variant_men!(Color, Role, Piece)`, or Kirby's `impl_variant_men!(Color, Piece)` beside
/// its `roles!`.
#[allow(clippy::crate_in_macro_def)]
#[macro_export]
macro_rules! impl_variant_men {
    ($($kind:ident),+ $(,)?) => {
        $($crate::impl_variant_men!(@ $kind);)+
    };
    (@ Color) => {
        impl $crate::VariantColor for crate::Color {
            const ALL: &'static [crate::Color] = &crate::Color::ALL;

            fn index(self) -> usize {
                self as usize
            }
        }
    };
    (@ Role) => {
        impl $crate::VariantRole for crate::Role {
            const ALL: &'static [crate::Role] = &crate::Role::ALL;

            fn index(self) -> usize {
                self as usize
            }

            fn char(self) -> char {
                crate::Role::char(self)
            }

            fn value(self) -> i32 {
                crate::Role::value(self)
            }
        }
    };
    (@ Piece) => {
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
