//! Plays a random game of any variant, written once over the shared trait.
//!
//! ```text
//! cargo run -p xtask --example random_game -- VARIANT [SEED] [--mode MODE]
//! cargo run -p xtask --example random_game -- kirby 7 --mode 6p
//! ```

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
            let (_, text) = starts
                .iter()
                .find(|(n, _)| n == mode)
                .ok_or(format!("no mode {mode}"))?;
            (variant.parse)(text).map_err(|e| e.to_string())?
        }
        None => (variant.start)(),
    };
    println!("{}", pos.position_text());
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
    println!("{}", plies.join(" "));
    println!("{}", pos.position_text());
    match pos.status().outcome {
        Some(outcome) => println!("{} after {} plies", outcome.text, plies.len()),
        None => println!("no result after {MAX_PLIES} plies"),
    }
    Ok(())
}
