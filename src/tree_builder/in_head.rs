//! The insertion modes of the head: "in head" (13.2.6.4.4), "in head noscript" (13.2.6.4.5) and
//! "after head" (13.2.6.4.6).

use super::{InsertionMode, Step, TreeBuilder, TreeConstructionError, TreeSink, split_leading_ws};
use crate::markup::{HEAD_CONTENT, Tag};
use crate::tokenizer::{State, Token};

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
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
                self.error(TreeConstructionError::UnexpectedDoctype);
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
                    self.switch_tokenizer_to(State::ScriptData);
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
                    self.insert_template(&t);
                    None
                }
                Tag::Head => {
                    self.error(TreeConstructionError::UnexpectedHeadStartTag);
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
                    self.error(TreeConstructionError::UnexpectedEndTagInHead);
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
            self.error(TreeConstructionError::TemplateEndTagWithoutOpenTemplate);
            return;
        }
        self.generate_implied_end_tags_thoroughly();
        if !self.current_is(Tag::Template) {
            self.error(TreeConstructionError::TemplateEndTagWithOpenChildren);
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
                self.error(TreeConstructionError::UnexpectedDoctype);
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
                self.error(TreeConstructionError::UnexpectedStartTagInNoscript);
                None
            }
            Token::EndTag(t) if t.tag != Tag::Br => {
                self.error(TreeConstructionError::UnexpectedEndTagInNoscript);
                None
            }
            _ => {
                self.in_head_noscript_anything_else();
                Some(token)
            }
        }
    }

    fn in_head_noscript_anything_else(&mut self) {
        self.error(TreeConstructionError::UnexpectedTokenInNoscript);
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
                self.error(TreeConstructionError::UnexpectedDoctype);
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
                    self.error(TreeConstructionError::HeadElementAfterHead);
                    let head = self.head.expect("head element pointer is set after head");
                    self.push(head);
                    let r = self.in_head(token);
                    self.remove_from_stack(head);
                    r
                }
                Tag::Head => {
                    self.error(TreeConstructionError::UnexpectedHeadStartTag);
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
                    self.error(TreeConstructionError::UnexpectedEndTagAfterHead);
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
}
