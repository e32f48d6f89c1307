//! simdhtml: an HTML parser that does what browsers do (WHATWG HTML Standard 13.2 "Parsing HTML
//! documents"), built for throughput.
//!
//! # Parse a page, walk the tree, read text and attributes
//!
//! [`parse_document`] takes a page's bytes in any encoding, sniffs and decodes them, and builds
//! the tree a browser builds, as a [`Document`]: a table of nodes addressed by [`NodeId`]s, each
//! a [`NodeData`] (element, text, comment, ...). Strings borrow the input bytes, or the
//! [`Arena`] where the parser changed them. Every input gives a tree; the one error is an
//! unknown transport charset label in the options.
//!
//! ```
//! use simdhtml::{Arena, NodeData, ParseOptions, extract, parse_document};
//!
//! let bytes = "<!doctype html><html lang=fr><meta charset=utf-8><title>Le café</title>\
//!              <h1>Menu</h1><p class=intro>Good <a href=/menu>food</a> &amp; drink"
//!     .as_bytes();
//! let arena = Arena::new();
//! let doc = parse_document(&arena, bytes, &ParseOptions::default())?;
//! assert_eq!(doc.encoding().name(), "UTF-8"); // from the <meta charset>
//!
//! // Walk the tree: every node below the Document node, in document order.
//! let mut elements = Vec::new();
//! for node in doc.descendants(doc.root()) {
//!     if let NodeData::Element(element) = doc.data(node) {
//!         elements.push(element.name);
//!     }
//! }
//! // The tags a browser implies are there (html, head, body).
//! assert_eq!(elements, ["html", "head", "meta", "title", "body", "h1", "p", "a"]);
//!
//! // Attributes and text of one element.
//! let p = doc
//!     .descendants(doc.root())
//!     .find(|&n| doc.element(n).is_some_and(|e| e.name == "p"))
//!     .unwrap();
//! assert_eq!(doc.attr(p, "class"), Some("intro"));
//! assert_eq!(doc.text_content(p), "Good food & drink");
//! let a = doc.children(p).find(|&n| doc.element(n).is_some()).unwrap();
//! assert_eq!(doc.element(a).unwrap().attr("href"), Some("/menu"));
//! assert_eq!(doc.parent(a), Some(p));
//!
//! // What a crawler takes from a page (module `extract`).
//! assert_eq!(extract::title(&doc).as_deref(), Some("Le café"));
//! assert_eq!(extract::lang(&doc).as_deref(), Some("fr"));
//! assert_eq!(extract::visible_text(&doc, true), "Menu\nGood food & drink\n");
//! # #[cfg(feature = "links")]
//! let links = extract::links(&doc, None); // pass the page's `url::Url` to resolve them
//! # #[cfg(feature = "links")]
//! assert_eq!(links[0].as_str(), "/menu");
//! # Ok::<(), simdhtml::input::InputError>(())
//! ```
//!
//! [`ParseOptions`] sets scripting, error collection, the transport charset and a node budget;
//! [`parse_document_str`] parses text that is already decoded, [`parse_fragment`] a fragment in
//! a context element (13.4, as `innerHTML` does), [`stream::Parser`] bytes that arrive in
//! pieces. [`serialize`] writes a tree as HTML again (13.3) or as the html5lib dump.
//!
//! # Tokens only
//!
//! The [`tokenizer`] (13.2.5) runs on its own over decoded text, with no tree.
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
//!
//! The pipeline runs in one direction: bytes → [`input`] (13.2.3) → [`tokenizer`] →
//! [`tree_builder`] (13.2.6) → a tree sink ([`Document`] by default). See `docs/architecture.md`
//! in the repository for the layout.
//!
//! # Features
//!
//! All are on by default (`default-features = false` leaves the parser, the tree, the
//! serialisers and the text extraction, with four small dependencies).
//!
//! - `guess`: step 8 of encoding sniffing, a guess from the bytes with `chardetng`
//!   ([`input::InputOptions::guess`]); without it, undeclared pages get the default encoding.
//! - `links`: link extraction and URL resolution with the `url` crate (`extract::links`,
//!   `extract::base_url`).
//! - `html5lib`: the html5lib test-suite JSON formats (`html5lib`), with `serde_json`.
//! - `cli`: the `simdhtml` command (needs the three above).

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
pub use dom::{Document, NodeData, NodeId, NodeRef};
pub use parser::{
    FragmentContext, ParseOptions, parse_document, parse_document_str, parse_fragment,
    parse_with_sink,
};
