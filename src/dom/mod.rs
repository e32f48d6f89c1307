//! The default tree: an arena [`Document`] whose nodes live in one `Vec` and are addressed by
//! [`NodeId`]s, and [`ArenaSink`], the [`TreeSink`](crate::tree_builder::TreeSink) that builds it.
//!
//! - this file: the node types ([`NodeId`], [`Node`], [`NodeData`], ...);
//! - `document.rs`: [`Document`], its read API by [`NodeId`] and its iterators;
//! - [`node_ref`]: [`NodeRef`], a node with its document: the handle for walking the tree;
//! - `mutate.rs`: changing the tree after parsing ([`Document::append_child`],
//!   [`Document::set_attr`], ... and [`MutationError`]);
//! - `sink.rs`: [`ArenaSink`], the tree builder's sink;
//! - `span.rs`: source spans ([`NodeSpan`], [`AttrSpan`]; `ParseOptions::spans`), the side
//!   table the sink fills.
//!
//! Strings borrow the input (or the caller's arena) for `'a`: element names, attribute values,
//! comment data and text are slices of the input whenever the parser did not change them. A
//! Text node that receives several character runs keeps borrowing the input while the runs are
//! adjacent in it; otherwise its data is gathered in one growable buffer (one node at a time:
//! text only ever grows at the insertion point) and copied into the
//! arena once, when parsing ends (so appending stays linear).

use std::num::NonZeroU32;

use crate::tokenizer::ErrorCode;
use crate::tree_builder::{Attr, Namespace};

mod document;
mod mutate;
pub mod node_ref;
mod sink;
mod span;

pub use crate::tree_builder::{ShadowRootData, ShadowRootMode};
pub use document::{Children, Descendants, Document};
pub use mutate::MutationError;
pub use node_ref::NodeRef;
pub use sink::ArenaSink;
pub use span::{AttrSpan, NodeSpan};

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

/// An element's data.
#[derive(Debug, Clone, Copy)]
pub struct ElementData<'a> {
    /// The namespace.
    pub ns: Namespace,
    /// The local name as a known tag ([`Tag::Other`](crate::Tag::Other) for a name no tree
    /// construction rule mentions; `title` is [`Tag::Title`](crate::Tag::Title) in HTML and SVG
    /// alike: pair it with `ns`). Always `Tag::from_name` of the ASCII-lower-cased `name`.
    pub tag: crate::Tag,
    /// The local name (`div`, `foreignObject`).
    pub name: &'a str,
    /// The attributes, in the order the parser added them.
    pub attrs: &'a [Attr<'a>],
    /// The node's contents outside its children: an HTML `template` element's template
    /// contents (a DocumentFragment, or the [`NodeData::ShadowRoot`] of a declarative shadow
    /// root's template), or a shadow host's shadow root. Read it through
    /// [`Document::template_contents`] and [`Document::shadow_root`].
    pub contents: Option<NodeId>,
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

#[cfg(all(test, target_pointer_width = "64"))]
mod size_tests {
    /// Node records are what a parse allocates most of: keep them at one cache line.
    #[test]
    fn node_record_is_64_bytes() {
        assert_eq!(std::mem::size_of::<super::Node<'_>>(), 64);
        assert_eq!(std::mem::size_of::<Option<super::NodeId>>(), 4);
    }
}
