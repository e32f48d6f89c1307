//! Streaming equals parsing the whole input. Input: byte 0 the input options (as
//! `parse_document`'s target, without the unknown label), byte 1 the scripting flag (bit 0)
//! and, for the token stream, an initial state (bits 1 to 3) and a last start tag (bits 5 to 7);
//! byte 2 the number of chunk sizes (1 to 8), then that many chunk-size bytes, used in a
//! cycle (0: an empty chunk; 1 to 239: that many bytes; 240 to 255: 1 to 16 KiB, to cross the
//! prescan's 1,024 and the guess's 16 KiB); the rest are the document's bytes.
//!
//! Checks:
//! - `stream::Parser` fed in those chunks gives the same tree (digest), the same parse errors
//!   (kind and offset), the same encoding, encoding source and confidence, and the same
//!   truncation as `parse_document` on the whole input, and its tree keeps the invariants;
//! - `stream::TokenStream` fed in the same chunks gives the same tokens and tokenizer errors
//!   as `Tokenizer` over the whole decoded input (character runs merged unless
//!   `SIMDHTML_FUZZ_EXACT_RUNS=1`; see `exact_runs`).

#![no_main]

use libfuzzer_sys::fuzz_target;
use simdhtml::input::decode;
use simdhtml::stream::{Parser, TokenStream};
use simdhtml::tokenizer::{Token, Tokenizer, TokenizerOptions};
use simdhtml::{Arena, ParseOptions, parse_document};
use simdhtml_fuzz::{
    Input, LAST_START_TAGS, MAX_NODES, STATES, TreeKind, check_tree, input_options, tree_digest,
};

/// The chunks of `bytes` with the sizes in `sizes`, cyclically.
fn chunks<'b>(bytes: &'b [u8], sizes: &[usize]) -> Vec<&'b [u8]> {
    let mut out = Vec::new();
    let mut rest = bytes;
    let mut i = 0;
    while !rest.is_empty() {
        let n = sizes[i % sizes.len()].min(rest.len());
        let (chunk, tail) = rest.split_at(n);
        out.push(chunk);
        rest = tail;
        i += 1;
    }
    out
}

/// Whether character runs must be split exactly as the whole-input tokenizer splits them
/// (`SIMDHTML_FUZZ_EXACT_RUNS=1`), as `TokenStream`'s documentation promises. Off by default
/// until the library's known difference is fixed (`tests/api/fuzz_regressions.rs`,
/// `token_stream_splits_runs_like_the_tokenizer`: after a `&` that starts no reference, the
/// stream may end a run where a chunk ended); then the merged runs (the text) must agree.
fn exact_runs() -> bool {
    static EXACT: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *EXACT.get_or_init(|| std::env::var_os("SIMDHTML_FUZZ_EXACT_RUNS").is_some_and(|v| v == "1"))
}

/// `tokens` with adjacent character runs merged into one (owned) run.
fn merge_runs(tokens: &[Token<'_>]) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut run: Option<String> = None;
    for t in tokens {
        match t {
            Token::Characters(s) => run.get_or_insert_with(String::new).push_str(s),
            other => {
                if let Some(r) = run.take() {
                    out.push(format!("Characters({r:?})"));
                }
                out.push(format!("{other:?}"));
            }
        }
    }
    if let Some(r) = run {
        out.push(format!("Characters({r:?})"));
    }
    out
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let input_opts = input_options(input.byte());
    let flags = input.byte();
    let scripting = flags & 1 != 0;
    let state = STATES[usize::from((flags >> 1) & 7) % STATES.len()];
    let last_start_tag = LAST_START_TAGS[usize::from(flags >> 5)];
    let count = usize::from(input.byte() % 8) + 1;
    let mut sizes: Vec<usize> = (0..count)
        .map(|_| match input.byte() {
            b @ 0..=239 => usize::from(b),
            b => usize::from(b - 239) * 1024,
        })
        .collect();
    if sizes.iter().all(|&s| s == 0) {
        sizes.push(1);
    }
    let bytes = input.rest();
    let pieces = chunks(bytes, &sizes);

    // The tree.
    let options = ParseOptions {
        scripting,
        collect_errors: true,
        input: input_opts.clone(),
        max_nodes: Some(MAX_NODES),
        ..ParseOptions::default()
    };
    let arena = Arena::new();
    let Ok(whole) = parse_document(&arena, bytes, &options);
    let mut parser = Parser::new(&arena, options.clone());
    for piece in &pieces {
        parser.feed(piece);
    }
    let streamed = parser.finish();
    check_tree(&streamed, TreeKind::Document);
    assert_eq!(
        (
            streamed.encoding().name(),
            streamed.encoding_source(),
            streamed.confidence()
        ),
        (
            whole.encoding().name(),
            whole.encoding_source(),
            whole.confidence()
        ),
        "encoding decision: streamed vs whole"
    );
    assert_eq!(
        streamed.truncated(),
        whole.truncated(),
        "truncation: streamed vs whole"
    );
    assert_eq!(
        streamed.errors(),
        whole.errors(),
        "parse errors: streamed vs whole"
    );
    assert!(
        tree_digest(&streamed) == tree_digest(&whole),
        "trees: streamed vs whole"
    );

    // The tokens.
    let tok_opts = TokenizerOptions {
        initial_state: Some(state),
        last_start_tag: last_start_tag.map(str::to_owned),
        collect_errors: true,
        ..TokenizerOptions::default()
    };
    let text = decode(&arena, bytes, &input_opts)
        .text;
    let mut tokenizer = Tokenizer::new(&arena, text, tok_opts.clone());
    let expected: Vec<Token<'_>> = tokenizer.by_ref().collect();
    let mut stream = TokenStream::with_input_options(&arena, tok_opts, input_opts);
    let mut got = Vec::new();
    for piece in &pieces {
        stream.feed(piece);
        got.extend(std::iter::from_fn(|| stream.next_token()));
        assert!(
            got.len() <= text.len() + 1,
            "more streamed tokens than input bytes"
        );
    }
    stream.finish();
    got.extend(std::iter::from_fn(|| stream.next_token()));
    assert_eq!(
        got.last(),
        Some(&Token::Eof),
        "the token stream does not end with Eof"
    );
    let describe = |tokens: &[Token<'_>]| -> Vec<String> {
        if exact_runs() {
            tokens.iter().map(|t| format!("{t:?}")).collect()
        } else {
            merge_runs(tokens)
        }
    };
    let (got, expected) = (describe(&got), describe(&expected));
    if got != expected {
        let i = got.iter().zip(&expected).position(|(a, b)| a != b);
        let i = i.unwrap_or(got.len().min(expected.len()));
        panic!(
            "tokens: streamed vs whole differ at token {i}: {:?} vs {:?}",
            got.get(i),
            expected.get(i)
        );
    }
    assert_eq!(
        stream.errors(),
        tokenizer.errors(),
        "tokenizer errors: streamed vs whole"
    );
});
