//! Property and robustness tests of the tokenizer: no input panics or hangs, every run ends
//! with exactly one end-of-file token, and unchanged text is borrowed from the input.

use proptest::prelude::*;
use simdhtml::Arena;
use simdhtml::tokenizer::{State, Token, Tokenizer, TokenizerOptions};

const STATES: [State; 6] = [
    State::Data,
    State::Rcdata,
    State::Rawtext,
    State::ScriptData,
    State::Plaintext,
    State::CdataSection,
];

/// Tokenizes `input` to the end; returns the number of tokens. Panics if the end-of-file
/// token does not come within a bound linear in the input length.
fn tokenize_all(input: &str, state: State, cdata: bool) -> usize {
    let arena = Arena::new();
    let options = TokenizerOptions {
        initial_state: Some(state),
        last_start_tag: Some("script".into()),
        collect_errors: true,
        coerce_to_infoset: false,
        scalar: false,
    };
    let mut tokenizer = Tokenizer::new(&arena, input, options);
    tokenizer.set_cdata_allowed(cdata);
    let mut count = 0;
    loop {
        let token = tokenizer.next_token();
        count += 1;
        assert!(
            count <= 2 * input.len() + 2,
            "too many tokens: no progress?"
        );
        if token == Token::Eof {
            break;
        }
        if let Token::Characters(s) = token {
            assert!(!s.is_empty(), "empty character token");
        }
    }
    assert_eq!(
        tokenizer.next_token(),
        Token::Eof,
        "Eof again after the end"
    );
    for e in tokenizer.errors() {
        assert!(e.offset <= input.len());
    }
    count
}

/// Fragments that reach every tokenizer state when concatenated in random order.
const PIECES: &[&str] = &[
    "<",
    ">",
    "</",
    "/>",
    "<!",
    "<!--",
    "-->",
    "--!>",
    "-",
    "--",
    "<!DOCTYPE",
    "<!doctype html",
    " PUBLIC ",
    " SYSTEM ",
    "\"",
    "'",
    "=",
    " ",
    "\t",
    "\n",
    "\r",
    "\r\n",
    "\x0C",
    "\0",
    "&",
    "&amp",
    "&amp;",
    "&notin",
    "&#",
    "&#x",
    "&#X1F;",
    "&#0;",
    "&#128;",
    "&#xD800;",
    "&#99999999;",
    "a",
    "B",
    "script",
    "<script>",
    "</script>",
    "<!--<script>",
    "</script >",
    "<title>",
    "</title>",
    "<textarea>",
    "<style>",
    "<![CDATA[",
    "]]>",
    "]",
    "<?",
    "<?xml",
    "<?pi ",
    "?>",
    "?",
    "é",
    "\u{FFFF}",
    "\u{10000}",
    "\u{80}",
    "<a href=x>",
    "<a b='c' d=\"e\" f=g>",
    "`",
];

fn html_like() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..60).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Arbitrary bytes (decoded lossily, as the input layer would) never panic in any state.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..512),
                                   cdata in any::<bool>()) {
        let input = String::from_utf8_lossy(&bytes);
        for state in STATES {
            tokenize_all(&input, state, cdata);
        }
    }

    /// HTML-like input built from markup fragments never panics in any state.
    #[test]
    fn html_like_never_panics(input in html_like(), cdata in any::<bool>()) {
        for state in STATES {
            tokenize_all(&input, state, cdata);
        }
    }

    /// Text without `<`, `&`, CR or NUL comes back as the input itself, borrowed.
    #[test]
    fn plain_text_is_borrowed(text in "[^<&\r\u{0}]{1,200}") {
        let arena = Arena::new();
        let mut tokenizer = Tokenizer::new(&arena, &text, TokenizerOptions::default());
        match tokenizer.next_token() {
            Token::Characters(s) => {
                prop_assert_eq!(s, text.as_str());
                prop_assert_eq!(s.as_ptr(), text.as_ptr());
            }
            other => prop_assert!(false, "expected characters, got {:?}", other),
        }
        prop_assert_eq!(tokenizer.next_token(), Token::Eof);
    }
}

/// Strings equal to the input are slices of it; changed ones are not.
#[test]
fn unchanged_strings_borrow_the_input() {
    let input = "<a href=\"/x?a=1&b=2\" Class=y>Hello &amp; bye</a>plain<!-- c -->";
    let range = input.as_bytes().as_ptr_range();
    let inside = |s: &str| range.contains(&s.as_ptr());
    let arena = Arena::new();
    let tokens: Vec<Token> = Tokenizer::new(&arena, input, TokenizerOptions::default()).collect();
    let Token::StartTag(a) = tokens[0] else {
        panic!("{:?}", tokens[0])
    };
    assert!(inside(a.name));
    assert_eq!(a.attrs[0].value, "/x?a=1&b=2");
    assert!(
        inside(a.attrs[0].value),
        "a value with an unresolved & stays borrowed"
    );
    assert_eq!(a.attrs[1].name, "class");
    assert!(!inside(a.attrs[1].name), "a lower-cased name is a copy");
    // A resolved reference makes its text token a copy (one token for the whole text).
    assert_eq!(tokens[1], Token::Characters("Hello & bye"));
    assert!(matches!(tokens[1], Token::Characters(s) if !inside(s)));
    assert_eq!(tokens[3], Token::Characters("plain"));
    assert!(matches!(tokens[3], Token::Characters(s) if inside(s)));
    assert!(matches!(tokens.last(), Some(Token::Eof)));
    assert!(
        tokens
            .iter()
            .any(|t| matches!(t, Token::Comment(c) if *c == " c " && inside(c)))
    );
}

/// Long and pathological inputs run in linear time: many attributes (duplicate detection),
/// long runs of references, deep comment-like script text.
#[test]
fn pathological_inputs_are_linear() {
    let mut tag = String::from("<a");
    for i in 0..100_000 {
        tag.push_str(&format!(" a{i}=v"));
    }
    tag.push_str(" a5=dup>");
    let arena = Arena::new();
    let mut options = TokenizerOptions {
        collect_errors: true,
        ..TokenizerOptions::default()
    };
    let mut tokenizer = Tokenizer::new(&arena, &tag, options.clone());
    let Token::StartTag(t) = tokenizer.next_token() else {
        panic!("expected a start tag")
    };
    assert_eq!(t.attrs.len(), 100_000);
    assert_eq!(tokenizer.errors().len(), 1, "one duplicate-attribute error");

    let refs = "&amp;&notin;&#x41;&bogus;".repeat(50_000);
    // In RCDATA each reference is a token of its own; in the data state the whole text is one.
    assert!(tokenize_all(&refs, State::Rcdata, false) > 100_000);
    let tokens: Vec<Token> = Tokenizer::new(&arena, &refs, TokenizerOptions::default()).collect();
    assert_eq!(
        tokens,
        [
            Token::Characters(&"&\u{2209}A&bogus;".repeat(50_000)),
            Token::Eof
        ]
    );

    options.initial_state = Some(State::ScriptData);
    let script = "<!--<script>".to_string() + &"-<!-".repeat(100_000);
    assert!(tokenize_all(&script, State::ScriptData, false) > 0);
}

/// Every tokenizer state (13.2.5), for the tests that start the tokenizer in each.
const ALL_STATES: [State; 84] = [
    State::Data,
    State::Rcdata,
    State::Rawtext,
    State::ScriptData,
    State::Plaintext,
    State::TagOpen,
    State::EndTagOpen,
    State::TagName,
    State::RcdataLessThanSign,
    State::RcdataEndTagOpen,
    State::RcdataEndTagName,
    State::RawtextLessThanSign,
    State::RawtextEndTagOpen,
    State::RawtextEndTagName,
    State::ScriptDataLessThanSign,
    State::ScriptDataEndTagOpen,
    State::ScriptDataEndTagName,
    State::ScriptDataEscapeStart,
    State::ScriptDataEscapeStartDash,
    State::ScriptDataEscaped,
    State::ScriptDataEscapedDash,
    State::ScriptDataEscapedDashDash,
    State::ScriptDataEscapedLessThanSign,
    State::ScriptDataEscapedEndTagOpen,
    State::ScriptDataEscapedEndTagName,
    State::ScriptDataDoubleEscapeStart,
    State::ScriptDataDoubleEscaped,
    State::ScriptDataDoubleEscapedDash,
    State::ScriptDataDoubleEscapedDashDash,
    State::ScriptDataDoubleEscapedLessThanSign,
    State::ScriptDataDoubleEscapeEnd,
    State::BeforeAttributeName,
    State::AttributeName,
    State::AfterAttributeName,
    State::BeforeAttributeValue,
    State::AttributeValueDoubleQuoted,
    State::AttributeValueSingleQuoted,
    State::AttributeValueUnquoted,
    State::AfterAttributeValueQuoted,
    State::SelfClosingStartTag,
    State::BogusComment,
    State::MarkupDeclarationOpen,
    State::CommentStart,
    State::CommentStartDash,
    State::Comment,
    State::CommentLessThanSign,
    State::CommentLessThanSignBang,
    State::CommentLessThanSignBangDash,
    State::CommentLessThanSignBangDashDash,
    State::CommentEndDash,
    State::CommentEnd,
    State::CommentEndBang,
    State::Doctype,
    State::BeforeDoctypeName,
    State::DoctypeName,
    State::AfterDoctypeName,
    State::AfterDoctypePublicKeyword,
    State::BeforeDoctypePublicIdentifier,
    State::DoctypePublicIdentifierDoubleQuoted,
    State::DoctypePublicIdentifierSingleQuoted,
    State::AfterDoctypePublicIdentifier,
    State::BetweenDoctypePublicAndSystemIdentifiers,
    State::AfterDoctypeSystemKeyword,
    State::BeforeDoctypeSystemIdentifier,
    State::DoctypeSystemIdentifierDoubleQuoted,
    State::DoctypeSystemIdentifierSingleQuoted,
    State::AfterDoctypeSystemIdentifier,
    State::BogusDoctype,
    State::CdataSection,
    State::CdataSectionBracket,
    State::CdataSectionEnd,
    State::ProcessingInstructionOpen,
    State::ProcessingInstructionTarget,
    State::AfterProcessingInstructionTarget,
    State::ProcessingInstructionData,
    State::ProcessingInstructionQuestionable,
    State::CharacterReference,
    State::NamedCharacterReference,
    State::AmbiguousAmpersand,
    State::NumericCharacterReference,
    State::HexadecimalCharacterReferenceStart,
    State::HexadecimalCharacterReference,
    State::DecimalCharacterReference,
    State::NumericCharacterReferenceEnd,
];

/// `TokenizerOptions::initial_state` takes any state, also one inside a construct (after a
/// `<`, inside `]]`), where no `<` or `]` of the input stands behind the characters the state
/// emits for it. Each state and short input tokenizes to the end without a panic, and the
/// states that emit such characters give the fixed strings.
#[test]
fn every_state_can_start_the_tokenizer() {
    let inputs = [
        "", "x", "a", "<", "</", "<!", "]", "]]", ">", "-", "--", "/", "é", "\r\n", "&", "\0",
        "a<b", "</x", "]]>", "<!--", "-->", "?", "x>", "--!>", "#", "&#", "&#x", ";", "1", "=",
        "\"", "'",
    ];
    for state in ALL_STATES {
        for input in inputs {
            for cdata in [false, true] {
                tokenize_all(input, state, cdata);
            }
        }
    }
    let tokens = |state: State, input: &str| -> Vec<String> {
        let arena = Arena::new();
        let options = TokenizerOptions {
            initial_state: Some(state),
            ..TokenizerOptions::default()
        };
        Tokenizer::new(&arena, input, options)
            .filter_map(|t| match t {
                Token::Characters(s) => Some(s.to_owned()),
                Token::Comment(s) => Some(format!("<!--{s}-->")),
                _ => None,
            })
            .collect()
    };
    assert_eq!(tokens(State::CdataSectionBracket, "x"), ["]", "x"]);
    assert_eq!(tokens(State::CdataSectionEnd, "x"), ["]]", "x"]);
    assert_eq!(tokens(State::CdataSectionEnd, "]x"), ["]", "]]", "x"]);
    assert_eq!(tokens(State::TagOpen, ""), ["<"]);
    assert_eq!(tokens(State::TagOpen, "1"), ["<", "1"]);
    assert_eq!(tokens(State::EndTagOpen, ""), ["</"]);
    assert_eq!(tokens(State::RcdataLessThanSign, "a"), ["<", "a"]);
    assert_eq!(tokens(State::RawtextLessThanSign, "é"), ["<", "é"]);
    assert_eq!(tokens(State::ScriptDataLessThanSign, "é"), ["<", "é"]);
    assert_eq!(tokens(State::ScriptDataLessThanSign, "!"), ["<!"]);
    assert_eq!(
        tokens(State::ScriptDataEscapedLessThanSign, "1"),
        ["<", "1"]
    );
    assert_eq!(tokens(State::RcdataEndTagOpen, "1"), ["</", "1"]);
    assert_eq!(tokens(State::RcdataEndTagName, "ab c"), ["</ab", " c"]);
    assert_eq!(tokens(State::CommentStartDash, "x"), ["<!---x-->"]);
    assert_eq!(tokens(State::CommentEndDash, "x"), ["<!---x-->"]);
    assert_eq!(tokens(State::CommentEnd, "x"), ["<!----x-->"]);
    assert_eq!(tokens(State::CommentEnd, "-x"), ["<!-----x-->"]);
    assert_eq!(tokens(State::CommentEndBang, "x"), ["<!----!x-->"]);
    assert_eq!(tokens(State::ProcessingInstructionOpen, ">"), ["<!--?-->"]);
    assert_eq!(
        tokens(State::ProcessingInstructionTarget, "é"),
        ["<!--?é-->"]
    );
}
