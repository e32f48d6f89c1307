//! The subcommands of the `simdhtml` command, one module each.
pub mod encoding;
pub mod tokens;
pub mod tree;
