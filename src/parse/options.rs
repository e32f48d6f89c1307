//! [`ParseOptions`], what every parse path reads, and the node budget the command and the
//! Python package give a page ([`page_node_budget`]).

use crate::input::InputOptions;
#[cfg(doc)]
use crate::{
    dom::Document,
    parse::{parse_document, parse_document_str, parse_fragment},
    tokenizer::TokenizerOptions,
};

/// Options for [`parse_document`], [`parse_document_str`] and [`parse_fragment`].
#[derive(Debug, Clone)]
pub struct ParseOptions {
    /// The scripting flag (default `true`): with scripting, `<noscript>` content is raw text.
    pub scripting: bool,
    /// Collect parse errors (tokenizer and tree construction) into [`Document::errors`]
    /// (default `false`).
    pub collect_errors: bool,
    /// What the encoding sniffing algorithm (13.2.3.2) may use besides the bytes: the transport
    /// layer's charset label, the default encoding, guessing with `chardetng` (the `guess`
    /// feature). Only [`parse_document`] (bytes) and [`crate::stream::Parser`] read it. Default
    /// ([`InputOptions::default`]): no transport charset, windows-1252, a guess without UTF-8.
    pub input: InputOptions,
    /// The scalar twin: the spec's algorithms with no fast path of any kind, in the tokenizer
    /// ([`TokenizerOptions::scalar`]: byte-at-a-time scanning, no tag fast path) and the tree
    /// builder ([`TreeBuilderOptions::scalar`](crate::tree_builder::TreeBuilderOptions::scalar): scope queries, "reset the insertion mode
    /// appropriately" and the Noah's Ark clause walk as the spec's prose does). The same tree
    /// and errors; the oracle the fast paths are tested against. The walks make deeply nested
    /// pages quadratic, so it is for tests and measurement (default `false`).
    pub scalar: bool,
    /// A budget on the document's nodes (elements, text, comments, ..., the Document node
    /// included); default `None`, no budget.
    ///
    /// The spec's tree construction can build a tree that grows with the square of the input:
    /// the active formatting elements are reconstructed for every new paragraph, so
    /// `<p><b id=1>x</p><p><b id=2>x</p>...` with n paragraphs gives about n²/2 elements (56 KB
    /// of such input gives 4.5 million; browsers build the same tree). With a budget, once the
    /// document has this many nodes the parse stops as if the input ended there (the end-of-file
    /// token is processed, which closes what is open) and [`Document::truncated`] is `true`.
    /// The `selectedcontent` cloning steps, where one token can create more nodes than the
    /// input has bytes (nested selects double the tree per level), stop cloning once the budget
    /// is used up, and the parse is then truncated too. Otherwise the budget is checked after
    /// each token, so the document can end with more nodes than
    /// the budget: those the last token inserted (a start tag that reconstructs the active
    /// formatting elements inserts one per entry, so up to the length of that list) and those
    /// the end-of-file token inserts.
    pub max_nodes: Option<usize>,
    /// The parser's "allow declarative shadow roots" (13.2.4.5): whether a `<template
    /// shadowrootmode=open|closed>` attaches a shadow root to its parent element
    /// ([`Document::shadow_root`](crate::Document::shadow_root)) instead of staying a
    /// `template`. `None` (the default) means on for documents, as a browser loading a page,
    /// and off for [`parse_fragment`], as `innerHTML`.
    pub allow_declarative_shadow_roots: Option<bool>,
    /// Record where each node came from in the input (default `false`): the start and end
    /// tag of each element, the name and value of each attribute, the whole token of a Text
    /// node, comment, DOCTYPE or processing instruction, as byte ranges of
    /// [`Document::source`] (the decoded text), read with [`Document::span`] /
    /// [`NodeRef::span`](crate::NodeRef::span) ([`NodeSpan`](crate::NodeSpan) says what each
    /// node gets). Off, it costs nothing (the parser is compiled without it); on, a parse runs
    /// about 8% more instructions and the document keeps a table of 48 bytes per node beside
    /// its nodes (attribute spans are found again in the start tag's text when asked for).
    /// [`crate::stream::Parser`] gives the same spans, and keeps a copy of its text for
    /// [`Document::source`].
    pub spans: bool,
    /// The transport layer's `Content-Language` (default `None`): the value of an HTTP
    /// `Content-Language` header as given (`"de-CH"`, `"en, fr"`), kept by the document
    /// ([`Document::content_language`]) as the language information "from a higher-level
    /// protocol" of HTML 3.2.6.2 ("the language of a node"): the language of an element with no
    /// `lang` / `xml:lang` on it or an ancestor, in a document with no pragma-set default
    /// language (`<meta http-equiv=content-language>`), which `:lang()` matches. A value that
    /// names one language tag gives that tag (white space around it trimmed); one that names
    /// several (`"en, fr"`), or none, leaves the language unknown, as the spec says
    /// ([`Document::transport_language`]).
    pub content_language: Option<String>,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            scripting: true,
            collect_errors: false,
            input: InputOptions::default(),
            scalar: false,
            max_nodes: None,
            allow_declarative_shadow_roots: None,
            spans: false,
            content_language: None,
        }
    }
}

/// The smallest node budget [`page_node_budget`] gives a page: 1,000,000 nodes.
pub const PAGE_NODE_BUDGET_MIN: usize = 1_000_000;

/// The node budget ([`ParseOptions::max_nodes`]) the `simdhtml` command and the Python
/// package give a page of `bytes` input bytes: the larger of [`PAGE_NODE_BUDGET_MIN`]
/// (1,000,000 nodes) and one node per input byte. Real pages have about one node per 74 bytes
/// (the shared corpus), so only input built to make the spec's tree grow with the square of its
/// size reaches it; it keeps such a page to about 64 bytes of node records per input byte.
pub const fn page_node_budget(bytes: usize) -> usize {
    if bytes > PAGE_NODE_BUDGET_MIN {
        bytes
    } else {
        PAGE_NODE_BUDGET_MIN
    }
}
