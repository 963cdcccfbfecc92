//! Fuzzes hexvar-dagger's game record reader with the shared body in `record.rs`.
#![no_main]

#[macro_use]
#[path = "record.rs"]
mod record;

fuzz_record!(hexvar_dagger);
