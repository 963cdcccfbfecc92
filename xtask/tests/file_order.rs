//! A repository rule, run as tests: the files of a variant crate import each other one way, with
//! no circle (cells → men → tables → moves → position → movegen → render/san, roughly), so that
//! each file can be read knowing only those before it.
//!
//! A file depends on another when its code (comments and `#[cfg(test)]` modules aside) names a
//! path `crate::<module>…`, or `crate::<Name>` for a name the crate root re-exports from that
//! module. Files under `src/<module>/` belong to `<module>`; `lib.rs` is the root and left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use xtask::root;

/// The modules of a crate's `src/` (file stem or folder name) with each one's source text.
fn modules(src: &Path) -> BTreeMap<String, String> {
    let mut out: BTreeMap<String, String> = BTreeMap::new();
    let mut stack = vec![src.to_path_buf()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                stack.push(path);
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let relative = path.strip_prefix(src).expect("under src");
            let first = relative.components().next().expect("a file name");
            let module = Path::new(first.as_os_str())
                .file_stem()
                .expect("a stem")
                .to_string_lossy()
                .into_owned();
            if module == "lib" || module == "main" {
                continue;
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            out.entry(module).or_default().push_str(&code_only(&text));
        }
    }
    out
}

/// The text without comments and without the items under `#[cfg(test)]` (a tests module, or a
/// test-only item anywhere in the file): what the crate's own build reads.
fn code_only(text: &str) -> String {
    let mut out = String::new();
    // Inside a test-only item: the brace depth within it, and whether its body has begun.
    let mut skipping: Option<(i32, bool)> = None;
    for line in text.lines() {
        let code = line.split("//").next().unwrap_or("");
        if let Some((depth, opened)) = skipping.as_mut() {
            for c in code.chars() {
                match c {
                    '{' => {
                        *depth += 1;
                        *opened = true;
                    }
                    '}' => *depth -= 1,
                    _ => {}
                }
            }
            let ended = (*opened && *depth <= 0) || (!*opened && code.trim_end().ends_with(';'));
            if ended {
                skipping = None;
            }
            continue;
        }
        if code.trim_start().starts_with("#[cfg(test)]") {
            skipping = Some((0, false));
            continue;
        }
        out.push_str(code);
        out.push('\n');
    }
    out
}

/// Which module each name the crate root re-exports comes from (`pub use board::{Cell, Color};`).
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let code = code_only(lib);
    for statement in code.split(';') {
        let statement = statement.trim();
        let Some(path) = statement
            .strip_prefix("pub use ")
            .or_else(|| statement.strip_prefix("pub(crate) use "))
        else {
            continue;
        };
        let path = path.trim_start_matches("crate::");
        let Some((module, rest)) = path.split_once("::") else {
            continue;
        };
        for name in first_segments(rest) {
            out.insert(name, module.to_string());
        }
    }
    out
}

/// The first segment of each path a use-tree tail names: `{a::B, C}` → `a`, `C`; `D` → `D`.
fn first_segments(tail: &str) -> Vec<String> {
    let tail = tail.trim();
    let Some(inner) = tail.strip_prefix('{') else {
        let segment: String = tail
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        return vec![segment];
    };
    let mut items = Vec::new();
    let (mut depth, mut start) = (0usize, 0usize);
    for (i, c) in inner.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&inner[start..i]);
                break;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&inner[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items
        .into_iter()
        .map(str::trim)
        .filter(|item| !item.is_empty() && *item != "self")
        .flat_map(|item| first_segments(item).into_iter().take(1))
        .collect()
}

/// The modules a module's code names through `crate::`.
fn imports(
    code: &str,
    modules: &BTreeSet<String>,
    names: &BTreeMap<String, String>,
) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for (at, _) in code.match_indices("crate::") {
        // `$crate::` in a macro names another crate's items.
        if code[..at].ends_with('$') {
            continue;
        }
        for segment in first_segments(&code[at + "crate::".len()..]) {
            if modules.contains(&segment) {
                out.insert(segment);
            } else if let Some(module) = names.get(&segment) {
                out.insert(module.clone());
            }
        }
    }
    out
}

/// Every circle among the files of the crate in `crates/<dir>`: each as the modules along it,
/// the first repeated at the end.
pub(crate) fn circles(dir: &str) -> Vec<Vec<String>> {
    let src = root().join("crates").join(dir).join("src");
    let modules = modules(&src);
    let lib = std::fs::read_to_string(src.join("lib.rs")).expect("lib.rs");
    let names = reexports(&lib);
    let known: BTreeSet<String> = modules.keys().cloned().collect();
    let graph: BTreeMap<&str, BTreeSet<String>> = modules
        .iter()
        .map(|(module, code)| {
            let mut deps = imports(code, &known, &names);
            deps.remove(module);
            (module.as_str(), deps)
        })
        .collect();
    let mut found = BTreeSet::new();
    for start in graph.keys() {
        let mut path = vec![start.to_string()];
        walk(&graph, &mut path, &mut found);
    }
    found.into_iter().collect()
}

/// Depth-first from the last module of `path`, recording each circle back to `path[0]` once
/// (rotated so that its smallest module comes first).
fn walk(
    graph: &BTreeMap<&str, BTreeSet<String>>,
    path: &mut Vec<String>,
    found: &mut BTreeSet<Vec<String>>,
) {
    let last = path.last().expect("a path").clone();
    for next in graph.get(last.as_str()).into_iter().flatten() {
        if *next == path[0] {
            let smallest = (0..path.len()).min_by_key(|&i| &path[i]).expect("a module");
            let mut circle: Vec<String> = path[smallest..]
                .iter()
                .chain(&path[..smallest])
                .cloned()
                .collect();
            circle.push(circle[0].clone());
            found.insert(circle);
        } else if !path.contains(next) && next > &path[0] {
            path.push(next.clone());
            walk(graph, path, found);
            path.pop();
        }
    }
}

/// The failure message for a crate's circles.
fn report(dir: &str, circles: &[Vec<String>]) -> String {
    let lines: Vec<String> = circles.iter().map(|c| c.join(" → ")).collect();
    format!(
        "crates/{dir}: files import each other in a circle:\n  {}",
        lines.join("\n  ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    macro_rules! one_way {
        ($($test:ident: $dir:literal $(, $ignore:literal)?;)+) => {
            $(
                #[test]
                $(#[ignore = $ignore])?
                fn $test() {
                    let circles = circles($dir);
                    assert!(circles.is_empty(), "{}", report($dir, &circles));
                }
            )+
        };
    }

    one_way! {
        brusky_files_import_one_way: "brusky";
        chessagon_files_import_one_way: "chessagon";
        dagger_files_import_one_way: "dagger";
        cescacs_files_import_one_way: "cescacs";
        kirby_files_import_one_way: "kirby";
        geometry_files_import_one_way: "geometry";
    }

    #[test]
    fn a_circle_is_found_and_a_line_is_not() {
        let known: BTreeSet<String> = ["a", "b"].map(String::from).into();
        let names: BTreeMap<String, String> = [("Thing".to_string(), "b".to_string())].into();
        assert_eq!(
            imports(
                "use crate::{a::X, Thing};\nfn f() { crate::a::g(); $crate::b::h(); }",
                &known,
                &names
            ),
            ["a", "b"].map(String::from).into()
        );
        assert_eq!(
            first_segments("{a::{B, C}, self, d::E}"),
            ["a", "d"].map(String::from).to_vec()
        );
        assert_eq!(
            code_only(
                "use crate::a; // crate::b\n#[cfg(test)]\nuse crate::c;\n\
                 #[cfg(test)]\nmod t {\n    use crate::d;\n}\nuse crate::e;"
            ),
            "use crate::a; \nuse crate::e;\n"
        );
    }
}
