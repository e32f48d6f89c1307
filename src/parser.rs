//! The parsing entry points: a whole document (13.2) or a fragment (13.4) into a
//! [`Document`].

use crate::Arena;
use crate::dom::{ArenaSink, Document, DocumentParseError, ParseErrorKind};
use crate::tokenizer::{Attribute, Token, Tokenizer, TokenizerOptions};
use crate::tree_builder::{
    ContextElement, Namespace, QuirksMode, TreeBuilder, TreeBuilderOptions, TreeSink,
    fragment_tokenizer_state,
};

/// Options for [`parse_document`] and [`parse_fragment`].
#[derive(Debug, Clone, Copy)]
pub struct ParseOptions {
    /// The scripting flag (default `true`): with scripting, `<noscript>` content is raw text.
    pub scripting: bool,
    /// Collect parse errors (tokenizer and tree construction) into [`Document::errors`]
    /// (default `false`).
    pub collect_errors: bool,
}

impl Default for ParseOptions {
    fn default() -> Self {
        ParseOptions {
            scripting: true,
            collect_errors: false,
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

/// Runs the tokenizer and the tree builder over the whole input (13.2.1's pipeline).
fn drive<'a, S: TreeSink<'a>>(tokenizer: &mut Tokenizer<'a>, builder: &mut TreeBuilder<'a, S>) {
    loop {
        let offset = tokenizer.offset();
        let token = tokenizer.next_token();
        let eof = token == Token::Eof;
        builder.process_token(token, offset);
        tokenizer.set_cdata_allowed(builder.cdata_allowed());
        if let Some(state) = builder.take_tokenizer_state() {
            tokenizer.set_state(state);
        }
        if eof || builder.is_stopped() {
            break;
        }
    }
}

fn merge_errors(
    tokenizer: &Tokenizer<'_>,
    tree: Vec<DocumentParseError>,
) -> Vec<DocumentParseError> {
    let mut all: Vec<DocumentParseError> = tokenizer
        .errors()
        .iter()
        .map(|e| DocumentParseError {
            kind: ParseErrorKind::Tokenizer(e.code),
            offset: e.offset,
        })
        .collect();
    all.extend(tree);
    all.sort_by_key(|e| e.offset);
    all
}

/// Parses a whole document (HTML Standard 13.2). Strings in the result borrow `input` or
/// `arena`. Never fails: every input gives a tree.
pub fn parse_document<'a>(
    arena: &'a Arena,
    input: &'a str,
    options: &ParseOptions,
) -> Document<'a> {
    let mut tokenizer = Tokenizer::new(
        arena,
        input,
        TokenizerOptions {
            collect_errors: options.collect_errors,
            ..TokenizerOptions::default()
        },
    );
    let sink = ArenaSink::new(arena, input, options.collect_errors);
    let mut builder = TreeBuilder::new(
        sink,
        TreeBuilderOptions {
            scripting: options.scripting,
        },
    );
    builder.reserve(input.len() / 200);
    drive(&mut tokenizer, &mut builder);
    let (mut doc, tree_errors) = builder.into_sink().finish();
    doc.set_errors(merge_errors(&tokenizer, tree_errors));
    doc
}

/// Parses `input` as the content of `context` (the HTML fragment parsing algorithm, 13.4), in a
/// no-quirks context document. The result's Document node has the fragment's nodes as its
/// children.
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
    let state = fragment_tokenizer_state(&ctx, options.scripting);
    let mut tokenizer = Tokenizer::new(
        arena,
        input,
        TokenizerOptions {
            initial_state: Some(state),
            collect_errors: options.collect_errors,
            ..TokenizerOptions::default()
        },
    );
    let sink = ArenaSink::new(arena, input, options.collect_errors);
    let mut builder = TreeBuilder::new_fragment(
        sink,
        TreeBuilderOptions {
            scripting: options.scripting,
        },
        ctx,
        QuirksMode::NoQuirks,
    );
    tokenizer.set_cdata_allowed(builder.cdata_allowed());
    let fragment = builder
        .fragment_root()
        .expect("fragment parse has a root insertion target");
    builder.reserve(input.len() / 200);
    drive(&mut tokenizer, &mut builder);
    let (mut doc, tree_errors) = builder.into_sink().finish();
    // The html root element was only the parser's scaffolding: the result is the fragment.
    let root = doc.root();
    while let Some(c) = doc.first_child(root) {
        doc.detach_node(c);
    }
    doc.move_children(fragment, root);
    doc.set_errors(merge_errors(&tokenizer, tree_errors));
    doc
}
