//! Properties of streaming input (`simdhtml::stream`): any split of the input bytes into chunks
//! gives the same tokens, errors (with offsets) and tree as the whole input at once; with the
//! scalar twin too; nothing panics.
//!
//! Cases per property: 512 by default; set `PROPTEST_CASES` for a longer run, e.g.
//! `PROPTEST_CASES=20000 cargo test --release --test properties -- streaming::`.

use crate::html_gen;

use html_gen::{cases, html_like};
use proptest::prelude::*;
use simdhtml::input::{InputOptions, decode};
use simdhtml::serialize::html5lib_dump;
use simdhtml::stream::{Parser, TokenStream};
use simdhtml::tokenizer::{State, Token, Tokenizer, TokenizerOptions};
use simdhtml::{Arena, Document, ParseOptions, parse_document_str};

/// Chunk boundaries: every `size` bytes when `size > 0`, else at the given cut points.
fn chunks(bytes: &[u8], size: usize, cuts: &[prop::sample::Index]) -> Vec<Vec<u8>> {
    if size > 0 {
        return bytes.chunks(size).map(<[u8]>::to_vec).collect();
    }
    let mut points: Vec<usize> = cuts.iter().map(|c| c.index(bytes.len() + 1)).collect();
    points.push(0);
    points.push(bytes.len());
    points.sort_unstable();
    points
        .windows(2)
        .map(|w| bytes[w[0]..w[1]].to_vec())
        .collect()
}

fn input_options(utf8: bool) -> InputOptions {
    InputOptions {
        transport_charset: utf8.then_some(encoding_rs::UTF_8),
        ..InputOptions::default()
    }
}

fn tokenizer_options(state: State, scalar: bool) -> TokenizerOptions {
    TokenizerOptions {
        initial_state: Some(state),
        last_start_tag: Some("script".into()),
        collect_errors: true,
        scalar,
        ..TokenizerOptions::default()
    }
}

fn describe<'a>(tokens: impl Iterator<Item = Token<'a>>) -> Vec<String> {
    tokens.map(|t| format!("{t:?}")).collect()
}

fn error_list(errors: &[simdhtml::tokenizer::ParseError]) -> Vec<String> {
    errors
        .iter()
        .map(|e| format!("{:?}@{}", e.code, e.offset))
        .collect()
}

fn doc_summary(doc: &Document<'_>) -> (String, Vec<String>) {
    let errors = doc
        .errors()
        .iter()
        .map(|e| format!("{:?}@{}", e.kind, e.offset))
        .collect();
    (html5lib_dump(doc), errors)
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
    #![proptest_config(ProptestConfig::with_cases(cases(512)))]

    #[test]
    fn any_split_gives_the_same_tokens(
        input in html_like(),
        s in 0..STATES.len(),
        utf8 in any::<bool>(),
        scalar in any::<bool>(),
        size in prop_oneof![Just(0usize), 1usize..9],
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..10),
    ) {
        let bytes = input.as_bytes();
        let state = STATES[s];
        let arena = Arena::new();
        let text = decode(&arena, bytes, &input_options(utf8)).text;
        let mut whole = Tokenizer::new(&arena, text, tokenizer_options(state, false));
        let expected = describe(whole.by_ref());
        let expected_errors = error_list(whole.errors());

        let mut stream = TokenStream::with_input_options(
            &arena,
            tokenizer_options(state, scalar),
            input_options(utf8),
        );
        let mut got = Vec::new();
        for chunk in chunks(bytes, size, &cuts) {
            stream.feed(&chunk);
            got.extend(std::iter::from_fn(|| stream.next_token()));
        }
        stream.finish();
        got.extend(std::iter::from_fn(|| stream.next_token()));
        prop_assert_eq!(describe(got.into_iter()), expected);
        prop_assert_eq!(error_list(stream.errors()), expected_errors);
    }

    #[test]
    fn any_split_gives_the_same_tree(
        input in html_like(),
        utf8 in any::<bool>(),
        scalar in any::<bool>(),
        size in prop_oneof![Just(0usize), 1usize..9],
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..10),
    ) {
        let bytes = input.as_bytes();
        let arena = Arena::new();
        let options = ParseOptions { collect_errors: true, ..ParseOptions::default() };
        let text = decode(&arena, bytes, &input_options(utf8)).text;
        let expected = doc_summary(&parse_document_str(&arena, text, &options));

        let mut parser = Parser::with_input_options(
            &arena,
            ParseOptions { scalar, ..options },
            input_options(utf8),
        );
        for chunk in chunks(bytes, size, &cuts) {
            parser.feed(&chunk);
        }
        prop_assert_eq!(doc_summary(&parser.finish()), expected);
    }

    #[test]
    fn feeding_characters_gives_the_same_tree(
        input in html_like(),
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..10),
    ) {
        let arena = Arena::new();
        let options = ParseOptions { collect_errors: true, ..ParseOptions::default() };
        let expected = doc_summary(&parse_document_str(&arena, &input, &options));
        let mut points: Vec<usize> = cuts
            .iter()
            .map(|c| c.index(input.len() + 1))
            .filter(|&i| input.is_char_boundary(i))
            .collect();
        points.extend([0, input.len()]);
        points.sort_unstable();
        let mut parser = Parser::new(&arena, options);
        for w in points.windows(2) {
            parser.feed_str(&input[w[0]..w[1]]);
        }
        prop_assert_eq!(doc_summary(&parser.finish()), expected);
    }
}

/// A long document fed one byte at a time: linear (each token is re-scanned only while the
/// available input doubles), and equal to the whole parse.
#[test]
fn byte_at_a_time_on_a_long_document() {
    let mut html = String::from("<!DOCTYPE html><title>t &amp; u</title><table>");
    for i in 0..2000 {
        html.push_str(&format!(
            "<tr class=\"r{i}\"><td a='x&amp;y' b=c>cell &notin; {i}\r\n</td><!-- c{i} --></tr>"
        ));
    }
    html.push_str("</table><script>if (a</b) { x = '<!--<script>'; }</script>");
    html.push_str(&"text é漢字😀 ".repeat(3000));
    let arena = Arena::new();
    let options = ParseOptions {
        collect_errors: true,
        ..ParseOptions::default()
    };
    let utf8 = input_options(true);
    let text = decode(&arena, html.as_bytes(), &utf8).text;
    let expected = doc_summary(&parse_document_str(&arena, text, &options));
    let mut parser = Parser::with_input_options(&arena, options, utf8);
    for b in html.as_bytes() {
        parser.feed(std::slice::from_ref(b));
    }
    assert_eq!(doc_summary(&parser.finish()), expected);
}

/// Tokens cut by a chunk boundary come out whole once the rest arrives, not before. (New text
/// reaches the tokenizer when the buffered text has doubled, or at `finish`.)
#[test]
fn a_cut_token_waits_for_its_end() {
    let arena = Arena::new();
    let mut stream = TokenStream::new(&arena, TokenizerOptions::default());
    stream.feed_str("ab<di");
    assert_eq!(stream.next_token(), Some(Token::Characters("ab")));
    assert_eq!(stream.next_token(), None);
    stream.feed_str("v x='1&am"); // 14 bytes: published, cut inside a character reference
    assert_eq!(stream.next_token(), None);
    stream.feed_str("p;2'>\r\nz"); // 22 bytes, under twice 14: not yet published
    assert_eq!(stream.next_token(), None);
    stream.finish();
    let Some(Token::StartTag(tag)) = stream.next_token() else {
        panic!("expected the start tag");
    };
    assert_eq!((tag.name, tag.attrs[0].value), ("div", "1&2"));
    // The text after the tag is one token, its CR LF normalised.
    assert_eq!(stream.next_token(), Some(Token::Characters("\nz")));
    assert_eq!(stream.next_token(), Some(Token::Eof));
    assert_eq!(stream.next_token(), None);
}

/// A CR at the end of the available input waits: it may be the first half of a CRLF pair.
/// (The text around it is one character token, so all of it waits.)
#[test]
fn a_cr_at_a_chunk_end_waits() {
    let arena = Arena::new();
    let mut stream = TokenStream::new(&arena, TokenizerOptions::default());
    stream.feed_str("a\r");
    assert_eq!(stream.next_token(), None);
    stream.feed_str("\nbb");
    assert_eq!(stream.next_token(), None);
    stream.finish();
    assert_eq!(stream.next_token(), Some(Token::Characters("a\nbb")));
    assert_eq!(stream.next_token(), Some(Token::Eof));

    // A lone CR is a line feed too, once the next chunk shows no LF follows.
    let mut stream = TokenStream::new(&arena, TokenizerOptions::default());
    stream.feed_str("a\r");
    assert_eq!(stream.next_token(), None);
    stream.feed_str("b");
    stream.finish();
    assert_eq!(stream.next_token(), Some(Token::Characters("a\nb")));
    assert_eq!(stream.next_token(), Some(Token::Eof));
}

/// Tokens that never end within the available input (a comment, an attribute value, a text
/// run in PLAINTEXT-like raw text) fed in small chunks: each is re-scanned only when the
/// available input has doubled, so the total work stays linear (no timing here: a quadratic
/// implementation would not finish in any reasonable test time at this size).
#[test]
fn unterminated_tokens_in_small_chunks_stay_linear() {
    let n = 400_000;
    for (open, fill) in [
        ("<!--", "-"),
        ("<a b=\"", "x"),
        ("<script>", "<!--<"),
        ("", "a&"),
    ] {
        let html = format!("{open}{}", fill.repeat(n / fill.len()));
        let arena = Arena::new();
        let options = ParseOptions::default();
        let expected = doc_summary(&parse_document_str(&arena, &html, &options));
        let mut parser = Parser::new(&arena, options);
        for chunk in html.as_bytes().chunks(7) {
            parser.feed_str(std::str::from_utf8(chunk).expect("ASCII"));
        }
        assert_eq!(doc_summary(&parser.finish()), expected, "{open:?}");
    }
}

/// Bytes in a legacy encoding declared by an early `<meta>`, fed in small chunks: the same
/// encoding (and how it was decided) and the same tree as the whole-input parse.
#[test]
fn streamed_bytes_report_the_sniffed_encoding() {
    let text = "<!doctype html><meta charset=shift_jis><title>日本語</title><p>テキスト</p>";
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(text);
    let arena = Arena::new();
    let options = ParseOptions::default();
    let Ok(whole) = simdhtml::parse_document(&arena, &bytes, &options);
    for chunk in [1, 3, 7, 64] {
        let mut parser = Parser::new(&arena, options.clone());
        for piece in bytes.chunks(chunk) {
            parser.feed(piece);
        }
        let doc = parser.finish();
        assert_eq!(html5lib_dump(&doc), html5lib_dump(&whole), "chunk {chunk}");
        assert_eq!(doc.encoding(), encoding_rs::SHIFT_JIS, "chunk {chunk}");
        assert_eq!(
            doc.encoding_source(),
            whole.encoding_source(),
            "chunk {chunk}"
        );
        assert_eq!(doc.confidence(), whole.confidence(), "chunk {chunk}");
    }
}

/// A charset `<meta>` after the first 1,024 bytes names another encoding: the stream parses the
/// kept bytes again, as the whole-input parse does (13.2.3.4), whatever the chunking.
#[test]
fn a_late_meta_reparses_the_stream() {
    let filler = format!("<!-- {} -->", "x".repeat(1100));
    for (label, encoding) in [
        ("shift_jis", encoding_rs::SHIFT_JIS),
        ("euc-kr", encoding_rs::EUC_KR),
        ("windows-1252", encoding_rs::WINDOWS_1252),
    ] {
        // Non-ASCII text on both sides of the <meta>, and enough after it that the re-parse
        // is followed by more chunks (they must go through the new encoding's decoder).
        let tail = "<p>日本語 한국어 café</p>".repeat(300);
        let text = format!("<!doctype html><title>t é</title>{filler}<meta charset={label}>{tail}");
        let (bytes, _, _) = encoding.encode(&text);
        let arena = Arena::new();
        let mut options = ParseOptions::default();
        options.input.guess = false;
        let Ok(whole) = simdhtml::parse_document(&arena, &bytes, &options);
        assert_eq!(whole.encoding(), encoding, "{label}");
        if encoding != encoding_rs::WINDOWS_1252 {
            // Sniffing gave the default, windows-1252: the <meta> made the parser start over.
            assert_eq!(
                whole.encoding_source(),
                Some(simdhtml::input::EncodingSource::Reparse),
                "{label}"
            );
        }
        for chunk in [1, 5, 100, 1024, 5000] {
            let mut parser = Parser::new(&arena, options.clone());
            for piece in bytes.chunks(chunk) {
                parser.feed(piece);
            }
            let doc = parser.finish();
            assert_eq!(
                doc_summary(&doc),
                doc_summary(&whole),
                "{label}, chunk {chunk}"
            );
            assert_eq!(doc.encoding(), whole.encoding(), "{label}, chunk {chunk}");
            assert_eq!(
                doc.encoding_source(),
                whole.encoding_source(),
                "{label}, chunk {chunk}"
            );
            assert_eq!(
                doc.confidence(),
                whole.confidence(),
                "{label}, chunk {chunk}"
            );
        }
    }
}

/// A late `<meta>` after ASCII bytes only: both parsers change the encoding on the fly (the
/// stream when every byte fed so far is ASCII, else by a re-parse), with the same document.
#[test]
fn a_late_meta_after_ascii_streams_the_same() {
    let filler = format!("<!-- {} -->", "x".repeat(1100));
    for (label, encoding) in [
        ("utf-8", encoding_rs::UTF_8),
        ("shift_jis", encoding_rs::SHIFT_JIS),
        ("euc-kr", encoding_rs::EUC_KR),
    ] {
        let tail = "<p>日本語 한국어 café</p>".repeat(300);
        let text = format!("<!doctype html><title>t</title>{filler}<meta charset={label}>{tail}");
        let (bytes, _, _) = encoding.encode(&text);
        let arena = Arena::new();
        let mut options = ParseOptions::default();
        options.input.guess = false;
        options.collect_errors = true;
        let Ok(whole) = simdhtml::parse_document(&arena, &bytes, &options);
        assert_eq!(whole.encoding(), encoding, "{label}");
        let want = (
            doc_summary(&whole),
            whole.encoding_source(),
            whole.confidence(),
        );
        for chunk in [1, 7, 1024, 1500, 5000, bytes.len()] {
            let mut parser = Parser::new(&arena, options.clone());
            for piece in bytes.chunks(chunk) {
                parser.feed(piece);
            }
            let doc = parser.finish();
            let got = (doc_summary(&doc), doc.encoding_source(), doc.confidence());
            assert_eq!(got, want, "{label}, chunk {chunk}");
            assert_eq!(doc.encoding(), encoding, "{label}, chunk {chunk}");
        }
    }
}

/// Nothing declared and the first non-ASCII byte after the 1,024-byte prescan window: the
/// stream waits for the guess's window (`GUESS_LIMIT`) before it decides, so it guesses from the
/// same bytes as the whole-input parse, whatever the chunking.
#[test]
fn a_guess_from_bytes_after_the_prescan_window_streams_the_same() {
    let text = format!(
        "<!doctype html><title>t</title><!-- {} --><p>{}",
        "x".repeat(3000),
        "日本語のテキストです。これは文字コードの推測の試験です。".repeat(20)
    );
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode(&text);
    let arena = Arena::new();
    let options = ParseOptions::default();
    let Ok(whole) = simdhtml::parse_document(&arena, &bytes, &options);
    assert_eq!(whole.encoding(), encoding_rs::SHIFT_JIS);
    assert_eq!(
        whole.encoding_source(),
        Some(simdhtml::input::EncodingSource::Guess)
    );
    for chunk in [1, 7, 1024, 1500, 4096, 100_000] {
        let mut parser = Parser::new(&arena, options.clone());
        for piece in bytes.chunks(chunk) {
            parser.feed(piece);
        }
        let doc = parser.finish();
        assert_eq!(doc.encoding(), whole.encoding(), "chunk {chunk}");
        assert_eq!(
            doc.encoding_source(),
            whole.encoding_source(),
            "chunk {chunk}"
        );
        assert!(
            doc_summary(&doc) == doc_summary(&whole),
            "chunk {chunk}: trees differ"
        );
    }
}

/// A page that ends inside a character at or around the guess's window end (16 KiB): a page of
/// exactly the window is read as ending there, one longer as a prefix, and the stream, in any
/// chunks, decides as the whole-input parse does (it waits for one byte after the window, or
/// the end). Found in review: the window that was the whole page was read as a prefix.
#[test]
fn a_page_cut_at_the_guess_window_streams_the_same() {
    use simdhtml::input::GUESS_LIMIT;
    let text = "中文文本的编码猜测试验。".repeat(GUESS_LIMIT / 16);
    let utf8 = text.as_bytes();
    let (gbk, _, _) = encoding_rs::GBK.encode(&text);
    for (name, full) in [("UTF-8", utf8), ("GBK", &gbk[..])] {
        for len in [
            GUESS_LIMIT - 2,
            GUESS_LIMIT - 1,
            GUESS_LIMIT,
            GUESS_LIMIT + 1,
        ] {
            let bytes = &full[..len];
            for guess_utf8 in [false, true] {
                let options = ParseOptions {
                    input: InputOptions {
                        guess_utf8,
                        ..InputOptions::default()
                    },
                    ..ParseOptions::default()
                };
                let arena = Arena::new();
                let Ok(whole) = simdhtml::parse_document(&arena, bytes, &options);
                for chunk in [1, 1000, GUESS_LIMIT - 1, GUESS_LIMIT, 100_000] {
                    let mut parser = Parser::new(&arena, options.clone());
                    for piece in bytes.chunks(chunk) {
                        parser.feed(piece);
                    }
                    let doc = parser.finish();
                    assert_eq!(
                        (doc.encoding(), doc.encoding_source()),
                        (whole.encoding(), whole.encoding_source()),
                        "{name}, {len} bytes, guess_utf8 {guess_utf8}, chunk {chunk}"
                    );
                }
                // A page of the window's length or less is whole: what chardetng says of it as
                // the end of the input; a longer one is read from its window as a prefix.
                // (The UTF-8 text is 3 bytes a character: 16,384 bytes end inside one.)
                if name == "UTF-8" && guess_utf8 && len == GUESS_LIMIT {
                    assert_ne!(
                        whole.encoding(),
                        encoding_rs::UTF_8,
                        "a whole page cut short"
                    );
                }
                if name == "UTF-8" && guess_utf8 && len == GUESS_LIMIT + 1 {
                    assert_eq!(whole.encoding(), encoding_rs::UTF_8, "a window cut short");
                }
                if name == "GBK" && len > GUESS_LIMIT {
                    assert_eq!(whole.encoding(), encoding_rs::GBK, "{len}");
                }
            }
        }
    }
}

/// The stream keeps only the input the tokenizer may still read: a 1 MB document fed in
/// 4 KiB chunks leaves one arena copy of its text (each published segment is the new text plus
/// the unfinished token) plus text runs gathered across segments, nodes and bumpalo's chunk
/// slack: 2.1 times the text. Copying the whole text each time it doubled held 4.2 times.
#[test]
fn the_stream_keeps_about_one_copy_of_the_text() {
    let html = format!(
        "<!doctype html><p>{}",
        format!("{}<br>", "x".repeat(1000)).repeat(1000)
    );
    let arena = Arena::new();
    let mut parser =
        Parser::with_input_options(&arena, ParseOptions::default(), input_options(true));
    for chunk in html.as_bytes().chunks(4096) {
        parser.feed(chunk);
    }
    let doc = parser.finish();
    let other = Arena::new();
    let whole = simdhtml::parse_document_str(&other, &html, &ParseOptions::default());
    assert_eq!(doc_summary(&doc), doc_summary(&whole));
    let ratio = arena.allocated_bytes() as f64 / html.len() as f64;
    assert!(ratio < 3.0, "the arena holds {ratio:.2} times the text");
}

/// A page whose first 16 KiB are ASCII (a long `<head>` of scripts) and whose text after them
/// is `tail`: with nothing declared, the guess's window holds nothing to guess from.
fn long_ascii_head_then(tail: &[u8]) -> Vec<u8> {
    let mut bytes = b"<!doctype html><title>t</title><script>var x = 1;".to_vec();
    bytes.resize(simdhtml::input::GUESS_LIMIT + 500, b' ');
    bytes.extend_from_slice(b"</script><p>");
    bytes.extend_from_slice(tail);
    bytes
}

/// Options of a file's reading (`guess_utf8`, the author's encoding) or a network page's.
fn file_options(guess_utf8: bool) -> ParseOptions {
    ParseOptions {
        collect_errors: true,
        input: InputOptions {
            guess_utf8,
            ..InputOptions::default()
        },
        ..ParseOptions::default()
    }
}

/// The whole-input UTF-8 check (`guess_utf8`): a page that is UTF-8 only after its first
/// 16 KiB is UTF-8 (`EncodingSource::Utf8`), and the stream, which buffers while the bytes are
/// valid UTF-8, gives the same encoding, tokens, errors and tree in any chunks; an invalid byte
/// (early, late or after the text) gives the guess or the default in any chunks too; without
/// `guess_utf8` the page is windows-1252, as a browser shows a page from the network.
#[test]
fn undeclared_utf8_after_an_ascii_head_streams_the_same() {
    use simdhtml::input::{EncodingSource, GUESS_LIMIT};
    let utf8 = long_ascii_head_then("Un tiret \u{2014} et un caf\u{e9}.</p>".as_bytes());
    let mut invalid_late = utf8.clone();
    invalid_late.extend_from_slice(b"<p>\xFF");
    let mut invalid_early = utf8.clone();
    invalid_early[2000] = 0xE9;
    let mut invalid_in_window = utf8.clone();
    invalid_in_window[GUESS_LIMIT - 1] = 0xFF;
    let cases = [
        (
            "UTF-8",
            &utf8,
            true,
            encoding_rs::UTF_8,
            EncodingSource::Utf8,
        ),
        (
            "UTF-8, network",
            &utf8,
            false,
            encoding_rs::WINDOWS_1252,
            EncodingSource::Default,
        ),
        (
            "invalid late",
            &invalid_late,
            true,
            encoding_rs::WINDOWS_1252,
            EncodingSource::Default,
        ),
        (
            "invalid early",
            &invalid_early,
            true,
            encoding_rs::WINDOWS_1252,
            EncodingSource::Guess,
        ),
        (
            "invalid in the window",
            &invalid_in_window,
            true,
            encoding_rs::WINDOWS_1252,
            EncodingSource::Guess,
        ),
    ];
    for (name, bytes, guess_utf8, encoding, source) in cases {
        let options = file_options(guess_utf8);
        let arena = Arena::new();
        let Ok(whole) = simdhtml::parse_document(&arena, bytes, &options);
        assert_eq!(
            (whole.encoding(), whole.encoding_source()),
            (encoding, Some(source)),
            "{name}"
        );
        if encoding == encoding_rs::UTF_8 {
            assert!(
                whole
                    .text_content(whole.root())
                    .contains("tiret \u{2014} et un caf\u{e9}"),
                "{name}"
            );
        }
        let whole_tokens = {
            let text = decode(&arena, bytes, &options.input).text;
            let mut tokenizer = Tokenizer::new(&arena, text, tokenizer_options(State::Data, false));
            (describe(tokenizer.by_ref()), error_list(tokenizer.errors()))
        };
        for chunk in [
            1,
            7,
            1000,
            1024,
            4096,
            GUESS_LIMIT,
            GUESS_LIMIT + 1,
            100_000,
        ] {
            let mut parser = Parser::new(&arena, options.clone());
            let mut stream = TokenStream::with_input_options(
                &arena,
                tokenizer_options(State::Data, false),
                options.input.clone(),
            );
            let mut tokens = Vec::new();
            for piece in bytes.chunks(chunk) {
                parser.feed(piece);
                stream.feed(piece);
                tokens.extend(std::iter::from_fn(|| stream.next_token()));
            }
            stream.finish();
            tokens.extend(std::iter::from_fn(|| stream.next_token()));
            assert_eq!(
                (describe(tokens.into_iter()), error_list(stream.errors())),
                whole_tokens,
                "{name}, chunk {chunk}: tokens"
            );
            let doc = parser.finish();
            assert_eq!(
                (doc.encoding(), doc.encoding_source(), doc.confidence()),
                (
                    whole.encoding(),
                    whole.encoding_source(),
                    whole.confidence()
                ),
                "{name}, chunk {chunk}"
            );
            assert!(
                doc_summary(&doc) == doc_summary(&whole),
                "{name}, chunk {chunk}: trees differ"
            );
        }
    }
}

/// The stream waits for the whole-input UTF-8 check only while the bytes are valid UTF-8: it
/// decides at the first invalid byte (and the guess's window), so it tokenizes before the end.
#[test]
fn the_stream_decides_at_the_first_byte_that_is_not_utf8() {
    let page = long_ascii_head_then("caf\u{e9} ".repeat(10_000).as_bytes());
    let arena = Arena::new();
    let mut parser = Parser::new(&arena, file_options(true));
    parser.feed(&page);
    assert_eq!(
        parser.sniffed(),
        None,
        "valid UTF-8 so far: the end decides"
    );
    parser.feed(b"\xFF more");
    let sniffed = parser.sniffed().expect("an invalid byte decides");
    assert_eq!(sniffed.encoding, encoding_rs::WINDOWS_1252);
    // Not a guess from the UTF-8 text: it is after the guess's window.
    assert_eq!(sniffed.source, simdhtml::input::EncodingSource::Default);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(64)))]

    /// Any split of a page with a 16 KiB ASCII head and any tail (valid UTF-8 or not, with or
    /// without `guess_utf8`) gives the whole-input parse's encoding and tree.
    #[test]
    fn a_long_ascii_head_splits_the_same(
        tail in html_like(),
        bad in prop::option::of(any::<prop::sample::Index>()),
        guess_utf8 in any::<bool>(),
        size in prop_oneof![Just(0usize), Just(977usize), Just(4096usize)],
        cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..10),
    ) {
        let mut bytes = long_ascii_head_then(tail.as_bytes());
        if let Some(bad) = bad {
            let at = bad.index(bytes.len() + 1);
            bytes.insert(at, 0xFF);
        }
        let options = file_options(guess_utf8);
        let arena = Arena::new();
        let Ok(whole) = simdhtml::parse_document(&arena, &bytes, &options);
        let mut parser = Parser::new(&arena, options);
        for chunk in chunks(&bytes, size, &cuts) {
            parser.feed(&chunk);
        }
        let doc = parser.finish();
        prop_assert_eq!(
            (doc.encoding(), doc.encoding_source()),
            (whole.encoding(), whole.encoding_source())
        );
        prop_assert_eq!(doc_summary(&doc), doc_summary(&whole));
    }
}
