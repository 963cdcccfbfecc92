//! Square cells and mixed cell graphs (filled in with the Kirby crate).
