//! The interface through which the tree builder builds a tree ([`TreeSink`]).

use std::ops::Range;

use super::TreeConstructionError;
use crate::markup::{Attr, Namespace, QuirksMode, ShadowRootData};

/// A place to insert a node: inside `parent`, before `before` (or as the last child).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InsertionPoint<H> {
    /// The node the new node goes into.
    pub parent: H,
    /// The child it goes before; `None` appends.
    pub before: Option<H>,
}

/// What the tree builder writes through (HTML Standard 13.2.6 "creating and inserting nodes").
///
/// The builder is generic over the sink, so calls are monomorphised. Handles are small copyable
/// node references chosen by the sink. Strings live for `'a` (the input or the caller's arena).
/// Nothing here may fail: the parser never rejects input.
pub trait TreeSink<'a> {
    /// A reference to a node of the tree being built.
    type Handle: Copy + Eq + std::fmt::Debug;

    /// The Document node.
    fn document(&self) -> Self::Handle;
    /// Creates an element (not yet inserted). `name` is the local name (SVG's adjusted, e.g.
    /// `foreignObject`), `tag` the name as a known [`Tag`](crate::Tag) ([`Tag::Other`](crate::Tag::Other)
    /// for another name), classified once by the tokenizer: a sink can keep it instead of
    /// classifying the name again. `attrs` are in token order, already adjusted.
    fn create_element(
        &mut self,
        ns: Namespace,
        name: &'a str,
        tag: crate::Tag,
        attrs: &[Attr<'a>],
    ) -> Self::Handle;
    /// [`create_element`](Self::create_element) with attributes that live for `'a` (a tag
    /// token's, in the tokenizer's arena, when they need no adjustment): a sink that stores
    /// `&'a` slices can keep them instead of copying. The default calls `create_element`.
    fn create_element_keeping_attrs(
        &mut self,
        ns: Namespace,
        name: &'a str,
        tag: crate::Tag,
        attrs: &'a [Attr<'a>],
    ) -> Self::Handle {
        self.create_element(ns, name, tag, attrs)
    }
    /// [`create_element_keeping_attrs`](Self::create_element_keeping_attrs), then
    /// [`insert`](Self::insert) of the new element at `at`, in one call (13.2.6.1 "insert an
    /// HTML element"): a sink that can create a node in its place does it here. The default
    /// makes the two calls.
    fn create_element_at(
        &mut self,
        at: InsertionPoint<Self::Handle>,
        ns: Namespace,
        name: &'a str,
        tag: crate::Tag,
        attrs: &'a [Attr<'a>],
    ) -> Self::Handle {
        let element = self.create_element_keeping_attrs(ns, name, tag, attrs);
        self.insert(at, element);
        element
    }
    /// Creates a comment node (not yet inserted).
    fn create_comment(&mut self, data: &'a str) -> Self::Handle;
    /// Creates a processing instruction node (not yet inserted).
    fn create_processing_instruction(&mut self, target: &'a str, data: &'a str) -> Self::Handle;
    /// Creates a document fragment node (used for the fragment parsing algorithm's root insertion
    /// target).
    fn create_document_fragment(&mut self) -> Self::Handle;
    /// Creates a DocumentType node and appends it to the Document.
    fn append_doctype(&mut self, name: &'a str, public_id: &'a str, system_id: &'a str);
    /// Inserts `child` (which has no parent) at `at`.
    fn insert(&mut self, at: InsertionPoint<Self::Handle>, child: Self::Handle);
    /// Inserts text at `at`: appends to the Text node immediately before `at` if there is one,
    /// otherwise creates a Text node there (13.2.6.1 "insert a character").
    fn insert_text(&mut self, at: InsertionPoint<Self::Handle>, text: &'a str);
    /// Removes `node` from its parent, if it has one.
    fn remove_from_parent(&mut self, node: Self::Handle);
    /// Moves all children of `from` to the end of `to`, in order.
    fn reparent_children(&mut self, from: Self::Handle, to: Self::Handle);
    /// The parent of `node`, if any.
    fn parent(&self, node: Self::Handle) -> Option<Self::Handle>;
    /// The template contents (a DocumentFragment) of a `template` element.
    fn template_contents(&mut self, template: Self::Handle) -> Self::Handle;
    /// Adds each attribute that `element` does not already have (by name).
    fn add_attrs_if_missing(&mut self, element: Self::Handle, attrs: &[Attr<'a>]);
    /// Sets the document's mode.
    fn set_quirks_mode(&mut self, mode: QuirksMode);
    /// Reports a tree construction parse error at byte `offset` of the input. Default: ignore.
    fn parse_error(&mut self, error: TreeConstructionError, offset: usize) {
        let _ = (error, offset);
    }
    /// The children of `node`, in order (used by the `selectedcontent` cloning steps only).
    fn children(&self, node: Self::Handle) -> Vec<Self::Handle>;
    /// A copy of `node` without its children (element: same name, namespace and attributes).
    fn clone_shallow(&mut self, node: Self::Handle) -> Self::Handle;
    /// Whether the sink's node budget is used up (default: it has none). The builder checks it
    /// while cloning an option's contents into `selectedcontent`, the one step in which a single
    /// token (an option's end tag, or the end of the input popping nested selects) can create
    /// more nodes than the input has bytes, and stops cloning there; the driver then ends the
    /// parse as truncated (`ParseOptions::max_nodes`).
    fn over_budget(&self) -> bool {
        false
    }
    /// Whether `node` is an element with namespace `ns` and local name `name`.
    fn is_element_named(&self, node: Self::Handle, ns: Namespace, name: &str) -> bool;
    /// The value of the no-namespace attribute `name` of element `node`, if any.
    fn element_attr(&self, node: Self::Handle, name: &str) -> Option<&'a str>;
    /// Attaches a shadow root with `shadow`'s flags to `host` for a declarative shadow root
    /// (13.2.6.4.4, "attach a shadow root"; the builder has checked that `host` is an HTML
    /// element that may be a shadow host) and makes it the template contents of `template` (an
    /// HTML `template` element created for the start tag and not inserted anywhere), so that
    /// what the parser inserts into the template goes into the shadow tree. Returns `false`,
    /// changing nothing, when `host` is a shadow host already; the builder then inserts the
    /// template as an ordinary element. Default: `false`, for a tree without shadow roots.
    fn attach_declarative_shadow_root(
        &mut self,
        host: Self::Handle,
        template: Self::Handle,
        shadow: ShadowRootData,
    ) -> bool {
        let _ = (host, template, shadow);
        false
    }

    // ----- Source spans (`ParseOptions::spans`) -----

    /// Whether the sink records where its nodes came from in the input. When `false` (the
    /// default) the parser computes no spans and calls none of the methods below, so spans
    /// cost nothing; when `true` it calls them as it builds. Spans are half-open byte ranges
    /// of the document's decoded text.
    const SOURCE_SPANS: bool = false;
    /// The tokens that follow come from `segment`, the part of the document the tokenizer
    /// reads (all of it, or, streaming, the segment since the document's byte `base`).
    fn source_segment(&mut self, segment: &'a str, base: usize) {
        let _ = (segment, base);
    }
    /// The builder is about to process a start tag, comment, DOCTYPE or processing
    /// instruction token, which came from the bytes `span` of the document (from `<` to `>`,
    /// or to the end of the input; within the last [`source_segment`](Self::source_segment)).
    /// The comment, processing instruction or DOCTYPE node the sink creates next is this
    /// token's; the elements of [`start_tag_source`](Self::start_tag_source) and
    /// [`add_attrs_if_missing`](Self::add_attrs_if_missing) take their attributes from this
    /// start tag.
    fn token_source(&mut self, span: Range<usize>) {
        let _ = span;
    }
    /// `element` was created for the current token, a start tag (13.2.6.1 "create an element
    /// for the token"): its start tag and its attributes are the last
    /// [`token_source`](Self::token_source)'s.
    fn start_tag_source(&mut self, element: Self::Handle) {
        let _ = element;
    }
    /// `element` was closed by the end tag at `span`, which has the element's name.
    fn end_tag_source(&mut self, element: Self::Handle, span: Range<usize>) {
        let _ = (element, span);
    }
    /// `clone` was created for the token `original` was created for (the adoption agency
    /// algorithm, reconstructing the active formatting elements): it gets `original`'s start
    /// tag and attributes.
    fn copy_start_source(&mut self, original: Self::Handle, clone: Self::Handle) {
        let _ = (original, clone);
    }
    /// [`insert_text`](Self::insert_text) of characters that came from the bytes `span` of the
    /// document; a Text node that grows by them takes in their range (from its first to its
    /// last character).
    fn insert_text_with_source(
        &mut self,
        at: InsertionPoint<Self::Handle>,
        text: &'a str,
        span: Range<usize>,
    ) {
        let _ = span;
        self.insert_text(at, text);
    }
}
