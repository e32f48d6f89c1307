//! [`ArenaSink`]: the [`TreeSink`] that builds a [`Document`] in an arena.

use std::ops::Range;

use bumpalo::Bump;

use crate::markup::{Attr, Namespace, QuirksMode, ShadowRootData, Tag};
use crate::tokenizer::start_tag_attribute_spans;
use crate::tree_builder::{InsertionPoint, TreeConstructionError, TreeSink};

use super::{
    DoctypeData, Document, DocumentParseError, ElementData, NodeData, NodeId, ParseErrorKind,
    ProcessingInstructionData,
};

/// The largest `gathered` buffer kept for the next node (bytes of capacity). A larger one
/// (grown for a long script with CR LF line ends, which comes as many tokens) is released
/// once its text is in the arena, so that it is not held beside the arena's copy for the rest
/// of the parse.
const KEPT_GATHERED_BYTES: usize = 16 * 1024;

/// The [`TreeSink`] that builds a [`Document`]. Attribute lists and gathered text go into the
/// arena; call [`ArenaSink::finish`] to get the document.
///
/// `SPANS`: whether it records source spans ([`TreeSink::SOURCE_SPANS`], the document's
/// [`Document::span`]); `ArenaSink<'a>` records none ([`ArenaSink::new`]), `ArenaSink<'a, true>`
/// does ([`ArenaSink::with_spans`]). The two are separate types so that a parse without spans
/// runs code with no trace of them.
pub struct ArenaSink<'a, const SPANS: bool = false> {
    arena: &'a Bump,
    input: &'a str,
    doc: Document<'a>,
    /// Source spans: the part of the document the tokenizer reads, the document offset of its
    /// first byte, and the range of the current markup token.
    segment: &'a str,
    segment_base: usize,
    token_span: Range<usize>,
    /// The Text node whose data is no longer one slice, and its data so far. When another node
    /// needs gathering, this one's data goes into the arena.
    gathering: Option<NodeId>,
    /// The gathered data of `gathering` (kept between nodes, so that its allocation is reused).
    gathered: String,
    collect_errors: bool,
    errors: Vec<DocumentParseError>,
    /// `ParseOptions::max_nodes` ([`ArenaSink::set_max_nodes`]).
    max_nodes: Option<usize>,
}

impl<'a> ArenaSink<'a> {
    /// A sink for parsing `input`; `collect_errors` keeps tree construction errors.
    pub fn new(arena: &'a Bump, input: &'a str, collect_errors: bool) -> Self {
        // Real pages have about one node per 70 bytes of text.
        ArenaSink::with_capacity(arena, input, collect_errors, input.len() / 64 + 16)
    }

    /// [`ArenaSink::new`] with room for `nodes` nodes before the node table grows (growing
    /// copies the whole table).
    pub fn with_capacity(
        arena: &'a Bump,
        input: &'a str,
        collect_errors: bool,
        nodes: usize,
    ) -> Self {
        ArenaSink::build(arena, input, collect_errors, nodes)
    }
}

impl<'a> ArenaSink<'a, true> {
    /// [`ArenaSink::with_capacity`] for a sink that records source spans: the document's
    /// [`Document::span`] and [`Document::source`] (`input`; streaming replaces it with the
    /// whole text at the end).
    pub fn with_spans(arena: &'a Bump, input: &'a str, collect_errors: bool, nodes: usize) -> Self {
        let mut sink = ArenaSink::build(arena, input, collect_errors, nodes);
        sink.doc.spans = super::span::SpanTable::recording(nodes);
        sink
    }
}

impl<'a, const SPANS: bool> ArenaSink<'a, SPANS> {
    fn build(arena: &'a Bump, input: &'a str, collect_errors: bool, nodes: usize) -> Self {
        ArenaSink {
            arena,
            input,
            doc: Document::with_capacity(nodes),
            segment: "",
            segment_base: 0,
            token_span: 0..0,
            gathering: None,
            gathered: String::new(),
            collect_errors,
            errors: Vec::new(),
            max_nodes: None,
        }
    }

    /// The node budget ([`crate::ParseOptions::max_nodes`]): once the document has this many
    /// nodes, [`TreeSink::over_budget`] says so (default none).
    pub fn set_max_nodes(&mut self, max_nodes: Option<usize>) {
        self.max_nodes = max_nodes;
    }

    /// The number of nodes created so far, the Document node included.
    pub fn node_count(&self) -> usize {
        self.doc.len()
    }

    /// Streaming: the input is now `input`, a longer copy of the previous input (see
    /// `crate::stream`). Text runs of the new buffer merge into one slice as before; a run of
    /// an older buffer is copied when text is appended to it.
    pub fn set_input(&mut self, input: &'a str) {
        self.input = input;
    }

    /// The tree construction errors collected so far.
    pub fn errors(&self) -> &[DocumentParseError] {
        &self.errors
    }

    /// Copies gathered text into the arena and returns the document and the tree construction
    /// errors.
    pub fn finish(mut self) -> (Document<'a>, Vec<DocumentParseError>) {
        self.flush_gathering();
        (self.doc, self.errors)
    }

    /// Source spans: node `id` is the current token's.
    #[inline]
    fn token_node(&mut self, id: NodeId) {
        if SPANS {
            let span = self.token_span.clone();
            self.doc.spans_mut().set_start(id.index(), span);
        }
    }

    /// Source spans: the text of the current markup token.
    fn token_text(&self) -> &'a str {
        let (s, e) = (self.token_span.start, self.token_span.end);
        self.segment
            .get(s - self.segment_base..e - self.segment_base)
            .unwrap_or_default()
    }

    /// Source spans: `element`, which had the attributes `old`, took those of `added` (the
    /// current start tag's attributes) that it did not have.
    fn add_attr_spans(&mut self, element: NodeId, old: &[Attr<'a>], added: &[Attr<'a>]) {
        let mut token = Vec::new();
        start_tag_attribute_spans(
            self.token_text(),
            self.token_span.start,
            added.len(),
            &mut token,
        );
        let spans = self.doc.spans_mut();
        if token.len() != added.len() {
            spans.forget_attrs(element.index());
            return;
        }
        let extra: Vec<_> = added
            .iter()
            .zip(token)
            .filter(|(a, _)| !old.iter().any(|b| b.name == a.name && b.ns() == a.ns()))
            .map(|(_, s)| s)
            .collect();
        spans.add_attrs(element.index(), &extra);
    }

    /// Inserts `text` at `at` (13.2.6.1 "insert a character") and returns the Text node that
    /// holds it.
    #[inline(always)]
    fn insert_text_node(&mut self, at: InsertionPoint<NodeId>, text: &'a str) -> NodeId {
        let prev = match at.before {
            Some(b) => self.doc.prev_sibling(b),
            None => self.doc.last_child(at.parent),
        };
        if let Some(p) = prev
            && matches!(self.doc.data(p), NodeData::Text(_))
        {
            self.append_text(p, text);
            return p;
        }
        if at.before.is_none() {
            return self.doc.append_new(at.parent, prev, NodeData::Text(text));
        }
        let id = self.doc.push(NodeData::Text(text));
        self.doc.insert_at(at.parent, at.before, id);
        id
    }

    /// Moves the gathered text of the node being gathered into the arena.
    fn flush_gathering(&mut self) {
        if let Some(id) = self.gathering.take() {
            self.doc.nodes[id.index()].data = NodeData::Text(self.arena.alloc_str(&self.gathered));
            if self.gathered.capacity() > KEPT_GATHERED_BYTES {
                self.gathered = String::new();
            }
        }
    }

    /// The range of `s` in the input, if `s` is a slice of it.
    fn input_range(&self, s: &str) -> Option<(usize, usize)> {
        let base = self.input.as_ptr() as usize;
        let p = s.as_ptr() as usize;
        if p >= base && p + s.len() <= base + self.input.len() {
            Some((p - base, p - base + s.len()))
        } else {
            None
        }
    }

    fn append_text(&mut self, id: NodeId, text: &'a str) {
        if let Some(gid) = self.gathering {
            if gid == id {
                self.gathered.push_str(text);
                return;
            }
            self.flush_gathering();
        }
        let NodeData::Text(old) = self.doc.nodes[id.index()].data else {
            return;
        };
        if let (Some((a, b)), Some((c, d))) = (self.input_range(old), self.input_range(text))
            && b == c
        {
            self.doc.nodes[id.index()].data = NodeData::Text(&self.input[a..d]);
            return;
        }
        self.gathered.clear();
        self.gathered.push_str(old);
        self.gathered.push_str(text);
        self.gathering = Some(id);
    }
}

impl<'a, const SPANS: bool> TreeSink<'a> for ArenaSink<'a, SPANS> {
    type Handle = NodeId;

    const SOURCE_SPANS: bool = SPANS;

    fn document(&self) -> NodeId {
        NodeId::DOCUMENT
    }

    fn create_element(
        &mut self,
        ns: Namespace,
        name: &'a str,
        tag: Tag,
        attrs: &[Attr<'a>],
    ) -> NodeId {
        let attrs: &'a [Attr<'a>] = if attrs.is_empty() {
            &[]
        } else {
            self.arena.alloc_slice_copy(attrs)
        };
        self.create_element_keeping_attrs(ns, name, tag, attrs)
    }

    /// The element keeps `attrs` (the token's arena slice): no copy.
    fn create_element_keeping_attrs(
        &mut self,
        ns: Namespace,
        name: &'a str,
        tag: Tag,
        attrs: &'a [Attr<'a>],
    ) -> NodeId {
        let contents = if ns == Namespace::Html && tag == Tag::Template {
            Some(self.doc.push(NodeData::DocumentFragment))
        } else {
            None
        };
        let mut data = ElementData::new(self.arena, (ns, tag, name), attrs);
        data.contents = contents;
        self.doc.push(NodeData::Element(data))
    }

    #[inline(always)]
    fn create_element_at(
        &mut self,
        at: InsertionPoint<NodeId>,
        ns: Namespace,
        name: &'a str,
        tag: Tag,
        attrs: &'a [Attr<'a>],
    ) -> NodeId {
        if at.before.is_some() || (ns == Namespace::Html && tag == Tag::Template) {
            let element = self.create_element_keeping_attrs(ns, name, tag, attrs);
            self.doc.insert_at(at.parent, at.before, element);
            return element;
        }
        // The usual case: a new last child, linked as it is made.
        let data = ElementData::new(self.arena, (ns, tag, name), attrs);
        let last = self.doc.last_child(at.parent);
        self.doc
            .append_new(at.parent, last, NodeData::Element(data))
    }

    fn create_comment(&mut self, data: &'a str) -> NodeId {
        let id = self.doc.push(NodeData::Comment(data));
        self.token_node(id);
        id
    }

    fn create_processing_instruction(&mut self, target: &'a str, data: &'a str) -> NodeId {
        let id = self.doc.push(NodeData::ProcessingInstruction(
            self.arena.alloc(ProcessingInstructionData { target, data }),
        ));
        self.token_node(id);
        id
    }

    fn create_document_fragment(&mut self) -> NodeId {
        self.doc.push(NodeData::DocumentFragment)
    }

    fn append_doctype(&mut self, name: &'a str, public_id: &'a str, system_id: &'a str) {
        let data = self.arena.alloc(DoctypeData {
            name,
            public_id,
            system_id,
        });
        let id = self.doc.push(NodeData::Doctype(data));
        self.token_node(id);
        self.doc.insert_at(NodeId::DOCUMENT, None, id);
    }

    fn insert(&mut self, at: InsertionPoint<NodeId>, child: NodeId) {
        self.doc.insert_at(at.parent, at.before, child);
    }

    #[inline(always)]
    fn insert_text(&mut self, at: InsertionPoint<NodeId>, text: &'a str) {
        self.insert_text_node(at, text);
    }

    fn remove_from_parent(&mut self, node: NodeId) {
        self.doc.unlink(node);
    }

    fn reparent_children(&mut self, from: NodeId, to: NodeId) {
        self.doc.move_children(from, to);
    }

    fn parent(&self, node: NodeId) -> Option<NodeId> {
        self.doc.parent(node)
    }

    fn template_contents(&mut self, template: NodeId) -> NodeId {
        match self.doc.template_contents(template) {
            Some(c) => c,
            None => {
                let c = self.doc.push(NodeData::DocumentFragment);
                if let NodeData::Element(e) = &mut self.doc.nodes[template.index()].data {
                    e.contents = Some(c);
                }
                c
            }
        }
    }

    fn add_attrs_if_missing(&mut self, element: NodeId, attrs: &[Attr<'a>]) {
        let Some(e) = self.doc.element(element) else {
            return;
        };
        let mut all: Vec<Attr<'a>> = e.attrs.to_vec();
        let before = all.len();
        for a in attrs {
            if !all.iter().any(|b| b.name == a.name && b.ns() == a.ns()) {
                all.push(*a);
            }
        }
        if all.len() != before {
            let slice = self.arena.alloc_slice_copy(&all);
            if let NodeData::Element(e) = &mut self.doc.nodes[element.index()].data {
                e.set_attrs(self.arena, slice);
            }
            if SPANS {
                self.add_attr_spans(element, &all[..before], attrs);
            }
        }
    }

    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.doc.quirks_mode = mode;
    }

    fn parse_error(&mut self, error: TreeConstructionError, offset: usize) {
        if self.collect_errors {
            self.errors.push(DocumentParseError {
                kind: ParseErrorKind::TreeConstruction(error),
                offset,
            });
        }
    }

    fn children(&self, node: NodeId) -> Vec<NodeId> {
        self.doc.children(node).collect()
    }

    fn over_budget(&self) -> bool {
        self.max_nodes.is_some_and(|max| self.doc.len() >= max)
    }

    fn clone_shallow(&mut self, node: NodeId) -> NodeId {
        let data = match self.doc.data(node) {
            NodeData::Element(e) => {
                let e = *e;
                let clone = self.create_element(e.ns, e.name, e.tag, e.attrs);
                self.copy_start_source(node, clone);
                return clone;
            }
            NodeData::Text(t) => match self.gathering {
                Some(g) if g == node => NodeData::Text(self.arena.alloc_str(&self.gathered)),
                _ => NodeData::Text(t),
            },
            d => *d,
        };
        let clone = self.doc.push(data);
        self.copy_start_source(node, clone);
        clone
    }

    fn is_element_named(&self, node: NodeId, ns: Namespace, name: &str) -> bool {
        self.doc
            .element(node)
            .is_some_and(|e| e.ns == ns && e.name() == name)
    }

    fn element_attr(&self, node: NodeId, name: &str) -> Option<&'a str> {
        self.doc.attr(node, name)
    }

    fn source_segment(&mut self, segment: &'a str, base: usize) {
        self.segment = segment;
        self.segment_base = base;
    }

    fn token_source(&mut self, span: Range<usize>) {
        self.token_span = span;
    }

    fn start_tag_source(&mut self, element: NodeId) {
        // The attributes' spans are found again in the start tag's text when asked for.
        self.token_node(element);
    }

    fn end_tag_source(&mut self, element: NodeId, span: Range<usize>) {
        if SPANS {
            self.doc.spans_mut().set_end(element.index(), span);
        }
    }

    fn copy_start_source(&mut self, original: NodeId, clone: NodeId) {
        if SPANS {
            self.doc
                .spans_mut()
                .copy_start(original.index(), clone.index());
        }
    }

    fn insert_text_with_source(
        &mut self,
        at: InsertionPoint<NodeId>,
        text: &'a str,
        span: Range<usize>,
    ) {
        let next = self.doc.len();
        let id = self.insert_text_node(at, text);
        if SPANS {
            if id.index() == next {
                self.doc.spans_mut().set_start(next, span);
            } else {
                self.doc.spans_mut().extend_start(id.index(), span);
            }
        }
    }

    fn attach_declarative_shadow_root(
        &mut self,
        host: NodeId,
        template: NodeId,
        shadow: ShadowRootData,
    ) -> bool {
        if self.doc.shadow_root(host).is_some() {
            return false;
        }
        let root = self.doc.push(NodeData::ShadowRoot(shadow));
        for id in [host, template] {
            if let NodeData::Element(e) = &mut self.doc.nodes[id.index()].data {
                e.contents = Some(root);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn is_send<T: Send + Sync>() {}

    #[test]
    fn document_is_send() {
        is_send::<Document<'static>>();
    }

    #[test]
    fn adjacent_input_slices_merge_without_copy() {
        let arena = Bump::new();
        let input = "abcdef";
        let mut sink = ArenaSink::new(&arena, input, false);
        let at = InsertionPoint {
            parent: NodeId::DOCUMENT,
            before: None,
        };
        sink.insert_text(at, &input[0..2]);
        sink.insert_text(at, &input[2..4]);
        sink.insert_text(at, "X");
        sink.insert_text(at, &input[4..6]);
        let (doc, _) = sink.finish();
        let t = doc.first_child(NodeId::DOCUMENT).unwrap();
        assert!(matches!(doc.data(t), NodeData::Text("abcdXef")));
        assert_eq!(doc.children(NodeId::DOCUMENT).count(), 1);
    }
}
