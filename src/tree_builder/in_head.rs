//! The insertion modes before the body: "initial", "before html", "before head", "in head", "in
//! head noscript", "after head" (13.2.6.4.1–6), and "text" (13.2.6.4.8).

use super::{
    InsertionMode, Namespace, QuirksMode, Step, Tag, TreeBuilder, TreeSink, quirks,
    split_leading_ws,
};
use crate::tag::HEAD_CONTENT;
use crate::tokenizer::{State, Token};

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
    /// The "initial" insertion mode (13.2.6.4.1).
    pub(crate) fn initial(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(s) => {
                let (_, rest) = split_leading_ws(s);
                if rest.is_empty() {
                    return None;
                }
                self.initial_anything_else();
                Some(Token::Characters(rest))
            }
            Token::Comment(_) | Token::ProcessingInstruction(_) => {
                self.insert_comment_or_pi_in_document(token);
                None
            }
            Token::Doctype(d) => {
                let legacy = d.system_id.is_none_or(|s| s == "about:legacy-compat");
                if d.name != Some("html") || d.public_id.is_some() || !legacy {
                    self.error("bad DOCTYPE");
                }
                self.sink.append_doctype(
                    d.name.unwrap_or(""),
                    d.public_id.unwrap_or(""),
                    d.system_id.unwrap_or(""),
                );
                let mode = quirks::doctype_quirks_mode(&d);
                self.quirks_mode = mode;
                self.sink.set_quirks_mode(mode);
                self.mode = InsertionMode::BeforeHtml;
                None
            }
            _ => {
                self.initial_anything_else();
                Some(token)
            }
        }
    }

    fn initial_anything_else(&mut self) {
        self.error("missing DOCTYPE");
        self.quirks_mode = QuirksMode::Quirks;
        self.sink.set_quirks_mode(QuirksMode::Quirks);
        self.mode = InsertionMode::BeforeHtml;
    }

    /// The "before html" insertion mode (13.2.6.4.2).
    pub(crate) fn before_html(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Doctype(_) => {
                self.error("unexpected DOCTYPE");
                None
            }
            Token::Comment(_) | Token::ProcessingInstruction(_) => {
                self.insert_comment_or_pi_in_document(token);
                None
            }
            Token::Characters(s) => {
                let (_, rest) = split_leading_ws(s);
                if rest.is_empty() {
                    return None;
                }
                self.before_html_anything_else(&[]);
                Some(Token::Characters(rest))
            }
            Token::StartTag(t) if t.tag == Tag::Html => {
                self.before_html_anything_else(t.attrs);
                None
            }
            Token::EndTag(t) if !matches!(t.tag, Tag::Head | Tag::Body | Tag::Html | Tag::Br) => {
                self.error("unexpected end tag");
                None
            }
            _ => {
                self.before_html_anything_else(&[]);
                Some(token)
            }
        }
    }

    fn before_html_anything_else(&mut self, attrs: &'a [crate::tokenizer::Attribute<'a>]) {
        let id = self.create_element(Namespace::Html, "html", Tag::Html, attrs, false);
        let doc = self.sink.document();
        let h = self.handle(id);
        self.sink.insert(
            super::InsertionPoint {
                parent: doc,
                before: None,
            },
            h,
        );
        self.push(id);
        self.mode = InsertionMode::BeforeHead;
    }

    /// The "before head" insertion mode (13.2.6.4.3).
    pub(crate) fn before_head(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(s) => {
                let (_, rest) = split_leading_ws(s);
                if rest.is_empty() {
                    return None;
                }
                self.before_head_anything_else();
                Some(Token::Characters(rest))
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
                self.error("unexpected DOCTYPE");
                None
            }
            Token::StartTag(t) if t.tag == Tag::Html => self.in_body(token),
            Token::StartTag(t) if t.tag == Tag::Head => {
                let id = self.insert_html(&t);
                self.head = Some(id);
                self.mode = InsertionMode::InHead;
                None
            }
            Token::EndTag(t) if !matches!(t.tag, Tag::Head | Tag::Body | Tag::Html | Tag::Br) => {
                self.error("unexpected end tag");
                None
            }
            _ => {
                self.before_head_anything_else();
                Some(token)
            }
        }
    }

    fn before_head_anything_else(&mut self) {
        let id = self.insert_html_named("head");
        self.head = Some(id);
        self.mode = InsertionMode::InHead;
    }

    /// The "in head" insertion mode (13.2.6.4.4).
    pub(crate) fn in_head(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(s) => {
                let (ws, rest) = split_leading_ws(s);
                self.insert_characters(ws);
                if rest.is_empty() {
                    return None;
                }
                self.in_head_anything_else();
                Some(Token::Characters(rest))
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
                self.error("unexpected DOCTYPE");
                None
            }
            Token::StartTag(t) => match t.tag {
                Tag::Html => self.in_body(token),
                Tag::Base | Tag::Basefont | Tag::Bgsound | Tag::Link => {
                    self.insert_html(&t);
                    self.pop();
                    None
                }
                Tag::Meta => {
                    self.insert_html(&t);
                    self.pop();
                    self.meta_encoding_declaration(t.attrs);
                    None
                }
                Tag::Title => {
                    self.parse_text_element(&t, State::Rcdata);
                    None
                }
                Tag::Noscript if self.scripting => {
                    self.parse_text_element(&t, State::Rawtext);
                    None
                }
                Tag::Noframes | Tag::Style => {
                    self.parse_text_element(&t, State::Rawtext);
                    None
                }
                Tag::Noscript => {
                    self.insert_html(&t);
                    self.mode = InsertionMode::InHeadNoscript;
                    None
                }
                Tag::Script => {
                    self.insert_html(&t);
                    self.tokenizer_state = Some(State::ScriptData);
                    self.original_mode = self.mode;
                    self.mode = InsertionMode::Text;
                    None
                }
                Tag::Template => {
                    self.push_marker();
                    // The frameset-ok flag: a template in the body makes it "not ok", a template
                    // in the head does not (WPT template.dat, 2026-09; the July 2026 text sets it
                    // unconditionally).
                    if self.has_open(Tag::Body) {
                        self.frameset_not_ok();
                    }
                    self.mode = InsertionMode::InTemplate;
                    self.template_modes.push(InsertionMode::InTemplate);
                    self.insert_html(&t);
                    None
                }
                Tag::Head => {
                    self.error("unexpected head start tag");
                    None
                }
                _ => {
                    self.in_head_anything_else();
                    Some(token)
                }
            },
            Token::EndTag(t) => match t.tag {
                Tag::Head => {
                    self.pop();
                    self.mode = InsertionMode::AfterHead;
                    None
                }
                Tag::Body | Tag::Html | Tag::Br => {
                    self.in_head_anything_else();
                    Some(token)
                }
                Tag::Template => {
                    self.end_template();
                    None
                }
                _ => {
                    self.error("unexpected end tag in head");
                    None
                }
            },
            Token::Eof => {
                self.in_head_anything_else();
                Some(token)
            }
        }
    }

    fn in_head_anything_else(&mut self) {
        self.pop();
        self.mode = InsertionMode::AfterHead;
    }

    /// The "in head" rules for a `template` end tag.
    pub(crate) fn end_template(&mut self) {
        if !self.has_open(Tag::Template) {
            self.error("template end tag without open template");
            return;
        }
        self.generate_implied_end_tags_thoroughly();
        if !self.current_is(Tag::Template) {
            self.error("template end tag with open children");
        }
        self.pop_until_tag(Tag::Template);
        self.clear_formatting_to_last_marker();
        self.template_modes.pop();
        self.reset_insertion_mode();
    }

    /// The "in head noscript" insertion mode (13.2.6.4.5).
    pub(crate) fn in_head_noscript(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Doctype(_) => {
                self.error("unexpected DOCTYPE");
                None
            }
            Token::StartTag(t) if t.tag == Tag::Html => self.in_body(token),
            Token::EndTag(t) if t.tag == Tag::Noscript => {
                self.pop();
                self.mode = InsertionMode::InHead;
                None
            }
            Token::Characters(s) => {
                let (ws, rest) = split_leading_ws(s);
                if !ws.is_empty() {
                    self.in_head(Token::Characters(ws));
                }
                if rest.is_empty() {
                    return None;
                }
                self.in_head_noscript_anything_else();
                Some(Token::Characters(rest))
            }
            Token::Comment(_) | Token::ProcessingInstruction(_) => self.in_head(token),
            Token::StartTag(t)
                if matches!(
                    t.tag,
                    Tag::Basefont
                        | Tag::Bgsound
                        | Tag::Link
                        | Tag::Meta
                        | Tag::Noframes
                        | Tag::Style
                ) =>
            {
                self.in_head(token)
            }
            Token::StartTag(t) if matches!(t.tag, Tag::Head | Tag::Noscript) => {
                self.error("unexpected start tag in noscript");
                None
            }
            Token::EndTag(t) if t.tag != Tag::Br => {
                self.error("unexpected end tag in noscript");
                None
            }
            _ => {
                self.in_head_noscript_anything_else();
                Some(token)
            }
        }
    }

    fn in_head_noscript_anything_else(&mut self) {
        self.error("unexpected token in noscript");
        self.pop();
        self.mode = InsertionMode::InHead;
    }

    /// The "after head" insertion mode (13.2.6.4.6).
    pub(crate) fn after_head(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(s) => {
                let (ws, rest) = split_leading_ws(s);
                self.insert_characters(ws);
                if rest.is_empty() {
                    return None;
                }
                self.after_head_anything_else();
                Some(Token::Characters(rest))
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
                self.error("unexpected DOCTYPE");
                None
            }
            Token::StartTag(t) => match t.tag {
                Tag::Html => self.in_body(token),
                Tag::Body => {
                    self.insert_html(&t);
                    self.frameset_not_ok();
                    self.mode = InsertionMode::InBody;
                    None
                }
                Tag::Frameset => {
                    self.insert_html(&t);
                    self.mode = InsertionMode::InFrameset;
                    None
                }
                tag if tag.is_in(HEAD_CONTENT) => {
                    self.error("head element after head");
                    let head = self.head.expect("head element pointer is set after head");
                    self.push(head);
                    let r = self.in_head(token);
                    self.remove_from_stack(head);
                    r
                }
                Tag::Head => {
                    self.error("unexpected head start tag");
                    None
                }
                _ => {
                    self.after_head_anything_else();
                    Some(token)
                }
            },
            Token::EndTag(t) => match t.tag {
                Tag::Template => self.in_head(token),
                Tag::Body | Tag::Html | Tag::Br => {
                    self.after_head_anything_else();
                    Some(token)
                }
                _ => {
                    self.error("unexpected end tag after head");
                    None
                }
            },
            Token::Eof => {
                self.after_head_anything_else();
                Some(token)
            }
        }
    }

    fn after_head_anything_else(&mut self) {
        self.insert_html_named("body");
        self.mode = InsertionMode::InBody;
    }

    /// The "text" insertion mode (13.2.6.4.8).
    pub(crate) fn text(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(s) => {
                self.insert_characters(s);
                None
            }
            Token::Eof => {
                self.error("end of file in text");
                self.pop();
                self.mode = self.original_mode;
                Some(token)
            }
            Token::EndTag(_) => {
                self.pop();
                self.mode = self.original_mode;
                None
            }
            _ => None,
        }
    }
}
