//! [`hexvar_geometry::Variant`] for [`Position`](crate::Position),
//! [`hexvar_geometry::VariantPiece`] for [`Piece`](crate::Piece), `VariantColor` for
//! [`Color`](crate::Color), `VariantRole` for [`Role`](crate::Role) and `DenseCell` for
//! [`Cell`](crate::Cell), written by geometry's `impl_variant!` over the inherent methods of
//! the same names.

use crate::setup::{Layout, Mode, Setup};

// The crate's own perft puts off the elimination test until it is needed and skips it on leaves:
// 467 instructions per leaf without bulk counting against 885 for the generic one (rules page,
// "Internals").
//
// Kirby's rules have no draws (a repetition draw is `Game::with_repetition_draw`'s option), and
// a win is a team's. A move's check sign is Kirby's own: a check on any army, not only the next.
// Dead men do not attack: no attackers for an army that is not a live army of this game.
hexvar_geometry::impl_variant!(
    "kirby",
    attackers = |pos, cell, by| match pos.alive().contains(by) {
        true => pos.attackers(
            cell.index(),
            &pos.occupied(),
            &pos.by_color(by),
            1 << by.index()
        ),
        false => crate::CellSet::EMPTY,
    },
    start_positions = named_starts,
    draw_rules = hexvar_geometry::DrawRules::NONE,
    in_play = crate::Position::in_play,
    same_team = crate::Position::same_team,
    san_suffix = crate::Position::check_suffix,
    perfts = crate::perft,
    census_moves_into = crate::Position::census_moves_into,
);

// The engine's quiescence takes the census only where it is set-wise: it must stay so.
const _: () = assert!(<crate::Position as hexvar_geometry::Variant>::SET_WISE_CENSUS);

hexvar_geometry::impl_variant_men!(Color, Piece);

/// Every mode × layout: `2p QL` (the start), `2p QR`, `3p QL`, … `6p-2teams QR`.
fn named_starts() -> Vec<(String, String)> {
    let mut out = Vec::new();
    for mode in Mode::ALL {
        for layout in [Layout::QueenLeft, Layout::QueenRight] {
            out.push((
                format!("{mode} {}", layout.code()),
                Setup::start_mode(mode, layout).to_string(),
            ));
        }
    }
    out
}
