//! The stack of open elements (13.2.4.2) and its scopes.
//!
//! Besides the stack itself the builder keeps, in stack order, the open HTML elements of each
//! tag and the open elements that bound the default scope, and every open element knows its
//! index in the stack. A scope query is then two look-ups: "has an element `T` in scope" holds
//! when the lowest open `T` sits at or below the lowest open boundary of that scope, which is
//! what walking up from the current node finds first. No query walks the stack, so 100,000
//! nested elements stay linear. Removing or inserting in the middle of the stack (the adoption
//! agency algorithm, `</form>`, the "after head" rules) renumbers the entries after it, which
//! costs what the `Vec` move costs anyway.

use super::{ElemId, NO_ELEM, TreeBuilder, TreeSink};
use crate::markup::{Namespace, Tag, TagSet};

/// The HTML elements that bound the default scope.
const DEFAULT_SCOPE_HTML: TagSet = TagSet::of(&[
    Tag::Applet,
    Tag::Caption,
    Tag::Html,
    Tag::Table,
    Tag::Td,
    Tag::Th,
    Tag::Marquee,
    Tag::Object,
    Tag::Select,
    Tag::Template,
]);
/// The MathML elements that bound the default scope.
const DEFAULT_SCOPE_MATHML: TagSet = TagSet::of(&[
    Tag::Mi,
    Tag::Mo,
    Tag::Mn,
    Tag::Ms,
    Tag::Mtext,
    Tag::AnnotationXml,
]);
/// The SVG elements that bound the default scope.
const DEFAULT_SCOPE_SVG: TagSet = TagSet::of(&[Tag::ForeignObject, Tag::Desc, Tag::Title]);

/// The kinds of scope of 13.2.4.2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// "in scope"
    Default,
    /// "in list item scope"
    ListItem,
    /// "in button scope"
    Button,
    /// "in table scope"
    Table,
}

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
    /// The current node (the bottommost node of the stack).
    #[inline]
    pub(crate) fn current(&self) -> ElemId {
        *self
            .open
            .last()
            .expect("the stack of open elements is not empty")
    }

    /// The adjusted current node (13.2.4.2), `None` if the stack is empty.
    #[inline(always)]
    pub(crate) fn adjusted_current(&self) -> Option<ElemId> {
        match (self.context, self.open.len()) {
            (_, 0) => None,
            (Some(ctx), 1) => Some(ctx),
            _ => self.open.last().copied(),
        }
    }

    /// Whether the current node is the HTML element `tag`.
    #[inline]
    pub(crate) fn current_is(&self, tag: Tag) -> bool {
        self.open
            .last()
            .is_some_and(|&id| self.elem(id).is_html(tag))
    }

    /// Whether `id` bounds the default scope: applet, caption, html, table, td, th, marquee,
    /// object, select, template; MathML mi, mo, mn, ms, mtext, annotation-xml; SVG
    /// foreignObject, desc, title.
    #[inline]
    fn is_default_scope_boundary(&self, id: ElemId) -> bool {
        let e = self.elem(id);
        e.tag.is_in(match e.ns {
            Namespace::Html => DEFAULT_SCOPE_HTML,
            Namespace::MathMl => DEFAULT_SCOPE_MATHML,
            Namespace::Svg => DEFAULT_SCOPE_SVG,
        })
    }

    /// Pushes `id` onto the stack of open elements.
    #[inline(always)]
    pub(crate) fn push(&mut self, id: ElemId) {
        let pos = self.open.len();
        self.open.push(id);
        self.note_open(id, pos);
        self.note_current_changed();
    }

    /// Records whether the adjusted current node is an element not in the HTML namespace
    /// (`acn_foreign`), after the stack or the context changed: the dispatcher and the
    /// tokenizer's CDATA rule ask it for every token.
    #[inline]
    pub(crate) fn note_current_changed(&mut self) {
        self.acn_foreign = self
            .adjusted_current()
            .is_some_and(|e| self.elems[e as usize].ns != Namespace::Html);
    }

    /// Inserts `id` into the stack at `pos` (the adoption agency algorithm's step 20).
    pub(crate) fn insert_into_stack(&mut self, pos: usize, id: ElemId) {
        self.open.insert(pos, id);
        self.renumber_from(pos + 1);
        self.note_open(id, pos);
        self.note_current_changed();
    }

    fn renumber_from(&mut self, from: usize) {
        for i in from..self.open.len() {
            self.elems[self.open[i] as usize].pos = i as u32;
        }
    }

    /// Inserts `id` into a stack-ordered list of open elements: pushed, inline, in the usual
    /// case of an element pushed onto the stack (it is the last of its list).
    #[inline(always)]
    fn list_insert(list: &mut Vec<ElemId>, elems: &[super::Elem<'a, S::Handle>], id: ElemId) {
        let pos = elems[id as usize].pos;
        match list.last() {
            Some(&last) if elems[last as usize].pos > pos => {
                Self::list_insert_before_last(list, elems, id, pos);
            }
            _ => list.push(id),
        }
    }

    /// [`Self::list_insert`] of `id`, at stack position `pos`, where it goes before the list's
    /// last entry (the adoption agency algorithm's insertions into the stack).
    #[inline(never)]
    fn list_insert_before_last(
        list: &mut Vec<ElemId>,
        elems: &[super::Elem<'a, S::Handle>],
        id: ElemId,
        pos: u32,
    ) {
        let i = list.partition_point(|&x| elems[x as usize].pos < pos);
        list.insert(i, id);
    }

    /// Removes `id` from a stack-ordered list of open elements (usually its last entry).
    fn list_remove(list: &mut Vec<ElemId>, id: ElemId) {
        if list.last() == Some(&id) {
            list.pop();
        } else if let Some(i) = list.iter().rposition(|&x| x == id) {
            list.remove(i);
        }
    }

    /// Enters the open HTML element `id` (its `pos` set) in the list of `tag`: at the end in the
    /// usual case of an element pushed onto the stack, else (the adoption agency's insertions
    /// into the stack) after the last entry below it.
    #[inline(always)]
    fn tag_list_insert(&mut self, tag: Tag, id: ElemId) {
        let list = &mut self.open_by_tag[tag as usize];
        let last = list.last;
        list.len += 1;
        let pos = self.elems[id as usize].pos;
        if last == NO_ELEM || self.elems[last as usize].pos < pos {
            list.last = id;
            let e = &mut self.elems[id as usize];
            e.below_same = last;
            e.above_same = NO_ELEM;
            if last != NO_ELEM {
                self.elems[last as usize].above_same = id;
            }
        } else {
            self.tag_list_insert_before_last(tag, id, pos);
        }
    }

    /// [`Self::tag_list_insert`] of `id`, at stack position `pos`, where it goes before the
    /// list's last entry: walks down the list to the first entry below `pos`.
    #[inline(never)]
    fn tag_list_insert_before_last(&mut self, tag: Tag, id: ElemId, pos: u32) {
        let mut above = self.open_by_tag[tag as usize].last;
        let mut below = self.elems[above as usize].below_same;
        while below != NO_ELEM && self.elems[below as usize].pos > pos {
            above = below;
            below = self.elems[below as usize].below_same;
        }
        let e = &mut self.elems[id as usize];
        e.below_same = below;
        e.above_same = above;
        self.elems[above as usize].below_same = id;
        if below != NO_ELEM {
            self.elems[below as usize].above_same = id;
        }
    }

    /// Takes the open HTML element `id` out of the list of `tag`.
    #[inline(always)]
    fn tag_list_remove(&mut self, tag: Tag, id: ElemId) {
        let e = &self.elems[id as usize];
        let (below, above) = (e.below_same, e.above_same);
        let list = &mut self.open_by_tag[tag as usize];
        list.len -= 1;
        if above == NO_ELEM {
            list.last = below;
        } else {
            self.elems[above as usize].below_same = below;
        }
        if below != NO_ELEM {
            self.elems[below as usize].above_same = above;
        }
    }

    /// Records that `id` is now on the stack at `pos` (flags, per-tag lists, name counts).
    #[inline(always)]
    fn note_open(&mut self, id: ElemId, pos: usize) {
        let e = &mut self.elems[id as usize];
        e.in_stack = true;
        e.pos = pos as u32;
        let (ns, tag, lname) = (e.ns, e.tag, e.lname);
        if ns == Namespace::Html {
            self.tag_list_insert(tag, id);
        }
        if self.is_default_scope_boundary(id) {
            Self::list_insert(&mut self.default_scope_boundaries, &self.elems, id);
        }
        if ns != Namespace::Html || tag == Tag::Other {
            *self.open_names.entry(lname).or_insert(0) += 1;
        }
    }

    /// Records that `id` left the stack.
    #[inline(always)]
    fn note_closed(&mut self, id: ElemId) {
        self.source_closed(id);
        let e = &mut self.elems[id as usize];
        e.in_stack = false;
        if !e.in_formatting_list {
            self.left.push(id);
        }
        let (ns, tag, lname) = (e.ns, e.tag, e.lname);
        if ns == Namespace::Html {
            self.tag_list_remove(tag, id);
        }
        if self.is_default_scope_boundary(id) {
            Self::list_remove(&mut self.default_scope_boundaries, id);
        }
        if (ns != Namespace::Html || tag == Tag::Other)
            && let Some(c) = self.open_names.get_mut(lname)
        {
            *c -= 1;
            if *c == 0 {
                self.open_names.remove(lname);
            }
        }
    }

    /// Whether an element counted in `open_names` (an HTML element of [`Tag::Other`], or any
    /// SVG or MathML element) with this token name may be open.
    pub(crate) fn name_may_be_open(&self, name: &str) -> bool {
        self.open_names.contains_key(name)
    }

    /// Pops the current node off the stack of open elements.
    #[inline(always)]
    pub(crate) fn pop(&mut self) -> ElemId {
        let id = self
            .open
            .pop()
            .expect("the stack of open elements is not empty");
        self.note_closed(id);
        self.note_current_changed();
        if self.saw_selectedcontent && self.elem(id).is_html(Tag::Option) {
            self.option_popped(id);
        }
        id
    }

    /// Removes `id` from the stack of open elements, wherever it is.
    pub(crate) fn remove_from_stack(&mut self, id: ElemId) {
        let Some(pos) = self.stack_position(id) else {
            return;
        };
        self.open.remove(pos);
        self.renumber_from(pos);
        self.note_closed(id);
        self.note_current_changed();
    }

    /// Puts `new` in the place of `old` in the stack (the adoption agency algorithm's step
    /// 13.6; both have the same tag).
    pub(crate) fn replace_in_stack(&mut self, old: ElemId, new: ElemId) {
        let Some(pos) = self.stack_position(old) else {
            return;
        };
        self.note_closed(old);
        self.open[pos] = new;
        self.note_open(new, pos);
        self.note_current_changed();
    }

    /// The position of `id` in the stack of open elements.
    #[inline]
    pub(crate) fn stack_position(&self, id: ElemId) -> Option<usize> {
        let e = self.elem(id);
        e.in_stack.then_some(e.pos as usize)
    }

    /// Whether an HTML element `tag` is on the stack of open elements.
    #[inline]
    pub(crate) fn has_open(&self, tag: Tag) -> bool {
        self.open_by_tag[tag as usize].len != 0
    }

    /// The last (lowest) HTML element `tag` on the stack, with its position.
    pub(crate) fn last_open_html(&self, tag: Tag) -> Option<(usize, ElemId)> {
        let last = self.open_by_tag[tag as usize].last;
        (last != NO_ELEM).then(|| (self.elem(last).pos as usize, last))
    }

    /// The position of the lowest open HTML element `tag`.
    #[inline]
    fn last_pos(&self, tag: Tag) -> Option<u32> {
        let last = self.open_by_tag[tag as usize].last;
        (last != NO_ELEM).then(|| self.elem(last).pos)
    }

    /// The position of the lowest open element that bounds `scope`.
    fn boundary_pos(&self, scope: Scope) -> Option<u32> {
        let default = || {
            self.default_scope_boundaries
                .last()
                .map(|&id| self.elem(id).pos)
        };
        match scope {
            Scope::Default => default(),
            Scope::Button => default().max(self.last_pos(Tag::Button)),
            Scope::ListItem => default()
                .max(self.last_pos(Tag::Ol))
                .max(self.last_pos(Tag::Ul)),
            Scope::Table => self
                .last_pos(Tag::Html)
                .max(self.last_pos(Tag::Table))
                .max(self.last_pos(Tag::Template)),
        }
    }

    /// Whether the stack has an HTML element `tag` in the given scope.
    pub(crate) fn in_scope(&self, tag: Tag, scope: Scope) -> bool {
        self.in_scope_any(&[tag], scope)
    }

    /// Whether the stack has an HTML element with one of `tags` in the given scope.
    pub(crate) fn in_scope_any(&self, tags: &[Tag], scope: Scope) -> bool {
        if self.scalar {
            return self.in_scope_by_walking(tags, scope);
        }
        let found = match tags.iter().filter_map(|&t| self.last_pos(t)).max() {
            None => false,
            Some(target) => self.boundary_pos(scope).is_none_or(|b| target >= b),
        };
        debug_assert!(
            self.open.len() > 64 || found == self.in_scope_by_walking(tags, scope),
            "scope bookkeeping disagrees with the spec's walk"
        );
        found
    }

    /// The spec's algorithm, walking up from the current node (the scalar twin's scope query;
    /// checks the bookkeeping in debug builds on small stacks).
    fn in_scope_by_walking(&self, tags: &[Tag], scope: Scope) -> bool {
        for &id in self.open.iter().rev() {
            let e = self.elem(id);
            if e.ns == Namespace::Html && tags.contains(&e.tag) {
                return true;
            }
            let boundary = match scope {
                Scope::Table => {
                    e.ns == Namespace::Html
                        && matches!(e.tag, Tag::Html | Tag::Table | Tag::Template)
                }
                Scope::Default => self.is_default_scope_boundary(id),
                Scope::Button => self.is_default_scope_boundary(id) || e.is_html(Tag::Button),
                Scope::ListItem => {
                    self.is_default_scope_boundary(id) || e.is_html(Tag::Ol) || e.is_html(Tag::Ul)
                }
            };
            if boundary {
                return false;
            }
        }
        false
    }

    /// Whether the stack has the element `target` in (default) scope.
    pub(crate) fn elem_in_scope(&self, target: ElemId) -> bool {
        if self.scalar {
            // The spec's walk: up from the current node, `target` before any boundary.
            for &id in self.open.iter().rev() {
                if id == target {
                    return true;
                }
                if self.is_default_scope_boundary(id) {
                    return false;
                }
            }
            return false;
        }
        let Some(pos) = self.stack_position(target) else {
            return false;
        };
        self.boundary_pos(Scope::Default)
            .is_none_or(|b| pos as u32 >= b)
    }

    /// Pops elements until an HTML element `tag` has been popped.
    pub(crate) fn pop_until_tag(&mut self, tag: Tag) {
        if !self.has_open(tag) {
            return;
        }
        while let Some(&id) = self.open.last() {
            self.pop();
            if self.elem(id).is_html(tag) {
                break;
            }
        }
    }

    /// Pops elements until one satisfying `f` (HTML namespace) has been popped.
    pub(crate) fn pop_until_html(&mut self, f: impl Fn(Tag) -> bool) {
        while let Some(&id) = self.open.last() {
            self.pop();
            let e = self.elem(id);
            if e.ns == Namespace::Html && f(e.tag) {
                break;
            }
        }
    }

    /// Pops elements until `id` has been popped.
    pub(crate) fn pop_until_elem(&mut self, id: ElemId) {
        while let Some(&top) = self.open.last() {
            self.pop();
            if top == id {
                break;
            }
        }
    }

    /// Generate implied end tags (13.2.6.3), except for HTML elements `except`.
    pub(crate) fn generate_implied_end_tags(&mut self, except: Option<Tag>) {
        while let Some(&id) = self.open.last() {
            let e = self.elem(id);
            if e.ns != Namespace::Html || !e.tag.has_implied_end_tag() || Some(e.tag) == except {
                break;
            }
            self.pop();
        }
    }

    /// Generate all implied end tags thoroughly (13.2.6.3).
    pub(crate) fn generate_implied_end_tags_thoroughly(&mut self) {
        while let Some(&id) = self.open.last() {
            let e = self.elem(id);
            if e.ns != Namespace::Html || !e.tag.has_implied_end_tag_thoroughly() {
                break;
            }
            self.pop();
        }
    }

    /// Whether any node on the stack is not one of those allowed to stay open at the end of the
    /// body (the parse error check of the "in body" EOF and `</body>` rules). Answered from the
    /// per-tag lists.
    pub(crate) fn has_unclosed_disallowed(&self) -> bool {
        use Tag::*;
        let allowed: usize = [
            Dd, Dt, Li, Optgroup, Option, P, Rb, Rp, Rt, Rtc, Tbody, Td, Tfoot, Th, Thead, Tr,
            Body, Html,
        ]
        .iter()
        .map(|&t| self.open_by_tag[t as usize].len as usize)
        .sum();
        self.open.len() > allowed
    }
}
