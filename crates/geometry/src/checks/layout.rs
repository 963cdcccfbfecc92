//! The shape of a crate's tests folder: one integration-test binary whose modules are the other
//! files.

use std::path::Path;

/// Whether every `.rs` file of `folder` (a crate's `tests/`) other than `main.rs` is declared as
/// a module (`mod name;`, or `mod r#name;` for a keyword) in `main_source`, the text of `tests/main.rs`. A crate that builds its
/// tests as one binary (`autotests = false`) runs only the files its `main.rs` names: this keeps
/// a new file from being silently left out.
///
/// ```
/// use hexvar_geometry::checks::test_files_are_modules;
///
/// let folder = std::env::temp_dir().join(format!("hexvar-layout-doc-{}", std::process::id()));
/// std::fs::create_dir_all(&folder).unwrap();
/// std::fs::write(folder.join("rules.rs"), "").unwrap();
/// assert!(test_files_are_modules(&folder, "mod rules;\n").is_ok());
/// assert!(test_files_are_modules(&folder, "mod other;\n").is_err());
/// std::fs::remove_dir_all(&folder).unwrap();
/// ```
pub fn test_files_are_modules(folder: &Path, main_source: &str) -> Result<(), String> {
    let declared: Vec<&str> = main_source
        .lines()
        .filter_map(|line| line.trim().strip_prefix("mod "))
        .filter_map(|rest| rest.strip_suffix(';'))
        .map(|name| name.strip_prefix("r#").unwrap_or(name))
        .collect();
    let entries = std::fs::read_dir(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let mut missing = Vec::new();
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        let is_rust = path.extension().is_some_and(|e| e == "rs");
        if is_rust && stem != "main" && !declared.contains(&stem) {
            missing.push(format!("{}: no `mod {stem};` in main.rs", path.display()));
        }
    }
    missing.sort();
    if missing.is_empty() {
        Ok(())
    } else {
        Err(missing.join("\n"))
    }
}
