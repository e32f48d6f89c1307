//! Source spans (`ParseOptions::spans`): which token each node came from.
//!
//! Only for a sink with [`TreeSink::SOURCE_SPANS`]; for any other sink every `if
//! S::SOURCE_SPANS` here is a constant `false` and the code is compiled out. The driver tells
//! the builder the segment of the document the tokenizer reads
//! ([`TreeBuilder::set_source_segment`]) and, before each token, where it lies
//! ([`TreeBuilder::set_token_bounds`]); the builder tells the sink what the token became:
//!
//! - an element created for the token, a start tag (13.2.6.1 "create an element for the
//!   token"), gets the token as its start tag; an element created for a token the parser made
//!   up ("insert an HTML element for a `tbody` start tag token with no attributes", the `html`,
//!   `head` and `body` it implies, a `br` for `</br>`) gets none;
//! - the adoption agency algorithm's clones and the elements that reconstructing the active
//!   formatting elements creates get their original's start tag ("create an element for the
//!   token for which the element was created");
//! - an end tag is the end tag of the first element with its name that leaves the stack of
//!   open elements while the token is processed, of the adoption agency algorithm's formatting
//!   element, or, for `</body>` and `</html>`, which close nothing (the elements stay open to
//!   the end), of the `body` / `html` element;
//! - characters: their own bytes when they are a slice of the input (wherever the rules put
//!   them), else the whole token (a character reference, a CR, a NUL the tokenizer replaced);
//! - comments, DOCTYPEs and processing instructions: their token.

use std::ops::Range;

use super::{ElemId, TreeBuilder, TreeSink};
use crate::markup::Tag;
use crate::tokenizer::Token;

/// The token being processed, as far as spans need it.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct TokenSource<'a> {
    /// The part of the document the tokenizer reads (all of it, or a streaming segment), and
    /// the document offset of its first byte: characters that are a slice of it have their
    /// place there.
    segment: &'a str,
    segment_base: usize,
    /// Where the previous token ended, where the current one's `<` is (a markup token's
    /// start) and where it ended, as document offsets.
    before: usize,
    markup_start: usize,
    end: usize,
    /// Pending table text being inserted, and its range: its characters are not necessarily
    /// in the segment.
    pending: Option<(&'a str, usize, usize)>,
    /// A start tag no element has taken yet.
    start_tag: bool,
    /// An end tag's tag and name, while no element has taken it.
    end_tag: Option<(Tag, &'a str)>,
}

impl<'a> TokenSource<'a> {
    /// The range of the characters `piece`, a part of the character token being processed (or
    /// of the pending table text being inserted): their own bytes when they are a slice of the
    /// input, else those of the token (a character reference, a CR, a replaced NUL).
    #[inline(always)]
    fn text_span(&self, piece: &str) -> Range<usize> {
        let within = |text: &str| {
            let at = (piece.as_ptr() as usize).wrapping_sub(text.as_ptr() as usize);
            (at <= text.len() && piece.len() <= text.len() - at).then_some(at)
        };
        if let Some((text, start, end)) = self.pending {
            return match within(text) {
                Some(at) if end - start == text.len() => start + at..start + at + piece.len(),
                _ => start..end,
            };
        }
        if let Some(at) = within(self.segment) {
            let start = self.segment_base + at;
            return start..start + piece.len();
        }
        self.owned_text_span()
    }

    /// [`text_span`](Self::text_span) of characters that are not a slice of the input.
    #[cold]
    fn owned_text_span(&self) -> Range<usize> {
        // The token is not the input's characters: all of it, from where the previous token
        // ended, less the `</>`s in between (which emit no token).
        let seg = self.segment.as_bytes();
        let end = self.end - self.segment_base;
        let mut start = (self.before - self.segment_base).min(end);
        while seg[start..end].starts_with(b"</>") {
            start += 3;
        }
        self.segment_base + start..self.end
    }

    /// The range of the current markup token (tag, comment, DOCTYPE, processing instruction).
    fn markup(&self) -> Range<usize> {
        self.markup_start..self.end
    }
}

impl<'a, S: TreeSink<'a>> TreeBuilder<'a, S> {
    /// Source spans: the tokenizer reads `segment`, whose first byte is the document's byte
    /// `base` (the whole input, or a streaming segment). For a sink with
    /// [`TreeSink::SOURCE_SPANS`] only.
    pub(crate) fn set_source_segment(&mut self, segment: &'a str, base: usize) {
        self.source.segment = segment;
        self.source.segment_base = base;
        self.sink.source_segment(segment, base);
    }

    /// Source spans: the next token given to [`process_token`](Self::process_token) follows
    /// the document offset `before`, starts (if it is markup) at `markup_start` and ends at
    /// `end`. For a sink with [`TreeSink::SOURCE_SPANS`] only.
    #[inline(always)]
    pub(crate) fn set_token_bounds(&mut self, before: usize, markup_start: usize, end: usize) {
        self.source.before = before;
        self.source.markup_start = markup_start;
        self.source.end = end;
    }

    /// Source spans: `token` is about to be processed.
    #[inline(always)]
    pub(super) fn source_token(&mut self, token: &Token<'a>) {
        if !S::SOURCE_SPANS {
            return;
        }
        self.source.start_tag = false;
        self.source.end_tag = None;
        match token {
            Token::Characters(_) | Token::Eof => {}
            Token::EndTag(t) => self.source.end_tag = Some((t.tag, t.name)),
            Token::StartTag(_) => {
                self.source.start_tag = true;
                self.sink.token_source(self.source.markup());
            }
            Token::Comment(_) | Token::Doctype(_) | Token::ProcessingInstruction(_) => {
                self.sink.token_source(self.source.markup());
            }
        }
    }

    /// `id` was created for the current token (when it is a start tag, which no element took
    /// yet).
    #[inline(always)]
    pub(super) fn source_start_tag(&mut self, id: ElemId) {
        if S::SOURCE_SPANS && std::mem::take(&mut self.source.start_tag) {
            let h = self.handle(id);
            self.sink.start_tag_source(h);
        }
    }

    /// `id` left the stack of open elements: it takes the current end tag if that has its
    /// name (the token's name, lower case, as the element's `lname` is; an element's tag is
    /// that of its `lname`, so only names no rule knows need comparing).
    #[inline(always)]
    pub(super) fn source_closed(&mut self, id: ElemId) {
        if S::SOURCE_SPANS
            && let Some((tag, name)) = self.source.end_tag
            && let e = self.elem(id)
            && e.tag == tag
            && (tag != Tag::Other || e.lname == name)
        {
            self.source_end_tag(id);
        }
    }

    /// `id` takes the current end tag, if no element took it yet.
    #[inline(always)]
    pub(super) fn source_end_tag(&mut self, id: ElemId) {
        if S::SOURCE_SPANS && self.source.end_tag.take().is_some() {
            let h = self.handle(id);
            let span = self.source.markup();
            self.sink.end_tag_source(h, span);
        }
    }

    /// `clone` was created for the token `original` was created for.
    #[inline(always)]
    pub(super) fn source_clone(&mut self, original: ElemId, clone: ElemId) {
        if S::SOURCE_SPANS {
            let (o, c) = (self.handle(original), self.handle(clone));
            self.sink.copy_start_source(o, c);
        }
    }

    /// The range of `text`, a part of the character token being processed.
    #[inline(always)]
    pub(super) fn source_text_span(&self, text: &str) -> Range<usize> {
        self.source.text_span(text)
    }

    /// Pending table text `text`, whose range is `span`, is being inserted (`None`: no more).
    pub(super) fn source_pending(&mut self, pending: Option<(&'a str, Range<usize>)>) {
        self.source.pending = pending.map(|(text, span)| (text, span.start, span.end));
    }
}
