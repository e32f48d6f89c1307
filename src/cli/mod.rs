//! The subcommands of the `simdhtml` command, one module each.
pub mod batch;
pub mod encoding;
pub mod extract_json;
pub mod html;
pub mod links;
pub mod load;
pub mod output;
pub mod select;
pub mod spans;
pub mod stats;
pub mod text;
pub mod tokens;
pub mod tree;
pub mod warc;
