//! "in template" (13.2.6.4.16) and the modes after the body and for framesets: "after body", "in
//! frameset", "after frameset", "after after body", "after after frameset" (13.2.6.4.17–21).

use super::{InsertionMode, Step, Tag, TreeBuilder, TreeSink, is_ws, split_leading_ws};
use crate::tag::HEAD_CONTENT;
use crate::tokenizer::Token;

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
    /// The "in template" insertion mode (13.2.6.4.16).
    pub(crate) fn in_template(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(_)
            | Token::Comment(_)
            | Token::ProcessingInstruction(_)
            | Token::Doctype(_) => self.in_body(token),
            Token::StartTag(t) => match t.tag {
                tag if tag.is_in(HEAD_CONTENT) => self.in_head(token),
                Tag::Caption | Tag::Colgroup | Tag::Tbody | Tag::Tfoot | Tag::Thead => {
                    self.switch_template_mode(InsertionMode::InTable, token)
                }
                Tag::Col => self.switch_template_mode(InsertionMode::InColumnGroup, token),
                Tag::Tr => self.switch_template_mode(InsertionMode::InTableBody, token),
                Tag::Td | Tag::Th => self.switch_template_mode(InsertionMode::InRow, token),
                _ => self.switch_template_mode(InsertionMode::InBody, token),
            },
            Token::EndTag(t) if t.tag == Tag::Template => self.in_head(token),
            Token::EndTag(_) => {
                self.error("unexpected end tag in template");
                None
            }
            Token::Eof => {
                if !self.has_open(Tag::Template) {
                    self.stop_parsing();
                    return None;
                }
                self.error("end of file in template");
                self.pop_until_tag(Tag::Template);
                self.clear_formatting_to_last_marker();
                self.template_modes.pop();
                self.reset_insertion_mode();
                Some(token)
            }
        }
    }

    fn switch_template_mode(&mut self, mode: InsertionMode, token: Token<'a>) -> Step<'a> {
        self.template_modes.pop();
        self.template_modes.push(mode);
        self.mode = mode;
        Some(token)
    }

    /// The "after body" insertion mode (13.2.6.4.17).
    pub(crate) fn after_body(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(s) => {
                let (ws, rest) = split_leading_ws(s);
                if !ws.is_empty() {
                    self.in_body(Token::Characters(ws));
                }
                if rest.is_empty() {
                    return None;
                }
                self.error("text after body");
                self.mode = InsertionMode::InBody;
                Some(Token::Characters(rest))
            }
            Token::Comment(_) | Token::ProcessingInstruction(_) => {
                let html = self.open[0];
                let at = self.adjusted_insertion_location(Some(html));
                self.insert_comment_or_pi_in(token, at);
                None
            }
            Token::Doctype(_) => {
                self.error("unexpected DOCTYPE");
                None
            }
            Token::StartTag(t) if t.tag == Tag::Html => self.in_body(token),
            Token::EndTag(t) if t.tag == Tag::Html => {
                if self.context.is_some() {
                    self.error("html end tag in fragment");
                } else {
                    self.mode = InsertionMode::AfterAfterBody;
                }
                None
            }
            Token::Eof => {
                self.stop_parsing();
                None
            }
            _ => {
                self.error("content after body");
                self.mode = InsertionMode::InBody;
                Some(token)
            }
        }
    }

    /// Inserts only the whitespace characters of `s` (for modes that ignore other characters
    /// one by one), with a parse error for each other character.
    pub(crate) fn insert_only_whitespace(&mut self, s: &'a str, message: &'static str) {
        let mut rest = s;
        while !rest.is_empty() {
            let (ws, after) = split_leading_ws(rest);
            self.insert_characters(ws);
            let n = after.bytes().take_while(|&b| !is_ws(b)).count();
            self.character_errors(&after[..n], s, message);
            rest = &after[n..];
        }
    }

    /// The "in frameset" insertion mode (13.2.6.4.18).
    pub(crate) fn in_frameset(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(s) => {
                self.insert_only_whitespace(s, "unexpected character in frameset");
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
            Token::StartTag(t) if t.tag == Tag::Html => self.in_body(token),
            Token::StartTag(t) if t.tag == Tag::Frameset => {
                self.insert_html(&t);
                None
            }
            Token::EndTag(t) if t.tag == Tag::Frameset => {
                if self.open.len() == 1 {
                    self.error("frameset end tag at root");
                    return None;
                }
                self.pop();
                if self.context.is_none() && !self.current_is(Tag::Frameset) {
                    self.mode = InsertionMode::AfterFrameset;
                }
                None
            }
            Token::StartTag(t) if t.tag == Tag::Frame => {
                self.insert_html(&t);
                self.pop();
                None
            }
            Token::StartTag(t) if t.tag == Tag::Noframes => self.in_head(token),
            Token::Eof => {
                if self.open.len() != 1 {
                    self.error("end of file in frameset");
                }
                self.stop_parsing();
                None
            }
            _ => {
                self.error("unexpected token in frameset");
                None
            }
        }
    }

    /// The "after frameset" insertion mode (13.2.6.4.19).
    pub(crate) fn after_frameset(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(s) => {
                self.insert_only_whitespace(s, "unexpected character after frameset");
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
            Token::StartTag(t) if t.tag == Tag::Html => self.in_body(token),
            Token::EndTag(t) if t.tag == Tag::Html => {
                self.mode = InsertionMode::AfterAfterFrameset;
                None
            }
            Token::StartTag(t) if t.tag == Tag::Noframes => self.in_head(token),
            Token::Eof => {
                self.stop_parsing();
                None
            }
            _ => {
                self.error("unexpected token after frameset");
                None
            }
        }
    }

    /// The "after after body" insertion mode (13.2.6.4.20).
    pub(crate) fn after_after_body(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Comment(_) | Token::ProcessingInstruction(_) => {
                self.insert_comment_or_pi_in_document(token);
                None
            }
            Token::Doctype(_) => self.in_body(token),
            Token::StartTag(t) if t.tag == Tag::Html => self.in_body(token),
            Token::Characters(s) => {
                let (ws, rest) = split_leading_ws(s);
                if !ws.is_empty() {
                    self.in_body(Token::Characters(ws));
                }
                if rest.is_empty() {
                    return None;
                }
                self.error("text after html");
                self.mode = InsertionMode::InBody;
                Some(Token::Characters(rest))
            }
            Token::Eof => {
                self.stop_parsing();
                None
            }
            _ => {
                self.error("content after html");
                self.mode = InsertionMode::InBody;
                Some(token)
            }
        }
    }

    /// The "after after frameset" insertion mode (13.2.6.4.21).
    pub(crate) fn after_after_frameset(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Comment(_) | Token::ProcessingInstruction(_) => {
                self.insert_comment_or_pi_in_document(token);
                None
            }
            Token::Doctype(_) => self.in_body(token),
            Token::StartTag(t) if t.tag == Tag::Html => self.in_body(token),
            Token::Characters(s) => {
                let mut rest = s;
                while !rest.is_empty() {
                    let (ws, after) = split_leading_ws(rest);
                    if !ws.is_empty() {
                        self.in_body(Token::Characters(ws));
                    }
                    let n = after.bytes().take_while(|&b| !is_ws(b)).count();
                    self.character_errors(&after[..n], s, "unexpected character after frameset");
                    rest = &after[n..];
                }
                None
            }
            Token::Eof => {
                self.stop_parsing();
                None
            }
            Token::StartTag(t) if t.tag == Tag::Noframes => self.in_head(token),
            _ => {
                self.error("content after frameset");
                None
            }
        }
    }
}
