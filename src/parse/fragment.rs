//! The HTML fragment parsing algorithm (13.4): [`parse_fragment`] of a string in the context
//! of an element ([`FragmentContext`]).

use super::driver::{Driver, builder_options, tokenizer_options};
use super::options::ParseOptions;
use super::whole_input::{
    Driven, EncodingState, SizeHint, drive, finish_document, with_arena_sink,
};
use crate::Arena;
use crate::dom::{ArenaSink, Document};
use crate::markup::{Namespace, QuirksMode};
use crate::tokenizer::{Attribute, Tokenizer, TokenizerOptions};
use crate::tree_builder::{ContextElement, TreeBuilder, fragment_tokenizer_state};

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
    let size = SizeHint::of(input, options);
    let mut doc = with_arena_sink!(arena, input, options, size.nodes, sink => {
        parse_fragment_into(sink, arena, input, ctx, options)
    });
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
    let truncated = match drive(
        &mut driver,
        &mut EncodingState::default(),
        options.max_nodes,
        false,
    ) {
        Driven::Finished { truncated } => truncated,
        other => unreachable!("a fragment parse is not tentative: {other:?}"),
    };
    let mut doc = finish_document(driver, options, truncated);
    // The html root element was only the parser's scaffolding: the result is the fragment.
    let root = doc.root();
    while let Some(c) = doc.first_child(root) {
        doc.detach(c);
    }
    doc.move_children(fragment, root);
    doc
}
