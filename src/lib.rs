//! simdhtml: an HTML parser that does what browsers do (WHATWG HTML Standard 13.2 "Parsing HTML
//! documents"), built for throughput.
//!
//! The pipeline runs in one direction: bytes → [`tokenizer`] (13.2.5) → [`tree_builder`]
//! (13.2.6) → a tree sink (default: the arena [`dom::Document`]). See `docs/architecture.md` in
//! the repository for the layout.

#![forbid(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod dom;
mod parser;
pub mod serialize;
pub mod tokenizer;
pub mod tree_builder;

pub use bumpalo::Bump as Arena;
pub use dom::{Document, NodeData, NodeId};
pub use parser::{FragmentContext, ParseOptions, parse_document, parse_fragment};
