//! What the form pseudo-classes read from an element's ancestors (HTML 4.10): the disabled
//! fieldset it is in, its `datalist`, its nearest `form`, the `select` whose options it is
//! among, the disabled `optgroup` over an option. Each element's [`Ancestry`] follows from its
//! parent's and the parent itself, so a query keeps them ([`Known`]) and finds each once, top
//! down from the nearest element already known: a query over a page of n elements costs
//! O(n) whatever its depth, where walking every element's ancestors costs O(n x depth).
//! Without recursion: the path to the nearest known ancestor is a list.

use std::cell::RefCell;

use crate::dom::{NodeId, NodeRef};
use crate::markup::{Namespace, Tag};

/// What an element's ancestors say about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Ancestry {
    /// The node at the top of its tree (the Document node for a connected element; a
    /// template's contents or a fragment otherwise).
    pub(crate) root: NodeId,
    /// A descendant of a `fieldset` with a `disabled` attribute, and not of that fieldset's
    /// first `legend` child (4.10.18.2: how a form control is disabled by its fieldsets).
    pub(crate) in_disabled_fieldset: bool,
    /// A descendant of a `datalist` (barred from constraint validation, 4.10.8).
    pub(crate) in_datalist: bool,
    /// The nearest `form` ancestor (the form owner of an element without a `form`
    /// attribute, 4.10.17.3, as the tree gives it).
    pub(crate) form: Option<NodeId>,
    /// The nearest `fieldset` ancestor.
    pub(crate) fieldset: Option<NodeId>,
    /// The element's nearest ancestor `select` (4.10.10, "option element nearest ancestor
    /// select", which the standard applies to `optgroup` too): the nearest `select`
    /// ancestor, unless a `datalist`, `hr`, `option` or a second `optgroup` stands between.
    pub(crate) select: Option<NodeId>,
    /// An `optgroup` stands between the element and [`Self::select`] (when there is one).
    optgroup_below_select: bool,
    /// The second step of "an option is disabled" (4.10.10): going up the ancestors, a
    /// `optgroup` with a `disabled` attribute comes before any `select`, `hr`, `datalist` or
    /// `option`.
    pub(crate) in_disabled_optgroup: bool,
}

impl Ancestry {
    /// The ancestry of an element whose parent, `parent`, is not an element (the top of a
    /// tree).
    fn top(parent: NodeId) -> Ancestry {
        Ancestry {
            root: parent,
            in_disabled_fieldset: false,
            in_datalist: false,
            form: None,
            fieldset: None,
            select: None,
            optgroup_below_select: false,
            in_disabled_optgroup: false,
        }
    }

    /// The ancestry of `child`, whose parent element is `parent`, with ancestry `up`.
    fn below(up: Ancestry, parent: NodeRef<'_, '_>, child: NodeRef<'_, '_>) -> Ancestry {
        let html = parent.namespace() == Some(Namespace::Html);
        let is = |tag: Tag| html && parent.is_html(tag);
        let disabled = || parent.attr("disabled").is_some();
        let mut a = up;
        if is(Tag::Fieldset) {
            a.fieldset = Some(parent.node_id());
            a.in_disabled_fieldset |= disabled() && !is_first_legend(child);
        }
        if is(Tag::Form) {
            a.form = Some(parent.node_id());
        }
        if is(Tag::Datalist) {
            a.in_datalist = true;
        }
        // The walks of "nearest ancestor select" and "option is disabled", taken one step
        // up: `parent` is the first ancestor they meet.
        if is(Tag::Select) {
            (a.select, a.optgroup_below_select) = (Some(parent.node_id()), false);
        } else if is(Tag::Option) || is(Tag::Hr) || is(Tag::Datalist) {
            a.select = None;
        } else if is(Tag::Optgroup) {
            // A second optgroup between the element and its select: none.
            a.select = up.select.filter(|_| !up.optgroup_below_select);
            a.optgroup_below_select = true;
        }
        if is(Tag::Select) || is(Tag::Option) || is(Tag::Hr) || is(Tag::Datalist) {
            a.in_disabled_optgroup = false;
        } else if is(Tag::Optgroup) && disabled() {
            a.in_disabled_optgroup = true;
        }
        a
    }
}

/// Whether `e` is the first `legend` child of its parent.
fn is_first_legend(e: NodeRef<'_, '_>) -> bool {
    // Each legend looks back to the previous one only: over all the children, linear.
    e.is_html(Tag::Legend) && {
        let mut prev = e.prev_element_sibling();
        loop {
            match prev {
                None => break true,
                Some(p) if p.is_html(Tag::Legend) => break false,
                Some(p) => prev = p.prev_element_sibling(),
            }
        }
    }
}

/// The ancestries a query has found, by node index.
#[derive(Default)]
pub(crate) struct Known {
    by_node: RefCell<Vec<Option<Ancestry>>>,
}

impl Known {
    /// The ancestry of the element `e`: found from the nearest inclusive ancestor whose
    /// ancestry is known (or the top of its tree), and kept for every element on the way.
    pub(crate) fn of(&self, e: NodeRef<'_, '_>) -> Ancestry {
        let doc = e.document();
        let mut known = self.by_node.borrow_mut();
        if known.len() < doc.len() {
            known.resize(doc.len(), None);
        }
        if let Some(a) = known[e.node_id().index()] {
            return a;
        }
        // The elements from `e` up to (not including) the nearest known one.
        let mut path = vec![e];
        let mut above = loop {
            let last = path[path.len() - 1];
            match last.parent() {
                Some(p) if p.is_element() => match known[p.node_id().index()] {
                    Some(a) => break Some((a, p)),
                    None => path.push(p),
                },
                Some(p) => break Some((Ancestry::top(p.node_id()), p)),
                None => break None,
            }
        };
        let mut answer = Ancestry::top(e.node_id());
        for n in path.into_iter().rev() {
            answer = match above {
                Some((up, parent)) if parent.is_element() => Ancestry::below(up, parent, n),
                Some((up, _)) => up,
                // A node without a parent is the top of its own tree.
                None => Ancestry::top(n.node_id()),
            };
            known[n.node_id().index()] = Some(answer);
            above = Some((answer, n));
        }
        answer
    }
}
