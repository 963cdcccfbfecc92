//! Placeholder while the crate is written.
fn main() {}
