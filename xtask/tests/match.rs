//! `cargo xtask match` end to end, with the stand-in engine `uci-random` in both seats: the
//! tally adds up, the records read back as the games that were played, a greedy engine beats a
//! random one, and an engine that cannot be understood loses its games rather than stalling.

use std::process::Command;

use hexvar_geometry::Game;

const XTASK: &str = env!("CARGO_BIN_EXE_xtask");
const RANDOM: &str = env!("CARGO_BIN_EXE_uci-random");

fn run_match(extra: &[&str]) -> (bool, String, String) {
    let out = Command::new(XTASK)
        .args(["match", "--engine", &format!("A={RANDOM}"), "--engine"])
        .arg(format!("B={RANDOM}"))
        .args(extra)
        .output()
        .expect("xtask runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `+W =D -L` of the summary line.
fn tally(stdout: &str) -> [usize; 3] {
    let line = stdout
        .lines()
        .find(|l| l.contains(" games, A = "))
        .expect("a summary line");
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| w.starts_with('+')).expect("+W");
    [0, 1, 2].map(|i| words[at + i][1..].parse().expect("a count"))
}

#[test]
fn greedy_beats_random_and_records_read_back() {
    let path = std::env::temp_dir().join(format!("hexvar-match-{}.txt", std::process::id()));
    let (ok, stdout, stderr) = run_match(&[
        "--option",
        "A:Style=greedy",
        "--variant",
        "dagger",
        "--games",
        "8",
        "--records",
        path.to_str().unwrap(),
    ]);
    assert!(ok, "{stderr}");
    let [w, d, l] = tally(&stdout);
    assert_eq!(w + d + l, 8, "{stdout}");
    assert!(w > l, "greedy against random: {stdout}");
    assert!(stdout.contains("pentanomial, 4 pairs"), "{stdout}");
    let text = std::fs::read_to_string(&path).expect("the records");
    std::fs::remove_file(&path).ok();
    let records: Vec<&str> = text
        .split("[Event ")
        .filter(|r| !r.trim().is_empty())
        .collect();
    assert_eq!(records.len(), 8);
    for record in records {
        let game: Game<hexvar_dagger::Position> =
            Game::from_record(&format!("[Event {record}")).expect("a record reads back");
        assert!(game.moves().len() >= 4, "the opening at least");
    }
}

#[test]
fn three_armies_play_one_against_two() {
    let (ok, stdout, stderr) = run_match(&[
        "--variant",
        "kirby",
        "--mode",
        "3p QL",
        "--games",
        "3",
        "--max-plies",
        "60",
    ]);
    assert!(ok, "{stderr}");
    let [w, d, l] = tally(&stdout);
    assert_eq!(w + d + l, 3, "{stdout}");
    assert!(!stdout.contains("pentanomial"), "{stdout}");
}

#[test]
fn an_engine_that_is_misread_loses_and_the_match_goes_on() {
    // A writes the long notation; told it writes the native one, its moves do not read.
    let (ok, stdout, stderr) = run_match(&[
        "--notation",
        "A:native",
        "--variant",
        "brusky",
        "--games",
        "2",
    ]);
    assert!(ok, "{stderr}");
    assert_eq!(tally(&stdout), [0, 0, 2], "{stdout}");
    assert!(stdout.contains("by an engine's failure 2"), "{stdout}");
}

#[test]
fn bad_command_lines_are_errors() {
    for args in [
        &["--variant", "nope"][..],
        &["--variant", "dagger", "--sprt", "10,0,0.05,0.05"],
        &["--variant", "kirby", "--mode", "9p"],
        &["--variant", "dagger", "--nodes", "many"],
        &["--variant", "dagger", "--option", "C:x=1"],
    ] {
        let (ok, _, stderr) = run_match(args);
        assert!(!ok && stderr.contains("error"), "{args:?}: {stderr}");
    }
    let out = Command::new(XTASK)
        .args(["match", "--engine", "A=/nonexistent/engine", "--engine"])
        .arg(format!("B={RANDOM}"))
        .args(["--variant", "dagger", "--games", "2"])
        .output()
        .expect("xtask runs");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot start"));
}
