//! Changing a [`Document`] after parsing: create nodes, insert and detach them, set and remove
//! attributes, replace text (the DOM Standard's node tree operations, in the shapes users need
//! to strip boilerplate, sanitise or rewrite links before serialising or extracting).
//!
//! New strings are copied into the arena the document's strings live in (`&'a Arena`, the one
//! given to the parser), so they live as long as the parsed ones. Every change is seen at once
//! by everything that reads the tree: the handles, selectors, the serialiser, extraction.
//! Detached nodes stay in the node table (ids stay valid) and can be inserted again.
//!
//! Insertion checks the DOM's "ensure pre-insertion validity" rules that keep the tree a tree:
//! a node cannot go into itself or its descendants (template contents count as inside their
//! `template`, a shadow tree as inside its host), only elements, fragments, shadow roots and the
//! Document take children, the Document node and shadow roots are never children, a doctype goes only into the Document and text never directly into it.
//! Inserting a DocumentFragment inserts its children, as in the DOM.

use std::fmt;

use crate::Arena;
use crate::markup::{Attr, Namespace};

use super::{Document, ElementData, NodeData, NodeId, ProcessingInstructionData};

/// Why a change was refused (the DOM's `HierarchyRequestError` / `NotFoundError` cases).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MutationError {
    /// The parent is a node that has no children (Text, Comment, DocumentType,
    /// ProcessingInstruction).
    ParentCannotHaveChildren,
    /// The node is the parent itself or one of its ancestors: the tree would become a cycle.
    WouldCreateCycle,
    /// The node cannot be a child of this parent: the Document node anywhere, a doctype outside
    /// the Document, text directly in the Document.
    InvalidChild,
    /// The reference node given to insert before is not a child of the parent.
    ReferenceNotChild,
    /// The node is not an element (attributes need one).
    NotAnElement,
}

impl fmt::Display for MutationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MutationError::ParentCannotHaveChildren => "the parent cannot have children",
            MutationError::WouldCreateCycle => {
                "the node is the parent or one of its ancestors (the tree would be a cycle)"
            }
            MutationError::InvalidChild => "the node cannot be a child of this parent",
            MutationError::ReferenceNotChild => "the reference node is not a child of the parent",
            MutationError::NotAnElement => "the node is not an element",
        })
    }
}

impl std::error::Error for MutationError {}

impl<'a> Document<'a> {
    /// Creates a detached HTML element named `name` (ASCII lower-cased, as DOM
    /// `createElement` does in an HTML document) without attributes. A `template` gets its
    /// contents fragment.
    pub fn create_element(&mut self, arena: &'a Arena, name: &str) -> NodeId {
        let name = arena.alloc_str(&name.to_ascii_lowercase());
        self.create_element_ns(arena, Namespace::Html, name)
    }

    /// Creates a detached element in namespace `ns` with the local name as given
    /// (`foreignObject`).
    pub fn create_element_ns(&mut self, arena: &'a Arena, ns: Namespace, name: &str) -> NodeId {
        let name: &'a str = arena.alloc_str(name);
        let tag = crate::Tag::from_name(&name.to_ascii_lowercase());
        let contents = (ns == Namespace::Html && name == "template")
            .then(|| self.push(NodeData::DocumentFragment));
        let mut data = ElementData::new(arena, (ns, tag, name), &[]);
        data.contents = contents;
        self.push(NodeData::Element(data))
    }

    /// Creates a detached Text node.
    pub fn create_text(&mut self, arena: &'a Arena, data: &str) -> NodeId {
        let data = arena.alloc_str(data);
        self.push(NodeData::Text(data))
    }

    /// Creates a detached Comment node.
    pub fn create_comment(&mut self, arena: &'a Arena, data: &str) -> NodeId {
        let data = arena.alloc_str(data);
        self.push(NodeData::Comment(data))
    }

    /// Removes `node` from its parent (DOM `remove()`); it and its subtree stay in the node
    /// table, detached, and can be inserted again. Nothing happens to a node without a parent.
    pub fn detach(&mut self, node: NodeId) {
        self.unlink(node);
    }

    /// Inserts `child` as the last child of `parent` (DOM `appendChild`), moving it from where
    /// it was. A DocumentFragment's children are moved instead.
    ///
    /// # Errors
    /// See [`MutationError`]; on an error nothing changes.
    pub fn append_child(&mut self, parent: NodeId, child: NodeId) -> Result<(), MutationError> {
        self.insert_before(parent, child, None)
    }

    /// Inserts `child` into `parent` before `before` (at the end when `None`; DOM
    /// `insertBefore`), moving it from where it was. A DocumentFragment's children are moved
    /// instead, in order.
    ///
    /// # Errors
    /// See [`MutationError`]; on an error nothing changes.
    pub fn insert_before(
        &mut self,
        parent: NodeId,
        child: NodeId,
        before: Option<NodeId>,
    ) -> Result<(), MutationError> {
        self.check_insertion(parent, child, before)?;
        // Inserting a node before itself: it goes before its next sibling.
        let before = if before == Some(child) {
            self.next_sibling(child)
        } else {
            before
        };
        if matches!(self.data(child), NodeData::DocumentFragment) {
            while let Some(c) = self.first_child(child) {
                self.insert_at(parent, before, c);
            }
        } else {
            self.insert_at(parent, before, child);
        }
        Ok(())
    }

    /// The DOM's "ensure pre-insertion validity" for the cases this tree can express.
    fn check_insertion(
        &self,
        parent: NodeId,
        child: NodeId,
        before: Option<NodeId>,
    ) -> Result<(), MutationError> {
        let parent_is_document = matches!(self.data(parent), NodeData::Document);
        match self.data(parent) {
            NodeData::Document
            | NodeData::DocumentFragment
            | NodeData::ShadowRoot(_)
            | NodeData::Element(_) => {}
            _ => return Err(MutationError::ParentCannotHaveChildren),
        }
        if self.is_host_including_inclusive_ancestor(child, parent) {
            return Err(MutationError::WouldCreateCycle);
        }
        if let Some(b) = before
            && self.parent(b) != Some(parent)
        {
            return Err(MutationError::ReferenceNotChild);
        }
        let invalid = |data: &NodeData<'_>| match data {
            NodeData::Document | NodeData::ShadowRoot(_) => true,
            NodeData::Doctype(_) => !parent_is_document,
            NodeData::Text(_) => parent_is_document,
            _ => false,
        };
        let bad = if matches!(self.data(child), NodeData::DocumentFragment) {
            self.children(child).any(|c| invalid(self.data(c)))
        } else {
            invalid(self.data(child))
        };
        if bad {
            return Err(MutationError::InvalidChild);
        }
        Ok(())
    }

    /// Whether `node` is `of` or one of its ancestors, going from a template's contents to the
    /// template (the DOM's "host-including inclusive ancestor"), so that a template cannot be
    /// put into its own contents.
    fn is_host_including_inclusive_ancestor(&self, node: NodeId, of: NodeId) -> bool {
        let mut cur = Some(of);
        while let Some(n) = cur {
            if n == node {
                return true;
            }
            cur = match self.parent(n) {
                Some(p) => Some(p),
                // The top of a tree: a template's contents continue at the template, a shadow
                // root at its host (found by a scan of the node table, only for trees that end in
                // a fragment or a shadow root).
                None if matches!(
                    self.data(n),
                    NodeData::DocumentFragment | NodeData::ShadowRoot(_)
                ) =>
                {
                    self.node_ids()
                        .find(|&e| self.element(e).is_some_and(|e| e.contents == Some(n)))
                }
                None => None,
            };
        }
        false
    }

    /// Sets the element's attribute `name` (no namespace) to `value`: the existing one's value
    /// is replaced in place, a new one goes last (DOM `setAttribute`; on an HTML element the
    /// name is ASCII lower-cased first).
    ///
    /// # Errors
    /// [`MutationError::NotAnElement`] when `element` is not an element.
    pub fn set_attr(
        &mut self,
        arena: &'a Arena,
        element: NodeId,
        name: &str,
        value: &str,
    ) -> Result<(), MutationError> {
        let e = *self.element(element).ok_or(MutationError::NotAnElement)?;
        let name = if e.ns == Namespace::Html {
            name.to_ascii_lowercase()
        } else {
            name.to_owned()
        };
        let value: &'a str = arena.alloc_str(value);
        let mut attrs: Vec<Attr<'a>> = e.attrs.to_vec();
        match attrs.iter_mut().find(|a| a.is_named(&name)) {
            Some(a) => a.value = value,
            None => attrs.push(Attr {
                name: arena.alloc_str(&name),
                value,
            }),
        }
        self.set_attrs(arena, element, arena.alloc_slice_copy(&attrs));
        Ok(())
    }

    /// Removes the element's attribute `name` (no namespace; lower-cased on an HTML element).
    /// Returns whether there was one.
    ///
    /// # Errors
    /// [`MutationError::NotAnElement`] when `element` is not an element.
    pub fn remove_attr(
        &mut self,
        arena: &'a Arena,
        element: NodeId,
        name: &str,
    ) -> Result<bool, MutationError> {
        let e = *self.element(element).ok_or(MutationError::NotAnElement)?;
        let name = if e.ns == Namespace::Html {
            name.to_ascii_lowercase()
        } else {
            name.to_owned()
        };
        let keep: Vec<Attr<'a>> = e
            .attrs
            .iter()
            .filter(|a| !a.is_named(&name))
            .copied()
            .collect();
        if keep.len() == e.attrs.len() {
            return Ok(false);
        }
        self.set_attrs(arena, element, arena.alloc_slice_copy(&keep));
        Ok(true)
    }

    fn set_attrs(&mut self, arena: &'a Arena, element: NodeId, attrs: &'a [Attr<'a>]) {
        if let NodeData::Element(e) = &mut self.nodes[element.index()].data {
            e.set_attrs(arena, attrs);
        }
        self.spans.forget_attrs(element.index());
    }

    /// Replaces the text of `node` (DOM `textContent = text`): a Text, Comment or processing
    /// instruction node's data becomes `text`; an element's or a fragment's children are all
    /// detached and replaced by one Text node (none when `text` is empty). On the Document and
    /// a doctype it does nothing, as in the DOM.
    pub fn set_text(&mut self, arena: &'a Arena, node: NodeId, text: &str) {
        let text: &'a str = arena.alloc_str(text);
        match &mut self.nodes[node.index()].data {
            NodeData::Text(t) | NodeData::Comment(t) => *t = text,
            NodeData::ProcessingInstruction(pi) => {
                *pi = arena.alloc(ProcessingInstructionData {
                    target: pi.target,
                    data: text,
                });
            }
            NodeData::Element(_) | NodeData::DocumentFragment | NodeData::ShadowRoot(_) => {
                while let Some(c) = self.first_child(node) {
                    self.unlink(c);
                }
                if !text.is_empty() {
                    let last = self.last_child(node);
                    self.append_new(node, last, NodeData::Text(text));
                }
            }
            NodeData::Document | NodeData::Doctype(_) => {}
        }
    }
}
