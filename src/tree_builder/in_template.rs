//! The "in template" insertion mode (13.2.6.4.16).

use super::{InsertionMode, Step, TreeBuilder, TreeConstructionError, TreeSink};
use crate::markup::{HEAD_CONTENT, Tag};
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
                self.error(TreeConstructionError::UnexpectedEndTagInTemplate);
                None
            }
            Token::Eof => {
                if !self.has_open(Tag::Template) {
                    self.stop_parsing();
                    return None;
                }
                self.error(TreeConstructionError::EndOfFileInTemplate);
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
}
