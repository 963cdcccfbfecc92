//! The integration tests of the crate, built as one binary: each other file of this folder is
//! one module of it (a binary per file would link the crate and instantiate its generics
//! again for each), and the last test below holds that none is left out.

mod annotate;
mod api;
mod cutoff;
mod engine;
mod fingerprint;
mod mates;
#[cfg(feature = "cli")]
mod protocol;

#[test]
fn every_file_of_this_folder_is_a_module_here() {
    let folder = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    hexvar_geometry::checks::test_files_are_modules(&folder, include_str!("main.rs")).unwrap();
}
