//! The tokenizer (HTML Standard 13.2.5).
mod error;
mod state;
mod token;

pub use error::{ErrorCode, LineCol, LineIndex, ParseError};
pub use state::State;
pub use token::{Attribute, Doctype, ProcessingInstruction, Tag, Token};

use bumpalo::Bump;

/// Options for a [`Tokenizer`].
#[derive(Debug, Clone, Default)]
pub struct TokenizerOptions {
    /// The state to start in (the html5lib suites start in data, PLAINTEXT, RCDATA, RAWTEXT,
    /// script data or CDATA section state). Default: [`State::Data`].
    pub initial_state: Option<State>,
    /// The tag name of "the last start tag to have been emitted", for the appropriate end tag
    /// check when tokenizing starts in RCDATA, RAWTEXT or script data. Default: none.
    pub last_start_tag: Option<String>,
    /// Collect parse errors (default: false; collecting costs a push per error).
    pub collect_errors: bool,
    /// Apply the infoset coercion of 13.2.9 ("Coercing an HTML DOM into an infoset") to the
    /// token stream, as html5lib's `xmlViolation` tests expect.
    pub coerce_to_infoset: bool,
}

/// The HTML tokenizer over a whole, already decoded input (WIP API sketch).
pub struct Tokenizer<'a> {
    _arena: &'a Bump,
    _input: &'a str,
}

impl<'a> Tokenizer<'a> {
    /// Creates a tokenizer over `input`; copied strings are allocated in `arena`.
    pub fn new(arena: &'a Bump, input: &'a str, _options: TokenizerOptions) -> Tokenizer<'a> {
        Tokenizer {
            _arena: arena,
            _input: input,
        }
    }
    /// Runs the state machine until it emits the next token.
    pub fn next_token(&mut self) -> Token<'a> {
        Token::Eof
    }
    /// Switches the state (the tree builder does this after `<title>`, `<script>`, ...).
    pub fn set_state(&mut self, _state: State) {}
    /// Tells the tokenizer whether the adjusted current node is an element that is not in the
    /// HTML namespace, which decides whether `<![CDATA[` opens a CDATA section (13.2.5.42).
    pub fn set_cdata_allowed(&mut self, _allowed: bool) {}
    /// The parse errors collected so far (empty unless `collect_errors`).
    pub fn errors(&self) -> &[ParseError] {
        &[]
    }
    /// Byte offset of the next character to be consumed.
    pub fn offset(&self) -> usize {
        0
    }
}
