//! The tokenizer's states (HTML Standard 13.2.5.1–13.2.5.84), one variant per state, named
//! after it. The numbering follows the standard as of July 2026 with one later editorial change
//! applied (whatwg/html 85b40db7): the "decimal character reference start state" is gone, the
//! numeric character reference state dispatches on ASCII digits itself.

/// A tokenizer state. The doc comment of each variant gives its section in the standard (July
/// 2026 review draft numbering).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum State {
    /// 13.2.5.1 Data state
    Data,
    /// 13.2.5.2 RCDATA state
    Rcdata,
    /// 13.2.5.3 RAWTEXT state
    Rawtext,
    /// 13.2.5.4 Script data state
    ScriptData,
    /// 13.2.5.5 PLAINTEXT state
    Plaintext,
    /// 13.2.5.6 Tag open state
    TagOpen,
    /// 13.2.5.7 End tag open state
    EndTagOpen,
    /// 13.2.5.8 Tag name state
    TagName,
    /// 13.2.5.9 RCDATA less-than sign state
    RcdataLessThanSign,
    /// 13.2.5.10 RCDATA end tag open state
    RcdataEndTagOpen,
    /// 13.2.5.11 RCDATA end tag name state
    RcdataEndTagName,
    /// 13.2.5.12 RAWTEXT less-than sign state
    RawtextLessThanSign,
    /// 13.2.5.13 RAWTEXT end tag open state
    RawtextEndTagOpen,
    /// 13.2.5.14 RAWTEXT end tag name state
    RawtextEndTagName,
    /// 13.2.5.15 Script data less-than sign state
    ScriptDataLessThanSign,
    /// 13.2.5.16 Script data end tag open state
    ScriptDataEndTagOpen,
    /// 13.2.5.17 Script data end tag name state
    ScriptDataEndTagName,
    /// 13.2.5.18 Script data escape start state
    ScriptDataEscapeStart,
    /// 13.2.5.19 Script data escape start dash state
    ScriptDataEscapeStartDash,
    /// 13.2.5.20 Script data escaped state
    ScriptDataEscaped,
    /// 13.2.5.21 Script data escaped dash state
    ScriptDataEscapedDash,
    /// 13.2.5.22 Script data escaped dash dash state
    ScriptDataEscapedDashDash,
    /// 13.2.5.23 Script data escaped less-than sign state
    ScriptDataEscapedLessThanSign,
    /// 13.2.5.24 Script data escaped end tag open state
    ScriptDataEscapedEndTagOpen,
    /// 13.2.5.25 Script data escaped end tag name state
    ScriptDataEscapedEndTagName,
    /// 13.2.5.26 Script data double escape start state
    ScriptDataDoubleEscapeStart,
    /// 13.2.5.27 Script data double escaped state
    ScriptDataDoubleEscaped,
    /// 13.2.5.28 Script data double escaped dash state
    ScriptDataDoubleEscapedDash,
    /// 13.2.5.29 Script data double escaped dash dash state
    ScriptDataDoubleEscapedDashDash,
    /// 13.2.5.30 Script data double escaped less-than sign state
    ScriptDataDoubleEscapedLessThanSign,
    /// 13.2.5.31 Script data double escape end state
    ScriptDataDoubleEscapeEnd,
    /// 13.2.5.32 Before attribute name state
    BeforeAttributeName,
    /// 13.2.5.33 Attribute name state
    AttributeName,
    /// 13.2.5.34 After attribute name state
    AfterAttributeName,
    /// 13.2.5.35 Before attribute value state
    BeforeAttributeValue,
    /// 13.2.5.36 Attribute value (double-quoted) state
    AttributeValueDoubleQuoted,
    /// 13.2.5.37 Attribute value (single-quoted) state
    AttributeValueSingleQuoted,
    /// 13.2.5.38 Attribute value (unquoted) state
    AttributeValueUnquoted,
    /// 13.2.5.39 After attribute value (quoted) state
    AfterAttributeValueQuoted,
    /// 13.2.5.40 Self-closing start tag state
    SelfClosingStartTag,
    /// 13.2.5.41 Bogus comment state
    BogusComment,
    /// 13.2.5.42 Markup declaration open state
    MarkupDeclarationOpen,
    /// 13.2.5.43 Comment start state
    CommentStart,
    /// 13.2.5.44 Comment start dash state
    CommentStartDash,
    /// 13.2.5.45 Comment state
    Comment,
    /// 13.2.5.46 Comment less-than sign state
    CommentLessThanSign,
    /// 13.2.5.47 Comment less-than sign bang state
    CommentLessThanSignBang,
    /// 13.2.5.48 Comment less-than sign bang dash state
    CommentLessThanSignBangDash,
    /// 13.2.5.49 Comment less-than sign bang dash dash state
    CommentLessThanSignBangDashDash,
    /// 13.2.5.50 Comment end dash state
    CommentEndDash,
    /// 13.2.5.51 Comment end state
    CommentEnd,
    /// 13.2.5.52 Comment end bang state
    CommentEndBang,
    /// 13.2.5.53 DOCTYPE state
    Doctype,
    /// 13.2.5.54 Before DOCTYPE name state
    BeforeDoctypeName,
    /// 13.2.5.55 DOCTYPE name state
    DoctypeName,
    /// 13.2.5.56 After DOCTYPE name state
    AfterDoctypeName,
    /// 13.2.5.57 After DOCTYPE public keyword state
    AfterDoctypePublicKeyword,
    /// 13.2.5.58 Before DOCTYPE public identifier state
    BeforeDoctypePublicIdentifier,
    /// 13.2.5.59 DOCTYPE public identifier (double-quoted) state
    DoctypePublicIdentifierDoubleQuoted,
    /// 13.2.5.60 DOCTYPE public identifier (single-quoted) state
    DoctypePublicIdentifierSingleQuoted,
    /// 13.2.5.61 After DOCTYPE public identifier state
    AfterDoctypePublicIdentifier,
    /// 13.2.5.62 Between DOCTYPE public and system identifiers state
    BetweenDoctypePublicAndSystemIdentifiers,
    /// 13.2.5.63 After DOCTYPE system keyword state
    AfterDoctypeSystemKeyword,
    /// 13.2.5.64 Before DOCTYPE system identifier state
    BeforeDoctypeSystemIdentifier,
    /// 13.2.5.65 DOCTYPE system identifier (double-quoted) state
    DoctypeSystemIdentifierDoubleQuoted,
    /// 13.2.5.66 DOCTYPE system identifier (single-quoted) state
    DoctypeSystemIdentifierSingleQuoted,
    /// 13.2.5.67 After DOCTYPE system identifier state
    AfterDoctypeSystemIdentifier,
    /// 13.2.5.68 Bogus DOCTYPE state
    BogusDoctype,
    /// 13.2.5.69 CDATA section state
    CdataSection,
    /// 13.2.5.70 CDATA section bracket state
    CdataSectionBracket,
    /// 13.2.5.71 CDATA section end state
    CdataSectionEnd,
    /// 13.2.5.72 Processing instruction open state
    ProcessingInstructionOpen,
    /// 13.2.5.73 Processing instruction target state
    ProcessingInstructionTarget,
    /// 13.2.5.74 After processing instruction target state
    AfterProcessingInstructionTarget,
    /// 13.2.5.75 Processing instruction data state
    ProcessingInstructionData,
    /// 13.2.5.76 Processing instruction questionable state
    ProcessingInstructionQuestionable,
    /// 13.2.5.77 Character reference state
    CharacterReference,
    /// 13.2.5.78 Named character reference state
    NamedCharacterReference,
    /// 13.2.5.79 Ambiguous ampersand state
    AmbiguousAmpersand,
    /// 13.2.5.80 Numeric character reference state
    NumericCharacterReference,
    /// 13.2.5.81 Hexadecimal character reference start state
    HexadecimalCharacterReferenceStart,
    /// 13.2.5.83 Hexadecimal character reference state
    HexadecimalCharacterReference,
    /// 13.2.5.84 Decimal character reference state
    DecimalCharacterReference,
    /// 13.2.5.85 Numeric character reference end state
    NumericCharacterReferenceEnd,
}

impl State {
    /// Parses a state name as the html5lib tokenizer tests spell the initial states
    /// (`"Data state"`, `"PLAINTEXT state"`, `"RCDATA state"`, `"RAWTEXT state"`,
    /// `"Script data state"`, `"CDATA section state"`). `None` for any other name.
    pub fn from_test_name(name: &str) -> Option<State> {
        Some(match name {
            "Data state" => State::Data,
            "PLAINTEXT state" => State::Plaintext,
            "RCDATA state" => State::Rcdata,
            "RAWTEXT state" => State::Rawtext,
            "Script data state" => State::ScriptData,
            "CDATA section state" => State::CdataSection,
            _ => return None,
        })
    }
}
