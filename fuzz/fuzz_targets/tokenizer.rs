//! The tokenizer on arbitrary bytes (decoded lossily) in each initial state of the html5lib
//! suites, with a "last start tag" and parse errors collected, drained to the end-of-file
//! token. Input: byte 0 picks the initial state (low 3 bits, modulo 6) and the last start tag
//! (bits 3..6); bit 6 turns on the infoset coercion; the rest is the text.
//!
//! Checks: no panic, no endless token stream, well-formed tokens (`check_tokens`), `Eof`
//! repeats after the end, error offsets within the input, and in PLAINTEXT (and RAWTEXT /
//! script data when no end tag can be appropriate) the characters are exactly the
//! preprocessed input.

#![no_main]

use libfuzzer_sys::fuzz_target;
use simdhtml::Arena;
use simdhtml::tokenizer::{State, Token, Tokenizer, TokenizerOptions};
use simdhtml_fuzz::{Input, LAST_START_TAGS, STATES, check_tokens, preprocessed_raw_text};

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let b = input.byte();
    let state = STATES[usize::from(b & 7) % STATES.len()];
    let last_start_tag = LAST_START_TAGS[usize::from((b >> 3) & 7)];
    let coerce = b & 0x40 != 0;
    let text = String::from_utf8_lossy(input.rest());
    let arena = Arena::new();
    let mut tokenizer = Tokenizer::new(
        &arena,
        &text,
        TokenizerOptions {
            initial_state: Some(state),
            last_start_tag: last_start_tag.map(str::to_owned),
            collect_errors: true,
            coerce_to_infoset: coerce,
            ..TokenizerOptions::default()
        },
    );
    let mut tokens = Vec::new();
    loop {
        let t = tokenizer.next_token();
        tokens.push(t);
        if t == Token::Eof {
            break;
        }
        assert!(
            tokens.len() <= text.len() + 1,
            "more tokens than input bytes"
        );
    }
    assert_eq!(tokenizer.next_token(), Token::Eof, "Eof does not repeat");
    check_tokens(&tokens, &text);
    for e in tokenizer.errors() {
        assert!(
            e.offset <= text.len(),
            "error {e:?} past the input ({})",
            text.len()
        );
    }
    let raw = match state {
        State::Plaintext => true,
        State::Rawtext | State::ScriptData => last_start_tag.is_none(),
        _ => false,
    };
    if raw && !coerce {
        let mut chars = String::new();
        for t in &tokens {
            match t {
                Token::Characters(s) => chars.push_str(s),
                Token::Eof => {}
                other => panic!("{other:?} in {state:?} without an appropriate end tag"),
            }
        }
        assert_eq!(chars, preprocessed_raw_text(&text), "{state:?} text");
    }
});
