//! The flat tree (CSS Scoping 1, "flattened element tree"), as the text and Markdown walks
//! read a page: a shadow host's children are its shadow root's children; a `slot`'s children
//! are the host's children assigned to it (DOM, "find a slot" with slot assignment "named"),
//! or, when none are, its own (the fallback content); the host's children that no slot takes
//! are not in it. Iterative: a walk keeps one [`Children`] per open element.

use std::collections::{HashMap, HashSet};

use crate::dom::{Document, NodeData, NodeId};
use crate::markup::{Namespace, Tag};

/// The children of one node in the flat tree, given one at a time by [`Children::next`].
#[derive(Clone, Copy)]
pub(crate) struct Children<'a> {
    cursor: Cursor<'a>,
    /// The shadow root of the tree the children are in (`None`: the document's tree).
    tree: Option<NodeId>,
}

#[derive(Clone, Copy)]
enum Cursor<'a> {
    /// The next sibling to give (the first child at first).
    Siblings(Option<NodeId>),
    /// The host's children whose slot name is `name`, from `next` on.
    Assigned { name: &'a str, next: Option<NodeId> },
}

impl<'a> Children<'a> {
    /// The children of a Document, DocumentFragment or ShadowRoot node `node` (in `tree`).
    pub(crate) fn of_root(doc: &Document<'a>, node: NodeId, tree: Option<NodeId>) -> Self {
        Children {
            cursor: Cursor::Siblings(doc.first_child(node)),
            tree,
        }
    }

    /// The next child, or `None` at the end.
    #[inline]
    pub(crate) fn next(&mut self, doc: &Document<'a>) -> Option<NodeId> {
        match &mut self.cursor {
            Cursor::Siblings(next) => {
                let n = (*next)?;
                *next = doc.next_sibling(n);
                Some(n)
            }
            Cursor::Assigned { name, next } => loop {
                let n = (*next)?;
                *next = doc.next_sibling(n);
                if slottable_name(doc, n) == Some(*name) {
                    return Some(n);
                }
            },
        }
    }

    /// The shadow root of the tree these children are in (`None`: the document's tree): pass
    /// it to [`FlatTree::children`] for theirs.
    pub(crate) fn tree(&self) -> Option<NodeId> {
        self.tree
    }
}

/// A node's name as a slottable: an element's `slot` attribute (`""` without one), `""` for
/// text; `None` for what is not slottable (comments, processing instructions).
fn slottable_name<'a>(doc: &Document<'a>, n: NodeId) -> Option<&'a str> {
    match doc.data(n) {
        NodeData::Element(e) => Some(e.attr("slot").unwrap_or("")),
        NodeData::Text(_) => Some(""),
        _ => None,
    }
}

/// A shadow tree met in a walk: its host, the slot that gets each name (the first slot with
/// that name in tree order), and the names the host's children take. With slot assignment
/// "manual" nothing is assigned (that takes script).
struct ShadowTree<'a> {
    host: NodeId,
    /// The tree the host's children are in.
    host_tree: Option<NodeId>,
    first_slot: HashMap<&'a str, NodeId>,
    assigned_names: HashSet<&'a str>,
}

/// The shadow trees a walk has met, by their shadow roots: each is read once (its slots, its
/// host's children's names), so a walk stays linear in the page.
#[derive(Default)]
pub(crate) struct FlatTree<'a> {
    trees: HashMap<NodeId, ShadowTree<'a>>,
}

impl<'a> FlatTree<'a> {
    /// The shadow root of the shadow tree `node` is in, or `None` for the document's tree. (A
    /// walk that starts inside a shadow tree does not know its host: its slots show their
    /// fallback content.)
    pub(crate) fn tree_of(doc: &Document<'_>, node: NodeId) -> Option<NodeId> {
        let mut a = Some(node);
        while let Some(p) = a {
            if let NodeData::ShadowRoot(_) = doc.data(p) {
                return Some(p);
            }
            a = doc.parent(p);
        }
        None
    }

    /// The children in the flat tree of element `n`, which is in the tree `tree`.
    #[inline]
    pub(crate) fn children(
        &mut self,
        doc: &Document<'a>,
        n: NodeId,
        tree: Option<NodeId>,
    ) -> Children<'a> {
        // Most elements are neither a shadow host nor a slot: their children as they are.
        if let Some(e) = doc.element(n)
            && e.contents.is_none()
            && !(e.tag == Tag::Slot && e.ns == Namespace::Html)
        {
            return Children {
                cursor: Cursor::Siblings(doc.first_child(n)),
                tree,
            };
        }
        self.children_of_host_or_slot(doc, n, tree)
    }

    /// [`FlatTree::children`] of a shadow host or a slot (or of a `template`).
    #[inline(never)]
    fn children_of_host_or_slot(
        &mut self,
        doc: &Document<'a>,
        n: NodeId,
        tree: Option<NodeId>,
    ) -> Children<'a> {
        if let Some(root) = doc.shadow_root(n) {
            self.trees.insert(root, ShadowTree::new(doc, n, root, tree));
            return Children {
                cursor: Cursor::Siblings(doc.first_child(root)),
                tree: Some(root),
            };
        }
        if let Some(e) = doc.element(n)
            && e.ns == Namespace::Html
            && e.tag == Tag::Slot
            && let Some(shadow) = tree.and_then(|t| self.trees.get(&t))
            && let name = e.attr("name").unwrap_or("")
            && shadow.first_slot.get(name) == Some(&n)
            && shadow.assigned_names.contains(name)
        {
            return Children {
                cursor: Cursor::Assigned {
                    name,
                    next: doc.first_child(shadow.host),
                },
                tree: shadow.host_tree,
            };
        }
        Children {
            cursor: Cursor::Siblings(doc.first_child(n)),
            tree,
        }
    }
}

impl<'a> ShadowTree<'a> {
    fn new(doc: &Document<'a>, host: NodeId, root: NodeId, host_tree: Option<NodeId>) -> Self {
        let mut first_slot = HashMap::new();
        let mut assigned_names = HashSet::new();
        let manual = matches!(doc.data(root), NodeData::ShadowRoot(d) if d.manual_slot_assignment);
        if !manual {
            for n in doc.descendants(root) {
                if let Some(e) = doc.element(n)
                    && e.ns == Namespace::Html
                    && e.tag == Tag::Slot
                {
                    first_slot.entry(e.attr("name").unwrap_or("")).or_insert(n);
                }
            }
            let mut c = doc.first_child(host);
            while let Some(n) = c {
                if let Some(name) = slottable_name(doc, n) {
                    assigned_names.insert(name);
                }
                c = doc.next_sibling(n);
            }
        }
        ShadowTree {
            host,
            host_tree,
            first_slot,
            assigned_names,
        }
    }
}
