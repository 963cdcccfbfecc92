//! The JSON API against the router: every variant's games, and every kind of bad input answered
//! with a 4xx JSON message that leaves the game unchanged.

use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::{Request, StatusCode};
use axum::Router;
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
    let (status, value) = call(app, "GET", &format!("/api/games/{id}"), None).await;
    assert_eq!(status, StatusCode::OK, "{value}");
    serde_json::from_value(value).unwrap()
}

async fn play(app: &Router, id: &str, mv: &str) -> (StatusCode, Value) {
    let body = json!({ "move": mv }).to_string();
    call(app, "POST", &format!("/api/games/{id}/move"), Some(&body)).await
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
        let (status, value) = play(&app, &game.id, &first.notation).await;
        assert_eq!(status, StatusCode::OK, "{value}");
        let after: GameView = serde_json::from_value(value).unwrap();
        assert_ne!(after.position, game.position);
        assert_eq!(after.history, vec![first.clone()]);
        assert_eq!(after.last_move, Some(first));
        assert_ne!(after.turn, game.turn);
        assert_eq!(get(&app, &game.id).await.position, after.position);
        let (status, value) =
            call(&app, "POST", &format!("/api/games/{}/undo", game.id), None).await;
        assert_eq!(status, StatusCode::OK, "{value}");
        let undone: GameView = serde_json::from_value(value).unwrap();
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
        call(&app, "POST", &format!("/api/games/{id}/undo"), None).await;
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
                call(&app, "POST", &format!("/api/games/{id}/move"), Some(body)).await,
                StatusCode::BAD_REQUEST,
            );
            same_game(&get(&app, id).await, &before);
        }
        assert_refused(
            call(
                &app,
                "POST",
                &format!("/api/games/{id}/opponent"),
                Some(r#"{"millis": "soon"}"#),
            )
            .await,
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
        call(&app, "POST", &format!("/api/games/{}/undo", game.id), None).await,
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

#[tokio::test]
async fn the_opponent_answers_within_a_second_in_every_variant() {
    let app = app();
    for kind in VARIANTS {
        for (name, _) in kind.start_positions().into_iter().take(3) {
            let game = new_game(&app, json!({ "variant": kind.name(), "start": name })).await;
            let t = Instant::now();
            let (status, value) = call(
                &app,
                "POST",
                &format!("/api/games/{}/opponent", game.id),
                None,
            )
            .await;
            let took = t.elapsed();
            assert_eq!(status, StatusCode::OK, "{value}");
            assert!(
                took < Duration::from_millis(1000),
                "{} {name}: {took:?}",
                kind.name()
            );
            let after: GameView = serde_json::from_value(value).unwrap();
            assert_eq!(after.history.len(), 1);
            assert!(game.moves.contains(&after.history[0]));
        }
        // A shorter limit from the request.
        let game = new_game(&app, json!({ "variant": kind.name() })).await;
        let t = Instant::now();
        let (status, _) = call(
            &app,
            "POST",
            &format!("/api/games/{}/opponent", game.id),
            Some(r#"{"millis": 100}"#),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            t.elapsed() < Duration::from_millis(600),
            "{}: {:?}",
            kind.name(),
            t.elapsed()
        );
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
            call(
                &app,
                "POST",
                &format!("/api/games/{}/opponent", game.id),
                None,
            )
            .await,
            StatusCode::CONFLICT,
        );
        same_game(&get(&app, &game.id).await, &end);
        let (status, value) =
            call(&app, "POST", &format!("/api/games/{}/undo", game.id), None).await;
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
        let (status, value) = call(
            &app,
            "POST",
            &format!("/api/games/{}/opponent", game.id),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{value}");
        let after: GameView = serde_json::from_value(value).unwrap();
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
        let (status, value) = call(
            &app,
            "POST",
            &format!("/api/games/{}/opponent", game.id),
            Some(r#"{"millis": 150}"#),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{value}");
        let after: GameView = serde_json::from_value(value).unwrap();
        assert!(before.moves.contains(after.last_move.as_ref().unwrap()));
    }
}

#[tokio::test]
async fn moves_sharing_cells_and_moves_from_the_hand_are_listed() {
    let app = app();
    // Brusky: a pawn capturing onto the last rank promotes four ways.
    let game = new_game(
        &app,
        json!({ "variant": "brusky", "position": "9/B2b6/5NP3k/B2P2P5/1P10/11/p6K2/1N7 b - - 1 99" }),
    )
    .await;
    let promotions: Vec<_> = game
        .moves
        .iter()
        .filter(|m| m.from.as_deref() == Some("a2") && m.to == "b1")
        .collect();
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

#[tokio::test]
async fn the_opponent_keeps_to_a_short_limit_from_every_start_position() {
    let app = app();
    for kind in VARIANTS {
        for (name, _) in kind.start_positions() {
            let game = new_game(&app, json!({ "variant": kind.name(), "start": name })).await;
            let t = Instant::now();
            let (status, value) = call(
                &app,
                "POST",
                &format!("/api/games/{}/opponent", game.id),
                Some(r#"{"millis": 150}"#),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{} {name}: {value}", kind.name());
            assert!(
                t.elapsed() < Duration::from_millis(700),
                "{} {name}: {:?}",
                kind.name(),
                t.elapsed()
            );
            let after: GameView = serde_json::from_value(value).unwrap();
            assert!(game.moves.contains(after.last_move.as_ref().unwrap()));
        }
    }
}
