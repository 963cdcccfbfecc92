//! The variant crates, behind one table so that every subcommand treats them alike.

/// Runs perft on a prepared position: `(depth, bulk)` → leaf count.
pub type PerftRun = Box<dyn Fn(u32, bool) -> u64>;

/// Perft per root move: the move in the variant's notation and its leaf count.
pub type Divided = Vec<(String, u64)>;

/// The start position text of a named mode of play.
pub type StartOfMode = fn(&str) -> Result<String, String>;

/// One variant crate as xtask sees it.
pub struct Variant {
    /// The crate's folder under `crates/` and the name on the command line.
    pub name: &'static str,
    /// Parses a position text (or takes the start position) and returns its perft runner.
    pub prepare: fn(Option<&str>) -> Result<PerftRun, String>,
    /// Perft per legal root move, with the move in the variant's notation.
    pub divide: fn(Option<&str>, u32) -> Result<Divided, String>,
    /// For variants with several modes of play (Kirby's 2–6 players): the start position text
    /// of a mode.
    pub start_of_mode: Option<StartOfMode>,
}

macro_rules! variant {
    ($name:literal, $krate:ident) => {
        Variant {
            name: $name,
            prepare: |text| {
                let pos: $krate::Position = match text {
                    Some(text) => text.parse().map_err(|e| format!("{}: {e}", $name))?,
                    None => $krate::Position::default(),
                };
                Ok(Box::new(move |depth, bulk| {
                    if bulk {
                        $krate::perft(&pos, depth)
                    } else {
                        $krate::perft_without_bulk(&pos, depth)
                    }
                }))
            },
            divide: |text, depth| {
                let pos: $krate::Position = match text {
                    Some(text) => text.parse().map_err(|e| format!("{}: {e}", $name))?,
                    None => $krate::Position::default(),
                };
                Ok($krate::divide(&pos, depth)
                    .into_iter()
                    .map(|(m, n)| (m.to_string(), n))
                    .collect())
            },
            start_of_mode: None,
        }
    };
    ($name:literal, $krate:ident, modes: $modes:expr) => {
        Variant {
            start_of_mode: Some($modes),
            ..variant!($name, $krate)
        }
    };
}

/// Kirby's start position for a mode named as in its position format (`2p`, `3p`, `4p`,
/// `4p-teams`, `6p`, `6p-3teams`, `6p-2teams`).
fn kirby_start(mode: &str) -> Result<String, String> {
    let mode: hexvar_kirby::Mode = mode.parse().map_err(|e| format!("kirby mode: {e}"))?;
    Ok(hexvar_kirby::Setup::start_mode(mode, hexvar_kirby::Layout::default()).to_string())
}

/// Every variant, in the order the suite runs them.
pub const VARIANTS: &[Variant] = &[
    variant!("brusky", hexvar_brusky),
    variant!("chessagon", hexvar_chessagon),
    variant!("dagger", hexvar_dagger),
    variant!("cescacs", hexvar_cescacs),
    variant!("kirby", hexvar_kirby, modes: kirby_start),
];

/// The variant called `name`.
pub fn find(name: &str) -> Result<&'static Variant, String> {
    VARIANTS.iter().find(|v| v.name == name).ok_or_else(|| {
        let names: Vec<&str> = VARIANTS.iter().map(|v| v.name).collect();
        format!("unknown variant {name:?}; known: {}", names.join(", "))
    })
}
