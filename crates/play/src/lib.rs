#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]

pub mod game;
pub mod server;
pub mod variants;

pub use game::{GameError, PlayGame};
pub use server::{router, serve, AppState, Config};
pub use variants::{VariantKind, VARIANTS};
