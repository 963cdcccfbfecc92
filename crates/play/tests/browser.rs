//! End-to-end tests of the page in headless Chromium (Debian's `chromium` and `chromedriver`),
//! driven over WebDriver by `fantoccini`, against the server on 127.0.0.1.
//!
//! Run them with `cargo test -p hexvar-play --test browser -- --ignored` (they need
//! `apt-get install chromium chromium-driver`). Each variant's test saves a screenshot in
//! `crates/play/screenshots/<variant>.png`.

use std::collections::BTreeSet;
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::http::Request;
use fantoccini::{Client, ClientBuilder, Locator};
use hexvar_play::server::GameView;
use hexvar_play::{router, AppState, Config};
use http_body_util::BodyExt;
use serde_json::{json, Value};
use tower::ServiceExt;

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// How long one test may take in all.
const TEST_TIME: Duration = Duration::from_secs(180);
/// How long the page may take to show the result of an action.
const WAIT: Duration = Duration::from_secs(15);

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
                    "--window-size=1400,1000",
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
struct Page {
    client: Client,
    base: String,
    state: AppState,
}

impl Page {
    async fn js(&self, script: &str) -> Value {
        self.client.execute(script, vec![]).await.expect(script)
    }

    /// Waits until `script` returns a truthy value, and returns it.
    async fn until(&self, what: &str, script: &str) -> Value {
        let deadline = Instant::now() + WAIT;
        loop {
            let value = self.js(script).await;
            let truthy = match &value {
                Value::Null => false,
                Value::Bool(b) => *b,
                Value::String(s) => !s.is_empty(),
                Value::Array(a) => !a.is_empty(),
                _ => true,
            };
            if truthy {
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

    async fn open(&self, query: &str) {
        self.client
            .goto(&format!("{}/{query}", self.base))
            .await
            .unwrap();
        self.until("the page", "return document.body.dataset.ready === 'true'")
            .await;
        self.idle().await;
    }

    async fn idle(&self) {
        self.until(
            "the page to be idle",
            "return !document.body.classList.contains('busy')",
        )
        .await;
    }

    /// The game the page shows, read from the server.
    async fn game(&self) -> GameView {
        let id = self.js("return state.game.id").await;
        let id = id.as_str().unwrap();
        let request = Request::get(format!("/api/games/{id}"))
            .body(Body::empty())
            .unwrap();
        let response = router(self.state.clone()).oneshot(request).await.unwrap();
        assert!(response.status().is_success());
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        serde_json::from_slice(&bytes).unwrap()
    }

    async fn shown_position(&self) -> String {
        self.js("return document.getElementById('position-text').value")
            .await
            .as_str()
            .unwrap()
            .to_string()
    }

    async fn error(&self) -> Option<String> {
        let v = self
            .js("const e = document.getElementById('error'); return e.hidden ? null : e.textContent")
            .await;
        v.as_str().map(str::to_string)
    }

    async fn click_cell(&self, cell: &str) {
        self.client
            .find(Locator::Css(&format!(
                "#board polygon[data-cell=\"{cell}\"]"
            )))
            .await
            .unwrap_or_else(|e| panic!("no cell {cell}: {e}"))
            .click()
            .await
            .unwrap_or_else(|e| panic!("cannot click {cell}: {e}"));
    }

    async fn click(&self, css: &str) {
        self.client
            .find(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no {css}: {e}"))
            .click()
            .await
            .unwrap_or_else(|e| panic!("cannot click {css}: {e}"));
    }

    async fn cells_with(&self, class: &str) -> BTreeSet<String> {
        let script = format!(
            "return [...document.querySelectorAll('#board polygon.{class}')].map(p => p.dataset.cell)"
        );
        serde_json::from_value(self.js(&script).await).unwrap()
    }

    /// Plays `notation` by clicking its cells (and its button when several moves share them).
    async fn play_by_clicks(&self, notation: &str) -> GameView {
        let before = self.game().await;
        let mv = before
            .moves
            .iter()
            .find(|m| m.notation == notation)
            .unwrap_or_else(|| panic!("{notation} is not legal in {}", before.position))
            .clone();
        let sharing = before
            .moves
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
            let shown: Vec<String> = serde_json::from_value(
                self.js("return [...document.querySelectorAll('#choice-buttons button')].map(b => b.dataset.notation)")
                    .await,
            )
            .unwrap();
            assert_eq!(shown.len(), sharing, "{shown:?}");
            self.click(&format!(
                "#choice-buttons button[data-notation=\"{notation}\"]"
            ))
            .await;
        }
        self.until(
            "the move",
            &format!(
                "return state.game && state.game.history.length === {} && !document.body.classList.contains('busy')",
                before.history.len() + 1
            ),
        )
        .await;
        let after = self.game().await;
        assert_eq!(after.last_move.as_ref().unwrap().notation, notation);
        assert_eq!(self.shown_position().await, after.position);
        after
    }

    async fn screenshot(&self, name: &str) {
        let png = self.client.screenshot().await.unwrap();
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("screenshots");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join(format!("{name}.png")), png).unwrap();
    }
}

/// Starts the server and a browser, runs `body` on the page, and stops them again.
fn with_page<F, Fut>(body: F)
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

/// The checks every variant gets: highlights, moves by clicks, the shown position text, an
/// illegal click and an illegal typed move with their errors, flip, undo, the opponent, and a
/// screenshot.
async fn variant_round(page: Page, variant: &'static str) {
    page.open(&format!("?variant={variant}")).await;
    let game = page.game().await;
    assert_eq!(game.variant, variant);
    assert_eq!(page.shown_position().await, game.position);
    let status = page
        .js("return document.getElementById('status').textContent")
        .await;
    assert!(
        status.as_str().unwrap().contains(&game.turn),
        "status {status} names the side to move {}",
        game.turn
    );

    // Every man that can move: clicking it highlights exactly its legal destinations.
    let froms: BTreeSet<String> = game.moves.iter().filter_map(|m| m.from.clone()).collect();
    assert!(!froms.is_empty());
    for from in froms.iter().take(6) {
        page.click_cell(from).await;
        let expected: BTreeSet<String> = game
            .moves
            .iter()
            .filter(|m| m.from.as_ref() == Some(from))
            .map(|m| m.to.clone())
            .collect();
        assert_eq!(
            page.cells_with("dest").await,
            expected,
            "{variant}: the man on {from}"
        );
        assert_eq!(
            page.cells_with("selected").await,
            BTreeSet::from([from.clone()])
        );
        page.click_cell(from).await; // deselects
        assert!(page.cells_with("dest").await.is_empty());
    }
    let movable = page.cells_with("movable").await;
    assert_eq!(movable, froms);

    // An illegal destination: an empty cell the man cannot reach.
    let from = froms.iter().next().unwrap().clone();
    let all_cells: Vec<String> = serde_json::from_value(
        page.js("return [...document.querySelectorAll('#board polygon[data-cell]')].map(p => p.dataset.cell)")
            .await,
    )
    .unwrap();
    let illegal = all_cells
        .iter()
        .find(|c| {
            !froms.contains(*c)
                && !game
                    .moves
                    .iter()
                    .any(|m| m.from.as_ref() == Some(&from) && &m.to == *c)
        })
        .unwrap()
        .clone();
    page.click_cell(&from).await;
    page.click_cell(&illegal).await;
    let error = page.error().await.expect("an error for an illegal click");
    assert!(error.contains("Illegal move"), "{error}");
    assert_eq!(page.game().await.position, game.position);

    // A few moves by clicking, each side in turn.
    for ply in 0..3 {
        let now = page.game().await;
        let mv = now
            .moves
            .iter()
            .filter(|m| m.from.is_some())
            .nth(ply * 7 % now.moves.len().max(1))
            .or_else(|| now.moves.first())
            .unwrap()
            .notation
            .clone();
        page.play_by_clicks(&mv).await;
        assert!(page.error().await.is_none());
    }
    let history: Vec<String> = serde_json::from_value(
        page.js("return [...document.querySelectorAll('#history li')].map(li => li.textContent)")
            .await,
    )
    .unwrap();
    let game = page.game().await;
    let notations: Vec<String> = game.history.iter().map(|m| m.notation.clone()).collect();
    assert_eq!(history, notations);

    // An illegal move typed as text: the server's error is shown, nothing changes.
    page.client
        .find(Locator::Id("move-text"))
        .await
        .unwrap()
        .send_keys("zz99-zz98")
        .await
        .unwrap();
    page.click("#play").await;
    page.until(
        "the error",
        "return !document.getElementById('error').hidden",
    )
    .await;
    let error = page.error().await.unwrap();
    assert!(error.starts_with("illegal move"), "{error}");
    assert_eq!(page.game().await.position, game.position);
    assert_eq!(page.shown_position().await, game.position);

    // Flip and back.
    page.click("#flip").await;
    let flipped = page
        .js("return !!document.querySelector('#board svg > g[transform^=\"rotate(180\"]')")
        .await;
    assert_eq!(flipped, json!(true));
    let still_clickable = page.cells_with("movable").await;
    assert_eq!(still_clickable.len(), movable_count(&game));
    page.click("#flip").await;

    // Undo.
    page.click("#undo").await;
    page.until(
        "the undo",
        &format!(
            "return state.game.history.length === {}",
            game.history.len() - 1
        ),
    )
    .await;
    page.idle().await;
    let undone = page.game().await;
    assert_eq!(undone.history.len(), game.history.len() - 1);
    assert_eq!(page.shown_position().await, undone.position);

    // The opponent.
    page.click("#opponent").await;
    page.until(
        "the opponent",
        &format!(
            "return state.game.history.length === {}",
            game.history.len()
        ),
    )
    .await;
    page.idle().await;
    let answered = page.game().await;
    assert!(undone.moves.contains(answered.last_move.as_ref().unwrap()));
    assert_eq!(page.shown_position().await, answered.position);

    // A man selected for the picture.
    if let Some(m) = answered.moves.iter().find(|m| m.from.is_some()) {
        page.click_cell(m.from.as_ref().unwrap()).await;
    }
    page.screenshot(variant).await;
}

fn movable_count(game: &GameView) -> usize {
    game.moves
        .iter()
        .filter_map(|m| m.from.clone())
        .collect::<BTreeSet<_>>()
        .len()
}

#[test]
#[ignore = "needs chromium and chromedriver; run with --ignored"]
fn brusky_in_chromium() {
    with_page(|page| variant_round(page, "brusky"));
}

#[test]
#[ignore = "needs chromium and chromedriver; run with --ignored"]
fn chessagon_in_chromium() {
    with_page(|page| variant_round(page, "chessagon"));
}

#[test]
#[ignore = "needs chromium and chromedriver; run with --ignored"]
fn dagger_in_chromium() {
    with_page(|page| variant_round(page, "dagger"));
}

#[test]
#[ignore = "needs chromium and chromedriver; run with --ignored"]
fn cescacs_in_chromium() {
    with_page(|page| variant_round(page, "cescacs"));
}

#[test]
#[ignore = "needs chromium and chromedriver; run with --ignored"]
fn kirby_in_chromium() {
    with_page(|page| variant_round(page, "kirby"));
}

#[test]
#[ignore = "needs chromium and chromedriver; run with --ignored"]
fn a_scripted_game_to_mate_and_its_outcome() {
    with_page(|page| async move {
        page.open("?variant=brusky").await;
        for mv in ["d1-e3", "g8-f6", "e3-e4"] {
            page.play_by_clicks(mv).await;
        }
        let game = page.game().await;
        let outcome = game.outcome.expect("mate");
        assert_eq!(outcome.reason, "checkmate");
        let status = page
            .js("return document.getElementById('status').textContent")
            .await;
        let status = status.as_str().unwrap();
        assert!(
            status.starts_with("Game over") && status.contains(&outcome.text),
            "{status}"
        );
        assert!(page.cells_with("movable").await.is_empty());
        assert_eq!(
            page.cells_with("check").await,
            BTreeSet::from(["f6".to_string()])
        );
        // A click on the finished board says the game is over.
        page.click_cell("a1").await;
        assert!(page.error().await.unwrap().contains("over"));
        page.screenshot("brusky-mate").await;
        page.click("#flip").await;
        page.screenshot("brusky-mate-flipped").await;
        page.click("#flip").await;

        // Kirby's two armies: Black's queen mates White.
        page.open("?variant=kirby").await;
        for mv in ["B/23-B/33", "W/26-W/36", "B/14-A8", "W/27-Q10", "A8-Q8"] {
            page.play_by_clicks(mv).await;
        }
        assert!(page.game().await.outcome.is_some());
        let status = page
            .js("return document.getElementById('status').textContent")
            .await;
        assert!(
            status.as_str().unwrap().starts_with("Game over"),
            "{status}"
        );
    });
}

#[test]
#[ignore = "needs chromium and chromedriver; run with --ignored"]
fn choices_drops_start_positions_and_positions_by_url() {
    with_page(|page| async move {
        // Brusky: a pawn capturing onto the last rank offers the four promotions.
        let promotion = "9/B2b6/5NP3k/B2P2P5/1P10/11/p6K2/1N7 b - - 1 99";
        page.open(&format!(
            "?variant=brusky&position={}",
            urlencode(promotion)
        ))
        .await;
        assert_eq!(page.shown_position().await, promotion);
        page.play_by_clicks("a2xb1=N").await;

        // Dagger: knights in hand are listed as buttons, and dropped by clicking the button.
        let drop = "k/rr/bbb/pppp/1p1/1p1p/3P1/4/PPP/PP1P/BBB/RR/K w LR/LR - 0 3";
        page.open(&format!("?variant=dagger&position={}", urlencode(drop)))
            .await;
        let game = page.game().await;
        let drops: Vec<String> = game
            .moves
            .iter()
            .filter(|m| m.from.is_none())
            .map(|m| m.notation.clone())
            .collect();
        assert!(!drops.is_empty());
        let buttons: Vec<String> = serde_json::from_value(
            page.js("return [...document.querySelectorAll('#drops button')].map(b => b.dataset.notation)")
                .await,
        )
        .unwrap();
        assert_eq!(buttons, drops);
        page.click(&format!("#drops button[data-notation=\"{}\"]", drops[0]))
            .await;
        page.until("the drop", "return state.game.history.length === 1")
            .await;
        page.idle().await;
        assert_eq!(page.game().await.history[0].notation, drops[0]);

        // Dagger: two knights may enter on the same cell: clicking it offers both.
        let entries = "k/2/3/rrp1/bp1/1PPp/nB1p1/PP2/2p/3R/1R1/K1/1 w LR/R - 2 25";
        page.open(&format!("?variant=dagger&position={}", urlencode(entries)))
            .await;
        page.play_by_clicks("NR@a1").await;
        page.screenshot("dagger-entry").await;

        // C'escacs: the king's leap and castling share their cells.
        let castling = "/28:v/27:dk/26:g1j/25:rnnr/24:peje1/23:ppee2/22:4pp1/21:5p2/19:3p4/18:2p1Jp1/17:6g1/15:3p4/13:3P4/10:1P5/8:3PP2/7:1PP2Nj1/6:1DP1P2/5:2EEPP/4:1EJEP/3:R2R/2:GJG/1:VK/ b RKRrkr E13@9-11 0 17";
        page.open(&format!(
            "?variant=cescacs&position={}",
            urlencode(castling)
        ))
        .await;
        page.play_by_clicks("KRK-IK").await;

        // Kirby: a stalemated king relocates, and chooses the man it reclaims.
        let stalemate = "layout=QL turn=S teams=B/S/R castling=- dead=- waiting=- B:KK25,QP/26,RS/36 S:KP/38 R:KW/25,RB13";
        page.open(&format!("?variant=kirby&position={}", urlencode(stalemate)))
            .await;
        assert_eq!(
            page.js("return document.getElementById('start').value")
                .await,
            json!("")
        );
        let after = page.play_by_clicks("P/38>B/12=N").await;
        assert_eq!(after.history[0].notation, "P/38>B/12=N");
        page.screenshot("kirby-relocation").await;

        // Kirby: a dead army shows in the position's fields.
        let dead = "layout=QL turn=B teams=B/S/R castling=- dead=S waiting=- B:KB/13,QB/38,RB/14,RB/18,BB/16,BB/24,NC18,NH23,PA10,PB21,PD19,PB/21,PB/25 S:QJ26,RS/11,RS/18,BS/13,NS/12,NS/25,PF5,PJ2,PL4,PN8,PQ8,PS/23,PS/24,PS/26 R:KR/14,QF9,RR/11,RR/18,BR/16,BG/28,NR/12,NR/17,PH27,PH29,PL20,PL24,PP21,PQ18,PR/36";
        page.open(&format!("?variant=kirby&position={}", urlencode(dead)))
            .await;
        let fields: Vec<String> = serde_json::from_value(
            page.js("return [...document.querySelectorAll('#fields dt, #fields dd')].map(e => e.textContent)")
                .await,
        )
        .unwrap();
        let at = fields
            .iter()
            .position(|f| f == "dead")
            .expect("a dead field");
        assert_eq!(fields[at + 1], "S");

        // Kirby: the start positions list modes and layouts; the teams show.
        page.open("?variant=kirby").await;
        let starts: Vec<String> = serde_json::from_value(
            page.js("return [...document.querySelectorAll('#start option')].map(o => o.value)")
                .await,
        )
        .unwrap();
        assert!(starts.len() >= 7, "{starts:?}");
        let teams = starts
            .iter()
            .find(|s| s.starts_with("6p-3teams"))
            .expect("a six-army mode with teams")
            .clone();
        page.js(&format!(
            "const s = document.getElementById('start'); s.value = {}; s.dispatchEvent(new Event('change'));",
            json!(teams)
        ))
        .await;
        page.until(
            "the six armies",
            "return state.game.position.includes('teams=') && state.game.position.split(':').length > 6",
        )
        .await;
        page.idle().await;
        let fields = page
            .js("return document.getElementById('fields').textContent")
            .await;
        assert!(fields.as_str().unwrap().contains("teams"), "{fields}");
        let game = page.game().await;
        let first = game
            .moves
            .iter()
            .find(|m| m.from.is_some())
            .unwrap()
            .notation
            .clone();
        page.play_by_clicks(&first).await;
        let next = page.game().await;
        assert_ne!(next.turn, game.turn);
        page.screenshot("kirby-six-armies").await;

        // Load a position typed into the text box, and a bad one.
        page.open("?variant=dagger").await;
        page.js(&format!(
            "document.getElementById('position-text').value = {};",
            json!(drop)
        ))
        .await;
        page.click("#load").await;
        page.until(
            "the loaded position",
            &format!("return state.game.position === {}", json!(drop)),
        )
        .await;
        page.idle().await;
        page.js("document.getElementById('position-text').value = 'no such position';")
            .await;
        page.click("#load").await;
        page.until(
            "the error",
            "return !document.getElementById('error').hidden",
        )
        .await;
        assert!(page
            .error()
            .await
            .unwrap()
            .contains("not a dagger position"));
        assert_eq!(page.game().await.position, drop);

        // A bad position in the URL: the start, and the error.
        page.open("?variant=chessagon&position=garbage").await;
        assert!(page.error().await.is_some());
        assert_eq!(page.game().await.position, page.game().await.start);
        // An unknown variant in the URL.
        page.open("?variant=shogi").await;
        assert!(page.error().await.unwrap().contains("shogi"));

        // With "Opponent answers" on, a move by clicks brings the opponent's answer.
        page.open("?variant=dagger").await;
        page.click("#auto").await;
        let game = page.game().await;
        let mv = game
            .moves
            .iter()
            .find(|m| m.from.is_some())
            .unwrap()
            .clone();
        page.click_cell(mv.from.as_ref().unwrap()).await;
        page.click_cell(&mv.to).await;
        page.until("the answer", "return state.game.history.length === 2")
            .await;
        page.idle().await;
        let answered = page.game().await;
        assert_eq!(answered.history[0], mv);
        assert_eq!(page.shown_position().await, answered.position);
    });
}

/// Percent-encodes a query value.
fn urlencode(text: &str) -> String {
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
