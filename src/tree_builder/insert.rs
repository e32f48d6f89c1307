//! Creating and inserting nodes (13.2.6.1): creating an element for a token, the appropriate
//! place for inserting a node (foster parenting, template contents, the fragment's root
//! insertion target), inserting elements, characters, comments and processing instructions;
//! and the generic raw text / RCDATA element parsing algorithm (13.2.6.2).

use super::*;

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
    /// Creates an element (13.2.6.1 "create an element for the token"), adjusting attributes for
    /// foreign elements when `adjust` is set.
    pub(super) fn create_element(
        &mut self,
        ns: Namespace,
        name: &'a str,
        tag: Tag,
        attrs: &'a [Attribute<'a>],
        adjust: bool,
    ) -> ElemId {
        let mut html_ip = false;
        match ns {
            Namespace::MathMl if tag == Tag::AnnotationXml => {
                html_ip = attrs.iter().any(|a| {
                    a.name == "encoding"
                        && (a.value.eq_ignore_ascii_case("text/html")
                            || a.value.eq_ignore_ascii_case("application/xhtml+xml"))
                });
            }
            Namespace::Svg => {
                html_ip = matches!(tag, Tag::ForeignObject | Tag::Desc | Tag::Title);
            }
            _ => {}
        }
        let handle = if adjust && ns != Namespace::Html {
            let mut buf = std::mem::take(&mut self.attr_buf);
            buf.clear();
            buf.extend(attrs.iter().map(|a| foreign::adjust_attribute(ns, a)));
            let handle = self.sink.create_element(ns, name, tag, &buf);
            self.attr_buf = buf;
            handle
        } else {
            // The token's attributes as they are (an HTML element's need no adjustment).
            self.sink.create_element_keeping_attrs(ns, name, tag, attrs)
        };
        self.register_element(handle, ns, name, tag, attrs, html_ip)
    }

    /// Enters the element `handle`, made for a token named `name` with `attrs`, in the
    /// builder's table of elements.
    #[inline(always)]
    fn register_element(
        &mut self,
        handle: S::Handle,
        ns: Namespace,
        name: &'a str,
        tag: Tag,
        attrs: &'a [Attribute<'a>],
        html_ip: bool,
    ) -> ElemId {
        if ns == Namespace::Html && tag == Tag::Selectedcontent {
            self.saw_selectedcontent = true;
        }
        let elem = Elem {
            handle,
            ns,
            tag,
            name,
            lname: name,
            attrs,
            html_integration_point: html_ip,
            in_stack: false,
            pos: 0,
            below_same: NO_ELEM,
            above_same: NO_ELEM,
            in_formatting_list: false,
            freed: false,
            family: 0,
        };
        if let Some(id) = self.free_elems.pop() {
            self.elems[id as usize] = elem;
            id
        } else {
            self.elems.push(elem);
            (self.elems.len() - 1) as ElemId
        }
    }

    /// The location inside an element: its template contents for a `template`.
    pub(super) fn inside(&mut self, id: ElemId) -> S::Handle {
        let e = self.elem(id);
        if e.is_html(Tag::Template) {
            let h = e.handle;
            self.sink.template_contents(h)
        } else {
            e.handle
        }
    }

    /// The adjusted insertion location (13.2.6.1), with an optional override target.
    #[inline(always)]
    pub(super) fn adjusted_insertion_location(
        &mut self,
        override_target: Option<ElemId>,
    ) -> InsertionPoint<S::Handle> {
        let target = override_target.unwrap_or_else(|| self.current());
        let t = self.elem(target);
        // Usually: no foster parenting, no fragment root, and the target is not a template, so
        // the location is inside the target, after its last child.
        if !self.foster_parenting
            && self.root_insertion_target.is_none()
            && !t.is_html(Tag::Template)
        {
            return InsertionPoint {
                parent: t.handle,
                before: None,
            };
        }
        self.adjusted_insertion_location_in(target)
    }

    /// [`Self::adjusted_insertion_location`] for the target `target`, all cases.
    pub(super) fn adjusted_insertion_location_in(
        &mut self,
        target: ElemId,
    ) -> InsertionPoint<S::Handle> {
        let t = self.elem(target);
        let mut parent_elem: Option<ElemId> = Some(target);
        let mut point = None;
        if self.foster_parenting
            && t.ns == Namespace::Html
            && matches!(
                t.tag,
                Tag::Table | Tag::Tbody | Tag::Tfoot | Tag::Thead | Tag::Tr
            )
        {
            let last_template = self.last_open_html(Tag::Template);
            let last_table = self.last_open_html(Tag::Table);
            match (last_template, last_table) {
                (Some((tpos, tid)), table) if table.is_none_or(|(pos, _)| tpos > pos) => {
                    let contents = self.inside(tid);
                    point = Some(InsertionPoint {
                        parent: contents,
                        before: None,
                    });
                    parent_elem = None;
                }
                (_, None) => parent_elem = Some(self.open[0]),
                (_, Some((pos, table))) => {
                    let th = self.handle(table);
                    if let Some(p) = self.sink.parent(th) {
                        point = Some(InsertionPoint {
                            parent: p,
                            before: Some(th),
                        });
                        parent_elem = None;
                    } else {
                        parent_elem = Some(self.open[pos - 1]);
                    }
                }
            }
        }
        if let Some(id) = parent_elem {
            if self.root_insertion_target.is_some() && self.open.first() == Some(&id) {
                return InsertionPoint {
                    parent: self.root_insertion_target.unwrap_or(self.handle(id)),
                    before: None,
                };
            }
            let parent = self.inside(id);
            return InsertionPoint {
                parent,
                before: None,
            };
        }
        point.unwrap_or_else(|| InsertionPoint {
            parent: self.sink.document(),
            before: None,
        })
    }

    /// Inserts an element for a start tag at the adjusted insertion location and pushes it
    /// (13.2.6.1 "insert a foreign element" / "insert an HTML element").
    #[inline(always)]
    pub(super) fn insert_element(
        &mut self,
        ns: Namespace,
        name: &'a str,
        tag: Tag,
        attrs: &'a [Attribute<'a>],
    ) -> ElemId {
        let at = self.adjusted_insertion_location(None);
        let id = if ns == Namespace::Html && !self.scalar {
            // Created in place: an HTML element's attributes need no adjustment, and it is no
            // integration point. The scalar twin creates, then inserts.
            let handle = self.sink.create_element_at(at, ns, name, tag, attrs);
            self.register_element(handle, ns, name, tag, attrs, false)
        } else {
            let id = self.create_element(ns, name, tag, attrs, true);
            let h = self.handle(id);
            self.sink.insert(at, h);
            id
        };
        self.push(id);
        id
    }

    /// "Insert an HTML element" for a start tag token: one copy of the insertion for the rules
    /// that are not the common case (each rule inlining its own would make the insertion modes'
    /// code several times larger than the instruction cache).
    #[inline(never)]
    pub(super) fn insert_html(&mut self, tag: &crate::tokenizer::TagToken<'a>) -> ElemId {
        self.insert_html_inline(tag)
    }

    /// [`insert_html`](Self::insert_html) inlined, for the common case's one call site in
    /// "in body" (`in_body_start_tag`).
    #[inline(always)]
    pub(super) fn insert_html_inline(&mut self, tag: &crate::tokenizer::TagToken<'a>) -> ElemId {
        let id = self.insert_element(Namespace::Html, tag.name, tag.tag, tag.attrs);
        self.source_start_tag(id);
        id
    }

    /// "Insert an HTML element" for a start tag token named `name` with no attributes.
    pub(super) fn insert_html_named(&mut self, name: &'static str) -> ElemId {
        self.insert_element(Namespace::Html, name, Tag::from_name(name), &[])
    }

    /// "Insert a character" for a run of characters.
    #[inline(always)]
    pub(super) fn insert_characters(&mut self, text: &'a str) {
        if text.is_empty() {
            return;
        }
        let at = self.adjusted_insertion_location(None);
        if at.parent == self.sink.document() {
            return;
        }
        if S::SOURCE_SPANS {
            let span = self.source_text_span(text);
            self.sink.insert_text_with_source(at, text, span);
        } else {
            self.sink.insert_text(at, text);
        }
    }

    /// "Insert a comment" at the adjusted insertion location.
    pub(super) fn insert_comment(&mut self, data: &'a str) {
        let at = self.adjusted_insertion_location(None);
        let c = self.sink.create_comment(data);
        self.sink.insert(at, c);
    }

    /// "Insert a processing instruction" at the adjusted insertion location.
    pub(super) fn insert_pi(&mut self, target: &'a str, data: &'a str) {
        let at = self.adjusted_insertion_location(None);
        let c = self.sink.create_processing_instruction(target, data);
        self.sink.insert(at, c);
    }

    /// Inserts a comment or processing instruction token as the last child of `parent`.
    pub(super) fn insert_comment_or_pi_in(
        &mut self,
        token: Token<'a>,
        at: InsertionPoint<S::Handle>,
    ) {
        let node = match token {
            Token::Comment(d) => self.sink.create_comment(d),
            Token::ProcessingInstruction(pi) => {
                self.sink.create_processing_instruction(pi.target, pi.data)
            }
            _ => return,
        };
        self.sink.insert(at, node);
    }

    /// Appends a comment or PI token to the Document.
    pub(super) fn insert_comment_or_pi_in_document(&mut self, token: Token<'a>) {
        let doc = self.sink.document();
        self.insert_comment_or_pi_in(
            token,
            InsertionPoint {
                parent: doc,
                before: None,
            },
        );
    }

    /// The generic raw text / RCDATA element parsing algorithm (13.2.6.2).
    pub(super) fn parse_text_element(
        &mut self,
        tag: &crate::tokenizer::TagToken<'a>,
        state: State,
    ) {
        self.insert_html(tag);
        self.switch_tokenizer_to(state);
        self.original_mode = self.mode;
        self.mode = InsertionMode::Text;
    }
}
