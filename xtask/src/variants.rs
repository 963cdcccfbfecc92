//! The variant crates, as one table of [`VariantEntry`]s: every subcommand drives them through
//! the shared trait's text face, so no subcommand names a variant.

use hexvar_geometry::{DynVariant, VariantEntry};

/// `&[f::<hexvar_brusky::Position>(), …]` for a generic function `f` over the variant types:
/// every variant crate, named once, in the order the suite runs them.
macro_rules! each_variant {
    ($($f:ident)::+) => {
        &[
            $($f)::+::<hexvar_brusky::Position>(),
            $($f)::+::<hexvar_chessagon::Position>(),
            $($f)::+::<hexvar_dagger::Position>(),
            $($f)::+::<hexvar_cescacs::Position>(),
            $($f)::+::<hexvar_kirby::Position>(),
        ]
    };
}
pub(crate) use each_variant;

/// Every variant, in the order the suite runs them.
pub const VARIANTS: &[VariantEntry] = each_variant!(VariantEntry::of);

/// The variant called `name`.
pub fn find(name: &str) -> Result<&'static VariantEntry, String> {
    VARIANTS.iter().find(|v| v.name == name).ok_or_else(|| {
        let names: Vec<&str> = VARIANTS.iter().map(|v| v.name).collect();
        format!("unknown variant {name:?}; known: {}", names.join(", "))
    })
}

/// The variants named on a command line (all of them when none is named).
pub fn select(names: &[String]) -> Result<Vec<&'static VariantEntry>, String> {
    if names.is_empty() {
        return Ok(VARIANTS.iter().collect());
    }
    names.iter().map(|n| find(n)).collect()
}

/// A position of `variant`: the start, a named start position (`--mode`), or a position text.
pub fn position(
    variant: &VariantEntry,
    mode: Option<&str>,
    text: Option<&str>,
) -> Result<Box<dyn DynVariant>, String> {
    match (mode, text) {
        (Some(_), Some(_)) => Err("give --mode or --position, not both".into()),
        (Some(mode), None) => {
            let text = named_start(variant.name, &(variant.start_positions)(), mode)?;
            (variant.parse)(&text).map_err(|e| format!("{}: {e}", variant.name))
        }
        (None, Some(text)) => (variant.parse)(text).map_err(|e| format!("{}: {e}", variant.name)),
        (None, None) => Ok((variant.start)()),
    }
}

/// The text of the start position called `mode` among a variant's `starts` (name and text
/// pairs), or an error that lists the names there are. Any subcommand with a `--mode` reads it so.
pub fn named_start(
    variant: &str,
    starts: &[(String, String)],
    mode: &str,
) -> Result<String, String> {
    if let Some((_, text)) = starts.iter().find(|(name, _)| name == mode) {
        return Ok(text.clone());
    }
    let names: Vec<&str> = starts.iter().map(|(name, _)| name.as_str()).collect();
    Err(format!(
        "{variant} has no mode {mode:?}; known: {}",
        names.join(", ")
    ))
}
