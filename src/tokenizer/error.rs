//! Parse errors (HTML Standard 13.2.2, "Parse errors").
//!
//! Every error the tokenizer and the input stream preprocessing can report carries the code the
//! spec's table gives it, and the byte offset in the input of the character that raised it (the
//! input length for errors at end of file). Line and column are computed from the offset on
//! demand with [`LineIndex`], counted as html5lib counts them: 1-based, CR, LF and CRLF each end a
//! line, columns count UTF-16 code units
//! (as the suites, written for JavaScript strings, do).

use std::fmt;

/// The code of a parse error, exactly as the table in 13.2.2 spells it (see [`ErrorCode::as_str`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ErrorCode {
    /// `abrupt-closing-of-empty-comment`
    AbruptClosingOfEmptyComment,
    /// `abrupt-doctype-public-identifier`
    AbruptDoctypePublicIdentifier,
    /// `abrupt-doctype-system-identifier`
    AbruptDoctypeSystemIdentifier,
    /// `absence-of-digits-in-numeric-character-reference`
    AbsenceOfDigitsInNumericCharacterReference,
    /// `cdata-in-html-content`
    CdataInHtmlContent,
    /// `character-reference-outside-unicode-range`
    CharacterReferenceOutsideUnicodeRange,
    /// `control-character-in-input-stream`
    ControlCharacterInInputStream,
    /// `control-character-reference`
    ControlCharacterReference,
    /// `disallowed-processing-instruction-target`
    DisallowedProcessingInstructionTarget,
    /// `duplicate-attribute`
    DuplicateAttribute,
    /// `end-tag-with-attributes`
    EndTagWithAttributes,
    /// `end-tag-with-trailing-solidus`
    EndTagWithTrailingSolidus,
    /// `eof-before-tag-name`
    EofBeforeTagName,
    /// `eof-in-cdata`
    EofInCdata,
    /// `eof-in-comment`
    EofInComment,
    /// `eof-in-doctype`
    EofInDoctype,
    /// `eof-in-processing-instruction`
    EofInProcessingInstruction,
    /// `eof-in-script-html-comment-like-text`
    EofInScriptHtmlCommentLikeText,
    /// `eof-in-tag`
    EofInTag,
    /// `incorrectly-closed-comment`
    IncorrectlyClosedComment,
    /// `incorrectly-opened-comment`
    IncorrectlyOpenedComment,
    /// `invalid-character-sequence-after-doctype-name`
    InvalidCharacterSequenceAfterDoctypeName,
    /// `invalid-first-character-of-processing-instruction-target`
    InvalidFirstCharacterOfProcessingInstructionTarget,
    /// `invalid-first-character-of-tag-name`
    InvalidFirstCharacterOfTagName,
    /// `invalid-processing-instruction-target`
    InvalidProcessingInstructionTarget,
    /// `missing-attribute-value`
    MissingAttributeValue,
    /// `missing-doctype-name`
    MissingDoctypeName,
    /// `missing-doctype-public-identifier`
    MissingDoctypePublicIdentifier,
    /// `missing-doctype-system-identifier`
    MissingDoctypeSystemIdentifier,
    /// `missing-end-tag-name`
    MissingEndTagName,
    /// `missing-quote-before-doctype-public-identifier`
    MissingQuoteBeforeDoctypePublicIdentifier,
    /// `missing-quote-before-doctype-system-identifier`
    MissingQuoteBeforeDoctypeSystemIdentifier,
    /// `missing-semicolon-after-character-reference`
    MissingSemicolonAfterCharacterReference,
    /// `missing-whitespace-after-doctype-public-keyword`
    MissingWhitespaceAfterDoctypePublicKeyword,
    /// `missing-whitespace-after-doctype-system-keyword`
    MissingWhitespaceAfterDoctypeSystemKeyword,
    /// `missing-whitespace-before-doctype-name`
    MissingWhitespaceBeforeDoctypeName,
    /// `missing-whitespace-between-attributes`
    MissingWhitespaceBetweenAttributes,
    /// `missing-whitespace-between-doctype-public-and-system-identifiers`
    MissingWhitespaceBetweenDoctypePublicAndSystemIdentifiers,
    /// `nested-comment`
    NestedComment,
    /// `noncharacter-character-reference`
    NoncharacterCharacterReference,
    /// `noncharacter-in-input-stream`
    NoncharacterInInputStream,
    /// `non-void-html-element-start-tag-with-trailing-solidus`
    NonVoidHtmlElementStartTagWithTrailingSolidus,
    /// `null-character-reference`
    NullCharacterReference,
    /// `surrogate-character-reference`
    SurrogateCharacterReference,
    /// `surrogate-in-input-stream`
    SurrogateInInputStream,
    /// `unexpected-character-after-doctype-system-identifier`
    UnexpectedCharacterAfterDoctypeSystemIdentifier,
    /// `unexpected-character-in-attribute-name`
    UnexpectedCharacterInAttributeName,
    /// `unexpected-character-in-unquoted-attribute-value`
    UnexpectedCharacterInUnquotedAttributeValue,
    /// `unexpected-equals-sign-before-attribute-name`
    UnexpectedEqualsSignBeforeAttributeName,
    /// `unexpected-null-character`
    UnexpectedNullCharacter,
    /// `unexpected-solidus-in-tag`
    UnexpectedSolidusInTag,
    /// `unknown-named-character-reference`
    UnknownNamedCharacterReference,
}

impl ErrorCode {
    /// Every code, in the order of the spec's table.
    pub const ALL: &'static [ErrorCode] = &[
        ErrorCode::AbruptClosingOfEmptyComment,
        ErrorCode::AbruptDoctypePublicIdentifier,
        ErrorCode::AbruptDoctypeSystemIdentifier,
        ErrorCode::AbsenceOfDigitsInNumericCharacterReference,
        ErrorCode::CdataInHtmlContent,
        ErrorCode::CharacterReferenceOutsideUnicodeRange,
        ErrorCode::ControlCharacterInInputStream,
        ErrorCode::ControlCharacterReference,
        ErrorCode::DisallowedProcessingInstructionTarget,
        ErrorCode::DuplicateAttribute,
        ErrorCode::EndTagWithAttributes,
        ErrorCode::EndTagWithTrailingSolidus,
        ErrorCode::EofBeforeTagName,
        ErrorCode::EofInCdata,
        ErrorCode::EofInComment,
        ErrorCode::EofInDoctype,
        ErrorCode::EofInProcessingInstruction,
        ErrorCode::EofInScriptHtmlCommentLikeText,
        ErrorCode::EofInTag,
        ErrorCode::IncorrectlyClosedComment,
        ErrorCode::IncorrectlyOpenedComment,
        ErrorCode::InvalidCharacterSequenceAfterDoctypeName,
        ErrorCode::InvalidFirstCharacterOfProcessingInstructionTarget,
        ErrorCode::InvalidFirstCharacterOfTagName,
        ErrorCode::InvalidProcessingInstructionTarget,
        ErrorCode::MissingAttributeValue,
        ErrorCode::MissingDoctypeName,
        ErrorCode::MissingDoctypePublicIdentifier,
        ErrorCode::MissingDoctypeSystemIdentifier,
        ErrorCode::MissingEndTagName,
        ErrorCode::MissingQuoteBeforeDoctypePublicIdentifier,
        ErrorCode::MissingQuoteBeforeDoctypeSystemIdentifier,
        ErrorCode::MissingSemicolonAfterCharacterReference,
        ErrorCode::MissingWhitespaceAfterDoctypePublicKeyword,
        ErrorCode::MissingWhitespaceAfterDoctypeSystemKeyword,
        ErrorCode::MissingWhitespaceBeforeDoctypeName,
        ErrorCode::MissingWhitespaceBetweenAttributes,
        ErrorCode::MissingWhitespaceBetweenDoctypePublicAndSystemIdentifiers,
        ErrorCode::NestedComment,
        ErrorCode::NoncharacterCharacterReference,
        ErrorCode::NoncharacterInInputStream,
        ErrorCode::NonVoidHtmlElementStartTagWithTrailingSolidus,
        ErrorCode::NullCharacterReference,
        ErrorCode::SurrogateCharacterReference,
        ErrorCode::SurrogateInInputStream,
        ErrorCode::UnexpectedCharacterAfterDoctypeSystemIdentifier,
        ErrorCode::UnexpectedCharacterInAttributeName,
        ErrorCode::UnexpectedCharacterInUnquotedAttributeValue,
        ErrorCode::UnexpectedEqualsSignBeforeAttributeName,
        ErrorCode::UnexpectedNullCharacter,
        ErrorCode::UnexpectedSolidusInTag,
        ErrorCode::UnknownNamedCharacterReference,
    ];

    /// The code as the spec spells it, e.g. `"unexpected-null-character"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            ErrorCode::AbruptClosingOfEmptyComment => "abrupt-closing-of-empty-comment",
            ErrorCode::AbruptDoctypePublicIdentifier => "abrupt-doctype-public-identifier",
            ErrorCode::AbruptDoctypeSystemIdentifier => "abrupt-doctype-system-identifier",
            ErrorCode::AbsenceOfDigitsInNumericCharacterReference => {
                "absence-of-digits-in-numeric-character-reference"
            }
            ErrorCode::CdataInHtmlContent => "cdata-in-html-content",
            ErrorCode::CharacterReferenceOutsideUnicodeRange => {
                "character-reference-outside-unicode-range"
            }
            ErrorCode::ControlCharacterInInputStream => "control-character-in-input-stream",
            ErrorCode::ControlCharacterReference => "control-character-reference",
            ErrorCode::DisallowedProcessingInstructionTarget => {
                "disallowed-processing-instruction-target"
            }
            ErrorCode::DuplicateAttribute => "duplicate-attribute",
            ErrorCode::EndTagWithAttributes => "end-tag-with-attributes",
            ErrorCode::EndTagWithTrailingSolidus => "end-tag-with-trailing-solidus",
            ErrorCode::EofBeforeTagName => "eof-before-tag-name",
            ErrorCode::EofInCdata => "eof-in-cdata",
            ErrorCode::EofInComment => "eof-in-comment",
            ErrorCode::EofInDoctype => "eof-in-doctype",
            ErrorCode::EofInProcessingInstruction => "eof-in-processing-instruction",
            ErrorCode::EofInScriptHtmlCommentLikeText => "eof-in-script-html-comment-like-text",
            ErrorCode::EofInTag => "eof-in-tag",
            ErrorCode::IncorrectlyClosedComment => "incorrectly-closed-comment",
            ErrorCode::IncorrectlyOpenedComment => "incorrectly-opened-comment",
            ErrorCode::InvalidCharacterSequenceAfterDoctypeName => {
                "invalid-character-sequence-after-doctype-name"
            }
            ErrorCode::InvalidFirstCharacterOfProcessingInstructionTarget => {
                "invalid-first-character-of-processing-instruction-target"
            }
            ErrorCode::InvalidFirstCharacterOfTagName => "invalid-first-character-of-tag-name",
            ErrorCode::InvalidProcessingInstructionTarget => {
                "invalid-processing-instruction-target"
            }
            ErrorCode::MissingAttributeValue => "missing-attribute-value",
            ErrorCode::MissingDoctypeName => "missing-doctype-name",
            ErrorCode::MissingDoctypePublicIdentifier => "missing-doctype-public-identifier",
            ErrorCode::MissingDoctypeSystemIdentifier => "missing-doctype-system-identifier",
            ErrorCode::MissingEndTagName => "missing-end-tag-name",
            ErrorCode::MissingQuoteBeforeDoctypePublicIdentifier => {
                "missing-quote-before-doctype-public-identifier"
            }
            ErrorCode::MissingQuoteBeforeDoctypeSystemIdentifier => {
                "missing-quote-before-doctype-system-identifier"
            }
            ErrorCode::MissingSemicolonAfterCharacterReference => {
                "missing-semicolon-after-character-reference"
            }
            ErrorCode::MissingWhitespaceAfterDoctypePublicKeyword => {
                "missing-whitespace-after-doctype-public-keyword"
            }
            ErrorCode::MissingWhitespaceAfterDoctypeSystemKeyword => {
                "missing-whitespace-after-doctype-system-keyword"
            }
            ErrorCode::MissingWhitespaceBeforeDoctypeName => {
                "missing-whitespace-before-doctype-name"
            }
            ErrorCode::MissingWhitespaceBetweenAttributes => {
                "missing-whitespace-between-attributes"
            }
            ErrorCode::MissingWhitespaceBetweenDoctypePublicAndSystemIdentifiers => {
                "missing-whitespace-between-doctype-public-and-system-identifiers"
            }
            ErrorCode::NestedComment => "nested-comment",
            ErrorCode::NoncharacterCharacterReference => "noncharacter-character-reference",
            ErrorCode::NoncharacterInInputStream => "noncharacter-in-input-stream",
            ErrorCode::NonVoidHtmlElementStartTagWithTrailingSolidus => {
                "non-void-html-element-start-tag-with-trailing-solidus"
            }
            ErrorCode::NullCharacterReference => "null-character-reference",
            ErrorCode::SurrogateCharacterReference => "surrogate-character-reference",
            ErrorCode::SurrogateInInputStream => "surrogate-in-input-stream",
            ErrorCode::UnexpectedCharacterAfterDoctypeSystemIdentifier => {
                "unexpected-character-after-doctype-system-identifier"
            }
            ErrorCode::UnexpectedCharacterInAttributeName => {
                "unexpected-character-in-attribute-name"
            }
            ErrorCode::UnexpectedCharacterInUnquotedAttributeValue => {
                "unexpected-character-in-unquoted-attribute-value"
            }
            ErrorCode::UnexpectedEqualsSignBeforeAttributeName => {
                "unexpected-equals-sign-before-attribute-name"
            }
            ErrorCode::UnexpectedNullCharacter => "unexpected-null-character",
            ErrorCode::UnexpectedSolidusInTag => "unexpected-solidus-in-tag",
            ErrorCode::UnknownNamedCharacterReference => "unknown-named-character-reference",
        }
    }

    /// Looks a code up by its spec spelling; `None` if the spec has no such code.
    pub fn from_name(name: &str) -> Option<ErrorCode> {
        ErrorCode::ALL.iter().copied().find(|c| c.as_str() == name)
    }
}

impl fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A parse error: its code and the byte offset (in the input given to the tokenizer) of the
/// character that raised it, or the input's length for an error at end of file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ParseError {
    /// The spec's code.
    pub code: ErrorCode,
    /// Byte offset into the input, `0..=input.len()`.
    pub offset: usize,
}

/// A 1-based line and column, as html5lib reports error positions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct LineCol {
    /// 1-based line: CR, LF and CRLF each end one line.
    pub line: usize,
    /// 1-based column in UTF-16 code units from the start of the line.
    pub col: usize,
}

/// Maps byte offsets of one input to [`LineCol`]s. Building it is one pass over the input
/// (`memchr` for line ends); each look-up is a binary search plus a count of the UTF-16 code units
/// between the line start and the offset.
///
/// It converts parse error offsets and source spans alike ([`Document::span`](crate::Document::span)
/// over [`Document::source`](crate::Document::source)): lines and columns are 1-based, a CR, LF or
/// CRLF ends a line (as the tokenizer reads them), and columns count UTF-16 code units, as
/// JavaScript, browsers' developer tools, the Language Server Protocol and the html5lib suites
/// count them (one per character of the Basic Multilingual Plane, two for the others). For a
/// column in bytes, take the offset less [`line_start`](Self::line_start).
#[derive(Debug, Clone)]
pub struct LineIndex<'a> {
    input: &'a str,
    /// Byte offset at which each line starts; `line_starts[0] == 0`.
    line_starts: Vec<usize>,
}

impl<'a> LineIndex<'a> {
    /// Indexes `input`.
    pub fn new(input: &'a str) -> LineIndex<'a> {
        let bytes = input.as_bytes();
        let mut line_starts = vec![0];
        for i in memchr::memchr2_iter(b'\n', b'\r', bytes) {
            if bytes[i] == b'\r' {
                if bytes.get(i + 1) != Some(&b'\n') {
                    line_starts.push(i + 1);
                }
            } else {
                line_starts.push(i + 1);
            }
        }
        LineIndex { input, line_starts }
    }

    /// The byte offset at which 1-based `line` starts (clamped to the last line).
    pub fn line_start(&self, line: usize) -> usize {
        let i = line.saturating_sub(1).min(self.line_starts.len() - 1);
        self.line_starts[i]
    }

    /// The line and column of byte `offset` (clamped to the input's length). An offset inside a
    /// CRLF pair counts as the end of the line it ends.
    pub fn line_col(&self, offset: usize) -> LineCol {
        let offset = offset.min(self.input.len());
        let line = match self.line_starts.binary_search(&offset) {
            Ok(i) => i,
            Err(i) => i - 1,
        };
        let start = self.line_starts[line];
        let bytes = &self.input.as_bytes()[start..offset];
        // Count UTF-16 code units: every byte that is not a UTF-8 continuation byte starts a
        // character, and a 4-byte sequence (lead byte 0xF0..) is a surrogate pair, two units.
        let chars: usize = bytes
            .iter()
            .map(|&b| usize::from((b as i8) >= -0x40) + usize::from(b >= 0xF0))
            .sum();
        LineCol {
            line: line + 1,
            col: chars + 1,
        }
    }
}
