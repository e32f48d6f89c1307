//! [`NodeRef`]: a node together with its document, the handle most code walks the tree with.
//!
//! A `NodeRef<'d, 'a>` is two words (`&'d Document<'a>` and a [`NodeId`]) and `Copy`: every
//! navigation method takes it by value and returns handles, so code reads like DOM code
//! (`node.parent()?.next_element_sibling()`), with no document to pass around. `'d` is the
//! borrow of the document, `'a` the lifetime of its strings (the input or the arena): names,
//! attribute values and text come back as `&'a str`, which outlive the handle.
//!
//! Template contents are not children of their `template` element, nor a shadow tree of its host
//! (DOM): [`NodeRef::children`] and [`NodeRef::descendants`] do not enter them;
//! [`NodeRef::template_contents`] and [`NodeRef::shadow_root`] do.

use std::fmt;

use crate::markup::{Attr, Namespace};

use super::{Document, ElementData, NodeData, NodeId};

/// A node of a [`Document`], with the document (see the module docs). Equal when they are the
/// same node of the same document.
#[derive(Clone, Copy)]
pub struct NodeRef<'d, 'a> {
    doc: &'d Document<'a>,
    id: NodeId,
}

impl PartialEq for NodeRef<'_, '_> {
    fn eq(&self, other: &Self) -> bool {
        self.id == other.id && std::ptr::eq(self.doc, other.doc)
    }
}

impl Eq for NodeRef<'_, '_> {}

impl std::hash::Hash for NodeRef<'_, '_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.id.hash(state);
    }
}

impl fmt::Debug for NodeRef<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.value() {
            NodeData::Element(e) => write!(f, "NodeRef({}, <{}>)", self.id.index(), e.name),
            NodeData::Text(t) => write!(f, "NodeRef({}, text {:?})", self.id.index(), t),
            other => write!(f, "NodeRef({}, {other:?})", self.id.index()),
        }
    }
}

impl<'a> Document<'a> {
    /// The handle of node `id`. Panics if `id` is not from this document.
    pub fn get(&self, id: NodeId) -> NodeRef<'_, 'a> {
        assert!(
            id.index() < self.len(),
            "node {id:?} is not in this document"
        );
        NodeRef { doc: self, id }
    }

    /// The Document node's handle (the root of the tree; [`Document::root`] is its id).
    pub fn document_node(&self) -> NodeRef<'_, 'a> {
        self.get(NodeId::DOCUMENT)
    }

    /// The document element (DOM `document.documentElement`): the Document node's element
    /// child, normally `html`. `None` for an empty document or a fragment without elements
    /// (a fragment's first top-level element otherwise).
    pub fn html(&self) -> Option<NodeRef<'_, 'a>> {
        self.document_node().first_element_child()
    }

    /// The `head` element (DOM `document.head`): the document element's first HTML `head`
    /// child.
    pub fn head(&self) -> Option<NodeRef<'_, 'a>> {
        self.html()?
            .element_children()
            .find(|c| c.is_html_element("head"))
    }

    /// The body element (DOM `document.body`): the document element's first HTML `body` or
    /// `frameset` child.
    pub fn body(&self) -> Option<NodeRef<'_, 'a>> {
        self.html()?
            .element_children()
            .find(|c| c.is_html_element("body") || c.is_html_element("frameset"))
    }
}

impl<'d, 'a> NodeRef<'d, 'a> {
    fn at(self, id: Option<NodeId>) -> Option<Self> {
        id.map(|id| NodeRef { doc: self.doc, id })
    }

    /// The node's id in its document.
    pub fn node_id(self) -> NodeId {
        self.id
    }

    /// The document the node belongs to.
    pub fn document(self) -> &'d Document<'a> {
        self.doc
    }

    /// What the node is: its underlying data.
    pub fn value(self) -> &'d NodeData<'a> {
        self.doc.data(self.id)
    }

    /// Where the node came from in [`Document::source`] ([`Document::span`]: start and end
    /// tag, attributes, or the whole token, as half-open byte ranges; all `None` unless the
    /// document was parsed with [`ParseOptions::spans`](crate::ParseOptions::spans)).
    pub fn span(self) -> super::NodeSpan {
        self.doc.span(self.id)
    }

    /// The element data, if the node is an element.
    pub fn as_element(self) -> Option<&'d ElementData<'a>> {
        self.doc.element(self.id)
    }

    /// The data of a Text node.
    pub fn as_text(self) -> Option<&'a str> {
        match *self.value() {
            NodeData::Text(t) => Some(t),
            _ => None,
        }
    }

    /// The data of a Comment node.
    pub fn as_comment(self) -> Option<&'a str> {
        match *self.value() {
            NodeData::Comment(t) => Some(t),
            _ => None,
        }
    }

    /// Whether the node is an element.
    pub fn is_element(self) -> bool {
        self.as_element().is_some()
    }

    /// Whether the node is a Text node.
    pub fn is_text(self) -> bool {
        self.as_text().is_some()
    }

    /// Whether the node is an HTML element with local name `name` (ASCII lower case, as the
    /// parser stores HTML names).
    pub fn is_html_element(self, name: &str) -> bool {
        self.as_element()
            .is_some_and(|e| e.ns == Namespace::Html && e.name() == name)
    }

    /// Whether the node is an HTML element of tag `tag` (not [`Tag::Other`](crate::Tag::Other):
    /// [`is_html_element`](Self::is_html_element) asks by name).
    pub(crate) fn is_html(self, tag: crate::Tag) -> bool {
        self.as_element()
            .is_some_and(|e| e.ns == Namespace::Html && e.tag == tag)
    }

    /// The parent node (an element, the Document, or a DocumentFragment). `None` for the
    /// Document node, a detached node and a template's contents fragment.
    pub fn parent(self) -> Option<Self> {
        self.at(self.doc.parent(self.id))
    }

    /// The parent if it is an element (DOM `parentElement`).
    pub fn parent_element(self) -> Option<Self> {
        self.parent().filter(|p| p.is_element())
    }

    /// The first child.
    pub fn first_child(self) -> Option<Self> {
        self.at(self.doc.first_child(self.id))
    }

    /// The last child.
    pub fn last_child(self) -> Option<Self> {
        self.at(self.doc.last_child(self.id))
    }

    /// The next sibling.
    pub fn next_sibling(self) -> Option<Self> {
        self.at(self.doc.next_sibling(self.id))
    }

    /// The previous sibling.
    pub fn prev_sibling(self) -> Option<Self> {
        self.at(self.doc.prev_sibling(self.id))
    }

    /// The first child that is an element (skips text, comments, ...).
    pub fn first_element_child(self) -> Option<Self> {
        let first = self.first_child()?;
        if first.is_element() {
            Some(first)
        } else {
            first.next_element_sibling()
        }
    }

    /// The last child that is an element.
    pub fn last_element_child(self) -> Option<Self> {
        let last = self.last_child()?;
        if last.is_element() {
            Some(last)
        } else {
            last.prev_element_sibling()
        }
    }

    /// The next sibling that is an element.
    pub fn next_element_sibling(self) -> Option<Self> {
        let mut n = self.next_sibling();
        while let Some(s) = n {
            if s.is_element() {
                return Some(s);
            }
            n = s.next_sibling();
        }
        None
    }

    /// The previous sibling that is an element.
    pub fn prev_element_sibling(self) -> Option<Self> {
        let mut n = self.prev_sibling();
        while let Some(s) = n {
            if s.is_element() {
                return Some(s);
            }
            n = s.prev_sibling();
        }
        None
    }

    /// The children, in order.
    pub fn children(self) -> Children<'d, 'a> {
        Children {
            next: self.first_child(),
        }
    }

    /// The children that are elements, in order.
    pub fn element_children(self) -> ElementChildren<'d, 'a> {
        ElementChildren {
            next: self.first_element_child(),
        }
    }

    /// The ancestors, from the parent up to the root of the node's tree (not the node itself).
    pub fn ancestors(self) -> Ancestors<'d, 'a> {
        Ancestors {
            next: self.parent(),
        }
    }

    /// The descendants in tree order, not the node itself, not entering template contents.
    pub fn descendants(self) -> Descendants<'d, 'a> {
        Descendants {
            root: self,
            next: self.first_child(),
        }
    }

    /// The contents (a DocumentFragment) of an HTML `template` element.
    pub fn template_contents(self) -> Option<Self> {
        self.at(self.doc.template_contents(self.id))
    }

    /// The shadow root ([`NodeData::ShadowRoot`]) of a shadow host: the parser attaches one for
    /// a declarative shadow root (`<template shadowrootmode=open>` as the host's child). Its
    /// children are the shadow tree; they are not the host's children or descendants.
    pub fn shadow_root(self) -> Option<Self> {
        self.at(self.doc.shadow_root(self.id))
    }

    /// An element's local name (`div`, `foreignObject`); `None` for other nodes.
    pub fn name(self) -> Option<&'a str> {
        self.as_element().map(|e| e.name())
    }

    /// An element's namespace; `None` for other nodes.
    pub fn namespace(self) -> Option<Namespace> {
        self.as_element().map(|e| e.ns)
    }

    /// The value of the element's attribute `name` in no namespace (`xlink:href` is not
    /// `href`); `None` when it has none or the node is not an element. HTML attribute names
    /// are ASCII lower case.
    pub fn attr(self, name: &str) -> Option<&'a str> {
        self.as_element().and_then(|e| e.attr(name))
    }

    /// The element's attributes in the order the parser added them (empty for other nodes).
    pub fn attrs(self) -> &'a [Attr<'a>] {
        self.as_element().map_or(&[], |e| e.attrs)
    }

    /// The element's `id` attribute.
    pub fn id(self) -> Option<&'a str> {
        self.attr("id")
    }

    /// The element's classes: its `class` attribute split on ASCII white space (empty pieces
    /// left out, duplicates kept), as DOM `classList` reads it.
    pub fn classes(self) -> Classes<'a> {
        Classes {
            rest: self.attr("class").unwrap_or(""),
        }
    }

    /// Whether `class` is one of the element's [`classes`](Self::classes) (case-sensitively).
    pub fn has_class(self, class: &str) -> bool {
        self.classes().any(|c| c == class)
    }

    /// DOM `textContent`: the data of every Text descendant, concatenated (the node's own for a
    /// Text node), template contents left out.
    pub fn text_content(self) -> String {
        self.doc.text_content(self.id)
    }
}

/// The children of a node ([`NodeRef::children`]).
#[derive(Clone)]
pub struct Children<'d, 'a> {
    next: Option<NodeRef<'d, 'a>>,
}

impl<'d, 'a> Iterator for Children<'d, 'a> {
    type Item = NodeRef<'d, 'a>;
    fn next(&mut self) -> Option<Self::Item> {
        let n = self.next?;
        self.next = n.next_sibling();
        Some(n)
    }
}

/// The element children of a node ([`NodeRef::element_children`]).
#[derive(Clone)]
pub struct ElementChildren<'d, 'a> {
    next: Option<NodeRef<'d, 'a>>,
}

impl<'d, 'a> Iterator for ElementChildren<'d, 'a> {
    type Item = NodeRef<'d, 'a>;
    fn next(&mut self) -> Option<Self::Item> {
        let n = self.next?;
        self.next = n.next_element_sibling();
        Some(n)
    }
}

/// The ancestors of a node ([`NodeRef::ancestors`]).
#[derive(Clone)]
pub struct Ancestors<'d, 'a> {
    next: Option<NodeRef<'d, 'a>>,
}

impl<'d, 'a> Iterator for Ancestors<'d, 'a> {
    type Item = NodeRef<'d, 'a>;
    fn next(&mut self) -> Option<Self::Item> {
        let n = self.next?;
        self.next = n.parent();
        Some(n)
    }
}

/// The descendants of a node in tree order ([`NodeRef::descendants`]); iterative.
#[derive(Clone)]
pub struct Descendants<'d, 'a> {
    root: NodeRef<'d, 'a>,
    next: Option<NodeRef<'d, 'a>>,
}

impl<'d, 'a> Iterator for Descendants<'d, 'a> {
    type Item = NodeRef<'d, 'a>;
    fn next(&mut self) -> Option<Self::Item> {
        let n = self.next?;
        self.next = n.first_child().or_else(|| {
            let mut cur = n;
            loop {
                if cur == self.root {
                    return None;
                }
                if let Some(s) = cur.next_sibling() {
                    return Some(s);
                }
                match cur.parent() {
                    Some(p) if p != self.root => cur = p,
                    _ => return None,
                }
            }
        });
        Some(n)
    }
}

/// An element's classes ([`NodeRef::classes`]).
#[derive(Clone)]
pub struct Classes<'a> {
    rest: &'a str,
}

impl<'a> Iterator for Classes<'a> {
    type Item = &'a str;
    fn next(&mut self) -> Option<&'a str> {
        let bytes = self.rest.as_bytes();
        let start = bytes.iter().position(|b| !b.is_ascii_whitespace())?;
        let len = bytes[start..]
            .iter()
            .position(u8::is_ascii_whitespace)
            .unwrap_or(bytes.len() - start);
        let class = &self.rest[start..start + len];
        self.rest = &self.rest[start + len..];
        Some(class)
    }
}
