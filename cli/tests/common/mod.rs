//! The test helpers: the repository's (`tests/common/`, one copy for the library's tests and
//! the command's), and running the built command (`cli.rs`, which needs this package's binary).
#![allow(dead_code, unused_imports)]

#[path = "../../../tests/common/mod.rs"]
mod shared;
pub use shared::*;

pub mod cli;
