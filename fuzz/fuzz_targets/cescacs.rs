//! Fuzzes hexvar-cescacs's text parsers with the shared body in `contract.rs`.
#![no_main]

#[macro_use]
#[path = "contract.rs"]
mod contract;

fuzz_contract!(hexvar_cescacs);
