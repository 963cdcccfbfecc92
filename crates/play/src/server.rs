//! The HTTP side: the page's three files and the JSON API over the games held in memory.
//!
//! | method and path | body | answer |
//! |---|---|---|
//! | `GET /api/variants` | | every variant: name, title, named start positions |
//! | `POST /api/games` | `{"variant", "start"?, "position"?}` | a new game (201) |
//! | `GET /api/games/{id}` | | the game |
//! | `POST /api/games/{id}/move` | `{"move": "<notation>"}` | the game after the move |
//! | `POST /api/games/{id}/undo` | | the game after taking back the last move |
//! | `POST /api/games/{id}/opponent` | `{"millis"?}` (optional) | the game after the opponent's move |
//!
//! A game is `{id, variant, title, start, position, turn, check, checked, outcome, moves, history,
//! last_move, hash, svg}`, where `moves` are the legal moves as `{notation, from, to}` (`from`
//! is `null` for a drop) and `outcome` is `null` or `{winner, reason, text}`.
//!
//! Bad input gets a 4xx answer `{"error": "<message>"}` and changes nothing: 400 for a malformed
//! body, an unknown variant or start name, or a position text that does not parse; 404 for an
//! unknown game or path; 405 for a wrong method; 422 for a move that is not legal; 409 for a move in a finished game or an undo
//! with no move to take back. At most [`Config::max_games`] games are kept; a new one evicts the
//! least recently used.

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::JsonRejection;
use axum::extract::{Path, State};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use hexvar_geometry::MoveInfo;
use serde::{Deserialize, Serialize};

use crate::game::{GameError, PlayGame};
use crate::variants::{self, VARIANTS};

const INDEX_HTML: &str = include_str!("page/index.html");
const APP_JS: &str = include_str!("page/app.js");
const STYLE_CSS: &str = include_str!("page/style.css");

/// The server's settings.
#[derive(Clone, Copy, Debug)]
pub struct Config {
    /// How many games are kept in memory; a new game beyond it evicts the least recently used.
    pub max_games: usize,
    /// How long the opponent thinks when the request does not say.
    pub opponent_time: Duration,
    /// The longest a request may let the opponent think.
    pub max_opponent_time: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_games: 256,
            opponent_time: Duration::from_millis(700),
            max_opponent_time: Duration::from_secs(5),
        }
    }
}

struct Slot {
    game: Box<dyn PlayGame>,
    /// The store's tick when the game was last used.
    used: u64,
    /// Bumped by every change, so that the opponent's answer lands only on the game it studied.
    version: u64,
}

struct Store {
    games: HashMap<String, Slot>,
    tick: u64,
    ids: RandomState,
}

/// The shared state: the games and the settings.
#[derive(Clone)]
pub struct AppState {
    store: Arc<Mutex<Store>>,
    config: Config,
}

impl AppState {
    /// An empty store with `config`.
    pub fn new(config: Config) -> Self {
        AppState {
            store: Arc::new(Mutex::new(Store {
                games: HashMap::new(),
                tick: 0,
                ids: RandomState::new(),
            })),
            config,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Store> {
        self.store
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// How many games are held.
    pub fn game_count(&self) -> usize {
        self.lock().games.len()
    }
}

impl Store {
    fn touch(&mut self, id: &str) -> Result<&mut Slot, ApiError> {
        self.tick += 1;
        let tick = self.tick;
        let slot = self
            .games
            .get_mut(id)
            .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, format!("unknown game {id:?}")))?;
        slot.used = tick;
        Ok(slot)
    }

    fn insert(&mut self, game: Box<dyn PlayGame>, max_games: usize) -> String {
        while self.games.len() >= max_games.max(1) {
            let oldest = self
                .games
                .iter()
                .min_by_key(|(_, slot)| slot.used)
                .map(|(id, _)| id.clone());
            match oldest {
                Some(id) => self.games.remove(&id),
                None => break,
            };
        }
        self.tick += 1;
        let id = loop {
            let id = format!("{:016x}", self.ids.hash_one(self.tick));
            if !self.games.contains_key(&id) {
                break id;
            }
            self.tick += 1;
        };
        self.games.insert(
            id.clone(),
            Slot {
                game,
                used: self.tick,
                version: 0,
            },
        );
        id
    }
}

/// A refused request: its status and message, answered as `{"error": message}`.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    message: String,
}

impl ApiError {
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
        ApiError {
            status,
            message: message.into(),
        }
    }

    fn bad_request(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        ApiError::bad_request(rejection.body_text())
    }
}

impl From<GameError> for ApiError {
    fn from(error: GameError) -> Self {
        let status = match error {
            GameError::IllegalMove(_) => StatusCode::UNPROCESSABLE_ENTITY,
            GameError::Finished(_) | GameError::NothingToUndo => StatusCode::CONFLICT,
        };
        ApiError::new(status, error.to_string())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (
            self.status,
            Json(ErrorBody {
                error: self.message,
            }),
        )
            .into_response()
    }
}

#[derive(Serialize)]
struct ErrorBody {
    error: String,
}

/// A legal or played move as JSON.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct MoveView {
    /// The move in the variant's notation.
    pub notation: String,
    /// The cell it leaves (`null` for a drop).
    pub from: Option<String>,
    /// The cell it reaches.
    pub to: String,
}

impl From<MoveInfo> for MoveView {
    fn from(info: MoveInfo) -> Self {
        MoveView {
            notation: info.notation,
            from: info.from,
            to: info.to,
        }
    }
}

/// How a game ended, as JSON.
#[derive(Serialize, Deserialize, Clone, Debug, PartialEq, Eq)]
pub struct OutcomeView {
    /// The winning side or team, `null` for a draw.
    pub winner: Option<String>,
    /// The reason in a few words.
    pub reason: String,
    /// The whole outcome in words.
    pub text: String,
}

/// A game as the API shows it.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct GameView {
    /// The game's id in the API's paths.
    pub id: String,
    /// The variant's name.
    pub variant: String,
    /// The variant's full name.
    pub title: String,
    /// The position the game started from.
    pub start: String,
    /// The current position's text.
    pub position: String,
    /// The side (army) to move.
    pub turn: String,
    /// Whether the side to move is in check.
    pub check: bool,
    /// The cells of the checked side's kings (empty when not in check).
    pub checked: Vec<String>,
    /// How the game ended, if it has.
    pub outcome: Option<OutcomeView>,
    /// The legal moves (none once the game has ended).
    pub moves: Vec<MoveView>,
    /// The moves played.
    pub history: Vec<MoveView>,
    /// The last move played.
    pub last_move: Option<MoveView>,
    /// The Zobrist hash, in hexadecimal.
    pub hash: String,
    /// The position as SVG; cell polygons carry `data-cell`.
    pub svg: String,
}

fn view(id: &str, game: &dyn PlayGame) -> GameView {
    let status = game.status();
    let history: Vec<MoveView> = game.history().into_iter().map(MoveView::from).collect();
    GameView {
        id: id.to_string(),
        variant: game.variant().to_string(),
        title: variants::find(game.variant())
            .map(|k| k.title)
            .unwrap_or_default()
            .to_string(),
        start: game.start_text(),
        position: game.position_text(),
        turn: status.turn,
        check: status.check,
        checked: game.checked_kings(),
        outcome: status.outcome.map(|o| OutcomeView {
            winner: o.winner,
            reason: o.reason,
            text: o.text,
        }),
        moves: game.moves().into_iter().map(MoveView::from).collect(),
        last_move: history.last().cloned(),
        history,
        hash: format!("{:016x}", status.hash),
        svg: game.svg(),
    }
}

/// A named start position, as JSON.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct StartView {
    /// Its name (`"standard"`, Kirby's `"4p-teams QL"`).
    pub name: String,
    /// Its position text.
    pub position: String,
}

/// A variant, as JSON.
#[derive(Serialize, Deserialize, Clone, Debug)]
pub struct VariantView {
    /// Its name in the API (`"dagger"`).
    pub name: String,
    /// Its full name.
    pub title: String,
    /// Its named start positions; the first is the standard start.
    pub starts: Vec<StartView>,
}

/// The body of `POST /api/games`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The variant's name.
    pub variant: String,
    /// A named start position (default: the first).
    pub start: Option<String>,
    /// A position text (wins over `start`).
    pub position: Option<String>,
}

/// The body of `POST /api/games/{id}/move`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PlayMove {
    /// The move in the variant's notation.
    #[serde(rename = "move")]
    pub mv: String,
}

/// The optional body of `POST /api/games/{id}/opponent`.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Think {
    /// How long the opponent may think, in milliseconds.
    pub millis: Option<u64>,
}

async fn list_variants() -> Json<Vec<VariantView>> {
    Json(
        VARIANTS
            .iter()
            .map(|k| VariantView {
                name: k.name().to_string(),
                title: k.title.to_string(),
                starts: k
                    .start_positions()
                    .into_iter()
                    .map(|(name, position)| StartView { name, position })
                    .collect(),
            })
            .collect(),
    )
}

async fn new_game(
    State(state): State<AppState>,
    body: Result<Json<NewGame>, JsonRejection>,
) -> Result<(StatusCode, Json<GameView>), ApiError> {
    let Json(body) = body?;
    let kind = variants::find(&body.variant).ok_or_else(|| {
        let names: Vec<&str> = VARIANTS.iter().map(|k| k.name()).collect();
        ApiError::bad_request(format!(
            "unknown variant {:?} (known: {})",
            body.variant,
            names.join(", ")
        ))
    })?;
    let text = match (&body.position, &body.start) {
        (Some(text), _) => text.clone(),
        (None, Some(name)) => kind
            .start_positions()
            .into_iter()
            .find(|(n, _)| n == name)
            .map(|(_, text)| text)
            .ok_or_else(|| {
                ApiError::bad_request(format!(
                    "unknown start position {name:?} for {}",
                    kind.name()
                ))
            })?,
        (None, None) => kind
            .start_positions()
            .into_iter()
            .next()
            .map(|(_, text)| text)
            .unwrap_or_default(),
    };
    let game = (kind.new_game)(&text).map_err(|message| {
        ApiError::bad_request(format!("not a {} position: {message}", kind.name()))
    })?;
    let mut store = state.lock();
    let id = store.insert(game, state.config.max_games);
    let slot = store.touch(&id)?;
    Ok((StatusCode::CREATED, Json(view(&id, slot.game.as_ref()))))
}

async fn get_game(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    let mut store = state.lock();
    let slot = store.touch(&id)?;
    Ok(Json(view(&id, slot.game.as_ref())))
}

async fn play_move(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Result<Json<PlayMove>, JsonRejection>,
) -> Result<Json<GameView>, ApiError> {
    let mut store = state.lock();
    let slot = store.touch(&id)?;
    let Json(body) = body?;
    slot.game.play_text(&body.mv)?;
    slot.version += 1;
    Ok(Json(view(&id, slot.game.as_ref())))
}

async fn undo(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<GameView>, ApiError> {
    let mut store = state.lock();
    let slot = store.touch(&id)?;
    slot.game.undo()?;
    slot.version += 1;
    Ok(Json(view(&id, slot.game.as_ref())))
}

async fn opponent(
    State(state): State<AppState>,
    Path(id): Path<String>,
    body: Bytes,
) -> Result<Json<GameView>, ApiError> {
    let (game, version) = {
        let mut store = state.lock();
        let slot = store.touch(&id)?;
        (slot.game.clone_box(), slot.version)
    };
    let think: Think = if body.iter().all(u8::is_ascii_whitespace) {
        Think::default()
    } else {
        serde_json::from_slice(&body)
            .map_err(|e| ApiError::bad_request(format!("bad opponent request: {e}")))?
    };
    if let Some(outcome) = game.status().outcome {
        return Err(GameError::Finished(outcome.text).into());
    }
    let limit = think
        .millis
        .map(Duration::from_millis)
        .unwrap_or(state.config.opponent_time)
        .min(state.config.max_opponent_time);
    let choice = tokio::task::spawn_blocking(move || game.opponent_move(limit))
        .await
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))?;
    let mut store = state.lock();
    let slot = store.touch(&id)?;
    if slot.version != version {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "the game changed while the opponent was thinking",
        ));
    }
    let mv = choice.ok_or_else(|| ApiError::new(StatusCode::CONFLICT, "no legal move"))?;
    slot.game.play_text(&mv)?;
    slot.version += 1;
    Ok(Json(view(&id, slot.game.as_ref())))
}

async fn api_wrong_method() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this API path does not take that method",
    )
}

async fn api_not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such API path")
}

fn file(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
        ],
        body,
    )
        .into_response()
}

/// The whole application: the page and the API over `state`.
pub fn router(state: AppState) -> Router {
    let api = Router::new()
        .route("/variants", get(list_variants))
        .route("/games", post(new_game))
        .route("/games/{id}", get(get_game))
        .route("/games/{id}/move", post(play_move))
        .route("/games/{id}/undo", post(undo))
        .route("/games/{id}/opponent", post(opponent))
        .method_not_allowed_fallback(api_wrong_method)
        .fallback(api_not_found);
    Router::new()
        .route(
            "/",
            get(|| async { file("text/html; charset=utf-8", INDEX_HTML) }),
        )
        .route(
            "/app.js",
            get(|| async { file("text/javascript; charset=utf-8", APP_JS) }),
        )
        .route(
            "/style.css",
            get(|| async { file("text/css; charset=utf-8", STYLE_CSS) }),
        )
        .nest("/api", api)
        .with_state(state)
}

/// Serves [`router`] on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, state: AppState) -> std::io::Result<()> {
    axum::serve(listener, router(state)).await
}
