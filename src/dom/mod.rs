//! The default tree: an arena [`Document`] whose nodes live in one `Vec` and are addressed by
//! [`NodeId`]s, and [`ArenaSink`], the [`TreeSink`](crate::tree_builder::TreeSink) that builds it.
//!
//! - this file: the node types ([`NodeId`], [`Node`], [`NodeData`], ...);
//! - `document.rs`: [`Document`], its read API by [`NodeId`] and its iterators;
//! - [`node_ref`]: [`NodeRef`], a node with its document: the handle for walking the tree;
//! - `mutate.rs`: changing the tree after parsing ([`Document::append_child`],
//!   [`Document::set_attr`], ... and [`MutationError`]);
//! - `sink.rs`: [`ArenaSink`], the tree builder's sink;
//! - `span.rs`: the side table of source spans (`ParseOptions::spans`) the sink fills; the
//!   span types it gives out, [`NodeSpan`] and [`AttrSpan`], are [`crate::markup`]'s.
//!
//! Strings borrow the input (or the caller's arena) for `'a`: element names, attribute values,
//! comment data and text are slices of the input whenever the parser did not change them. A
//! Text node that receives several character runs keeps borrowing the input while the runs are
//! adjacent in it; otherwise its data is gathered in one growable buffer (one node at a time:
//! text only ever grows at the insertion point) and copied into the
//! arena once, when parsing ends (so appending stays linear).

use std::num::NonZeroU32;

use crate::markup::{Attr, Namespace};
use crate::tokenizer::ErrorCode;

mod document;
mod mutate;
pub mod node_ref;
mod sink;
mod span;

/// Re-exported from [`crate::markup`], where they moved, so that the old paths keep working.
pub use crate::markup::{AttrSpan, NodeSpan};
pub use crate::markup::{ShadowRootData, ShadowRootMode};
pub use document::{Children, Descendants, Document};
pub use mutate::MutationError;
pub use node_ref::NodeRef;
pub use sink::ArenaSink;

/// A node of a [`Document`]: an index into its node table ([`NodeId::index`]; index 0 is the
/// Document node). Four bytes, and `Option<NodeId>` is four bytes too.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(NonZeroU32);

impl NodeId {
    /// The Document node.
    pub const DOCUMENT: NodeId = NodeId(NonZeroU32::MIN);

    /// The node with table index `index`.
    #[inline]
    pub(crate) fn from_index(index: usize) -> NodeId {
        let raw = u32::try_from(index + 1).expect("fewer than 2^32 - 1 nodes");
        NodeId(NonZeroU32::new(raw).expect("index + 1 is not zero"))
    }

    /// The node's index in its document's node table (`0..Document::len()`), in creation order.
    #[inline]
    pub fn index(self) -> usize {
        (self.0.get() - 1) as usize
    }
}

/// An element's data: 24 bytes, so that a [`Node`] is 40. The name and the attributes are
/// read through [`name`](Self::name) and [`attrs`](Self::attrs) (each one reference away: the
/// name of a known tag is a static string, another name and a non-empty attribute list sit in
/// the document's arena).
#[derive(Clone, Copy)]
pub struct ElementData<'a> {
    /// The namespace.
    pub ns: Namespace,
    /// The local name as a known tag ([`Tag::Other`](crate::Tag::Other) for another name;
    /// `title` is [`Tag::Title`](crate::Tag::Title) in HTML and SVG alike: pair it with
    /// `ns`). Always `Tag::from_name` of the ASCII-lower-cased name.
    pub tag: crate::Tag,
    /// The node's contents outside its children: an HTML `template` element's template
    /// contents (a DocumentFragment, or the [`NodeData::ShadowRoot`] of a declarative shadow
    /// root's template), or a shadow host's shadow root. Read it through
    /// [`Document::template_contents`] and [`Document::shadow_root`].
    pub contents: Option<NodeId>,
    name: &'a &'a str,
    attrs: &'a &'a [Attr<'a>],
}

/// `a == b` for the short strings tag names are, without a call to `memcmp`.
#[inline]
fn same_name(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).all(|(x, y)| x == y)
}

/// The attribute list of an element without attributes.
static NO_ATTRS: &[Attr<'static>] = &[];

impl<'a> ElementData<'a> {
    /// An element named `name` (its tag is `Tag::from_name` of the ASCII-lower-cased name)
    /// with `attrs`, no contents. What the two references point to goes into `arena` unless
    /// it is static: nothing for a known tag's own name (the name is compared with it: a
    /// fragment's context, an SVG element's adjusted name or a third party's sink call may
    /// spell it otherwise) and for no attributes, 16 bytes each otherwise.
    #[inline(always)]
    pub(crate) fn new(
        arena: &'a bumpalo::Bump,
        (ns, tag, name): (Namespace, crate::Tag, &'a str),
        attrs: &'a [Attr<'a>],
    ) -> ElementData<'a> {
        let name = match tag.static_name() {
            Some(known) if same_name(known, name) => known,
            _ => &*arena.alloc(name),
        };
        ElementData {
            ns,
            tag,
            contents: None,
            name,
            attrs: ElementData::attr_list(arena, attrs),
        }
    }

    /// `attrs` as the element keeps them.
    #[inline(always)]
    fn attr_list(arena: &'a bumpalo::Bump, attrs: &'a [Attr<'a>]) -> &'a &'a [Attr<'a>] {
        if attrs.is_empty() {
            &NO_ATTRS
        } else {
            &*arena.alloc(attrs)
        }
    }

    /// The local name (`div`, `foreignObject`), a string of the input or the arena for `'a`.
    #[inline]
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// The attributes, in the order the parser (or a mutation) added them.
    #[inline]
    pub fn attrs(&self) -> &'a [Attr<'a>] {
        self.attrs
    }

    /// Replaces the attribute list (the mutation API; the list lives for `'a`).
    pub(crate) fn set_attrs(&mut self, arena: &'a bumpalo::Bump, attrs: &'a [Attr<'a>]) {
        self.attrs = ElementData::attr_list(arena, attrs);
    }

    /// The value of the attribute with no namespace named `name`.
    pub fn attr(&self, name: &str) -> Option<&'a str> {
        self.attrs()
            .iter()
            .find(|a| a.is_named(name))
            .map(|a| a.value)
    }
}

impl std::fmt::Debug for ElementData<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ElementData")
            .field("ns", &self.ns)
            .field("tag", &self.tag)
            .field("name", &self.name())
            .field("attrs", &self.attrs())
            .field("contents", &self.contents)
            .finish()
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
    /// A shadow root (DOM Standard 4.8), attached by the parser for a declarative shadow root
    /// (`<template shadowrootmode>`, HTML Standard 13.2.6.4.4): its children are the shadow tree.
    /// Its host is the element whose [`Document::shadow_root`] it is; it has no parent.
    ShadowRoot(ShadowRootData),
    /// A DocumentType node (its strings live in the arena with the rest).
    Doctype(&'a DoctypeData<'a>),
    /// An element.
    Element(ElementData<'a>),
    /// A Text node.
    Text(&'a str),
    /// A Comment node.
    Comment(&'a str),
    /// A ProcessingInstruction node (its strings live in the arena with the rest).
    ProcessingInstruction(&'a ProcessingInstructionData<'a>),
}

/// A ProcessingInstruction node's data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProcessingInstructionData<'a> {
    /// The target.
    pub target: &'a str,
    /// The data.
    pub data: &'a str,
}

/// One node: its data and its links. 40 bytes on 64-bit targets: 16 of links, 24 of data.
///
/// A node holds four links, not five: the previous-sibling link of a parent's first child
/// holds the parent's last child instead (itself when it is the only child), so that appending
/// finds the last child without a link of its own. Read the links through [`Document`]
/// ([`Document::prev_sibling`], [`Document::last_child`], ...) or the three direct ones here.
#[derive(Debug, Clone, Copy)]
pub struct Node<'a> {
    parent: Option<NodeId>,
    first_child: Option<NodeId>,
    next_sibling: Option<NodeId>,
    /// The previous sibling; for the first child, its parent's last child; `None` without a
    /// parent.
    prev_or_last: Option<NodeId>,
    /// What the node is.
    pub data: NodeData<'a>,
}

impl<'a> Node<'a> {
    /// A node with `data` and no links.
    fn new(data: NodeData<'a>) -> Self {
        Node {
            parent: None,
            first_child: None,
            next_sibling: None,
            prev_or_last: None,
            data,
        }
    }

    /// The parent, if any.
    #[inline]
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The first child, if any.
    #[inline]
    pub fn first_child(&self) -> Option<NodeId> {
        self.first_child
    }

    /// The next sibling, if any.
    #[inline]
    pub fn next_sibling(&self) -> Option<NodeId> {
        self.next_sibling
    }
}

/// Where a parse error came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ParseErrorKind {
    /// A tokenizer error with the spec's code (13.2.2).
    Tokenizer(ErrorCode),
    /// A tree construction error; the spec gives these no codes, so the type names the
    /// situation (its `Display` is the description these errors had as strings).
    TreeConstruction(crate::tree_builder::TreeConstructionError),
}

/// A parse error of a document parse, with the byte offset in the input where it was raised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DocumentParseError {
    /// What went wrong.
    pub kind: ParseErrorKind,
    /// Byte offset in the input.
    pub offset: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Node records are what a parse allocates most of, and the heap figures of
    /// `docs/performance.md` count on their size: 16 bytes of links and 24 of data (on a
    /// 64-bit target).
    #[test]
    #[cfg(target_pointer_width = "64")]
    fn a_node_is_40_bytes() {
        assert_eq!(std::mem::size_of::<Option<NodeId>>(), 4);
        assert_eq!(std::mem::size_of::<ElementData<'_>>(), 24);
        assert_eq!(std::mem::size_of::<NodeData<'_>>(), 24);
        assert_eq!(std::mem::size_of::<Node<'_>>(), 40);
    }

    /// A known tag's name is the static one; another name, and attributes, are the arena's.
    #[test]
    fn element_names_and_attributes_read_back() {
        let arena = bumpalo::Bump::new();
        let attrs = [Attr {
            name: "id",
            value: "x",
        }];
        let div = ElementData::new(&arena, (Namespace::Html, crate::Tag::Div, "div"), &attrs);
        assert_eq!(
            (div.name(), div.attrs().len(), div.attr("id")),
            ("div", 1, Some("x"))
        );
        assert!(std::ptr::eq(
            div.name,
            crate::Tag::Div.static_name().unwrap()
        ));
        let svg = ElementData::new(
            &arena,
            (Namespace::Svg, crate::Tag::ForeignObject, "foreignObject"),
            &[],
        );
        assert_eq!((svg.name(), svg.attrs().len()), ("foreignObject", 0));
        let custom = ElementData::new(&arena, (Namespace::Html, crate::Tag::Other, "my-el"), &[]);
        assert_eq!(custom.name(), "my-el");
    }
}
