//! The subcommands of the `simdhtml` command, one module each.
pub mod tokens;
