//! The harness of the web board's end-to-end tests: the server on 127.0.0.1, Debian's `chromium`
//! driven through `chromedriver` over WebDriver (`fantoccini`), and helpers that act on the page
//! as a player does (clicks) and read the game back from the server.
//!
//! The tests are `#[ignore]`d (they need a browser): `cargo test --manifest-path
//! browser/Cargo.toml -- --ignored`. Screenshots are written to `target/browser-screenshots/`
//! at the repository's root, as test artifacts.

use std::collections::BTreeSet;
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::Request;
pub use fantoccini::{Client, ClientBuilder, Locator};
pub use hexvar_play::server::GameView;
use hexvar_play::{router, AppState, Config};
use http_body_util::BodyExt;
pub use serde_json::{json, Value};
use tower::ServiceExt;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// How long one test may take in all.
const TEST_TIME: Duration = Duration::from_secs(300);
/// How long the page may take to show the result of an action.
const WAIT: Duration = Duration::from_secs(30);
/// The browser window: a common laptop width.
const WINDOW: (u32, u32) = (1200, 900);

/// One browser at a time: the machine is small.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

fn free_port() -> u16 {
    TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The chromedriver process, killed when dropped.
struct Driver {
    child: Child,
    port: u16,
    profile: PathBuf,
}

impl Driver {
    fn start() -> Driver {
        for (path, package) in [(CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")] {
            assert!(
                Path::new(path).exists(),
                "{path} is missing: install it with `apt-get install -y {package}`"
            );
        }
        let port = free_port();
        let child = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .arg("--allowed-ips=127.0.0.1")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let profile = std::env::temp_dir().join(format!(
            "hexvar-play-chromium-{}-{port}",
            std::process::id()
        ));
        let driver = Driver {
            child,
            port,
            profile,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        while TcpStream::connect((Ipv4Addr::LOCALHOST, port)).is_err() {
            assert!(Instant::now() < deadline, "chromedriver did not listen");
            std::thread::sleep(Duration::from_millis(50));
        }
        driver
    }

    async fn client(&self) -> Client {
        let _ = std::fs::remove_dir_all(&self.profile);
        let mut caps = serde_json::Map::new();
        caps.insert("browserName".into(), json!("chrome"));
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": CHROMIUM,
                "args": [
                    "--headless",
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-quic",
                    "--no-first-run",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--disable-dev-shm-usage",
                    "--hide-scrollbars",
                    format!("--window-size={},{}", WINDOW.0, WINDOW.1),
                    format!("--user-data-dir={}", self.profile.display()),
                ],
            }),
        );
        let connector = hyper_util::client::legacy::connect::HttpConnector::new();
        ClientBuilder::new(connector)
            .capabilities(caps)
            .connect(&format!("http://127.0.0.1:{}", self.port))
            .await
            .expect("a WebDriver session")
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// The page in a browser, with the server it talks to.
#[derive(Clone)]
pub struct Page {
    /// The WebDriver session.
    pub client: Client,
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    state: AppState,
}

/// Whether a script's value counts as true, as JavaScript has it.
fn truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::String(s) => !s.is_empty(),
        Value::Array(a) => !a.is_empty(),
        Value::Number(n) => n.as_f64() != Some(0.0),
        Value::Object(_) => true,
    }
}

impl Page {
    /// Runs a script (a function body) and returns its value.
    pub async fn js(&self, script: &str) -> Value {
        self.client.execute(script, vec![]).await.expect(script)
    }

    /// A script's value as a string.
    pub async fn text(&self, script: &str) -> String {
        match self.js(script).await {
            Value::String(s) => s,
            other => other.to_string(),
        }
    }

    /// A script's value as a list of strings.
    pub async fn texts(&self, script: &str) -> Vec<String> {
        serde_json::from_value(self.js(script).await).expect(script)
    }

    /// Waits until `script` returns a truthy value, and returns it.
    pub async fn until(&self, what: &str, script: &str) -> Value {
        let deadline = Instant::now() + WAIT;
        loop {
            let value = self.js(script).await;
            if truthy(&value) {
                return value;
            }
            if Instant::now() > deadline {
                let error = self
                    .js("return document.getElementById('error').textContent")
                    .await;
                panic!("timed out waiting for {what} (page error: {error})");
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// Opens the page at `rest` (`?variant=…`, `#variant=…`) and waits until it is ready.
    pub async fn open(&self, rest: &str) {
        // A new address that differs only in its hash would not load the page again.
        self.client.goto("about:blank").await.unwrap();
        self.client
            .goto(&format!("{}/{rest}", self.base))
            .await
            .unwrap();
        self.until("the page", "return document.body.dataset.ready === 'true'")
            .await;
        self.idle().await;
    }

    /// Loads the page again at its current address.
    pub async fn reload(&self) {
        let url = self.client.current_url().await.unwrap().to_string();
        self.client.goto("about:blank").await.unwrap();
        self.client.goto(&url).await.unwrap();
        self.until("the page", "return document.body.dataset.ready === 'true'")
            .await;
        self.idle().await;
    }

    /// Waits until no request is running.
    pub async fn idle(&self) {
        self.until(
            "the page to be idle",
            "return !document.body.classList.contains('busy')",
        )
        .await;
    }

    /// A request to the API, answered by the server the page talks to.
    pub async fn api(&self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let mut request = Request::builder().method(method).uri(format!("/api{path}"));
        if body.is_some() {
            request = request.header("content-type", "application/json");
        }
        let request = request
            .body(Body::from(body.map(|b| b.to_string()).unwrap_or_default()))
            .unwrap();
        let response = router(self.state.clone()).oneshot(request).await.unwrap();
        let status = response.status().as_u16();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        (
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        )
    }

    /// The id of the game the page shows.
    pub async fn game_id(&self) -> String {
        self.text("return state.game.id").await
    }

    /// The game the page shows, read from the server.
    pub async fn game(&self) -> GameView {
        let id = self.game_id().await;
        let (status, value) = self.api("GET", &format!("/games/{id}"), None).await;
        assert_eq!(status, 200, "{value}");
        serde_json::from_value(value).unwrap()
    }

    /// The position text the page shows.
    pub async fn shown_position(&self) -> String {
        self.text("return document.getElementById('position-text').value")
            .await
    }

    /// The status line.
    pub async fn status(&self) -> String {
        self.text("return document.getElementById('status').textContent")
            .await
    }

    /// The result banner, when shown.
    pub async fn banner(&self) -> Option<String> {
        let v = self
            .js("const b = document.getElementById('banner'); return b.hidden ? null : b.textContent")
            .await;
        v.as_str().map(str::to_string)
    }

    /// The result banner, which must be shown and name `word` (a reason such as "checkmate");
    /// returned for more checks.
    pub async fn banner_naming(&self, word: &str) -> String {
        let banner = self.banner().await.expect("a banner");
        assert!(banner.contains(word), "{word}: {banner}");
        banner
    }

    /// The words of each button of the choice between moves that share their cells, once the
    /// page shows it.
    pub async fn choice_words(&self) -> Vec<String> {
        self.until(
            "the choice",
            "return !document.getElementById('choices').hidden",
        )
        .await;
        self.texts("return [...document.querySelectorAll('#choice-buttons button .words')].map(b => b.textContent)")
            .await
    }

    /// The error, once the page shows one.
    pub async fn shown_error(&self) -> String {
        self.until(
            "the error",
            "return !document.getElementById('error').hidden",
        )
        .await;
        self.error().await.expect("an error")
    }

    /// The error shown, if any.
    pub async fn error(&self) -> Option<String> {
        let v = self
            .js("const e = document.getElementById('error'); return e.hidden ? null : e.textContent")
            .await;
        v.as_str().map(str::to_string)
    }

    /// Clicks a cell of the board.
    pub async fn click_cell(&self, cell: &str) {
        self.click(&format!("#board polygon[data-cell=\"{cell}\"]"))
            .await;
    }

    /// Clicks the element `css` names, brought to the middle of the window first (the status
    /// bar stays on top of the page and would take a click at its top edge).
    pub async fn click(&self, css: &str) {
        let element = self
            .client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no {css}: {e}"));
        self.client
            .execute(
                "arguments[0].scrollIntoView({block: 'center', inline: 'center'})",
                vec![serde_json::to_value(&element).unwrap()],
            )
            .await
            .unwrap();
        element
            .click()
            .await
            .unwrap_or_else(|e| panic!("cannot click {css}: {e}"));
    }

    /// Types into the field `css` names.
    pub async fn type_into(&self, css: &str, text: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no {css}: {e}"))
            .send_keys(text)
            .await
            .unwrap();
    }

    /// The board's cells that have a class.
    pub async fn cells_with(&self, class: &str) -> BTreeSet<String> {
        let script = format!(
            "return [...document.querySelectorAll('#board polygon.{class}')].map(p => p.dataset.cell)"
        );
        serde_json::from_value(self.js(&script).await).unwrap()
    }

    /// Waits until the game has `plies` moves and the page is idle.
    pub async fn until_plies(&self, plies: usize) {
        self.until(
            &format!("{plies} moves"),
            &format!(
                "return state.game && state.game.history.length === {plies} && !document.body.classList.contains('busy')"
            ),
        )
        .await;
    }

    /// Plays `notation` by clicking its cells (and its button when several moves share them) in
    /// the position the page shows (the game's, or an earlier one: then that line becomes the
    /// game), and returns the game after it.
    pub async fn play_by_clicks(&self, notation: &str) -> GameView {
        let moves: Vec<hexvar_play::game::MoveView> = serde_json::from_value(
            self.js("return state.view ? state.view.board.moves : state.game.moves")
                .await,
        )
        .unwrap();
        let ply = self
            .js("return state.view ? state.view.ply : state.game.ply")
            .await
            .as_u64()
            .unwrap() as usize;
        let played = self.played().await;
        let mv = moves
            .iter()
            .find(|m| m.notation == notation || m.san == notation)
            .unwrap_or_else(|| panic!("{notation} is not legal in the position shown"))
            .clone();
        let sharing = moves
            .iter()
            .filter(|m| m.from == mv.from && m.to == mv.to)
            .count();
        match &mv.from {
            Some(from) => {
                self.click_cell(from).await;
                let dests = self.cells_with("dest").await;
                assert!(dests.contains(&mv.to), "{} not highlighted", mv.to);
                self.click_cell(&mv.to).await;
            }
            None => self.click_cell(&mv.to).await,
        }
        if sharing > 1 {
            self.until(
                "the choice",
                "return !document.getElementById('choices').hidden",
            )
            .await;
            let shown = self
                .texts("return [...document.querySelectorAll('#choice-buttons button')].map(b => b.dataset.notation)")
                .await;
            assert_eq!(shown.len(), sharing, "{shown:?}");
            self.click(&format!(
                "#choice-buttons button[data-notation=\"{}\"]",
                mv.notation
            ))
            .await;
        }
        // The move played (the computer may answer at once) and the page idle.
        self.until(
            "the move",
            &format!(
                "return Number(document.body.dataset.played || 0) > {played} && !document.body.classList.contains('busy')"
            ),
        )
        .await;
        let after = self.game().await;
        assert_eq!(after.history[ply].notation, mv.notation);
        after
    }

    /// Clicks the first legal move on the board (not from the hand) from its cell to its
    /// target, without waiting for an answer; returns it.
    pub async fn click_first_board_move(&self) -> hexvar_play::game::MoveView {
        let game = self.game().await;
        let mv = game
            .moves
            .into_iter()
            .find(|m| m.from.is_some())
            .expect("a move on the board");
        self.click_cell(mv.from.as_ref().expect("a cell")).await;
        self.click_cell(&mv.to).await;
        mv
    }

    /// Opens `variant` with `moves` played, through the address (`extra`: more of it, such as
    /// `&start=…`); the page shows no error and the game has every move.
    pub async fn open_moves(&self, variant: &str, extra: &str, moves: &[String]) -> GameView {
        let joined = moves.join(" ");
        self.open(&format!(
            "#variant={variant}{extra}&moves={}",
            urlencode(&joined)
        ))
        .await;
        assert!(self.error().await.is_none(), "{:?}", self.error().await);
        let game = self.game().await;
        assert_eq!(game.history.len(), moves.len(), "{variant}: {joined}");
        game
    }

    /// Plays by clicks the first legal move (in SAN, not from the hand) other than `played` from
    /// the shown position; returns it and the game after it.
    pub async fn play_another_than(&self, played: &str) -> (String, GameView) {
        let other = self
            .texts("return state.view.board.moves.filter(m => m.from !== null).map(m => m.san)")
            .await
            .into_iter()
            .find(|san| san != played)
            .expect("another move");
        let game = self.play_by_clicks(&other).await;
        (other, game)
    }

    /// The moves of the move list kept as variations, as their buttons say them.
    pub async fn variation_moves(&self) -> Vec<String> {
        self.texts("return [...document.querySelectorAll('#movelist .variation button.mv.var')].map(b => b.textContent)")
            .await
    }

    /// How many moves the page has played (by clicks, buttons or text).
    pub async fn played(&self) -> u64 {
        self.js("return Number(document.body.dataset.played || 0)")
            .await
            .as_u64()
            .unwrap()
    }

    /// Waits until the page shows the position after `ply` moves of its line, no other requested.
    pub async fn until_shown_ply(&self, ply: usize) {
        self.until(
            &format!("the position after {ply} moves"),
            &format!(
                "const p = state.view ? state.view.ply : state.game.ply; return state.target === null && p === {ply} && !document.body.classList.contains('busy')"
            ),
        )
        .await;
    }

    /// Saves a screenshot of the window, scrolled to the top, as
    /// `target/browser-screenshots/<name>.png`.
    pub async fn screenshot(&self, name: &str) {
        // From the top of the page, as a player first sees it.
        self.js("window.scrollTo(0, 0)").await;
        let png = self.client.screenshot().await.unwrap();
        let dir = screenshot_dir();
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
    }
}

/// Where screenshots go: `target/browser-screenshots/` at the repository's root.
pub fn screenshot_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("..")
        .join("target")
        .join("browser-screenshots")
}

/// Tests of the board in headless Chromium: `chromium_tests!(a, b)` makes of each async function
/// `a(page: Page)` of the calling module an ignored test `chromium::a` (`cargo test -- --ignored`
/// runs them: they need chromium and chromedriver) that runs it on a page of its own
/// ([`with_page`]).
#[macro_export]
macro_rules! chromium_tests {
    ($($name:ident),+ $(,)?) => {
        mod chromium {
            $(
                #[test]
                #[ignore = "needs chromium and chromedriver; run with --ignored"]
                fn $name() {
                    $crate::with_page(super::$name);
                }
            )+
        }
    };
}

/// Starts the server and a browser, runs `body` on the page, and stops them again.
pub fn with_page<F, Fut>(body: F)
where
    F: FnOnce(Page) -> Fut + Send + 'static,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let _one = ONE_AT_A_TIME.lock().unwrap_or_else(|p| p.into_inner());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async move {
        let state = AppState::new(Config::default());
        let listener = tokio::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)))
            .await
            .unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let server = tokio::spawn(hexvar_play::serve(listener, state.clone()));
        let driver = Driver::start();
        let client = driver.client().await;
        let page = Page {
            client: client.clone(),
            base,
            state,
        };
        let run = tokio::spawn(tokio::time::timeout(TEST_TIME, body(page)));
        let result = run.await;
        let _ = client.close().await;
        drop(driver);
        server.abort();
        match result {
            Ok(Ok(())) => {}
            Ok(Err(_)) => panic!("the test took longer than {TEST_TIME:?}"),
            Err(e) if e.is_panic() => std::panic::resume_unwind(e.into_panic()),
            Err(e) => panic!("{e}"),
        }
    });
}

/// Percent-encodes a text for an address's query or hash.
pub fn urlencode(text: &str) -> String {
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-_.~".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// A game of `plies` moves played through the API from `start` (a new-game body): each move the
/// `seed`-th legal one (cycling) among those that do not end the game, so that the game goes on.
/// Returns the SAN of the moves.
pub async fn long_game(page: &Page, start: Value, plies: usize, seed: usize) -> Vec<String> {
    let (status, game) = page.api("POST", "/games", Some(start)).await;
    assert_eq!(status, 201, "{game}");
    let id = game["id"].as_str().unwrap().to_string();
    let mut sans = Vec::new();
    let mut game: GameView = serde_json::from_value(game).unwrap();
    let mut k = seed as u64;
    while sans.len() < plies {
        let moves = game.moves.clone();
        assert!(
            !moves.is_empty(),
            "the game ended after {} moves",
            sans.len()
        );
        let mut played = false;
        for _ in 0..moves.len() {
            k = k
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let mv = &moves[(k >> 33) as usize % moves.len()];
            let (status, after) = page
                .api(
                    "POST",
                    &format!("/games/{id}/move"),
                    Some(json!({ "move": mv.notation })),
                )
                .await;
            assert_eq!(status, 200, "{after}");
            let after: GameView = serde_json::from_value(after).unwrap();
            if after.outcome.is_none() {
                sans.push(mv.san.clone());
                game = after;
                played = true;
                break;
            }
            let (status, undone) = page.api("POST", &format!("/games/{id}/undo"), None).await;
            assert_eq!(status, 200);
            game = serde_json::from_value(undone).unwrap();
        }
        assert!(played, "every move ends the game after {}", sans.len());
    }
    sans
}
