//! The "text" insertion mode (13.2.6.4.8): the content of `script`, `style`, `title`, `textarea`
//! and the other raw text and RCDATA elements.

use super::{Step, TreeBuilder, TreeConstructionError, TreeSink};
use crate::tokenizer::Token;

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
    /// The "text" insertion mode (13.2.6.4.8).
    pub(crate) fn text(&mut self, token: Token<'a>) -> Step<'a> {
        match token {
            Token::Characters(s) => {
                self.insert_characters(s);
                None
            }
            Token::Eof => {
                self.error(TreeConstructionError::EndOfFileInText);
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
