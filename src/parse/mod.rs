//! The parse paths: the tokenizer and the tree builder run together over a whole document's
//! bytes or text, a fragment, or input that arrives in pieces, into the arena DOM (or a sink of
//! the caller's own). Their public items are re-exported at the crate's root
//! ([`crate::parse_document`], ..., and the module [`crate::stream`]).
//!
//! From the bottom:
//!
//! - `driver.rs`: the one loop of the pipeline (13.2.1), a tokenizer and a tree builder joined,
//!   the builder's feedback passed back to the tokenizer; every path runs through it.
//! - `options.rs`: [`ParseOptions`], which every path reads, and the node budget the command
//!   and the Python package give a page.
//! - `whole_input.rs`: what the parses of input that is all there share: the node table sized
//!   from the markup, the arena sink with or without spans, the run with the encoding state of
//!   "change the encoding" (13.2.3.4).
//! - `document.rs`: a whole document (13.2) from bytes (sniffing, decoding, a late `<meta>`
//!   changing the encoding on the fly or re-parsing), from text, or into a caller's sink.
//! - `fragment.rs`: the fragment parsing algorithm (13.4).
//! - `stream.rs`: bytes or text in pieces, to a document or to tokens (public as
//!   [`crate::stream`]); the same result as the whole-input parse for any chunking.

mod document;
mod driver;
mod fragment;
mod options;
pub mod stream;
mod whole_input;

pub use document::{parse_document, parse_document_str, parse_with_sink};
pub use fragment::{FragmentContext, parse_fragment};
pub use options::{PAGE_NODE_BUDGET_MIN, ParseOptions, page_node_budget};
