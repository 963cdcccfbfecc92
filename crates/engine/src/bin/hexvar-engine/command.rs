//! The protocol's commands, read from one line of input into a typed [`Command`], or an error
//! that says what is wrong with the line.

use std::time::Duration;

/// One line of input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify, list the options.
    Uci,
    /// `isready`.
    IsReady,
    /// `setoption name <name> value <value>` (the name and the value may hold spaces).
    SetOption { name: String, value: String },
    /// `ucinewgame`.
    NewGame,
    /// `position startpos|text <position text> [moves <long>…]`.
    Position {
        /// `None` for `startpos`, else the position text.
        text: Option<String>,
        moves: Vec<String>,
    },
    /// `go …`.
    Go(Go),
    /// `stop`.
    Stop,
    /// `quit`.
    Quit,
    /// A command the protocol has that this program ignores (`debug`, `register`,
    /// `ponderhit`).
    Ignored,
}

/// The limits of a `go` command, as given.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime: Option<Duration>,
    /// `wtime`, `btime`: the time left of the first side (see the README) and of the others.
    pub time: [Option<Duration>; 2],
    /// `winc`, `binc`.
    pub increment: [Option<Duration>; 2],
    pub moves_to_go: Option<u32>,
    pub infinite: bool,
}

/// The longest piece of input an error message quotes.
const QUOTE: usize = 100;

/// A piece of input for an error message: at most 100 characters.
pub fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_string(),
    }
}

/// Reads one line; `Ok(None)` for an empty line.
pub fn parse(line: &str) -> Result<Option<Command>, String> {
    let mut words = line.split_ascii_whitespace();
    let Some(first) = words.next() else {
        return Ok(None);
    };
    let rest: Vec<&str> = words.collect();
    let bare = |command: Command| {
        if rest.is_empty() {
            Ok(Some(command))
        } else {
            Err(format!(
                "'{first}' takes no arguments: {}",
                quote(&rest.join(" "))
            ))
        }
    };
    match first {
        "uci" => bare(Command::Uci),
        "isready" => bare(Command::IsReady),
        "ucinewgame" => bare(Command::NewGame),
        "stop" => bare(Command::Stop),
        "quit" => bare(Command::Quit),
        "debug" | "register" | "ponderhit" => Ok(Some(Command::Ignored)),
        "setoption" => set_option(&rest).map(Some),
        "position" => position(&rest).map(Some),
        "go" => go(&rest).map(|g| Some(Command::Go(g))),
        other => Err(format!("unknown command '{}'", quote(other))),
    }
}

fn set_option(words: &[&str]) -> Result<Command, String> {
    let usage = "setoption name <name> value <value>";
    if words.first() != Some(&"name") {
        return Err(format!("expected {usage}"));
    }
    let value_at = words.iter().position(|w| *w == "value");
    let name_end = value_at.unwrap_or(words.len());
    let name = words[1..name_end].join(" ");
    if name.is_empty() {
        return Err(format!("no option name: expected {usage}"));
    }
    let value = value_at.map_or(String::new(), |i| words[i + 1..].join(" "));
    Ok(Command::SetOption { name, value })
}

fn position(words: &[&str]) -> Result<Command, String> {
    let moves_at = words.iter().position(|w| *w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&words[..i], &words[i + 1..]),
        None => (words, &[][..]),
    };
    let text = match setup {
        ["startpos"] => None,
        ["text", fields @ ..] if !fields.is_empty() => Some(fields.join(" ")),
        ["text"] => return Err("'position text' needs a position text".to_string()),
        _ => {
            return Err(format!(
                "expected 'position startpos|text <position text> [moves …]', not '{}'",
                quote(&setup.join(" "))
            ))
        }
    };
    Ok(Command::Position {
        text,
        moves: moves.iter().map(|m| m.to_string()).collect(),
    })
}

fn go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut i = 0;
    while i < words.len() {
        let word = words[i];
        if word == "infinite" {
            go.infinite = true;
            i += 1;
            continue;
        }
        let value = words
            .get(i + 1)
            .ok_or_else(|| format!("'go {word}' needs a number"))?;
        let number = || -> Result<u64, String> {
            value
                .parse::<u64>()
                .map_err(|_| format!("'go {word}' needs a number, not '{}'", quote(value)))
        };
        let millis = || number().map(Duration::from_millis);
        match word {
            "depth" => go.depth = Some(u32::try_from(number()?).unwrap_or(u32::MAX)),
            "nodes" => go.nodes = Some(number()?),
            "movetime" => go.movetime = Some(millis()?),
            "wtime" => go.time[0] = Some(millis()?),
            "btime" => go.time[1] = Some(millis()?),
            "winc" => go.increment[0] = Some(millis()?),
            "binc" => go.increment[1] = Some(millis()?),
            "movestogo" => go.moves_to_go = Some(u32::try_from(number()?).unwrap_or(u32::MAX)),
            other => {
                return Err(format!(
                    "unknown 'go' limit '{}' (depth, nodes, movetime, wtime, btime, winc, \
                     binc, movestogo, infinite)",
                    quote(other)
                ))
            }
        }
        i += 2;
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands() {
        assert_eq!(parse("  uci \t"), Ok(Some(Command::Uci)));
        assert_eq!(parse(""), Ok(None));
        assert_eq!(
            parse("setoption name UCI_Variant value kirby"),
            Ok(Some(Command::SetOption {
                name: "UCI_Variant".into(),
                value: "kirby".into()
            }))
        );
        assert_eq!(
            parse("setoption name KirbyStart value 6p QL"),
            Ok(Some(Command::SetOption {
                name: "KirbyStart".into(),
                value: "6p QL".into()
            }))
        );
        assert_eq!(
            parse("position text a b  c moves x y"),
            Ok(Some(Command::Position {
                text: Some("a b c".into()),
                moves: vec!["x".into(), "y".into()]
            }))
        );
        let go = parse("go wtime 1000 btime 2000 winc 10 movestogo 5").unwrap();
        let Some(Command::Go(go)) = go else {
            panic!("{go:?}")
        };
        assert_eq!(
            go.time,
            [Some(Duration::from_secs(1)), Some(Duration::from_secs(2))]
        );
        assert_eq!(go.moves_to_go, Some(5));
    }

    #[test]
    fn malformed_commands_are_errors() {
        for bad in [
            "go depth",
            "go depth -1",
            "go nodes many",
            "go sideways 3",
            "position",
            "position text",
            "position fen x",
            "setoption value 3",
            "setoption name",
            "uci now",
            "fly",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
        let long = "x".repeat(500);
        assert!(parse(&long).unwrap_err().chars().count() < 150);
    }
}
