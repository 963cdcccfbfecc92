//! `hexvar-play`: serves the hexvar web board on 127.0.0.1.

use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::time::Duration;

use hexvar_engine::Limits;
use hexvar_play::{AppState, Config, VARIANTS};

const USAGE: &str = "\
hexvar-play: a local web board for the hexvar hexagonal chess variants

Usage: hexvar-play [--port PORT] [--max-games N] [--think MILLIS] [--data DIR]

  --port PORT      port on 127.0.0.1 (default: a free one)
  --max-games N    games kept in memory; the least recently used is dropped (default: 256)
  --think MILLIS   how long the opponent thinks when the page does not say (default: 700)
  --data DIR       keep every game as a file in DIR, so that games survive a restart
                   (default: in memory only)
  -h, --help       this text
  -V, --version    the version
";

struct Args {
    port: u16,
    config: Config,
}

fn parse_args(mut args: impl Iterator<Item = String>) -> Result<Option<Args>, String> {
    let mut parsed = Args {
        port: 0,
        config: Config::default(),
    };
    while let Some(arg) = args.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_string(), Some(value.to_string()))
            }
            _ => (arg.clone(), None),
        };
        let mut value = |name: &str| -> Result<String, String> {
            inline
                .clone()
                .or_else(|| args.next())
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match flag.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}");
                return Ok(None);
            }
            "-V" | "--version" => {
                println!("hexvar-play {}", env!("CARGO_PKG_VERSION"));
                return Ok(None);
            }
            "--port" => {
                let v = value("--port")?;
                parsed.port = v.parse().map_err(|_| format!("bad port {v:?}"))?;
            }
            "--max-games" => {
                let v = value("--max-games")?;
                parsed.config.max_games = match v.parse() {
                    Ok(n) if n > 0 => n,
                    _ => return Err(format!("bad game count {v:?}")),
                };
            }
            "--think" => {
                let v = value("--think")?;
                let ms: u64 = v.parse().map_err(|_| format!("bad time {v:?}"))?;
                parsed.config.opponent_time = Duration::from_millis(ms);
                parsed.config.max_opponent_time = parsed
                    .config
                    .max_opponent_time
                    .max(Duration::from_millis(ms));
            }
            "--data" => {
                let v = value("--data")?;
                if v.is_empty() {
                    return Err("--data needs a folder".to_string());
                }
                parsed.config.data = Some(v.into());
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(Some(parsed))
}

fn main() -> ExitCode {
    let args = match parse_args(std::env::args().skip(1)) {
        Ok(Some(args)) => args,
        Ok(None) => return ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("hexvar-play: {message}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("hexvar-play: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let state = match AppState::open(args.config) {
        Ok((state, skipped)) => {
            for file in skipped {
                eprintln!("hexvar-play: skipped a game file that does not read back: {file}");
            }
            state
        }
        Err(e) => {
            eprintln!("hexvar-play: cannot open the data folder: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result: std::io::Result<()> = runtime.block_on(async {
        let listener =
            tokio::net::TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, args.port)))
                .await?;
        let addr = listener.local_addr()?;
        println!("hexvar-play: serving the board on http://{addr}/");
        // The opponent measures each board once per process (its tables from random games):
        // now, rather than in a player's first request.
        std::thread::spawn(|| {
            for kind in VARIANTS {
                if let Ok(game) = (kind.new_game)(None, None) {
                    game.opponent_move(&Limits::depth(1));
                }
            }
        });
        hexvar_play::serve(listener, state).await
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("hexvar-play: {e}");
            ExitCode::FAILURE
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Option<Args>, String> {
        parse_args(args.iter().map(|s| s.to_string()))
    }

    #[test]
    fn flags() {
        let args = parse(&[]).unwrap().unwrap();
        assert_eq!(args.port, 0);
        assert_eq!(args.config.max_games, Config::default().max_games);
        let args = parse(&["--port", "8080", "--max-games=3", "--think", "250"])
            .unwrap()
            .unwrap();
        assert_eq!(args.port, 8080);
        assert_eq!(args.config.max_games, 3);
        assert_eq!(args.config.opponent_time, Duration::from_millis(250));
        assert_eq!(parse(&["--port=9"]).unwrap().unwrap().port, 9);
        assert_eq!(
            parse(&["--data", "games"]).unwrap().unwrap().config.data,
            Some("games".into())
        );
        assert!(parse(&[]).unwrap().unwrap().config.data.is_none());
        assert!(parse(&["--help"]).unwrap().is_none());
        for bad in [
            &["--port"][..],
            &["--port", "70000"],
            &["--port", "x"],
            &["--max-games", "0"],
            &["--think", "-1"],
            &["--data"],
            &["--data="],
            &["--host", "0.0.0.0"],
            &["serve"],
        ] {
            assert!(parse(bad).is_err(), "{bad:?}");
        }
    }
}
