//! `cargo xtask package`: every library crate as it would be published, unpacked and tested on
//! its own, so that no crate reads a file outside its folder or lacks one it needs.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::root;

/// The crates published as libraries, geometry first (the others depend on it), the engine last
/// (its tests use every variant crate).
pub const LIBRARIES: [&str; 7] = [
    "hexvar-geometry",
    "hexvar-brusky",
    "hexvar-chessagon",
    "hexvar-dagger",
    "hexvar-cescacs",
    "hexvar-kirby",
    "hexvar-engine",
];

/// The target folder of this build (`CARGO_TARGET_DIR`, or the workspace's `target`).
fn target_dir() -> PathBuf {
    std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join("target"))
}

fn cargo(dir: &Path, args: &[&str]) -> Result<(), String> {
    println!("$ cargo {} (in {})", args.join(" "), dir.display());
    let status = Command::new("cargo")
        .current_dir(dir)
        // The unpacked crates build into the workspace's target folder, so that dependencies
        // already built there are reused.
        .env("CARGO_TARGET_DIR", target_dir())
        .args(args)
        .status()
        .map_err(|e| format!("cargo: {e}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!(
            "cargo {} failed in {}",
            args.join(" "),
            dir.display()
        ))
    }
}

pub fn run(args: &[String]) -> Result<(), String> {
    if !args.is_empty() {
        return Err("usage: cargo xtask package".into());
    }
    let root = root();
    let mut package = vec!["package", "--no-verify", "--allow-dirty"];
    for name in LIBRARIES {
        package.extend(["-p", name]);
    }
    cargo(&root, &package)?;
    let unpacked = target_dir().join("package-check");
    let _ = std::fs::remove_dir_all(&unpacked);
    std::fs::create_dir_all(&unpacked).map_err(|e| e.to_string())?;
    let version = env!("CARGO_PKG_VERSION");
    for name in LIBRARIES {
        let file = target_dir().join(format!("package/{name}-{version}.crate"));
        // `--touch`: the files get the time of unpacking, not the fixed time `cargo package`
        // writes into the archive. Cargo judges a path crate's build fresh by its files' times, so
        // with the archive's times it would reuse an earlier run's build of older sources.
        let status = Command::new("tar")
            .arg("--touch")
            .arg("-xzf")
            .arg(&file)
            .arg("-C")
            .arg(&unpacked)
            .status()
            .map_err(|e| format!("tar: {e}"))?;
        if !status.success() {
            return Err(format!("cannot unpack {}", file.display()));
        }
        for licence in ["LICENSE-MIT", "LICENSE-APACHE", "README.md"] {
            if !unpacked
                .join(format!("{name}-{version}"))
                .join(licence)
                .exists()
            {
                return Err(format!("{name}: the package lacks {licence}"));
            }
        }
    }
    write_workspace(&root, &unpacked, version)?;
    // Each crate tested on its own (`-p`: its features alone, as a user's build resolves them),
    // in one workspace with the repository's lock and test profile, so that the dependencies the
    // tests step built are reused, not resolved and built again per crate.
    for name in LIBRARIES {
        cargo(&unpacked, &["test", "-p", name, "--all-features"])?;
    }
    println!(
        "package: {} crates packaged, unpacked and tested on their own",
        LIBRARIES.len()
    );
    Ok(())
}

/// Makes the unpacked crates one workspace: its members the unpacked copies, each crate's
/// dependencies on the others (by version, as published) patched to those copies, the
/// repository's `Cargo.lock` (the versions the tests step built) and its profiles.
fn write_workspace(root: &Path, unpacked: &Path, version: &str) -> Result<(), String> {
    let read =
        |path: &Path| std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()));
    let folders: Vec<String> = LIBRARIES
        .iter()
        .map(|name| format!("{name}-{version}"))
        .collect();
    // The packages the libraries can build: every name in their own lock files (a `.crate`
    // carries one), so that no profile names a package the workspace lacks.
    let mut packages = std::collections::BTreeSet::new();
    for folder in &folders {
        packages.extend(lock_names(&read(
            &unpacked.join(folder).join("Cargo.lock"),
        )?));
    }
    let mut manifest = String::from(
        "# Written by `cargo xtask package`: the unpacked library crates as one workspace.\n\
         [workspace]\nresolver = \"2\"\nmembers = [\n",
    );
    for folder in &folders {
        manifest += &format!("    {folder:?},\n");
    }
    manifest += "]\n\n[patch.crates-io]\n";
    for (name, folder) in LIBRARIES.iter().zip(&folders) {
        manifest += &format!("{name} = {{ path = {folder:?} }}\n");
    }
    manifest += &profiles(&read(&root.join("Cargo.toml"))?, &packages);
    std::fs::write(unpacked.join("Cargo.toml"), manifest).map_err(|e| e.to_string())?;
    std::fs::copy(root.join("Cargo.lock"), unpacked.join("Cargo.lock"))
        .map_err(|e| format!("Cargo.lock: {e}"))?;
    Ok(())
}

/// The names of the packages in a `Cargo.lock`.
fn lock_names(lock: &str) -> Vec<String> {
    lock.lines()
        .filter_map(|line| line.strip_prefix("name = "))
        .map(|name| name.trim_matches('"').to_string())
        .collect()
}

/// The `[profile…]` sections of a manifest, with their lines, leaving out those for one package
/// that is not among `packages`.
pub fn profiles(manifest: &str, packages: &std::collections::BTreeSet<String>) -> String {
    let mut out = String::new();
    let mut keep = false;
    for line in manifest.lines() {
        if let Some(header) = line.strip_prefix('[') {
            keep = header.starts_with("profile.")
                && match header.trim_end_matches(']').split_once(".package.") {
                    Some((_, name)) => {
                        let name = name.trim_matches('"');
                        name == "*" || packages.contains(name)
                    }
                    None => true,
                };
            if keep {
                out.push('\n');
            }
        }
        if keep {
            out += line;
            out.push('\n');
        }
    }
    out
}
