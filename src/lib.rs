//! simdhtml: an HTML parser that does what browsers do (WHATWG HTML Standard 13.2 "Parsing HTML
//! documents"), built for throughput.
//!
//! The pipeline runs in one direction: bytes → [`tokenizer`] (13.2.5) → tree builder (13.2.6) →
//! a tree sink. See `docs/architecture.md` in the repository for the layout.

#![forbid(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod input;
pub mod tokenizer;

pub use bumpalo::Bump as Arena;
