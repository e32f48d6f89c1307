//! The modes after the body and for framesets: "after body" (13.2.6.4.17), "in frameset"
//! (13.2.6.4.18), "after frameset" (13.2.6.4.19), "after after body" (13.2.6.4.20), "after after
//! frameset" (13.2.6.4.21).

use super::{
    InsertionMode, Step, TreeBuilder, TreeConstructionError, TreeSink, is_ws, split_leading_ws,
};
use crate::markup::Tag;
use crate::tokenizer::Token;

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
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
                self.error(TreeConstructionError::TextAfterBody);
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
                self.error(TreeConstructionError::UnexpectedDoctype);
                None
            }
            Token::StartTag(t) if t.tag == Tag::Html => self.in_body(token),
            Token::EndTag(t) if t.tag == Tag::Html => {
                if self.context.is_some() {
                    self.error(TreeConstructionError::HtmlEndTagInFragment);
                } else {
                    self.mode = InsertionMode::AfterAfterBody;
                    // The html element's end tag (it stays open to the end).
                    self.source_end_tag(self.open[0]);
                }
                None
            }
            Token::Eof => {
                self.stop_parsing();
                None
            }
            _ => {
                self.error(TreeConstructionError::ContentAfterBody);
                self.mode = InsertionMode::InBody;
                Some(token)
            }
        }
    }

    /// Inserts only the whitespace characters of `s` (for modes that ignore other characters
    /// one by one), with a parse error for each other character.
    pub(crate) fn insert_only_whitespace(&mut self, s: &'a str, error: TreeConstructionError) {
        let mut rest = s;
        while !rest.is_empty() {
            let (ws, after) = split_leading_ws(rest);
            self.insert_characters(ws);
            let n = after.bytes().take_while(|&b| !is_ws(b)).count();
            self.character_errors(&after[..n], s, error);
            rest = &after[n..];
        }
    }

    /// The "in frameset" insertion mode (13.2.6.4.18).
    pub(crate) fn in_frameset(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(s) => {
                self.insert_only_whitespace(
                    s,
                    TreeConstructionError::UnexpectedCharacterInFrameset,
                );
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
                    self.error(TreeConstructionError::FramesetEndTagAtRoot);
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
                    self.error(TreeConstructionError::EndOfFileInFrameset);
                }
                self.stop_parsing();
                None
            }
            _ => {
                self.error(TreeConstructionError::UnexpectedTokenInFrameset);
                None
            }
        }
    }

    /// The "after frameset" insertion mode (13.2.6.4.19).
    pub(crate) fn after_frameset(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(s) => {
                self.insert_only_whitespace(
                    s,
                    TreeConstructionError::UnexpectedCharacterAfterFrameset,
                );
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
                self.source_end_tag(self.open[0]);
                None
            }
            Token::StartTag(t) if t.tag == Tag::Noframes => self.in_head(token),
            Token::Eof => {
                self.stop_parsing();
                None
            }
            _ => {
                self.error(TreeConstructionError::UnexpectedTokenAfterFrameset);
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
                self.error(TreeConstructionError::TextAfterHtml);
                self.mode = InsertionMode::InBody;
                Some(Token::Characters(rest))
            }
            Token::Eof => {
                self.stop_parsing();
                None
            }
            _ => {
                self.error(TreeConstructionError::ContentAfterHtml);
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
                    self.character_errors(
                        &after[..n],
                        s,
                        TreeConstructionError::UnexpectedCharacterAfterFrameset,
                    );
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
                self.error(TreeConstructionError::ContentAfterFrameset);
                None
            }
        }
    }
}
