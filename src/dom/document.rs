//! [`Document`]: the node table, the read API by [`NodeId`], the tree-link operations the sink
//! and mutation use, and the [`Children`] / [`Descendants`] iterators.

use crate::input::{Confidence, Encoding, EncodingSource};
use crate::markup::QuirksMode;

use super::span::SpanTable;
use super::{DocumentParseError, ElementData, Node, NodeData, NodeId};
use crate::markup::NodeSpan;

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
    /// The transport layer's `Content-Language`, as given.
    content_language: Option<Box<str>>,
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
        table.push(Node::new(NodeData::Document));
        Document {
            nodes: table,
            quirks_mode: QuirksMode::NoQuirks,
            errors: Vec::new(),
            encoding: encoding_rs::UTF_8,
            encoding_source: None,
            confidence: Confidence::Irrelevant,
            truncated: false,
            scripting: true,
            content_language: None,
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
    #[inline]
    pub fn prev_sibling(&self, id: NodeId) -> Option<NodeId> {
        let node = &self.nodes[id.index()];
        let parent = node.parent?;
        if self.nodes[parent.index()].first_child == Some(id) {
            None
        } else {
            node.prev_or_last
        }
    }

    /// The last child of `id`.
    #[inline]
    pub fn last_child(&self, id: NodeId) -> Option<NodeId> {
        let first = self.nodes[id.index()].first_child?;
        self.nodes[first.index()].prev_or_last
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
            .filter(|e| e.ns == crate::markup::Namespace::Html && e.tag == crate::Tag::Template)
            .and_then(|e| e.contents)
    }

    /// The shadow root of a shadow host (a [`NodeData::ShadowRoot`] node), if `id` is one. The
    /// shadow tree is not among the host's children or descendants, as in the DOM.
    pub fn shadow_root(&self, id: NodeId) -> Option<NodeId> {
        let e = self.element(id)?;
        if e.ns == crate::markup::Namespace::Html && e.tag == crate::Tag::Template {
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

    /// The transport layer's `Content-Language` the document was given, as given
    /// ([`ParseOptions::content_language`](crate::ParseOptions::content_language) or
    /// [`Document::set_content_language`]); `None` when none was.
    pub fn content_language(&self) -> Option<&str> {
        self.content_language.as_deref()
    }

    /// The language tag the transport layer gives the document's nodes (HTML 3.2.6.2, the
    /// final fallback of "the language of a node"): [`Self::content_language`] when it names
    /// exactly one language (its comma-separated items, trimmed of spaces and tabs, one not
    /// empty), else `None` (none given, or "the higher-level protocol reports multiple
    /// languages": the language is then unknown).
    pub fn transport_language(&self) -> Option<&str> {
        let mut tags = self
            .content_language
            .as_deref()?
            .split(',')
            .map(|t| t.trim_matches([' ', '\t']))
            .filter(|t| !t.is_empty());
        let tag = tags.next()?;
        tags.next().is_none().then_some(tag)
    }

    /// Sets the transport layer's `Content-Language` (the value of an HTTP header, as given;
    /// `None` for none): what [`ParseOptions::content_language`](crate::ParseOptions::content_language)
    /// sets at parse time, for a document parsed or built otherwise. `:lang()` reads it
    /// through [`Self::transport_language`].
    pub fn set_content_language(&mut self, value: Option<&str>) {
        self.content_language = value.map(Box::from);
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
        self.nodes.push(Node::new(data));
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
            next_sibling: None,
            prev_or_last: Some(last.unwrap_or(id)),
            data,
        });
        self.link_last(parent, last, id);
        id
    }

    /// Links `child`, whose own links are set, after `last`, the last child of `parent`: the
    /// first child's link to the last child now names `child`.
    #[inline(always)]
    fn link_last(&mut self, parent: NodeId, last: Option<NodeId>, child: NodeId) {
        match last {
            Some(l) => {
                self.nodes[l.index()].next_sibling = Some(child);
                let first = self.nodes[parent.index()].first_child;
                let first = first.expect("a parent with a last child has a first child");
                self.nodes[first.index()].prev_or_last = Some(child);
            }
            None => self.nodes[parent.index()].first_child = Some(child),
        }
    }

    /// Removes `id` from its parent (the public form is [`Document::detach`]).
    pub(super) fn unlink(&mut self, id: NodeId) {
        let Node {
            parent,
            next_sibling,
            prev_or_last,
            ..
        } = self.nodes[id.index()];
        let Some(parent) = parent else { return };
        let prev_or_last = prev_or_last.expect("a child has a previous or last sibling link");
        if self.nodes[parent.index()].first_child == Some(id) {
            // The first child: the next one becomes first and takes over the last-child link.
            self.nodes[parent.index()].first_child = next_sibling;
            if let Some(n) = next_sibling {
                self.nodes[n.index()].prev_or_last = Some(prev_or_last);
            }
        } else {
            self.nodes[prev_or_last.index()].next_sibling = next_sibling;
            match next_sibling {
                Some(n) => self.nodes[n.index()].prev_or_last = Some(prev_or_last),
                None => {
                    // The last child: the first child's link names the new last one.
                    let first = self.nodes[parent.index()].first_child;
                    let first = first.expect("a parent with children has a first child");
                    self.nodes[first.index()].prev_or_last = Some(prev_or_last);
                }
            }
        }
        let n = &mut self.nodes[id.index()];
        n.parent = None;
        n.prev_or_last = None;
        n.next_sibling = None;
    }

    #[inline]
    pub(super) fn insert_at(&mut self, parent: NodeId, before: Option<NodeId>, child: NodeId) {
        if self.nodes[child.index()].parent.is_some() {
            self.unlink(child);
        }
        let Some(before) = before else {
            let last = self.last_child(parent);
            let c = &mut self.nodes[child.index()];
            c.parent = Some(parent);
            c.prev_or_last = Some(last.unwrap_or(child));
            c.next_sibling = None;
            self.link_last(parent, last, child);
            return;
        };
        let prev_or_last = self.nodes[before.index()].prev_or_last;
        {
            let c = &mut self.nodes[child.index()];
            c.parent = Some(parent);
            c.prev_or_last = prev_or_last;
            c.next_sibling = Some(before);
        }
        if self.nodes[parent.index()].first_child == Some(before) {
            // `child` becomes the first child and takes over the last-child link.
            self.nodes[parent.index()].first_child = Some(child);
        } else {
            let prev = prev_or_last.expect("a child has a previous sibling link");
            self.nodes[prev.index()].next_sibling = Some(child);
        }
        self.nodes[before.index()].prev_or_last = Some(child);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The four links against a model of each parent's children, through random appends,
    /// insertions before a random child and removals of leaves among a few parents: every
    /// child's parent, siblings both ways, the last child (held by the first child's link),
    /// and nothing linked for a removed node.
    #[test]
    fn links_match_a_model_of_the_children() {
        let mut rng = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng
        };
        let mut doc = Document::with_capacity(2);
        let parents: Vec<NodeId> = (0..3)
            .map(|_| doc.push(NodeData::DocumentFragment))
            .collect();
        let leaves: Vec<NodeId> = (0..8).map(|_| doc.push(NodeData::Text("x"))).collect();
        let mut model: Vec<Vec<NodeId>> = vec![Vec::new(); parents.len()];
        for step in 0..20_000 {
            let leaf = leaves[(next() % leaves.len() as u64) as usize];
            for children in &mut model {
                children.retain(|&c| c != leaf);
            }
            let p = (next() % parents.len() as u64) as usize;
            match next() % 4 {
                0 => doc.unlink(leaf),
                1 => {
                    doc.insert_at(parents[p], None, leaf);
                    model[p].push(leaf);
                }
                _ => {
                    let at = (next() % (model[p].len() as u64 + 1)) as usize;
                    doc.insert_at(parents[p], model[p].get(at).copied(), leaf);
                    model[p].insert(at, leaf);
                }
            }
            for (p, children) in parents.iter().zip(&model) {
                let got: Vec<NodeId> = doc.children(*p).collect();
                assert_eq!(&got, children, "children of {p:?} at step {step}");
                assert_eq!(doc.last_child(*p), children.last().copied(), "step {step}");
                for (i, &c) in children.iter().enumerate() {
                    assert_eq!(doc.parent(c), Some(*p), "step {step}");
                    let prev = i.checked_sub(1).map(|j| children[j]);
                    assert_eq!(doc.prev_sibling(c), prev, "prev of {c:?} at step {step}");
                }
            }
            for &leaf in &leaves {
                if !model.iter().any(|c| c.contains(&leaf)) {
                    let n = doc.node(leaf);
                    assert!(
                        n.parent().is_none() && n.next_sibling().is_none(),
                        "step {step}"
                    );
                    assert_eq!(n.prev_or_last, None, "step {step}");
                    assert_eq!(doc.prev_sibling(leaf), None, "step {step}");
                }
            }
        }
    }

    /// `append_new` (the parser's append) keeps the same links as `insert_at` at the end.
    #[test]
    fn appending_new_nodes_links_them_last() {
        let mut doc = Document::new();
        let root = doc.root();
        let mut ids = Vec::new();
        for _ in 0..5 {
            let last = doc.last_child(root);
            ids.push(doc.append_new(root, last, NodeData::Text("t")));
            assert_eq!(doc.last_child(root), ids.last().copied());
        }
        assert_eq!(doc.children(root).collect::<Vec<_>>(), ids);
        assert_eq!(doc.prev_sibling(ids[0]), None);
        assert_eq!(doc.prev_sibling(ids[3]), Some(ids[2]));
        doc.unlink(ids[4]);
        assert_eq!(doc.last_child(root), Some(ids[3]));
        doc.unlink(ids[0]);
        assert_eq!(doc.first_child(root), Some(ids[1]));
        assert_eq!(doc.last_child(root), Some(ids[3]));
        assert_eq!(doc.prev_sibling(ids[1]), None);
    }
}
