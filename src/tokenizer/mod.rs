//! The tokenizer (HTML Standard 13.2.5 "Tokenization").
//!
//! [`Tokenizer`] runs the spec's state machine over a whole, already decoded input (`&'a str`)
//! and hands out one [`Token`] per call to [`Tokenizer::next_token`]. It is zero-copy: token
//! strings are slices of the input unless the tokenizer changed the characters (see
//! [`token`](Token)). States that run over long stretches find their next stop byte with the
//! scanning layer (`scan/`); the others step one character at a time, as the spec's prose
//! reads. The common shape of a tag (name, attributes with quoted or unquoted values, `>` or
//! `/>`) is taken in one function, `tag_states.rs`'s tag fast path, which hands over to the states at
//! anything unusual.
//!
//! The states live in one file per spec area: `text.rs` (data, RCDATA, RAWTEXT, script data,
//! PLAINTEXT, CDATA and their less-than-sign / end-tag states), `tag_states.rs` (tags and attributes),
//! `comment.rs` (markup declarations, comments, bogus comments, processing instructions),
//! `doctype.rs` and `char_ref.rs`.
//!
//! Input stream preprocessing (13.2.3.5) happens on the fly: a CR or CRLF pair is consumed as
//! one U+000A LINE FEED, and the control / noncharacter parse errors of the input stream are
//! found by one extra pass (only when errors are collected) and merged in offset order.
//!
//! What it does not do: decode bytes (the input layer does), or decide tokenizer states from
//! the tree (the tree builder calls [`Tokenizer::set_state`] and
//! [`Tokenizer::set_cdata_allowed`]).

mod attr_spans;
mod char_ref;
mod comment;
mod doctype;
mod error;
mod infoset;
mod named_refs;
#[allow(unsafe_code)]
mod scan;
mod state;
mod tag_states;
mod text;
mod token;

pub(crate) use attr_spans::start_tag_attribute_spans;
pub use error::{ErrorCode, LineCol, LineIndex, ParseError};
pub use scan::ScanImpl;

/// The marks of markup in `bytes` that may make a node (each `<` followed by an ASCII letter,
/// `!` or `?`, and each `<` not right after a `>`), counted a block at a time, or byte at a time
/// when `scalar`: the input of the parser's node table estimate.
pub(crate) fn count_node_marks(bytes: &[u8], scalar: bool) -> usize {
    scan::Scanner::new(scalar).count_node_marks(bytes)
}
pub use state::State;
pub use token::{Attribute, Doctype, ProcessingInstruction, TagToken, Token};

use bumpalo::Bump;
use std::collections::HashSet;

/// Options for a [`Tokenizer`].
#[derive(Debug, Clone, Default)]
pub struct TokenizerOptions {
    /// The state to start in (the html5lib suites start in data, PLAINTEXT, RCDATA, RAWTEXT,
    /// script data or CDATA section state). `None` means [`State::Data`]. Any state may be
    /// given: in one inside a construct (tag open, comment end, CDATA section bracket, ...)
    /// the tokenizer acts as if the characters that lead there had been consumed, and emits
    /// for them the characters the standard names (`<`, `--`, `]`, `?` ...).
    pub initial_state: Option<State>,
    /// The tag name of "the last start tag to have been emitted", for the appropriate end tag
    /// check when tokenizing starts in RCDATA, RAWTEXT or script data. `None`: no start tag
    /// has been emitted.
    pub last_start_tag: Option<String>,
    /// Collect parse errors (default: false). Without it no error is recorded and the input
    /// stream is not scanned for control characters.
    pub collect_errors: bool,
    /// Apply the token-level part of 13.2.9 "Coercing an HTML DOM into an infoset" (form
    /// feeds in text and attribute values become spaces, characters that are not XML `Char`s
    /// become U+FFFD, `--` in comments becomes `- -`), as html5lib's `xmlViolation` tests
    /// expect. Off by default.
    pub coerce_to_infoset: bool,
    /// The scalar twin: the spec's state machine with no fast path of any kind. The scanning
    /// layer searches one byte at a time instead of with vector instructions, and the tag fast
    /// path is off, so every tag goes through the tag name, attribute and value states one
    /// character at a time. The tokens and errors are the same; it exists as the oracle that
    /// the fast paths are tested against (the html5lib suites, the property tests, the corpus
    /// tests and the `scalar_twin` fuzz target compare the two), and to measure what they buy.
    /// Any future fast path is switched off by this flag too. Default: false.
    pub scalar: bool,
}

/// A string being built for a token: a borrowed range of the input while the characters equal
/// the input, an owned buffer (reused between tokens) from the first change on.
#[derive(Debug, Default)]
struct TextBuf {
    start: usize,
    end: usize,
    owned: bool,
    buf: String,
}

impl TextBuf {
    #[inline]
    fn clear(&mut self) {
        self.start = 0;
        self.end = 0;
        self.owned = false;
        self.buf.clear();
    }

    /// Whether nothing has been appended since the last [`clear`](Self::clear).
    #[inline]
    fn is_empty(&self) -> bool {
        if self.owned {
            self.buf.is_empty()
        } else {
            self.start == self.end
        }
    }

    /// Appends the input characters `src[s..e]`.
    #[inline]
    fn push_range(&mut self, src: &str, s: usize, e: usize) {
        if s == e {
            return;
        }
        if !self.owned {
            if self.start == self.end {
                self.start = s;
                self.end = e;
                return;
            }
            if self.end == s {
                self.end = e;
                return;
            }
        }
        self.push_range_owned(src, s, e);
    }

    /// [`push_range`](Self::push_range) once the string has to be copied: kept out of line so
    /// that the borrowed cases above inline into the states' run loops.
    #[inline(never)]
    fn push_range_owned(&mut self, src: &str, s: usize, e: usize) {
        if !self.owned {
            self.make_owned(src);
        }
        self.buf.push_str(&src[s..e]);
    }

    /// Appends characters that are not the input's own.
    #[inline]
    fn push_str(&mut self, src: &str, s: &str) {
        if !self.owned {
            self.make_owned(src);
        }
        self.buf.push_str(s);
    }

    #[inline]
    fn push_char(&mut self, src: &str, c: char) {
        if !self.owned {
            self.make_owned(src);
        }
        self.buf.push(c);
    }

    fn make_owned(&mut self, src: &str) {
        self.buf.clear();
        self.buf.push_str(&src[self.start..self.end]);
        self.owned = true;
    }

    /// The finished string for a token: the input slice, or a copy in the arena.
    #[inline]
    fn finish<'a>(&self, src: &'a str, arena: &'a Bump) -> &'a str {
        if self.owned {
            arena.alloc_str(&self.buf)
        } else {
            &src[self.start..self.end]
        }
    }
}

/// Above this many attributes on one tag, duplicate detection switches from a linear scan to a
/// hash set, so a tag with 100,000 attributes stays linear.
const LINEAR_DUPLICATE_CHECK_LIMIT: usize = 16;

/// What [`Tokenizer::rewind`] restores: the tokenizer between two tokens.
#[derive(Debug, Clone, Copy)]
struct Checkpoint<'a> {
    pos: usize,
    cur: usize,
    state: State,
    return_state: State,
    lt_pos: usize,
    temp_start: usize,
    amp_pos: usize,
    char_ref_code: u32,
    last_start_tag: Option<&'a str>,
    eof_emitted: bool,
    errors: usize,
    input_errors_next: usize,
}

/// The HTML tokenizer (13.2.5) over a whole, already decoded input.
///
/// `'a` is the lifetime of both the input and the arena that receives the strings the
/// tokenizer had to change. Create it with [`Tokenizer::new`], then call
/// [`Tokenizer::next_token`] until it returns [`Token::Eof`] (or iterate: the iterator stops
/// after the end-of-file token).
pub struct Tokenizer<'a> {
    arena: &'a Bump,
    src: &'a str,
    input: &'a [u8],
    /// The document offset of `src`'s first byte (streaming drops input it no longer needs;
    /// 0 otherwise). Every other position here is relative to `src`.
    base: usize,
    /// Byte offset of the next input character.
    pos: usize,
    /// Byte offset of the current input character (the last one consumed).
    cur: usize,
    state: State,
    return_state: State,
    /// Offset of the `<` that started the construct being tokenized (tags, end-tag look-ups,
    /// processing instructions).
    lt_pos: usize,
    /// Offset where the temporary buffer's characters start in the input (it only ever holds a
    /// contiguous run of input characters in the states that use it that way).
    temp_start: usize,
    /// Offset of the `&` that started the current character reference.
    amp_pos: usize,
    char_ref_code: u32,

    // The current tag token.
    tag_is_end: bool,
    tag_name: TextBuf,
    self_closing: bool,
    attrs: Vec<Attribute<'a>>,
    attr_names: HashSet<&'a str>,
    attr_pending: bool,
    attr_duplicate: bool,
    attr_name: TextBuf,
    attr_name_final: &'a str,
    attr_value: TextBuf,

    // The character token the data state is building: runs of text, the characters of
    // character references and CR normalisation, up to the next `<`, NUL or the end of the
    // input, as one token. Empty between tokens.
    data_text: TextBuf,
    /// Whether the data state builds `data_text` ([`Tokenizer::set_whole_text`]); else each
    /// run, reference and CR's line feed is a token of its own.
    whole_text: bool,
    /// Whether the last character token was the data state's text (a run, or `data_text`),
    /// which holds no NUL: the data state stops at one and emits it as a token of its own, and
    /// a character reference never resolves to one ([`Tokenizer::text_has_no_nul`]).
    text_nul_free: bool,

    // The current comment or processing instruction token.
    comment: TextBuf,
    pi_target: &'a str,

    // The current DOCTYPE token.
    doctype_name: Option<TextBuf>,
    doctype_public: Option<TextBuf>,
    doctype_system: Option<TextBuf>,
    force_quirks: bool,

    last_start_tag: Option<&'a str>,
    cdata_allowed: bool,
    eof_emitted: bool,

    collect_errors: bool,
    coerce_to_infoset: bool,
    /// The scanning implementation the text-like states use (see `scan`).
    scanner: scan::Scanner,
    /// Whether the tag fast path and the numeric character reference fast path run (`false`
    /// for the scalar twin: every tag and reference goes through the spec's states one
    /// character at a time).
    tag_fast_path: bool,
    /// Whether `src` is the whole input (`true` except while streaming: then the end of `src`
    /// is only the end of the input available so far).
    is_final: bool,
    /// Set by a state that needed input beyond the end of a non-final `src`: the token being
    /// built is abandoned and redone from its start when more input arrives.
    suspended: bool,
    /// Set when [`next_token_partial`](Self::next_token_partial) gave `None`: the input so far
    /// ends inside the next token, and until [`push_input`](Self::push_input) (or a setter that
    /// changes what the next token is) another call would scan the same characters again only
    /// to suspend again, so it returns `None` at once. (Without it, a caller that asks for a
    /// token after every small chunk rescans a long unfinished token each time: quadratic.)
    starved: bool,
    errors: Vec<ParseError>,
    /// Input stream errors (13.2.3.5), found up front, merged into `errors` in offset order.
    input_errors: Vec<ParseError>,
    input_errors_next: usize,
}

impl<'a> Tokenizer<'a> {
    /// Creates a tokenizer over `input`. Strings the tokenizer has to change are copied into
    /// `arena`; everything else borrows `input`.
    pub fn new(arena: &'a Bump, input: &'a str, options: TokenizerOptions) -> Tokenizer<'a> {
        let state = options.initial_state.unwrap_or(State::Data);
        let last_start_tag = options
            .last_start_tag
            .as_deref()
            .map(|t| &*arena.alloc_str(&t.to_ascii_lowercase()));
        let input_errors = if options.collect_errors {
            input_stream_errors(input)
        } else {
            Vec::new()
        };
        Tokenizer {
            arena,
            src: input,
            input: input.as_bytes(),
            base: 0,
            pos: 0,
            cur: 0,
            state,
            return_state: State::Data,
            lt_pos: 0,
            temp_start: 0,
            amp_pos: 0,
            char_ref_code: 0,
            tag_is_end: false,
            tag_name: TextBuf::default(),
            self_closing: false,
            attrs: Vec::new(),
            attr_names: HashSet::new(),
            attr_pending: false,
            attr_duplicate: false,
            attr_name: TextBuf::default(),
            attr_name_final: "",
            attr_value: TextBuf::default(),
            data_text: TextBuf::default(),
            whole_text: true,
            text_nul_free: false,
            comment: TextBuf::default(),
            pi_target: "",
            doctype_name: None,
            doctype_public: None,
            doctype_system: None,
            force_quirks: false,
            last_start_tag,
            cdata_allowed: false,
            eof_emitted: false,
            collect_errors: options.collect_errors,
            coerce_to_infoset: options.coerce_to_infoset,
            scanner: scan::Scanner::new(options.scalar),
            tag_fast_path: !options.scalar,
            is_final: true,
            suspended: false,
            starved: false,
            errors: Vec::new(),
            input_errors,
            input_errors_next: 0,
        }
    }

    /// A tokenizer for input that arrives in pieces: it starts with no input; give it the
    /// characters available so far with [`push_input`](Self::push_input) and take tokens with
    /// [`next_token_partial`](Self::next_token_partial). (`crate::stream` wraps this with
    /// byte decoding and buffer management.)
    pub fn new_streaming(arena: &'a Bump, options: TokenizerOptions) -> Tokenizer<'a> {
        let mut tokenizer = Tokenizer::new(arena, "", options);
        tokenizer.is_final = false;
        tokenizer
    }

    /// Replaces the available input with `input`, whose first byte is the document's byte
    /// `base` (the document is the concatenation of all the input the stream ever had). `input`
    /// must start with the previous input from `base` on (the same characters, usually followed
    /// by new ones), and `base` must lie between the previous input's base and
    /// [`retained_start`](Self::retained_start): the characters before `base` are never read
    /// again. `is_final`: `input` runs to the end of the document, so its end is the end of
    /// file. Strings already handed out keep borrowing the old buffers (`'a`); offsets
    /// ([`offset`](Self::offset), [`ParseError::offset`]) are the document's.
    ///
    /// # Panics
    /// If `input` does not continue the previous input as described, or after a final input.
    pub fn push_input(&mut self, input: &'a str, base: usize, is_final: bool) {
        assert!(!self.is_final, "push_input after the final input");
        assert!(
            base >= self.base && base <= self.retained_start(),
            "push_input: base {base} outside {}..={}",
            self.base,
            self.retained_start()
        );
        let delta = base - self.base;
        let kept = &self.src.as_bytes()[delta.min(self.src.len())..];
        assert!(
            input.len() >= kept.len() && input.as_bytes()[..kept.len()] == *kept,
            "push_input: the new input must continue the old one"
        );
        let old_end = self.base + self.src.len();
        if self.collect_errors {
            let new = input_stream_errors(&input[old_end - base..]);
            self.input_errors
                .extend(new.into_iter().map(|e| ParseError {
                    offset: e.offset + old_end,
                    ..e
                }));
        }
        self.pos -= delta;
        self.cur -= delta;
        // Positions below `base` are not live (see `retained_start`): keep them in range.
        self.lt_pos = self.lt_pos.saturating_sub(delta);
        self.temp_start = self.temp_start.saturating_sub(delta);
        self.amp_pos = self.amp_pos.saturating_sub(delta);
        self.base = base;
        self.src = input;
        self.input = input.as_bytes();
        self.is_final = is_final;
        self.starved = false;
    }

    /// The document offset from which the tokenizer may still read the input: the next input
    /// character, or, inside a construct that spans tokens (a `<` or `&` whose meaning is not
    /// settled yet, an end tag name being compared), where that construct started. Between
    /// tokens, [`push_input`](Self::push_input) may drop everything before it. In the data,
    /// RCDATA, RAWTEXT, script data and PLAINTEXT states no construct is open: the positions
    /// of the last `<`, `&` and temporary buffer are dead there.
    pub fn retained_start(&self) -> usize {
        let mut keep = self.pos.min(self.cur);
        if !matches!(
            self.state,
            State::Data | State::Rcdata | State::Rawtext | State::ScriptData | State::Plaintext
        ) {
            keep = keep.min(self.lt_pos).min(self.temp_start).min(self.amp_pos);
        }
        self.base + keep
    }

    /// The next token, or `None` when the input available so far ends inside it (or before
    /// it): then nothing was consumed, and the call should be repeated after
    /// [`push_input`](Self::push_input). With a final input this is `Some(next_token())`.
    /// Only the abandoned token's characters are scanned again, never the input before it.
    pub fn next_token_partial(&mut self) -> Option<Token<'a>> {
        if self.is_final {
            return Some(self.next_token());
        }
        if self.starved {
            return None;
        }
        let checkpoint = self.checkpoint();
        let token = self.next_token();
        if self.suspended {
            self.rewind(checkpoint);
            self.starved = true;
            return None;
        }
        Some(token)
    }

    /// The scalar state kept between tokens (the token builders are reset by the states that
    /// start a token, so they need no saving).
    fn checkpoint(&self) -> Checkpoint<'a> {
        Checkpoint {
            pos: self.pos,
            cur: self.cur,
            state: self.state,
            return_state: self.return_state,
            lt_pos: self.lt_pos,
            temp_start: self.temp_start,
            amp_pos: self.amp_pos,
            char_ref_code: self.char_ref_code,
            last_start_tag: self.last_start_tag,
            eof_emitted: self.eof_emitted,
            errors: self.errors.len(),
            input_errors_next: self.input_errors_next,
        }
    }

    /// Back to `c`, forgetting the errors recorded since.
    fn rewind(&mut self, c: Checkpoint<'a>) {
        self.pos = c.pos;
        self.cur = c.cur;
        self.state = c.state;
        self.return_state = c.return_state;
        self.lt_pos = c.lt_pos;
        self.temp_start = c.temp_start;
        self.amp_pos = c.amp_pos;
        self.char_ref_code = c.char_ref_code;
        self.last_start_tag = c.last_start_tag;
        self.eof_emitted = c.eof_emitted;
        self.errors.truncate(c.errors);
        self.input_errors_next = c.input_errors_next;
        self.data_text.clear();
        self.suspended = false;
    }

    /// Runs the state machine until it emits the next token. After the end of the input it
    /// returns [`Token::Eof`], on this and every later call.
    pub fn next_token(&mut self) -> Token<'a> {
        if self.eof_emitted {
            return Token::Eof;
        }
        loop {
            if let Some(token) = self.step_states_inline() {
                if self.collect_errors || self.coerce_to_infoset {
                    return self.finish_token(token);
                }
                return token;
            }
        }
    }

    /// One step of [`next_token`](Self::next_token): the current state's, into `slot` the
    /// token it emitted, if any. The parser's driver loops over it itself and reads the token
    /// where this wrote it: out of `next_token`, and then into a variable of the driver's own,
    /// each token was copied in 16-byte pieces over the 8-byte stores that had just made it,
    /// and each such load waited for those stores to reach the cache (store-to-load forwarding
    /// fails on a load that spans two stores).
    ///
    /// A tag that starts in the data state (most tokens) goes to the tag fast path from here,
    /// so that the fast path writes its token into `slot` itself: through the states' `match`,
    /// the token was made in this frame and copied into `slot`, a 16-byte load over the
    /// smaller stores that had just made it.
    #[inline(never)]
    pub(crate) fn step(&mut self, slot: &mut Option<Token<'a>>) {
        if self.eof_emitted {
            *slot = Some(Token::Eof);
        } else if self.collect_errors || self.coerce_to_infoset {
            *slot = self.step_finishing();
        } else if self.state == State::Data && self.enter_tag_name() {
            self.tag_fast_path_into(slot);
        } else {
            *slot = self.step_states_inline();
        }
    }

    /// [`step`](Self::step) when the input stream errors are collected or the tokens coerced
    /// to the XML infoset.
    #[inline(never)]
    fn step_finishing(&mut self) -> Option<Token<'a>> {
        let token = self.step_states()?;
        Some(self.finish_token(token))
    }

    /// The current state's step, out of line (for [`step_finishing`](Self::step_finishing)).
    #[inline(never)]
    fn step_states(&mut self) -> Option<Token<'a>> {
        self.step_states_inline()
    }

    /// The current state's step, inlined into [`next_token`](Self::next_token)'s loop and into
    /// [`step`](Self::step), where the states' own code is inlined as the compiler sees fit.
    #[inline(always)]
    fn step_states_inline(&mut self) -> Option<Token<'a>> {
        match self.state {
            State::Data => self.data_state(),
            State::Rcdata => self.rcdata_state(),
            State::Rawtext => self.rawtext_state(),
            State::ScriptData => self.script_data_state(),
            State::Plaintext => self.plaintext_state(),
            State::TagOpen => self.tag_open_state(),
            State::EndTagOpen => self.end_tag_open_state(),
            State::TagName => self.tag_name_state(),
            State::RcdataLessThanSign => self.text_less_than_sign_state(State::Rcdata),
            State::RawtextLessThanSign => self.text_less_than_sign_state(State::Rawtext),
            State::RcdataEndTagOpen => self.text_end_tag_open_state(State::Rcdata),
            State::RawtextEndTagOpen => self.text_end_tag_open_state(State::Rawtext),
            State::ScriptDataEndTagOpen => self.text_end_tag_open_state(State::ScriptData),
            State::ScriptDataEscapedEndTagOpen => {
                self.text_end_tag_open_state(State::ScriptDataEscaped)
            }
            State::RcdataEndTagName => self.text_end_tag_name_state(State::Rcdata),
            State::RawtextEndTagName => self.text_end_tag_name_state(State::Rawtext),
            State::ScriptDataEndTagName => self.text_end_tag_name_state(State::ScriptData),
            State::ScriptDataEscapedEndTagName => {
                self.text_end_tag_name_state(State::ScriptDataEscaped)
            }
            State::ScriptDataLessThanSign => self.script_data_less_than_sign_state(),
            State::ScriptDataEscapeStart => self.script_data_escape_start_state(),
            State::ScriptDataEscapeStartDash => self.script_data_escape_start_dash_state(),
            State::ScriptDataEscaped => self.script_data_escaped_state(),
            State::ScriptDataEscapedDash => self.script_data_escaped_dash_state(),
            State::ScriptDataEscapedDashDash => self.script_data_escaped_dash_dash_state(),
            State::ScriptDataEscapedLessThanSign => self.script_data_escaped_less_than_sign_state(),
            State::ScriptDataDoubleEscapeStart => self.script_data_double_escape_start_state(),
            State::ScriptDataDoubleEscaped => self.script_data_double_escaped_state(),
            State::ScriptDataDoubleEscapedDash => self.script_data_double_escaped_dash_state(),
            State::ScriptDataDoubleEscapedDashDash => {
                self.script_data_double_escaped_dash_dash_state()
            }
            State::ScriptDataDoubleEscapedLessThanSign => {
                self.script_data_double_escaped_less_than_sign_state()
            }
            State::ScriptDataDoubleEscapeEnd => self.script_data_double_escape_end_state(),
            State::BeforeAttributeName => self.before_attribute_name_state(),
            State::AttributeName => self.attribute_name_state(),
            State::AfterAttributeName => self.after_attribute_name_state(),
            State::BeforeAttributeValue => self.before_attribute_value_state(),
            State::AttributeValueDoubleQuoted => self.attribute_value_quoted_state(b'"'),
            State::AttributeValueSingleQuoted => self.attribute_value_quoted_state(b'\''),
            State::AttributeValueUnquoted => self.attribute_value_unquoted_state(),
            State::AfterAttributeValueQuoted => self.after_attribute_value_quoted_state(),
            State::SelfClosingStartTag => self.self_closing_start_tag_state(),
            State::BogusComment => self.bogus_comment_state(),
            State::MarkupDeclarationOpen => self.markup_declaration_open_state(),
            State::CommentStart => self.comment_start_state(),
            State::CommentStartDash => self.comment_start_dash_state(),
            State::Comment => self.comment_state(),
            State::CommentLessThanSign => self.comment_less_than_sign_state(),
            State::CommentLessThanSignBang => self.comment_less_than_sign_bang_state(),
            State::CommentLessThanSignBangDash => self.comment_less_than_sign_bang_dash_state(),
            State::CommentLessThanSignBangDashDash => {
                self.comment_less_than_sign_bang_dash_dash_state()
            }
            State::CommentEndDash => self.comment_end_dash_state(),
            State::CommentEnd => self.comment_end_state(),
            State::CommentEndBang => self.comment_end_bang_state(),
            State::Doctype => self.doctype_state(),
            State::BeforeDoctypeName => self.before_doctype_name_state(),
            State::DoctypeName => self.doctype_name_state(),
            State::AfterDoctypeName => self.after_doctype_name_state(),
            State::AfterDoctypePublicKeyword => self.after_doctype_public_keyword_state(),
            State::BeforeDoctypePublicIdentifier => self.before_doctype_public_identifier_state(),
            State::DoctypePublicIdentifierDoubleQuoted => {
                self.doctype_public_identifier_quoted_state(b'"')
            }
            State::DoctypePublicIdentifierSingleQuoted => {
                self.doctype_public_identifier_quoted_state(b'\'')
            }
            State::AfterDoctypePublicIdentifier => self.after_doctype_public_identifier_state(),
            State::BetweenDoctypePublicAndSystemIdentifiers => {
                self.between_doctype_public_and_system_identifiers_state()
            }
            State::AfterDoctypeSystemKeyword => self.after_doctype_system_keyword_state(),
            State::BeforeDoctypeSystemIdentifier => self.before_doctype_system_identifier_state(),
            State::DoctypeSystemIdentifierDoubleQuoted => {
                self.doctype_system_identifier_quoted_state(b'"')
            }
            State::DoctypeSystemIdentifierSingleQuoted => {
                self.doctype_system_identifier_quoted_state(b'\'')
            }
            State::AfterDoctypeSystemIdentifier => self.after_doctype_system_identifier_state(),
            State::BogusDoctype => self.bogus_doctype_state(),
            State::CdataSection => self.cdata_section_state(),
            State::CdataSectionBracket => self.cdata_section_bracket_state(),
            State::CdataSectionEnd => self.cdata_section_end_state(),
            State::ProcessingInstructionOpen => self.processing_instruction_open_state(),
            State::ProcessingInstructionTarget => self.processing_instruction_target_state(),
            State::AfterProcessingInstructionTarget => {
                self.after_processing_instruction_target_state()
            }
            State::ProcessingInstructionData => self.processing_instruction_data_state(),
            State::ProcessingInstructionQuestionable => {
                self.processing_instruction_questionable_state()
            }
            State::CharacterReference => self.character_reference_state(),
            State::NamedCharacterReference => self.named_character_reference_state(),
            State::AmbiguousAmpersand => self.ambiguous_ampersand_state(),
            State::NumericCharacterReference => self.numeric_character_reference_state(),
            State::HexadecimalCharacterReferenceStart => {
                self.hexadecimal_character_reference_start_state()
            }
            State::HexadecimalCharacterReference => self.hexadecimal_character_reference_state(),
            State::DecimalCharacterReference => self.decimal_character_reference_state(),
            State::NumericCharacterReferenceEnd => self.numeric_character_reference_end_state(),
        }
    }

    /// The input stream errors up to the end of `token` (when errors are collected) and the
    /// token coerced to the XML infoset (when asked).
    fn finish_token(&mut self, token: Token<'a>) -> Token<'a> {
        if self.collect_errors {
            let upto = if token == Token::Eof {
                usize::MAX
            } else {
                self.pos
            };
            self.flush_input_errors(upto);
        }
        if self.coerce_to_infoset {
            infoset::coerce_token(self.arena, token)
        } else {
            token
        }
    }

    /// The current state.
    pub fn state(&self) -> State {
        self.state
    }

    /// Switches to `state`. The tree builder does this after it inserts `title`/`textarea`
    /// (RCDATA), `style`/`xmp`/`iframe`/`noembed`/`noframes`/`noscript` (RAWTEXT), `script`
    /// (script data) and `plaintext` (PLAINTEXT) (13.2.6.2, 13.2.6.4.7).
    pub fn set_state(&mut self, state: State) {
        self.state = state;
        self.starved = false;
    }

    /// Sets "the tag name of the last start tag to have been emitted" used by the appropriate
    /// end tag check. The tokenizer keeps it up to date itself from the start tags it emits;
    /// fragment parsing sets it from the context element.
    pub fn set_last_start_tag(&mut self, name: Option<&'a str>) {
        self.last_start_tag = name;
        self.starved = false;
    }

    /// Whether the data state's text up to the next `<`, NUL or the end of the input is one
    /// character token, its character references resolved and CRs normalised into it (a copy
    /// in the arena then): on by default. Off, each run of text is a token (a slice of the
    /// input), and so is each reference's text and each CR's line feed, so that a consumer
    /// can place every piece of a token in the input by its byte offset. The tree builder
    /// asks for it after each token ([`Feedback::whole_text`](crate::tree_builder::Feedback)).
    /// Takes effect from the next token.
    pub fn set_whole_text(&mut self, on: bool) {
        self.whole_text = on;
        self.starved = false;
    }

    /// Tells the tokenizer whether there is an adjusted current node that is not an element in
    /// the HTML namespace, which decides whether `<![CDATA[` opens a CDATA section or is a
    /// `cdata-in-html-content` bogus comment (13.2.5.42). Default: false.
    pub fn set_cdata_allowed(&mut self, allowed: bool) {
        self.cdata_allowed = allowed;
        self.starved = false;
    }

    /// The parse errors collected so far, in input order (empty unless
    /// [`TokenizerOptions::collect_errors`] is set).
    pub fn errors(&self) -> &[ParseError] {
        &self.errors
    }

    /// Takes the collected parse errors out of the tokenizer.
    pub fn take_errors(&mut self) -> Vec<ParseError> {
        std::mem::take(&mut self.errors)
    }

    /// Whether the last character token is known to hold no NUL (U+0000): it is the data
    /// state's text. (A CDATA section's or a lone NUL's is not; the tree builder's "in body"
    /// rules need not look for one in the text.)
    #[inline]
    pub(crate) fn text_has_no_nul(&self) -> bool {
        self.text_nul_free
    }

    /// Byte offset, in the document, of the next input character to be consumed.
    pub fn offset(&self) -> usize {
        self.base + self.pos
    }

    /// The input this tokenizer reads: the whole document, except while streaming, where it
    /// is the part from the last [`push_input`](Self::push_input)'s `base` on.
    pub fn input(&self) -> &'a str {
        self.src
    }

    /// Source spans: the document offset of the `<` that started the last tag, comment,
    /// DOCTYPE or processing instruction (after one of those tokens, where it starts).
    #[inline]
    pub(crate) fn markup_start(&self) -> usize {
        self.base + self.lt_pos
    }

    /// The input the tokenizer reads ([`input`](Self::input)) and the document offset of its
    /// first byte.
    pub(crate) fn segment(&self) -> (&'a str, usize) {
        (self.src, self.base)
    }

    // ----- Consuming input -------------------------------------------------------------

    /// Consumes the next input character and returns its first byte, or `None` at the end of
    /// the input. A CR, or a CRLF pair, is consumed as one LF (13.2.3.5). A non-ASCII character
    /// is consumed whole and its lead byte returned (every state treats those as "anything
    /// else"). `self.cur` is set to the character's offset.
    #[inline]
    fn consume(&mut self) -> Option<u8> {
        self.cur = self.pos;
        let Some(&b) = self.input.get(self.pos) else {
            return self.end_of_available_input();
        };
        if b < 0x80 {
            if b == b'\r' {
                if self.pos + 1 == self.input.len() && !self.is_final {
                    // A CR at the end of a chunk: whether it is a CRLF pair is not known yet.
                    self.suspended = true;
                }
                self.pos += if self.input.get(self.pos + 1) == Some(&b'\n') {
                    2
                } else {
                    1
                };
                return Some(b'\n');
            }
            self.pos += 1;
        } else {
            self.pos += utf8_len(b);
        }
        Some(b)
    }

    /// [`consume`](Self::consume) at the end of `src`: end of file when the input is final,
    /// else a suspension (the state's EOF handling runs but its work is discarded).
    #[cold]
    fn end_of_available_input(&mut self) -> Option<u8> {
        if !self.is_final {
            self.suspended = true;
        }
        None
    }

    /// Suspends the current token until more input arrives (see `suspended`). Returns a
    /// placeholder token so that the state loop ends; [`Tokenizer::next_token_partial`]
    /// discards it and rewinds.
    #[cold]
    fn suspend(&mut self) -> Option<Token<'a>> {
        self.suspended = true;
        Some(Token::Eof)
    }

    /// Whether fewer than `n` bytes follow the next position and more may still come: a state
    /// with `n` bytes of lookahead must [`suspend`](Self::suspend).
    #[inline]
    fn lookahead_short(&self, n: usize) -> bool {
        !self.is_final && self.input.len() - self.pos < n
    }

    /// "Reconsume in `state`": the current input character will be consumed again.
    #[inline]
    fn reconsume(&mut self, state: State) {
        self.pos = self.cur;
        self.state = state;
    }

    /// The current input character as a string (a CR or CRLF reads as `"\n"`).
    #[inline]
    fn cur_str(&self) -> &'a str {
        if self.input[self.cur] == b'\r' {
            "\n"
        } else {
            &self.src[self.cur..self.pos]
        }
    }

    /// Does the input at the next position start with `s`, compared ASCII case-insensitively?
    #[inline]
    fn next_is_ignore_case(&mut self, s: &[u8]) -> bool {
        match self.input.get(self.pos..self.pos + s.len()) {
            Some(w) => w.eq_ignore_ascii_case(s),
            None => {
                if !self.is_final {
                    self.suspended = true;
                }
                false
            }
        }
    }

    /// The offset, relative to the next input character, of the first byte of the rest of the
    /// input in `set` (see [`scan::Scanner::find`]).
    ///
    /// Always inlined: every run of the tokenizer goes through it, and the release profile's
    /// codegen-unit split stopped inlining a plain `#[inline]` here after unrelated changes
    /// elsewhere in the crate (+7 % instructions for a whole parse, issue 28's third round).
    #[inline(always)]
    fn find_stop(&self, set: &scan::StopSet) -> Option<usize> {
        self.scanner.find(&self.input[self.pos..], set)
    }

    /// Takes the run of bytes up to the next byte in `set` (or to the end of the available
    /// input): moves past it and returns its range `(start, end)` in the input, empty when the
    /// next byte is already in `set`. Stop bytes are ASCII, so both ends are `char` boundaries.
    #[inline]
    fn take_run(&mut self, set: &scan::StopSet) -> (usize, usize) {
        let start = self.pos;
        let end = match self.find_stop(set) {
            Some(i) => start + i,
            None => self.input.len(),
        };
        self.pos = end;
        (start, end)
    }

    /// Records a parse error at byte `offset`. The input stream errors of every character
    /// consumed so far (offsets below `pos`) come first: an input stream error is raised when
    /// its character is consumed, so it precedes a tokenizer error about that character, but
    /// follows one raised at the next, not yet consumed, position (the end of a character
    /// reference). This order depends only on the state machine, not on how the input arrived.
    #[inline]
    fn error_at(&mut self, code: ErrorCode, offset: usize) {
        if self.collect_errors {
            self.flush_input_errors(self.pos);
            self.errors.push(ParseError {
                code,
                offset: self.base + offset,
            });
        }
    }

    /// Records a parse error at the current input character.
    #[inline]
    fn error(&mut self, code: ErrorCode) {
        self.error_at(code, self.cur);
    }

    /// Moves the input stream errors at offsets below `upto` into `errors`.
    fn flush_input_errors(&mut self, upto: usize) {
        // `upto` is relative to `src`, the input errors' offsets are the document's.
        let upto = upto.saturating_add(self.base);
        while let Some(e) = self.input_errors.get(self.input_errors_next) {
            if e.offset >= upto {
                break;
            }
            self.errors.push(*e);
            self.input_errors_next += 1;
        }
    }

    /// Emits the end-of-file token.
    #[inline]
    fn emit_eof(&mut self) -> Option<Token<'a>> {
        self.eof_emitted = true;
        Some(Token::Eof)
    }

    /// Emits `s` as character tokens (never empty).
    #[inline]
    fn emit_chars(&mut self, s: &'a str) -> Option<Token<'a>> {
        debug_assert!(!s.is_empty());
        self.text_nul_free = false;
        Some(Token::Characters(s))
    }

    /// The input characters `start..end` as a string.
    #[inline]
    fn slice(&self, start: usize, end: usize) -> &'a str {
        &self.src[start..end]
    }

    /// `at`, if the input holds the markup characters `s` there: the characters a state
    /// consumed before the current one (a `<` that began no tag, the `]` of a CDATA section
    /// that did not end it, the dashes of a comment). Only a tokenizer started in a state
    /// inside a construct ([`TokenizerOptions::initial_state`]) has not consumed them (`at`
    /// is then `None` or points elsewhere).
    #[inline]
    fn markup_at(&self, at: Option<usize>, s: &str) -> Option<usize> {
        at.filter(|&at| self.input.get(at..at + s.len()) == Some(s.as_bytes()))
    }

    /// The characters `s` a state emits for markup it consumed at `at`: the input's own bytes
    /// when they are there ([`markup_at`](Self::markup_at)), so that the text around them
    /// stays one slice of the input for the tree builder's sink, else `s` itself.
    #[inline]
    fn markup_chars(&self, at: Option<usize>, s: &'static str) -> &'a str {
        match self.markup_at(at, s) {
            Some(at) => &self.src[at..at + s.len()],
            None => s,
        }
    }
}

impl<'a> Iterator for Tokenizer<'a> {
    type Item = Token<'a>;

    /// The next token; `None` after the end-of-file token has been returned once.
    fn next(&mut self) -> Option<Token<'a>> {
        if self.eof_emitted {
            return None;
        }
        Some(self.next_token())
    }
}

/// The length in bytes of the UTF-8 sequence whose lead byte is `b`.
#[inline]
fn utf8_len(b: u8) -> usize {
    match b {
        0x00..=0x7F => 1,
        0xC0..=0xDF => 2,
        0xE0..=0xEF => 3,
        _ => 4,
    }
}

/// ASCII whitespace as the tokenizer sees it after preprocessing: TAB, LF, FF, SPACE (a CR has
/// already become LF in [`Tokenizer::consume`]).
#[inline]
fn is_tokenizer_whitespace(b: u8) -> bool {
    matches!(b, b'\t' | b'\n' | b'\x0C' | b' ')
}

/// The parse errors of 13.2.3.5 "Preprocessing the input stream" in `input`: every control
/// other than ASCII whitespace and U+0000 NULL (`control-character-in-input-stream`) and every
/// noncharacter (`noncharacter-in-input-stream`), at the byte offset of the character. (A
/// `&str` cannot hold surrogates, so `surrogate-in-input-stream` cannot occur here.)
pub fn input_stream_errors(input: &str) -> Vec<ParseError> {
    let bytes = input.as_bytes();
    let mut errors = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if (0x20..0x7F).contains(&b) {
            i += 1;
            continue;
        }
        if b < 0x80 {
            let is_control = b == 0x7F || !matches!(b, b'\t' | b'\n' | b'\x0C' | b'\r' | 0);
            if is_control {
                errors.push(ParseError {
                    code: ErrorCode::ControlCharacterInInputStream,
                    offset: i,
                });
            }
            i += 1;
            continue;
        }
        let len = utf8_len(b);
        let c = input[i..i + len].chars().next().unwrap_or('\u{FFFD}') as u32;
        if (0x80..=0x9F).contains(&c) {
            errors.push(ParseError {
                code: ErrorCode::ControlCharacterInInputStream,
                offset: i,
            });
        } else if is_noncharacter(c) {
            errors.push(ParseError {
                code: ErrorCode::NoncharacterInInputStream,
                offset: i,
            });
        }
        i += len;
    }
    errors
}

/// A noncharacter: U+FDD0 to U+FDEF, or a code point whose low 16 bits are FFFE or FFFF.
#[inline]
fn is_noncharacter(c: u32) -> bool {
    (0xFDD0..=0xFDEF).contains(&c) || (c & 0xFFFE) == 0xFFFE
}
