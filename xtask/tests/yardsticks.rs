//! The bench's talk with the yardsticks program, and the flags both sides are built with.

use xtask::bench::yardsticks::{fields, perft_args, request, rustflags, value};
use xtask::root;

#[test]
fn requests_and_replies() {
    let fen = "8/8/8/8/8/8/8/K6k w - - 0 1";
    assert_eq!(
        perft_args("chess", 3, false, fen),
        [
            "perft",
            "chess",
            "3",
            "nobulk",
            "8/8/8/8/8/8/8/K6k",
            "w",
            "-",
            "-",
            "0",
            "1"
        ]
    );
    assert_eq!(
        request("time", "cozy-chess", 4, true, "0.04 2 ", fen),
        format!("time cozy-chess 4 bulk 0.04 2 {fen}")
    );
    assert_eq!(fields("leaves 12", &["leaves"]), Ok(vec!["12"]));
    assert_eq!(
        fields("leaves 7 cpu 0.5 wall 0.25", &["leaves", "cpu", "wall"]),
        Ok(vec!["7", "0.5", "0.25"])
    );
    for reply in ["", "leaves", "nodes 12", "leaves 1 cpu"] {
        assert!(fields(reply, &["leaves"]).is_err(), "{reply:?}");
    }
    assert_eq!(value::<u64>("leaves 12", "12"), Ok(12));
    assert!(value::<u64>("leaves x", "x").is_err());
}

/// `cargo xtask bench` measures our side inside the xtask binary, built by the alias: it must
/// be built with the same flags as the yardsticks, or the ratio compares code placements.
#[test]
fn the_xtask_alias_builds_with_the_yardsticks_flags() {
    let config = std::fs::read_to_string(root().join(".cargo/config.toml")).unwrap();
    let alias = config
        .lines()
        .find(|line| line.starts_with("xtask ="))
        .expect("the xtask alias");
    for flag in rustflags("native")
        .split("-C ")
        .map(str::trim)
        .filter(|f| !f.is_empty())
    {
        assert!(
            alias.contains(&format!("'-C{flag}'")),
            "{flag} missing from {alias}"
        );
    }
}
