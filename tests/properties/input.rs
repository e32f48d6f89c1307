//! Property tests for the input layer (13.2.3): no input makes `sniff`, `decode`, `prescan`,
//! `get_xml_encoding`, `extract_meta_charset`, `change_the_encoding` or `parse_document` panic, and a few
//! invariants hold on arbitrary and on HTML-like bytes.

use bumpalo::Bump;
use proptest::prelude::*;
use simdhtml::input::{
    Confidence, Encoding, EncodingSource, InputError, InputOptions, PRESCAN_LIMIT,
    change_the_encoding, decode, decode_with, extract_meta_charset, get_xml_encoding, prescan,
    prescan_with_end, sniff, transport_charset,
};

/// Pieces that steer the prescan into its branches.
const PIECES: &[&[u8]] = &[
    b"<meta",
    b"<META ",
    b" charset",
    b"=",
    b"\"",
    b"'",
    b">",
    b"/",
    b" ",
    b"\n",
    b"<!--",
    b"-->",
    b"<!",
    b"</",
    b"<?",
    b"<?xml",
    b" encoding",
    b"http-equiv",
    b"content-type",
    b"content",
    b"text/html; charset=",
    b"utf-8",
    b"utf-16le",
    b"x-user-defined",
    b"shift_jis",
    b"iso-2022-kr",
    b"bogus",
    b"<p",
    b"\xEF\xBB\xBF",
    b"\xFF\xFE",
    b"<\0?\0x\0",
    b"\0",
    b"\xE9",
    b"\x82\xA0",
];

fn html_like() -> impl Strategy<Value = Vec<u8>> {
    prop::collection::vec(
        prop_oneof![
            3 => prop::sample::select(PIECES).prop_map(|piece| piece.to_vec()),
            1 => prop::collection::vec(any::<u8>(), 0..4),
        ],
        0..40,
    )
    .prop_map(|pieces| pieces.concat())
}

fn any_bytes() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![prop::collection::vec(any::<u8>(), 0..2048), html_like()]
}

fn options() -> impl Strategy<Value = InputOptions> {
    (
        prop::option::of(prop::sample::select(
            &["utf-8", "sjis", "utf-16", "bogus", " latin1 "][..],
        )),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(label, guess, guess_utf8)| InputOptions {
            // The unknown label has no encoding (`transport_charset` refuses it): none given.
            transport_charset: label.and_then(|l| transport_charset(l).ok()),
            default_encoding: None,
            guess,
            guess_utf8,
        })
}

fn is_utf16(encoding: &'static Encoding) -> bool {
    encoding == encoding_rs::UTF_16LE || encoding == encoding_rs::UTF_16BE
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn sniff_and_decode_never_panic(bytes in any_bytes(), options in options()) {
        let arena = Bump::new();
        let sniffed = sniff(&bytes, &options);
        let decoded = decode(&arena, &bytes, &options);
        prop_assert_eq!(sniffed.encoding, decoded.encoding);
        prop_assert_eq!(sniffed.source, decoded.source);
        prop_assert_ne!(decoded.confidence, Confidence::Irrelevant);
        let certain = matches!(decoded.source, EncodingSource::Bom | EncodingSource::Transport);
        prop_assert_eq!(certain, decoded.confidence == Confidence::Certain);
        if Encoding::for_bom(&bytes).is_some() {
            prop_assert_eq!(decoded.source, EncodingSource::Bom);
        }
    }

    #[test]
    fn prescan_never_panics_and_reads_only_1024_bytes(bytes in any_bytes()) {
        let result = prescan(&bytes);
        prop_assert_eq!(result, prescan_with_end(&bytes[..bytes.len().min(PRESCAN_LIMIT)]));
        let _ = prescan_with_end(&bytes);
        let _ = get_xml_encoding(&bytes);
        // UTF-16 only from the BOM-less '<?x' check; x-user-defined only from an XML
        // declaration (a <meta> turns it into windows-1252).
        if let Some(encoding) = result {
            if is_utf16(encoding) {
                prop_assert!(bytes.starts_with(b"<\0?\0x\0") || bytes.starts_with(b"\0<\0?\0x"));
            }
            if encoding == encoding_rs::X_USER_DEFINED {
                prop_assert_eq!(get_xml_encoding(&bytes[..bytes.len().min(PRESCAN_LIMIT)]), result);
            }
        }
    }

    #[test]
    fn extract_meta_charset_never_panics(content in any::<String>(), pieces in html_like()) {
        let _ = extract_meta_charset(&content);
        let _ = extract_meta_charset(&String::from_utf8_lossy(&pieces));
    }

    #[test]
    fn valid_utf8_decodes_to_itself(text in any::<String>()) {
        let arena = Bump::new();
        let decoded = decode_with(&arena, text.as_bytes(), encoding_rs::UTF_8);
        prop_assert_eq!(decoded, text.strip_prefix('\u{FEFF}').unwrap_or(&text));
    }

    #[test]
    fn change_the_encoding_never_panics(
        current in prop::sample::select(ENCODINGS),
        new in prop::sample::select(ENCODINGS),
        converted in prop::option::of(any_bytes()),
    ) {
        let change = change_the_encoding(current, new, converted.as_deref());
        if let simdhtml::input::EncodingChange::Reparse(to)
            | simdhtml::input::EncodingChange::ChangeOnTheFly(to) = change
        {
            prop_assert!(!is_utf16(to) && to != encoding_rs::X_USER_DEFINED && to != current);
        }
    }

    /// Bytes in, a tree out: `parse_document` runs sniffing, decoding, the tree builder and at
    /// most one re-parse without panicking, and the confidence at the end agrees with how the
    /// encoding was decided.
    #[test]
    fn parse_document_never_panics(bytes in any_bytes(), options in options()) {
        let arena = Bump::new();
        let options = simdhtml::ParseOptions { input: options, ..Default::default() };
        let Ok(doc) = simdhtml::parse_document(&arena, &bytes, &options);
        let source = doc.encoding_source().expect("parsed from bytes");
        if matches!(source, EncodingSource::Bom | EncodingSource::Transport | EncodingSource::Reparse) {
            prop_assert_eq!(doc.confidence(), Confidence::Certain);
        }
        prop_assert_ne!(doc.confidence(), Confidence::Irrelevant);
    }

    /// A transport charset label is known exactly when the Encoding Standard has it (any ASCII
    /// case, ASCII white space around it); the error names the label as given.
    #[test]
    fn transport_charset_refuses_exactly_unknown_labels(label in "[ \\t]?[a-zA-Z0-9_:-]{0,12}[ \\t\\n]?") {
        match transport_charset(&label) {
            Ok(encoding) => prop_assert_eq!(Some(encoding), Encoding::for_label(label.as_bytes())),
            Err(e) => {
                prop_assert!(Encoding::for_label(label.as_bytes()).is_none());
                prop_assert_eq!(e, InputError::UnknownTransportLabel { label: label.clone() });
            }
        }
    }
}

const ENCODINGS: &[&Encoding] = &[
    encoding_rs::UTF_8,
    encoding_rs::UTF_16LE,
    encoding_rs::UTF_16BE,
    encoding_rs::WINDOWS_1252,
    encoding_rs::SHIFT_JIS,
    encoding_rs::ISO_2022_JP,
    encoding_rs::X_USER_DEFINED,
    encoding_rs::REPLACEMENT,
    encoding_rs::GB18030,
];
