//! Kirby's HexChess rules engine (work in progress).
