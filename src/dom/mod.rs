//! The default tree: an arena [`Document`] whose nodes live in one `Vec` and are addressed by
//! [`NodeId`]s, and [`ArenaSink`], the [`TreeSink`] that builds it.
//!
//! Strings borrow the input (or the caller's arena) for `'a`: element names, attribute values,
//! comment data and text are slices of the input whenever the parser did not change them. A
//! Text node that receives several character runs keeps borrowing the input while the runs are
//! adjacent in it; otherwise its data is gathered in one growable buffer (one node at a time:
//! text only ever grows at the insertion point) and copied into the
//! arena once, when parsing ends (so appending stays linear).

use std::num::NonZeroU32;

use bumpalo::Bump;

use crate::input::{Confidence, Encoding, EncodingSource};
use crate::tokenizer::ErrorCode;
use crate::tree_builder::{Attr, InsertionPoint, Namespace, QuirksMode, TreeSink};

/// A node of a [`Document`]: an index into its node table ([`NodeId::index`]; index 0 is the
/// Document node). Four bytes, and `Option<NodeId>` is four bytes too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(NonZeroU32);

impl NodeId {
    /// The Document node.
    pub const DOCUMENT: NodeId = NodeId(NonZeroU32::MIN);

    /// The node with table index `index`.
    #[inline]
    fn from_index(index: usize) -> NodeId {
        let raw = u32::try_from(index + 1).expect("fewer than 2^32 - 1 nodes");
        NodeId(NonZeroU32::new(raw).expect("index + 1 is not zero"))
    }

    /// The node's index in its document's node table (`0..Document::len()`), in creation order.
    #[inline]
    pub fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }
}

/// An element's data.
#[derive(Debug, Clone, Copy)]
pub struct ElementData<'a> {
    /// The namespace.
    pub ns: Namespace,
    /// The local name (`div`, `foreignObject`).
    pub name: &'a str,
    /// The attributes, in the order the parser added them.
    pub attrs: &'a [Attr<'a>],
    /// The template contents (a DocumentFragment node) of an HTML `template` element.
    pub template_contents: Option<NodeId>,
}

impl<'a> ElementData<'a> {
    /// The value of the attribute with no namespace named `name`.
    pub fn attr(&self, name: &str) -> Option<&'a str> {
        self.attrs
            .iter()
            .find(|a| a.ns == crate::tree_builder::AttrNamespace::None && a.name == name)
            .map(|a| a.value)
    }
}

/// A DocumentType node's data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DoctypeData<'a> {
    /// The name.
    pub name: &'a str,
    /// The public identifier ("" when missing).
    pub public_id: &'a str,
    /// The system identifier ("" when missing).
    pub system_id: &'a str,
}

/// What a node is.
#[derive(Debug, Clone, Copy)]
pub enum NodeData<'a> {
    /// The Document.
    Document,
    /// A DocumentFragment (template contents, or the result of a fragment parse before it is
    /// moved into the Document).
    DocumentFragment,
    /// A DocumentType node (its strings live in the arena with the rest).
    Doctype(&'a DoctypeData<'a>),
    /// An element.
    Element(ElementData<'a>),
    /// A Text node.
    Text(&'a str),
    /// A Comment node.
    Comment(&'a str),
    /// A ProcessingInstruction node.
    ProcessingInstruction {
        /// The target.
        target: &'a str,
        /// The data.
        data: &'a str,
    },
}

/// One node: its data and its links.
#[derive(Debug, Clone, Copy)]
pub struct Node<'a> {
    /// The parent, if any.
    pub parent: Option<NodeId>,
    /// The first child, if any.
    pub first_child: Option<NodeId>,
    /// The last child, if any.
    pub last_child: Option<NodeId>,
    /// The previous sibling, if any.
    pub prev_sibling: Option<NodeId>,
    /// The next sibling, if any.
    pub next_sibling: Option<NodeId>,
    /// What the node is.
    pub data: NodeData<'a>,
}

/// Where a parse error came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// A tokenizer error with the spec's code (13.2.2).
    Tokenizer(ErrorCode),
    /// A tree construction error; the spec gives these no codes, so this is a description.
    TreeConstruction(&'static str),
}

/// A parse error of a document parse, with the byte offset in the input where it was raised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DocumentParseError {
    /// What went wrong.
    pub kind: ParseErrorKind,
    /// Byte offset in the input.
    pub offset: usize,
}

/// A parsed document (or fragment: then the Document node's children are the fragment's nodes).
///
/// `Send` and `Sync`: it holds only node records and `&'a str` slices.
#[derive(Debug, Clone)]
pub struct Document<'a> {
    nodes: Vec<Node<'a>>,
    quirks_mode: QuirksMode,
    errors: Vec<DocumentParseError>,
    encoding: &'static Encoding,
    encoding_source: Option<EncodingSource>,
    confidence: Confidence,
    truncated: bool,
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
        self.element(id).and_then(|e| e.template_contents)
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

    fn push(&mut self, data: NodeData<'a>) -> NodeId {
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
    #[inline]
    fn append_new(&mut self, parent: NodeId, last: Option<NodeId>, data: NodeData<'a>) -> NodeId {
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

    /// Removes `id` from its parent.
    pub(crate) fn detach_node(&mut self, id: NodeId) {
        self.detach(id);
    }

    fn detach(&mut self, id: NodeId) {
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
    fn insert_at(&mut self, parent: NodeId, before: Option<NodeId>, child: NodeId) {
        if self.nodes[child.index()].parent.is_some() {
            self.detach(child);
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

/// The [`TreeSink`] that builds a [`Document`]. Attribute lists and gathered text go into the
/// arena; call [`ArenaSink::finish`] to get the document.
pub struct ArenaSink<'a> {
    arena: &'a Bump,
    input: &'a str,
    doc: Document<'a>,
    /// The Text node whose data is no longer one slice, and its data so far. When another node
    /// needs gathering, this one's data goes into the arena.
    gathering: Option<NodeId>,
    /// The gathered data of `gathering` (kept between nodes, so that its allocation is reused).
    gathered: String,
    collect_errors: bool,
    errors: Vec<DocumentParseError>,
}

impl<'a> ArenaSink<'a> {
    /// The number of nodes created so far, the Document node included.
    pub fn node_count(&self) -> usize {
        self.doc.len()
    }

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
        ArenaSink {
            arena,
            input,
            doc: Document::with_capacity(nodes),
            gathering: None,
            gathered: String::new(),
            collect_errors,
            errors: Vec::new(),
        }
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

    /// Moves the gathered text of the node being gathered into the arena.
    fn flush_gathering(&mut self) {
        if let Some(id) = self.gathering.take() {
            self.doc.nodes[id.index()].data = NodeData::Text(self.arena.alloc_str(&self.gathered));
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

impl<'a> TreeSink<'a> for ArenaSink<'a> {
    type Handle = NodeId;

    fn document(&self) -> NodeId {
        NodeId::DOCUMENT
    }

    fn create_element(&mut self, ns: Namespace, name: &'a str, attrs: &[Attr<'a>]) -> NodeId {
        let attrs: &'a [Attr<'a>] = if attrs.is_empty() {
            &[]
        } else {
            self.arena.alloc_slice_copy(attrs)
        };
        let template_contents = if ns == Namespace::Html && name == "template" {
            Some(self.doc.push(NodeData::DocumentFragment))
        } else {
            None
        };
        self.doc.push(NodeData::Element(ElementData {
            ns,
            name,
            attrs,
            template_contents,
        }))
    }

    fn create_comment(&mut self, data: &'a str) -> NodeId {
        self.doc.push(NodeData::Comment(data))
    }

    fn create_processing_instruction(&mut self, target: &'a str, data: &'a str) -> NodeId {
        self.doc
            .push(NodeData::ProcessingInstruction { target, data })
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
        self.doc.insert_at(NodeId::DOCUMENT, None, id);
    }

    fn insert(&mut self, at: InsertionPoint<NodeId>, child: NodeId) {
        self.doc.insert_at(at.parent, at.before, child);
    }

    fn insert_text(&mut self, at: InsertionPoint<NodeId>, text: &'a str) {
        let prev = match at.before {
            Some(b) => self.doc.prev_sibling(b),
            None => self.doc.node(at.parent).last_child,
        };
        if let Some(p) = prev
            && matches!(self.doc.data(p), NodeData::Text(_))
        {
            self.append_text(p, text);
            return;
        }
        if at.before.is_none() {
            self.doc.append_new(at.parent, prev, NodeData::Text(text));
            return;
        }
        let id = self.doc.push(NodeData::Text(text));
        self.doc.insert_at(at.parent, at.before, id);
    }

    fn remove_from_parent(&mut self, node: NodeId) {
        self.doc.detach(node);
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
                    e.template_contents = Some(c);
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
            if !all.iter().any(|b| b.name == a.name && b.ns == a.ns) {
                all.push(*a);
            }
        }
        if all.len() != before {
            let slice = self.arena.alloc_slice_copy(&all);
            if let NodeData::Element(e) = &mut self.doc.nodes[element.index()].data {
                e.attrs = slice;
            }
        }
    }

    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.doc.quirks_mode = mode;
    }

    fn parse_error(&mut self, message: &'static str, offset: usize) {
        if self.collect_errors {
            self.errors.push(DocumentParseError {
                kind: ParseErrorKind::TreeConstruction(message),
                offset,
            });
        }
    }

    fn children(&self, node: NodeId) -> Vec<NodeId> {
        self.doc.children(node).collect()
    }

    fn clone_shallow(&mut self, node: NodeId) -> NodeId {
        let data = match self.doc.data(node) {
            NodeData::Element(e) => {
                let e = *e;
                return self.create_element(e.ns, e.name, e.attrs);
            }
            NodeData::Text(t) => match self.gathering {
                Some(g) if g == node => NodeData::Text(self.arena.alloc_str(&self.gathered)),
                _ => NodeData::Text(t),
            },
            d => *d,
        };
        self.doc.push(data)
    }

    fn is_element_named(&self, node: NodeId, ns: Namespace, name: &str) -> bool {
        self.doc
            .element(node)
            .is_some_and(|e| e.ns == ns && e.name == name)
    }

    fn element_attr(&self, node: NodeId, name: &str) -> Option<&'a str> {
        self.doc.attr(node, name)
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

#[cfg(all(test, target_pointer_width = "64"))]
mod size_tests {
    /// Node records are what a parse allocates most of: keep them at one cache line.
    #[test]
    fn node_record_is_64_bytes() {
        assert_eq!(std::mem::size_of::<super::Node<'_>>(), 64);
        assert_eq!(std::mem::size_of::<Option<super::NodeId>>(), 4);
    }
}
