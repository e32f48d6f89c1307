//! Tags and attributes (13.2.5.6–8, 13.2.5.32–40).

use super::scan;
use super::{
    Attribute, ErrorCode, LINEAR_DUPLICATE_CHECK_LIMIT, State, TagToken, Token, Tokenizer,
    is_tokenizer_whitespace,
};
use crate::markup::Tag;

impl<'a> Tokenizer<'a> {
    /// Creates a new start or end tag token: empty name, no attributes, self-closing unset.
    #[inline(always)]
    pub(super) fn start_tag_token(&mut self, is_end: bool) {
        self.tag_is_end = is_end;
        self.tag_name.clear();
        self.self_closing = false;
        self.attrs.clear();
        if !self.attr_names.is_empty() {
            self.attr_names.clear();
        }
        self.attr_pending = false;
    }

    /// Appends the input characters `s..e` (ASCII letters and other characters) to the tag
    /// name, lower-casing ASCII upper alpha.
    pub(super) fn push_tag_name_lowercase(&mut self, s: usize, e: usize) {
        let src = self.src;
        let bytes = &self.input[s..e];
        if bytes.iter().any(u8::is_ascii_uppercase) {
            for &b in bytes {
                // Only ASCII letters reach this path (end tag names in RCDATA and friends).
                self.tag_name.push_char(src, b.to_ascii_lowercase() as char);
            }
        } else {
            self.tag_name.push_range(src, s, e);
        }
    }

    /// Starts a new attribute on the current tag: empty name and value.
    #[inline(always)]
    fn start_attribute(&mut self) {
        self.finish_attribute();
        self.attr_pending = true;
        self.attr_duplicate = false;
        self.attr_name.clear();
        self.attr_value.clear();
    }

    /// Leaving the attribute name state: the name is complete, so check it against the
    /// attributes already on the token (13.2.5.33, the duplicate-attribute rule).
    #[inline(always)]
    fn leave_attribute_name(&mut self) {
        let name = self.attr_name.finish(self.src, self.arena);
        self.attr_name_final = name;
        let duplicate = if self.attrs.len() < LINEAR_DUPLICATE_CHECK_LIMIT {
            self.attrs.iter().any(|a| a.name == name)
        } else {
            if self.attr_names.is_empty() {
                let names: Vec<&'a str> = self.attrs.iter().map(|a| a.name).collect();
                self.attr_names.extend(names);
            }
            !self.attr_names.insert(name)
        };
        if duplicate {
            self.error(ErrorCode::DuplicateAttribute);
            self.attr_duplicate = true;
        }
    }

    /// Adds the pending attribute to the token unless it was a duplicate.
    #[inline]
    fn finish_attribute(&mut self) {
        if self.attr_pending {
            self.push_attribute();
        }
    }

    /// [`finish_attribute`](Self::finish_attribute) when an attribute is pending.
    #[inline]
    fn push_attribute(&mut self) {
        let value = self.attr_value.finish(self.src, self.arena);
        self.push_attribute_with_value(value);
    }

    /// Adds the pending attribute, whose value is `value` (the finished `attr_value`), to the
    /// token unless it was a duplicate; no attribute is pending afterwards.
    #[inline(always)]
    fn push_attribute_with_value(&mut self, value: &'a str) {
        self.attr_pending = false;
        if self.attr_duplicate {
            return;
        }
        let name = self.attr_name_final;
        if self.attrs.len() >= LINEAR_DUPLICATE_CHECK_LIMIT && !self.attr_names.is_empty() {
            self.attr_names.insert(name);
        }
        self.attrs.push(Attribute { name, value });
    }

    /// Emits the current tag token (with the end-tag parse errors of 13.2.5).
    pub(super) fn emit_tag(&mut self) -> Option<Token<'a>> {
        self.emit_tag_inline()
    }

    /// [`emit_tag`](Self::emit_tag), inlined into the tag fast path.
    #[inline(always)]
    fn emit_tag_inline(&mut self) -> Option<Token<'a>> {
        self.finish_attribute();
        let name = self.tag_name.finish(self.src, self.arena);
        let attrs: &'a [Attribute<'a>] = if self.attrs.is_empty() {
            &[]
        } else {
            self.arena.alloc_slice_copy(&self.attrs)
        };
        let tag = TagToken {
            name,
            tag: Tag::from_name(name),
            attrs,
            self_closing: self.self_closing,
        };
        if self.tag_is_end {
            if !attrs.is_empty() {
                self.error(ErrorCode::EndTagWithAttributes);
            }
            if self.self_closing {
                self.error(ErrorCode::EndTagWithTrailingSolidus);
            }
            Some(Token::EndTag(tag))
        } else {
            self.last_start_tag = Some(name);
            Some(Token::StartTag(tag))
        }
    }

    /// In the data state with no text gathered, at a `<` that starts a tag (an ASCII letter,
    /// or `/` and an ASCII letter, after it): what the data, tag open and end tag open states
    /// do up to the tag name state (the `<` and `/` consumed, a new start or end tag token,
    /// `pos` at the name's first letter), and true. Anywhere else false, with nothing changed.
    #[inline(always)]
    pub(super) fn enter_tag_name(&mut self) -> bool {
        let lt = self.pos;
        if !self.data_text.is_empty() || self.input.get(lt) != Some(&b'<') {
            return false;
        }
        let is_end = self.input.get(lt + 1) == Some(&b'/');
        let name = lt + 1 + usize::from(is_end);
        if !self.input.get(name).is_some_and(u8::is_ascii_alphabetic) {
            return false;
        }
        self.lt_pos = lt;
        self.cur = name;
        self.pos = name;
        self.start_tag_token(is_end);
        self.state = State::TagName;
        true
    }

    /// 13.2.5.6 Tag open state.
    #[inline(always)]
    pub(super) fn tag_open_state(&mut self) -> Option<Token<'a>> {
        if let Some(&c) = self.input.get(self.pos)
            && c.is_ascii_alphabetic()
        {
            // ASCII alpha: create a new start tag token, reconsume in the tag name state (the
            // letter is peeked rather than consumed and given back).
            self.cur = self.pos;
            self.start_tag_token(false);
            self.state = State::TagName;
            return self.tag_fast_path();
        }
        match self.consume() {
            Some(b'!') => {
                self.state = State::MarkupDeclarationOpen;
                self.markup_declaration_open_state()
            }
            Some(b'/') => {
                self.state = State::EndTagOpen;
                self.end_tag_open_state()
            }
            Some(b'?') => {
                self.temp_start = self.pos;
                self.state = State::ProcessingInstructionOpen;
                None
            }
            None => {
                self.error(ErrorCode::EofBeforeTagName);
                self.state = State::Data;
                self.emit_chars(self.markup_chars(Some(self.lt_pos), "<"))
            }
            Some(_) => {
                self.error(ErrorCode::InvalidFirstCharacterOfTagName);
                self.reconsume(State::Data);
                self.emit_chars(self.markup_chars(Some(self.lt_pos), "<"))
            }
        }
    }

    /// 13.2.5.7 End tag open state.
    #[inline(always)]
    pub(super) fn end_tag_open_state(&mut self) -> Option<Token<'a>> {
        if let Some(&c) = self.input.get(self.pos)
            && c.is_ascii_alphabetic()
        {
            // ASCII alpha: create a new end tag token, reconsume in the tag name state (the
            // letter is peeked rather than consumed and given back).
            self.cur = self.pos;
            self.start_tag_token(true);
            self.state = State::TagName;
            return self.tag_fast_path();
        }
        match self.consume() {
            Some(b'>') => {
                self.error(ErrorCode::MissingEndTagName);
                self.state = State::Data;
                None
            }
            None => {
                self.error(ErrorCode::EofBeforeTagName);
                self.state = State::Data;
                self.emit_chars(self.markup_chars(Some(self.lt_pos), "</"))
            }
            Some(_) => {
                self.error(ErrorCode::InvalidFirstCharacterOfTagName);
                self.comment.clear();
                self.reconsume(State::BogusComment);
                None
            }
        }
    }

    /// The common shape of a tag, from the tag name state to its `>`, in one function: the
    /// tag name state (13.2.5.8), before / after attribute name (32, 34), attribute name (33),
    /// before attribute value (35), quoted and unquoted values (36–38), after attribute value
    /// (quoted) (39) and self-closing start tag (40), for the characters where these states
    /// do nothing but move on (white space other than CR, `=`, quotes, `/>`, `>`, ASCII upper
    /// alpha in names, `&amp;` in quoted values). At anything else (NUL, CR, any other `&`,
    /// the characters that are parse errors, the end of the available input) it stops where
    /// it is: it sets `state` and `pos` to where the state machine would be at that character,
    /// with the same token being built, and returns `None`, so the spec's states take over
    /// from there. It never consumes past the available input, so it never suspends itself.
    ///
    /// Called with `pos` at the first letter of the tag name, `state` the tag name state.
    /// Off for the scalar twin ([`super::TokenizerOptions::scalar`]): it returns at once, in the
    /// tag name state.
    #[inline(always)]
    pub(super) fn tag_fast_path(&mut self) -> Option<Token<'a>> {
        let mut token = None;
        self.tag_fast_path_into(&mut token);
        token
    }

    /// [`tag_fast_path`](Self::tag_fast_path), its token written into `slot` where it is made
    /// ([`step`](super::Tokenizer::step) passes the driver's slot): returned, it was made in
    /// the caller's frame and copied, a 16-byte load over the smaller stores that had just
    /// made it.
    #[inline(never)]
    pub(super) fn tag_fast_path_into(&mut self, slot: &mut Option<Token<'a>>) {
        if !self.tag_fast_path {
            *slot = None;
            return;
        }
        // Tag name state.
        self.take_name_run(&scan::TAG_NAME, false);
        self.fast_path_after(self.pos, State::TagName, slot);
    }

    /// The tag fast path from the after attribute value (quoted) state (13.2.5.39), `p` the
    /// next input character: where the quoted value states continue once a value that went
    /// through the spec's states (a character reference, a CR) is closed.
    #[inline]
    fn after_attribute_value_quoted_fast_path(&mut self, p: usize) -> Option<Token<'a>> {
        if !self.tag_fast_path {
            self.pos = p;
            return None;
        }
        let mut token = None;
        self.fast_path_after(p, State::AfterAttributeValueQuoted, &mut token);
        token
    }

    /// The tag fast path at `p`, the character after a tag name or a closed quoted value,
    /// where both states do the same for white space (to before attribute name), `>` (emit)
    /// and `/>` (self-closing, emit); anything else stops the fast path in `state`. The
    /// token, if any, goes into `slot`.
    #[inline(always)]
    fn fast_path_after(&mut self, p: usize, state: State, slot: &mut Option<Token<'a>>) {
        *slot = match self.input.get(p) {
            Some(&c) if is_plain_whitespace(c) => {
                return self.attributes_fast_path_into(p + 1, State::BeforeAttributeName, slot);
            }
            Some(b'>') => self.fast_emit_tag(p),
            Some(b'/') if self.input.get(p + 1) == Some(&b'>') => {
                self.self_closing = true;
                self.fast_emit_tag(p + 1)
            }
            _ => self.fast_stop(state, p),
        };
    }

    /// [`attributes_fast_path`](Self::attributes_fast_path), its token written into `slot`.
    #[inline(never)]
    fn attributes_fast_path_into(
        &mut self,
        p: usize,
        ws_state: State,
        slot: &mut Option<Token<'a>>,
    ) {
        *slot = self.attributes_fast_path(p, ws_state);
    }

    /// The tag fast path's attributes, from white space after the tag name or an attribute:
    /// `p` is the next input character, `ws_state` the state the white space left the
    /// tokenizer in (before attribute name, or after attribute name, which differs only at
    /// `=`).
    #[inline(always)]
    fn attributes_fast_path(&mut self, mut p: usize, mut ws_state: State) -> Option<Token<'a>> {
        let input = self.input;
        loop {
            while let Some(&c) = input.get(p)
                && is_plain_whitespace(c)
            {
                p += 1;
            }
            match input.get(p) {
                Some(b'>') => return self.fast_emit_tag(p),
                Some(b'/') if input.get(p + 1) == Some(&b'>') => {
                    self.self_closing = true;
                    return self.fast_emit_tag(p + 1);
                }
                Some(b'=') if ws_state == State::AfterAttributeName => {
                    p += 1;
                }
                Some(&c) if !scan::ATTR_NAME.contains(c) || c.is_ascii_uppercase() => {
                    // Attribute name state.
                    self.start_attribute();
                    self.pos = p;
                    self.take_name_run(&scan::ATTR_NAME, true);
                    let e = self.pos;
                    match input.get(e) {
                        Some(&c) if is_plain_whitespace(c) || matches!(c, b'=' | b'>' | b'/') => {
                            self.cur = e;
                            self.pos = e + 1;
                            self.leave_attribute_name();
                            match c {
                                b'=' => p = e + 1,
                                b'>' => return self.fast_emit_tag(e),
                                b'/' => {
                                    if input.get(e + 1) == Some(&b'>') {
                                        self.self_closing = true;
                                        return self.fast_emit_tag(e + 1);
                                    }
                                    return self.fast_stop(State::AfterAttributeName, e);
                                }
                                _ => {
                                    p = e + 1;
                                    ws_state = State::AfterAttributeName;
                                    continue;
                                }
                            }
                        }
                        _ => return self.fast_stop(State::AttributeName, e),
                    }
                }
                _ => return self.fast_stop(ws_state, p),
            }
            // Before attribute value state.
            while let Some(&c) = input.get(p)
                && is_plain_whitespace(c)
            {
                p += 1;
            }
            match input.get(p) {
                Some(b'"') => {
                    p = match self.quoted_value_fast_path(p + 1, b'"') {
                        Ok(after) => after,
                        Err(e) => return self.fast_stop(State::AttributeValueDoubleQuoted, e),
                    };
                }
                Some(b'\'') => {
                    p = match self.quoted_value_fast_path(p + 1, b'\'') {
                        Ok(after) => after,
                        Err(e) => return self.fast_stop(State::AttributeValueSingleQuoted, e),
                    };
                }
                Some(&c) if !scan::ATTR_VALUE_UNQUOTED.contains(c) => {
                    // Attribute value (unquoted) state.
                    self.pos = p;
                    let (s, e) = self.take_run(&scan::ATTR_VALUE_UNQUOTED);
                    self.attr_value.push_range(self.src, s, e);
                    match input.get(e) {
                        Some(&c) if is_plain_whitespace(c) => {
                            p = e + 1;
                            ws_state = State::BeforeAttributeName;
                            continue;
                        }
                        Some(b'>') => return self.fast_emit_tag(e),
                        _ => return self.fast_stop(State::AttributeValueUnquoted, e),
                    }
                }
                _ => return self.fast_stop(State::BeforeAttributeValue, p),
            }
            // After attribute value (quoted) state.
            match input.get(p) {
                Some(&c) if is_plain_whitespace(c) => p += 1,
                Some(b'>') => return self.fast_emit_tag(p),
                Some(b'/') if input.get(p + 1) == Some(&b'>') => {
                    self.self_closing = true;
                    return self.fast_emit_tag(p + 1);
                }
                _ => return self.fast_stop(State::AfterAttributeValueQuoted, p),
            }
            ws_state = State::BeforeAttributeName;
        }
    }

    /// The tag fast path's attribute value (double- or single-quoted) state, from `start`
    /// (after the opening `quote`): `Ok` with the position after the closing quote, or `Err`
    /// with the position of the character the state must handle itself. `&amp;` followed by
    /// another available character is the named character reference it always is (an `&`,
    /// no parse error); any other `&` goes through the character reference states.
    ///
    /// A value closed here is complete (the states after it never change it), so the attribute
    /// is added to the token at once, the common value without a copy through `attr_value`.
    #[inline(always)]
    fn quoted_value_fast_path(&mut self, start: usize, quote: u8) -> Result<usize, usize> {
        self.pos = start;
        loop {
            let (s, e) = if quote == b'"' {
                self.take_run(&scan::ATTR_VALUE_DOUBLE)
            } else {
                self.take_run(&scan::ATTR_VALUE_SINGLE)
            };
            if self.input.get(e) == Some(&quote) && s == start {
                // The whole value is the input's `s..e`.
                self.push_attribute_with_value(&self.src[s..e]);
                return Ok(e + 1);
            }
            self.attr_value.push_range(self.src, s, e);
            match self.input.get(e) {
                Some(&c) if c == quote => {
                    self.push_attribute();
                    return Ok(e + 1);
                }
                Some(b'&') if self.input.len() > e + 5 && self.input[e + 1..e + 5] == *b"amp;" => {
                    self.attr_value.push_str(self.src, "&");
                    self.pos = e + 5;
                }
                _ => return Err(e),
            }
        }
    }

    /// The tag fast path's run of a tag or attribute name: takes the run up to the next byte
    /// of `set`, lower-casing ASCII upper alpha on the way, and stops with `pos` at the first
    /// other stop byte (or at the end of the available input).
    #[inline(always)]
    fn take_name_run(&mut self, set: &scan::StopSet, attribute: bool) {
        loop {
            let (s, e) = self.take_short_run(set);
            let buf = if attribute {
                &mut self.attr_name
            } else {
                &mut self.tag_name
            };
            buf.push_range(self.src, s, e);
            match self.input.get(e) {
                Some(&c) if c.is_ascii_uppercase() => {
                    buf.push_char(self.src, c.to_ascii_lowercase() as char);
                    self.pos = e + 1;
                }
                _ => return,
            }
        }
    }

    /// [`take_run`](Self::take_run) for runs that are usually a few bytes long (tag and
    /// attribute names): the first bytes are looked at one at a time through the set's table
    /// (what the scalar twin does), the scanner only runs if they are all ordinary.
    #[inline(always)]
    fn take_short_run(&mut self, set: &scan::StopSet) -> (usize, usize) {
        const SHORT: usize = 16;
        let start = self.pos;
        let limit = (start + SHORT).min(self.input.len());
        let mut end = start;
        while end < limit {
            if set.contains(self.input[end]) {
                self.pos = end;
                return (start, end);
            }
            end += 1;
        }
        self.pos = end;
        let (_, end) = self.take_run(set);
        (start, end)
    }

    /// The tag fast path's `>` at `at`: consumes it and emits the tag.
    #[inline(always)]
    fn fast_emit_tag(&mut self, at: usize) -> Option<Token<'a>> {
        self.cur = at;
        self.pos = at + 1;
        self.state = State::Data;
        self.emit_tag_inline()
    }

    /// The tag fast path hands over to `state`, with `at` the next input character.
    #[cold]
    fn fast_stop(&mut self, state: State, at: usize) -> Option<Token<'a>> {
        self.state = state;
        self.pos = at;
        None
    }

    /// 13.2.5.8 Tag name state.
    pub(super) fn tag_name_state(&mut self) -> Option<Token<'a>> {
        let (s, e) = self.take_run(&scan::TAG_NAME);
        self.tag_name.push_range(self.src, s, e);
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => {
                self.state = State::BeforeAttributeName;
                self.before_attribute_name_state()
            }
            Some(b'/') => {
                self.state = State::SelfClosingStartTag;
                None
            }
            Some(b'>') => {
                self.state = State::Data;
                self.emit_tag()
            }
            Some(c) if c.is_ascii_uppercase() => {
                self.tag_name
                    .push_char(self.src, c.to_ascii_lowercase() as char);
                None
            }
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.tag_name.push_str(self.src, "\u{FFFD}");
                None
            }
            None => {
                self.error(ErrorCode::EofInTag);
                self.emit_eof()
            }
            Some(_) => {
                self.tag_name.push_range(self.src, self.cur, self.pos);
                None
            }
        }
    }

    /// 13.2.5.32 Before attribute name state.
    pub(super) fn before_attribute_name_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => None,
            Some(b'/' | b'>') | None => {
                self.reconsume(State::AfterAttributeName);
                None
            }
            Some(b'=') => {
                self.error(ErrorCode::UnexpectedEqualsSignBeforeAttributeName);
                self.start_attribute();
                self.attr_name.push_range(self.src, self.cur, self.pos);
                self.state = State::AttributeName;
                None
            }
            Some(_) => {
                self.start_attribute();
                self.reconsume(State::AttributeName);
                self.attribute_name_state()
            }
        }
    }

    /// 13.2.5.33 Attribute name state.
    pub(super) fn attribute_name_state(&mut self) -> Option<Token<'a>> {
        let (s, e) = self.take_run(&scan::ATTR_NAME);
        self.attr_name.push_range(self.src, s, e);
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) || c == b'/' || c == b'>' => {
                self.leave_attribute_name();
                self.reconsume(State::AfterAttributeName);
                None
            }
            None => {
                self.leave_attribute_name();
                self.reconsume(State::AfterAttributeName);
                None
            }
            Some(b'=') => {
                self.leave_attribute_name();
                self.state = State::BeforeAttributeValue;
                self.before_attribute_value_state()
            }
            Some(c) if c.is_ascii_uppercase() => {
                self.attr_name
                    .push_char(self.src, c.to_ascii_lowercase() as char);
                None
            }
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.attr_name.push_str(self.src, "\u{FFFD}");
                None
            }
            Some(b'"' | b'\'' | b'<') => {
                self.error(ErrorCode::UnexpectedCharacterInAttributeName);
                self.attr_name.push_range(self.src, self.cur, self.pos);
                None
            }
            Some(_) => {
                self.attr_name.push_range(self.src, self.cur, self.pos);
                None
            }
        }
    }

    /// 13.2.5.34 After attribute name state.
    pub(super) fn after_attribute_name_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => None,
            Some(b'/') => {
                self.state = State::SelfClosingStartTag;
                None
            }
            Some(b'=') => {
                self.state = State::BeforeAttributeValue;
                None
            }
            Some(b'>') => {
                self.state = State::Data;
                self.emit_tag()
            }
            None => {
                self.error(ErrorCode::EofInTag);
                self.emit_eof()
            }
            Some(_) => {
                self.start_attribute();
                self.reconsume(State::AttributeName);
                None
            }
        }
    }

    /// 13.2.5.35 Before attribute value state.
    pub(super) fn before_attribute_value_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => None,
            Some(b'"') => {
                self.state = State::AttributeValueDoubleQuoted;
                self.attribute_value_quoted_state(b'"')
            }
            Some(b'\'') => {
                self.state = State::AttributeValueSingleQuoted;
                self.attribute_value_quoted_state(b'\'')
            }
            Some(b'>') => {
                self.error(ErrorCode::MissingAttributeValue);
                self.state = State::Data;
                self.emit_tag()
            }
            _ => {
                self.reconsume(State::AttributeValueUnquoted);
                None
            }
        }
    }

    /// 13.2.5.36 Attribute value (double-quoted) state and 13.2.5.37 attribute value
    /// (single-quoted) state; `quote` is `"` or `'`.
    pub(super) fn attribute_value_quoted_state(&mut self, quote: u8) -> Option<Token<'a>> {
        let set = if quote == b'"' {
            &scan::ATTR_VALUE_DOUBLE
        } else {
            &scan::ATTR_VALUE_SINGLE
        };
        let (s, e) = self.take_run(set);
        self.attr_value.push_range(self.src, s, e);
        match self.consume() {
            Some(c) if c == quote => {
                self.state = State::AfterAttributeValueQuoted;
                self.after_attribute_value_quoted_fast_path(self.pos)
            }
            Some(b'&') => {
                self.return_state = self.state;
                self.state = State::CharacterReference;
                None
            }
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.attr_value.push_str(self.src, "\u{FFFD}");
                None
            }
            None => {
                self.error(ErrorCode::EofInTag);
                self.emit_eof()
            }
            Some(_) => {
                // Only a CR (or CRLF) stops the run otherwise; it reads as LF.
                self.attr_value.push_str(self.src, "\n");
                None
            }
        }
    }

    /// 13.2.5.38 Attribute value (unquoted) state.
    pub(super) fn attribute_value_unquoted_state(&mut self) -> Option<Token<'a>> {
        let (s, e) = self.take_run(&scan::ATTR_VALUE_UNQUOTED);
        self.attr_value.push_range(self.src, s, e);
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => {
                self.state = State::BeforeAttributeName;
                None
            }
            Some(b'&') => {
                self.return_state = State::AttributeValueUnquoted;
                self.state = State::CharacterReference;
                None
            }
            Some(b'>') => {
                self.state = State::Data;
                self.emit_tag()
            }
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.attr_value.push_str(self.src, "\u{FFFD}");
                None
            }
            Some(b'"' | b'\'' | b'<' | b'=' | b'`') => {
                self.error(ErrorCode::UnexpectedCharacterInUnquotedAttributeValue);
                self.attr_value.push_range(self.src, self.cur, self.pos);
                None
            }
            None => {
                self.error(ErrorCode::EofInTag);
                self.emit_eof()
            }
            Some(_) => {
                self.attr_value.push_range(self.src, self.cur, self.pos);
                None
            }
        }
    }

    /// 13.2.5.39 After attribute value (quoted) state.
    pub(super) fn after_attribute_value_quoted_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => {
                self.state = State::BeforeAttributeName;
                None
            }
            Some(b'/') => {
                self.state = State::SelfClosingStartTag;
                None
            }
            Some(b'>') => {
                self.state = State::Data;
                self.emit_tag()
            }
            None => {
                self.error(ErrorCode::EofInTag);
                self.emit_eof()
            }
            Some(_) => {
                self.error(ErrorCode::MissingWhitespaceBetweenAttributes);
                self.reconsume(State::BeforeAttributeName);
                None
            }
        }
    }

    /// 13.2.5.40 Self-closing start tag state.
    pub(super) fn self_closing_start_tag_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'>') => {
                self.self_closing = true;
                self.state = State::Data;
                self.emit_tag()
            }
            None => {
                self.error(ErrorCode::EofInTag);
                self.emit_eof()
            }
            Some(_) => {
                self.error(ErrorCode::UnexpectedSolidusInTag);
                self.reconsume(State::BeforeAttributeName);
                None
            }
        }
    }
}

/// White space that the tag fast path steps over itself: TAB, LF, FF, SPACE (a CR, which may
/// be half of a CRLF pair or the end of a chunk, goes through `consume`).
#[inline(always)]
fn is_plain_whitespace(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b' ')
}
