//! The stack of open elements (13.2.4.2) and its scopes.
//!
//! Each HTML tag's count on the stack is kept, so that "has a `p` element in button scope" and
//! "is there a `template` element on the stack" answer without walking the stack when no such
//! element is open (the common case on every block start tag).

use super::{ElemId, Namespace, Tag, TreeBuilder, TreeSink};

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

    pub(crate) fn push(&mut self, id: ElemId) {
        self.open.push(id);
        let e = &mut self.elems[id as usize];
        e.in_stack = true;
        if e.ns == Namespace::Html {
            self.open_counts[e.tag as usize] += 1;
        }
    }

    fn forget_open(&mut self, id: ElemId) {
        let e = &mut self.elems[id as usize];
        e.in_stack = false;
        if e.ns == Namespace::Html {
            self.open_counts[e.tag as usize] -= 1;
            if e.tag == Tag::Option && self.saw_selectedcontent {
                self.option_popped(id);
            }
        }
    }

    /// Pops the current node off the stack of open elements.
    pub(crate) fn pop(&mut self) -> ElemId {
        let id = self
            .open
            .pop()
            .expect("the stack of open elements is not empty");
        self.forget_open(id);
        id
    }

    /// Removes `id` from the stack of open elements, wherever it is.
    pub(crate) fn remove_from_stack(&mut self, id: ElemId) {
        if let Some(pos) = self.open.iter().rposition(|&x| x == id) {
            self.open.remove(pos);
            self.forget_open(id);
        }
    }

    /// The position of `id` in the stack of open elements.
    pub(crate) fn stack_position(&self, id: ElemId) -> Option<usize> {
        if !self.elem(id).in_stack {
            return None;
        }
        self.open.iter().rposition(|&x| x == id)
    }

    /// Whether an HTML element `tag` is on the stack of open elements.
    #[inline]
    pub(crate) fn has_open(&self, tag: Tag) -> bool {
        self.open_counts[tag as usize] > 0
    }

    /// The last (lowest) HTML element `tag` on the stack, with its position.
    pub(crate) fn last_open_html(&self, tag: Tag) -> Option<(usize, ElemId)> {
        if !self.has_open(tag) {
            return None;
        }
        self.open
            .iter()
            .enumerate()
            .rev()
            .find(|&(_, &id)| self.elem(id).is_html(tag))
            .map(|(i, &id)| (i, id))
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

    fn is_scope_boundary(&self, id: ElemId, scope: Scope) -> bool {
        let e = self.elem(id);
        match scope {
            Scope::Table => {
                e.ns == Namespace::Html && matches!(e.tag, Tag::Html | Tag::Table | Tag::Template)
            }
            _ => {
                let default = match e.ns {
                    Namespace::Html => matches!(
                        e.tag,
                        Tag::Applet
                            | Tag::Caption
                            | Tag::Html
                            | Tag::Table
                            | Tag::Td
                            | Tag::Th
                            | Tag::Marquee
                            | Tag::Object
                            | Tag::Select
                            | Tag::Template
                    ),
                    Namespace::MathMl => matches!(
                        e.tag,
                        Tag::Mi | Tag::Mo | Tag::Mn | Tag::Ms | Tag::Mtext | Tag::AnnotationXml
                    ),
                    Namespace::Svg => matches!(e.tag, Tag::ForeignObject | Tag::Desc | Tag::Title),
                };
                default
                    || match scope {
                        Scope::ListItem => {
                            e.ns == Namespace::Html && matches!(e.tag, Tag::Ol | Tag::Ul)
                        }
                        Scope::Button => e.is_html(Tag::Button),
                        _ => false,
                    }
            }
        }
    }

    /// Whether the stack has an HTML element `tag` in the given scope.
    pub(crate) fn in_scope(&self, tag: Tag, scope: Scope) -> bool {
        if !self.has_open(tag) {
            return false;
        }
        self.in_scope_where(|t| t == tag, scope)
    }

    /// Whether the stack has an HTML element whose tag satisfies `f` in the given scope.
    pub(crate) fn in_scope_where(&self, f: impl Fn(Tag) -> bool, scope: Scope) -> bool {
        for &id in self.open.iter().rev() {
            let e = self.elem(id);
            if e.ns == Namespace::Html && f(e.tag) {
                return true;
            }
            if self.is_scope_boundary(id, scope) {
                return false;
            }
        }
        false
    }

    /// Whether the stack has the element `target` in (default) scope.
    pub(crate) fn elem_in_scope(&self, target: ElemId) -> bool {
        if !self.elem(target).in_stack {
            return false;
        }
        for &id in self.open.iter().rev() {
            if id == target {
                return true;
            }
            if self.is_scope_boundary(id, Scope::Default) {
                return false;
            }
        }
        false
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
    /// body (the parse error check of the "in body" EOF and `</body>` rules).
    pub(crate) fn has_unclosed_disallowed(&self) -> bool {
        self.open.iter().any(|&id| {
            let e = self.elem(id);
            e.ns != Namespace::Html || !e.tag.may_stay_open_at_eof()
        })
    }
}
