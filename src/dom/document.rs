//! [`Document`]: the node table, the read API by [`NodeId`], the tree-link operations the sink
//! and mutation use, and the [`Children`] / [`Descendants`] iterators.

use crate::input::{Confidence, Encoding, EncodingSource};
use crate::tree_builder::QuirksMode;

use super::span::{NodeSpan, SpanTable};
use super::{DocumentParseError, ElementData, Node, NodeData, NodeId};

/// A parsed document (or fragment: then the Document node's children are the fragment's nodes).
///
/// `Send` and `Sync`: it holds only node records and `&'a str` slices.
#[derive(Debug, Clone)]
pub struct Document<'a> {
    pub(super) nodes: Vec<Node<'a>>,
    pub(super) quirks_mode: QuirksMode,
    errors: Vec<DocumentParseError>,
    encoding: &'static Encoding,
    encoding_source: Option<EncodingSource>,
    confidence: Confidence,
    truncated: bool,
    scripting: bool,
    /// The decoded text the document was parsed from (see [`Document::source`]).
    source: &'a str,
    /// Source spans (empty unless the parse recorded them).
    pub(super) spans: SpanTable,
}

impl<'a> Default for Document<'a> {
    fn default() -> Self {
        Document::new()
    }
}

impl<'a> Document<'a> {
    /// An empty document (just the Document node).
    pub fn new() -> Self {
        Document::with_capacity(1)
    }

    /// An empty document with room for `nodes` nodes before its node table grows.
    pub fn with_capacity(nodes: usize) -> Self {
        let mut table = Vec::with_capacity(nodes.max(1));
        table.push(Node {
            parent: None,
            first_child: None,
            last_child: None,
            prev_sibling: None,
            next_sibling: None,
            data: NodeData::Document,
        });
        Document {
            nodes: table,
            quirks_mode: QuirksMode::NoQuirks,
            errors: Vec::new(),
            encoding: encoding_rs::UTF_8,
            encoding_source: None,
            confidence: Confidence::Irrelevant,
            truncated: false,
            scripting: true,
            source: "",
            spans: SpanTable::default(),
        }
    }

    /// The Document node.
    pub fn root(&self) -> NodeId {
        NodeId::DOCUMENT
    }

    /// The number of nodes ever created (including detached ones).
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Every node ever created, in creation order: the tree's nodes and the detached ones
    /// (template contents, nodes removed by the parser or by [`Document::detach`]).
    pub fn node_ids(&self) -> impl ExactSizeIterator<Item = NodeId> + use<> {
        (0..self.nodes.len()).map(NodeId::from_index)
    }

    /// Whether the document has only its Document node.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// The node record of `id`. Panics if `id` is not from this document.
    pub fn node(&self, id: NodeId) -> &Node<'a> {
        &self.nodes[id.index()]
    }

    /// The data of `id`.
    pub fn data(&self, id: NodeId) -> &NodeData<'a> {
        &self.nodes[id.index()].data
    }

    /// The element data of `id`, if it is an element.
    pub fn element(&self, id: NodeId) -> Option<&ElementData<'a>> {
        match &self.nodes[id.index()].data {
            NodeData::Element(e) => Some(e),
            _ => None,
        }
    }

    /// The value of `id`'s no-namespace attribute `name`, if `id` is an element that has it.
    pub fn attr(&self, id: NodeId, name: &str) -> Option<&'a str> {
        self.element(id).and_then(|e| e.attr(name))
    }

    /// The parent of `id`.
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].parent
    }

    /// The first child of `id`.
    pub fn first_child(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].first_child
    }

    /// The next sibling of `id`.
    pub fn next_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].next_sibling
    }

    /// The previous sibling of `id`.
    pub fn prev_sibling(&self, id: NodeId) -> Option<NodeId> {
        self.nodes[id.index()].prev_sibling
    }

    /// The children of `id`, in order.
    pub fn children(&self, id: NodeId) -> Children<'_, 'a> {
        Children {
            doc: self,
            next: self.first_child(id),
        }
    }

    /// The descendants of `id` in document (tree) order, not including `id` and not entering
    /// template contents.
    pub fn descendants(&self, id: NodeId) -> Descendants<'_, 'a> {
        Descendants {
            doc: self,
            root: id,
            next: self.first_child(id),
        }
    }

    /// The template contents of an HTML `template` element.
    pub fn template_contents(&self, id: NodeId) -> Option<NodeId> {
        self.element(id)
            .filter(|e| {
                e.ns == crate::tree_builder::Namespace::Html && e.tag == crate::Tag::Template
            })
            .and_then(|e| e.contents)
    }

    /// The shadow root of a shadow host (a [`NodeData::ShadowRoot`] node), if `id` is one. The
    /// shadow tree is not among the host's children or descendants, as in the DOM.
    pub fn shadow_root(&self, id: NodeId) -> Option<NodeId> {
        let e = self.element(id)?;
        if e.ns == crate::tree_builder::Namespace::Html && e.tag == crate::Tag::Template {
            return None;
        }
        e.contents
            .filter(|&c| matches!(self.data(c), NodeData::ShadowRoot(_)))
    }

    /// The concatenated data of the Text descendants of `id` (DOM `textContent` for elements).
    pub fn text_content(&self, id: NodeId) -> String {
        let mut s = String::new();
        if let NodeData::Text(t) = self.data(id) {
            return (*t).to_owned();
        }
        for d in self.descendants(id) {
            if let NodeData::Text(t) = self.data(d) {
                s.push_str(t);
            }
        }
        s
    }

    /// The document's mode.
    pub fn quirks_mode(&self) -> QuirksMode {
        self.quirks_mode
    }

    /// The parse errors (empty unless the parse collected them), in the order they were found.
    pub fn errors(&self) -> &[DocumentParseError] {
        &self.errors
    }

    /// The document's character encoding (13.2.3): the one its bytes were decoded with, after
    /// any change while parsing (13.2.3.4). `encoding.name()` is the WHATWG name (`UTF-8`,
    /// `windows-1252`, `Shift_JIS`, ...), as DOM's `document.characterSet`. UTF-8 for a
    /// document parsed from text (`parse_document_str`) or a fragment.
    pub fn encoding(&self) -> &'static Encoding {
        self.encoding
    }

    /// How [`Self::encoding`] was decided: the step of the encoding sniffing algorithm
    /// (13.2.3.2: `Bom`, `Transport`, `Meta`, `Guess`, `Default`), or `Reparse` when a `<meta>`
    /// met while parsing changed it (13.2.3.4). `None` when the parser was given text, not
    /// bytes.
    pub fn encoding_source(&self) -> Option<EncodingSource> {
        self.encoding_source
    }

    /// The confidence in [`Self::encoding`] when parsing ended: `Certain` (BOM, transport,
    /// re-parse, or a `<meta>` that confirmed a tentative encoding), `Tentative` (no `<meta>`
    /// met while parsing confirmed it), `Irrelevant` (parsed from text).
    pub fn confidence(&self) -> Confidence {
        self.confidence
    }

    /// Whether the parse stopped at [`ParseOptions::max_nodes`](crate::ParseOptions::max_nodes)
    /// before the end of the input: the tree is then what the first part of the input built,
    /// closed as at the end of the input.
    pub fn truncated(&self) -> bool {
        self.truncated
    }

    /// The scripting flag the document was parsed with ([`ParseOptions::scripting`](crate::ParseOptions::scripting);
    /// `true` for a document built by hand). It decided how `noscript` was parsed, and the
    /// serialiser and [`NodeRef::text`](super::NodeRef::text) read it.
    pub fn scripting(&self) -> bool {
        self.scripting
    }

    /// The text the document was parsed from: the decoded input (UTF-8), which the ranges of
    /// [`Document::span`] index. For UTF-8 input it is the input without its BOM; for other
    /// encodings it is the input decoded, so offsets are of the decoded text, not of the
    /// bytes; after a re-parse for a late `<meta charset>` (13.2.3.4) it is the text of the
    /// parse that built the tree, in the final encoding. Empty for a document made by hand, and
    /// for one built by [`stream::Parser`](crate::stream::Parser) without
    /// [`ParseOptions::spans`](crate::ParseOptions::spans) (the stream does not keep its text
    /// in one piece otherwise).
    pub fn source(&self) -> &'a str {
        self.source
    }

    /// Whether the parse recorded source spans ([`ParseOptions::spans`](crate::ParseOptions::spans)).
    pub fn has_spans(&self) -> bool {
        self.spans.recorded()
    }

    /// Where node `id` came from in [`Document::source`]: its start tag, end tag and
    /// attributes, or its whole token (see [`NodeSpan`] for what each node gets). All `None`
    /// when the parse recorded no spans ([`Document::has_spans`]), and for nodes that have
    /// none. Changing an element's attributes ([`Document::set_attr`],
    /// [`Document::remove_attr`]) forgets its attribute spans; nodes made by hand have no span.
    pub fn span(&self, id: NodeId) -> NodeSpan {
        let attrs = self.element(id).map(|e| e.attrs.len());
        self.spans.get(id.index(), attrs, self.source)
    }

    /// Records the text the document was parsed from.
    pub(crate) fn set_source(&mut self, source: &'a str) {
        self.source = source;
    }

    /// The source span table, for the sink.
    pub(super) fn spans_mut(&mut self) -> &mut SpanTable {
        &mut self.spans
    }

    /// Records the scripting flag of the parse.
    pub(crate) fn set_scripting(&mut self, scripting: bool) {
        self.scripting = scripting;
    }

    /// Records whether the parse stopped at its node budget.
    pub(crate) fn set_truncated(&mut self, truncated: bool) {
        self.truncated = truncated;
    }

    /// Sets the encoding information (the parser, once the encoding is final).
    pub(crate) fn set_encoding(
        &mut self,
        encoding: &'static Encoding,
        source: Option<EncodingSource>,
        confidence: Confidence,
    ) {
        self.encoding = encoding;
        self.encoding_source = source;
        self.confidence = confidence;
    }

    /// Sets the parse errors (the parser merges tokenizer and tree builder errors).
    pub(crate) fn set_errors(&mut self, errors: Vec<DocumentParseError>) {
        self.errors = errors;
    }

    /// Makes room for one more node record: a full table grows by a quarter (and 16), not by
    /// doubling, since the parser sizes it from an estimate that is rarely short, and a growth
    /// holds the old and the new table at once.
    #[inline(always)]
    fn make_room(&mut self) {
        if self.nodes.len() == self.nodes.capacity() {
            self.grow();
        }
    }

    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let more = self.nodes.len() / 4 + 16;
        self.nodes.reserve_exact(more);
    }

    pub(super) fn push(&mut self, data: NodeData<'a>) -> NodeId {
        self.make_room();
        let id = NodeId::from_index(self.nodes.len());
        self.nodes.push(Node {
            parent: None,
            first_child: None,
            last_child: None,
            prev_sibling: None,
            next_sibling: None,
            data,
        });
        id
    }

    /// Creates a node with `data` as the last child of `parent`, whose last child is `last`.
    #[inline(always)]
    pub(super) fn append_new(
        &mut self,
        parent: NodeId,
        last: Option<NodeId>,
        data: NodeData<'a>,
    ) -> NodeId {
        self.make_room();
        let id = NodeId::from_index(self.nodes.len());
        self.nodes.push(Node {
            parent: Some(parent),
            first_child: None,
            last_child: None,
            prev_sibling: last,
            next_sibling: None,
            data,
        });
        match last {
            Some(p) => self.nodes[p.index()].next_sibling = Some(id),
            None => self.nodes[parent.index()].first_child = Some(id),
        }
        self.nodes[parent.index()].last_child = Some(id);
        id
    }

    /// Removes `id` from its parent (the public form is [`Document::detach`]).
    pub(super) fn unlink(&mut self, id: NodeId) {
        let Node {
            parent,
            prev_sibling,
            next_sibling,
            ..
        } = self.nodes[id.index()];
        let Some(parent) = parent else { return };
        match prev_sibling {
            Some(p) => self.nodes[p.index()].next_sibling = next_sibling,
            None => self.nodes[parent.index()].first_child = next_sibling,
        }
        match next_sibling {
            Some(n) => self.nodes[n.index()].prev_sibling = prev_sibling,
            None => self.nodes[parent.index()].last_child = prev_sibling,
        }
        let n = &mut self.nodes[id.index()];
        n.parent = None;
        n.prev_sibling = None;
        n.next_sibling = None;
    }

    #[inline]
    pub(super) fn insert_at(&mut self, parent: NodeId, before: Option<NodeId>, child: NodeId) {
        if self.nodes[child.index()].parent.is_some() {
            self.unlink(child);
        }
        let prev = match before {
            Some(b) => self.nodes[b.index()].prev_sibling,
            None => self.nodes[parent.index()].last_child,
        };
        {
            let c = &mut self.nodes[child.index()];
            c.parent = Some(parent);
            c.prev_sibling = prev;
            c.next_sibling = before;
        }
        match prev {
            Some(p) => self.nodes[p.index()].next_sibling = Some(child),
            None => self.nodes[parent.index()].first_child = Some(child),
        }
        match before {
            Some(b) => self.nodes[b.index()].prev_sibling = Some(child),
            None => self.nodes[parent.index()].last_child = Some(child),
        }
    }

    /// Moves the children of `from` to the end of `to` (used to move a fragment's nodes into the
    /// Document).
    pub(crate) fn move_children(&mut self, from: NodeId, to: NodeId) {
        while let Some(c) = self.nodes[from.index()].first_child {
            self.insert_at(to, None, c);
        }
    }
}

/// Iterator over the children of a node.
pub struct Children<'d, 'a> {
    doc: &'d Document<'a>,
    next: Option<NodeId>,
}

impl Iterator for Children<'_, '_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let n = self.next?;
        self.next = self.doc.next_sibling(n);
        Some(n)
    }
}

/// Iterator over the descendants of a node in tree order (iterative, uses the links only).
pub struct Descendants<'d, 'a> {
    doc: &'d Document<'a>,
    root: NodeId,
    next: Option<NodeId>,
}

impl Iterator for Descendants<'_, '_> {
    type Item = NodeId;
    fn next(&mut self) -> Option<NodeId> {
        let n = self.next?;
        self.next = if let Some(c) = self.doc.first_child(n) {
            Some(c)
        } else {
            let mut cur = n;
            loop {
                if cur == self.root {
                    break None;
                }
                if let Some(s) = self.doc.next_sibling(cur) {
                    break Some(s);
                }
                match self.doc.parent(cur) {
                    Some(p) if p != self.root => cur = p,
                    _ => break None,
                }
            }
        };
        Some(n)
    }
}
