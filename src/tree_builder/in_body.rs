//! The "in body" insertion mode (13.2.6.4.7).

use super::formatting::FormattingEntry;
use super::in_body_table::{EndRule, StartRule, end_rule, start_rule};
use super::open_elements::Scope;
use super::{InsertionMode, Step, TreeBuilder, TreeConstructionError, TreeSink, is_ws};
use crate::markup::{Attr, HEAD_CONTENT, Namespace, Tag, in_body_block_end_tag};
use crate::tokenizer::{State, TagToken, Token};

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
    /// The "in body" insertion mode (13.2.6.4.7).
    pub(crate) fn in_body(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(s) => {
                self.in_body_characters(s);
                None
            }
            Token::Comment(d) => {
                self.insert_comment(d);
                None
            }
            Token::ProcessingInstruction(pi) => {
                self.insert_pi(pi.target, pi.data);
                None
            }
            Token::Doctype(_) => {
                self.error(TreeConstructionError::UnexpectedDoctype);
                None
            }
            Token::StartTag(t) => self.in_body_start_tag(&t),
            Token::EndTag(t) => self.in_body_end_tag(&t),
            Token::Eof => {
                if !self.template_modes.is_empty() {
                    return self.in_template(token);
                }
                if self.has_unclosed_disallowed() {
                    self.error(TreeConstructionError::EndOfFileWithOpenElements);
                }
                self.stop_parsing();
                None
            }
        }
    }

    #[inline(always)]
    pub(crate) fn in_body_characters(&mut self, s: &'a str) {
        let mut rest = s;
        while !rest.is_empty() {
            let nul = if self.known_nul_free(rest) {
                rest.len()
            } else {
                find_nul(rest.as_bytes()).unwrap_or(rest.len())
            };
            let (run, after) = rest.split_at(nul);
            if !run.is_empty() {
                self.reconstruct_formatting();
                self.insert_characters(run);
                if self.frameset_ok && run.bytes().any(|b| !is_ws(b)) {
                    self.frameset_not_ok();
                }
            }
            if let Some(after) = after.strip_prefix('\0') {
                self.error(TreeConstructionError::UnexpectedNullCharacter);
                rest = after;
            } else {
                rest = after;
            }
        }
    }

    fn html_attrs(&self, t: &TagToken<'a>) -> Vec<Attr<'a>> {
        t.attrs.to_vec()
    }

    fn close_p_if_in_button_scope(&mut self) {
        if self.in_scope(Tag::P, Scope::Button) {
            self.close_p_element();
        }
    }

    /// "Close a p element".
    pub(crate) fn close_p_element(&mut self) {
        self.generate_implied_end_tags(Some(Tag::P));
        if !self.current_is(Tag::P) {
            self.error(TreeConstructionError::UnclosedElementsInsideP);
        }
        self.pop_until_tag(Tag::P);
    }

    fn is_fragment_with_select_context(&self) -> bool {
        self.context
            .is_some_and(|c| self.elem(c).is_html(Tag::Select))
    }

    pub(crate) fn in_body_start_tag(&mut self, t: &TagToken<'a>) -> Step<'a> {
        let tag = t.tag;
        if !self.scalar {
            // The common case, decided by the per-tag table (`in_body_table`): the same steps
            // as the full rules below, without their tests.
            // One inlined insertion for the three rules (the code stays small).
            let rule = start_rule(tag);
            match rule {
                StartRule::Ordinary | StartRule::Void => {
                    if !self.formatting.is_empty() {
                        self.reconstruct_formatting();
                    }
                }
                StartRule::ClosesP => {
                    if self.has_open(Tag::P) {
                        self.close_p_if_in_button_scope();
                    }
                }
                StartRule::Full => {}
            }
            if rule != StartRule::Full {
                self.insert_html_inline(t);
                if rule == StartRule::Void {
                    self.pop();
                    if self.frameset_ok {
                        self.frameset_not_ok();
                    }
                }
                return None;
            }
        }
        match tag {
            Tag::Html => {
                self.error(TreeConstructionError::UnexpectedHtmlStartTag);
                if !self.has_open(Tag::Template) {
                    let attrs = self.html_attrs(t);
                    let h = self.handle(self.open[0]);
                    self.sink.add_attrs_if_missing(h, &attrs);
                }
            }
            tag if tag.is_in(HEAD_CONTENT) => return self.in_head(Token::StartTag(*t)),
            Tag::Body => {
                self.error(TreeConstructionError::UnexpectedBodyStartTag);
                if self.open.len() > 1
                    && self.elem(self.open[1]).is_html(Tag::Body)
                    && !self.has_open(Tag::Template)
                {
                    self.frameset_not_ok();
                    let attrs = self.html_attrs(t);
                    let h = self.handle(self.open[1]);
                    self.sink.add_attrs_if_missing(h, &attrs);
                }
            }
            Tag::Frameset => {
                self.error(TreeConstructionError::UnexpectedFramesetStartTag);
                if self.open.len() > 1
                    && self.elem(self.open[1]).is_html(Tag::Body)
                    && self.frameset_ok
                {
                    let body = self.handle(self.open[1]);
                    self.sink.remove_from_parent(body);
                    while self.open.len() > 1 {
                        self.pop();
                    }
                    self.insert_html(t);
                    self.mode = InsertionMode::InFrameset;
                }
            }
            Tag::Address
            | Tag::Article
            | Tag::Aside
            | Tag::Blockquote
            | Tag::Center
            | Tag::Details
            | Tag::Dialog
            | Tag::Dir
            | Tag::Div
            | Tag::Dl
            | Tag::Fieldset
            | Tag::Figcaption
            | Tag::Figure
            | Tag::Footer
            | Tag::Header
            | Tag::Hgroup
            | Tag::Main
            | Tag::Menu
            | Tag::Nav
            | Tag::Ol
            | Tag::P
            | Tag::Search
            | Tag::Section
            | Tag::Summary
            | Tag::Ul => {
                self.close_p_if_in_button_scope();
                self.insert_html(t);
            }
            Tag::H1 | Tag::H2 | Tag::H3 | Tag::H4 | Tag::H5 | Tag::H6 => {
                self.close_p_if_in_button_scope();
                let cur = self.elem(self.current());
                if cur.ns == Namespace::Html && cur.tag.is_heading() {
                    self.error(TreeConstructionError::NestedHeading);
                    self.pop();
                }
                self.insert_html(t);
            }
            Tag::Pre | Tag::Listing => {
                self.close_p_if_in_button_scope();
                self.insert_html(t);
                self.ignore_lf = true;
                self.frameset_not_ok();
            }
            Tag::Form => {
                let template_open = self.in_template_contents();
                if self.form.is_some() && !template_open {
                    self.error(TreeConstructionError::NestedForm);
                } else {
                    self.close_p_if_in_button_scope();
                    let id = self.insert_html(t);
                    if !template_open {
                        self.form = Some(id);
                    }
                }
            }
            Tag::Li => {
                self.frameset_not_ok();
                let open_lis = if self.has_open(Tag::Li) {
                    self.open.len()
                } else {
                    0
                };
                for i in (0..open_lis).rev() {
                    let e = *self.elem(self.open[i]);
                    if e.is_html(Tag::Li) {
                        self.generate_implied_end_tags(Some(Tag::Li));
                        if !self.current_is(Tag::Li) {
                            self.error(TreeConstructionError::UnclosedElementsInLi);
                        }
                        self.pop_until_tag(Tag::Li);
                        break;
                    }
                    if e.is_special()
                        && !(e.ns == Namespace::Html
                            && matches!(e.tag, Tag::Address | Tag::Div | Tag::P))
                    {
                        break;
                    }
                }
                self.close_p_if_in_button_scope();
                self.insert_html(t);
            }
            Tag::Dd | Tag::Dt => {
                self.frameset_not_ok();
                let open_items = if self.has_open(Tag::Dd) || self.has_open(Tag::Dt) {
                    self.open.len()
                } else {
                    0
                };
                for i in (0..open_items).rev() {
                    let e = *self.elem(self.open[i]);
                    if e.ns == Namespace::Html && matches!(e.tag, Tag::Dd | Tag::Dt) {
                        self.generate_implied_end_tags(Some(e.tag));
                        if !self.current_is(e.tag) {
                            self.error(TreeConstructionError::UnclosedElementsInDdDt);
                        }
                        self.pop_until_tag(e.tag);
                        break;
                    }
                    if e.is_special()
                        && !(e.ns == Namespace::Html
                            && matches!(e.tag, Tag::Address | Tag::Div | Tag::P))
                    {
                        break;
                    }
                }
                self.close_p_if_in_button_scope();
                self.insert_html(t);
            }
            Tag::Plaintext => {
                self.close_p_if_in_button_scope();
                self.insert_html(t);
                self.switch_tokenizer_to(State::Plaintext);
            }
            Tag::Button => {
                if self.in_scope(Tag::Button, Scope::Default) {
                    self.error(TreeConstructionError::NestedButton);
                    self.generate_implied_end_tags(None);
                    self.pop_until_tag(Tag::Button);
                }
                self.reconstruct_formatting();
                self.insert_html(t);
                self.frameset_not_ok();
            }
            Tag::A => {
                if let Some((_, a)) = self.formatting_element_after_marker(Tag::A, "a") {
                    self.error(TreeConstructionError::NestedA);
                    if self.adoption_agency(Tag::A, "a") {
                        self.any_other_end_tag(Tag::A, "a");
                    }
                    self.remove_from_formatting(a);
                    self.remove_from_stack(a);
                }
                self.reconstruct_formatting();
                let id = self.insert_html(t);
                self.push_formatting(id);
            }
            Tag::B
            | Tag::Big
            | Tag::Code
            | Tag::Em
            | Tag::Font
            | Tag::I
            | Tag::S
            | Tag::Small
            | Tag::Strike
            | Tag::Strong
            | Tag::Tt
            | Tag::U => {
                self.reconstruct_formatting();
                let id = self.insert_html(t);
                self.push_formatting(id);
            }
            Tag::Nobr => {
                self.reconstruct_formatting();
                if self.in_scope(Tag::Nobr, Scope::Default) {
                    self.error(TreeConstructionError::NestedNobr);
                    if self.adoption_agency(Tag::Nobr, "nobr") {
                        self.any_other_end_tag(Tag::Nobr, "nobr");
                    }
                    self.reconstruct_formatting();
                }
                let id = self.insert_html(t);
                self.push_formatting(id);
            }
            Tag::Applet | Tag::Marquee | Tag::Object => {
                self.reconstruct_formatting();
                self.insert_html(t);
                self.push_marker();
                self.frameset_not_ok();
            }
            Tag::Table => {
                if self.quirks_mode != super::QuirksMode::Quirks {
                    self.close_p_if_in_button_scope();
                }
                self.insert_html(t);
                self.frameset_not_ok();
                self.mode = InsertionMode::InTable;
            }
            Tag::Area | Tag::Br | Tag::Embed | Tag::Img | Tag::Keygen | Tag::Wbr => {
                self.reconstruct_formatting();
                self.insert_html(t);
                self.pop();
                self.frameset_not_ok();
            }
            Tag::Input => {
                if self.is_fragment_with_select_context() {
                    self.error(TreeConstructionError::InputInSelect);
                    return None;
                }
                if self.in_scope(Tag::Select, Scope::Default) {
                    self.error(TreeConstructionError::InputInSelect);
                    self.pop_until_tag(Tag::Select);
                }
                self.reconstruct_formatting();
                self.insert_html(t);
                self.pop();
                if !t
                    .attr("type")
                    .is_some_and(|v| v.eq_ignore_ascii_case("hidden"))
                {
                    self.frameset_not_ok();
                }
            }
            Tag::Param | Tag::Source | Tag::Track => {
                self.insert_html(t);
                self.pop();
            }
            Tag::Hr => {
                self.close_p_if_in_button_scope();
                if self.in_scope(Tag::Select, Scope::Default) {
                    self.generate_implied_end_tags(None);
                    if self.in_scope(Tag::Option, Scope::Default)
                        || self.in_scope(Tag::Optgroup, Scope::Default)
                    {
                        self.error(TreeConstructionError::HrInOption);
                    }
                }
                self.insert_html(t);
                self.pop();
                self.frameset_not_ok();
            }
            Tag::Image => {
                self.error(TreeConstructionError::ImageStartTag);
                let img = TagToken {
                    name: "img",
                    tag: Tag::Img,
                    ..*t
                };
                return self.in_body_start_tag(&img);
            }
            Tag::Textarea => {
                self.insert_html(t);
                self.ignore_lf = true;
                self.switch_tokenizer_to(State::Rcdata);
                self.original_mode = self.mode;
                self.frameset_not_ok();
                self.mode = InsertionMode::Text;
            }
            Tag::Xmp => {
                self.close_p_if_in_button_scope();
                self.reconstruct_formatting();
                self.frameset_not_ok();
                self.parse_text_element(t, State::Rawtext);
            }
            Tag::Iframe => {
                self.frameset_not_ok();
                self.parse_text_element(t, State::Rawtext);
            }
            Tag::Noembed => self.parse_text_element(t, State::Rawtext),
            Tag::Noscript if self.scripting => self.parse_text_element(t, State::Rawtext),
            Tag::Select => {
                if self.is_fragment_with_select_context() {
                    self.error(TreeConstructionError::SelectInSelect);
                } else if self.in_scope(Tag::Select, Scope::Default) {
                    self.error(TreeConstructionError::SelectInSelect);
                    self.pop_until_tag(Tag::Select);
                } else {
                    self.reconstruct_formatting();
                    self.insert_html(t);
                    self.frameset_not_ok();
                }
            }
            Tag::Option => {
                if self.in_scope(Tag::Select, Scope::Default) {
                    self.generate_implied_end_tags(Some(Tag::Optgroup));
                    if self.in_scope(Tag::Option, Scope::Default) {
                        self.error(TreeConstructionError::NestedOption);
                    }
                } else if self.current_is(Tag::Option) {
                    self.pop();
                }
                self.reconstruct_formatting();
                self.insert_html(t);
            }
            Tag::Optgroup => {
                if self.in_scope(Tag::Select, Scope::Default) {
                    self.generate_implied_end_tags(None);
                    if self.in_scope(Tag::Option, Scope::Default)
                        || self.in_scope(Tag::Optgroup, Scope::Default)
                    {
                        self.error(TreeConstructionError::NestedOptgroup);
                    }
                } else if self.current_is(Tag::Option) {
                    self.pop();
                }
                self.reconstruct_formatting();
                self.insert_html(t);
            }
            Tag::Rb | Tag::Rtc => {
                if self.in_scope(Tag::Ruby, Scope::Default) {
                    self.generate_implied_end_tags(None);
                    if !self.current_is(Tag::Ruby) {
                        self.error(TreeConstructionError::RbOutsideRuby);
                    }
                }
                self.insert_html(t);
            }
            Tag::Rp | Tag::Rt => {
                if self.in_scope(Tag::Ruby, Scope::Default) {
                    self.generate_implied_end_tags(Some(Tag::Rtc));
                    if !self.current_is(Tag::Rtc) && !self.current_is(Tag::Ruby) {
                        self.error(TreeConstructionError::RtOutsideRuby);
                    }
                }
                self.insert_html(t);
            }
            Tag::Math => {
                self.reconstruct_formatting();
                self.insert_foreign_for_tag(t, Namespace::MathMl);
            }
            Tag::Svg => {
                self.reconstruct_formatting();
                self.insert_foreign_for_tag(t, Namespace::Svg);
            }
            Tag::Caption
            | Tag::Col
            | Tag::Colgroup
            | Tag::Frame
            | Tag::Head
            | Tag::Tbody
            | Tag::Td
            | Tag::Tfoot
            | Tag::Th
            | Tag::Thead
            | Tag::Tr => {
                self.error(TreeConstructionError::UnexpectedTableStartTagInBody);
            }
            _ => {
                self.reconstruct_formatting();
                self.insert_html(t);
            }
        }
        None
    }

    pub(crate) fn in_body_end_tag(&mut self, t: &TagToken<'a>) -> Step<'a> {
        let tag = t.tag;
        if !self.scalar && self.end_tag_closes_current(t) {
            return None;
        }
        match tag {
            Tag::Template => return self.in_head(Token::EndTag(*t)),
            Tag::Body | Tag::Html => {
                if !self.in_scope(Tag::Body, Scope::Default) {
                    self.error(TreeConstructionError::BodyEndTagWithoutBodyInScope);
                    return None;
                }
                if self.has_unclosed_disallowed() {
                    self.error(TreeConstructionError::BodyEndTagWithOpenElements);
                }
                self.mode = InsertionMode::AfterBody;
                if tag == Tag::Html {
                    return Some(Token::EndTag(*t));
                }
                // `</body>` closes nothing (the body element stays open to the end), but it is
                // the body element's end tag.
                if let Some((_, body)) = self.last_open_html(Tag::Body) {
                    self.source_end_tag(body);
                }
            }
            in_body_block_end_tag!() => {
                if !self.in_scope(tag, Scope::Default) {
                    self.error(TreeConstructionError::EndTagWithoutOpenElement);
                    return None;
                }
                self.generate_implied_end_tags(None);
                if !self.current_is(tag) {
                    self.error(TreeConstructionError::EndTagWithOpenChildren);
                }
                self.pop_until_tag(tag);
            }
            Tag::Form => {
                if !self.in_template_contents() {
                    let node = self.form.take();
                    let Some(node) = node.filter(|&n| self.elem_in_scope(n)) else {
                        self.error(TreeConstructionError::FormEndTagWithoutOpenForm);
                        return None;
                    };
                    self.generate_implied_end_tags(None);
                    if self.current() != node {
                        self.error(TreeConstructionError::FormEndTagWithOpenChildren);
                    }
                    self.remove_from_stack(node);
                } else {
                    if !self.in_scope(Tag::Form, Scope::Default) {
                        self.error(TreeConstructionError::FormEndTagWithoutOpenForm);
                        return None;
                    }
                    self.generate_implied_end_tags(None);
                    if !self.current_is(Tag::Form) {
                        self.error(TreeConstructionError::FormEndTagWithOpenChildren);
                    }
                    self.pop_until_tag(Tag::Form);
                }
            }
            Tag::P => {
                if !self.in_scope(Tag::P, Scope::Button) {
                    self.error(TreeConstructionError::PEndTagWithoutOpenP);
                    self.insert_html_named("p");
                }
                self.close_p_element();
            }
            Tag::Li => {
                if !self.in_scope(Tag::Li, Scope::ListItem) {
                    self.error(TreeConstructionError::LiEndTagWithoutOpenLi);
                    return None;
                }
                self.generate_implied_end_tags(Some(Tag::Li));
                if !self.current_is(Tag::Li) {
                    self.error(TreeConstructionError::LiEndTagWithOpenChildren);
                }
                self.pop_until_tag(Tag::Li);
            }
            Tag::Dd | Tag::Dt => {
                if !self.in_scope(tag, Scope::Default) {
                    self.error(TreeConstructionError::EndTagWithoutOpenElement);
                    return None;
                }
                self.generate_implied_end_tags(Some(tag));
                if !self.current_is(tag) {
                    self.error(TreeConstructionError::EndTagWithOpenChildren);
                }
                self.pop_until_tag(tag);
            }
            Tag::H1 | Tag::H2 | Tag::H3 | Tag::H4 | Tag::H5 | Tag::H6 => {
                if !self.in_scope_any(
                    &[Tag::H1, Tag::H2, Tag::H3, Tag::H4, Tag::H5, Tag::H6],
                    Scope::Default,
                ) {
                    self.error(TreeConstructionError::HeadingEndTagWithoutOpenHeading);
                    return None;
                }
                self.generate_implied_end_tags(None);
                if !self.current_is(tag) {
                    self.error(TreeConstructionError::HeadingEndTagWithOpenChildren);
                }
                self.pop_until_html(Tag::is_heading);
            }
            Tag::A
            | Tag::B
            | Tag::Big
            | Tag::Code
            | Tag::Em
            | Tag::Font
            | Tag::I
            | Tag::Nobr
            | Tag::S
            | Tag::Small
            | Tag::Strike
            | Tag::Strong
            | Tag::Tt
            | Tag::U => {
                if self.adoption_agency(tag, t.name) {
                    self.any_other_end_tag(tag, t.name);
                }
            }
            Tag::Applet | Tag::Marquee | Tag::Object => {
                if !self.in_scope(tag, Scope::Default) {
                    self.error(TreeConstructionError::EndTagWithoutOpenElement);
                    return None;
                }
                self.generate_implied_end_tags(None);
                if !self.current_is(tag) {
                    self.error(TreeConstructionError::EndTagWithOpenChildren);
                }
                self.pop_until_tag(tag);
                self.clear_formatting_to_last_marker();
            }
            Tag::Br => {
                self.error(TreeConstructionError::BrEndTag);
                let br = TagToken {
                    name: "br",
                    tag: Tag::Br,
                    attrs: &[],
                    self_closing: false,
                };
                return self.in_body_start_tag(&br);
            }
            _ => self.any_other_end_tag(tag, t.name),
        }
        None
    }

    /// The common case of an "in body" end tag, decided by the per-tag table (`in_body_table`):
    /// when the current node is the HTML element the token names and the tag's rules come
    /// down to popping it ([`EndRule`]), pops it (and removes it from the list of active
    /// formatting elements) and returns `true`; otherwise does nothing and returns `false`.
    #[inline]
    fn end_tag_closes_current(&mut self, t: &TagToken<'a>) -> bool {
        let Some(&cur) = self.open.last() else {
            return false;
        };
        let e = self.elem(cur);
        if e.ns != Namespace::Html || e.tag != t.tag || (t.tag == Tag::Other && e.name != t.name) {
            return false;
        }
        match end_rule(t.tag) {
            EndRule::PopsCurrent if !e.in_formatting_list => {
                self.pop();
                true
            }
            EndRule::Formatting if !e.in_formatting_list => {
                // The adoption agency algorithm's step 2.
                self.pop();
                true
            }
            EndRule::Formatting
                if self.formatting.last() == Some(&FormattingEntry::Element(cur)) =>
            {
                // Steps 4.3 to 4.8 with the current node as the formatting element and no
                // furthest block: pop it, remove it from the list.
                self.pop();
                self.remove_last_formatting();
                true
            }
            _ => false,
        }
    }

    /// The "any other end tag" entry of "in body".
    pub(crate) fn any_other_end_tag(&mut self, tag: Tag, name: &str) {
        // No open HTML element has this name: the walk would end at a special element.
        let may_be_open = if tag == Tag::Other {
            self.name_may_be_open(name)
        } else {
            self.has_open(tag)
        };
        if !may_be_open {
            self.error(TreeConstructionError::EndTagForUnopenedElement);
            return;
        }
        for i in (0..self.open.len()).rev() {
            let id = self.open[i];
            let e = *self.elem(id);
            if e.ns == Namespace::Html && e.tag == tag && e.name == name {
                self.generate_implied_end_tags_except_named(tag, name);
                if id != self.current() {
                    self.error(TreeConstructionError::EndTagWithOpenChildren);
                }
                self.pop_until_elem(id);
                return;
            }
            if e.is_special() {
                self.error(TreeConstructionError::EndTagForUnopenedElement);
                return;
            }
        }
    }

    /// Generate implied end tags, except for HTML elements with the token's tag name.
    fn generate_implied_end_tags_except_named(&mut self, tag: Tag, name: &str) {
        while let Some(&id) = self.open.last() {
            let e = self.elem(id);
            if e.ns != Namespace::Html
                || !e.tag.has_implied_end_tag()
                || (e.tag == tag && e.name == name)
            {
                break;
            }
            self.pop();
        }
    }
}

/// The index of the first U+0000 in `bytes`. Most runs in a body are a few bytes of whitespace
/// between tags, for which a byte loop is cheaper than `memchr`'s set-up.
#[inline]
pub(crate) fn find_nul(bytes: &[u8]) -> Option<usize> {
    if bytes.len() < 16 {
        bytes.iter().position(|&b| b == 0)
    } else {
        memchr::memchr(0, bytes)
    }
}
