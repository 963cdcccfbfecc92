//! The HTTP side: the page's three files and the JSON API over the games.
//!
//! | method and path | body | answer |
//! |---|---|---|
//! | `GET /api/variants` | | every variant: name, title, start positions, sides, roles |
//! | `POST /api/games` | `{"variant", "start"?, "position"?, "moves"?, "repetition"?}` or `{"record", "variant"?}` | a new game (201) |
//! | `GET /api/games/{id}` | | the game |
//! | `GET /api/games/{id}/ply/{n}` | | the position after the game's first `n` moves |
//! | `GET /api/games/{id}/node/{n}` | | the position at node `n` of the game's tree (variations included) |
//! | `GET /api/games/{id}/record` | | the game record with its variations and comments, as text |
//! | `POST /api/games/{id}/move` | `{"move": "<notation or SAN>", "from"?: n}` | the game after the move (from node `n`: that line becomes the game, its later moves a variation) |
//! | `POST /api/games/{id}/undo` | `{"plies"?}` (optional, default 1) | the game after taking back moves |
//! | `POST /api/games/{id}/opponent` | `{"millis"?, "depth"?}` (optional) | the game after the opponent's move |
//! | `POST /api/games/{id}/claim` | | the game after a draw claimed under the rules |
//! | `POST /api/games/{id}/agree` | | the game after a draw by agreement |
//! | `POST /api/games/{id}/annotate` | `{"depth"?, "millis"?}` (optional) | the game with the engine's evaluations and better lines |
//!
//! A game is `{id, variant, title, start, position, turn, check, checked, outcome, result, moves,
//! history, last_move, ply, hash, svg, pieces, repetitions, claimable, repetition_draw, sides,
//! first_number, declared, record, nodes, node, warnings}`: `history` is the game (the tree's main line),
//! `nodes` every move of the tree as `{id, parent, children, ply, san, notation, side, comment,
//! starting_comment, nags, main}` (node 0 is the start) and `node` the game's last node. `moves` and `history` hold moves as `{notation, san, from, to, side,
//! capture, also, changes}` (`from` is `null` for a drop; `also` lists the other cells a move
//! changes, such as a castling rook's, and `changes` every changed cell with the man there
//! before and after); `outcome` is `null` or `{winner, reason, text, result}`, and it includes the
//! repetition and fifty-move draws of the variant's rules and declared draws.
//!
//! Every error is an answer `{"error": "<message>"}` that changes nothing, with the input it
//! echoes cut to 100 characters: 400 for a malformed body, path or request line (raw bytes that
//! are not UTF-8 included), an unknown variant or start name, a position text or record that does
//! not parse; 404 for an unknown game, position, node or path; 405 for
//! a wrong method; 413 for a body over [`BODY_LIMIT`]; 422 for a move that is not legal; 409 for
//! a move in a finished game, an undo of more moves than were played or to where variations
//! branch, or a draw claim the rules do not allow. At most [`Config::max_games`] games are kept; a new one evicts the least recently
//! used. With [`Config::data`] every game is also kept on disk, one file per game, and read back
//! when the server starts again.

use std::collections::hash_map::RandomState;
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::path::{Path as FsPath, PathBuf};
use std::sync::{Arc, LazyLock, Mutex, MutexGuard};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, JsonRejection, PathRejection};
use axum::extract::{DefaultBodyLimit, Path, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::{Deserialize, Serialize};

use crate::game::{
    cut, BoardView, Declared, GameError, MoveView, OutcomeView, PieceView, PlayGame, RoleView,
    SideView,
};
use crate::tree::NodeView;
use crate::variants::{self, VariantKind, VARIANTS};
use hexvar_engine::{Limits, MAX_DEPTH};

const INDEX_HTML: &str = include_str!("page/index.html");
/// The men's pictures (SVG symbols placed with `<use>`), kept apart from the page's markup.
const MEN_SVG: &str = include_str!("page/men.svg");
/// Where the page takes the men's pictures.
const MEN_MARKER: &str = "<!-- men.svg -->";
/// The page as served: index.html with the men's pictures at their marker.
static PAGE: LazyLock<String> = LazyLock::new(|| INDEX_HTML.replacen(MEN_MARKER, MEN_SVG, 1));
const APP_JS: &str = include_str!("page/app.js");
const STYLE_CSS: &str = include_str!("page/style.css");

/// The largest request body, in bytes; a larger one is refused with 413.
pub const BODY_LIMIT: usize = 256 * 1024;
/// The most characters of a request's own text an error message repeats.
pub const ECHO_LIMIT: usize = 100;

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// How many games are kept; a new game beyond it evicts the least recently used.
    pub max_games: usize,
    /// How long the opponent thinks when the request does not say.
    pub opponent_time: Duration,
    /// The longest a request may let the opponent think.
    pub max_opponent_time: Duration,
    /// A folder where every game is kept as a file, so that games survive a restart (`None`:
    /// in memory only).
    pub data: Option<PathBuf>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_games: 256,
            opponent_time: Duration::from_millis(700),
            max_opponent_time: Duration::from_secs(5),
            data: None,
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
    data: Option<PathBuf>,
}

/// A game as kept on disk.
#[derive(Serialize, Deserialize)]
struct Saved {
    variant: String,
    record: String,
    declared: Option<Declared>,
    used: u64,
}

/// The shared state: the games and the settings.
#[derive(Clone)]
pub struct AppState {
    store: Arc<Mutex<Store>>,
    config: Arc<Config>,
}

impl AppState {
    /// An empty store with `config`. With [`Config::data`], use [`AppState::open`] to read the
    /// games kept there (this one starts empty and writes there).
    pub fn new(config: Config) -> Self {
        AppState {
            store: Arc::new(Mutex::new(Store {
                games: HashMap::new(),
                tick: 0,
                ids: RandomState::new(),
                data: config.data.clone(),
            })),
            config: Arc::new(config),
        }
    }

    /// The store with the games kept in [`Config::data`] (created if missing), the most recently
    /// used first up to [`Config::max_games`]. Files that cannot be read back are left alone
    /// and named in the second value.
    pub fn open(config: Config) -> std::io::Result<(AppState, Vec<String>)> {
        let state = AppState::new(config);
        let mut skipped = Vec::new();
        if let Some(dir) = state.config.data.clone() {
            std::fs::create_dir_all(&dir)?;
            let mut loaded = Vec::new();
            for entry in std::fs::read_dir(&dir)? {
                let path = entry?.path();
                let Some(id) = game_file_id(&path) else {
                    continue;
                };
                match load_game(&path) {
                    Ok((game, used)) => loaded.push((id, game, used)),
                    Err(e) => skipped.push(format!("{}: {e}", path.display())),
                }
            }
            loaded.sort_by_key(|(_, _, used)| std::cmp::Reverse(*used));
            let mut store = state.lock();
            for (i, (id, game, used)) in loaded.into_iter().enumerate() {
                if i >= state.config.max_games.max(1) {
                    let _ = std::fs::remove_file(dir.join(format!("{id}.json")));
                    continue;
                }
                store.tick = store.tick.max(used);
                store.games.insert(
                    id,
                    Slot {
                        game,
                        used,
                        version: 0,
                    },
                );
            }
        }
        Ok((state, skipped))
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

/// The id of a game file (`<16 hex digits>.json`).
fn game_file_id(path: &FsPath) -> Option<String> {
    let name = path.file_name()?.to_str()?;
    let id = name.strip_suffix(".json")?;
    (id.len() == 16 && id.bytes().all(|b| b.is_ascii_hexdigit())).then(|| id.to_string())
}

fn load_game(path: &FsPath) -> Result<(Box<dyn PlayGame>, u64), String> {
    let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
    let saved: Saved = serde_json::from_str(&text).map_err(|e| e.to_string())?;
    let kind = variants::find(&saved.variant)
        .ok_or_else(|| format!("unknown variant {:?}", cut(&saved.variant, 40)))?;
    let mut game = (kind.read_record)(&saved.record)?;
    // A record's drawn result already declares the draw (claimed where a claim is valid).
    let declared = if game.outcome_text().is_some() {
        None
    } else {
        saved.declared
    };
    match declared {
        Some(Declared::Agreement) => game.agree_draw().map_err(|e| e.to_string())?,
        Some(Declared::Claim) => {
            game.claim_draw().map_err(|e| e.to_string())?;
        }
        None => {}
    }
    Ok((game, saved.used))
}

impl Store {
    fn touch(&mut self, id: &str) -> Result<&mut Slot, ApiError> {
        self.tick += 1;
        let tick = self.tick;
        let slot = self.games.get_mut(id).ok_or_else(|| {
            ApiError::new(
                StatusCode::NOT_FOUND,
                format!("unknown game {:?}", cut(id, ECHO_LIMIT)),
            )
        })?;
        slot.used = tick;
        Ok(slot)
    }

    fn file(&self, id: &str) -> Option<PathBuf> {
        self.data.as_ref().map(|dir| dir.join(format!("{id}.json")))
    }

    /// Writes the game to its file, if games are kept on disk.
    fn save(&self, id: &str) -> Result<(), ApiError> {
        let (Some(path), Some(slot)) = (self.file(id), self.games.get(id)) else {
            return Ok(());
        };
        let saved = Saved {
            variant: slot.game.variant().to_string(),
            record: slot.game.record(),
            declared: slot.game.declared(),
            used: slot.used,
        };
        let text = serde_json::to_string(&saved).expect("a game serialises");
        let temporary = path.with_extension("json.tmp");
        std::fs::write(&temporary, text)
            .and_then(|()| std::fs::rename(&temporary, &path))
            .map_err(|e| {
                ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    format!("the game could not be saved: {e}"),
                )
            })
    }

    fn insert(&mut self, game: Box<dyn PlayGame>, max_games: usize) -> String {
        while self.games.len() >= max_games.max(1) {
            let oldest = self
                .games
                .iter()
                .min_by_key(|(_, slot)| slot.used)
                .map(|(id, _)| id.clone());
            match oldest {
                Some(id) => {
                    self.games.remove(&id);
                    if let Some(path) = self.file(&id) {
                        let _ = std::fs::remove_file(path);
                    }
                }
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
            message: capped(&message.into()),
        }
    }

    fn bad_request(message: impl Into<String>) -> Self {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }
}

/// A message with every quoted part (`"…"`, `` `…` ``) and every long word cut to [`ECHO_LIMIT`]
/// characters, and the whole to a few lines: what a request sent comes back short.
fn capped(message: &str) -> String {
    let mut out = String::new();
    // The open quote and how many characters it has held; how long the current word is.
    let mut quoted: Option<(char, usize)> = None;
    let mut word = 0;
    for c in message.chars() {
        word = if c.is_whitespace() { 0 } else { word + 1 };
        let keep = match &mut quoted {
            Some((close, _)) if c == *close => {
                quoted = None;
                true
            }
            Some((_, n)) => {
                *n += 1;
                *n <= ECHO_LIMIT
            }
            None => {
                if c == '"' || c == '`' {
                    quoted = Some((c, 0));
                }
                word <= ECHO_LIMIT
            }
        };
        if keep {
            out.push(c);
        } else if !out.ends_with('…') {
            out.push('…');
        }
    }
    cut(&out, 4 * ECHO_LIMIT)
}

/// 413 for a body over the limit; 400 for every other bad body.
fn body_status(status: StatusCode) -> StatusCode {
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        status
    } else {
        StatusCode::BAD_REQUEST
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        ApiError::new(body_status(rejection.status()), rejection.body_text())
    }
}

impl From<BytesRejection> for ApiError {
    fn from(rejection: BytesRejection) -> Self {
        ApiError::new(body_status(rejection.status()), rejection.body_text())
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        ApiError::bad_request(format!("bad path: {}", rejection.body_text()))
    }
}

impl From<GameError> for ApiError {
    fn from(error: GameError) -> Self {
        let status = match error {
            GameError::IllegalMove(_) => StatusCode::UNPROCESSABLE_ENTITY,
            GameError::UnknownNode(_) => StatusCode::NOT_FOUND,
            GameError::Finished(_)
            | GameError::NothingToUndo
            | GameError::NoClaim
            | GameError::Variations(_) => StatusCode::CONFLICT,
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
    /// How the game ended, if it has (the rules' draws and declared draws included).
    pub outcome: Option<OutcomeView>,
    /// The result as the record writes it (`*` while the game goes on).
    pub result: String,
    /// The legal moves (none once the game has ended).
    pub moves: Vec<MoveView>,
    /// The moves played.
    pub history: Vec<MoveView>,
    /// The last move played.
    pub last_move: Option<MoveView>,
    /// The number of moves played.
    pub ply: usize,
    /// The Zobrist hash, in hexadecimal.
    pub hash: String,
    /// The position as SVG; cell polygons carry `data-cell`.
    pub svg: String,
    /// The men on the board.
    pub pieces: Vec<PieceView>,
    /// How often the current position has occurred.
    pub repetitions: usize,
    /// The draw the side to move may claim now (`null`: none).
    pub claimable: Option<String>,
    /// After how many occurrences a position draws by itself (`null`: never).
    pub repetition_draw: Option<usize>,
    /// The sides (armies) in the game, in the order of play.
    pub sides: Vec<String>,
    /// The number of the game's first move.
    pub first_number: u32,
    /// A draw declared by claim or agreement (`null`: none).
    pub declared: Option<Declared>,
    /// The game record, with its variations and comments.
    pub record: String,
    /// Every move of the game's tree, variations included (node 0: the start).
    pub nodes: Vec<NodeView>,
    /// The node of the game's last move (0 before any move).
    pub node: usize,
    /// What the reader of the record the game came from noticed but read anyway, with its place
    /// (empty for a game not read from a record).
    pub warnings: Vec<String>,
}

fn view(id: &str, game: &dyn PlayGame) -> GameView {
    let state = game.state();
    let board = state.board;
    GameView {
        id: id.to_string(),
        variant: game.variant().to_string(),
        title: variants::find(game.variant())
            .map(|k| k.title)
            .unwrap_or_default()
            .to_string(),
        start: state.start,
        position: board.position,
        turn: board.turn,
        check: board.check,
        checked: board.checked,
        result: state
            .outcome
            .as_ref()
            .map_or_else(|| "*".to_string(), |o| o.result.clone()),
        outcome: state.outcome,
        moves: state.moves,
        last_move: board.last_move,
        ply: state.history.len(),
        history: state.history,
        hash: format!("{:016x}", state.hash),
        svg: board.svg,
        pieces: board.pieces,
        repetitions: state.repetitions,
        claimable: state.claimable,
        repetition_draw: state.repetition_draw,
        sides: state.sides,
        first_number: state.first_number,
        declared: game.declared(),
        record: game.record(),
        nodes: state.nodes,
        node: board.node,
        warnings: game.warnings(),
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
    /// Its sides (armies), in the order of play.
    pub sides: Vec<SideView>,
    /// Its kinds of men.
    pub roles: Vec<RoleView>,
    /// Whether its rules have no repetition draw, so that a game may ask for one.
    pub repetition_option: bool,
}

/// The body of `POST /api/games`.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct NewGame {
    /// The variant's name (optional with a record whose `Variant` tag names it).
    pub variant: Option<String>,
    /// A named start position (default: the first).
    pub start: Option<String>,
    /// A position text (wins over `start`).
    pub position: Option<String>,
    /// Moves (notation or SAN) played from the start.
    pub moves: Option<Vec<String>>,
    /// A game record to read (instead of a start and moves).
    pub record: Option<String>,
    /// A repetition draw after this many occurrences, for a variant whose rules have none.
    pub repetition: Option<usize>,
}

/// The body of `POST /api/games/{id}/move`.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PlayMove {
    /// The move in the variant's notation or in SAN.
    #[serde(rename = "move")]
    pub mv: String,
    /// The node to play it from (default: the game's last), as numbered in the game's `nodes`.
    pub from: Option<usize>,
}

/// The optional body of `POST /api/games/{id}/undo`.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Undo {
    /// How many moves to take back (default 1).
    pub plies: Option<usize>,
}

/// The optional body of `POST /api/games/{id}/opponent`: the strength.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct Think {
    /// How long the opponent may think, in milliseconds.
    pub millis: Option<u64>,
    /// How deep the opponent searches, in plies (1–64).
    pub depth: Option<u32>,
}

/// An optional JSON body: nothing (or spaces) is the default.
fn optional_body<T: for<'de> Deserialize<'de> + Default>(
    body: Result<Bytes, BytesRejection>,
    what: &str,
) -> Result<T, ApiError> {
    let body = body?;
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(T::default());
    }
    serde_json::from_slice(&body).map_err(|e| ApiError::bad_request(format!("bad {what}: {e}")))
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
                sides: (k.sides)(),
                roles: (k.roles)(),
                repetition_option: (k.new_game)(None, Some(3)).is_ok(),
            })
            .collect(),
    )
}

fn unknown_variant(name: &str) -> ApiError {
    let names: Vec<&str> = VARIANTS.iter().map(|k| k.name()).collect();
    ApiError::bad_request(format!(
        "unknown variant {:?} (known: {})",
        cut(name, ECHO_LIMIT),
        names.join(", ")
    ))
}

/// The variant a record's `Variant` tag names (its letters, without case, contain the name).
fn variant_of_record(record: &str) -> Option<&'static VariantKind> {
    let value = record.lines().find_map(|line| {
        let rest = line.trim().strip_prefix('[')?.trim_start();
        let rest = rest.strip_prefix("Variant")?.trim_start();
        let rest = rest.strip_prefix('"')?;
        Some(rest.split('"').next().unwrap_or_default().to_string())
    })?;
    let simple: String = value
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    VARIANTS.iter().find(|k| simple.contains(k.name()))
}

fn make_game(body: NewGame) -> Result<Box<dyn PlayGame>, ApiError> {
    if let Some(record) = &body.record {
        if body.start.is_some() || body.position.is_some() || body.moves.is_some() {
            return Err(ApiError::bad_request(
                "a record brings its own start and moves: send no start, position or moves with it",
            ));
        }
        let kind = match &body.variant {
            Some(name) => variants::find(name).ok_or_else(|| unknown_variant(name))?,
            None => variant_of_record(record).ok_or_else(|| {
                ApiError::bad_request("the record has no Variant tag naming a variant: say which")
            })?,
        };
        return (kind.read_record)(record).map_err(|message| {
            ApiError::bad_request(format!("not a {} game record: {message}", kind.name()))
        });
    }
    let name = body
        .variant
        .as_deref()
        .ok_or_else(|| ApiError::bad_request("missing field `variant`"))?;
    let kind = variants::find(name).ok_or_else(|| unknown_variant(name))?;
    let text = match (&body.position, &body.start) {
        (Some(text), _) => Some(text.clone()),
        (None, Some(name)) => Some(
            kind.start_positions()
                .into_iter()
                .find(|(n, _)| n == name)
                .map(|(_, text)| text)
                .ok_or_else(|| {
                    ApiError::bad_request(format!(
                        "unknown start position {:?} for {}",
                        cut(name, ECHO_LIMIT),
                        kind.name()
                    ))
                })?,
        ),
        (None, None) => None,
    };
    let mut game = (kind.new_game)(text.as_deref(), body.repetition).map_err(|message| {
        ApiError::bad_request(match text {
            Some(_) => format!("not a {} position: {message}", kind.name()),
            None => message,
        })
    })?;
    for (i, mv) in body.moves.iter().flatten().enumerate() {
        game.play_text(mv).map_err(|e| {
            let e = ApiError::from(e);
            ApiError::new(e.status, format!("move {}: {}", i + 1, e.message))
        })?;
    }
    Ok(game)
}

async fn new_game(
    State(state): State<AppState>,
    body: Result<Json<NewGame>, JsonRejection>,
) -> Result<(StatusCode, Json<GameView>), ApiError> {
    let Json(body) = body?;
    let game = make_game(body)?;
    let mut store = state.lock();
    let id = store.insert(game, state.config.max_games);
    store.save(&id)?;
    let slot = store.touch(&id)?;
    Ok((StatusCode::CREATED, Json(view(&id, slot.game.as_ref()))))
}

type IdPath = Result<Path<String>, PathRejection>;

async fn get_game(State(state): State<AppState>, id: IdPath) -> Result<Json<GameView>, ApiError> {
    let Path(id) = id?;
    let mut store = state.lock();
    let slot = store.touch(&id)?;
    Ok(Json(view(&id, slot.game.as_ref())))
}

async fn get_ply(
    State(state): State<AppState>,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<Json<BoardView>, ApiError> {
    let Path((id, ply)) = path?;
    let mut store = state.lock();
    let slot = store.touch(&id)?;
    let played = slot.game.ply();
    let n = number(&ply, "a number of moves")?;
    let board = slot.game.board_at(n).ok_or_else(|| {
        ApiError::new(
            StatusCode::NOT_FOUND,
            format!("no position after {n} moves: the game has {played}"),
        )
    })?;
    Ok(Json(board))
}

async fn get_node(
    State(state): State<AppState>,
    path: Result<Path<(String, String)>, PathRejection>,
) -> Result<Json<BoardView>, ApiError> {
    let Path((id, node)) = path?;
    let mut store = state.lock();
    let slot = store.touch(&id)?;
    let n = number(&node, "a node number")?;
    let board = slot
        .game
        .board_at_node(n)
        .ok_or_else(|| GameError::UnknownNode(n.to_string()))?;
    Ok(Json(board))
}

/// A path's number: digits only (400 otherwise); one too large for any game is kept as the
/// largest, so that it is answered as not found.
fn number(text: &str, what: &str) -> Result<usize, ApiError> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ApiError::bad_request(format!(
            "{:?} is not {what} (digits only)",
            cut(text, ECHO_LIMIT)
        )));
    }
    Ok(text.parse().unwrap_or(usize::MAX))
}

async fn get_record(State(state): State<AppState>, id: IdPath) -> Result<Response, ApiError> {
    let Path(id) = id?;
    let mut store = state.lock();
    let slot = store.touch(&id)?;
    Ok((
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        slot.game.record(),
    )
        .into_response())
}

/// Runs `change` on a game in the locked `store` (which may replace it), saves it and answers
/// with the game.
fn apply(
    store: &mut Store,
    id: &str,
    change: impl FnOnce(&mut Box<dyn PlayGame>) -> Result<(), ApiError>,
) -> Result<Json<GameView>, ApiError> {
    let slot = store.touch(id)?;
    change(&mut slot.game)?;
    slot.version += 1;
    store.save(id)?;
    let slot = store.touch(id)?;
    Ok(Json(view(id, slot.game.as_ref())))
}

/// Runs `change` on a game, saves it and answers with the game.
fn change(
    state: &AppState,
    id: &str,
    change: impl FnOnce(&mut Box<dyn PlayGame>) -> Result<(), ApiError>,
) -> Result<Json<GameView>, ApiError> {
    apply(&mut state.lock(), id, change)
}

async fn play_move(
    State(state): State<AppState>,
    id: IdPath,
    body: Result<Json<PlayMove>, JsonRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path(id) = id?;
    state.lock().touch(&id)?;
    let Json(body) = body?;
    change(&state, &id, |game| match body.from {
        Some(node) => Ok(game.play_from(node, &body.mv)?),
        None => Ok(game.play_text(&body.mv)?),
    })
}

async fn undo(
    State(state): State<AppState>,
    id: IdPath,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path(id) = id?;
    state.lock().touch(&id)?;
    let body: Undo = optional_body(body, "undo request")?;
    change(&state, &id, |game| Ok(game.undo(body.plies.unwrap_or(1))?))
}

async fn claim(State(state): State<AppState>, id: IdPath) -> Result<Json<GameView>, ApiError> {
    let Path(id) = id?;
    change(&state, &id, |game| {
        game.claim_draw().map(drop).map_err(ApiError::from)
    })
}

async fn agree(State(state): State<AppState>, id: IdPath) -> Result<Json<GameView>, ApiError> {
    let Path(id) = id?;
    change(&state, &id, |game| Ok(game.agree_draw()?))
}

async fn opponent(
    State(state): State<AppState>,
    id: IdPath,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path(id) = id?;
    state.lock().touch(&id)?;
    let think: Think = optional_body(body, "opponent request")?;
    let limits = think_limits(&think, state.config.opponent_time, &state.config)?;
    let choose = |game: Box<dyn PlayGame>, limits: &Limits| match game.outcome_text() {
        Some(outcome) => Err(GameError::Finished(outcome).into()),
        None => game
            .opponent_move(limits)
            .ok_or_else(|| ApiError::new(StatusCode::CONFLICT, "no legal move")),
    };
    let play = |game: &mut Box<dyn PlayGame>, mv: String| Ok(game.play_text(&mv)?);
    think_then_apply(
        &state,
        &id,
        limits,
        "the opponent was thinking",
        choose,
        play,
    )
    .await
}

/// Runs `work` within `limits` on a copy of game `id`, outside the lock (a search takes its
/// time), then lands its result with `land` if the game has not changed meanwhile (`doing`
/// says what was under way, for the conflict's message).
async fn think_then_apply<T: Send + 'static>(
    state: &AppState,
    id: &str,
    limits: Limits,
    doing: &str,
    work: impl FnOnce(Box<dyn PlayGame>, &Limits) -> Result<T, ApiError> + Send + 'static,
    land: impl FnOnce(&mut Box<dyn PlayGame>, T) -> Result<(), ApiError>,
) -> Result<Json<GameView>, ApiError> {
    let (game, version) = {
        let mut store = state.lock();
        let slot = store.touch(id)?;
        (slot.game.clone_box(), slot.version)
    };
    let result = tokio::task::spawn_blocking(move || work(game, &limits))
        .await
        .map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))??;
    let mut store = state.lock();
    if store.touch(id)?.version != version {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("the game changed while {doing}"),
        ));
    }
    apply(&mut store, id, |game| land(game, result))
}

/// The limits of a search a request asks for: its time (else `default`, at most the
/// configuration's longest) and depth.
fn think_limits(think: &Think, default: Duration, config: &Config) -> Result<Limits, ApiError> {
    let most = config.max_opponent_time;
    let time = think
        .millis
        .map_or(default, Duration::from_millis)
        .min(most);
    match think.depth {
        Some(depth) if !(1..=MAX_DEPTH).contains(&depth) => Err(ApiError::bad_request(format!(
            "a depth of 1 to {MAX_DEPTH} plies, not {depth}"
        ))),
        Some(depth) => Ok(Limits::movetime(
            think.millis.map_or(most, Duration::from_millis).min(most),
        )
        .with_depth(depth)),
        None => Ok(Limits::movetime(time)),
    }
}

/// How long the engine studies each position of a game it annotates, unless asked otherwise.
pub const ANNOTATE_TIME: Duration = Duration::from_millis(200);

async fn annotate(
    State(state): State<AppState>,
    id: IdPath,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<GameView>, ApiError> {
    let Path(id) = id?;
    state.lock().touch(&id)?;
    let think: Think = optional_body(body, "annotate request")?;
    let limits = think_limits(&think, ANNOTATE_TIME, &state.config)?;
    let annotate = |game: Box<dyn PlayGame>, limits: &Limits| Ok(game.annotated(limits));
    let replace = |game: &mut Box<dyn PlayGame>, annotated| {
        *game = annotated;
        Ok(())
    };
    let doing = "the engine was annotating it";
    think_then_apply(&state, &id, limits, doing, annotate, replace).await
}

async fn api_wrong_method() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "this path does not take that method",
    )
}

async fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, "no such path")
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
        .route("/games/{id}/ply/{ply}", get(get_ply))
        .route("/games/{id}/node/{node}", get(get_node))
        .route("/games/{id}/record", get(get_record))
        .route("/games/{id}/move", post(play_move))
        .route("/games/{id}/undo", post(undo))
        .route("/games/{id}/opponent", post(opponent))
        .route("/games/{id}/claim", post(claim))
        .route("/games/{id}/agree", post(agree))
        .route("/games/{id}/annotate", post(annotate))
        .method_not_allowed_fallback(api_wrong_method)
        .fallback(not_found);
    Router::new()
        .route(
            "/",
            get(|| async { file("text/html; charset=utf-8", PAGE.as_str()) }),
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
        .method_not_allowed_fallback(api_wrong_method)
        .fallback(not_found)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::map_response(one_request_a_connection))
        .with_state(state)
}

/// `Connection: close` on every answer: a connection carries one request, whose request line
/// [`crate::listener`] has screened.
async fn one_request_a_connection(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// Serves [`router`] on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, state: AppState) -> std::io::Result<()> {
    let listener = crate::listener::ScreeningListener::new(listener)?;
    axum::serve(listener, router(state)).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_holds_the_men_in_place_of_its_marker() {
        assert_eq!(INDEX_HTML.matches(MEN_MARKER).count(), 1);
        assert!(!PAGE.contains(MEN_MARKER));
        let men = PAGE.find("<svg id=\"men\"").expect("the men's pictures");
        assert!(men < PAGE.find("<script src=\"app.js\">").expect("the script"));
        for role in ["Pawn", "King", "Duke", "Wyvern", "Amazon", "Other"] {
            assert!(
                PAGE.contains(&format!("<symbol id=\"man-{role}\"")),
                "{role}"
            );
        }
    }
}
