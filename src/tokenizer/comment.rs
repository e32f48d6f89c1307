//! Markup declarations, comments, bogus comments and processing instructions (13.2.5.41–52,
//! 13.2.5.72–76).

use super::{
    ErrorCode, ProcessingInstruction, State, Token, Tokenizer, is_tokenizer_whitespace, scan,
};

impl<'a> Tokenizer<'a> {
    /// Emits the current comment token.
    fn emit_comment(&mut self) -> Option<Token<'a>> {
        Some(Token::Comment(self.comment.finish(self.src, self.arena)))
    }

    /// The "EOF" branch of the comment states: an eof-in-comment parse error, emit the comment
    /// (the end-of-file token follows on the next call).
    fn eof_in_comment(&mut self) -> Option<Token<'a>> {
        self.error(ErrorCode::EofInComment);
        self.state = State::Data;
        self.emit_comment()
    }

    /// Appends the current input character to the comment (a CR or CRLF as LF).
    #[inline]
    fn comment_push_current(&mut self) {
        if self.input[self.cur] == b'\r' {
            self.comment.push_str(self.src, "\n");
        } else {
            self.comment.push_range(self.src, self.cur, self.pos);
        }
    }

    /// "Convert the temporary buffer to a comment" (13.2.5): a comment whose data is `?`
    /// followed by the temporary buffer. The `?` and the buffer are the input characters from
    /// just after the `<` up to the current character.
    fn convert_temporary_buffer_to_comment(&mut self) {
        self.comment.clear();
        if self.temp_start == self.lt_pos + 2
            && self.temp_start <= self.cur
            && self.markup_at(Some(self.lt_pos), "<?").is_some()
        {
            self.comment.push_range(self.src, self.lt_pos + 1, self.cur);
        } else {
            // A tokenizer started in a processing instruction state: no `<?` before the
            // buffer.
            self.comment.push_str(self.src, "?");
            let start = self.temp_start.min(self.cur);
            self.comment.push_range(self.src, start, self.cur);
        }
    }

    /// Appends the characters `s` that the comment states consumed at `at` (dashes, `--!`,
    /// a `?`) as the input's own when they are there ([`markup_at`](Self::markup_at)), else
    /// `s` itself.
    fn comment_push_markup(&mut self, at: Option<usize>, s: &'static str) {
        match self.markup_at(at, s) {
            Some(at) => self.comment.push_range(self.src, at, at + s.len()),
            None => self.comment.push_str(self.src, s),
        }
    }

    /// 13.2.5.41 Bogus comment state.
    pub(super) fn bogus_comment_state(&mut self) -> Option<Token<'a>> {
        let (s, e) = self.take_run(&scan::BOGUS_COMMENT);
        self.comment.push_range(self.src, s, e);
        match self.consume() {
            Some(b'>') => {
                self.state = State::Data;
                self.emit_comment()
            }
            None => {
                self.state = State::Data;
                self.emit_comment()
            }
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.comment.push_str(self.src, "\u{FFFD}");
                None
            }
            Some(_) => {
                self.comment_push_current();
                None
            }
        }
    }

    /// 13.2.5.42 Markup declaration open state.
    pub(super) fn markup_declaration_open_state(&mut self) -> Option<Token<'a>> {
        if self.lookahead_short(b"[CDATA[".len()) {
            return self.suspend();
        }
        if self.input[self.pos..].starts_with(b"--") {
            self.pos += 2;
            self.comment.clear();
            self.state = State::CommentStart;
        } else if self.next_is_ignore_case(b"DOCTYPE") {
            self.pos += 7;
            self.state = State::Doctype;
        } else if self.input[self.pos..].starts_with(b"[CDATA[") {
            self.pos += 7;
            if self.cdata_allowed {
                self.state = State::CdataSection;
            } else {
                self.error_at(ErrorCode::CdataInHtmlContent, self.pos - 1);
                self.comment.clear();
                self.comment.push_range(self.src, self.pos - 7, self.pos);
                self.state = State::BogusComment;
            }
        } else {
            // This state looked at the next character to decide, so that character counts as
            // consumed for the order of errors: its input stream error comes first.
            if self.collect_errors {
                self.flush_input_errors(self.pos + 1);
            }
            self.error_at(ErrorCode::IncorrectlyOpenedComment, self.pos);
            self.comment.clear();
            self.state = State::BogusComment;
        }
        None
    }

    /// 13.2.5.43 Comment start state.
    pub(super) fn comment_start_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'-') => {
                self.state = State::CommentStartDash;
                None
            }
            Some(b'>') => {
                self.error(ErrorCode::AbruptClosingOfEmptyComment);
                self.state = State::Data;
                self.emit_comment()
            }
            _ => {
                self.reconsume(State::Comment);
                None
            }
        }
    }

    /// 13.2.5.44 Comment start dash state.
    pub(super) fn comment_start_dash_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'-') => {
                self.state = State::CommentEnd;
                None
            }
            Some(b'>') => {
                self.error(ErrorCode::AbruptClosingOfEmptyComment);
                self.state = State::Data;
                self.emit_comment()
            }
            None => self.eof_in_comment(),
            Some(_) => {
                // Append a U+002D HYPHEN-MINUS (the one just before this character).
                self.comment_push_markup(self.cur.checked_sub(1), "-");
                self.reconsume(State::Comment);
                None
            }
        }
    }

    /// 13.2.5.45 Comment state.
    pub(super) fn comment_state(&mut self) -> Option<Token<'a>> {
        let (s, e) = self.take_run(&scan::COMMENT);
        self.comment.push_range(self.src, s, e);
        match self.consume() {
            Some(b'<') => {
                self.comment.push_range(self.src, self.cur, self.pos);
                self.state = State::CommentLessThanSign;
                None
            }
            Some(b'-') => {
                self.state = State::CommentEndDash;
                None
            }
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.comment.push_str(self.src, "\u{FFFD}");
                None
            }
            None => self.eof_in_comment(),
            Some(_) => {
                self.comment_push_current();
                None
            }
        }
    }

    /// 13.2.5.46 Comment less-than sign state.
    pub(super) fn comment_less_than_sign_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'!') => {
                self.comment.push_range(self.src, self.cur, self.pos);
                self.state = State::CommentLessThanSignBang;
            }
            Some(b'<') => self.comment.push_range(self.src, self.cur, self.pos),
            _ => self.reconsume(State::Comment),
        }
        None
    }

    /// 13.2.5.47 Comment less-than sign bang state.
    pub(super) fn comment_less_than_sign_bang_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'-') => self.state = State::CommentLessThanSignBangDash,
            _ => self.reconsume(State::Comment),
        }
        None
    }

    /// 13.2.5.48 Comment less-than sign bang dash state.
    pub(super) fn comment_less_than_sign_bang_dash_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'-') => self.state = State::CommentLessThanSignBangDashDash,
            _ => self.reconsume(State::CommentEndDash),
        }
        None
    }

    /// 13.2.5.49 Comment less-than sign bang dash dash state.
    pub(super) fn comment_less_than_sign_bang_dash_dash_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'>') | None => self.reconsume(State::CommentEnd),
            Some(_) => {
                self.error(ErrorCode::NestedComment);
                self.reconsume(State::CommentEnd);
            }
        }
        None
    }

    /// 13.2.5.50 Comment end dash state.
    pub(super) fn comment_end_dash_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'-') => {
                self.state = State::CommentEnd;
                None
            }
            None => self.eof_in_comment(),
            Some(_) => {
                // Append the "-" just before this character.
                self.comment_push_markup(self.cur.checked_sub(1), "-");
                self.reconsume(State::Comment);
                None
            }
        }
    }

    /// 13.2.5.51 Comment end state.
    pub(super) fn comment_end_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'>') => {
                self.state = State::Data;
                self.emit_comment()
            }
            Some(b'!') => {
                self.state = State::CommentEndBang;
                None
            }
            Some(b'-') => {
                // Append one "-": the first of the three dashes before and at this character.
                self.comment_push_markup(self.cur.checked_sub(2), "-");
                None
            }
            None => self.eof_in_comment(),
            Some(_) => {
                // Append "--", the two dashes just before this character.
                self.comment_push_markup(self.cur.checked_sub(2), "--");
                self.reconsume(State::Comment);
                None
            }
        }
    }

    /// 13.2.5.52 Comment end bang state.
    pub(super) fn comment_end_bang_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'-') => {
                // Append "--!", the three characters just before this one.
                self.comment_push_markup(self.cur.checked_sub(3), "--!");
                self.state = State::CommentEndDash;
                None
            }
            Some(b'>') => {
                self.error(ErrorCode::IncorrectlyClosedComment);
                self.state = State::Data;
                self.emit_comment()
            }
            None => self.eof_in_comment(),
            Some(_) => {
                self.comment_push_markup(self.cur.checked_sub(3), "--!");
                self.reconsume(State::Comment);
                None
            }
        }
    }

    /// 13.2.5.72 Processing instruction open state. The temporary buffer starts right after
    /// `<?` (`temp_start`).
    pub(super) fn processing_instruction_open_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if c.is_ascii_alphabetic() || c == b'_' => {
                self.reconsume(State::ProcessingInstructionTarget);
                None
            }
            None => {
                self.error(ErrorCode::EofInProcessingInstruction);
                self.emit_eof()
            }
            Some(_) => {
                self.error(ErrorCode::InvalidFirstCharacterOfProcessingInstructionTarget);
                self.convert_temporary_buffer_to_comment();
                self.reconsume(State::BogusComment);
                None
            }
        }
    }

    /// 13.2.5.73 Processing instruction target state. The temporary buffer is the input run
    /// `temp_start..cur` of target characters.
    pub(super) fn processing_instruction_target_state(&mut self) -> Option<Token<'a>> {
        let run = self.input[self.pos..]
            .iter()
            .take_while(|&&b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            .count();
        self.pos += run;
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) || c == b'?' || c == b'>' => {
                let target = &self.src[self.temp_start..self.cur];
                if target.eq_ignore_ascii_case("xml")
                    || target.eq_ignore_ascii_case("xml-stylesheet")
                {
                    self.error(ErrorCode::DisallowedProcessingInstructionTarget);
                    self.convert_temporary_buffer_to_comment();
                    self.reconsume(State::BogusComment);
                } else {
                    self.pi_target = target;
                    self.comment.clear();
                    self.reconsume(State::AfterProcessingInstructionTarget);
                }
                None
            }
            None => {
                self.error(ErrorCode::EofInProcessingInstruction);
                self.emit_eof()
            }
            Some(_) => {
                self.error(ErrorCode::InvalidProcessingInstructionTarget);
                self.convert_temporary_buffer_to_comment();
                self.reconsume(State::BogusComment);
                None
            }
        }
    }

    /// 13.2.5.74 After processing instruction target state.
    pub(super) fn after_processing_instruction_target_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => {}
            _ => self.reconsume(State::ProcessingInstructionData),
        }
        None
    }

    /// Emits the current processing instruction token (its data is kept in `comment`).
    fn emit_processing_instruction(&mut self) -> Option<Token<'a>> {
        let data = self.comment.finish(self.src, self.arena);
        Some(Token::ProcessingInstruction(ProcessingInstruction {
            target: self.pi_target,
            data,
        }))
    }

    /// 13.2.5.75 Processing instruction data state.
    pub(super) fn processing_instruction_data_state(&mut self) -> Option<Token<'a>> {
        let (s, e) = self.take_run(&scan::PI_DATA);
        self.comment.push_range(self.src, s, e);
        match self.consume() {
            Some(b'?') => {
                self.state = State::ProcessingInstructionQuestionable;
                None
            }
            Some(b'>') => {
                self.state = State::Data;
                self.emit_processing_instruction()
            }
            None => {
                self.error(ErrorCode::EofInProcessingInstruction);
                self.emit_eof()
            }
            Some(_) => {
                self.comment_push_current();
                None
            }
        }
    }

    /// 13.2.5.76 Processing instruction questionable state.
    pub(super) fn processing_instruction_questionable_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(b'>') => {
                self.state = State::Data;
                self.emit_processing_instruction()
            }
            None => {
                self.error(ErrorCode::EofInProcessingInstruction);
                self.emit_eof()
            }
            Some(_) => {
                // Append the "?" just before this character.
                self.comment_push_markup(self.cur.checked_sub(1), "?");
                self.reconsume(State::ProcessingInstructionData);
                None
            }
        }
    }
}
