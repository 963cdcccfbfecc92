//! Engine analysis into game records: one evaluation per main-line move, records that read back,
//! a missed mate marked with the engine's line and a glyph. Every search is bounded by depth.

use hexvar_engine::annotate::{annotate, AnnotateOptions, NAG_BLUNDER, NAG_MISTAKE};
use hexvar_engine::{Engine, Limits, Options};
use hexvar_geometry::{Game, GameTree, Variant, VariantOutcome};

type Brusky = hexvar_brusky::Position;
type Dagger = hexvar_dagger::Position;
type Kirby = hexvar_kirby::Position;

fn options(depth: u32) -> AnnotateOptions {
    AnnotateOptions {
        limits: Limits::depth(depth),
        ..AnnotateOptions::default()
    }
}

/// Whether `text` is an evaluation as the module spells it: `+0.35/12`, `-1.00/3`, `#+3/9`,
/// `#-0/0`.
fn is_evaluation(text: &str) -> bool {
    let Some((score, depth)) = text.rsplit_once('/') else {
        return false;
    };
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let signed = |s: &str| s.strip_prefix(['+', '-']).map(str::to_string);
    let score_ok = match score.strip_prefix('#') {
        Some(mate) => signed(mate).is_some_and(|n| digits(&n)),
        None => signed(score).is_some_and(|pawns| {
            pawns
                .split_once('.')
                .is_some_and(|(whole, cents)| digits(whole) && cents.len() == 2 && digits(cents))
        }),
    };
    score_ok && digits(depth)
}

/// A game of `plies` moves from the start, each the first legal move after the previous: the
/// same game on every run.
fn first_moves_game<V: Variant>(plies: usize) -> Game<V> {
    let mut game = Game::<V>::new();
    for _ in 0..plies {
        let mv = game.position().legal_moves().iter().copied().next();
        game.play(mv.expect("a legal move")).expect("legal");
    }
    game
}

fn one_evaluation_per_move<V: Variant>(plies: usize, depth: u32) {
    let tree = GameTree::from(&first_moves_game::<V>(plies));
    let mut engine = Engine::<V>::new(Options::default());
    let annotated = annotate(&mut engine, &tree, &options(depth));
    assert_eq!(
        annotated.mainline_moves(),
        tree.mainline_moves(),
        "{}",
        V::NAME
    );
    assert_eq!(annotated.mainline().count(), plies);
    for id in annotated.mainline() {
        let comment = &annotated.node(id).comment;
        assert!(is_evaluation(comment), "{}: {comment:?}", V::NAME);
        assert!(
            comment.ends_with(&format!("/{depth}")),
            "{}: {comment:?}",
            V::NAME
        );
    }
    let record = annotated.to_record();
    let read = GameTree::<V>::from_record(&record).expect("the annotated record reads");
    assert_eq!(read, annotated, "{}: {record}", V::NAME);

    let again = annotate(
        &mut Engine::<V>::new(Options::default()),
        &tree,
        &options(depth),
    );
    assert_eq!(again, annotated, "{}: the same analysis twice", V::NAME);
}

#[test]
fn every_move_gets_an_evaluation() {
    one_evaluation_per_move::<Dagger>(6, 3);
    one_evaluation_per_move::<Brusky>(6, 2);
    one_evaluation_per_move::<Kirby>(3, 1);
}

#[test]
fn existing_comments_and_glyphs_are_kept() {
    let mut tree = GameTree::from(&first_moves_game::<Dagger>(2));
    let first = tree.mainline().next().expect("a move");
    tree.node_mut(first).comment = "an opening".to_string();
    tree.node_mut(first).nags.push(1);
    let root = tree.root();
    tree.node_mut(root).comment = "before the game".to_string();
    let annotated = annotate(&mut Engine::new(Options::default()), &tree, &options(2));
    let node = annotated.node(first);
    let evaluation = node.comment.strip_prefix("an opening ").expect("kept");
    assert!(is_evaluation(evaluation), "{evaluation:?}");
    assert_eq!(node.nags.first(), Some(&1));
    assert_eq!(annotated.node(root).comment, "before the game");
}

/// From a position where the side to move mates in one, a game of one move that does not mate:
/// the annotation marks it a blunder and shows the mate as a variation.
fn missed_mate_is_a_blunder<V: Variant>(text: &str) {
    let start: V = text.parse().unwrap_or_else(|e| panic!("{text}: {e}"));
    let turn = start.turn();
    let mates = |mv: V::Move| {
        let mut game = Game::from_position(start.clone());
        game.play(mv).expect("legal");
        game.outcome().is_some_and(|o| o.is_win_for(turn))
    };
    let moves = start.legal_moves();
    let quiet = moves.iter().copied().find(|&mv| !mates(mv));
    let mut game = Game::from_position(start.clone());
    game.play(quiet.expect("a move that does not mate"))
        .expect("legal");
    let tree = GameTree::from(&game);

    let annotated = annotate(&mut Engine::new(Options::default()), &tree, &options(3));
    let played = annotated.mainline().next().expect("the move played");
    assert!(annotated.node(played).nags.contains(&NAG_BLUNDER), "{text}");
    assert!(
        !annotated.node(played).nags.contains(&NAG_MISTAKE),
        "{text}"
    );
    let root = annotated.node(annotated.root());
    assert_eq!(
        root.variations().len(),
        2,
        "{text}: the engine's line added"
    );
    let best = annotated.node(root.variations()[1]);
    assert!(
        mates(best.mv().expect("a move")),
        "{text}: the variation mates"
    );
    // The first side moves in both positions, so White's view is the mover's: a mate in one ply
    // (at the depth the search stopped at, once the mate was proved).
    assert!(best.comment.starts_with("#+1/"), "{text}: {}", best.comment);
    let after = &annotated.node(played).comment;
    assert!(!after.starts_with("#+"), "{text}: {after}");
    let read = GameTree::<V>::from_record(&annotated.to_record()).expect("reads");
    assert_eq!(read, annotated);
}

#[test]
fn a_missed_mate_gets_the_line_and_a_blunder_glyph() {
    missed_mate_is_a_blunder::<Brusky>("9/10/11/12/12/Q10/2K7/4k4 w - - 5 188");
    missed_mate_is_a_blunder::<Dagger>("k/2/3/2K1/3/R3/5/4/3/4/3/2/1 w -/- - 10 111");
}

#[test]
fn the_best_move_gets_no_variation() {
    let start: Dagger = "k/2/3/2K1/3/R3/5/4/3/4/3/2/1 w -/- - 10 111"
        .parse()
        .expect("parses");
    let mut engine = Engine::new(Options::default());
    let best = engine
        .search(&Game::from_position(start), &Limits::depth(3))
        .best
        .expect("a move");
    let mut game = Game::from_position(start);
    game.play(best).expect("legal");
    let annotated = annotate(&mut engine, &GameTree::from(&game), &options(3));
    let played = annotated.mainline().next().expect("the move");
    assert_eq!(annotated.node(annotated.root()).variations().len(), 1);
    assert!(annotated.node(played).nags.is_empty());
    // White mated: nothing left to search after the move.
    assert_eq!(annotated.node(played).comment, "#+0/0");
}

/// The missed mate of Dagger's position under other thresholds: a loss above the margin but not
/// above the blunder threshold is a mistake; a loss within the margin is left alone.
#[test]
fn thresholds_choose_the_glyph() {
    let start: Dagger = "k/2/3/2K1/3/R3/5/4/3/4/3/2/1 w -/- - 10 111"
        .parse()
        .expect("parses");
    let turn = start.turn();
    let quiet = start.legal_moves().iter().copied().find(|&mv| {
        let mut game = Game::from_position(start);
        game.play(mv).expect("legal");
        !game.outcome().is_some_and(|o| o.is_win_for(turn))
    });
    let mut game = Game::from_position(start);
    game.play(quiet.expect("a move that does not mate"))
        .expect("legal");
    let tree = GameTree::from(&game);
    let annotated_with = |margin: i32, blunder: i32| {
        let options = AnnotateOptions {
            margin,
            blunder,
            ..options(3)
        };
        annotate(&mut Engine::new(Options::default()), &tree, &options)
    };

    let mistake = annotated_with(100, i32::MAX);
    let played = mistake.mainline().next().expect("the move");
    assert_eq!(mistake.node(played).nags, [NAG_MISTAKE]);
    assert_eq!(mistake.node(mistake.root()).variations().len(), 2);

    let tolerant = annotated_with(i32::MAX, i32::MAX);
    let played = tolerant.mainline().next().expect("the move");
    assert!(tolerant.node(played).nags.is_empty());
    assert_eq!(tolerant.node(tolerant.root()).variations().len(), 1);
}
