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

#[tokio::test]
async fn prints_its_address_and_serves_the_page_and_the_api() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hexvar-play"))
        .args(["--port", "0", "--max-games", "4"])
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

    let client = Client::builder(TokioExecutor::new()).build_http::<Full<Bytes>>();
    let fetch = |method: &str, path: &str, body: &str| {
        let request = Request::builder()
            .method(method)
            .uri(format!("{url}{path}"))
            .header("content-type", "application/json")
            .body(Full::new(Bytes::from(body.to_string())))
            .unwrap();
        let client = client.clone();
        async move {
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
    };
    let (status, content_type, page) = fetch("GET", "/", "").await;
    assert_eq!(status, StatusCode::OK);
    assert!(content_type.starts_with("text/html"));
    assert!(page.contains("app.js") && page.contains("id=\"board\""));
    for (path, kind) in [("/app.js", "text/javascript"), ("/style.css", "text/css")] {
        let (status, content_type, _) = fetch("GET", path, "").await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert!(content_type.starts_with(kind), "{path}: {content_type}");
    }
    let (status, _, variants) = fetch("GET", "/api/variants", "").await;
    assert_eq!(status, StatusCode::OK);
    assert!(variants.contains("\"kirby\""));
    let (status, _, game) = fetch("POST", "/api/games", r#"{"variant": "cescacs"}"#).await;
    assert_eq!(status, StatusCode::CREATED, "{game}");
    let (status, _, error) = fetch("POST", "/api/games", r#"{"variant": "go"}"#).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error.contains("\"error\""), "{error}");
    drop(program);
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
