//! The insertion modes before the head: "initial" (13.2.6.4.1), "before html" (13.2.6.4.2) and
//! "before head" (13.2.6.4.3).

use super::{
    InsertionMode, Step, TreeBuilder, TreeConstructionError, TreeSink, quirks, split_leading_ws,
};
use crate::markup::{Namespace, QuirksMode, Tag};
use crate::tokenizer::Token;

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
                    self.error(TreeConstructionError::BadDoctype);
                }
                self.sink.append_doctype(
                    d.name.unwrap_or(""),
                    d.public_id.unwrap_or(""),
                    d.system_id.unwrap_or(""),
                );
                let mode = quirks::doctype_quirks_mode(d);
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
        self.error(TreeConstructionError::MissingDoctype);
        self.quirks_mode = QuirksMode::Quirks;
        self.sink.set_quirks_mode(QuirksMode::Quirks);
        self.mode = InsertionMode::BeforeHtml;
    }

    /// The "before html" insertion mode (13.2.6.4.2).
    pub(crate) fn before_html(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Doctype(_) => {
                self.error(TreeConstructionError::UnexpectedDoctype);
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
                self.source_start_tag(self.open[0]);
                None
            }
            Token::EndTag(t) if !matches!(t.tag, Tag::Head | Tag::Body | Tag::Html | Tag::Br) => {
                self.error(TreeConstructionError::UnexpectedEndTag);
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
                self.error(TreeConstructionError::UnexpectedDoctype);
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
                self.error(TreeConstructionError::UnexpectedEndTag);
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
}
