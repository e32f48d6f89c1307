//! `selectors::Element` for an element of our tree: the DOM questions selector matching asks
//! (parent, siblings, names, attributes, classes), answered from [`NodeRef`] without
//! allocating.

use selectors::attr::{AttrSelectorOperation, CaseSensitivity, NamespaceConstraint};
use selectors::bloom::BloomFilter;
use selectors::matching::{ElementSelectorFlags, MatchingContext};
use selectors::{Element, OpaqueElement};

use crate::dom::NodeRef;
use crate::markup::{AttrNamespace, Namespace, Tag};

use super::types::{CssIdent, CssString, Impl, PseudoClass, PseudoElement};
use super::{has, pseudo_classes};

/// An element node, as `selectors` sees it. Only ever built for element nodes.
#[derive(Clone, Copy, Debug)]
pub(crate) struct El<'d, 'a>(pub(crate) NodeRef<'d, 'a>);

impl<'a> El<'_, 'a> {
    fn name(self) -> &'a str {
        self.0.name().unwrap_or_default()
    }
}

/// `a == b` for element names, most of which are one to a few bytes: the first byte and the
/// length decide most comparisons without a call to `memcmp`.
#[inline(always)]
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    a.len() == b.len()
        && match a.len() {
            0 => true,
            1 => a[0] == b[0],
            _ => a[0] == b[0] && a[1..] == b[1..],
        }
}

/// The node after `n` in tree order among the descendants of `top` (or `n` itself when it
/// is `top`), entering `n`'s children only if `enter`: a walk of a subtree that can skip
/// subtrees, without recursion. Template contents are not entered (they are not children).
pub(crate) fn next_within<'d, 'a>(
    n: NodeRef<'d, 'a>,
    top: NodeRef<'d, 'a>,
    enter: bool,
) -> Option<NodeRef<'d, 'a>> {
    if let Some(child) = n.first_child().filter(|_| enter) {
        return Some(child);
    }
    let mut c = n;
    while c != top {
        if let Some(s) = c.next_sibling() {
            return Some(s);
        }
        c = c.parent()?;
    }
    None
}

/// The identity `selectors` keys its caches on: the address of the node's record in its
/// document's node table, which is the same for as long as the document is borrowed (and two
/// documents' records never share an address), so it names the document and the node.
pub(crate) fn opaque(node: NodeRef<'_, '_>) -> OpaqueElement {
    OpaqueElement::new(node.document().node(node.node_id()))
}

impl<'d, 'a> Element for El<'d, 'a> {
    type Impl = Impl;

    fn opaque(&self) -> OpaqueElement {
        opaque(self.0)
    }

    fn parent_element(&self) -> Option<Self> {
        self.0.parent_element().map(El)
    }

    fn parent_node_is_shadow_root(&self) -> bool {
        false
    }

    fn containing_shadow_host(&self) -> Option<Self> {
        None
    }

    fn is_pseudo_element(&self) -> bool {
        false
    }

    fn prev_sibling_element(&self) -> Option<Self> {
        self.0.prev_element_sibling().map(El)
    }

    fn next_sibling_element(&self) -> Option<Self> {
        self.0.next_element_sibling().map(El)
    }

    fn first_element_child(&self) -> Option<Self> {
        self.0.first_element_child().map(El)
    }

    /// Our documents are all HTML documents, so this is "is an HTML element": it turns on
    /// the ASCII-lowercasing of type selectors and attribute names, and the case-insensitive
    /// values of the HTML Standard's attribute list (`[type=TEXT]`), for HTML elements only
    /// (4.16.2). SVG's `foreignObject` and `viewBox` keep their case.
    fn is_html_element_in_html_document(&self) -> bool {
        self.0.namespace() == Some(Namespace::Html)
    }

    fn has_local_name(&self, local_name: &CssIdent) -> bool {
        // A type selector may name any element, a known tag or not: compared by name.
        same_name(self.name(), local_name.as_str())
    }

    fn has_namespace(&self, ns: &CssIdent) -> bool {
        // No namespace prefix can be declared in a selector string, so the only namespace
        // asked about is "none" (`|name`), which no element has.
        self.0.namespace().map(Namespace::url) == Some(ns.as_str())
    }

    fn is_same_type(&self, other: &Self) -> bool {
        // By name: two elements of `Tag::Other` may have different names.
        same_name(self.name(), other.name()) && self.0.namespace() == other.0.namespace()
    }

    fn attr_matches(
        &self,
        ns: &NamespaceConstraint<&CssIdent>,
        local_name: &CssIdent,
        operation: &AttrSelectorOperation<&CssString>,
    ) -> bool {
        self.0.attrs().iter().any(|a| {
            let ns_ok = match *ns {
                NamespaceConstraint::Any => true,
                NamespaceConstraint::Specific(url) => match a.ns() {
                    AttrNamespace::None => url.as_str().is_empty(),
                    other => other.url() == Some(url.as_str()),
                },
            };
            ns_ok && a.name == local_name.as_str() && operation.eval_str(a.value)
        })
    }

    fn has_attr_in_no_namespace(&self, local_name: &CssIdent) -> bool {
        self.0
            .attrs()
            .iter()
            .any(|a| a.is_named(local_name.as_str()))
    }

    fn match_non_ts_pseudo_class(
        &self,
        pc: &PseudoClass,
        context: &mut MatchingContext<'_, Impl>,
    ) -> bool {
        match pc {
            PseudoClass::Has(relative) => has::matches(relative, self.0, context),
            _ => pseudo_classes::matches(self.0, pc, context.extra_data.map(|c| &c.tree)),
        }
    }

    fn match_pseudo_element(
        &self,
        _pe: &PseudoElement,
        _context: &mut MatchingContext<'_, Impl>,
    ) -> bool {
        // A parsed document has no generated boxes.
        false
    }

    fn apply_selector_flags(&self, _flags: ElementSelectorFlags) {}

    fn is_link(&self) -> bool {
        pseudo_classes::is_link(self.0)
    }

    fn is_html_slot_element(&self) -> bool {
        self.0.is_html(Tag::Slot)
    }

    fn has_id(&self, id: &CssIdent, case_sensitivity: CaseSensitivity) -> bool {
        self.0
            .id()
            .is_some_and(|v| case_sensitivity.eq(v.as_bytes(), id.as_str().as_bytes()))
    }

    fn has_class(&self, name: &CssIdent, case_sensitivity: CaseSensitivity) -> bool {
        let name = name.as_str().as_bytes();
        self.0
            .classes()
            .any(|c| case_sensitivity.eq(c.as_bytes(), name))
    }

    fn has_custom_state(&self, _name: &CssIdent) -> bool {
        false
    }

    fn imported_part(&self, _name: &CssIdent) -> Option<CssIdent> {
        None
    }

    fn is_part(&self, _name: &CssIdent) -> bool {
        false
    }

    /// `:empty` as every browser matches it (Selectors Level 3; Level 4's draft would also
    /// let white space through, which no engine does): no element child and no Text child
    /// with data; comments and processing instructions do not count.
    fn is_empty(&self) -> bool {
        !self
            .0
            .children()
            .any(|c| c.is_element() || c.as_text().is_some_and(|t| !t.is_empty()))
    }

    /// `:root`: the document element (the element whose parent is the Document node). An
    /// element of a template's contents, whose root is a DocumentFragment, is never `:root`.
    fn is_root(&self) -> bool {
        self.0
            .parent()
            .is_some_and(|p| p.node_id() == crate::NodeId::DOCUMENT)
    }

    fn add_element_unique_hashes(&self, _filter: &mut BloomFilter) -> bool {
        false
    }
}
