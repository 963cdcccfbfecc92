//! The server's connections, screened before HTTP reads them: a request line that is not plain
//! ASCII `METHOD TARGET HTTP/x.y` (raw bytes that are not UTF-8, control characters) gets the
//! API's JSON 400 here, since the HTTP library would answer it with an empty body. Every answer
//! closes its connection (`Connection: close`, set by the router), so that each connection carries
//! one request and the first line read here is the only request line it has.

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::serve::Listener;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

/// The longest request line screened; a longer one goes on to HTTP, which refuses it.
const LINE_LIMIT: usize = 8 * 1024;
/// How long a refused connection's further input is read before the connection is dropped.
const DRAIN_TIME: std::time::Duration = std::time::Duration::from_secs(5);
/// Connections screened and waiting for the server to take them.
const QUEUE: usize = 64;

/// A connection whose first bytes were read to screen its request line, and are read again first.
pub struct Screened {
    read: Vec<u8>,
    at: usize,
    stream: TcpStream,
}

impl AsyncRead for Screened {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if this.at < this.read.len() {
            let n = buf.remaining().min(this.read.len() - this.at);
            buf.put_slice(&this.read[this.at..this.at + n]);
            this.at += n;
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut this.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Screened {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.stream).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }
}

/// A listener that hands the server only connections whose request line is well formed; it
/// answers the others itself. Each connection is screened in its own task, so that a slow client
/// holds up no other.
pub struct ScreeningListener {
    incoming: mpsc::Receiver<(Screened, SocketAddr)>,
    local: SocketAddr,
}

impl ScreeningListener {
    /// Screens the connections of `listener` (in a task of the current runtime).
    pub fn new(listener: TcpListener) -> io::Result<ScreeningListener> {
        let local = listener.local_addr()?;
        let (sender, incoming) = mpsc::channel(QUEUE);
        tokio::spawn(async move {
            loop {
                let Ok((stream, address)) = listener.accept().await else {
                    // Out of file descriptors and the like: let others finish first.
                    tokio::task::yield_now().await;
                    continue;
                };
                let sender = sender.clone();
                tokio::spawn(async move {
                    if let Some(screened) = screen(stream).await {
                        let _ = sender.send((screened, address)).await;
                    }
                });
            }
        });
        Ok(ScreeningListener { incoming, local })
    }
}

impl Listener for ScreeningListener {
    type Io = Screened;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Screened, SocketAddr) {
        match self.incoming.recv().await {
            Some(connection) => connection,
            // The accepting task never ends while the listener lives.
            None => std::future::pending().await,
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        Ok(self.local)
    }
}

/// Reads the request line of `stream`; answers a bad one with JSON 400 (`None`), else returns the
/// connection with what was read to be read again.
async fn screen(mut stream: TcpStream) -> Option<Screened> {
    let mut read = Vec::new();
    let mut chunk = [0u8; 1024];
    while !read.contains(&b'\n') && read.len() < LINE_LIMIT {
        let n = read_some(&mut stream, &mut chunk).await.ok()?;
        if n == 0 {
            break;
        }
        read.extend_from_slice(&chunk[..n]);
    }
    let end = read.iter().position(|&b| b == b'\n');
    if let Some(problem) = end.and_then(|end| line_problem(&read[..end])) {
        let body = serde_json::json!({ "error": format!("bad request line: {problem}") });
        let body = body.to_string();
        let answer = format!(
            "HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
             connection: close\r\n\r\n{body}",
            body.len()
        );
        let mut rest = answer.as_bytes();
        while !rest.is_empty() {
            match std::future::poll_fn(|cx| Pin::new(&mut stream).poll_write(cx, rest)).await {
                Ok(n) if n > 0 => rest = &rest[n..],
                _ => return None,
            }
        }
        let _ = std::future::poll_fn(|cx| Pin::new(&mut stream).poll_shutdown(cx)).await;
        // What the client still sends is read and dropped: closing with unread input would reset
        // the connection, and the client could lose the answer.
        let drain = async {
            let mut drained = 0;
            while drained < LINE_LIMIT * 8 {
                match read_some(&mut stream, &mut chunk).await {
                    Ok(n) if n > 0 => drained += n,
                    _ => break,
                }
            }
        };
        let _ = tokio::time::timeout(DRAIN_TIME, drain).await;
        return None;
    }
    Some(Screened {
        read,
        at: 0,
        stream,
    })
}

/// Reads what `stream` has into `chunk` (0 at its end), as `AsyncReadExt::read` would.
async fn read_some(stream: &mut TcpStream, chunk: &mut [u8]) -> io::Result<usize> {
    std::future::poll_fn(|cx| {
        let mut buf = ReadBuf::new(chunk);
        match Pin::new(&mut *stream).poll_read(cx, &mut buf) {
            Poll::Ready(Ok(())) => Poll::Ready(Ok(buf.filled().len())),
            Poll::Ready(Err(e)) => Poll::Ready(Err(e)),
            Poll::Pending => Poll::Pending,
        }
    })
    .await
}

/// What is wrong with a request line (its `\n` not included), if anything.
fn line_problem(line: &[u8]) -> Option<String> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let Ok(text) = std::str::from_utf8(line) else {
        return Some("not UTF-8".to_string());
    };
    if let Some(c) = text.chars().find(|c| !c.is_ascii() || c.is_ascii_control()) {
        return Some(format!("the character {c:?} (only ASCII, percent-encoded)"));
    }
    let parts: Vec<&str> = text.split(' ').collect();
    let shaped = parts.len() == 3
        && !parts[0].is_empty()
        && !parts[1].is_empty()
        && parts[2].starts_with("HTTP/");
    (!shaped).then(|| {
        format!(
            "{:?} is not `METHOD TARGET HTTP/x.y`",
            crate::game::cut(text, crate::server::ECHO_LIMIT)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::line_problem;

    #[test]
    fn request_lines_are_plain_ascii_in_three_parts() {
        assert_eq!(line_problem(b"GET /api/variants HTTP/1.1\r"), None);
        assert_eq!(line_problem(b"POST /api/games HTTP/1.0"), None);
        assert_eq!(
            line_problem(b"GET /api/\xff HTTP/1.1\r").as_deref(),
            Some("not UTF-8")
        );
        assert!(line_problem("GET /é HTTP/1.1".as_bytes())
            .unwrap()
            .contains("ASCII"));
        assert!(line_problem(b"GET /a\x01 HTTP/1.1").is_some());
        assert!(line_problem(b"GET /a").is_some());
        assert!(line_problem(b"GET  / HTTP/1.1").is_some());
    }
}
