//! The text-like states: data, RCDATA, RAWTEXT, script data (with its escaped and double
//! escaped states), PLAINTEXT and CDATA sections (13.2.5.1–31, 13.2.5.69–71).
//!
//! The states that run over long stretches find their next stop byte with `scan` and emit the
//! whole stretch as one slice of the input.

use super::scan;
use super::{ErrorCode, State, Token, Tokenizer, is_tokenizer_whitespace};

impl<'a> Tokenizer<'a> {
    /// Emits the run of ordinary text from the current position up to `stop` (an offset into
    /// the rest of the input, or `None` for all of it). Returns `None` when the run is empty,
    /// i.e. the next byte is a stop byte the state must handle itself.
    #[inline]
    fn emit_run(&mut self, stop: Option<usize>) -> Option<Token<'a>> {
        let start = self.pos;
        let end = match stop {
            Some(0) => return None,
            Some(i) => start + i,
            None if start == self.input.len() => return None,
            // More text may follow in the next chunk: finish the run then, as one token.
            None if !self.is_final => return self.suspend(),
            None => self.input.len(),
        };
        self.pos = end;
        self.text_nul_free = false;
        Some(Token::Characters(&self.src[start..end]))
    }

    /// 13.2.5.1 Data state.
    ///
    /// With `whole_text` (the default, and what the tree builder asks for in "in body"), the
    /// characters up to the next `<`, NUL or the end of the input are one character token
    /// (`data_text`): runs of text, what character references resolve to (the character
    /// reference states append to it when they return here) and the line feeds of CR
    /// normalisation, so that a paragraph with an `&amp;` or CR LF line ends is one token, not
    /// five. A token is an input slice unless a reference or a CR made it a copy. Without it,
    /// each run, each reference's text and each CR's line feed is a token.
    #[inline(always)]
    pub(super) fn data_state(&mut self) -> Option<Token<'a>> {
        if self.data_text.is_empty() && self.input.get(self.pos) == Some(&b'<') {
            // The most common character here (after a tag or a run of text): consume it
            // without a scan that would stop at once.
            self.cur = self.pos;
            self.pos += 1;
            self.lt_pos = self.cur;
            self.state = State::TagOpen;
            return self.tag_open_state();
        }
        loop {
            let stop = self.find_stop(&scan::DATA);
            let start = self.pos;
            let end = match stop {
                Some(i) => start + i,
                None if start == self.input.len() => start,
                // More text may follow in the next chunk: finish the token then, as one.
                None if !self.is_final => return self.suspend(),
                None => self.input.len(),
            };
            let next = self.input.get(end).copied();
            if self.data_text.is_empty()
                && (!self.whole_text
                    || (!matches!(next, Some(b'&' | b'\r')) && (next.is_some() || self.is_final)))
            {
                // The usual token: one run of text, ended by `<`, NUL or the end (or, without
                // `whole_text`, by anything).
                self.pos = end;
                if end > start {
                    self.text_nul_free = true;
                    return Some(Token::Characters(&self.src[start..end]));
                }
                break;
            }
            self.data_text.push_range(self.src, start, end);
            self.pos = end;
            match next {
                Some(b'&') => {
                    self.consume();
                    self.return_state = State::Data;
                    self.state = State::CharacterReference;
                    let emitted = self.character_reference_state();
                    if emitted.is_some() || self.state != State::Data {
                        // A suspension, or a reference that needs more states: they come back
                        // here with what they resolved to appended.
                        return emitted;
                    }
                }
                Some(b'\r') => {
                    self.consume();
                    if self.suspended {
                        // A CR at the end of a chunk: take the token when the next one shows
                        // whether a LF follows.
                        return self.suspend();
                    }
                    self.data_text.push_str(self.src, "\n");
                }
                None if !self.is_final => return self.suspend(),
                _ if !self.data_text.is_empty() => {
                    let text = self.data_text.finish(self.src, self.arena);
                    self.data_text.clear();
                    self.text_nul_free = true;
                    return Some(Token::Characters(text));
                }
                _ => break,
            }
        }
        match self.consume() {
            Some(b'&') => {
                self.return_state = State::Data;
                self.state = State::CharacterReference;
                self.character_reference_state()
            }
            Some(b'<') => {
                self.lt_pos = self.cur;
                self.state = State::TagOpen;
                // Common forward transitions call the next state directly instead of going
                // round the dispatch loop (the chain data → tag open → tag name → before
                // attribute name → attribute name → before attribute value → quoted value →
                // after quoted value never calls back, so there is no recursion).
                self.tag_open_state()
            }
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.emit_chars("\0")
            }
            None => self.emit_eof(),
            Some(_) => self.emit_chars(self.cur_str()),
        }
    }

    /// 13.2.5.2 RCDATA state.
    pub(super) fn rcdata_state(&mut self) -> Option<Token<'a>> {
        let stop = self.find_stop(&scan::DATA);
        if let Some(t) = self.emit_run(stop) {
            return Some(t);
        }
        match self.consume() {
            Some(b'&') => {
                self.return_state = State::Rcdata;
                self.state = State::CharacterReference;
                None
            }
            Some(b'<') => {
                self.lt_pos = self.cur;
                self.state = State::RcdataLessThanSign;
                None
            }
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.emit_chars("\u{FFFD}")
            }
            None => self.emit_eof(),
            Some(_) => self.emit_chars(self.cur_str()),
        }
    }

    /// 13.2.5.3 RAWTEXT state and 13.2.5.4 Script data state differ only in the state their
    /// `<` leads to.
    fn raw_text_like_state(&mut self, less_than_state: State) -> Option<Token<'a>> {
        let stop = self.find_stop(&scan::RAWTEXT);
        if let Some(t) = self.emit_run(stop) {
            return Some(t);
        }
        match self.consume() {
            Some(b'<') => {
                self.lt_pos = self.cur;
                self.state = less_than_state;
                None
            }
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.emit_chars("\u{FFFD}")
            }
            None => self.emit_eof(),
            Some(_) => self.emit_chars(self.cur_str()),
        }
    }

    /// 13.2.5.3 RAWTEXT state.
    pub(super) fn rawtext_state(&mut self) -> Option<Token<'a>> {
        self.raw_text_like_state(State::RawtextLessThanSign)
    }

    /// 13.2.5.4 Script data state.
    pub(super) fn script_data_state(&mut self) -> Option<Token<'a>> {
        self.raw_text_like_state(State::ScriptDataLessThanSign)
    }

    /// 13.2.5.5 PLAINTEXT state.
    pub(super) fn plaintext_state(&mut self) -> Option<Token<'a>> {
        let stop = self.find_stop(&scan::PLAINTEXT);
        if let Some(t) = self.emit_run(stop) {
            return Some(t);
        }
        match self.consume() {
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.emit_chars("\u{FFFD}")
            }
            None => self.emit_eof(),
            Some(_) => self.emit_chars(self.cur_str()),
        }
    }

    /// 13.2.5.9 RCDATA less-than sign state and 13.2.5.12 RAWTEXT less-than sign state.
    /// `text_state` is RCDATA or RAWTEXT.
    pub(super) fn text_less_than_sign_state(&mut self, text_state: State) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'/') => {
                self.state = match text_state {
                    State::Rcdata => State::RcdataEndTagOpen,
                    _ => State::RawtextEndTagOpen,
                };
                None
            }
            _ => {
                self.reconsume(text_state);
                self.emit_chars(self.markup_chars(Some(self.lt_pos), "<"))
            }
        }
    }

    /// 13.2.5.10 RCDATA, 13.2.5.13 RAWTEXT, 13.2.5.16 script data and 13.2.5.24 script data
    /// escaped end tag open states. `text_state` is the state they fall back to.
    pub(super) fn text_end_tag_open_state(&mut self, text_state: State) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if c.is_ascii_alphabetic() => {
                // Create a new end tag token; the temporary buffer and the tag name both start
                // at this character.
                self.temp_start = self.cur;
                self.reconsume(match text_state {
                    State::Rcdata => State::RcdataEndTagName,
                    State::Rawtext => State::RawtextEndTagName,
                    State::ScriptData => State::ScriptDataEndTagName,
                    _ => State::ScriptDataEscapedEndTagName,
                });
                None
            }
            _ => {
                self.reconsume(text_state);
                self.emit_chars(self.markup_chars(Some(self.lt_pos), "</"))
            }
        }
    }

    /// 13.2.5.11 RCDATA, 13.2.5.14 RAWTEXT, 13.2.5.17 script data and 13.2.5.25 script data
    /// escaped end tag name states.
    ///
    /// The tag name and the temporary buffer hold the same ASCII letters (the tag name in
    /// lower case), so both are the input range `temp_start..cur`; the letters are consumed in
    /// one step.
    pub(super) fn text_end_tag_name_state(&mut self, text_state: State) -> Option<Token<'a>> {
        let letters = self.input[self.pos..]
            .iter()
            .take_while(|b| b.is_ascii_alphabetic())
            .count();
        self.pos += letters;
        let c = self.consume();
        let name_end = self.cur;
        let appropriate = || {
            let name = &self.input[self.temp_start..name_end];
            self.last_start_tag
                .is_some_and(|t| t.as_bytes().eq_ignore_ascii_case(name))
        };
        let next = match c {
            Some(c) if is_tokenizer_whitespace(c) && appropriate() => {
                Some(State::BeforeAttributeName)
            }
            Some(b'/') if appropriate() => Some(State::SelfClosingStartTag),
            Some(b'>') if appropriate() => Some(State::Data),
            _ => None,
        };
        match next {
            Some(state) => {
                self.start_tag_token(true);
                let (s, e) = (self.temp_start, name_end);
                self.push_tag_name_lowercase(s, e);
                self.state = state;
                if state == State::Data {
                    return self.emit_tag();
                }
                None
            }
            None => {
                // Emit "</" and the temporary buffer, reconsume in the text state: the input
                // from the `<` on, unless the tokenizer started in this state (then there is
                // no `</` before the letters).
                self.reconsume(text_state);
                if self.temp_start == self.lt_pos + 2
                    && self.markup_at(Some(self.lt_pos), "</").is_some()
                {
                    self.emit_chars(self.slice(self.lt_pos, name_end))
                } else {
                    let letters = &self.src[self.temp_start.min(name_end)..name_end];
                    let mut chars = bumpalo::collections::String::new_in(self.arena);
                    chars.push_str("</");
                    chars.push_str(letters);
                    self.emit_chars(chars.into_bump_str())
                }
            }
        }
    }

    /// 13.2.5.15 Script data less-than sign state.
    pub(super) fn script_data_less_than_sign_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'/') => {
                self.state = State::ScriptDataEndTagOpen;
                None
            }
            Some(b'!') => {
                self.state = State::ScriptDataEscapeStart;
                self.emit_chars(self.markup_chars(Some(self.lt_pos), "<!"))
            }
            _ => {
                self.reconsume(State::ScriptData);
                self.emit_chars(self.markup_chars(Some(self.lt_pos), "<"))
            }
        }
    }

    /// 13.2.5.18 Script data escape start state.
    pub(super) fn script_data_escape_start_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'-') => {
                self.state = State::ScriptDataEscapeStartDash;
                self.emit_chars(self.cur_str())
            }
            _ => {
                self.reconsume(State::ScriptData);
                None
            }
        }
    }

    /// 13.2.5.19 Script data escape start dash state.
    pub(super) fn script_data_escape_start_dash_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'-') => {
                self.state = State::ScriptDataEscapedDashDash;
                self.emit_chars(self.cur_str())
            }
            _ => {
                self.reconsume(State::ScriptData);
                None
            }
        }
    }

    /// 13.2.5.20 Script data escaped state.
    pub(super) fn script_data_escaped_state(&mut self) -> Option<Token<'a>> {
        let stop = self.find_stop(&scan::SCRIPT_ESCAPED);
        if let Some(t) = self.emit_run(stop) {
            return Some(t);
        }
        match self.consume() {
            Some(b'-') => {
                self.state = State::ScriptDataEscapedDash;
                self.emit_chars(self.cur_str())
            }
            Some(b'<') => {
                self.lt_pos = self.cur;
                self.state = State::ScriptDataEscapedLessThanSign;
                None
            }
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.emit_chars("\u{FFFD}")
            }
            None => {
                self.error(ErrorCode::EofInScriptHtmlCommentLikeText);
                self.emit_eof()
            }
            Some(_) => self.emit_chars(self.cur_str()),
        }
    }

    /// The U+0000, EOF and "anything else" entries that the script data escaped dash, escaped
    /// dash dash, double escaped dash and double escaped dash dash states share (13.2.5.21–22,
    /// 28–29): back to `text_state` (escaped or double escaped) with the character.
    fn script_data_escaped_fallback(
        &mut self,
        c: Option<u8>,
        text_state: State,
    ) -> Option<Token<'a>> {
        match c {
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.state = text_state;
                self.emit_chars("\u{FFFD}")
            }
            None => {
                self.error(ErrorCode::EofInScriptHtmlCommentLikeText);
                self.emit_eof()
            }
            Some(_) => {
                self.state = text_state;
                self.emit_chars(self.cur_str())
            }
        }
    }

    /// 13.2.5.21 Script data escaped dash state.
    pub(super) fn script_data_escaped_dash_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'-') => {
                self.state = State::ScriptDataEscapedDashDash;
                self.emit_chars(self.cur_str())
            }
            Some(b'<') => {
                self.lt_pos = self.cur;
                self.state = State::ScriptDataEscapedLessThanSign;
                None
            }
            other => self.script_data_escaped_fallback(other, State::ScriptDataEscaped),
        }
    }

    /// 13.2.5.22 Script data escaped dash dash state.
    pub(super) fn script_data_escaped_dash_dash_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'-') => self.emit_chars(self.cur_str()),
            Some(b'<') => {
                self.lt_pos = self.cur;
                self.state = State::ScriptDataEscapedLessThanSign;
                None
            }
            Some(b'>') => {
                self.state = State::ScriptData;
                self.emit_chars(self.cur_str())
            }
            other => self.script_data_escaped_fallback(other, State::ScriptDataEscaped),
        }
    }

    /// 13.2.5.23 Script data escaped less-than sign state.
    pub(super) fn script_data_escaped_less_than_sign_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'/') => {
                self.state = State::ScriptDataEscapedEndTagOpen;
                None
            }
            Some(c) if c.is_ascii_alphabetic() => {
                self.temp_start = self.cur;
                self.reconsume(State::ScriptDataDoubleEscapeStart);
                self.emit_chars(self.markup_chars(Some(self.lt_pos), "<"))
            }
            _ => {
                self.reconsume(State::ScriptDataEscaped);
                self.emit_chars(self.markup_chars(Some(self.lt_pos), "<"))
            }
        }
    }

    /// 13.2.5.26 Script data double escape start state and 13.2.5.31 script data double escape
    /// end state: they differ in the states they lead to.
    fn script_data_double_escape_boundary(
        &mut self,
        if_script: State,
        otherwise: State,
    ) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) || c == b'/' || c == b'>' => {
                // The temporary buffer is the run of letters before this character.
                let buffer = &self.input[self.temp_start..self.cur];
                self.state = if buffer.eq_ignore_ascii_case(b"script") {
                    if_script
                } else {
                    otherwise
                };
                self.emit_chars(self.cur_str())
            }
            Some(c) if c.is_ascii_alphabetic() => self.emit_chars(self.cur_str()),
            _ => {
                self.reconsume(otherwise);
                None
            }
        }
    }

    /// 13.2.5.26 Script data double escape start state.
    pub(super) fn script_data_double_escape_start_state(&mut self) -> Option<Token<'a>> {
        self.script_data_double_escape_boundary(
            State::ScriptDataDoubleEscaped,
            State::ScriptDataEscaped,
        )
    }

    /// 13.2.5.27 Script data double escaped state.
    pub(super) fn script_data_double_escaped_state(&mut self) -> Option<Token<'a>> {
        let stop = self.find_stop(&scan::SCRIPT_ESCAPED);
        if let Some(t) = self.emit_run(stop) {
            return Some(t);
        }
        match self.consume() {
            Some(b'-') => {
                self.state = State::ScriptDataDoubleEscapedDash;
                self.emit_chars(self.cur_str())
            }
            Some(b'<') => {
                self.state = State::ScriptDataDoubleEscapedLessThanSign;
                self.emit_chars(self.cur_str())
            }
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.emit_chars("\u{FFFD}")
            }
            None => {
                self.error(ErrorCode::EofInScriptHtmlCommentLikeText);
                self.emit_eof()
            }
            Some(_) => self.emit_chars(self.cur_str()),
        }
    }

    /// 13.2.5.28 Script data double escaped dash state.
    pub(super) fn script_data_double_escaped_dash_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'-') => {
                self.state = State::ScriptDataDoubleEscapedDashDash;
                self.emit_chars(self.cur_str())
            }
            Some(b'<') => {
                self.state = State::ScriptDataDoubleEscapedLessThanSign;
                self.emit_chars(self.cur_str())
            }
            other => self.script_data_escaped_fallback(other, State::ScriptDataDoubleEscaped),
        }
    }

    /// 13.2.5.29 Script data double escaped dash dash state.
    pub(super) fn script_data_double_escaped_dash_dash_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'-') => self.emit_chars(self.cur_str()),
            Some(b'<') => {
                self.state = State::ScriptDataDoubleEscapedLessThanSign;
                self.emit_chars(self.cur_str())
            }
            Some(b'>') => {
                self.state = State::ScriptData;
                self.emit_chars(self.cur_str())
            }
            other => self.script_data_escaped_fallback(other, State::ScriptDataDoubleEscaped),
        }
    }

    /// 13.2.5.30 Script data double escaped less-than sign state.
    pub(super) fn script_data_double_escaped_less_than_sign_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'/') => {
                self.temp_start = self.pos;
                self.state = State::ScriptDataDoubleEscapeEnd;
                self.emit_chars(self.cur_str())
            }
            _ => {
                self.reconsume(State::ScriptDataDoubleEscaped);
                None
            }
        }
    }

    /// 13.2.5.31 Script data double escape end state.
    pub(super) fn script_data_double_escape_end_state(&mut self) -> Option<Token<'a>> {
        self.script_data_double_escape_boundary(
            State::ScriptDataEscaped,
            State::ScriptDataDoubleEscaped,
        )
    }

    /// 13.2.5.69 CDATA section state. U+0000 passes through (the tree builder handles it).
    pub(super) fn cdata_section_state(&mut self) -> Option<Token<'a>> {
        let stop = self.find_stop(&scan::CDATA);
        if let Some(t) = self.emit_run(stop) {
            return Some(t);
        }
        match self.consume() {
            Some(b']') => {
                self.state = State::CdataSectionBracket;
                None
            }
            None => {
                self.error(ErrorCode::EofInCdata);
                self.emit_eof()
            }
            Some(_) => self.emit_chars(self.cur_str()),
        }
    }

    /// 13.2.5.70 CDATA section bracket state.
    pub(super) fn cdata_section_bracket_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b']') => {
                self.state = State::CdataSectionEnd;
                None
            }
            _ => {
                // The `]` consumed just before this character.
                self.reconsume(State::CdataSection);
                self.emit_chars(self.markup_chars(self.cur.checked_sub(1), "]"))
            }
        }
    }

    /// 13.2.5.71 CDATA section end state.
    pub(super) fn cdata_section_end_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            // The first of the two `]` before this one; this one and the other are the two now.
            Some(b']') => self.emit_chars(self.markup_chars(self.cur.checked_sub(2), "]")),
            Some(b'>') => {
                self.state = State::Data;
                None
            }
            _ => {
                // The two `]` consumed just before this character.
                self.reconsume(State::CdataSection);
                self.emit_chars(self.markup_chars(self.cur.checked_sub(2), "]]"))
            }
        }
    }
}
