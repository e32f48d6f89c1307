//! `parse_document` on raw bytes, with encoding sniffing exercised: byte 0 sets the input
//! options (bit 0 guess, bit 1 guess UTF-8, bits 2..: a transport charset from
//! `TRANSPORT_LABELS`, or none), byte 1 the scripting flag (bit 0). The rest are the bytes.
//!
//! Checks: no panic; an error exactly for the unknown transport label; the tree invariants
//! (`check_tree`: links, reachability, void elements, document shape); a transport charset
//! makes the encoding certain (unless a BOM decided); parse errors in offset order.

#![no_main]

use libfuzzer_sys::fuzz_target;
use simdhtml::input::{Confidence, EncodingSource};
use simdhtml::{Arena, ParseOptions, parse_document};
use simdhtml_fuzz::{Input, MAX_NODES, TreeKind, check_tree, input_options, is_bogus_label};

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let input_opts = input_options(input.byte(), true);
    let scripting = input.byte() & 1 != 0;
    let bytes = input.rest();
    let bogus = input_opts
        .transport_charset
        .as_deref()
        .is_some_and(is_bogus_label);
    let transport = input_opts.transport_charset.is_some();
    let options = ParseOptions {
        scripting,
        collect_errors: true,
        input: input_opts,
        max_nodes: Some(MAX_NODES),
        ..ParseOptions::default()
    };
    let arena = Arena::new();
    let doc = match parse_document(&arena, bytes, &options) {
        Ok(doc) => doc,
        Err(e) => {
            assert!(bogus, "parse_document failed: {e}");
            return;
        }
    };
    assert!(!bogus, "an unknown transport label was accepted");
    check_tree(&doc, TreeKind::Document);
    let source = doc
        .encoding_source()
        .expect("bytes have an encoding source");
    assert_ne!(
        doc.confidence(),
        Confidence::Irrelevant,
        "bytes with irrelevant confidence"
    );
    if transport {
        assert!(
            matches!(source, EncodingSource::Bom | EncodingSource::Transport)
                && doc.confidence() == Confidence::Certain,
            "transport charset given, but {source:?} {:?}",
            doc.confidence()
        );
    }
    assert!(
        doc.errors().windows(2).all(|w| w[0].offset <= w[1].offset),
        "parse errors out of offset order"
    );
});
