//! The JSON API against the router: every variant's games, and every kind of bad input answered
//! with a 4xx JSON message that leaves the game unchanged.

use std::collections::BTreeSet;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
use hexvar_play::game::MoveView;
use hexvar_play::server::{GameView, VariantView};
use hexvar_play::{router, AppState, Config, VARIANTS};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

fn app_with(max_games: usize) -> (Router, AppState) {
    let state = AppState::new(Config {
        max_games,
        ..Config::default()
    });
    (router(state.clone()), state)
}

fn app() -> Router {
    app_with(64).0
}

async fn call(app: &Router, method: &str, path: &str, body: Option<&str>) -> (StatusCode, Value) {
    let mut request = Request::builder().method(method).uri(path);
    if body.is_some() {
        request = request.header("content-type", "application/json");
    }
    let request = request
        .body(Body::from(body.unwrap_or("").to_string()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes).unwrap_or_else(|e| {
        panic!(
            "{method} {path}: not JSON ({e}): {}",
            String::from_utf8_lossy(&bytes)
        )
    });
    (status, value)
}

async fn new_game(app: &Router, body: Value) -> GameView {
    let (status, value) = call(app, "POST", "/api/games", Some(&body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{value}");
    serde_json::from_value(value).unwrap()
}

async fn get(app: &Router, id: &str) -> GameView {
    view(call(app, "GET", &format!("/api/games/{id}"), None).await)
}

/// Brusky with Black's pawn on a2 next to White's knight on b1: it takes onto the last rank and
/// promotes four ways.
const BRUSKY_PROMOTIONS: &str = "9/B2b6/5NP3k/B2P2P5/1P10/11/p6K2/1N7 b - - 1 99";

/// The legal moves from a2 to b1 (the four promotions in [`BRUSKY_PROMOTIONS`]).
fn promotions(game: &GameView) -> Vec<&MoveView> {
    game.moves
        .iter()
        .filter(|m| m.from.as_deref() == Some("a2") && m.to == "b1")
        .collect()
}

/// The game of a 200 answer.
fn view((status, value): (StatusCode, Value)) -> GameView {
    assert_eq!(status, StatusCode::OK, "{value}");
    serde_json::from_value(value).unwrap()
}

/// `POST /api/games/{id}/{action}` with `body`.
async fn post(app: &Router, id: &str, action: &str, body: Option<&str>) -> (StatusCode, Value) {
    call(app, "POST", &format!("/api/games/{id}/{action}"), body).await
}

async fn play(app: &Router, id: &str, mv: &str) -> (StatusCode, Value) {
    let body = json!({ "move": mv }).to_string();
    post(app, id, "move", Some(&body)).await
}

/// A refusal: the status, and a JSON body whose `error` is a non-empty message.
fn assert_refused(got: (StatusCode, Value), status: StatusCode) -> String {
    assert_eq!(got.0, status, "{}", got.1);
    let message = got.1["error"]
        .as_str()
        .expect("an error message")
        .to_string();
    assert!(!message.is_empty());
    message
}

fn same_game(a: &GameView, b: &GameView) {
    assert_eq!(a.position, b.position);
    assert_eq!(a.hash, b.hash);
    assert_eq!(a.history, b.history);
    assert_eq!(a.moves, b.moves);
}

#[tokio::test]
async fn lists_every_variant_with_its_start_positions() {
    let app = app();
    let (status, value) = call(&app, "GET", "/api/variants", None).await;
    assert_eq!(status, StatusCode::OK);
    let variants: Vec<VariantView> = serde_json::from_value(value).unwrap();
    let names: Vec<&str> = variants.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["brusky", "chessagon", "dagger", "cescacs", "kirby"]);
    for v in &variants {
        assert!(!v.starts.is_empty(), "{}", v.name);
        assert!(!v.title.is_empty());
    }
    let kirby = variants.iter().find(|v| v.name == "kirby").unwrap();
    assert!(kirby.starts.len() >= 7, "Kirby's modes and layouts");
}

#[tokio::test]
async fn every_variant_starts_plays_and_undoes() {
    let app = app();
    for kind in VARIANTS {
        let game = new_game(&app, json!({ "variant": kind.name() })).await;
        assert_eq!(game.variant, kind.name());
        assert_eq!(game.position, game.start);
        assert!(game.outcome.is_none());
        assert!(!game.moves.is_empty());
        // The picture names every cell a move touches.
        for m in &game.moves {
            assert!(
                game.svg.contains(&format!("data-cell=\"{}\"", m.to)),
                "{}",
                m.to
            );
            if let Some(from) = &m.from {
                assert!(
                    game.svg.contains(&format!("data-cell=\"{from}\"")),
                    "{from}"
                );
            }
        }
        let first = game.moves[0].clone();
        let after = view(play(&app, &game.id, &first.notation).await);
        assert_ne!(after.position, game.position);
        assert_eq!(after.history, vec![first.clone()]);
        assert_eq!(after.last_move, Some(first));
        assert_ne!(after.turn, game.turn);
        assert_eq!(get(&app, &game.id).await.position, after.position);
        let undone = view(post(&app, &game.id, "undo", None).await);
        same_game(&undone, &game);
    }
}

#[tokio::test]
async fn a_game_from_a_start_name_or_a_position_text() {
    let app = app();
    for kind in VARIANTS {
        for (name, text) in kind.start_positions() {
            let game = new_game(&app, json!({ "variant": kind.name(), "start": name })).await;
            assert_eq!(game.position, text, "{} {name}", kind.name());
        }
        let (_, text) = kind.start_positions().pop().unwrap();
        let game = new_game(
            &app,
            json!({ "variant": kind.name(), "position": format!("  {text} ") }),
        )
        .await;
        assert_eq!(game.position, text);
    }
}

#[tokio::test]
async fn bad_new_game_requests_are_refused_and_create_nothing() {
    let (app, state) = app_with(64);
    let cases: Vec<(&str, &str)> = vec![
        ("unknown variant", r#"{"variant": "xiangqi"}"#),
        ("unknown start", r#"{"variant": "kirby", "start": "9p"}"#),
        (
            "malformed position",
            r#"{"variant": "brusky", "position": "not a position"}"#,
        ),
        (
            "another variant's position",
            r#"{"variant": "dagger", "position": "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/RNBQBKBNR w KQkq - 0 1"}"#,
        ),
        (
            "empty position",
            r#"{"variant": "cescacs", "position": ""}"#,
        ),
        ("malformed JSON", r#"{"variant": "#),
        ("missing variant", r#"{"position": "x"}"#),
        ("unknown field", r#"{"variant": "brusky", "colour": "w"}"#),
        ("wrong type", r#"{"variant": 7}"#),
    ];
    for (what, body) in cases {
        let message = assert_refused(
            call(&app, "POST", "/api/games", Some(body)).await,
            StatusCode::BAD_REQUEST,
        );
        println!("{what}: {message}");
    }
    // Without a JSON content type.
    let request = Request::builder()
        .method("POST")
        .uri("/api/games")
        .body(Body::from(r#"{"variant": "brusky"}"#))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert_eq!(state.game_count(), 0);
    let message = assert_refused(
        call(
            &app,
            "POST",
            "/api/games",
            Some(r#"{"variant": "xiangqi"}"#),
        )
        .await,
        StatusCode::BAD_REQUEST,
    );
    assert!(
        message.contains("xiangqi") && message.contains("kirby"),
        "{message}"
    );
}

#[tokio::test]
async fn unknown_games_and_paths_are_404() {
    let app = app();
    for (method, path, body) in [
        ("GET", "/api/games/0000000000000000", None),
        ("GET", "/api/games/not-an-id", None),
        ("POST", "/api/games/nope/move", Some(r#"{"move": "e2-e4"}"#)),
        ("POST", "/api/games/nope/undo", None),
        ("POST", "/api/games/nope/opponent", None),
        ("GET", "/api/nothing-here", None),
    ] {
        assert_refused(call(&app, method, path, body).await, StatusCode::NOT_FOUND);
    }
    let game = new_game(&app, json!({ "variant": "brusky" })).await;
    for (method, path) in [
        ("GET", "/api/games".to_string()),
        ("DELETE", format!("/api/games/{}", game.id)),
        ("GET", format!("/api/games/{}/move", game.id)),
        ("PUT", "/api/variants".to_string()),
    ] {
        assert_refused(
            call(&app, method, &path, None).await,
            StatusCode::METHOD_NOT_ALLOWED,
        );
    }
    same_game(&get(&app, &game.id).await, &game);
}

#[tokio::test]
async fn illegal_and_malformed_moves_are_refused_and_change_nothing() {
    let app = app();
    for kind in VARIANTS {
        let game = new_game(&app, json!({ "variant": kind.name() })).await;
        let id = &game.id;
        // A legal move of the other side: the first move from the position after one move.
        let (_, after) = play(&app, id, &game.moves[0].notation).await;
        let after: GameView = serde_json::from_value(after).unwrap();
        let other_side = after.moves[0].notation.clone();
        post(&app, id, "undo", None).await;
        let before = get(&app, id).await;
        same_game(&before, &game);
        let bad_moves = ["", "   ", "zz9-zz10", "e2e4e6", "\u{a0}", "K", &other_side];
        for mv in bad_moves {
            if game.moves.iter().any(|m| m.notation == mv) {
                continue;
            }
            let message =
                assert_refused(play(&app, id, mv).await, StatusCode::UNPROCESSABLE_ENTITY);
            assert!(message.starts_with("illegal move"), "{message}");
            same_game(&get(&app, id).await, &before);
        }
        for body in [r#"{"mv": "x"}"#, "[]", "{", r#"{"move": 5}"#] {
            assert_refused(
                post(&app, id, "move", Some(body)).await,
                StatusCode::BAD_REQUEST,
            );
            same_game(&get(&app, id).await, &before);
        }
        assert_refused(
            post(&app, id, "opponent", Some(r#"{"millis": "soon"}"#)).await,
            StatusCode::BAD_REQUEST,
        );
        same_game(&get(&app, id).await, &before);
    }
}

#[tokio::test]
async fn undo_without_a_move_is_a_conflict() {
    let app = app();
    let game = new_game(&app, json!({ "variant": "dagger" })).await;
    assert_refused(
        post(&app, &game.id, "undo", None).await,
        StatusCode::CONFLICT,
    );
    same_game(&get(&app, &game.id).await, &game);
}

#[tokio::test]
async fn the_least_recently_used_game_is_dropped() {
    let (app, state) = app_with(3);
    let a = new_game(&app, json!({ "variant": "brusky" })).await;
    let b = new_game(&app, json!({ "variant": "dagger" })).await;
    let c = new_game(&app, json!({ "variant": "kirby" })).await;
    get(&app, &a.id).await; // a is now more recent than b
    let d = new_game(&app, json!({ "variant": "cescacs" })).await;
    assert_eq!(state.game_count(), 3);
    assert_refused(
        call(&app, "GET", &format!("/api/games/{}", b.id), None).await,
        StatusCode::NOT_FOUND,
    );
    for id in [&a.id, &c.id, &d.id] {
        get(&app, id).await;
    }
}

/// The opponent answers under the board's time limit in every variant. How long it took is not
/// asserted: CI runs on loaded machines, and the engine's own tests bound its search by nodes and
/// depth; here the answer must be a legal move.
#[tokio::test]
async fn the_opponent_answers_in_every_variant() {
    let app = app();
    warm_up(&app).await;
    for kind in VARIANTS {
        for (name, _) in kind.start_positions().into_iter().take(3) {
            let game = new_game(&app, json!({ "variant": kind.name(), "start": name })).await;
            let (status, value) = post(&app, &game.id, "opponent", None).await;
            assert_eq!(status, StatusCode::OK, "{} {name}: {value}", kind.name());
            let after: GameView = serde_json::from_value(value).unwrap();
            assert_eq!(after.history.len(), 1);
            assert!(game.moves.contains(&after.history[0]));
        }
        // A shorter limit from the request.
        let game = new_game(&app, json!({ "variant": kind.name() })).await;
        let (status, value) = post(&app, &game.id, "opponent", Some(r#"{"millis": 100}"#)).await;
        assert_eq!(status, StatusCode::OK, "{}: {value}", kind.name());
    }
}

/// Brusky's quickest mate: White mates on the third ply.
const BRUSKY_MATE: [&str; 3] = ["d1-e3", "g8-f6", "e3-e4"];
/// A quick mate in Kirby's two-army game: Black's queen mates White on the fifth ply.
const KIRBY_MATE: [&str; 5] = ["B/23-B/33", "W/26-W/36", "B/14-A8", "W/27-Q10", "A8-Q8"];

async fn play_all(app: &Router, id: &str, moves: &[&str]) -> GameView {
    let mut last = None;
    for mv in moves {
        let (status, value) = play(app, id, mv).await;
        assert_eq!(status, StatusCode::OK, "{mv}: {value}");
        last = Some(serde_json::from_value(value).unwrap());
    }
    last.unwrap()
}

#[tokio::test]
async fn a_finished_game_refuses_moves_and_the_opponent_but_can_be_undone() {
    let app = app();
    for (variant, line) in [("brusky", &BRUSKY_MATE[..]), ("kirby", &KIRBY_MATE[..])] {
        let game = new_game(&app, json!({ "variant": variant })).await;
        let end = play_all(&app, &game.id, line).await;
        let outcome = end.outcome.clone().expect("mate");
        assert!(outcome.winner.is_some(), "{outcome:?}");
        assert_eq!(outcome.reason, "checkmate");
        assert!(outcome.text.contains("checkmate"), "{outcome:?}");
        if variant == "brusky" {
            // (In Kirby's game the mated army is dead and no longer to move.)
            assert!(end.check, "the mated side is in check");
            assert_eq!(end.checked, ["f6"], "the mated king's cell");
        }
        assert!(end.moves.is_empty());
        let message = assert_refused(play(&app, &game.id, "a1-a2").await, StatusCode::CONFLICT);
        assert!(message.contains("over"), "{message}");
        assert_refused(
            post(&app, &game.id, "opponent", None).await,
            StatusCode::CONFLICT,
        );
        same_game(&get(&app, &game.id).await, &end);
        let (status, value) = post(&app, &game.id, "undo", None).await;
        assert_eq!(status, StatusCode::OK);
        let undone: GameView = serde_json::from_value(value).unwrap();
        assert!(undone.outcome.is_none());
        assert_eq!(undone.history.len(), line.len() - 1);
    }
}

#[tokio::test]
async fn the_opponent_finds_a_mate_in_one() {
    let app = app();
    for (variant, line) in [("brusky", &BRUSKY_MATE[..]), ("kirby", &KIRBY_MATE[..])] {
        let game = new_game(&app, json!({ "variant": variant })).await;
        let (last, before) = line.split_last().unwrap();
        play_all(&app, &game.id, before).await;
        let after = view(post(&app, &game.id, "opponent", None).await);
        assert!(
            after.outcome.is_some(),
            "{variant}: the opponent played {:?}, not {last}",
            after.last_move
        );
    }
}

#[tokio::test]
async fn the_opponent_plays_legal_moves_against_itself() {
    let app = app();
    let game = new_game(&app, json!({ "variant": "dagger" })).await;
    // Play the opponent against itself for a few plies: every answer is legal.
    for _ in 0..4 {
        let before = get(&app, &game.id).await;
        let after = view(post(&app, &game.id, "opponent", Some(r#"{"millis": 150}"#)).await);
        assert!(before.moves.contains(after.last_move.as_ref().unwrap()));
    }
}

#[tokio::test]
async fn moves_sharing_cells_and_moves_from_the_hand_are_listed() {
    let app = app();
    // Brusky: a pawn capturing onto the last rank promotes four ways.
    let game = new_game(
        &app,
        json!({ "variant": "brusky", "position": BRUSKY_PROMOTIONS }),
    )
    .await;
    let promotions = promotions(&game);
    assert_eq!(promotions.len(), 4, "{promotions:?}");
    // Dagger: a knight in hand drops.
    let game = new_game(
        &app,
        json!({ "variant": "dagger", "position": "k/rr/bbb/pppp/1p1/1p1p/3P1/4/PPP/PP1P/BBB/RR/K w LR/LR - 0 3" }),
    )
    .await;
    let drop = game
        .moves
        .iter()
        .find(|m| m.from.is_none())
        .expect("a drop");
    let (status, value) = play(&app, &game.id, &drop.notation).await;
    assert_eq!(status, StatusCode::OK, "{value}");
}

/// One search per variant, untimed: the opponent measures each board once per process (its
/// tables from random games) before its first search there.
async fn warm_up(app: &Router) {
    for kind in VARIANTS {
        let game = new_game(app, json!({ "variant": kind.name() })).await;
        let (status, value) = post(app, &game.id, "opponent", Some(r#"{"depth": 1}"#)).await;
        assert_eq!(status, StatusCode::OK, "{value}");
    }
}

/// A short time limit from the request is taken in every start position (answered with a legal
/// move; how long it took is not asserted, see above).
#[tokio::test]
async fn the_opponent_takes_a_short_limit_from_every_start_position() {
    let app = app();
    warm_up(&app).await;
    for kind in VARIANTS {
        for (name, _) in kind.start_positions() {
            let game = new_game(&app, json!({ "variant": kind.name(), "start": name })).await;
            let (status, value) =
                post(&app, &game.id, "opponent", Some(r#"{"millis": 150}"#)).await;
            assert_eq!(status, StatusCode::OK, "{} {name}: {value}", kind.name());
            let after: GameView = serde_json::from_value(value).unwrap();
            assert!(game.moves.contains(after.last_move.as_ref().unwrap()));
        }
    }
}

/// A line that repeats a position in each variant (Kirby with the board's repetition option).
const REPETITIONS: [(&str, &str); 5] = [
    ("brusky", "Kg3 Kf6 Kf1 Kg8 Kg3 Kf6 Kf1 Kg8 Kg3 Kf6"),
    ("chessagon", "Nd5 Nb9 Nc3 Nc13 Nd5 Nb9 Nc3 Nc13"),
    ("dagger", "df1 g2 Bd1 Bj1 Bc2 Bl1 Bd1 Bj1 Bc2 Bl1"),
    (
        "cescacs",
        "ED4-C7 EE23-D20 EC7-D4 ED20-E23 ED4-C7 EE23-D20 EC7-D4 ED20-E23",
    ),
    ("kirby", "NB/31 NW/31 NB/12 NW/12 NB/31 NW/31 NB/12 NW/12"),
];

#[tokio::test]
async fn every_variant_ends_a_repeated_game_by_its_rules() {
    let app = app();
    for (variant, line) in REPETITIONS {
        let moves: Vec<&str> = line.split(' ').collect();
        let mut body = json!({ "variant": variant });
        if variant == "kirby" {
            body["repetition"] = json!(3);
        }
        let game = new_game(&app, body).await;
        let end = play_all(&app, &game.id, &moves).await;
        assert_eq!(end.repetitions, 3, "{variant}");
        if variant == "cescacs" {
            // The third time may be claimed; the fifth draws by itself.
            assert!(end.outcome.is_none());
            assert_eq!(end.claimable.as_deref(), Some("threefold repetition"));
            let claimed = view(post(&app, &game.id, "claim", None).await);
            let outcome = claimed.outcome.expect("a claimed draw");
            assert_eq!(outcome.reason, "threefold repetition");
            assert_eq!(claimed.declared, Some(hexvar_play::game::Declared::Claim));
            continue;
        }
        let outcome = end.outcome.clone().expect("a repetition draw");
        assert_eq!(outcome.winner, None, "{variant}");
        assert_eq!(outcome.reason, "threefold repetition", "{variant}");
        assert_eq!(outcome.result, "1/2-1/2");
        assert_eq!(end.result, "1/2-1/2");
        assert!(end.moves.is_empty());
        assert!(end.record.contains("1/2-1/2"), "{}", end.record);
        let message = assert_refused(play(&app, &game.id, moves[0]).await, StatusCode::CONFLICT);
        assert!(message.contains("repetition"), "{message}");
    }
    // Kirby without the option: its rules have no repetition draw.
    let game = new_game(&app, json!({ "variant": "kirby" })).await;
    assert_eq!(game.repetition_draw, None);
    let moves: Vec<&str> = REPETITIONS[4].1.split(' ').collect();
    let end = play_all(&app, &game.id, &moves).await;
    assert!(end.outcome.is_none());
    // The option is only for variants without repetition rules.
    let message = assert_refused(
        call(
            &app,
            "POST",
            "/api/games",
            Some(r#"{"variant": "dagger", "repetition": 3}"#),
        )
        .await,
        StatusCode::BAD_REQUEST,
    );
    assert!(message.contains("own repetition rules"), "{message}");
}

#[tokio::test]
async fn moves_pairs_of_sides_and_what_each_move_changes() {
    let app = app();
    // Brusky castling: the rook's two cells are the move's other cells.
    let game = new_game(
        &app,
        json!({ "variant": "brusky", "position": "rnbkbqbnr/pppppppppp/11/12/12/11/PPPPPPPPPP/R4K2R w KQkq - 0 1" }),
    )
    .await;
    let castlings: Vec<_> = game.moves.iter().filter(|m| !m.also.is_empty()).collect();
    let sans: BTreeSet<&str> = castlings.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, BTreeSet::from(["O-O", "O-O-O"]));
    for m in castlings {
        assert_eq!(m.from.as_deref(), Some("f1"));
        assert_eq!(m.side, "w");
        assert!(!m.capture);
        let rook = m
            .changes
            .iter()
            .find(|c| c.before.as_ref().is_some_and(|man| man.role == "R"))
            .expect("the rook leaves its cell");
        assert!(m.also.contains(&rook.cell), "{m:?}");
        assert_eq!(m.changes.len(), 4);
    }
    // A capture is marked.
    let game = new_game(
        &app,
        json!({ "variant": "brusky", "position": BRUSKY_PROMOTIONS }),
    )
    .await;
    let promotions = promotions(&game);
    assert_eq!(promotions.len(), 4);
    assert!(promotions
        .iter()
        .all(|m| m.capture && m.san.starts_with("axb1=")));
    let roles: BTreeSet<&str> = promotions
        .iter()
        .map(|m| {
            m.changes
                .iter()
                .find(|c| c.cell == "b1")
                .and_then(|c| c.after.as_ref())
                .map(|man| man.role.as_str())
                .unwrap()
        })
        .collect();
    assert_eq!(roles, BTreeSet::from(["B", "N", "Q", "R"]));
    // Kirby: the sides of the game, and the men on the board.
    let game = new_game(&app, json!({ "variant": "kirby", "start": "3p QL" })).await;
    assert_eq!(game.sides.len(), 3);
    assert_eq!(game.turn, game.sides[0]);
    assert!(game.pieces.iter().all(|p| game.sides.contains(&p.side)));
    assert_eq!(game.first_number, 1);
}

#[tokio::test]
async fn a_game_from_moves_and_a_record_and_back() {
    let app = app();
    let moves = ["Nd5", "Nb9", "Nc3", "Nc13", "a5"];
    let game = new_game(&app, json!({ "variant": "chessagon", "moves": moves })).await;
    let sans: Vec<&str> = game.history.iter().map(|m| m.san.as_str()).collect();
    assert_eq!(sans, moves);
    // Moves in the variant's notation work too.
    let notation: Vec<String> = game.history.iter().map(|m| m.notation.clone()).collect();
    let same = new_game(&app, json!({ "variant": "chessagon", "moves": notation })).await;
    assert_eq!(same.position, game.position);
    // The record reads back, with or without the variant named.
    assert!(game.record.contains("[Variant \"chessagon\"]"));
    assert!(
        game.record.contains("1. Nd5 Nb9 2. Nc3 Nc13 3. a5 *"),
        "{}",
        game.record
    );
    for body in [
        json!({ "record": game.record }),
        json!({ "record": game.record, "variant": "chessagon" }),
    ] {
        let read = new_game(&app, body).await;
        assert_eq!(read.history, game.history);
        assert_eq!(read.record, game.record);
    }
    // A Kirby game keeps the board's repetition option in its record.
    let kirby = new_game(
        &app,
        json!({ "variant": "kirby", "start": "3p QL", "repetition": 3 }),
    )
    .await;
    assert!(
        kirby.record.contains("[Repetition \"3\"]"),
        "{}",
        kirby.record
    );
    let read = new_game(&app, json!({ "record": kirby.record })).await;
    assert_eq!(read.repetition_draw, Some(3));
    assert_eq!(read.start, kirby.start);
    // Bad records and moves: located errors, nothing created.
    for (body, needle, status) in [
        (
            json!({ "record": "[Variant \"chessagon\"]\n\n1. Nd5 Qz99" }),
            "line 3",
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "record": "1. e4 e5" }),
            "Variant tag",
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "record": game.record, "variant": "brusky" }),
            "not a brusky game record",
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "record": game.record, "moves": ["a5"] }),
            "brings its own",
            StatusCode::BAD_REQUEST,
        ),
        (
            json!({ "variant": "chessagon", "moves": ["Nd5", "Nd5"] }),
            "move 2",
            StatusCode::UNPROCESSABLE_ENTITY,
        ),
    ] {
        let message = assert_refused(
            call(&app, "POST", "/api/games", Some(&body.to_string())).await,
            status,
        );
        assert!(message.contains(needle), "{message}");
    }
    // The record as text.
    let request = Request::get(format!("/api/games/{}/record", game.id))
        .body(Body::empty())
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    assert_eq!(String::from_utf8(bytes.to_vec()).unwrap(), game.record);
}

#[tokio::test]
async fn earlier_positions_undo_of_several_moves_and_declared_draws() {
    let app = app();
    let game = new_game(
        &app,
        json!({ "variant": "dagger", "moves": ["df1", "g2", "Bd1", "Bj1"] }),
    )
    .await;
    let id = &game.id;
    let (status, start) = call(&app, "GET", &format!("/api/games/{id}/ply/0"), None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(start["position"], json!(game.start));
    assert_eq!(start["last_move"], Value::Null);
    let (_, two) = call(&app, "GET", &format!("/api/games/{id}/ply/2"), None).await;
    assert_eq!(two["last_move"]["san"], json!("g2"));
    assert_eq!(two["ply"], json!(2));
    let (_, four) = call(&app, "GET", &format!("/api/games/{id}/ply/4"), None).await;
    assert_eq!(four["position"], json!(game.position));
    // Beyond the game: not found; not a number: a bad path, as the README says.
    for bad in ["5", "99999999999999999999999"] {
        assert_refused(
            call(&app, "GET", &format!("/api/games/{id}/ply/{bad}"), None).await,
            StatusCode::NOT_FOUND,
        );
    }
    for bad in ["-1", "x", "abc", "1.5", "%20"] {
        let message = assert_refused(
            call(&app, "GET", &format!("/api/games/{id}/ply/{bad}"), None).await,
            StatusCode::BAD_REQUEST,
        );
        assert!(message.contains("digits only"), "{message}");
    }
    // Undo of three moves, then of more than were played (refused, nothing changes).
    let undone = view(post(&app, id, "undo", Some(r#"{"plies": 3}"#)).await);
    assert_eq!(undone.history.len(), 1);
    for body in [r#"{"plies": 2}"#, r#"{"plies": 0}"#] {
        assert_refused(
            post(&app, id, "undo", Some(body)).await,
            StatusCode::CONFLICT,
        );
    }
    assert_refused(
        post(&app, id, "undo", Some(r#"{"plies": "all"}"#)).await,
        StatusCode::BAD_REQUEST,
    );
    same_game(&get(&app, id).await, &undone);
    // No draw to claim at the start; a draw by agreement; nothing after it.
    assert_refused(post(&app, id, "claim", None).await, StatusCode::CONFLICT);
    let agreed = view(post(&app, id, "agree", None).await);
    assert_eq!(agreed.outcome.as_ref().unwrap().reason, "agreement");
    assert_eq!(
        agreed.declared,
        Some(hexvar_play::game::Declared::Agreement)
    );
    assert!(agreed.moves.is_empty());
    for path in ["agree", "claim", "opponent"] {
        assert_refused(
            call(&app, "POST", &format!("/api/games/{id}/{path}"), None).await,
            StatusCode::CONFLICT,
        );
    }
}

#[tokio::test]
async fn every_error_is_json_with_short_echoes() {
    let app = app();
    let game = new_game(&app, json!({ "variant": "brusky" })).await;
    // Bodies over the limit: 413.
    let huge = format!(
        "{{\"variant\": \"brusky\", \"position\": \"{}\"}}",
        "x".repeat(hexvar_play::server::BODY_LIMIT)
    );
    assert_refused(
        call(&app, "POST", "/api/games", Some(&huge)).await,
        StatusCode::PAYLOAD_TOO_LARGE,
    );
    for path in ["move", "undo", "opponent"] {
        assert_refused(
            call(
                &app,
                "POST",
                &format!("/api/games/{}/{path}", game.id),
                Some(&huge),
            )
            .await,
            StatusCode::PAYLOAD_TOO_LARGE,
        );
    }
    // Paths that are not UTF-8, and paths outside the API.
    for (method, path, status) in [
        ("GET", "/api/games/%FF%FE", StatusCode::BAD_REQUEST),
        ("POST", "/api/games/%C3%28/move", StatusCode::BAD_REQUEST),
        ("GET", "/api/games/%FF/ply/1", StatusCode::BAD_REQUEST),
        ("GET", "/nothing-here", StatusCode::NOT_FOUND),
        ("POST", "/", StatusCode::METHOD_NOT_ALLOWED),
    ] {
        assert_refused(call(&app, method, path, Some("{}")).await, status);
    }
    // Long inputs come back cut to 100 characters.
    let long = "z".repeat(5000);
    let cases = [
        (
            "POST",
            "/api/games".to_string(),
            json!({ "variant": long }).to_string(),
        ),
        (
            "POST",
            "/api/games".to_string(),
            json!({ "variant": "kirby", "start": long }).to_string(),
        ),
        (
            "POST",
            "/api/games".to_string(),
            json!({ "variant": "dagger", "position": long }).to_string(),
        ),
        (
            "POST",
            "/api/games".to_string(),
            format!("{{\"{long}\": 1}}"),
        ),
        (
            "POST",
            format!("/api/games/{}/move", game.id),
            json!({ "move": long }).to_string(),
        ),
        ("GET", format!("/api/games/{long}"), String::new()),
        (
            "GET",
            format!("/api/games/{}/ply/{long}", game.id),
            String::new(),
        ),
    ];
    for (method, path, body) in cases {
        let body = (!body.is_empty()).then_some(body.as_str());
        let (status, value) = call(&app, method, &path, body).await;
        assert!(status.is_client_error(), "{path}: {status}");
        let message = value["error"].as_str().unwrap();
        let longest_run = message
            .split(|c: char| c != 'z')
            .map(str::len)
            .max()
            .unwrap_or(0);
        assert!(longest_run <= 100, "{path}: {} z's echoed", longest_run);
        assert!(message.chars().count() <= 400, "{path}: {message}");
    }
    same_game(&get(&app, &game.id).await, &game);
}

#[tokio::test]
async fn the_opponent_takes_a_depth_or_a_time() {
    let app = app();
    let game = new_game(&app, json!({ "variant": "cescacs" })).await;
    let (status, value) = post(&app, &game.id, "opponent", Some(r#"{"depth": 1}"#)).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    for bad in [r#"{"depth": 0}"#, r#"{"depth": 65}"#, r#"{"depth": -1}"#] {
        assert_refused(
            post(&app, &game.id, "opponent", Some(bad)).await,
            StatusCode::BAD_REQUEST,
        );
    }
}

fn temporary_folder(name: &str) -> std::path::PathBuf {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    std::env::temp_dir().join(format!("hexvar-play-{name}-{}-{nanos}", std::process::id()))
}

#[tokio::test]
async fn games_survive_a_restart_with_a_data_folder() {
    let dir = temporary_folder("data");
    let config = Config {
        max_games: 3,
        data: Some(dir.clone()),
        ..Config::default()
    };
    let (state, skipped) = AppState::open(config.clone()).unwrap();
    assert!(skipped.is_empty());
    let app = router(state);
    let a = new_game(
        &app,
        json!({ "variant": "kirby", "start": "3p QL", "repetition": 5 }),
    )
    .await;
    let a = play_all(&app, &a.id, &["NB/31"]).await;
    let b = new_game(&app, json!({ "variant": "dagger", "moves": ["df1"] })).await;
    let (_, b) = post(&app, &b.id, "agree", None).await;
    let b: GameView = serde_json::from_value(b).unwrap();
    let c = new_game(&app, json!({ "variant": "cescacs" })).await;
    let c = play_all(
        &app,
        &c.id,
        &REPETITIONS[3].1.split(' ').collect::<Vec<_>>(),
    )
    .await;
    let (_, c) = post(&app, &c.id, "claim", None).await;
    let c: GameView = serde_json::from_value(c).unwrap();
    drop(app);
    // A file that is not a game is left alone; one that does not read back is named.
    std::fs::write(dir.join("notes.txt"), "not a game").unwrap();
    std::fs::write(dir.join("00000000000000ff.json"), "{").unwrap();

    let (state, skipped) = AppState::open(config.clone()).unwrap();
    assert_eq!(skipped.len(), 1, "{skipped:?}");
    let app = router(state.clone());
    for before in [&a, &b, &c] {
        let after = get(&app, &before.id).await;
        same_game(&after, before);
        assert_eq!(after.outcome, before.outcome);
        assert_eq!(after.declared, before.declared);
        assert_eq!(after.repetition_draw, before.repetition_draw);
    }
    // A new game evicts the least recently used, and its file.
    std::fs::remove_file(dir.join("00000000000000ff.json")).unwrap();
    new_game(&app, json!({ "variant": "brusky" })).await;
    assert_eq!(state.game_count(), 3);
    let files = std::fs::read_dir(&dir)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "json")
        })
        .count();
    assert_eq!(files, 3);
    // Without the folder, nothing is written.
    let memory = AppState::new(Config::default());
    assert_eq!(memory.game_count(), 0);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The main line's node after `ply` moves.
fn main_node(game: &GameView, ply: usize) -> usize {
    (0..ply).fold(0, |at, _| game.nodes[at].children[0])
}

async fn play_from(app: &Router, id: &str, node: usize, mv: &str) -> GameView {
    let body = json!({ "move": mv, "from": node }).to_string();
    view(post(app, id, "move", Some(&body)).await)
}

#[tokio::test]
async fn a_move_from_an_earlier_position_keeps_the_later_moves_as_a_variation() {
    let app = app();
    for kind in VARIANTS {
        let mut game = new_game(&app, json!({ "variant": kind.name() })).await;
        let id = game.id.clone();
        // Three moves, then another second move from the position after the first.
        for _ in 0..3 {
            let mv = game.moves[0].notation.clone();
            game = view(play(&app, &id, &mv).await);
        }
        let old: Vec<String> = game.history.iter().map(|m| m.san.clone()).collect();
        let after_one = main_node(&game, 1);
        let (_, board) = call(
            &app,
            "GET",
            &format!("/api/games/{id}/node/{after_one}"),
            None,
        )
        .await;
        let board: hexvar_play::game::BoardView = serde_json::from_value(board).unwrap();
        assert_eq!(board.ply, 1);
        assert_eq!(board.node, after_one);
        let other = board
            .moves
            .iter()
            .find(|m| m.san != old[1])
            .unwrap_or_else(|| panic!("{}: one move only", kind.name()))
            .clone();
        let branched = play_from(&app, &id, after_one, &other.notation).await;
        let sans: Vec<&str> = branched.history.iter().map(|m| m.san.as_str()).collect();
        assert_eq!(
            sans,
            [old[0].as_str(), other.san.as_str()],
            "{}",
            kind.name()
        );
        assert_eq!(branched.node, main_node(&branched, 2));
        // The old line is a variation: two nodes off the main line, from the same position.
        let off: Vec<&str> = branched
            .nodes
            .iter()
            .filter(|n| !n.main)
            .map(|n| n.san.as_str())
            .collect();
        assert_eq!(off, [old[1].as_str(), old[2].as_str()], "{}", kind.name());
        let split = &branched.nodes[main_node(&branched, 1)];
        assert_eq!(split.children.len(), 2);
        // The record keeps it, and reads back as the same tree.
        let record = branched.record.clone();
        assert!(record.contains('('), "{record}");
        let read = new_game(&app, json!({ "record": record })).await;
        assert_eq!(read.record, record, "{}", kind.name());
        assert_eq!(read.nodes, branched.nodes, "{}", kind.name());
        // The variation's last position, and a move from it: it becomes the game again.
        let end = branched.nodes.iter().rfind(|n| !n.main).unwrap().id;
        let (_, board) = call(&app, "GET", &format!("/api/games/{id}/node/{end}"), None).await;
        assert_eq!(board["ply"], json!(3));
        let mv = board["moves"][0]["notation"].as_str().unwrap().to_string();
        let back = play_from(&app, &id, end, &mv).await;
        assert_eq!(back.history.len(), 4);
        assert_eq!(back.history[2].san, old[2]);
        // Taking back to where the lines split is refused: the game cannot end there.
        let message = assert_refused(
            post(&app, &id, "undo", Some(r#"{"plies": 3}"#)).await,
            StatusCode::CONFLICT,
        );
        assert!(message.contains("variations"), "{message}");
        // Unknown nodes.
        for bad in ["999", "99999999999999999999999"] {
            assert_refused(
                call(&app, "GET", &format!("/api/games/{id}/node/{bad}"), None).await,
                StatusCode::NOT_FOUND,
            );
        }
        assert_refused(
            call(&app, "GET", &format!("/api/games/{id}/node/abc"), None).await,
            StatusCode::BAD_REQUEST,
        );
        let body = json!({ "move": mv, "from": 999 }).to_string();
        assert_refused(
            post(&app, &id, "move", Some(&body)).await,
            StatusCode::NOT_FOUND,
        );
        same_game(&get(&app, &id).await, &back);
    }
}

#[tokio::test]
async fn comments_glyphs_and_variations_of_a_record_are_kept_and_the_engine_adds_its_own() {
    let app = app();
    let fresh = new_game(&app, json!({ "variant": "dagger" })).await;
    let alternative = fresh
        .moves
        .iter()
        .find(|m| m.san != "df1")
        .unwrap()
        .san
        .clone();
    let record = format!(
        "[Variant \"dagger\"]\n\n{{Before the first move}} 1. df1 $1 {{a usual start}} \
         (1. {alternative} {{the other way}}) 1... g2 2. Bd1 *\n"
    );
    let game = new_game(&app, json!({ "record": record })).await;
    let first = &game.nodes[main_node(&game, 1)];
    assert_eq!(first.comment, "a usual start");
    assert_eq!(first.nags, [1]);
    assert_eq!(game.nodes[0].comment, "Before the first move");
    let other = &game.nodes[game.nodes[0].children[1]];
    assert_eq!(
        (other.san.as_str(), other.comment.as_str()),
        (alternative.as_str(), "the other way")
    );
    assert!(!other.main);
    assert!(game.warnings.is_empty(), "{:?}", game.warnings);
    // A variation's bad move: the variation is skipped from it, and the reader says so.
    let bad = format!("[Variant \"dagger\"]\n\n1. df1 (1. {alternative} Qz99) *\n");
    let read = new_game(&app, json!({ "record": bad })).await;
    assert_eq!(read.nodes.len(), 3, "{:?}", read.nodes);
    assert_eq!(read.warnings.len(), 1, "{:?}", read.warnings);
    assert!(read.warnings[0].contains("Qz99"), "{:?}", read.warnings);
    assert!(
        game.record
            .contains(&format!("(1. {alternative} {{the other way}})")),
        "{}",
        game.record
    );
    // The engine's evaluations after every move of the game, the comments kept.
    let annotated = view(post(&app, &game.id, "annotate", Some(r#"{"depth": 2}"#)).await);
    assert_eq!(annotated.history, game.history);
    for ply in 1..=3 {
        let comment = &annotated.nodes[main_node(&annotated, ply)].comment;
        assert!(comment.ends_with("/2"), "{comment}");
    }
    assert!(annotated.nodes[main_node(&annotated, 1)]
        .comment
        .starts_with("a usual start "));
}

#[tokio::test]
async fn a_raw_request_line_that_is_not_utf8_is_answered_in_json() {
    use std::io::{Read, Write};
    let state = AppState::new(Config::default());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let server = tokio::spawn(hexvar_play::serve(listener, state));
    let exchange = move |request: Vec<Vec<u8>>| {
        tokio::task::spawn_blocking(move || {
            let mut stream = std::net::TcpStream::connect(address).unwrap();
            for part in request {
                stream.write_all(&part).unwrap();
                std::thread::sleep(std::time::Duration::from_millis(20));
            }
            let mut answer = Vec::new();
            stream.read_to_end(&mut answer).unwrap();
            String::from_utf8_lossy(&answer).into_owned()
        })
    };
    for line in [
        &b"GET /api/\xff\xfe HTTP/1.1\r\n"[..],
        &b"GET /api/variants\x01 HTTP/1.1\r\n"[..],
        &b"NONSENSE\r\n"[..],
    ] {
        let request = [line, &b"Host: localhost\r\n\r\n"[..]].concat();
        let answer = exchange(vec![request]).await.unwrap();
        assert!(answer.starts_with("HTTP/1.1 400"), "{answer}");
        let body = answer.split("\r\n\r\n").nth(1).unwrap();
        let value: Value = serde_json::from_str(body).unwrap_or_else(|e| panic!("{e}: {answer}"));
        assert!(
            value["error"]
                .as_str()
                .unwrap()
                .starts_with("bad request line"),
            "{value}"
        );
    }
    // A good request, its line in two parts: answered, and the connection closed after it.
    let answer = exchange(vec![
        b"GET /api/vari".to_vec(),
        b"ants HTTP/1.1\r\nHost: localhost\r\n\r\n".to_vec(),
    ])
    .await
    .unwrap();
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(
        answer.to_ascii_lowercase().contains("connection: close"),
        "{answer}"
    );
    assert!(answer.contains("\"brusky\""), "{answer}");
    server.abort();
}
