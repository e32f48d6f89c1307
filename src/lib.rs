//! simdhtml: an HTML parser that does what browsers do (WHATWG HTML Standard 13.2 "Parsing HTML
//! documents"), built for throughput.
//!
//! # Parse a page, walk the tree, read text and attributes
//!
//! [`parse_document`] takes a page's bytes in any encoding, sniffs and decodes them, and builds
//! the tree a browser builds, as a [`Document`]: a table of nodes addressed by [`NodeId`]s, each
//! a [`NodeData`] (element, text, comment, ...). [`NodeRef`] is the handle to walk it with: a
//! node and its document, `Copy`, with the DOM's navigation. Strings borrow the input bytes, or
//! the [`Arena`] where the parser changed them. Every input gives a tree: parsing cannot fail
//! (a transport charset label is checked when the options are made,
//! [`input::transport_charset`]).
//!
//! ```
//! use simdhtml::{Arena, ParseOptions, extract, parse_document};
//!
//! let bytes = "<!doctype html><html lang=fr><meta charset=utf-8><title>Le café</title>\
//!              <h1>Menu</h1><p class=intro>Good <a href=/menu>food</a> &amp; drink"
//!     .as_bytes();
//! let arena = Arena::new();
//! let Ok(doc) = parse_document(&arena, bytes, &ParseOptions::default());
//! assert_eq!(doc.encoding().name(), "UTF-8"); // from the <meta charset>
//! assert_eq!(doc.title().as_deref(), Some("Le café"));
//!
//! // Walk the tree: every element below the Document node, in document order. The tags a
//! // browser implies are there (html, head, body).
//! let names: Vec<&str> = doc.document_node().descendants().filter_map(|n| n.name()).collect();
//! assert_eq!(names, ["html", "head", "meta", "title", "body", "h1", "p", "a"]);
//!
//! // Attributes and text of one element.
//! let body = doc.body().unwrap();
//! let p = body.descendants().find(|n| n.is_html_element("p")).unwrap();
//! assert_eq!(p.attr("class"), Some("intro"));
//! assert_eq!(p.text(), "Good food & drink\n"); // as `simdhtml text` prints it
//! let a = p.first_element_child().unwrap();
//! assert_eq!((a.attr("href"), a.parent()), (Some("/menu"), Some(p)));
//! assert_eq!(a.outer_html(), "<a href=\"/menu\">food</a>");
//!
//! // The same by node id, the lower-level API the handles are made of.
//! let id = p.node_id();
//! assert_eq!((doc.attr(id, "class"), doc.text_content(id).as_str()), (Some("intro"), "Good food & drink"));
//!
//! // What a crawler takes from a page (module `extract`).
//! assert_eq!(extract::lang(&doc).as_deref(), Some("fr"));
//! assert_eq!(extract::visible_text(&doc, true), "Menu\nGood food & drink\n");
//! // The main content (`extract::main_text`), Markdown (`extract::markdown`) and metadata
//! // (`extract::meta`) work the same way; see the module.
//! # #[cfg(feature = "links")]
//! let links = extract::links(&doc, None); // pass the page's `url::Url` to resolve them
//! # #[cfg(feature = "links")]
//! assert_eq!(links[0].as_str(), "/menu");
//! ```
//!
//! With the `select` feature, CSS selectors find elements as
//! `querySelectorAll` does, matched as browsers match them (quirks mode, SVG names, the HTML
//! Standard's pseudo-classes): `select::Selector::parse("a[href]")`, then `doc.select(&s)`,
//! `node.select(&s)`, `node.matches(&s)` (module `select`).
//!
//! A parsed [`Document`] can be changed before it is serialised or extracted from: create,
//! insert and detach nodes, set attributes and text ([`Document::append_child`],
//! [`Document::set_attr`], ...; `dom`'s module docs).
//!
//! # Where each node came from
//!
//! With [`ParseOptions::spans`] the parser records the source of every node: [`Document::span`]
//! / [`NodeRef::span`] give a [`NodeSpan`] (an element's start and end tag, each attribute's
//! name and value, a Text node's, comment's, DOCTYPE's or processing instruction's whole token)
//! as half-open byte ranges of [`Document::source`], the decoded text;
//! [`tokenizer::LineIndex`] turns an offset into a 1-based line and column. Off (the default),
//! the parser is compiled without it.
//!
//! ```
//! use simdhtml::{Arena, ParseOptions, parse_document_str, tokenizer::LineIndex};
//!
//! let arena = Arena::new();
//! let options = ParseOptions { spans: true, ..ParseOptions::default() };
//! let doc = parse_document_str(&arena, "<p class=x>Hi\n<b>there</b>", &options);
//! let p = doc.body().unwrap().first_element_child().unwrap();
//! let span = p.span();
//! assert_eq!(&doc.source()[span.start.clone().unwrap()], "<p class=x>");
//! assert_eq!(span.end, None); // the parser closed the p at the end of the input
//! assert_eq!(&doc.source()[span.attrs[0].value.clone().unwrap()], "x");
//! let b = p.last_element_child().unwrap();
//! let at = LineIndex::new(doc.source()).line_col(b.span().start.unwrap().start);
//! assert_eq!((at.line, at.col), (2, 1));
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
//! // The text is one token; its reference resolves to "&" (so the text is a copy, where text
//! // without references or CRs is borrowed from the input).
//! assert_eq!(tokens[1], Token::Characters("Hello & welcome"));
//! assert_eq!(tokens.last(), Some(&Token::Eof));
//! ```
//!
//! The pipeline runs in one direction: bytes → [`input`] (13.2.3) → [`tokenizer`] →
//! [`tree_builder`] (13.2.6) → a tree sink ([`Document`] by default). See `docs/architecture.md`
//! in the repository for the layout.
//!
//! # Features
//!
//! The default is `guess` alone: the parser, the tree, the serialisers and the text and
//! Markdown extraction need no feature, and `guess` adds only `chardetng` (which needs nothing
//! the parser does not). The others bring dependencies of their own and are asked for by name
//! (`simdhtml = { version = "0.1", features = ["select"] }`); `default-features = false` leaves
//! four small dependencies. The `simdhtml` command is the package `simdhtml-cli`.
//!
//! - `guess` (default): step 8 of encoding sniffing, a guess from the bytes with `chardetng`
//!   ([`input::InputOptions::guess`]); without it, undeclared pages get the default encoding
//!   (or UTF-8 by the whole-input check of [`input::InputOptions::guess_utf8`], which needs no
//!   feature).
//! - `links`: link extraction and URL resolution with the `url` crate (`extract::links`,
//!   `extract::base_url`).
//! - `html5lib`: the html5lib test-suite JSON formats (`html5lib`), with `serde_json`.
//! - `select`: CSS selectors (`select`, `Document::select`, `NodeRef::select`,
//!   `NodeRef::matches`), with servo's `selectors` and `cssparser`.
//! - `warc`: reading WARC and ARC web archives and the HTTP responses in them (`warc`), with
//!   `flate2`, `brotli-decompressor`, `zstd`, `lz4_flex` and `bzip2`.
//! - `serde`: `serde::Serialize` on the page metadata ([`extract::Meta`]), the layout of the
//!   command's `batch --fields meta` and the Python package's `Document.meta`, with `serde`.

// `unsafe` lives in the scanning layer only (`tokenizer::scan`, which allows it, each block with
// a `// SAFETY:` comment and a scalar twin the tests compare).
#![deny(unsafe_code)]
#![forbid(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]

pub mod dom;
pub mod extract;
#[cfg(feature = "html5lib")]
pub mod html5lib;
pub mod input;
pub mod markup;
mod parse;
#[cfg(feature = "select")]
pub mod select;
pub mod serialize;
pub use parse::stream;
/// Moved to [`markup`]: [`markup::Tag`] and [`markup::TAG_COUNT`] are
/// re-exported here so that the old paths keep working.
pub mod tag {
    pub use crate::markup::{TAG_COUNT, Tag};
}
pub mod tokenizer;
pub mod tree_builder;
#[cfg(feature = "warc")]
pub mod warc;

pub use bumpalo::Bump as Arena;
pub use dom::{Document, NodeData, NodeId, NodeRef};
pub use markup::Tag;
pub use markup::{AttrSpan, NodeSpan};
pub use parse::{
    FragmentContext, PAGE_NODE_BUDGET_MIN, ParseOptions, page_node_budget, parse_document,
    parse_document_str, parse_fragment, parse_with_sink,
};
