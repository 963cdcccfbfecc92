//! Repository rules, run as ordinary tests: the README's commands, CI, the data and rules page of
//! every variant, no reference outside the repository, and the contract's names in every crate.

use std::process::Command;

use xtask::{bench_set, data, root, variants::VARIANTS};

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Every file git tracks, with its text (binary files are skipped).
fn tracked_texts() -> Vec<(String, String)> {
    let out = Command::new("git")
        .current_dir(root())
        .args(["ls-files", "-z"])
        .output()
        .expect("git ls-files");
    String::from_utf8_lossy(&out.stdout)
        .split('\0')
        .filter(|p| !p.is_empty())
        .filter_map(|p| {
            let text = std::fs::read_to_string(root().join(p)).ok()?;
            Some((p.to_string(), text))
        })
        .collect()
}

#[test]
fn readme_starts_with_the_two_commands_and_ci_runs_the_test_command() {
    let readme = read("README.md");
    let commands: Vec<&str> = readme
        .lines()
        .skip_while(|l| !l.starts_with("```sh"))
        .skip(1)
        .take(2)
        .map(|l| l.split('#').next().unwrap().trim())
        .collect();
    assert_eq!(
        commands,
        ["cargo xtask suite", "cargo test --workspace --all-features"]
    );
    let ci = read(".ci/run");
    assert!(
        ci.lines().any(|l| l.trim() == commands[1]),
        ".ci/run must run the README's test command"
    );
}

#[test]
fn every_variant_ships_its_data_and_rules_page() {
    for variant in VARIANTS {
        let name = variant.name;
        assert!(
            !data::rows(name, "perft.txt").unwrap().is_empty(),
            "{name} perft.txt"
        );
        let conformance = data::rows(name, "conformance.txt").unwrap();
        let positions: std::collections::HashSet<&str> =
            conformance.iter().map(|r| r.position.as_str()).collect();
        assert!(
            positions.len() >= 150,
            "{name}: {} conformance positions",
            positions.len()
        );
        assert!(
            data::bench_positions(name).unwrap().len() >= 8,
            "{name} bench.txt"
        );
        let rules = format!("crates/{name}/docs/rules.md");
        assert!(root().join(&rules).exists(), "{rules}");
        let lib = read(&format!("crates/{name}/src/lib.rs"));
        assert!(
            lib.contains("include_str!(\"../docs/rules.md\")") && lib.contains("pub mod rules"),
            "crates/{name}/src/lib.rs must publish the rules page as `rules`"
        );
        // One way to run perft in every crate: geometry's functions, which reach the crate's
        // own perft through `Variant::perft` (a crate's specialised perft stays crate-private),
        // re-exported with the rest of the contract's names.
        assert!(
            lib.contains("pub use hexvar_geometry::contract::*;"),
            "crates/{name}/src/lib.rs must re-export geometry's contract (perft among it)"
        );
        let contract = read("crates/geometry/src/contract.rs");
        assert!(
            contract.contains("pub use crate::perft::{divide, perft, perft_without_bulk};"),
            "geometry's contract must hold divide, perft, perft_without_bulk"
        );
    }
}

#[test]
fn no_text_points_outside_the_repository() {
    // Built from pieces so that this file does not match itself.
    let outside = [
        format!("{}/{}", "shared", "rules"),
        format!("{}/{}", "shared", "conformance"),
        format!("{}/{}", "shared", "seeds"),
        format!("{}/{}", "shared", "games"),
        format!("{}/{}", "..", "shared"),
        format!("{}.{}", "STYLE", "md"),
        format!("/{}/", "work"),
    ];
    let mut found = Vec::new();
    for (path, text) in tracked_texts() {
        for (i, line) in text.lines().enumerate() {
            if outside.iter().any(|o| line.contains(o.as_str())) {
                found.push(format!("{path}:{}: {line}", i + 1));
            }
            // A crate reads nothing outside its own folder.
            if path.starts_with("crates/") && line.contains(&format!("{}/{}/", "..", "..")) {
                found.push(format!("{path}:{}: {line}", i + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "references outside the repository or crate:\n{}",
        found.join("\n")
    );
}

#[test]
fn relative_links_in_markdown_resolve() {
    let mut broken = Vec::new();
    for (path, text) in tracked_texts() {
        if !path.ends_with(".md") {
            continue;
        }
        let dir = root().join(&path).parent().unwrap().to_path_buf();
        for piece in text.split("](").skip(1) {
            let target = piece.split(')').next().unwrap_or("");
            let target = target.split('#').next().unwrap_or("").trim();
            // Skip web addresses and rustdoc's intra-doc links (`crate::Game`, `Position`).
            let path_like = target.contains('/') || target.contains('.');
            if target.is_empty() || target.contains("://") || target.contains("::") || !path_like {
                continue;
            }
            if !dir.join(target).exists() {
                broken.push(format!("{path}: {target}"));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "broken relative links:\n{}",
        broken.join("\n")
    );
}

#[test]
fn bench_positions_are_drawn_by_the_rule() {
    let mut differ = Vec::new();
    for variant in VARIANTS {
        let file = data::path(variant.name, "bench.txt");
        let text = std::fs::read_to_string(&file).unwrap();
        if text != bench_set::draw(variant).unwrap() {
            differ.push(data::shown(variant.name, "bench.txt"));
        }
    }
    assert!(
        differ.is_empty(),
        "not the positions the rule draws from random games (`cargo xtask bench \
         --write-positions` draws them again): {}",
        differ.join(", ")
    );
}

#[test]
fn bench_kinds() {
    assert_eq!(bench_set::kind("rnbk w KQ - 0 1"), "middlegame");
    let kirby = |teams: &str, dead: &str| {
        bench_set::kind(&format!(
            "layout=QL turn=B teams={teams} castling=- dead={dead} B:KB/15"
        ))
    };
    assert_eq!(kirby("B/W", "-"), "2 armies");
    assert_eq!(kirby("B/P/W/R", "P"), "3 armies");
    assert_eq!(kirby("BW/PR", "-"), "4 armies in 2 teams");
    assert_eq!(kirby("BW/PR", "R"), "3 armies in 2 teams");
    assert_eq!(kirby("BW/PR/SG", "SG"), "4 armies in 2 teams");
    assert_eq!(kirby("BW/PR/SG", "BR"), "4 armies in 3 teams");
}

/// The rows `| <role> | <value> | … |` of a rules page's "Piece values" table, by role name.
fn piece_value_rows(page: &str) -> Vec<(String, i32)> {
    let section = page
        .split_once("Piece values\n")
        .map(|(_, rest)| rest)
        .expect("a Piece values section");
    section
        .lines()
        .skip_while(|line| !line.starts_with('|'))
        .take_while(|line| line.starts_with('|'))
        .filter_map(|line| {
            let mut cells = line.split('|').skip(1).map(str::trim);
            let name = cells.next()?.to_string();
            let value = cells.next()?.parse().ok()?;
            Some((name, value))
        })
        .collect()
}

/// The names and signatures of the contract table in docs/architecture.md, for one crate: a
/// crate that lacks a name or changes a signature fails to compile here.
macro_rules! contract {
    ($krate:ident) => {
        mod $krate {
            use hexvar_geometry::{VariantColor, VariantOutcome, VariantRole};
            #[allow(unused_imports)]
            use $krate::{
                divide, perft, perft_without_bulk, render, rules, Cell, CellSet, Color,
                Disambiguation, DrawReason, Game, GameError, GameOptionError, IllegalMove,
                LongMoveError, Move, MoveList, Outcome, ParseCellError, ParseLetterError,
                ParseMoveError, ParsePositionError, ParseSanError, ParseSetupError, Piece,
                PieceMoves, Position, PositionError, RecordError, Role, San, Setup, Shade,
                WinReason, CELL_COUNT, MAX_MOVES, START_TEXT,
            };

            fn is_variant<V: hexvar_geometry::Variant>() {}

            #[test]
            fn the_rules_page_gives_every_role_value() {
                let name = stringify!($krate).trim_start_matches("hexvar_");
                let rows =
                    super::piece_value_rows(&super::read(&format!("crates/{name}/docs/rules.md")));
                let expected: Vec<(String, i32)> = Role::ALL
                    .iter()
                    .map(|role| (format!("{role:?}"), role.value()))
                    .collect();
                let mut rows = rows;
                rows.sort_by_key(|(_, value)| *value);
                let mut expected = expected;
                expected.sort_by_key(|(_, value)| *value);
                assert_eq!(rows, expected, "{name}: rules page against Role::value");
            }

            #[test]
            fn has_the_contract_names_and_signatures() {
                is_variant::<Position>();
                assert_eq!(MoveList::CAPACITY, MAX_MOVES);
                assert_eq!(Cell::ALL.len(), CELL_COUNT);
                let pos: Position = START_TEXT.parse().unwrap();
                assert_eq!(pos, Position::new());
                assert_eq!(pos, Position::default());
                let setup: Setup = pos.to_setup();
                assert_eq!(setup, Setup::start());
                assert_eq!(
                    Position::from_setup(setup.clone()),
                    Ok::<_, PositionError>(pos.clone())
                );
                assert_eq!(
                    setup.to_string().parse::<Setup>(),
                    Ok::<_, ParseSetupError>(setup)
                );
                let _ = Setup::empty().to_string();
                assert!("?"
                    .parse::<Position>()
                    .is_err_and(|e: ParsePositionError| !e.to_string().is_empty()));
                let moves: MoveList = pos.legal_moves();
                assert_eq!(pos.legal_move_count(), moves.len());
                assert!(pos.has_legal_move());
                let mut list = MoveList::new();
                pos.legal_moves_into(&mut list);
                assert_eq!(list, moves);
                let mv: Move = moves[0];
                let text = mv.to_string();
                assert_eq!(format!("{mv:?}"), text);
                assert_eq!(
                    pos.parse_move(&format!(" {text}+ ")),
                    Ok::<_, ParseMoveError>(mv)
                );
                assert!(pos.is_legal(mv));
                assert_eq!(Position::from_setup(pos.to_setup()).unwrap(), pos);
                let _: Option<Cell> = mv.from();
                let _: Cell = mv.to();
                let _: &'static str = mv.kind();
                // The long notation: context-free, read back exactly, legal only where it is.
                let long: String = mv.long();
                assert_eq!(Move::from_long(&long), Ok::<Move, LongMoveError>(mv));
                assert_eq!(pos.parse_long(&format!(" {long} ")), Ok(mv));
                assert_eq!(<Position as hexvar_geometry::Variant>::long(mv), long);
                assert!(matches!(
                    pos.parse_long("?"),
                    Err(LongMoveError::Notation { .. })
                ));
                let mut order = moves.to_vec();
                order.sort();
                assert_eq!(order.len(), moves.len());
                let _: Result<Move, ParseMoveError> = text.parse::<Move>();
                let mut played = pos.clone();
                assert_eq!(played.play(mv), Ok::<(), IllegalMove>(()));
                let mut unchecked = pos.clone();
                unchecked.play_unchecked(mv);
                assert_eq!(played, unchecked);
                assert_ne!(played.zobrist_hash(), pos.zobrist_hash());
                let _: Color = pos.turn();
                let _: bool = pos.is_check();
                let _: CellSet = pos.checkers();
                let outcome: Option<Outcome> = pos.outcome();
                assert_eq!(outcome, None);
                let cell: Cell = Cell::ALL[0];
                assert_eq!(
                    cell.to_string().parse::<Cell>(),
                    Ok::<_, ParseCellError>(cell)
                );
                assert_eq!(Cell::from_index(cell.index()), Some(cell));
                let _: Shade = cell.shade();
                let _: Option<Piece> = pos.piece_at(cell);
                let _ = (Color::ALL, Role::ALL);
                let mut counted = 0;
                let finished: bool = pos.for_each_piece_moves(|moves: PieceMoves| {
                    counted += moves.len();
                    true
                });
                assert!(finished);
                assert_eq!(counted, moves.len());
                // The shared game layer: one Game, SAN, records, the engine-facing items.
                let _: fn(&Game) -> Option<Outcome> = hexvar_geometry::Game::<Position>::outcome;
                let san: San = pos.san(mv);
                assert_eq!(pos.parse_san(san.as_str()), Ok::<_, ParseSanError>(mv));
                let mut body = String::new();
                pos.write_san(mv, Disambiguation::Cell, &mut body);
                assert_eq!(pos.parse_san(&body), Ok(mv));
                let _: Option<Piece> = pos.captured(mv);
                let _: bool = pos.is_zeroing(mv);
                assert!(pos.is_repetition_of(&pos.clone()));
                let men: CellSet = pos.by_color(pos.turn());
                let kings: CellSet = pos.by_role(Role::ALL[0]);
                assert!(men != CellSet::default() && kings != CellSet::default());
                for (i, &color) in Color::ALL.iter().enumerate() {
                    assert_eq!(VariantColor::index(color), i);
                }
                for (i, &role) in Role::ALL.iter().enumerate() {
                    assert_eq!(VariantRole::index(role), i);
                    assert_eq!(VariantRole::char(role), role.char());
                    let value: i32 = role.value();
                    assert_eq!(VariantRole::value(role), value);
                    assert!((0..=2_000).contains(&value));
                    match role.char() {
                        'K' => assert_eq!(value, 0),
                        'P' => assert_eq!(value, 100),
                        _ => assert!(value > 100),
                    }
                }
                assert_eq!(<Color as VariantColor>::ALL, &Color::ALL[..]);
                for &color in Color::ALL.iter() {
                    let in_play: bool = hexvar_geometry::Variant::in_play(&pos, color);
                    let _ = in_play;
                }
                assert!(hexvar_geometry::Variant::in_play(&pos, pos.turn()));
                assert!(Game::new()
                    .with_repetition_draw(1)
                    .is_err_and(|e: GameOptionError| { !e.to_string().is_empty() }));
                let draw = <Outcome as VariantOutcome>::draw(DrawReason::Agreement);
                assert_eq!(draw.draw_reason(), Some(DrawReason::Agreement));
                assert!(!draw.is_win_for(pos.turn()));
                let letter: hexvar_geometry::ParseLetterError = "?".parse::<Role>().unwrap_err();
                assert!(!letter.to_string().is_empty());
                let _: ParseLetterError = letter;
                let mut game = Game::new();
                assert_eq!(game.play(mv), Ok::<(), GameError>(()));
                let record = game.to_record();
                assert_eq!(
                    Game::from_record(&record).map(|g| g.moves().to_vec()),
                    Ok(vec![mv])
                );
                let error: RecordError = Game::from_record("1. ???").unwrap_err();
                assert_eq!((error.line, error.column), (1, 4));
                assert_eq!(game.moves(), &[mv]);
                assert_eq!(game.position(), &played);
                assert_eq!(game.start_position(), &pos);
                assert_eq!(game.undo(), Some(mv));
                assert_eq!(game.outcome(), None);
                let _ = Game::from_position(pos.clone()).repetitions();
                assert_eq!(perft(&pos, 1), moves.len() as u64);
                assert_eq!(perft_without_bulk(&pos, 1), moves.len() as u64);
                let split: Vec<(Move, u64)> = divide(&pos, 1);
                assert_eq!(split.len(), moves.len());
                assert!(render::svg(&pos, CellSet::default()).contains("data-cell="));
                assert!(!render::ascii(&pos, CellSet::default()).is_empty());
                assert!(!pos.diagram().is_empty());
                fn reasons(outcome: Outcome) -> String {
                    match outcome {
                        Outcome::Decisive { winner: _, reason } => {
                            let reason: WinReason = reason;
                            reason.to_string()
                        }
                        Outcome::Draw { reason } => {
                            let reason: DrawReason = reason;
                            reason.to_string()
                        }
                    }
                }
                let _ = reasons;
            }
        }
    };
}

contract!(hexvar_brusky);
contract!(hexvar_chessagon);
contract!(hexvar_dagger);
contract!(hexvar_cescacs);
contract!(hexvar_kirby);

/// The `key = value` lines of each `[profile.test…]` section of a manifest, by section:
/// `""` for `[profile.test]` itself, else the package name (`*` for all dependencies).
fn test_profile(manifest: &str) -> std::collections::BTreeMap<String, Vec<String>> {
    let mut sections = std::collections::BTreeMap::new();
    let mut current: Option<String> = None;
    for line in manifest.lines().map(str::trim) {
        if let Some(header) = line.strip_prefix('[') {
            let header = header.trim_end_matches(']');
            current = match header.strip_prefix("profile.test") {
                Some("") => Some(String::new()),
                Some(rest) => rest
                    .strip_prefix(".package.")
                    .map(|name| name.trim_matches('"').to_string()),
                None => None,
            };
        } else if let Some(section) = &current {
            if !line.is_empty() && !line.starts_with('#') {
                let entry: &mut Vec<String> = sections.entry(section.clone()).or_default();
                entry.push(line.to_string());
            }
        }
    }
    sections
}

/// CI builds the browser tests (their own workspace) in the main workspace's target folder, to
/// reuse what the tests step built: that holds only while both build every shared package with
/// the same settings.
#[test]
fn browser_tests_build_as_the_workspace_tests() {
    let root = test_profile(&read("Cargo.toml"));
    let browser = test_profile(&read("browser/Cargo.toml"));
    let setting = |sections: &std::collections::BTreeMap<String, Vec<String>>, name: &str| {
        sections.get(name).cloned().unwrap_or_default()
    };
    // The workspace's own crates are members there (the top section, unless named) and
    // dependencies here (the `*` section, unless named).
    let mut members = xtask::package::LIBRARIES.to_vec();
    members.push("hexvar-play");
    let debug = |sections: &std::collections::BTreeMap<String, Vec<String>>| {
        setting(sections, "")
            .into_iter()
            .filter(|l| l.starts_with("debug"))
            .collect::<Vec<_>>()
    };
    assert_eq!(debug(&browser), debug(&root), "debug info");
    for &name in &members {
        let ours = root.get(name).cloned().unwrap_or_else(|| {
            setting(&root, "")
                .into_iter()
                .filter(|l| l.starts_with("opt-level"))
                .collect()
        });
        let theirs = browser
            .get(name)
            .cloned()
            .unwrap_or_else(|| setting(&browser, "*"));
        assert_eq!(theirs, ours, "{name}");
    }
    let dependencies: Vec<&String> = root
        .keys()
        .filter(|k| !k.is_empty() && !members.contains(&k.as_str()) && *k != "xtask")
        .collect();
    assert!(dependencies.iter().any(|k| *k == "*"));
    for name in dependencies {
        assert_eq!(setting(&browser, name), setting(&root, name), "{name}");
    }
    // And from the same versions: a package both lock files hold once is the same version.
    let root_lock = lock_versions(&read("Cargo.lock"));
    let browser_lock = lock_versions(&read("browser/Cargo.lock"));
    let mut shared = 0;
    for (name, versions) in &browser_lock {
        if let (Some(ours), [theirs]) = (root_lock.get(name), &versions[..]) {
            if let [ours] = &ours[..] {
                assert_eq!(theirs, ours, "{name}: `cargo update --manifest-path browser/Cargo.toml -p {name} --precise {ours}`");
                shared += 1;
            }
        }
    }
    assert!(shared > 20, "{shared} packages in both lock files");
}

/// The versions of each package in a `Cargo.lock`.
fn lock_versions(lock: &str) -> std::collections::BTreeMap<String, Vec<String>> {
    let mut versions: std::collections::BTreeMap<String, Vec<String>> = Default::default();
    let mut name = None;
    for line in lock.lines() {
        if let Some(n) = line.strip_prefix("name = ") {
            name = Some(n.trim_matches('"').to_string());
        } else if let (Some(v), Some(n)) = (line.strip_prefix("version = "), name.take()) {
            versions
                .entry(n)
                .or_default()
                .push(v.trim_matches('"').to_string());
        }
    }
    versions
}
