//! simdhtml: an HTML parser that does what browsers do (WHATWG HTML Standard 13.2 "Parsing HTML
//! documents"), built for throughput.
//!
//! The pipeline runs in one direction: bytes → [`tokenizer`] (13.2.5) → tree builder (13.2.6) →
//! a tree sink. See `docs/architecture.md` in the repository for the layout.
//!
//! ```
//! use simdhtml::Arena;
//! use simdhtml::tokenizer::{Token, Tokenizer, TokenizerOptions};
//!
//! let arena = Arena::new();
//! let input = "<p class=x>Hello &amp; welcome</p>";
//! let tokens: Vec<Token> = Tokenizer::new(&arena, input, TokenizerOptions::default()).collect();
//! let Token::StartTag(p) = tokens[0] else { unreachable!() };
//! assert_eq!((p.name, p.attr("class")), ("p", Some("x")));
//! // "Hello " is borrowed from the input; the reference resolves to "&".
//! assert_eq!(tokens[1..4], [Token::Characters("Hello "), Token::Characters("&"),
//!                           Token::Characters(" welcome")]);
//! assert_eq!(tokens.last(), Some(&Token::Eof));
//! ```

#![forbid(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]
// docs.rs builds with `--cfg docsrs` (Cargo.toml): mark the items that need a feature.
#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod dom;
pub mod extract;
#[cfg(feature = "html5lib")]
pub mod html5lib;
pub mod input;
mod parser;
pub mod serialize;
pub mod stream;
pub mod tokenizer;
pub mod tree_builder;

pub use bumpalo::Bump as Arena;
pub use dom::{Document, NodeData, NodeId};
pub use parser::{
    FragmentContext, ParseOptions, parse_document, parse_document_str, parse_fragment,
};
