//! The command's tests, one module per subcommand or concern: each runs the built binary
//! (`common::cli`, `CARGO_BIN_EXE_simdhtml`) or compiles a subcommand's module on its own.

#[path = "../common/mod.rs"]
mod common;
/// The command's input reading (`cli/src/load.rs`), which the modules of `encoding` and `tree`
/// compiled here use (as `super::load`).
#[path = "../../src/load.rs"]
#[allow(dead_code)]
mod load;

mod batch;
mod encoding;
mod extract;
mod fast;
mod input;
mod pages;
#[cfg(feature = "parquet")]
mod parquet;
mod select;
mod spans;
mod tree;
mod warc;
