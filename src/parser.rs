//! The parsing entry points: a whole document (13.2) or a fragment (13.4) into a
//! [`Document`].

use crate::Arena;
use crate::dom::{ArenaSink, Document};
use crate::driver::{Driver, Pause, builder_options, document_tokenizer, tokenizer_options};
use crate::input::{
    self, Confidence, Encoding, EncodingChange, EncodingSource, InputError, InputOptions,
    change_the_encoding,
};
use crate::tokenizer::{Attribute, Tokenizer, TokenizerOptions};
use crate::tree_builder::{
    ContextElement, Namespace, QuirksMode, TreeBuilder, TreeSink, fragment_tokenizer_state,
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
        }
    }
}

/// The context element of a fragment parse: namespace, local name and attributes.
#[derive(Debug, Clone, Copy)]
pub struct FragmentContext<'a> {
    /// The namespace.
    pub ns: Namespace,
    /// The local name as the DOM has it (`td`, `path`, `foreignObject`, `annotation-xml`).
    pub name: &'a str,
    /// The attributes (only `annotation-xml`'s `encoding` changes parsing).
    pub attrs: &'a [Attribute<'a>],
}

impl<'a> FragmentContext<'a> {
    /// An HTML context element without attributes.
    pub fn html(name: &'a str) -> Self {
        FragmentContext {
            ns: Namespace::Html,
            name,
            attrs: &[],
        }
    }

    /// Parses the html5lib `#document-fragment` notation: `td`, `svg path`, `math mi`.
    pub fn from_html5lib(spec: &'a str) -> Self {
        if let Some(name) = spec.strip_prefix("svg ") {
            FragmentContext {
                ns: Namespace::Svg,
                name,
                attrs: &[],
            }
        } else if let Some(name) = spec.strip_prefix("math ") {
            FragmentContext {
                ns: Namespace::MathMl,
                name,
                attrs: &[],
            }
        } else {
            FragmentContext::html(spec)
        }
    }
}

/// How a run of the tokenizer and tree builder over the input ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Driven {
    /// Parsed to the end, or, with `truncated`, to where the document reached
    /// `ParseOptions::max_nodes` (the parse stopped there as at the end of the input).
    /// `encoding` is the encoding in use at the end (changed on the fly by a `<meta>` if
    /// `changed`); `certain` whether a `<meta>` made the confidence certain.
    Finished {
        encoding: Option<&'static Encoding>,
        changed: bool,
        certain: bool,
        truncated: bool,
    },
    /// A `<meta>` changed the encoding and the bytes read differently in it: the parse stopped
    /// and must start again from the first byte with this encoding, confidence certain
    /// (13.2.3.4 step 6).
    Reparse(&'static Encoding),
}

/// What the driver knows about the input's encoding while the confidence is tentative: the
/// encoding in use and the bytes it decoded (all of them: the input is decoded up front).
#[derive(Debug, Clone, Copy)]
struct Tentative<'b> {
    encoding: &'static Encoding,
    bytes: &'b [u8],
}

/// Runs a document parse to its end (13.2.1's pipeline, [`Driver::run`]). With `tentative`, an
/// encoding a `<meta>` declares goes through "change the encoding" (13.2.3.4) with all the input
/// bytes as the bytes converted so far: keep going (the same encoding, or bytes that read the
/// same in the new one), or stop for a re-parse. With `max_nodes`, the run stops once the
/// document has that many nodes ([`Driven::Finished`] with `truncated`).
fn drive<'a, const SPANS: bool>(
    driver: &mut Driver<'a, ArenaSink<'a, SPANS>>,
    tentative: Option<Tentative<'_>>,
    max_nodes: Option<usize>,
) -> Driven {
    driver.builder.set_encoding_tentative(tentative.is_some());
    let mut encoding = tentative.map(|t| t.encoding);
    let (mut changed, mut certain) = (false, false);
    let over_budget =
        |sink: &ArenaSink<'a, SPANS>| max_nodes.is_some_and(|max| sink.node_count() >= max);
    loop {
        match driver.run(false, over_budget) {
            Pause::Finished { truncated } => {
                return Driven::Finished {
                    encoding,
                    changed,
                    certain,
                    truncated,
                };
            }
            Pause::Declared(declared) => {
                let Some(t) = tentative else { continue };
                // Every outcome leaves the confidence certain; the builder reports no other
                // declaration.
                certain = true;
                // The whole input was converted up front, so "the bytes converted so far"
                // (step 5) are all of them: when they read the same in the new encoding, the
                // text stands and only the encoding's name changes.
                match change_the_encoding(t.encoding, declared, Some(t.bytes)) {
                    EncodingChange::KeepAndMarkCertain => {}
                    EncodingChange::ChangeOnTheFly(new) => {
                        encoding = Some(new);
                        changed = true;
                    }
                    EncodingChange::Reparse(new) => return Driven::Reparse(new),
                }
            }
            Pause::NeedInput => unreachable!("a whole-input run never waits for input"),
        }
    }
}

/// How many nodes and elements a parse of some input will create, estimated from its `<`
/// count, so that the node table and the builder's element table are allocated once instead of
/// growing by doubling (each growth copies the whole table).
///
/// On the shared corpus a page has 0.6–1.8 nodes and 0.23–0.84 elements per `<` (the byte count
/// is a much worse guide: 20 to thousands of bytes per node); an estimate that falls short
/// costs one growth, as before.
#[derive(Debug, Clone, Copy)]
struct SizeHint {
    nodes: usize,
    elements: usize,
}

impl SizeHint {
    fn of(input: &str) -> SizeHint {
        let opens = memchr::memchr_iter(b'<', input.as_bytes()).count();
        SizeHint {
            nodes: opens + opens / 2 + 16,
            elements: opens / 2 + opens / 8 + 16,
        }
    }
}

/// The node budget ([`ParseOptions::max_nodes`]) the `simdhtml` command and the Python
/// package give a page of `bytes` input bytes: the larger of 1,000,000 nodes and one node per
/// input byte. Real pages have about one node per 74 bytes (the shared corpus), so only input
/// built to make the spec's tree grow with the square of its size reaches it; it keeps such a
/// page to about 64 bytes of node records per input byte.
pub const fn page_node_budget(bytes: usize) -> usize {
    if bytes > 1_000_000 { bytes } else { 1_000_000 }
}

/// Parses a whole document from its bytes (HTML Standard 13.2): the encoding sniffing algorithm
/// (13.2.3.2) with `options.input`, decoding (zero-copy for valid UTF-8), tokenizing and tree
/// construction. While the confidence is tentative, a `<meta>` charset met by the "in head"
/// rules runs "change the encoding" (13.2.3.4): if the bytes read differently in the declared
/// encoding, the parse starts again from the first byte with it, confidence certain (so at most
/// one re-parse). The result reports the encoding, how it was decided and the confidence
/// ([`Document::encoding`], [`Document::encoding_source`], [`Document::confidence`]).
///
/// Strings in the result borrow `bytes` (valid UTF-8, or ASCII in an ASCII-compatible encoding)
/// or `arena`. Every input gives a tree.
///
/// # Errors
/// [`InputError::UnknownTransportLabel`] when `options.input.transport_charset` is not a label
/// of the Encoding Standard.
pub fn parse_document<'a>(
    arena: &'a Arena,
    bytes: &'a [u8],
    options: &ParseOptions,
) -> Result<Document<'a>, InputError> {
    let decoded = input::decode(arena, bytes, &options.input)?;
    let tentative = (decoded.confidence == Confidence::Tentative).then_some(Tentative {
        encoding: decoded.encoding,
        bytes,
    });
    let (mut doc, driven) = parse_text(arena, decoded.text, options, tentative);
    match driven {
        Driven::Finished {
            encoding,
            changed,
            certain,
            ..
        } => {
            let source = if changed {
                EncodingSource::Reparse
            } else {
                decoded.source
            };
            let confidence = if certain {
                Confidence::Certain
            } else {
                decoded.confidence
            };
            doc.set_encoding(
                encoding.unwrap_or(decoded.encoding),
                Some(source),
                confidence,
            );
        }
        Driven::Reparse(new) => {
            let again = input::reparse(arena, bytes, new);
            let (again_doc, _) = parse_text(arena, again.text, options, None);
            doc = again_doc;
            doc.set_encoding(again.encoding, Some(again.source), again.confidence);
        }
    }
    Ok(doc)
}

/// Parses a whole document given as text (HTML Standard 13.2, with the confidence
/// "irrelevant": no sniffing, no decoding, `<meta>` charsets change nothing). For input that is
/// already decoded, and for the html5lib tree tests. Strings in the result borrow `input` or
/// `arena`. Every input gives a tree; [`Document::encoding`] is UTF-8 and
/// [`Document::encoding_source`] `None`.
pub fn parse_document_str<'a>(
    arena: &'a Arena,
    input: &'a str,
    options: &ParseOptions,
) -> Document<'a> {
    parse_text(arena, input, options, None).0
}

/// One run of the tokenizer and tree builder over `input` (a document, not a fragment).
fn parse_text<'a>(
    arena: &'a Arena,
    input: &'a str,
    options: &ParseOptions,
    tentative: Option<Tentative<'_>>,
) -> (Document<'a>, Driven) {
    let size = SizeHint::of(input);
    if options.spans {
        let mut sink = ArenaSink::with_spans(arena, input, options.collect_errors, size.nodes);
        sink.set_max_nodes(options.max_nodes);
        parse_text_into(sink, arena, input, options, tentative, size)
    } else {
        let mut sink = ArenaSink::with_capacity(arena, input, options.collect_errors, size.nodes);
        sink.set_max_nodes(options.max_nodes);
        parse_text_into(sink, arena, input, options, tentative, size)
    }
}

/// [`parse_text`] into `sink`.
fn parse_text_into<'a, const SPANS: bool>(
    sink: ArenaSink<'a, SPANS>,
    arena: &'a Arena,
    input: &'a str,
    options: &ParseOptions,
    tentative: Option<Tentative<'_>>,
    size: SizeHint,
) -> (Document<'a>, Driven) {
    let mut driver = Driver::document(document_tokenizer(arena, input, options), sink, options);
    driver.builder.reserve(size.elements);
    let driven = drive(&mut driver, tentative, options.max_nodes);
    if let Driven::Reparse(_) = driven {
        // The caller starts again; this tree is thrown away unfinished.
        return (Document::new(), driven);
    }
    let mut doc = finish_document(driver, options, driven);
    doc.set_source(input);
    (doc, driven)
}

/// The document a finished run built, with its errors, scripting flag and truncation.
fn finish_document<'a, const SPANS: bool>(
    driver: Driver<'a, ArenaSink<'a, SPANS>>,
    options: &ParseOptions,
    driven: Driven,
) -> Document<'a> {
    let mut doc = driver.into_document();
    doc.set_scripting(options.scripting);
    doc.set_truncated(matches!(
        driven,
        Driven::Finished {
            truncated: true,
            ..
        }
    ));
    doc
}

/// Parses `input` as the content of `context` (the HTML fragment parsing algorithm, 13.4), in a
/// no-quirks context document. The result's Document node has the fragment's nodes as its
/// children. Declarative shadow roots are off unless
/// [`ParseOptions::allow_declarative_shadow_roots`] says otherwise, as for `innerHTML`.
///
/// The input is text: the fragment parsing algorithm takes a string (`innerHTML`,
/// `setHTMLUnsafe`), and "changing the encoding while parsing" (13.2.3.4) belongs to a document
/// parsed from bytes whose confidence is tentative, which a fragment never is (its confidence is
/// "irrelevant"); a `<meta charset>` in a fragment changes nothing. To parse a fragment's bytes,
/// decode them first (`input::decode`, as `simdhtml tree --fragment` does: the sniffing
/// algorithm without the re-parse).
pub fn parse_fragment<'a>(
    arena: &'a Arena,
    input: &'a str,
    context: FragmentContext<'a>,
    options: &ParseOptions,
) -> Document<'a> {
    let ctx = ContextElement {
        ns: context.ns,
        name: context.name,
        attrs: context.attrs,
    };
    let size = SizeHint::of(input);
    let mut doc = if options.spans {
        let mut sink = ArenaSink::with_spans(arena, input, options.collect_errors, size.nodes);
        sink.set_max_nodes(options.max_nodes);
        parse_fragment_into(sink, arena, input, ctx, options, size)
    } else {
        let mut sink = ArenaSink::with_capacity(arena, input, options.collect_errors, size.nodes);
        sink.set_max_nodes(options.max_nodes);
        parse_fragment_into(sink, arena, input, ctx, options, size)
    };
    doc.set_source(input);
    doc
}

/// [`parse_fragment`] into `sink`.
fn parse_fragment_into<'a, const SPANS: bool>(
    sink: ArenaSink<'a, SPANS>,
    arena: &'a Arena,
    input: &'a str,
    ctx: ContextElement<'a>,
    options: &ParseOptions,
    size: SizeHint,
) -> Document<'a> {
    let state = fragment_tokenizer_state(&ctx, options.scripting);
    let tokenizer = Tokenizer::new(
        arena,
        input,
        TokenizerOptions {
            initial_state: Some(state),
            ..tokenizer_options(options)
        },
    );
    let builder = TreeBuilder::new_fragment(
        sink,
        builder_options(options, true),
        ctx,
        QuirksMode::NoQuirks,
    );
    let fragment = builder
        .fragment_root()
        .expect("fragment parse has a root insertion target");
    let mut driver = Driver::new(tokenizer, builder);
    driver.builder.reserve(size.elements);
    let driven = drive(&mut driver, None, options.max_nodes);
    let mut doc = finish_document(driver, options, driven);
    // The html root element was only the parser's scaffolding: the result is the fragment.
    let root = doc.root();
    while let Some(c) = doc.first_child(root) {
        doc.detach(c);
    }
    doc.move_children(fragment, root);
    doc
}

/// Parses a whole document given as text into a tree of the caller's own, through `sink` (any
/// [`TreeSink`]): the tokenizer and the tree builder run as in [`parse_document_str`] (no
/// sniffing, no decoding; `options.input` and `options.max_nodes` are not read), and the sink,
/// with the tree it built, is returned. The sink's handles and data are its own business:
/// `examples/count_nodes.rs` counts nodes without building anything.
pub fn parse_with_sink<'a, S: TreeSink<'a>>(
    arena: &'a Arena,
    input: &'a str,
    sink: S,
    options: &ParseOptions,
) -> S {
    let mut driver = Driver::document(document_tokenizer(arena, input, options), sink, options);
    driver.run(false, |_| false);
    driver.builder.into_sink()
}

#[cfg(test)]
mod tests {
    use super::*;
    use encoding_rs::{SHIFT_JIS, UTF_8, WINDOWS_1252};

    /// `<head><title>` + 1,100 × `x` + `</title>` + `tail`: a page whose declaration is past
    /// the prescan's 1,024 bytes.
    fn late(tail: &[u8]) -> Vec<u8> {
        let mut bytes = b"<head><title>".to_vec();
        bytes.extend(std::iter::repeat_n(b'x', 1100));
        bytes.extend(b"</title>");
        bytes.extend(tail);
        bytes
    }

    fn parse(
        arena: &Arena,
        bytes: &[u8],
    ) -> (String, &'static Encoding, EncodingSource, Confidence) {
        let bytes = arena.alloc_slice_copy(bytes);
        // Without the optional guess (13.2.3.2 step 8), so that the default shows.
        let mut options = ParseOptions::default();
        options.input.guess = false;
        let doc = parse_document(arena, bytes, &options).unwrap();
        let text = doc.text_content(doc.root());
        let source = doc.encoding_source().unwrap();
        (text, doc.encoding(), source, doc.confidence())
    }

    #[test]
    fn a_late_meta_reparses_once_with_the_new_encoding() {
        let arena = Arena::new();
        // \x82\xA0 is あ in Shift_JIS; the second <meta> must not change it again.
        let bytes = late(b"<meta charset=shift_jis><meta charset=euc-jp><p>\x82\xA0");
        let (text, encoding, source, confidence) = parse(&arena, &bytes);
        assert!(text.ends_with('\u{3042}'), "{text:?}");
        assert_eq!(
            (encoding, source, confidence),
            (SHIFT_JIS, EncodingSource::Reparse, Confidence::Certain)
        );
        // The http-equiv form.
        let bytes =
            late(b"<meta http-equiv=Content-Type content='text/html; charset=sjis'><p>\x82\xA0");
        let (text, encoding, source, _) = parse(&arena, &bytes);
        assert!(text.ends_with('\u{3042}'));
        assert_eq!((encoding, source), (SHIFT_JIS, EncodingSource::Reparse));
    }

    #[test]
    fn ascii_pages_change_on_the_fly() {
        let arena = Arena::new();
        let bytes = late(b"<meta charset=utf-8><p>plain");
        let (_, encoding, source, confidence) = parse(&arena, &bytes);
        assert_eq!(
            (encoding, source, confidence),
            (UTF_8, EncodingSource::Reparse, Confidence::Certain)
        );
    }

    #[test]
    fn a_meta_that_agrees_makes_the_confidence_certain() {
        let arena = Arena::new();
        let (_, encoding, source, confidence) = parse(&arena, b"<meta charset=sjis><p>\x82\xA0");
        assert_eq!(
            (encoding, source, confidence),
            (SHIFT_JIS, EncodingSource::Meta, Confidence::Certain)
        );
        // Nothing declared: the default stays tentative.
        let (_, encoding, source, confidence) = parse(&arena, b"<p>caf\xE9");
        assert_eq!(
            (encoding, source, confidence),
            (WINDOWS_1252, EncodingSource::Default, Confidence::Tentative)
        );
        // An unknown label changes nothing and leaves the next one to act.
        let bytes = late(b"<meta charset=bogus><meta charset=sjis><p>\x82\xA0");
        let (_, encoding, _, _) = parse(&arena, &bytes);
        assert_eq!(encoding, SHIFT_JIS);
    }

    #[test]
    fn certain_encodings_ignore_metas() {
        let arena = Arena::new();
        let bytes = late(b"<meta charset=sjis><p>caf\xC3\xA9");
        let options = ParseOptions {
            input: InputOptions {
                transport_charset: Some("utf-8".into()),
                ..InputOptions::default()
            },
            ..ParseOptions::default()
        };
        let doc = parse_document(&arena, &bytes, &options).unwrap();
        assert_eq!(doc.encoding(), UTF_8);
        assert_eq!(doc.encoding_source(), Some(EncodingSource::Transport));
        assert!(doc.text_content(doc.root()).ends_with("caf\u{e9}"));
        // A BOM is certain too.
        let (_, encoding, source, _) = parse(&arena, b"\xEF\xBB\xBF<meta charset=sjis>");
        assert_eq!((encoding, source), (UTF_8, EncodingSource::Bom));
        // Text has no encoding to change.
        let doc = parse_document_str(&arena, "<meta charset=sjis>", &ParseOptions::default());
        assert_eq!(doc.encoding_source(), None);
        assert_eq!(doc.confidence(), Confidence::Irrelevant);
    }

    #[test]
    fn an_unknown_transport_label_is_an_error() {
        let arena = Arena::new();
        let options = ParseOptions {
            input: InputOptions {
                transport_charset: Some("klingon".into()),
                ..InputOptions::default()
            },
            ..ParseOptions::default()
        };
        let error = parse_document(&arena, b"<p>", &options).unwrap_err();
        assert!(error.to_string().contains("\"klingon\""));
    }
}
