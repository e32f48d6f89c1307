//! The list of active formatting elements (13.2.4.3) and the adoption agency algorithm
//! (13.2.6.4.7).
//!
//! The Noah's Ark clause needs "how many entries after the last marker were created for a token
//! like this one". A segment (the entries after a marker) shorter than [`FAMILY_MAP_MIN`] is
//! simply walked. Walking on every push is quadratic when thousands of formatting elements with
//! different attributes are open, so a longer segment keeps a count of entries per token family
//! (a hash of the tag name and the attribute set, order-independent, computed only then). Only
//! when a family already has three entries does the push walk the list back to the third
//! identical entry (comparing tokens exactly, so a hash collision only costs a longer walk).

use std::hash::{Hash, Hasher};

use super::fxhash::{FxHashMap, FxHasher};
use super::{ElemId, InsertionPoint, TreeBuilder, TreeConstructionError, TreeSink};
use crate::markup::{Namespace, Tag};
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

/// A marker segment of the list of active formatting elements: where it starts and, once it
/// has held [`FAMILY_MAP_MIN`] entries, its entries per token family.
#[derive(Debug, Default)]
struct Segment {
    /// The index in the list of the segment's first entry (after its marker).
    start: usize,
    families: Option<FxHashMap<u64, u32>>,
}

/// The segment length from which the Noah's Ark clause counts families instead of walking the
/// segment.
const FAMILY_MAP_MIN: usize = 16;

/// Per marker segment of the list of active formatting elements: its start and, for long
/// segments, entries per token family. Short segments (the usual case) are walked instead, so
/// most formatting elements never have their family computed.
#[derive(Debug, Default)]
pub(crate) struct FamilyCounts {
    segments: Vec<Segment>,
}

impl FamilyCounts {
    fn last(&mut self) -> &mut Segment {
        if self.segments.is_empty() {
            self.segments.push(Segment::default());
        }
        self.segments.last_mut().expect("one segment")
    }
    /// The start of the last segment.
    fn last_start(&self) -> usize {
        self.segments.last().map_or(0, |s| s.start)
    }
    /// The segment holding list index `i`; the starts of later segments move by `shift`.
    fn segment_of(&mut self, i: usize, shift: isize) -> &mut Segment {
        self.last();
        let mut k = self.segments.len() - 1;
        while k > 0 && self.segments[k].start > i {
            let seg = &mut self.segments[k];
            seg.start = seg.start.saturating_add_signed(shift);
            k -= 1;
        }
        &mut self.segments[k]
    }
    fn push_marker(&mut self, start: usize) {
        self.last();
        self.segments.push(Segment {
            start,
            families: None,
        });
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
        self.families.push_marker(self.formatting.len());
    }

    /// The Noah's Ark family of formatting element `id` (computed once, when first needed).
    fn family(&mut self, id: ElemId) -> u64 {
        let e = &mut self.elems[id as usize];
        if e.family == 0 {
            e.family = token_family(e.name, e.attrs);
        }
        e.family
    }

    /// Appends or inserts an element entry, keeping the family counts.
    fn insert_formatting_at(&mut self, i: usize, id: ElemId) {
        self.formatting.insert(i, FormattingEntry::Element(id));
        self.elems[id as usize].in_formatting_list = true;
        if self.families.segment_of(i, 1).families.is_some() {
            let family = self.family(id);
            if let Some(map) = &mut self.families.segment_of(i, 0).families {
                *map.entry(family).or_insert(0) += 1;
            }
        }
    }

    /// The entries per family of the last segment, counted now if the segment has no counts
    /// yet.
    fn last_segment_families(&mut self) -> &FxHashMap<u64, u32> {
        if self.families.last().families.is_none() {
            let mut map = FxHashMap::default();
            for i in self.families.last_start()..self.formatting.len() {
                if let FormattingEntry::Element(e) = self.formatting[i] {
                    *map.entry(self.family(e)).or_insert(0) += 1;
                }
            }
            self.families.last().families = Some(map);
        }
        self.families
            .last()
            .families
            .as_ref()
            .expect("counted above")
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
        let len = self.formatting.len() - self.families.last_start();
        // Fewer than three entries in the segment: nothing to remove. A short segment is
        // walked; a long one only when the family counts say three entries may be identical.
        let walk = len >= 3
            && (self.scalar || len < FAMILY_MAP_MIN || {
                let family = self.family(id);
                self.last_segment_families()
                    .get(&family)
                    .is_some_and(|&c| c >= 3)
            });
        if walk {
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

    /// `id` left the list of active formatting elements.
    fn left_formatting_list(&mut self, id: ElemId) {
        let e = &mut self.elems[id as usize];
        e.in_formatting_list = false;
        if !e.in_stack {
            self.left.push(id);
        }
    }

    /// Removes the last entry of the list of active formatting elements, an element.
    pub(crate) fn remove_last_formatting(&mut self) {
        self.remove_formatting_at(self.formatting.len() - 1);
    }

    fn remove_formatting_at(&mut self, i: usize) {
        if let FormattingEntry::Element(e) = self.formatting.remove(i) {
            self.left_formatting_list(e);
            self.uncount_family(i, e);
        }
    }

    /// Updates the segments after the entry of `e` at list index `i` was removed.
    fn uncount_family(&mut self, i: usize, e: ElemId) {
        if self.families.segment_of(i, -1).families.is_some() {
            let family = self.family(e);
            if let Some(map) = &mut self.families.segment_of(i, 0).families
                && let Some(c) = map.get_mut(&family)
            {
                *c -= 1;
                if *c == 0 {
                    map.remove(&family);
                }
            }
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
    #[inline(always)]
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
            self.source_clone(old, new);
            self.formatting[j] = FormattingEntry::Element(new);
            self.left_formatting_list(old);
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
                    self.left_formatting_list(e);
                    let i = self.formatting.len();
                    self.uncount_family(i, e);
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
        // The usual case: the current node is the formatting element, the last entry of the
        // list. Steps 3-8 then find it open and in scope, with no furthest block: pop it and
        // remove it from the list.
        if c.ns == Namespace::Html
            && c.tag == tag
            && c.name == name
            && self.formatting.last() == Some(&FormattingEntry::Element(cur))
        {
            self.pop();
            self.remove_last_formatting();
            return false;
        }
        // Step 3-4.
        for _ in 0..8 {
            let Some((fe_index, fe)) = self.formatting_element_after_marker(tag, name) else {
                return true;
            };
            let Some(fe_pos) = self.stack_position(fe) else {
                self.error(TreeConstructionError::FormattingElementNotOpen);
                self.remove_formatting_at(fe_index);
                return false;
            };
            if !self.elem_in_scope(fe) {
                self.error(TreeConstructionError::FormattingElementNotInScope);
                return false;
            }
            if fe != self.current() {
                self.error(TreeConstructionError::MisnestedFormattingElementEndTag);
            }
            // The end tag is the formatting element's (the loop removes other elements from
            // the stack before it).
            self.source_end_tag(fe);
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
                self.source_clone(node, new);
                self.formatting[node_index] = super::formatting::FormattingEntry::Element(new);
                self.left_formatting_list(node);
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
            self.source_clone(fe, new);
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

#[cfg(test)]
mod tests {
    use crate::{Arena, ParseOptions, parse_document_str};

    /// The number of `b` elements in the document parsed from `html`.
    fn count_b(html: &str) -> usize {
        let arena = Arena::new();
        let doc = parse_document_str(&arena, html, &ParseOptions::default());
        doc.descendants(doc.root())
            .filter(|&n| doc.element(n).is_some_and(|e| e.name() == "b"))
            .count()
    }

    #[test]
    fn noahs_ark_keeps_three_identical_entries_in_short_and_long_segments() {
        // `</p>` closes the `b`s; "x" reconstructs what the list kept.
        for n in [
            2,
            3,
            5,
            super::FAMILY_MAP_MIN - 1,
            super::FAMILY_MAP_MIN,
            40,
        ] {
            let html = format!("<p>{}</p>x", "<b>".repeat(n));
            assert_eq!(count_b(&html), n + n.min(3), "{n} identical");
            let distinct: String = (0..n).map(|i| format!("<b id={i}>")).collect();
            let html = format!("<p>{distinct}{}</p>x", "<b class=x>".repeat(5));
            assert_eq!(
                count_b(&html),
                n + 5 + n + 3,
                "{n} distinct, then 5 identical"
            );
            // Inside a cell (a marker): the segment after it counts on its own.
            let html = format!(
                "<b><b><b><table><td><p>{distinct}{}</p>x</table>",
                "<b>".repeat(5)
            );
            assert_eq!(count_b(&html), 3 + n + 5 + n + 3, "{n} in a cell");
        }
    }
}
