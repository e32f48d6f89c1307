//! Properties of the fast paths: the default parse (vectorised scanning, the tag fast path, the
//! tree builder's shortcuts) and the scalar twin (none of them) give the same
//! tokens, errors (with offsets) and trees, and nothing panics.
//!
//! Cases per property: 1,024 by default; set `PROPTEST_CASES` for a longer run, e.g.
//! `PROPTEST_CASES=20000 cargo test --release --test properties -- fast_path::`.

use crate::html_gen;

use html_gen::{cases, html_like};
use proptest::prelude::*;
use simdhtml::serialize::html5lib_dump;
use simdhtml::tokenizer::{State, Tokenizer, TokenizerOptions};
use simdhtml::{Arena, FragmentContext, ParseOptions, parse_document_str, parse_fragment};

/// Every token (Debug form) and every error (code and byte offset) of `input` tokenized from
/// `state`.
fn tokens(input: &str, state: State, scalar: bool) -> (Vec<String>, Vec<String>) {
    let arena = Arena::new();
    let mut tokenizer = Tokenizer::new(
        &arena,
        input,
        TokenizerOptions {
            initial_state: Some(state),
            last_start_tag: Some("script".into()),
            collect_errors: true,
            scalar,
            ..TokenizerOptions::default()
        },
    );
    let toks = tokenizer.by_ref().map(|t| format!("{t:?}")).collect();
    let errors = tokenizer
        .errors()
        .iter()
        .map(|e| format!("{:?}@{}", e.code, e.offset))
        .collect();
    (toks, errors)
}

/// The html5lib dump and the errors (kind and offset) of the tree of `input`.
fn tree(input: &str, fragment: Option<&str>, scalar: bool) -> (String, Vec<String>) {
    let arena = Arena::new();
    let options = ParseOptions {
        collect_errors: true,
        scalar,
        ..ParseOptions::default()
    };
    let doc = match fragment {
        Some(ctx) => parse_fragment(&arena, input, FragmentContext::from_html5lib(ctx), &options),
        None => parse_document_str(&arena, input, &options),
    };
    let errors = doc
        .errors()
        .iter()
        .map(|e| format!("{:?}@{}", e.kind, e.offset))
        .collect();
    (html5lib_dump(&doc), errors)
}

const STATES: [State; 6] = [
    State::Data,
    State::Rcdata,
    State::Rawtext,
    State::ScriptData,
    State::Plaintext,
    State::CdataSection,
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(1024)))]

    #[test]
    fn simd_and_scalar_give_the_same_tokens_and_errors(input in html_like(), s in 0..STATES.len()) {
        let state = STATES[s];
        prop_assert_eq!(tokens(&input, state, false), tokens(&input, state, true));
    }

    #[test]
    fn simd_and_scalar_give_the_same_trees(input in html_like()) {
        prop_assert_eq!(tree(&input, None, false), tree(&input, None, true));
    }

    #[test]
    fn simd_and_scalar_give_the_same_fragments(
        input in html_like(),
        ctx in prop::sample::select(&["td", "textarea", "script", "svg path", "math mi", "body"][..]),
    ) {
        prop_assert_eq!(tree(&input, Some(ctx), false), tree(&input, Some(ctx), true));
    }
}

/// The numeric character reference fast path against the scalar twin's states, at its edges:
/// each reference in text, in the three kinds of attribute value and in RCDATA.
#[test]
fn numeric_references_agree_with_the_scalar_twin() {
    let refs = "&#65; &#x41; &#X41; &#x1F600; &#128512; &#9; &#xA; &#12; &#13; &#32; &#0; &#x0; \
                &#x7F; &#x80; &#159; &#xA0; &#xD7FF; &#xD800; &#xDFFF; &#xE000; &#xFDD0; \
                &#xFFFE; &#x1FFFF; &#x10FFFF; &#x110000; &#1114111; &#1114112; &#999999; \
                &#0000065; &#x000041; &#x0000041; &#65 &#65x &#x; &#; &# &#x &#xG; &#x41 &#6";
    for r in refs.split_whitespace() {
        for shape in [
            format!("<p>a{r}b{r}</p>"),
            format!("<p>{r}"),
            format!("<a title=\"{r}x\" alt='{r}' b={r} c={r}>"),
            format!("<textarea>{r}</textarea>"),
            format!("<title>x{r}"),
        ] {
            for state in STATES {
                assert_eq!(
                    tokens(&shape, state, false),
                    tokens(&shape, state, true),
                    "{shape:?} from {state:?}"
                );
            }
            assert_eq!(
                tree(&shape, None, false),
                tree(&shape, None, true),
                "{shape:?}"
            );
        }
    }
}

/// Text the "in body" rules take as known to hold no NUL (the data state's) against the scalar
/// twin, which looks for one in every text: NULs in CDATA sections at integration points (the
/// one way a NUL reaches those rules inside a text), in table text, in data and after
/// references.
#[test]
fn text_known_to_hold_no_nul_agrees_with_the_scalar_twin() {
    for input in [
        "<svg><foreignObject><![CDATA[a\0b]]>c\0d</foreignObject></svg>",
        "<svg><desc><![CDATA[\0]]></desc><title>x<![CDATA[y\0z]]></title></svg>",
        "<math><mi><![CDATA[a\0]]></mi><annotation-xml encoding=text/html><![CDATA[\0b]]>",
        "<p>a\0b&amp;c\0&#65;\0</p><table>x\0y<tr><td>\0z</table>",
        "<table><![CDATA[a\0b]]>t\0</table>",
        "<pre>\r\n\0x\r\0</pre><plaintext>\0p",
    ] {
        assert_eq!(
            tree(input, None, false),
            tree(input, None, true),
            "{input:?}"
        );
        for ctx in ["svg foreignObject", "body", "td"] {
            assert_eq!(
                tree(input, Some(ctx), false),
                tree(input, Some(ctx), true),
                "{input:?} in {ctx}"
            );
        }
    }
}
