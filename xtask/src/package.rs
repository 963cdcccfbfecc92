//! `cargo xtask package`: every library crate as it would be published, unpacked and tested on
//! its own, so that no crate reads a file outside its folder or lacks one it needs.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::root;

/// The crates published as libraries, geometry first (the others depend on it), the engine last
/// (its tests use every variant crate).
const LIBRARIES: [&str; 7] = [
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
    for name in LIBRARIES {
        let dir = unpacked.join(format!("{name}-{version}"));
        // The crates depend on each other by version (on hexvar-geometry; the engine's tests on
        // every variant): point those at the unpacked copies.
        let patches: Vec<String> = LIBRARIES
            .iter()
            .filter(|&&other| other != name)
            .map(|other| {
                let copy = unpacked.join(format!("{other}-{version}"));
                format!(
                    "patch.crates-io.{other}.path={:?}",
                    copy.display().to_string()
                )
            })
            .collect();
        // The unpacked crate is a workspace of its own: give it the repository's test profile, so
        // that its perft tests run optimised and the dependencies built for the workspace are reused.
        let profile = [
            "--config",
            "profile.test.opt-level=3",
            "--config",
            "profile.test.debug=\"line-tables-only\"",
            "--config",
            "profile.test.package.\"*\".opt-level=1",
        ];
        let mut args = vec!["test", "--all-features"];
        for patch in &patches {
            args.extend(["--config", patch.as_str()]);
        }
        args.extend(profile);
        cargo(&dir, &args)?;
    }
    println!(
        "package: {} crates packaged, unpacked and tested on their own",
        LIBRARIES.len()
    );
    Ok(())
}
