#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod game;
mod listener;
pub mod server;
pub mod tree;
pub mod variants;

pub use game::{GameError, PlayGame};
pub use server::{router, serve, AppState, Config};
pub use variants::{VariantKind, VARIANTS};
