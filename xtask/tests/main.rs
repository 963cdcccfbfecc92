//! xtask's integration tests, built as one binary: each other file of this folder is one
//! module of it (a binary per file would link the five variant crates and instantiate the
//! generics over them again for each), and the last test below holds that none is left out.

mod attackers;
mod file_order;
mod game;
mod hash_perft;
mod r#match;
mod package;
mod records;
mod repository_rules;
mod text_face;
mod yardsticks;

#[test]
fn every_file_of_this_folder_is_a_module_here() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    hexvar_geometry::checks::test_files_are_modules(&folder, include_str!("main.rs")).unwrap();
}
