//! The `selectedcontent` steps of the 2025 customizable `<select>`: when the parser pops an
//! `option` element off the stack of open elements and that option is its `select`'s selected
//! option, the option's children are cloned into the select's `selectedcontent` element
//! ("maybe clone an option into selectedcontent", HTML Standard 4.10.10).
//!
//! The selected option is what the selectedness setting algorithm (4.10.10) picks from the
//! attributes the parser sees: the last option with a `selected` attribute, else the first
//! option that is not disabled (an option is disabled by its own `disabled` attribute or by a
//! `disabled` optgroup parent).
//!
//! The builder runs these steps only once a `selectedcontent` element has been created, so
//! documents without one pay nothing. Deciding "is this the selected option" walks the select's
//! subtree; to keep a select with thousands of options linear, the walk remembers the select's
//! first enabled option, and for a later option without a `selected` attribute the walk is
//! skipped while that option is still in the select (the selected option is then it, or one
//! with `selected`). The cloning can remove options (those inside the `selectedcontent`), so
//! the check is made each time, by walking up from the remembered option.

use super::{ElemId, InsertionPoint, TreeBuilder, TreeSink};
use crate::markup::Namespace;

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
    /// Whether `node` is `ancestor` or inside it (parent links only).
    fn is_inclusive_descendant(&self, node: S::Handle, ancestor: S::Handle) -> bool {
        let mut n = Some(node);
        while let Some(h) = n {
            if h == ancestor {
                return true;
            }
            n = self.sink.parent(h);
        }
        false
    }

    /// An option element is disabled when it has a `disabled` attribute or is a child of an
    /// optgroup element that has one (4.10.10).
    fn option_is_disabled(&self, option: S::Handle) -> bool {
        self.sink.element_attr(option, "disabled").is_some()
            || self.sink.parent(option).is_some_and(|p| {
                self.sink.is_element_named(p, Namespace::Html, "optgroup")
                    && self.sink.element_attr(p, "disabled").is_some()
            })
    }

    /// The option popped steps for `option`.
    pub(crate) fn option_popped(&mut self, option: ElemId) {
        let option = self.handle(option);
        // The option's "option element nearest ancestor select": the first select ancestor,
        // unless a datalist, hr or option ancestor comes first, or two optgroups do.
        let mut p = self.sink.parent(option);
        let mut seen_optgroup = false;
        let select = loop {
            let Some(h) = p else { return };
            if self.sink.is_element_named(h, Namespace::Html, "select") {
                break h;
            }
            if ["datalist", "hr", "option"]
                .iter()
                .any(|n| self.sink.is_element_named(h, Namespace::Html, n))
            {
                return;
            }
            if self.sink.is_element_named(h, Namespace::Html, "optgroup") {
                if seen_optgroup {
                    return;
                }
                seen_optgroup = true;
            }
            p = self.sink.parent(h);
        };
        let has_selected_attr = self.sink.element_attr(option, "selected").is_some();
        if let Some(i) = self
            .selects_with_popped_option
            .iter()
            .position(|&(s, _)| s == select)
        {
            let first_enabled = self.selects_with_popped_option[i].1;
            if self.is_inclusive_descendant(first_enabled, select) {
                if !has_selected_attr {
                    return;
                }
            } else {
                self.selects_with_popped_option.swap_remove(i);
            }
        }
        // One walk over the select's descendants: its first selectedcontent, its first enabled
        // option and its last option with a `selected` attribute.
        let mut selectedcontent = None;
        let mut first_enabled = None;
        let mut last_selected = None;
        let mut stack = self.sink.children(select);
        stack.reverse();
        while let Some(n) = stack.pop() {
            if self
                .sink
                .is_element_named(n, Namespace::Html, "selectedcontent")
            {
                selectedcontent.get_or_insert(n);
            } else if self.sink.is_element_named(n, Namespace::Html, "option") {
                if self.sink.element_attr(n, "selected").is_some() {
                    last_selected = Some(n);
                }
                if first_enabled.is_none() && !self.option_is_disabled(n) {
                    first_enabled = Some(n);
                }
            }
            let mut kids = self.sink.children(n);
            kids.reverse();
            stack.extend(kids);
        }
        if let Some(first) = first_enabled
            && !self
                .selects_with_popped_option
                .iter()
                .any(|&(s, _)| s == select)
        {
            self.selects_with_popped_option.push((select, first));
        }
        let Some(selectedcontent) = selectedcontent else {
            return;
        };
        if last_selected.or(first_enabled) != Some(option) {
            return;
        }
        // A select with `multiple` has no enabled selectedcontent; and a selectedcontent inside
        // the option itself would receive a copy of itself.
        if self.sink.element_attr(select, "multiple").is_some() {
            return;
        }
        let mut a = self.sink.parent(selectedcontent);
        while let Some(n) = a {
            if n == option {
                return;
            }
            if n == select {
                break;
            }
            a = self.sink.parent(n);
        }
        for child in self.sink.children(selectedcontent) {
            self.sink.remove_from_parent(child);
        }
        // Clone the option's children, iteratively; stop when the node budget is used up
        // (nested selects can make each clone hold the clones before it).
        let mut work: Vec<(S::Handle, S::Handle)> = vec![(option, selectedcontent)];
        while let Some((src, dst)) = work.pop() {
            for child in self.sink.children(src) {
                if self.sink.over_budget() {
                    self.cut_at_budget = true;
                    self.more_feedback = true;
                    return;
                }
                let copy = self.sink.clone_shallow(child);
                self.sink.insert(
                    InsertionPoint {
                        parent: dst,
                        before: None,
                    },
                    copy,
                );
                work.push((child, copy));
            }
        }
    }
}
