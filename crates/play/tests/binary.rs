//! The `hexvar-play` program: it prints its address on 127.0.0.1 and serves the page and the API.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use axum::body::Bytes;
use axum::http::{Request, StatusCode};
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

struct Program(Child);

impl Drop for Program {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Starts the program with `args` and returns it with the address it prints.
async fn start(args: &[&str]) -> (Program, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexvar-play"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the program starts");
    let stdout = child.stdout.take().unwrap();
    let program = Program(child);
    let line = tokio::time::timeout(
        Duration::from_secs(20),
        tokio::task::spawn_blocking(move || {
            let mut line = String::new();
            BufReader::new(stdout).read_line(&mut line).unwrap();
            line
        }),
    )
    .await
    .expect("the address within 20 s")
    .unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap_or_else(|| panic!("no address in {line:?}"))
        .trim_end_matches('/')
        .to_string();
    assert!(url.starts_with("http://127.0.0.1:"), "{url}");
    (program, url)
}

/// A request to the program: status, content type and body.
async fn fetch(url: &str, method: &str, path: &str, body: &str) -> (StatusCode, String, String) {
    let client = Client::builder(TokioExecutor::new()).build_http::<Full<Bytes>>();
    let request = Request::builder()
        .method(method)
        .uri(format!("{url}{path}"))
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(body.to_string())))
        .unwrap();
    let response = client.request(request).await.unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_string())
        .unwrap_or_default();
    let body = response.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        content_type,
        String::from_utf8(body.to_vec()).unwrap(),
    )
}

#[tokio::test]
async fn prints_its_address_and_serves_the_page_and_the_api() {
    let (program, url) = start(&["--port", "0", "--max-games", "4"]).await;
    let (status, content_type, page) = fetch(&url, "GET", "/", "").await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("text/html"));
    assert!(page.contains("app.js") && page.contains("id=\"board\""));
    for (path, kind) in [("/app.js", "text/javascript"), ("/style.css", "text/css")] {
        let (status, content_type, _) = fetch(&url, "GET", path, "").await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
    }
    let (status, _, variants) = fetch(&url, "GET", "/api/variants", "").await;
    assert_eq!(status, StatusCode::OK);
    assert!(variants.contains("\"kirby\""));
    let (status, _, game) = fetch(&url, "POST", "/api/games", r#"{"variant": "cescacs"}"#).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let (status, content_type, error) =
        fetch(&url, "POST", "/api/games", r#"{"variant": "go"}"#).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        content_type.starts_with("application/json"),
        "{content_type}"
    );
    assert!(error.contains("\"error\""), "{error}");
    // Paths that are not UTF-8, and no path at all: JSON too.
    for path in ["/api/games/%FF", "/favicon.ico"] {
        let (status, content_type, error) = fetch(&url, "GET", path, "").await;
        assert!(status.is_client_error(), "{path}: {status}");
        assert!(
            content_type.starts_with("application/json"),
            "{path}: {content_type}"
        );
        assert!(error.contains("\"error\""), "{error}");
    }
    drop(program);
}

#[tokio::test]
async fn games_kept_in_a_data_folder_survive_a_restart() {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let dir = std::env::temp_dir().join(format!("hexvar-play-bin-{}-{nanos}", std::process::id()));
    let data = dir.to_str().unwrap().to_string();
    let (program, url) = start(&["--data", &data]).await;
    let (status, _, game) = fetch(
        &url,
        "POST",
        "/api/games",
        r#"{"variant": "dagger", "moves": ["df1", "g2"]}"#,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let id = game
        .split("\"id\":\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap()
        .to_string();
    drop(program);
    let (program, url) = start(&["--data", &data]).await;
    let (status, _, again) = fetch(&url, "GET", &format!("/api/games/{id}"), "").await;
    assert_eq!(status, StatusCode::OK, "{again}");
    assert!(again.contains("\"ply\":2"), "{again}");
    drop(program);
    // Without the flag, games live in memory only.
    let (program, url) = start(&[]).await;
    let (status, _, _) = fetch(&url, "GET", &format!("/api/games/{id}"), "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    drop(program);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn refuses_bad_flags() {
    let output = Command::new(env!("CARGO_BIN_EXE_hexvar-play"))
        .args(["--port", "seventy"])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("bad port"));
    let output = Command::new(env!("CARGO_BIN_EXE_hexvar-play"))
        .arg("--help")
        .output()
        .unwrap();
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).contains("--port"));
}
