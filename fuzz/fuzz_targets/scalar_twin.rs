//! The scalar twin (`scalar: true`: byte-at-a-time scanning) against the fast path. Input:
//! byte 0 picks the tokenizer's initial state (low 3 bits, modulo 6) and last start tag (bits
//! 3..6), bit 6 the scripting flag; byte 1 a fragment context (`CONTEXTS`); the rest is the
//! text (decoded lossily).
//!
//! Checks, each with `scalar: true` vs `scalar: false`:
//! - `Tokenizer`: identical tokens and parse errors;
//! - `parse_document_str`: identical trees (digest) and parse errors;
//! - `parse_fragment` in the drawn context: identical trees and parse errors.

#![no_main]

use libfuzzer_sys::fuzz_target;
use simdhtml::tokenizer::{Token, Tokenizer, TokenizerOptions};
use simdhtml::{Arena, Document, ParseOptions, parse_document_str, parse_fragment};
use simdhtml_fuzz::{Input, LAST_START_TAGS, MAX_NODES, STATES, fragment_context, tree_digest};

fn same_trees(what: &str, fast: &Document<'_>, scalar: &Document<'_>) {
    assert_eq!(
        scalar.errors(),
        fast.errors(),
        "{what}: parse errors, scalar vs fast"
    );
    assert_eq!(
        scalar.truncated(),
        fast.truncated(),
        "{what}: truncation, scalar vs fast"
    );
    assert!(
        tree_digest(scalar) == tree_digest(fast),
        "{what}: trees, scalar vs fast"
    );
}

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let b = input.byte();
    let state = STATES[usize::from(b & 7) % STATES.len()];
    let last_start_tag = LAST_START_TAGS[usize::from((b >> 3) & 7)];
    let scripting = b & 0x40 != 0;
    let context = fragment_context(input.byte());
    let text = String::from_utf8_lossy(input.rest());
    let arena = Arena::new();

    let tokenize = |scalar: bool| {
        let mut t = Tokenizer::new(
            &arena,
            &text,
            TokenizerOptions {
                initial_state: Some(state),
                last_start_tag: last_start_tag.map(str::to_owned),
                collect_errors: true,
                scalar,
                ..TokenizerOptions::default()
            },
        );
        let tokens: Vec<Token<'_>> = t.by_ref().collect();
        (tokens, t.errors().to_vec())
    };
    let (fast_tokens, fast_errors) = tokenize(false);
    let (scalar_tokens, scalar_errors) = tokenize(true);
    if scalar_tokens != fast_tokens {
        let i = scalar_tokens
            .iter()
            .zip(&fast_tokens)
            .position(|(a, b)| a != b);
        let i = i.unwrap_or(scalar_tokens.len().min(fast_tokens.len()));
        panic!(
            "tokens in {state:?}, scalar vs fast, differ at token {i}: {:?} vs {:?}",
            scalar_tokens.get(i),
            fast_tokens.get(i)
        );
    }
    assert_eq!(
        scalar_errors, fast_errors,
        "tokenizer errors in {state:?}, scalar vs fast"
    );

    let options = |scalar: bool| ParseOptions {
        scripting,
        collect_errors: true,
        scalar,
        max_nodes: Some(MAX_NODES),
        ..ParseOptions::default()
    };
    same_trees(
        "document",
        &parse_document_str(&arena, &text, &options(false)),
        &parse_document_str(&arena, &text, &options(true)),
    );
    same_trees(
        "fragment",
        &parse_fragment(&arena, &text, context, &options(false)),
        &parse_fragment(&arena, &text, context, &options(true)),
    );
});
