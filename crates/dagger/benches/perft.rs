//! Perft benchmark (filled in later).
fn main() {}
