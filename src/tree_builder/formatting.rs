//! The list of active formatting elements (13.2.4.3) and the adoption agency algorithm
//! (13.2.6.4.7).
//!
//! The Noah's Ark clause needs "how many entries after the last marker were created for a token
//! like this one". Walking the list for that on every push is quadratic when thousands of
//! formatting elements with different attributes are open, so the list keeps, per marker
//! segment, a count of entries per token family (a hash of the tag name and the attribute set,
//! order-independent). Only when a family already has three entries does the push walk the
//! list back to the third identical entry (comparing tokens exactly, so a hash collision only
//! costs a longer walk).

use std::hash::{Hash, Hasher};

use super::fxhash::{FxHashMap, FxHasher};
use super::{ElemId, InsertionPoint, Namespace, Tag, TreeBuilder, TreeSink};
use crate::tokenizer::Attribute;

/// The Noah's Ark family of a formatting element's token: tag name and attribute set.
pub(crate) fn token_family(name: &str, attrs: &[Attribute<'_>]) -> u64 {
    let mut h = FxHasher::default();
    name.hash(&mut h);
    attrs.len().hash(&mut h);
    let mut set = 0u64;
    for a in attrs {
        let mut ah = FxHasher::default();
        a.name.hash(&mut ah);
        a.value.hash(&mut ah);
        set = set.wrapping_add(ah.finish());
    }
    set.hash(&mut h);
    h.finish()
}

/// Per marker segment of the list of active formatting elements: entries per token family.
#[derive(Debug, Default)]
pub(crate) struct FamilyCounts {
    segments: Vec<FxHashMap<u64, u32>>,
}

impl FamilyCounts {
    fn last(&mut self) -> &mut FxHashMap<u64, u32> {
        if self.segments.is_empty() {
            self.segments.push(FxHashMap::default());
        }
        self.segments.last_mut().expect("one segment")
    }
    fn add(&mut self, family: u64) {
        *self.last().entry(family).or_insert(0) += 1;
    }
    fn remove(&mut self, family: u64) {
        let seg = self.last();
        if let Some(c) = seg.get_mut(&family) {
            *c -= 1;
            if *c == 0 {
                seg.remove(&family);
            }
        }
    }
    fn count(&mut self, family: u64) -> u32 {
        self.last().get(&family).copied().unwrap_or(0)
    }
    fn push_marker(&mut self) {
        self.last();
        self.segments.push(FxHashMap::default());
    }
    fn pop_marker(&mut self) {
        self.segments.pop();
    }
}

/// An entry of the list of active formatting elements.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum FormattingEntry {
    /// A marker (entering `applet`, `object`, `marquee`, `template`, `td`, `th`, `caption`).
    Marker,
    /// A formatting element.
    Element(ElemId),
}

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
    /// Inserts a marker at the end of the list of active formatting elements.
    pub(crate) fn push_marker(&mut self) {
        self.formatting.push(FormattingEntry::Marker);
        self.families.push_marker();
    }

    /// Appends or inserts an element entry, keeping the family counts.
    fn insert_formatting_at(&mut self, i: usize, id: ElemId) {
        self.formatting.insert(i, FormattingEntry::Element(id));
        self.elems[id as usize].in_formatting_list = true;
        let family = self.elem(id).family;
        self.families.add(family);
    }

    /// Whether two formatting elements were created for tokens with the same name and the same
    /// attributes (the Noah's Ark clause compares the attributes as the parser created them).
    fn same_token(&self, a: ElemId, b: ElemId) -> bool {
        let (x, y) = (self.elem(a), self.elem(b));
        x.tag == y.tag
            && x.name == y.name
            && x.ns == y.ns
            && x.attrs.len() == y.attrs.len()
            && x.attrs.iter().all(|p| {
                y.attrs
                    .iter()
                    .any(|q| q.name == p.name && q.value == p.value)
            })
    }

    /// Push onto the list of active formatting elements (13.2.4.3), with the Noah's Ark clause.
    pub(crate) fn push_formatting(&mut self, id: ElemId) {
        let family = self.elem(id).family;
        if self.families.count(family) >= 3 {
            let mut count = 0;
            let mut earliest = None;
            for i in (0..self.formatting.len()).rev() {
                match self.formatting[i] {
                    FormattingEntry::Marker => break,
                    FormattingEntry::Element(e) => {
                        if self.same_token(e, id) {
                            count += 1;
                            earliest = Some(i);
                            // Pushes keep at most three identical entries per segment, so the
                            // third one found from the end is the earliest.
                            if count == 3 {
                                break;
                            }
                        }
                    }
                }
            }
            if count >= 3
                && let Some(i) = earliest
            {
                self.remove_formatting_at(i);
            }
        }
        let end = self.formatting.len();
        self.insert_formatting_at(end, id);
    }

    fn remove_formatting_at(&mut self, i: usize) {
        if let FormattingEntry::Element(e) = self.formatting.remove(i) {
            self.elems[e as usize].in_formatting_list = false;
            let family = self.elem(e).family;
            self.families.remove(family);
        }
    }

    /// The index of `id` in the list of active formatting elements.
    fn formatting_index(&self, id: ElemId) -> Option<usize> {
        if !self.elem(id).in_formatting_list {
            return None;
        }
        self.formatting
            .iter()
            .rposition(|&e| e == FormattingEntry::Element(id))
    }

    /// Removes `id` from the list of active formatting elements, if it is there.
    pub(crate) fn remove_from_formatting(&mut self, id: ElemId) {
        if let Some(i) = self.formatting_index(id) {
            self.remove_formatting_at(i);
        }
    }

    /// The last HTML element named `tag` after the last marker in the list.
    pub(crate) fn formatting_element_after_marker(
        &self,
        tag: Tag,
        name: &str,
    ) -> Option<(usize, ElemId)> {
        for i in (0..self.formatting.len()).rev() {
            match self.formatting[i] {
                FormattingEntry::Marker => return None,
                FormattingEntry::Element(e) => {
                    let el = self.elem(e);
                    if el.tag == tag && el.name == name {
                        return Some((i, e));
                    }
                }
            }
        }
        None
    }

    /// Reconstruct the active formatting elements (13.2.4.3).
    #[inline]
    pub(crate) fn reconstruct_formatting(&mut self) {
        let Some(&last) = self.formatting.last() else {
            return;
        };
        match last {
            FormattingEntry::Marker => {}
            FormattingEntry::Element(e) if self.elem(e).in_stack => {}
            FormattingEntry::Element(_) => self.reconstruct_formatting_entries(),
        }
    }

    /// Steps 3-10 of reconstructing the active formatting elements: the last entry is an
    /// element that is not open.
    fn reconstruct_formatting_entries(&mut self) {
        // Rewind.
        let mut i = self.formatting.len() - 1;
        while i > 0 {
            i -= 1;
            let stop = match self.formatting[i] {
                FormattingEntry::Marker => true,
                FormattingEntry::Element(e) => self.elem(e).in_stack,
            };
            if stop {
                i += 1;
                break;
            }
        }
        // Advance and create.
        for j in i..self.formatting.len() {
            let FormattingEntry::Element(old) = self.formatting[j] else {
                continue;
            };
            let o = *self.elem(old);
            let new = self.insert_element(Namespace::Html, o.name, o.tag, o.attrs);
            self.formatting[j] = FormattingEntry::Element(new);
            self.elems[old as usize].in_formatting_list = false;
            self.elems[new as usize].in_formatting_list = true;
        }
    }

    /// Clear the list of active formatting elements up to the last marker.
    pub(crate) fn clear_formatting_to_last_marker(&mut self) {
        while let Some(entry) = self.formatting.pop() {
            match entry {
                FormattingEntry::Marker => {
                    self.families.pop_marker();
                    break;
                }
                FormattingEntry::Element(e) => {
                    self.elems[e as usize].in_formatting_list = false;
                    let family = self.elem(e).family;
                    self.families.remove(family);
                }
            }
        }
    }

    /// The adoption agency algorithm (13.2.6.4.7) for an end tag (or an `a`/`nobr` start tag)
    /// named `name`. Returns `true` when the caller must act as described in the "any other end
    /// tag" entry instead.
    pub(crate) fn adoption_agency(&mut self, tag: Tag, name: &'a str) -> bool {
        // Step 2.
        let cur = self.current();
        let c = self.elem(cur);
        if c.ns == Namespace::Html && c.tag == tag && c.name == name && !c.in_formatting_list {
            self.pop();
            return false;
        }
        // Step 3-4.
        for _ in 0..8 {
            let Some((fe_index, fe)) = self.formatting_element_after_marker(tag, name) else {
                return true;
            };
            let Some(fe_pos) = self.stack_position(fe) else {
                self.error("formatting element not open");
                self.remove_formatting_at(fe_index);
                return false;
            };
            if !self.elem_in_scope(fe) {
                self.error("formatting element not in scope");
                return false;
            }
            if fe != self.current() {
                self.error("misnested formatting element end tag");
            }
            // Step 7: the furthest block.
            let fb_pos = match self.open[fe_pos + 1..]
                .iter()
                .position(|&id| self.elem(id).is_special())
            {
                Some(p) => fe_pos + 1 + p,
                None => {
                    // Step 8.
                    self.pop_until_elem(fe);
                    self.remove_from_formatting(fe);
                    return false;
                }
            };
            let furthest_block = self.open[fb_pos];
            // Step 9-11.
            let common_ancestor = self.open[fe_pos - 1];
            let mut bookmark = fe_index;
            let mut node_pos = fb_pos;
            let mut last_node = furthest_block;
            // Step 12-13: the inner loop.
            let mut inner = 0;
            loop {
                inner += 1;
                node_pos -= 1;
                let node = self.open[node_pos];
                if node == fe {
                    break;
                }
                let mut node_index = self.formatting_index(node);
                if inner > 3
                    && let Some(i) = node_index
                {
                    self.remove_formatting_at(i);
                    if i < bookmark {
                        bookmark -= 1;
                    }
                    node_index = None;
                }
                let Some(node_index) = node_index else {
                    self.remove_from_stack(node);
                    continue;
                };
                let n = *self.elem(node);
                let new = self.create_element(Namespace::Html, n.name, n.tag, n.attrs, false);
                self.formatting[node_index] = super::formatting::FormattingEntry::Element(new);
                self.elems[node as usize].in_formatting_list = false;
                self.elems[new as usize].in_formatting_list = true;
                self.replace_in_stack(node, new);
                if last_node == furthest_block {
                    bookmark = node_index + 1;
                }
                let (lh, nh) = (self.handle(last_node), self.handle(new));
                self.sink.remove_from_parent(lh);
                self.sink.insert(
                    InsertionPoint {
                        parent: nh,
                        before: None,
                    },
                    lh,
                );
                last_node = new;
            }
            // Step 14-15.
            let at = self.adjusted_insertion_location(Some(common_ancestor));
            let lh = self.handle(last_node);
            self.sink.remove_from_parent(lh);
            self.sink.insert(at, lh);
            // Step 16-18.
            let f = *self.elem(fe);
            let new = self.create_element(Namespace::Html, f.name, f.tag, f.attrs, false);
            let (nh, fbh) = (self.handle(new), self.handle(furthest_block));
            self.sink.reparent_children(fbh, nh);
            self.sink.insert(
                InsertionPoint {
                    parent: fbh,
                    before: None,
                },
                nh,
            );
            // Step 19.
            if let Some(i) = self.formatting_index(fe) {
                self.remove_formatting_at(i);
                if i < bookmark {
                    bookmark -= 1;
                }
            }
            let bookmark = bookmark.min(self.formatting.len());
            self.insert_formatting_at(bookmark, new);
            // Step 20.
            self.remove_from_stack(fe);
            let fb_pos = self
                .stack_position(furthest_block)
                .expect("furthest block is open");
            self.insert_into_stack(fb_pos + 1, new);
        }
        false
    }
}
