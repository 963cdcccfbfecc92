//! The opponent: mates in one found, hanging men taken, only legal moves ever returned (random
//! positions of every variant, a search cut off at once included), a repetition avoided by the
//! side ahead. Every search here is limited by depth, never by time, so nothing depends on the
//! machine's speed. The positions come from seeded random games.

use std::time::Duration;

use hexvar_engine::{search_material, Engine, Levers, Limits, Options, Score, SearchResult};
use hexvar_geometry::checks::Rng;
use hexvar_geometry::{
    CellBits, Game, Variant, VariantColor, VariantOutcome, VariantPiece, VariantRole,
};

type Brusky = hexvar_brusky::Position;
type Chessagon = hexvar_chessagon::Position;
type Dagger = hexvar_dagger::Position;
type Cescacs = hexvar_cescacs::Position;
type Kirby = hexvar_kirby::Position;

/// A search by a fresh engine with the default options.
fn search<V: Variant>(game: &Game<V>, limits: Limits) -> SearchResult<V::Move> {
    Engine::new(Options::default()).search(game, &limits)
}

fn position<V: Variant>(text: &str) -> V {
    text.parse()
        .unwrap_or_else(|e| panic!("{}: {text:?} does not parse: {e}", V::NAME))
}

/// A game from `start` with a repetition draw at the third occurrence (Kirby's rules have none).
fn game<V: Variant>(start: V) -> Game<V> {
    let game = Game::from_position(start);
    if V::DRAW_RULES.automatic_repetition.is_none() {
        game.with_repetition_draw(3).expect("three occurrences")
    } else {
        game
    }
}

fn finds_mate_in_one<V: Variant>(text: &str) {
    let g = game(position::<V>(text));
    let turn = g.position().turn();
    let found = search(&g, Limits::depth(3));
    let mv = found.best.expect("a move");
    let mut after = g.clone();
    after.play(mv).expect("a legal move");
    assert!(
        after.outcome().is_some_and(|o| o.is_win_for(turn)),
        "{}: {mv} does not mate in {text}",
        V::NAME
    );
    assert_eq!(found.score, Score::MateIn(1), "{}: {text}", V::NAME);
}

#[test]
fn mate_in_one() {
    finds_mate_in_one::<Brusky>("9/10/11/12/12/Q10/2K7/4k4 w - - 5 188");
    finds_mate_in_one::<Chessagon>("2/4/6/8/5Q1K/8/8/7k/8/8/8/8/6/4/2 w - - 3 187");
    finds_mate_in_one::<Dagger>("k/2/3/2K1/3/R3/5/4/3/4/3/2/1 w -/- - 10 111");
    finds_mate_in_one::<Cescacs>(
        "/25:k3/23:G5/22:4V2/21:4P3/17:5e2/16:6N/15:1P1K4/10:1E5/8:3J3/7:4e3/6:3j3/5:3r2/4:j4/ \
         w - - 0 193",
    );
    finds_mate_in_one::<Kirby>(
        "layout=QL turn=B teams=B/W castling=- dead=- waiting=- B:NB/24,PB/38,BG/24,KC12,PD13,\
         NE12,PG14,RJ6,BK17,QL22 W:RW/13,RW/17,PW/32,PW/37,NE24,KK13,PK15,NP7",
    );
}

fn takes_hanging_man<V: Variant>(text: &str) {
    let g = game(position::<V>(text));
    let found = search(&g, Limits::depth(3));
    let mv = found.best.expect("a move");
    let taken = g.position().captured(mv);
    assert!(
        taken.is_some_and(|p| p.role().value() >= 500),
        "{}: {mv} takes {taken:?} in {text}",
        V::NAME
    );
}

#[test]
fn hanging_man_taken() {
    takes_hanging_man::<Brusky>("9/2K7/11/12/10k1/11/9R/9 b - - 7 199");
    takes_hanging_man::<Chessagon>("2/4/6/8/4k3/8/8/8/8/2r5/8/3K4/6/4/2 w - - 0 163");
    takes_hanging_man::<Dagger>("1/2/3/4/2k/K3/3R1/4/3/4/3/2/1 b -/- - 39 125");
    takes_hanging_man::<Cescacs>(
        "/27:1N/25:2R1/24:1e2n/17:4r3/16:k2e3/14:1P5/13:1g6/9:3p4/7:2G5/3:3G/0:K/ b - - 1 195",
    );
    takes_hanging_man::<Kirby>(
        "layout=QL turn=W teams=B/W castling=- dead=- waiting=- B:KB/12,PB/26,PB/31,RP/11,BR/12,\
         PF25,BP23 W:RP/31,KW/18,BB9,NJ10,PL14,PL22,PM21,PP7",
    );
}

/// Along random games from every named start, the engine's move is one of the legal moves, at a
/// small depth and when its time is up before it starts; none exactly when the game is over.
fn legal_moves_only<V: Variant>(games: usize) {
    let mut rng = Rng(19);
    let starts = V::start_positions();
    for g in 0..games {
        let (_, text) = &starts[g % starts.len()];
        let mut game = game(position::<V>(text));
        for ply in 0..160 {
            let legal = game.position().legal_moves();
            if ply % 11 == 3 || game.outcome().is_some() {
                for limits in [Limits::depth(2), Limits::movetime(Duration::ZERO)] {
                    let found = search(&game, limits.clone());
                    match found.best {
                        Some(mv) => assert!(
                            game.outcome().is_none() && legal.contains(&mv),
                            "{}: {mv} in {}",
                            V::NAME,
                            game.position()
                        ),
                        None => assert!(game.outcome().is_some(), "{}: no move", V::NAME),
                    }
                    let old = search_material(&game, &limits).best;
                    assert!(old.is_none_or(|mv| legal.contains(&mv)));
                }
            }
            if game.outcome().is_some() {
                break;
            }
            game.play(legal[rng.below(legal.len())])
                .expect("a legal move");
        }
    }
}

hexvar_geometry::variant_tests! { legal_moves_only;
    legal_moves_only_brusky: Brusky, 6;
    legal_moves_only_chessagon: Chessagon, 6;
    legal_moves_only_dagger: Dagger, 6;
    legal_moves_only_cescacs: Cescacs, 4;
    /// Every mode and layout of Kirby (2 to 6 armies, teams), a paranoid search in each.
    legal_moves_only_kirby: Kirby, Kirby::start_positions().len();
}

/// Whether the game is drawn or the side to move may claim a draw (C'escacs's threefold
/// repetition is a claim).
fn drawn_or_claimable<V: Variant>(g: &Game<V>) -> bool {
    g.outcome().is_some_and(|o| o.is_draw()) || g.claimable_draw().is_some()
}

/// A shuffle into `q3` (side A to move) ending with A's move `x`: from `q0` (`q3` after `x`,
/// side B to move) B plays `y`, A `x2` (undoing `x`), B `y2` (undoing `y`) back to `q3`, and
/// A's `x` brings `q0` again. Returns `q0` and the seven moves `y x2 y2 x y x2 y2`, after which
/// `x` would bring `q0` a third time (a draw, or one the opponent may claim).
fn shuffle_into<V: Variant>(q3: &V, x: V::Move) -> Option<(V, Vec<V::Move>)> {
    let back = |pos: &V, mv: V::Move| {
        let (from, to) = V::move_cells(mv);
        pos.legal_moves().iter().copied().find(|&m| {
            let (f, t) = V::move_cells(m);
            f == Some(to) && Some(t) == from && !pos.is_zeroing(m)
        })
    };
    if q3.is_zeroing(x) || V::move_cells(x).0.is_none() {
        return None;
    }
    let mut q0 = q3.clone();
    q0.play_unchecked(x);
    for y in q0.legal_moves() {
        if q0.is_zeroing(y) || V::move_cells(y).0.is_none() {
            continue;
        }
        let mut q1 = q0.clone();
        q1.play_unchecked(y);
        let Some(x2) = back(&q1, x) else { continue };
        let mut q2 = q1.clone();
        q2.play_unchecked(x2);
        let Some(y2) = back(&q2, y) else { continue };
        let line = vec![y, x2, y2, x, y, x2, y2];
        let mut g = game(q0.clone());
        if line.iter().all(|&m| g.play(m).is_ok())
            && g.outcome().is_none()
            && g.position().is_repetition_of(q3)
        {
            let mut drawn = g.clone();
            if drawn.play(x).is_ok() && drawn_or_claimable(&drawn) {
                return Some((q0, line));
            }
        }
    }
    None
}

/// The side ahead does not play the move it would play without the game's history when that
/// move repeats the position a third time. `text`: the side behind to move; the engine plays
/// both sides until the side ahead's chosen move can close a shuffle.
fn avoids_repetition<V: Variant>(text: &str) {
    let mut pos = position::<V>(text);
    for _ in 0..30 {
        let reply = search(&game(pos.clone()), Limits::depth(2))
            .best
            .expect("a move");
        pos.play_unchecked(reply);
        let x = search(&game(pos.clone()), Limits::depth(4))
            .best
            .expect("a move");
        if let Some((q0, line)) = shuffle_into(&pos, x) {
            let mut g = game(q0);
            for mv in line {
                g.play(mv).expect("the shuffle is legal");
            }
            let found = search(&g, Limits::depth(4));
            let mv = found.best.expect("a move");
            assert_ne!(mv, x, "{}: the engine repeats in {}", V::NAME, g.position());
            g.play(mv).expect("a legal move");
            assert!(!drawn_or_claimable(&g), "{}", V::NAME);
            return;
        }
        pos.play_unchecked(x);
    }
    panic!("{}: no shuffle found", V::NAME);
}

#[test]
fn repetition_avoided_when_ahead() {
    avoids_repetition::<Brusky>("9/10/11/2p9/1P10/1r9/1b7K/5k3 w - - 0 163");
    avoids_repetition::<Chessagon>("2/4/5k/2P5/5P2/8/Q7/8/8/1K6/2B5/8/6/4/2 b - - 0 171");
    avoids_repetition::<Dagger>("1/2/P2/4/b1k/4/3n1/4/3/4/2K/2/n w -/- - 0 91");
    avoids_repetition::<Cescacs>(
        "/28:G/25:2P1/23:1k4/22:4V2/15:1P1K1N2/10:1E5/8:3J3/7:2j1e3/6:3j3/5:3r2/ b - - 0 197",
    );
    avoids_repetition::<Kirby>(
        "layout=QL turn=W teams=B/W castling=- dead=- waiting=- B:KB/35,BS/11,PC20,PD9,PD17,\
         NE10,RE12,NE20,PE24,BK23,RM19 W:BS/34,KW/17,NR/27,NJ10,PP13",
    );
}

/// A finished game has no best move; the score says who won.
#[test]
fn finished_game_has_no_move() {
    let mut g = game(position::<Brusky>("9/10/11/12/12/Q10/2K7/4k4 w - - 5 188"));
    let mate = search(&g, Limits::depth(2)).best.expect("the mate");
    g.play(mate).expect("legal");
    let found = search(&g, Limits::depth(2));
    assert_eq!(found.best, None);
    assert_eq!(found.score, Score::MatedIn(0));
}

/// Material from the side to move's view, by role letter.
fn material<V: Variant>(pos: &V) -> i32 {
    V::cells()
        .iter()
        .filter_map(|&c| pos.piece_at(c))
        .map(|p| {
            let v = p.role().value();
            if p.color() == pos.turn() {
                v
            } else {
                -v
            }
        })
        .sum()
}

/// Chessagon after 1. hg6 de10 2. cb7 De11 3. a5 (where the engine was seen to play 3...Dxb3 at
/// depth 4): at every depth up to 5 its move loses no material against the best replies of a
/// material-only search (its quiescence settles the exchanges), an independent judge of the
/// exchange on b3 (Duke takes Rook, Bishop takes back: a Rook for a Duke, not a loss).
#[test]
fn no_material_given_away_after_the_duke_line() {
    let mut g: Game<Chessagon> = Game::new();
    for san in ["hg6", "de10", "cb7", "De11", "a5"] {
        let mv = g.position().parse_san(san).expect("the line is legal");
        g.play(mv).expect("legal");
    }
    let before = material(g.position());
    for depth in 1..=5 {
        let mv = search(&g, Limits::depth(depth)).best.expect("a move");
        let mut after = g.clone();
        after.play(mv).expect("legal");
        let reply = search_material(&after, &Limits::depth(2)).score;
        let Score::Centipawns(reply) = reply else {
            panic!("depth {depth}: {reply:?}")
        };
        assert!(
            -reply >= before,
            "depth {depth}: {} loses material ({before} -> {}) in {}",
            g.position().san(mv),
            -reply,
            g.position()
        );
    }
}

/// Three-army Kirby, Silver K+Q+P and Red K+R against Black's lone King (a game once shuffled
/// here for 190 plies without a mate; Kirby has no draw rule): the engine, playing every army at
/// 100,000 nodes a move and with the mating drive, should eliminate Black within 500 plies. Not
/// yet: with the variants' own values and `in_play` (merged from main) the drive no longer gets
/// there (it did in 248 plies before, with the letter values; never without it); the paranoid
/// search lets the two other armies shield the lone king. Kept as the open target.
#[test]
#[ignore = "known failure: the three-army mate is not found yet (see the comment)"]
fn kirby_lone_king_is_mated() {
    let plies = kirby_lone_king(Levers {
        mating_drive: true,
        ..Levers::default()
    });
    assert!(plies.is_some(), "Black is still alive after 500 plies");
}

/// The plies the engine takes to eliminate Black from the three-army position above (at most
/// 500), with these levers.
fn kirby_lone_king(levers: Levers) -> Option<usize> {
    let start: Kirby = position(
        "layout=QL turn=S teams=B/S/R castling=- dead=- waiting=- B:KB/15 S:KS/15,QS/14,PS/22 \
         R:KR/15,RR/11",
    );
    let black = hexvar_kirby::Color::Black;
    let king = hexvar_kirby::Role::King;
    let alive = |pos: &Kirby| {
        use hexvar_geometry::CellBits;
        let kings = pos.by_role(king);
        pos.by_color(black)
            .indices()
            .any(|c| kings.contains_index(c))
    };
    assert!(alive(&start));
    let mut g = Game::from_position(start);
    let mut engine = Engine::new(Options {
        levers,
        ..Options::default()
    });
    for ply in 0..500 {
        let found = engine.search(&g, &Limits::nodes(100_000));
        let Some(mv) = found.best else { break };
        g.play(mv).expect("legal");
        if !alive(g.position()) {
            return Some(ply + 1);
        }
    }
    None
}

/// Null-move pruning does not pass where a pass proves nothing: with king and pawns alone on
/// both sides (zugzwang is common there), and while three Kirby armies are in play. The
/// search with the lever is then the search without it, node for node.
#[test]
fn null_move_stays_out_of_pawn_endings_and_three_armies() {
    fn unchanged<V: Variant>(text: &str, depth: u32) {
        let g = game(position::<V>(text));
        let run = |null_move| {
            let levers = Levers {
                null_move,
                ..Levers::default()
            };
            let options = Options {
                levers,
                ..Options::default()
            };
            Engine::new(options).search(&g, &Limits::depth(depth))
        };
        let (on, off) = (run(true), run(false));
        assert_eq!(
            (on.best, on.score, on.nodes),
            (off.best, off.score, off.nodes),
            "{}: {text}",
            V::NAME
        );
    }
    unchanged::<Brusky>("9/10/11/2p9/1P10/11/9K/5k3 w - - 0 163", 8);
    // The pawns stand far from promotion: a queen made within the search would allow a pass.
    unchanged::<Chessagon>("2/4/5k/8/8/8/8/8/2P5/1K6/5P2/8/6/4/2 b - - 0 171", 8);
    unchanged::<Kirby>(
        "layout=QL turn=S teams=B/S/R castling=- dead=- waiting=- B:KB/15 S:KS/15,QS/14,PS/22 \
         R:KR/15,RR/11",
        4,
    );
}

/// With the lever, a mate in one is still found and scored as one: a pass never cuts a node
/// whose beta is a mate score.
#[test]
fn null_move_keeps_mates() {
    fn mates<V: Variant>(text: &str) {
        let g = game(position::<V>(text));
        let levers = Levers {
            null_move: true,
            ..Levers::default()
        };
        let options = Options {
            levers,
            ..Options::default()
        };
        let found = Engine::new(options).search(&g, &Limits::depth(5));
        assert_eq!(found.score, Score::MateIn(1), "{}: {text}", V::NAME);
    }
    mates::<Brusky>("9/10/11/12/12/Q10/2K7/4k4 w - - 5 188");
    mates::<Chessagon>("2/4/6/8/5Q1K/8/8/7k/8/8/8/8/6/4/2 w - - 3 187");
    mates::<Dagger>("k/2/3/2K1/3/R3/5/4/3/4/3/2/1 w -/- - 10 111");
}

/// The search asks a position that has legal moves for its outcome only where the game may still
/// be over: after a zeroing move, with a pawn on the board and two teams in play, it takes the
/// game to go on (the draws by move count start again, the draws of material need a board
/// without pawns, a multi-army game ends with one team left). Along random games from every
/// start, no such position has an outcome.
fn games_go_on_after_zeroing_moves_with_pawns<V: Variant>(games: usize) {
    let mut rng = Rng(0x2E80);
    let pawn = <V::Role as VariantRole>::ALL
        .iter()
        .copied()
        .find(|r| r.char() == 'P');
    let mut checked = 0;
    for (_, text) in V::start_positions() {
        let start = position::<V>(&text);
        for _ in 0..games {
            let mut pos = start.clone();
            for _ in 0..300 {
                let legal = pos.legal_moves();
                if legal.is_empty() || pos.outcome().is_some() {
                    break;
                }
                let mv = legal[rng.below(legal.len())];
                let zeroing = pos.is_zeroing(mv);
                pos.play_unchecked(mv);
                let pawns = pawn.is_some_and(|p| !pos.by_role(p).is_empty());
                let sides: Vec<_> = V::Color::ALL
                    .iter()
                    .copied()
                    .filter(|&c| pos.in_play(c))
                    .collect();
                let teams = sides
                    .iter()
                    .any(|&a| sides.iter().any(|&b| !pos.same_team(a, b)));
                if zeroing && pawns && teams && !pos.legal_moves().is_empty() {
                    assert_eq!(pos.outcome(), None, "{}: {pos}", V::NAME);
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 100, "{}: {checked} positions", V::NAME);
}

hexvar_geometry::variant_tests! { games_go_on_after_zeroing_moves_with_pawns;
    games_go_on_brusky: Brusky, 10;
    games_go_on_chessagon: Chessagon, 10;
    games_go_on_dagger: Dagger, 10;
    games_go_on_cescacs: Cescacs, 4;
    games_go_on_kirby: Kirby, 1;
}
