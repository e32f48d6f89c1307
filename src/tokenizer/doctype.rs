//! DOCTYPE states (13.2.5.53–68).

use super::{Doctype, ErrorCode, State, TextBuf, Token, Tokenizer, is_tokenizer_whitespace};

/// Which identifier a quoted DOCTYPE identifier state fills.
#[derive(Clone, Copy)]
enum Identifier {
    Public,
    System,
}

impl<'a> Tokenizer<'a> {
    /// Creates a new DOCTYPE token: name, public and system identifiers missing, force-quirks
    /// off.
    fn new_doctype(&mut self) {
        self.doctype_name = None;
        self.doctype_public = None;
        self.doctype_system = None;
        self.force_quirks = false;
    }

    /// Emits the current DOCTYPE token.
    fn emit_doctype(&mut self) -> Option<Token<'a>> {
        let (src, arena) = (self.src, self.arena);
        let finish = |b: &Option<TextBuf>| b.as_ref().map(|b| b.finish(src, arena));
        Some(Token::Doctype(arena.alloc(Doctype {
            name: finish(&self.doctype_name),
            public_id: finish(&self.doctype_public),
            system_id: finish(&self.doctype_system),
            force_quirks: self.force_quirks,
        })))
    }

    /// The shared "EOF" branch of most DOCTYPE states: an eof-in-doctype parse error, the
    /// force-quirks flag on, emit the DOCTYPE and then end of file.
    fn eof_in_doctype(&mut self) -> Option<Token<'a>> {
        self.error(ErrorCode::EofInDoctype);
        self.force_quirks = true;
        self.state = State::Data;
        self.emit_doctype()
    }

    /// A parse error that ends the DOCTYPE at `>`: the force-quirks flag on, back to the data
    /// state, emit the DOCTYPE (the missing-identifier and abrupt-identifier branches).
    fn doctype_error_and_emit(&mut self, code: ErrorCode) -> Option<Token<'a>> {
        self.error(code);
        self.force_quirks = true;
        self.state = State::Data;
        self.emit_doctype()
    }

    /// A parse error that gives up on the identifiers: the force-quirks flag on, reconsume in
    /// the bogus DOCTYPE state (the missing-quote branches).
    fn doctype_error_to_bogus(&mut self, code: ErrorCode) -> Option<Token<'a>> {
        self.error(code);
        self.force_quirks = true;
        self.reconsume(State::BogusDoctype);
        None
    }

    /// Sets identifier `which` to the empty string and switches to its state for `quote`
    /// (`"` or `'`).
    fn open_doctype_identifier(&mut self, which: Identifier, quote: u8) -> Option<Token<'a>> {
        self.set_doctype_field_empty(Some(which));
        self.state = match (which, quote) {
            (Identifier::Public, b'"') => State::DoctypePublicIdentifierDoubleQuoted,
            (Identifier::Public, _) => State::DoctypePublicIdentifierSingleQuoted,
            (Identifier::System, b'"') => State::DoctypeSystemIdentifierDoubleQuoted,
            (Identifier::System, _) => State::DoctypeSystemIdentifierSingleQuoted,
        };
        None
    }

    /// The buffer for a DOCTYPE name or identifier, created (empty) if it was missing.
    fn doctype_field(&mut self, which: Option<Identifier>) -> &mut TextBuf {
        let field = match which {
            None => &mut self.doctype_name,
            Some(Identifier::Public) => &mut self.doctype_public,
            Some(Identifier::System) => &mut self.doctype_system,
        };
        field.get_or_insert_with(TextBuf::default)
    }

    /// Sets a DOCTYPE name or identifier to the empty string (present, not missing).
    fn set_doctype_field_empty(&mut self, which: Option<Identifier>) {
        self.doctype_field(which).clear();
    }

    /// Appends the current input character to a DOCTYPE name or identifier.
    fn push_doctype_current(&mut self, which: Option<Identifier>, lowercase: bool) {
        let (src, cur, pos) = (self.src, self.cur, self.pos);
        let c = self.input[cur];
        let field = self.doctype_field(which);
        if c == b'\r' {
            field.push_str(src, "\n");
        } else if lowercase && c.is_ascii_uppercase() {
            field.push_char(src, c.to_ascii_lowercase() as char);
        } else {
            field.push_range(src, cur, pos);
        }
    }

    /// 13.2.5.53 DOCTYPE state.
    pub(super) fn doctype_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => {
                self.state = State::BeforeDoctypeName;
                None
            }
            Some(b'>') => {
                self.reconsume(State::BeforeDoctypeName);
                None
            }
            None => {
                self.new_doctype();
                self.eof_in_doctype()
            }
            Some(_) => {
                self.error(ErrorCode::MissingWhitespaceBeforeDoctypeName);
                self.reconsume(State::BeforeDoctypeName);
                None
            }
        }
    }

    /// 13.2.5.54 Before DOCTYPE name state.
    pub(super) fn before_doctype_name_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => None,
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                self.new_doctype();
                let src = self.src;
                let name = self.doctype_field(None);
                name.clear();
                name.push_str(src, "\u{FFFD}");
                self.state = State::DoctypeName;
                None
            }
            Some(b'>') => {
                self.new_doctype();
                self.doctype_error_and_emit(ErrorCode::MissingDoctypeName)
            }
            None => {
                self.new_doctype();
                self.eof_in_doctype()
            }
            Some(_) => {
                self.new_doctype();
                self.set_doctype_field_empty(None);
                self.push_doctype_current(None, true);
                self.state = State::DoctypeName;
                None
            }
        }
    }

    /// 13.2.5.55 DOCTYPE name state.
    pub(super) fn doctype_name_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => {
                self.state = State::AfterDoctypeName;
                None
            }
            Some(b'>') => {
                self.state = State::Data;
                self.emit_doctype()
            }
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                let src = self.src;
                self.doctype_field(None).push_str(src, "\u{FFFD}");
                None
            }
            None => self.eof_in_doctype(),
            Some(_) => {
                self.push_doctype_current(None, true);
                None
            }
        }
    }

    /// 13.2.5.56 After DOCTYPE name state.
    pub(super) fn after_doctype_name_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => None,
            Some(b'>') => {
                self.state = State::Data;
                self.emit_doctype()
            }
            None => self.eof_in_doctype(),
            Some(_) => {
                // The six characters starting with the current one.
                self.pos = self.cur;
                if self.next_is_ignore_case(b"PUBLIC") {
                    self.pos += 6;
                    self.state = State::AfterDoctypePublicKeyword;
                } else if self.next_is_ignore_case(b"SYSTEM") {
                    self.pos += 6;
                    self.state = State::AfterDoctypeSystemKeyword;
                } else {
                    self.consume();
                    self.error(ErrorCode::InvalidCharacterSequenceAfterDoctypeName);
                    self.force_quirks = true;
                    self.reconsume(State::BogusDoctype);
                }
                None
            }
        }
    }

    /// 13.2.5.57 After DOCTYPE public keyword state and 13.2.5.63 after DOCTYPE system keyword
    /// state.
    fn after_doctype_keyword(&mut self, which: Identifier) -> Option<Token<'a>> {
        let (before, missing_ws, missing_id, missing_quote) = match which {
            Identifier::Public => (
                State::BeforeDoctypePublicIdentifier,
                ErrorCode::MissingWhitespaceAfterDoctypePublicKeyword,
                ErrorCode::MissingDoctypePublicIdentifier,
                ErrorCode::MissingQuoteBeforeDoctypePublicIdentifier,
            ),
            Identifier::System => (
                State::BeforeDoctypeSystemIdentifier,
                ErrorCode::MissingWhitespaceAfterDoctypeSystemKeyword,
                ErrorCode::MissingDoctypeSystemIdentifier,
                ErrorCode::MissingQuoteBeforeDoctypeSystemIdentifier,
            ),
        };
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => {
                self.state = before;
                None
            }
            Some(q @ (b'"' | b'\'')) => {
                self.error(missing_ws);
                self.open_doctype_identifier(which, q)
            }
            Some(b'>') => self.doctype_error_and_emit(missing_id),
            None => self.eof_in_doctype(),
            Some(_) => self.doctype_error_to_bogus(missing_quote),
        }
    }

    /// 13.2.5.57 After DOCTYPE public keyword state.
    pub(super) fn after_doctype_public_keyword_state(&mut self) -> Option<Token<'a>> {
        self.after_doctype_keyword(Identifier::Public)
    }

    /// 13.2.5.63 After DOCTYPE system keyword state.
    pub(super) fn after_doctype_system_keyword_state(&mut self) -> Option<Token<'a>> {
        self.after_doctype_keyword(Identifier::System)
    }

    /// 13.2.5.58 Before DOCTYPE public identifier state and 13.2.5.64 before DOCTYPE system
    /// identifier state.
    fn before_doctype_identifier(&mut self, which: Identifier) -> Option<Token<'a>> {
        let (missing_id, missing_quote) = match which {
            Identifier::Public => (
                ErrorCode::MissingDoctypePublicIdentifier,
                ErrorCode::MissingQuoteBeforeDoctypePublicIdentifier,
            ),
            Identifier::System => (
                ErrorCode::MissingDoctypeSystemIdentifier,
                ErrorCode::MissingQuoteBeforeDoctypeSystemIdentifier,
            ),
        };
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => None,
            Some(q @ (b'"' | b'\'')) => self.open_doctype_identifier(which, q),
            Some(b'>') => self.doctype_error_and_emit(missing_id),
            None => self.eof_in_doctype(),
            Some(_) => self.doctype_error_to_bogus(missing_quote),
        }
    }

    /// 13.2.5.58 Before DOCTYPE public identifier state.
    pub(super) fn before_doctype_public_identifier_state(&mut self) -> Option<Token<'a>> {
        self.before_doctype_identifier(Identifier::Public)
    }

    /// 13.2.5.64 Before DOCTYPE system identifier state.
    pub(super) fn before_doctype_system_identifier_state(&mut self) -> Option<Token<'a>> {
        self.before_doctype_identifier(Identifier::System)
    }

    /// 13.2.5.59/60 DOCTYPE public identifier (double- or single-quoted) states and
    /// 13.2.5.65/66 DOCTYPE system identifier (double- or single-quoted) states.
    fn doctype_identifier_quoted(&mut self, which: Identifier, quote: u8) -> Option<Token<'a>> {
        let (after, abrupt) = match which {
            Identifier::Public => (
                State::AfterDoctypePublicIdentifier,
                ErrorCode::AbruptDoctypePublicIdentifier,
            ),
            Identifier::System => (
                State::AfterDoctypeSystemIdentifier,
                ErrorCode::AbruptDoctypeSystemIdentifier,
            ),
        };
        match self.consume() {
            Some(c) if c == quote => {
                self.state = after;
                None
            }
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                let src = self.src;
                self.doctype_field(Some(which)).push_str(src, "\u{FFFD}");
                None
            }
            Some(b'>') => self.doctype_error_and_emit(abrupt),
            None => self.eof_in_doctype(),
            Some(_) => {
                self.push_doctype_current(Some(which), false);
                None
            }
        }
    }

    /// 13.2.5.59 and 13.2.5.60 DOCTYPE public identifier (double-/single-quoted) states.
    pub(super) fn doctype_public_identifier_quoted_state(
        &mut self,
        quote: u8,
    ) -> Option<Token<'a>> {
        self.doctype_identifier_quoted(Identifier::Public, quote)
    }

    /// 13.2.5.65 and 13.2.5.66 DOCTYPE system identifier (double-/single-quoted) states.
    pub(super) fn doctype_system_identifier_quoted_state(
        &mut self,
        quote: u8,
    ) -> Option<Token<'a>> {
        self.doctype_identifier_quoted(Identifier::System, quote)
    }

    /// 13.2.5.61 After DOCTYPE public identifier state.
    pub(super) fn after_doctype_public_identifier_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => {
                self.state = State::BetweenDoctypePublicAndSystemIdentifiers;
                None
            }
            Some(b'>') => {
                self.state = State::Data;
                self.emit_doctype()
            }
            Some(q @ (b'"' | b'\'')) => {
                self.error(ErrorCode::MissingWhitespaceBetweenDoctypePublicAndSystemIdentifiers);
                self.open_doctype_identifier(Identifier::System, q)
            }
            None => self.eof_in_doctype(),
            Some(_) => {
                self.doctype_error_to_bogus(ErrorCode::MissingQuoteBeforeDoctypeSystemIdentifier)
            }
        }
    }

    /// 13.2.5.62 Between DOCTYPE public and system identifiers state.
    pub(super) fn between_doctype_public_and_system_identifiers_state(
        &mut self,
    ) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => None,
            Some(b'>') => {
                self.state = State::Data;
                self.emit_doctype()
            }
            Some(q @ (b'"' | b'\'')) => self.open_doctype_identifier(Identifier::System, q),
            None => self.eof_in_doctype(),
            Some(_) => {
                self.doctype_error_to_bogus(ErrorCode::MissingQuoteBeforeDoctypeSystemIdentifier)
            }
        }
    }

    /// 13.2.5.67 After DOCTYPE system identifier state.
    pub(super) fn after_doctype_system_identifier_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if is_tokenizer_whitespace(c) => None,
            Some(b'>') => {
                self.state = State::Data;
                self.emit_doctype()
            }
            None => self.eof_in_doctype(),
            Some(_) => {
                // This does not set the force-quirks flag.
                self.error(ErrorCode::UnexpectedCharacterAfterDoctypeSystemIdentifier);
                self.reconsume(State::BogusDoctype);
                None
            }
        }
    }

    /// 13.2.5.68 Bogus DOCTYPE state.
    pub(super) fn bogus_doctype_state(&mut self) -> Option<Token<'a>> {
        let rest = &self.input[self.pos..];
        // Everything but `>` and NUL is ignored, so skip straight to the next of those.
        let skip = self
            .find_stop(&super::scan::BOGUS_DOCTYPE)
            .unwrap_or(rest.len());
        self.pos += skip;
        match self.consume() {
            Some(b'>') => {
                self.state = State::Data;
                self.emit_doctype()
            }
            Some(0) => {
                self.error(ErrorCode::UnexpectedNullCharacter);
                None
            }
            None => {
                self.state = State::Data;
                self.emit_doctype()
            }
            Some(_) => None,
        }
    }
}
