//! `parse_fragment` (13.4) with a context element drawn from the input. Input: byte 0 picks
//! the context (`CONTEXTS`: HTML elements including template, select, the table parts,
//! textarea, script, plaintext, title, ...; SVG and MathML ones, `annotation-xml` with an
//! `encoding` chosen by the high bits); byte 1 the scripting flag (bit 0); the rest is the text
//! (decoded lossily).
//!
//! Checks: no panic; the tree invariants (`check_tree`, fragment form: no `html` element);
//! parse errors in offset order.

#![no_main]

use libfuzzer_sys::fuzz_target;
use simdhtml::{Arena, ParseOptions, parse_fragment};
use simdhtml_fuzz::{Input, MAX_NODES, TreeKind, check_tree, fragment_context};

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let context = fragment_context(input.byte());
    let scripting = input.byte() & 1 != 0;
    let text = String::from_utf8_lossy(input.rest());
    let arena = Arena::new();
    let options = ParseOptions {
        scripting,
        collect_errors: true,
        max_nodes: Some(MAX_NODES),
        ..ParseOptions::default()
    };
    let doc = parse_fragment(&arena, &text, context, &options);
    check_tree(&doc, TreeKind::Fragment);
    assert!(
        doc.errors().windows(2).all(|w| w[0].offset <= w[1].offset),
        "parse errors out of offset order"
    );
});
