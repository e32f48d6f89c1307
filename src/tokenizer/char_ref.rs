//! Character references (13.2.5.77–84).
//!
//! The temporary buffer of these states always starts at the `&` (`amp_pos`) and, until a
//! reference resolves, holds exactly the input characters from there to the current position,
//! so "flush code points consumed as a character reference" emits or appends the input range
//! `amp_pos..pos` without copying. A resolved reference is a `&'static str` from the named
//! table or one code point written into the arena.

use super::named_refs;
use super::{ErrorCode, State, Token, Tokenizer};

/// The replacements for numeric character references to C1 controls (13.2.5.84 table):
/// index `code - 0x80`, 0 where the code point is kept.
const C1_REPLACEMENTS: [u32; 32] = [
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
    0x0152, 0, 0x017D, 0, 0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC,
    0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178,
];

/// Above this the code is already outside Unicode; accumulating stops growing it so that a
/// million digits cannot overflow.
const CODE_CAP: u32 = 0x0011_0000;

/// The character a numeric character reference to `code` resolves to when the numeric
/// character reference end state (13.2.5.85) keeps it with no parse error, else `None`.
#[inline]
fn plain_reference_char(code: u32) -> Option<char> {
    let control = code == 0x0D
        || ((code < 0x20 || (0x7F..=0x9F).contains(&code))
            && !matches!(code, 0x09 | 0x0A | 0x0C | 0x20));
    if code == 0 || control || super::is_noncharacter(code) {
        return None;
    }
    // `from_u32` refuses the surrogates and what is past U+10FFFF.
    char::from_u32(code)
}

impl<'a> Tokenizer<'a> {
    /// "Consumed as part of an attribute": the return state is an attribute value state.
    #[inline]
    fn char_ref_in_attribute(&self) -> bool {
        matches!(
            self.return_state,
            State::AttributeValueDoubleQuoted
                | State::AttributeValueSingleQuoted
                | State::AttributeValueUnquoted
        )
    }

    /// Flushes the input characters `amp_pos..end` (the temporary buffer, unresolved).
    fn flush_unresolved(&mut self, end: usize) -> Option<Token<'a>> {
        let start = self.amp_pos;
        self.flush_input_range(start, end)
    }

    /// Flushes the input characters `start..end`: appends them to the attribute value or to
    /// the data state's character token, or (RCDATA) emits them as character tokens.
    fn flush_input_range(&mut self, start: usize, end: usize) -> Option<Token<'a>> {
        if end == start {
            return None;
        }
        if self.char_ref_in_attribute() {
            self.attr_value.push_range(self.src, start, end);
            None
        } else if self.return_state == State::Data && self.whole_text {
            self.data_text.push_range(self.src, start, end);
            None
        } else {
            self.emit_chars(self.slice(start, end))
        }
    }

    /// Flushes resolved characters `s`, as [`flush_input_range`](Self::flush_input_range).
    fn flush_resolved(&mut self, s: &'a str) -> Option<Token<'a>> {
        if self.char_ref_in_attribute() {
            self.attr_value.push_str(self.src, s);
            None
        } else if self.return_state == State::Data && self.whole_text {
            self.data_text.push_str(self.src, s);
            None
        } else {
            self.emit_chars(s)
        }
    }

    /// Flushes the resolved character `c`, as [`flush_resolved`](Self::flush_resolved): only
    /// a character token of its own needs a string of its own in the arena.
    fn flush_char(&mut self, c: char) -> Option<Token<'a>> {
        if self.char_ref_in_attribute() {
            self.attr_value.push_char(self.src, c);
            None
        } else if self.return_state == State::Data && self.whole_text {
            self.data_text.push_char(self.src, c);
            None
        } else {
            let mut buf = [0u8; 4];
            let s: &'a str = self.arena.alloc_str(c.encode_utf8(&mut buf));
            self.emit_chars(s)
        }
    }

    /// 13.2.5.77 Character reference state. Entered with the `&` consumed.
    pub(super) fn character_reference_state(&mut self) -> Option<Token<'a>> {
        self.amp_pos = self.cur;
        match self.consume() {
            Some(c) if c.is_ascii_alphanumeric() => {
                self.reconsume(State::NamedCharacterReference);
                self.named_character_reference_state()
            }
            Some(b'#') => {
                if let Some((code, end)) = self.plain_numeric_reference() {
                    // What the numeric states would reach, without going round the dispatch
                    // loop once per state: the reference resolves with no parse error.
                    self.cur = end - 1;
                    self.pos = end;
                    self.state = self.return_state;
                    return self.flush_char(code);
                }
                self.state = State::NumericCharacterReference;
                None
            }
            _ => {
                self.reconsume(self.return_state);
                let end = self.pos;
                self.flush_unresolved(end)
            }
        }
    }

    /// The numeric character reference fast path, with `pos` after the `&#`: the common
    /// reference, 1 to 6 decimal or hexadecimal digits and a `;` (all in the available input),
    /// whose code point the numeric character reference end state keeps as it is with no parse
    /// error (not 0, a surrogate, a noncharacter, a control other than ASCII white space, or
    /// past U+10FFFF). Returns the character and the position after the `;`, or `None` (and
    /// changes nothing) for anything else, which the states of 13.2.5.80–85 take from the `#`.
    /// Off for the scalar twin.
    #[inline]
    fn plain_numeric_reference(&self) -> Option<(char, usize)> {
        if !self.tag_fast_path {
            return None;
        }
        let rest = self.input.get(self.pos..)?;
        let (radix, skip) = match rest.first() {
            Some(b'x' | b'X') => (16, 1),
            _ => (10, 0),
        };
        let mut code: u32 = 0;
        for (digits, &b) in rest.iter().skip(skip).take(7).enumerate() {
            let digit = match b {
                b'0'..=b'9' => u32::from(b - b'0'),
                b'a'..=b'f' if radix == 16 => u32::from(b - b'a' + 10),
                b'A'..=b'F' if radix == 16 => u32::from(b - b'A' + 10),
                b';' if digits > 0 => {
                    let c = plain_reference_char(code)?;
                    return Some((c, self.pos + skip + digits + 1));
                }
                _ => return None,
            };
            code = code * radix + digit;
        }
        None
    }

    /// 13.2.5.78 Named character reference state: the longest name in the table that the
    /// input continues with.
    pub(super) fn named_character_reference_state(&mut self) -> Option<Token<'a>> {
        if self.lookahead_short(named_refs::LONGEST_NAME)
            && named_refs::could_extend(&self.input[self.pos..])
        {
            return self.suspend();
        }
        match named_refs::longest_match(&self.input[self.pos..]) {
            Some((len, chars)) => {
                let end = self.pos + len;
                if end == self.input.len() && !self.is_final {
                    // The attribute-value rule below needs the character after the name.
                    return self.suspend();
                }
                let with_semicolon = self.input[end - 1] == b';';
                let next = self.input.get(end).copied();
                if self.char_ref_in_attribute()
                    && !with_semicolon
                    && next.is_some_and(|b| b == b'=' || b.is_ascii_alphanumeric())
                {
                    // For historical reasons, the characters stay as they are.
                    self.pos = end;
                    self.state = self.return_state;
                    return self.flush_unresolved(end);
                }
                if !with_semicolon {
                    self.error_at(ErrorCode::MissingSemicolonAfterCharacterReference, end);
                }
                self.pos = end;
                self.state = self.return_state;
                if self.char_ref_in_attribute() {
                    self.attr_value.push_str(self.src, chars);
                    // Back in the attribute value state: continue there directly (it never
                    // calls the character reference states itself, so this cannot recurse).
                    return match self.state {
                        State::AttributeValueDoubleQuoted => {
                            self.attribute_value_quoted_state(b'"')
                        }
                        State::AttributeValueSingleQuoted => {
                            self.attribute_value_quoted_state(b'\'')
                        }
                        _ => None,
                    };
                }
                self.flush_resolved(chars)
            }
            None => {
                self.state = State::AmbiguousAmpersand;
                let end = self.pos;
                self.flush_unresolved(end)
            }
        }
    }

    /// 13.2.5.79 Ambiguous ampersand state. The ASCII alphanumerics are taken as one run.
    pub(super) fn ambiguous_ampersand_state(&mut self) -> Option<Token<'a>> {
        let run = self.input[self.pos..]
            .iter()
            .take_while(|b| b.is_ascii_alphanumeric())
            .count();
        if self.pos + run == self.input.len() && !self.is_final {
            // The run (or the `;` after it) may continue in the next chunk: take it then, so
            // that streamed input gives the whole input's tokens and errors.
            return self.suspend();
        }
        if run > 0 {
            let (s, e) = (self.pos, self.pos + run);
            self.pos = e;
            return self.flush_input_range(s, e);
        }
        match self.consume() {
            Some(b';') => {
                self.error(ErrorCode::UnknownNamedCharacterReference);
                self.reconsume(self.return_state);
            }
            _ => self.reconsume(self.return_state),
        }
        None
    }

    /// 13.2.5.80 Numeric character reference state (with the later change that removed the
    /// decimal character reference start state: digits lead straight to the decimal state).
    pub(super) fn numeric_character_reference_state(&mut self) -> Option<Token<'a>> {
        self.char_ref_code = 0;
        match self.consume() {
            Some(b'x' | b'X') => {
                self.state = State::HexadecimalCharacterReferenceStart;
                None
            }
            Some(c) if c.is_ascii_digit() => {
                self.reconsume(State::DecimalCharacterReference);
                None
            }
            _ => {
                self.error(ErrorCode::AbsenceOfDigitsInNumericCharacterReference);
                self.reconsume(self.return_state);
                let end = self.pos;
                self.flush_unresolved(end)
            }
        }
    }

    /// 13.2.5.81 Hexadecimal character reference start state.
    pub(super) fn hexadecimal_character_reference_start_state(&mut self) -> Option<Token<'a>> {
        match self.consume() {
            Some(c) if c.is_ascii_hexdigit() => {
                self.reconsume(State::HexadecimalCharacterReference);
                None
            }
            _ => {
                self.error(ErrorCode::AbsenceOfDigitsInNumericCharacterReference);
                self.reconsume(self.return_state);
                let end = self.pos;
                self.flush_unresolved(end)
            }
        }
    }

    /// 13.2.5.82 (July 2026: 13.2.5.83) Hexadecimal character reference state.
    pub(super) fn hexadecimal_character_reference_state(&mut self) -> Option<Token<'a>> {
        self.character_reference_digits(16)
    }

    /// 13.2.5.83 (July 2026: 13.2.5.84) Decimal character reference state.
    pub(super) fn decimal_character_reference_state(&mut self) -> Option<Token<'a>> {
        self.character_reference_digits(10)
    }

    /// The hexadecimal (`radix` 16) and decimal (`radix` 10) character reference states: they
    /// differ only in which digits they take. The digits are consumed in one loop.
    fn character_reference_digits(&mut self, radix: u32) -> Option<Token<'a>> {
        loop {
            match self.consume() {
                Some(c) if (c as char).is_digit(radix) => {
                    let digit = (c as char).to_digit(radix).unwrap_or(0);
                    self.char_ref_code = (self.char_ref_code * radix + digit).min(CODE_CAP);
                }
                Some(b';') => {
                    self.state = State::NumericCharacterReferenceEnd;
                    return None;
                }
                _ => {
                    self.error(ErrorCode::MissingSemicolonAfterCharacterReference);
                    self.reconsume(State::NumericCharacterReferenceEnd);
                    return None;
                }
            }
        }
    }

    /// 13.2.5.84 (July 2026: 13.2.5.85) Numeric character reference end state.
    pub(super) fn numeric_character_reference_end_state(&mut self) -> Option<Token<'a>> {
        let mut code = self.char_ref_code;
        let at = self.pos;
        if code == 0 {
            self.error_at(ErrorCode::NullCharacterReference, at);
            code = 0xFFFD;
        } else if code > 0x10FFFF {
            self.error_at(ErrorCode::CharacterReferenceOutsideUnicodeRange, at);
            code = 0xFFFD;
        } else if (0xD800..=0xDFFF).contains(&code) {
            self.error_at(ErrorCode::SurrogateCharacterReference, at);
            code = 0xFFFD;
        } else if super::is_noncharacter(code) {
            self.error_at(ErrorCode::NoncharacterCharacterReference, at);
        } else if code == 0x0D
            || ((code < 0x20 || (0x7F..=0x9F).contains(&code))
                && !matches!(code, 0x09 | 0x0A | 0x0C | 0x20))
        {
            self.error_at(ErrorCode::ControlCharacterReference, at);
            if (0x80..=0x9F).contains(&code) {
                let replacement = C1_REPLACEMENTS[(code - 0x80) as usize];
                if replacement != 0 {
                    code = replacement;
                }
            }
        }
        self.state = self.return_state;
        let c = char::from_u32(code).unwrap_or('\u{FFFD}');
        self.flush_char(c)
    }
}
