//! `parse_document` on raw bytes, with encoding sniffing exercised: byte 0 sets the input
//! options (bit 0 guess, bit 1 guess UTF-8, bits 2..: a transport charset from
//! `TRANSPORT_LABELS`, or none), byte 1 the scripting flag (bit 0). The rest are the bytes.
//!
//! Checks: no panic; `input::transport_charset` refuses exactly the unknown label; the tree
//! invariants (`check_tree`: links, reachability, void elements, document shape); a transport
//! charset makes the encoding certain (unless a BOM decided); parse errors in offset order.

#![no_main]

use libfuzzer_sys::fuzz_target;
use simdhtml::input::{Confidence, EncodingSource, transport_charset};
use simdhtml::{Arena, ParseOptions, parse_document};
use simdhtml_fuzz::{
    Input, MAX_NODES, TreeKind, check_tree, input_options, is_bogus_label, transport_label,
};

fuzz_target!(|data: &[u8]| {
    let mut input = Input::new(data);
    let options_byte = input.byte();
    if let Some(label) = transport_label(options_byte) {
        assert_eq!(
            transport_charset(label).is_err(),
            is_bogus_label(label),
            "transport_charset({label:?})"
        );
    }
    let input_opts = input_options(options_byte);
    let scripting = input.byte() & 1 != 0;
    let bytes = input.rest();
    let transport = input_opts.transport_charset.is_some();
    let options = ParseOptions {
        scripting,
        collect_errors: true,
        input: input_opts,
        max_nodes: Some(MAX_NODES),
        ..ParseOptions::default()
    };
    let arena = Arena::new();
    let Ok(doc) = parse_document(&arena, bytes, &options);
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
