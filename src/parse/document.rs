//! A whole document (13.2): [`parse_document`] from its bytes (sniffing, decoding, and
//! "change the encoding" when a `<meta>` declares one while the confidence is tentative, in one
//! part or, after an ASCII prefix, in two), [`parse_document_str`] from text, and
//! [`parse_with_sink`] from text into a tree of the caller's own.

use super::driver::{Driver, document_tokenizer, tokenizer_options};
use super::options::ParseOptions;
use super::whole_input::{
    Driven, EncodingState, SizeHint, Tentative, drive, finish_document, with_arena_sink,
};
use crate::Arena;
use crate::dom::{ArenaSink, Document};
use crate::input::{self, Confidence, Encoding, EncodingSource, Sniffed};
use crate::tokenizer::Tokenizer;
use crate::tree_builder::TreeSink;
use encoding_rs::UTF_8;
use std::convert::Infallible;

/// Parses a whole document from its bytes (HTML Standard 13.2): the encoding sniffing algorithm
/// (13.2.3.2) with `options.input`, decoding (zero-copy for valid UTF-8), tokenizing and tree
/// construction. While the confidence is tentative, a `<meta>` charset met by the "in head"
/// rules runs "change the encoding" (13.2.3.4): if the bytes converted so far read the same in
/// the declared encoding, the rest is decoded with it (a `<meta>` after ASCII bytes only, the
/// usual case); otherwise the parse starts again from the first byte with it, confidence
/// certain (so at most one re-parse). The result reports the encoding, how it was decided and
/// the confidence ([`Document::encoding`], [`Document::encoding_source`],
/// [`Document::confidence`]).
///
/// Strings in the result borrow `bytes` (valid UTF-8, or ASCII in an ASCII-compatible encoding)
/// or `arena`. Every input gives a tree.
///
/// It does not fail: the transport charset is an [`Encoding`], its label checked when it was
/// made ([`input::transport_charset`]). The error type is [`Infallible`] so that code written
/// when an unknown label was an error here (`?`, `unwrap`) still builds; take the document
/// with `let Ok(doc) = parse_document(..);`.
pub fn parse_document<'a>(
    arena: &'a Arena,
    bytes: &'a [u8],
    options: &ParseOptions,
) -> Result<Document<'a>, Infallible> {
    let sniffed = input::sniff(bytes, &options.input);
    let mut state = EncodingState::default();
    let tentative = sniffed.confidence == Confidence::Tentative;
    // Split when a `<meta>` is likely to change the encoding: not when the tentative encoding
    // is UTF-8 (a prescanned `<meta>`, which the tree builder meets again and which agrees),
    // where finding the ASCII prefix would cost more than the rare re-parse it saves.
    let ascii =
        if tentative && sniffed.encoding != UTF_8 && input::splits_after_ascii(sniffed.encoding) {
            Encoding::ascii_valid_up_to(bytes)
        } else {
            0
        };
    let run = if ascii > 0 && ascii < bytes.len() {
        parse_in_two_parts(arena, bytes, ascii, sniffed.encoding, options, &mut state)
    } else {
        parse_in_one_part(arena, bytes, sniffed, options, &mut state)
    };
    Ok(settle(arena, bytes, sniffed, options, &state, run))
}

/// [`parse_document`] of `bytes` sniffed as `sniffed`, decoded up front: when the confidence is
/// tentative, "the bytes converted so far" (13.2.3.4 step 5) are all of them.
fn parse_in_one_part<'a>(
    arena: &'a Arena,
    bytes: &'a [u8],
    sniffed: Sniffed,
    options: &ParseOptions,
    state: &mut EncodingState<'a>,
) -> Result<Document<'a>, &'static Encoding> {
    let decoded = input::decode_sniffed(arena, bytes, sniffed);
    if sniffed.confidence == Confidence::Tentative {
        state.tentative = Some(Tentative {
            encoding: decoded.encoding,
            converted: bytes,
        });
    }
    parse_text(arena, decoded.text, options, state)
}

/// The document of `bytes` sniffed as `sniffed`, from a run that ended with the encoding
/// `state`: its encoding decision set, or, when the run stopped for a re-parse, the re-parse.
fn settle<'a>(
    arena: &'a Arena,
    bytes: &'a [u8],
    sniffed: Sniffed,
    options: &ParseOptions,
    state: &EncodingState<'_>,
    run: Result<Document<'a>, &'static Encoding>,
) -> Document<'a> {
    match run {
        Ok(mut doc) => {
            let (encoding, source) = match state.changed {
                Some(new) => (new, EncodingSource::Reparse),
                None => (sniffed.encoding, sniffed.source),
            };
            let confidence = if state.certain {
                Confidence::Certain
            } else {
                sniffed.confidence
            };
            doc.set_encoding(encoding, Some(source), confidence);
            doc
        }
        Err(new) => {
            let again = input::reparse(arena, bytes, new);
            let mut doc = parse_text(arena, again.text, options, &mut EncodingState::default())
                .expect("a certain encoding is not changed");
            doc.set_encoding(again.encoding, Some(again.source), again.confidence);
            doc
        }
    }
}

/// [`parse_document`] of a document whose confidence is tentative, in the `encoding` sniffed,
/// and whose first `ascii` bytes are ASCII (at least one, not all): decoded and parsed in two
/// parts, so that a `<meta>` among the ASCII bytes changes the encoding on the fly (13.2.3.4
/// step 5) instead of costing a re-parse.
///
/// The first part is the ASCII bytes themselves, which read the same in every encoding
/// [`input::splits_after_ascii`] accepts. When the parse has consumed them without a `<meta>`
/// acting, or as soon as one does (the bytes converted so far, all ASCII, read the same in the
/// new encoding), the rest is decoded with the encoding then in use and parsed on: a decoder of
/// such an encoding is in its initial state after ASCII bytes, so the text is exactly the
/// decoding of the whole input, and the tree, the errors and the encoding are those of the
/// re-parse the one-part parse would have done. A `<meta>` in the second part gets all the bytes
/// as the bytes converted so far (the whole input is decoded by then), as in the one-part parse.
/// `Err` carries the encoding to re-parse with.
fn parse_in_two_parts<'a>(
    arena: &'a Arena,
    bytes: &'a [u8],
    ascii: usize,
    encoding: &'static Encoding,
    options: &ParseOptions,
    state: &mut EncodingState<'a>,
) -> Result<Document<'a>, &'static Encoding> {
    let head = simdutf8::basic::from_utf8(&bytes[..ascii]).expect("ASCII is UTF-8");
    let size = SizeHint::of_bytes(bytes, options);
    with_arena_sink!(arena, head, options, size.nodes, sink => {
        parse_in_two_parts_into(sink, arena, bytes, head, encoding, options, state)
    })
}

/// [`parse_in_two_parts`] into `sink`, whose input is `head`, the ASCII bytes.
#[allow(clippy::too_many_arguments)]
fn parse_in_two_parts_into<'a, const SPANS: bool>(
    sink: ArenaSink<'a, SPANS>,
    arena: &'a Arena,
    bytes: &'a [u8],
    head: &'a str,
    encoding: &'static Encoding,
    options: &ParseOptions,
    state: &mut EncodingState<'a>,
) -> Result<Document<'a>, &'static Encoding> {
    let ascii = head.len();
    let tokenizer = Tokenizer::new_streaming(arena, tokenizer_options(options));
    let mut driver = Driver::document(tokenizer, sink, options);
    driver.tokenizer.push_input(head, 0, false);
    state.tentative = Some(Tentative {
        encoding,
        converted: &bytes[..ascii],
    });
    let mut driven = drive(&mut driver, state, options.max_nodes, true);
    let mut source = None;
    if driven == Driven::Paused {
        // The second part starts where the tokenizer is (after the `<meta>` that acted) or at
        // the token it could not finish: from `keep` on, ASCII bytes decode as themselves.
        // The whole text is decoded from the first byte (the ASCII bytes again, cheaply), so
        // that the document's source is one string.
        let keep = driver.tokenizer.retained_start();
        let text = input::decode_part(arena, bytes, state.changed.unwrap_or(encoding));
        source = Some(text);
        let rest = &text[keep..];
        driver.tokenizer.push_input(rest, keep, true);
        driver.builder.sink_mut().set_input(rest);
        if let Some(t) = &mut state.tentative {
            t.converted = bytes;
        }
        // The input is final now: the whole-input run.
        driven = drive(&mut driver, state, options.max_nodes, false);
    }
    match driven {
        Driven::Finished { truncated } => {
            let mut doc = finish_document(driver, options, truncated);
            // A node budget can end the parse in the first part: the source is still the
            // whole text.
            let text = source.unwrap_or_else(|| {
                input::decode_part(arena, bytes, state.changed.unwrap_or(encoding))
            });
            doc.set_source(text);
            Ok(doc)
        }
        Driven::Reparse(new) => Err(new),
        Driven::Paused => unreachable!("the second part is the end of the input"),
    }
}

/// Parses a whole document given as text (HTML Standard 13.2, with the confidence
/// "irrelevant": no sniffing, no decoding, `<meta>` charsets change nothing). For input that is
/// already decoded, and for the html5lib tree tests. Strings in the result borrow `input` or
/// `arena`. Every input gives a tree; [`Document::encoding`] is UTF-8 and
/// [`Document::encoding_source`] `None`.
pub fn parse_document_str<'a>(
    arena: &'a Arena,
    input: &'a str,
    options: &ParseOptions,
) -> Document<'a> {
    parse_text(arena, input, options, &mut EncodingState::default())
        .expect("text has no encoding to change")
}

/// One run of the tokenizer and tree builder over `input` (a document, not a fragment), with
/// the encoding `state` (tentative or not). `Err` carries the encoding to re-parse with: the
/// tree is thrown away unfinished.
fn parse_text<'a>(
    arena: &'a Arena,
    input: &'a str,
    options: &ParseOptions,
    state: &mut EncodingState<'_>,
) -> Result<Document<'a>, &'static Encoding> {
    let size = SizeHint::of(input, options);
    with_arena_sink!(arena, input, options, size.nodes, sink => {
        parse_text_into(sink, arena, input, options, state)
    })
}

/// [`parse_text`] into `sink`.
fn parse_text_into<'a, const SPANS: bool>(
    sink: ArenaSink<'a, SPANS>,
    arena: &'a Arena,
    input: &'a str,
    options: &ParseOptions,
    state: &mut EncodingState<'_>,
) -> Result<Document<'a>, &'static Encoding> {
    let mut driver = Driver::document(document_tokenizer(arena, input, options), sink, options);
    match drive(&mut driver, state, options.max_nodes, false) {
        Driven::Finished { truncated } => {
            let mut doc = finish_document(driver, options, truncated);
            doc.set_source(input);
            Ok(doc)
        }
        Driven::Reparse(new) => Err(new),
        Driven::Paused => unreachable!("a whole-input run never pauses"),
    }
}

/// Parses a whole document given as text into a tree of the caller's own, through `sink` (any
/// [`TreeSink`]): the tokenizer and the tree builder run as in [`parse_document_str`] (no
/// sniffing, no decoding; `options.input` and `options.max_nodes` are not read), and the sink,
/// with the tree it built, is returned. The sink's handles and data are its own business:
/// `examples/count_nodes.rs` counts nodes without building anything.
pub fn parse_with_sink<'a, S: TreeSink<'a>>(
    arena: &'a Arena,
    input: &'a str,
    sink: S,
    options: &ParseOptions,
) -> S {
    let mut driver = Driver::document(document_tokenizer(arena, input, options), sink, options);
    driver.run(false, |_| false);
    driver.builder.into_sink()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::InputOptions;
    use encoding_rs::{SHIFT_JIS, UTF_8, WINDOWS_1252};

    /// `<head><title>` + 1,100 × `x` + `</title>` + `tail`: a page whose declaration is past
    /// the prescan's 1,024 bytes.
    fn late(tail: &[u8]) -> Vec<u8> {
        let mut bytes = b"<head><title>".to_vec();
        bytes.extend(std::iter::repeat_n(b'x', 1100));
        bytes.extend(b"</title>");
        bytes.extend(tail);
        bytes
    }

    fn parse(
        arena: &Arena,
        bytes: &[u8],
    ) -> (String, &'static Encoding, EncodingSource, Confidence) {
        let bytes = arena.alloc_slice_copy(bytes);
        // Without the optional guess (13.2.3.2 step 8), so that the default shows.
        let mut options = ParseOptions::default();
        options.input.guess = false;
        let Ok(doc) = parse_document(arena, bytes, &options);
        let text = doc.text_content(doc.root());
        let source = doc.encoding_source().unwrap();
        (text, doc.encoding(), source, doc.confidence())
    }

    #[test]
    fn a_late_meta_reparses_once_with_the_new_encoding() {
        let arena = Arena::new();
        // \x82\xA0 is あ in Shift_JIS; the second <meta> must not change it again.
        let bytes = late(b"<meta charset=shift_jis><meta charset=euc-jp><p>\x82\xA0");
        let (text, encoding, source, confidence) = parse(&arena, &bytes);
        assert!(text.ends_with('\u{3042}'), "{text:?}");
        assert_eq!(
            (encoding, source, confidence),
            (SHIFT_JIS, EncodingSource::Reparse, Confidence::Certain)
        );
        // The http-equiv form.
        let bytes =
            late(b"<meta http-equiv=Content-Type content='text/html; charset=sjis'><p>\x82\xA0");
        let (text, encoding, source, _) = parse(&arena, &bytes);
        assert!(text.ends_with('\u{3042}'));
        assert_eq!((encoding, source), (SHIFT_JIS, EncodingSource::Reparse));
    }

    #[test]
    fn ascii_pages_change_on_the_fly() {
        let arena = Arena::new();
        let bytes = late(b"<meta charset=utf-8><p>plain");
        let (_, encoding, source, confidence) = parse(&arena, &bytes);
        assert_eq!(
            (encoding, source, confidence),
            (UTF_8, EncodingSource::Reparse, Confidence::Certain)
        );
    }

    #[test]
    fn a_meta_that_agrees_makes_the_confidence_certain() {
        let arena = Arena::new();
        let (_, encoding, source, confidence) = parse(&arena, b"<meta charset=sjis><p>\x82\xA0");
        assert_eq!(
            (encoding, source, confidence),
            (SHIFT_JIS, EncodingSource::Meta, Confidence::Certain)
        );
        // Nothing declared: the default stays tentative.
        let (_, encoding, source, confidence) = parse(&arena, b"<p>caf\xE9");
        assert_eq!(
            (encoding, source, confidence),
            (WINDOWS_1252, EncodingSource::Default, Confidence::Tentative)
        );
        // An unknown label changes nothing and leaves the next one to act.
        let bytes = late(b"<meta charset=bogus><meta charset=sjis><p>\x82\xA0");
        let (_, encoding, _, _) = parse(&arena, &bytes);
        assert_eq!(encoding, SHIFT_JIS);
    }

    #[test]
    fn certain_encodings_ignore_metas() {
        let arena = Arena::new();
        let bytes = late(b"<meta charset=sjis><p>caf\xC3\xA9");
        let options = ParseOptions {
            input: InputOptions {
                transport_charset: Some(UTF_8),
                ..InputOptions::default()
            },
            ..ParseOptions::default()
        };
        let Ok(doc) = parse_document(&arena, &bytes, &options);
        assert_eq!(doc.encoding(), UTF_8);
        assert_eq!(doc.encoding_source(), Some(EncodingSource::Transport));
        assert!(doc.text_content(doc.root()).ends_with("caf\u{e9}"));
        // A BOM is certain too.
        let (_, encoding, source, _) = parse(&arena, b"\xEF\xBB\xBF<meta charset=sjis>");
        assert_eq!((encoding, source), (UTF_8, EncodingSource::Bom));
        // Text has no encoding to change.
        let doc = parse_document_str(&arena, "<meta charset=sjis>", &ParseOptions::default());
        assert_eq!(doc.encoding_source(), None);
        assert_eq!(doc.confidence(), Confidence::Irrelevant);
    }

    /// What a parse must agree on: the tree, the errors, the encoding decision.
    fn summary(doc: &Document<'_>) -> String {
        let spans: Vec<String> = doc
            .node_ids()
            .map(|id| format!("{:?}", doc.span(id)))
            .collect();
        format!(
            "{}\n{:?}\n{:?}\n{spans:?}\n{} {:?} {:?}",
            crate::serialize::html5lib_dump(doc),
            doc.errors(),
            doc.source(),
            doc.encoding().name(),
            doc.encoding_source(),
            doc.confidence()
        )
    }

    /// `parse_document` of `bytes` against the one-part parse of the same bytes (the whole
    /// input decoded with the sniffed encoding; a `<meta>` that changes it with all the bytes
    /// converted, so a re-parse unless they all read the same), with error collection.
    fn agrees_with_one_part(bytes: &[u8], max_nodes: Option<usize>) -> String {
        agrees_with_one_part_guessing(bytes, max_nodes, false, true);
        agrees_with_one_part_guessing(bytes, max_nodes, false, false)
    }

    /// [`agrees_with_one_part`], with the guess of sniffing step 8 when `guess`, with source
    /// spans when `spans`.
    fn agrees_with_one_part_guessing(
        bytes: &[u8],
        max_nodes: Option<usize>,
        guess: bool,
        spans: bool,
    ) -> String {
        let arena = Arena::new();
        let bytes = arena.alloc_slice_copy(bytes);
        let mut options = ParseOptions {
            collect_errors: true,
            max_nodes,
            spans,
            ..ParseOptions::default()
        };
        options.input.guess = guess;
        let Ok(doc) = parse_document(&arena, bytes, &options);
        let got = summary(&doc);
        let sniffed = input::sniff(bytes, &options.input);
        let mut state = EncodingState::default();
        let run = parse_in_one_part(&arena, bytes, sniffed, &options, &mut state);
        let want = settle(&arena, bytes, sniffed, &options, &state, run);
        assert_eq!(got, summary(&want), "{:?}", String::from_utf8_lossy(bytes));
        got
    }

    #[test]
    fn a_late_meta_among_ascii_bytes_changes_the_encoding_on_the_fly() {
        // UTF-8 after the declaration: the same document as the re-parse.
        let bytes = late("<meta charset=utf-8><p>caf\u{e9} \u{65e5}\u{672c}".as_bytes());
        let got = agrees_with_one_part(&bytes, None);
        assert!(got.contains("caf\u{e9} \u{65e5}\u{672c}"), "{got}");
        assert!(got.ends_with("UTF-8 Some(Reparse) Certain"), "{got}");
        // Shift_JIS, and the http-equiv form.
        let bytes =
            late(b"<meta http-equiv=content-type content='text/html;charset=sjis'>\x82\xA0");
        assert!(agrees_with_one_part(&bytes, None).contains('\u{3042}'));
        // The declaration agrees with the default: certain, nothing changes.
        let bytes = late(b"<meta charset=windows-1252><p>caf\xE9");
        let got = agrees_with_one_part(&bytes, None);
        assert!(got.ends_with("windows-1252 Some(Default) Certain"), "{got}");
        // x-user-defined becomes windows-1252 (the same), UTF-16 becomes UTF-8, a label of the
        // replacement encoding re-parses (ASCII does not read the same in it), ISO-2022-JP
        // reads the ASCII bytes the same.
        for tail in [
            &b"<meta charset=x-user-defined><p>caf\xE9"[..],
            b"<meta charset=utf-16le><p>caf\xC3\xA9",
            b"<meta charset=iso-2022-kr><p>caf\xE9",
            b"<meta charset=iso-2022-jp><p>\x1B$B$\"\x1B(B caf\xE9",
        ] {
            agrees_with_one_part(&late(tail), None);
        }
    }

    #[test]
    fn the_first_non_ascii_byte_decides_where_the_parts_meet() {
        for tail in [
            // Non-ASCII before the declaration: converted bytes that read differently.
            &b"<p>caf\xC3\xA9<meta charset=utf-8><p>caf\xC3\xA9"[..],
            // Inside the `<meta>` itself, inside an attribute value, a comment, a character
            // reference, a script, just after the declaration.
            b"<meta title='\xC3\xA9' charset=utf-8><p>caf\xC3\xA9",
            b"<meta charset=utf-8 title='\xC3\xA9'><p>caf\xC3\xA9",
            b"<p title=\"caf\xC3\xA9\"><meta charset=utf-8>",
            b"<!-- \xC3\xA9 --><meta charset=utf-8>\xC3\xA9",
            b"&eacute\xC3\xA9<meta charset=utf-8>",
            b"<script>a = '<meta charset=utf-8>\xC3\xA9'</script>\xC3\xA9",
            b"<meta charset=utf-8>\xC3\xA9",
            b"<meta charset=utf-8>\r\n\xC3\xA9\r\n<meta charset=sjis>\x82\xA0",
            // CR LF pairs and NULs around the meeting point.
            b"\r\xC3\xA9\0<meta charset=utf-8>",
            b"<p>\0\r\n<meta charset=utf-8>\0\r\xC3\xA9",
            // A lone continuation byte, a lead byte at the end.
            b"<meta charset=utf-8>\x80<p>\xE6",
        ] {
            agrees_with_one_part(&late(tail), None);
            agrees_with_one_part(tail, None);
        }
    }

    proptest::proptest! {
        /// Documents of pieces that put declarations, non-ASCII bytes of several encodings,
        /// raw text, comments, foreign content and the prescan's 1,024-byte limit anywhere.
        #[test]
        fn two_parts_agree_with_one_part(
            pieces in proptest::collection::vec(0..PIECES.len(), 0..24),
            guess: bool,
            spans: bool,
            budget in proptest::option::of(1usize..40),
        ) {
            let bytes: Vec<u8> = pieces.iter().flat_map(|&i| PIECES[i].iter().copied()).collect();
            agrees_with_one_part_guessing(&bytes, budget, guess, spans);
        }
    }

    const PIECES: &[&[u8]] = &[
        b"<p>x",
        b"</p>",
        b"<title>",
        b"</title>",
        b"<script>",
        b"</script>",
        b"<!--",
        b"-->",
        b"<template>",
        b"<svg><![CDATA[",
        b"]]></svg>",
        b"<meta charset=utf-8>",
        b"<meta charset=sjis>",
        b"<meta charset=windows-1250>",
        b"<meta charset=x-user-defined>",
        b"<meta charset=iso-2022-jp>",
        b"<meta charset=utf-16be>",
        b"<meta http-equiv=content-type content='text/html; charset=euc-jp'>",
        b"<meta title=\"",
        b"\">",
        b"\xC3\xA9",
        b"\xE6\x97\xA5",
        b"\x82\xA0",
        b"\xE9",
        b"\x1B$B$\"\x1B(B",
        b"&eacute",
        b"\r\n",
        b"\r",
        b"\0",
        // Past the prescan's 1,024 bytes in a few pieces.
        &[b' '; 700],
    ];

    #[test]
    fn a_node_budget_ends_either_part_alike() {
        let mut bytes = late(b"<meta charset=utf-8>");
        for _ in 0..50 {
            bytes.extend(b"<p><b>x</b>");
        }
        bytes.extend("caf\u{e9}".as_bytes());
        for _ in 0..50 {
            bytes.extend(b"<p><i>y</i>");
        }
        for max in [1, 3, 5, 6, 7, 20, 100, 200, 400] {
            agrees_with_one_part(&bytes, Some(max));
        }
    }
}
