//! Triangle cells (filled in with the Chessagon crate).
