//! Every page of the shared corpus through the streaming [`Parser`], fed its bytes in chunks
//! whose size is prime (so the cuts land inside tags, attribute values, character references,
//! CRLF pairs and multi-byte sequences), against the whole-input [`parse_document`] of the same
//! bytes: the same tree, the same parse errors and the same encoding decision (encoding, the
//! step that decided it, confidence), including the pages whose charset `<meta>` makes both
//! parsers re-parse and, with the default options, the pages whose encoding is guessed; and,
//! on half the pages, the same source spans and source text (`ParseOptions::spans`).

use crate::common;

use common::corpus::{chromium_options, pages};
use simdhtml::serialize::html5lib_dump;
use simdhtml::stream::Parser;
use simdhtml::{Arena, ParseOptions, parse_document};

/// What must agree: the dump, the errors (kind and offset) and the encoding decision.
fn summary(doc: &simdhtml::dom::Document<'_>) -> (String, String, String, String) {
    (
        html5lib_dump(doc),
        format!("{:?}", doc.errors()),
        format!(
            "{} {:?} {:?}",
            doc.encoding().name(),
            doc.encoding_source(),
            doc.confidence()
        ),
        // Source spans (on for half the pages), with the text they index.
        format!("{}{}", doc.source(), common::spans::dump(doc)),
    )
}

#[test]
fn corpus_pages_stream_like_the_whole_input_parse() {
    // Chromium's configuration (no guess, windows-1252 default) and the defaults (a chardetng
    // guess from the first 16 KiB when nothing is declared), both with error collection.
    let configurations = [
        (
            "no guess",
            ParseOptions {
                collect_errors: true,
                ..chromium_options()
            },
        ),
        (
            "defaults",
            ParseOptions {
                collect_errors: true,
                ..ParseOptions::default()
            },
        ),
    ];
    let Some(pages) = pages("corpus_pages_stream_like_the_whole_input_parse") else {
        return;
    };
    let mut failures = Vec::new();
    for (i, page) in pages.iter().enumerate() {
        let bytes = page.bytes();
        // One configuration per page, alternating, and a chunk size per page, alternating with
        // a different period: small enough that most pages are cut many times, one of them
        // smaller than the 1,024-byte prescan window.
        // Source spans on two pages in four, so that both configurations and every chunk
        // size see them (on, the stream keeps its text for `source`; off, it has none).
        let (config, options) = &configurations[i % 2];
        let size = [4_093, 509, 65_521][(i / 2) % 3];
        let options = &ParseOptions {
            spans: i % 4 < 2,
            ..options.clone()
        };
        let arena = Arena::new();
        let Ok(whole) = parse_document(&arena, &bytes, options);
        let mut want = summary(&whole);
        if !options.spans {
            want.3 = common::spans::dump(&whole);
        }
        let mut parser = Parser::new(&arena, options.clone());
        for chunk in bytes.chunks(size) {
            parser.feed(chunk);
        }
        let got = summary(&parser.finish());
        for (what, g, w) in [
            ("tree", &got.0, &want.0),
            ("errors", &got.1, &want.1),
            ("encoding", &got.2, &want.2),
            ("spans", &got.3, &want.3),
        ] {
            if g != w {
                failures.push(format!(
                    "{} ({config}, {size}-byte chunks): {what} differs: {}",
                    page.file,
                    common::first_diff(g, w, "streamed", "whole")
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} pages stream differently:\n{}",
        failures.len(),
        pages.len(),
        failures.join("\n")
    );
    assert_eq!(pages.len(), 279, "the shared corpus has 279 pages");
}
