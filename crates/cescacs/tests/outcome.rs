//! Game end (§7) in a position, and the pictures. The game's draws are in `tests/game.rs`.

use hexvar_cescacs::{render, CellSet, Color, DrawReason, Outcome, Points, Position, WinReason};

#[test]
fn stalemate_is_a_two_one_win_for_the_stalemating_side() {
    // Black king F28; rooks on the E and G columns and the bishop on D26 cover its five
    // neighbours (E27 G27 E25 G25 F26) but not F28.
    let pos: Position = "/28:k/26:J2/6:K6/5:2RR2/ b - - 0 1".parse().unwrap();
    assert!(!pos.is_check());
    assert!(pos.legal_moves().is_empty());
    let outcome = pos.outcome().unwrap();
    assert_eq!(
        outcome,
        Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Stalemate
        }
    );
    assert_eq!(outcome.points(), (2, 1));
    assert_eq!(outcome.winner(), Some(Color::White));
    assert!(!outcome.is_draw());
    assert_eq!(outcome.to_string(), "White wins by stalemate");
}

#[test]
fn checkmate_scores_three_nil() {
    // Same net with the king's own hex covered by a wyvern on the F column.
    let pos: Position = "/28:k/26:J2/6:K6/5:2RR2/4:2V2/ b - - 0 1".parse().unwrap();
    assert!(pos.is_check());
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            reason: WinReason::Checkmate
        })
    );
    assert_eq!(pos.outcome().unwrap().points(), (3, 0));
    assert_eq!(
        pos.outcome().unwrap().to_string(),
        "White wins by checkmate"
    );
}

#[test]
fn insufficient_material_as_section_7_states() {
    let draw = |s: &str| {
        let pos: Position = s.parse().unwrap();
        pos.outcome()
            == Some(Outcome::Draw {
                reason: DrawReason::InsufficientMaterial,
            })
    };
    assert!(draw("/27:1k/14:3G3/1:1K/ w - - 0 1"), "a lone Pegasus");
    assert!(
        draw("/27:1k/14:3N3/12:3J3/1:1K/ w - - 0 1"),
        "knight and bishop: no major, no Pegasus"
    );
    assert!(
        !draw("/27:1k/14:3G3/12:3J3/1:1K/ w - - 0 1"),
        "Pegasus + minor"
    );
    assert!(!draw("/27:1k/14:3G3/12:3G3/1:1K/ w - - 0 1"), "two Pegasi");
    assert!(!draw("/27:1k/14:3R3/1:1K/ w - - 0 1"), "a major piece");
    assert!(!draw("/27:1k/14:3P3/1:1K/ w - - 0 1"), "a pawn");
}

#[test]
fn seventy_five_moves_are_automatic_fifty_may_be_claimed() {
    let pos: Position = "/27:1k/14:3R3/1:1K/ w - - 150 80".parse().unwrap();
    assert_eq!(
        pos.outcome(),
        Some(Outcome::Draw {
            reason: DrawReason::SeventyFiveMoveRule
        })
    );
    assert_eq!(
        pos.outcome().unwrap().to_string(),
        "draw by seventy-five-move rule"
    );
    let pos: Position = "/27:1k/14:3R3/1:1K/ w - - 100 80".parse().unwrap();
    assert_eq!(pos.outcome(), None);
    assert_eq!(pos.claimable_draw(), Some(DrawReason::FiftyMoveRule));
    let pos: Position = "/27:1k/14:3R3/1:1K/ w - - 99 80".parse().unwrap();
    assert_eq!(pos.claimable_draw(), None);
}

#[test]
fn diagram_of_the_start() {
    let pos = Position::new();
    insta::assert_snapshot!("start_diagram", pos.diagram());
    assert_eq!(pos.diagram().lines().count(), 30);
}

#[test]
fn svg_of_the_start_matches_the_docs_picture() {
    let svg = render::svg(&Position::new(), CellSet::EMPTY);
    assert_eq!(svg.matches("<polygon data-cell=").count(), 169);
    assert_eq!(svg.matches("<circle").count(), 54);
    let doc = include_str!("../docs/cescacs-start.svg");
    assert_eq!(
        svg, doc,
        "regenerate crates/cescacs/docs/cescacs-start.svg with `cargo run -p hexvar-cescacs --example cescacs_svg`"
    );
}

#[test]
fn setup_errors_list_every_broken_rule() {
    use hexvar_cescacs::{PositionProblem, Role};
    // No white king, two black queens, a castling right without the king at home.
    let err = "/27:1k/20:3d3/14:3d3/ w K - 0 1"
        .parse::<Position>()
        .unwrap_err()
        .to_string();
    let setup: hexvar_cescacs::Setup = "/27:1k/20:3d3/14:3d3/ w K - 0 1".parse().unwrap();
    let problems = Position::from_setup(setup).unwrap_err().problems;
    assert!(
        problems.contains(&PositionProblem::KingCount(Color::White)),
        "{err}"
    );
    assert!(
        problems.contains(&PositionProblem::TooMany(Color::Black, Role::Queen)),
        "{err}"
    );
    assert!(
        problems.contains(&PositionProblem::Castling(Color::White)),
        "{err}"
    );
    // The side not to move in check.
    let setup: hexvar_cescacs::Setup = "/27:1k/21:4R3/1:1K/ w - - 0 1".parse().unwrap();
    assert_eq!(
        Position::from_setup(setup).unwrap_err().problems,
        [PositionProblem::OppositeCheck]
    );
}
