//! Plays a random game of any variant, written once over the shared trait.
//!
//! ```text
//! cargo run -p xtask --example random_game -- VARIANT [SEED] [--mode MODE]
//! cargo run -p xtask --example random_game -- kirby 7 --mode "6p QL"
//! cargo run -p xtask --example random_game -- kirby 7 --mode 6p
//! ```
//!
//! `MODE` is one of the variant's named start positions (`Variant::start_positions`: Kirby's
//! are `"2p QL"` … `"6p QR"`), or its first word when that names them unambiguously up to the
//! layout: `6p` is the first mode whose name starts `6p ` (`"6p QL"`). An unknown mode is an
//! error that lists the names.

use hexvar_geometry::{DynVariant, VariantEntry};

const VARIANTS: &[VariantEntry] = &[
    VariantEntry::of::<hexvar_brusky::Position>(),
    VariantEntry::of::<hexvar_chessagon::Position>(),
    VariantEntry::of::<hexvar_dagger::Position>(),
    VariantEntry::of::<hexvar_cescacs::Position>(),
    VariantEntry::of::<hexvar_kirby::Position>(),
];

/// The most plies to play before giving up on an ending.
const MAX_PLIES: usize = 1000;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    print!("{}", run(&args)?);
    Ok(())
}

/// The game the arguments ask for, as the lines to print: the start, the moves, the end.
fn run(args: &[String]) -> Result<String, String> {
    use core::fmt::Write;
    let names: Vec<&str> = VARIANTS.iter().map(|v| v.name).collect();
    let usage = format!(
        "usage: random_game VARIANT [SEED] [--mode MODE]; variants: {}",
        names.join(", ")
    );
    let name = args.first().ok_or(&usage)?;
    let variant = VARIANTS.iter().find(|v| v.name == name).ok_or(&usage)?;
    let mut seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let mut pos: Box<dyn DynVariant> = match args.iter().position(|a| a == "--mode") {
        Some(i) => {
            let mode = args.get(i + 1).ok_or(&usage)?;
            let starts = (variant.start_positions)();
            let text = find_mode(&starts, mode).ok_or_else(|| {
                let names: Vec<&str> = starts.iter().map(|(n, _)| n.as_str()).collect();
                format!("no mode {mode:?}; modes of {name}: {}", names.join(", "))
            })?;
            (variant.parse)(text).map_err(|e| e.to_string())?
        }
        None => (variant.start)(),
    };
    let mut out = String::new();
    // Writing to a `String` cannot fail.
    let _ = writeln!(out, "{}", pos.position_text());
    let mut plies = Vec::new();
    while pos.status().outcome.is_none() && plies.len() < MAX_PLIES {
        let moves = pos.moves();
        // xorshift64*: a tiny generator, enough to pick moves.
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let chosen = &moves[(seed % moves.len() as u64) as usize];
        pos.play_text(&chosen.notation).map_err(|e| e.to_string())?;
        plies.push(chosen.notation.clone());
    }
    let _ = writeln!(out, "{}", plies.join(" "));
    let _ = writeln!(out, "{}", pos.position_text());
    let _ = match pos.status().outcome {
        Some(outcome) => writeln!(out, "{} after {} plies", outcome.text, plies.len()),
        None => writeln!(out, "no result after {MAX_PLIES} plies"),
    };
    Ok(out)
}

/// The position text of the named start whose name is `mode`, else of the first whose name's
/// first word is `mode` (`6p` names `6p QL`).
fn find_mode<'a>(starts: &'a [(String, String)], mode: &str) -> Option<&'a str> {
    let exact = starts.iter().find(|(n, _)| n == mode);
    let by_word = || {
        starts
            .iter()
            .find(|(n, _)| n.split_whitespace().next() == Some(mode))
    };
    exact.or_else(by_word).map(|(_, text)| text.as_str())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The arguments of a header command line, quotes grouping words.
    fn header_args(line: &str) -> Vec<String> {
        let after = line.split_once("-- ").expect("a command with arguments").1;
        let mut args = Vec::new();
        for (i, part) in after.split('"').enumerate() {
            if i % 2 == 1 {
                args.push(part.to_string());
            } else {
                args.extend(part.split_whitespace().map(str::to_string));
            }
        }
        args
    }

    #[test]
    fn every_command_of_the_header_runs() {
        let source = include_str!("random_game.rs");
        let commands: Vec<&str> = source
            .lines()
            .filter(|l| l.starts_with("//! cargo run") && !l.contains("VARIANT"))
            .collect();
        assert!(commands.len() >= 2, "{commands:?}");
        for command in commands {
            let out = run(&header_args(command)).unwrap_or_else(|e| panic!("{command}: {e}"));
            assert!(out.lines().count() == 4, "{command}: {out}");
        }
    }

    #[test]
    fn a_mode_names_its_first_word_and_an_unknown_one_lists_the_modes() {
        let args = |mode: &str| ["kirby", "7", "--mode", mode].map(String::from);
        let by_word = run(&args("6p")).unwrap();
        assert_eq!(by_word, run(&args("6p QL")).unwrap());
        assert_ne!(by_word, run(&args("6p QR")).unwrap());
        let error = run(&args("7p")).unwrap_err();
        assert!(error.contains("no mode \"7p\""), "{error}");
        assert!(
            error.contains("2p QL") && error.contains("6p QR"),
            "{error}"
        );
    }
}
