//! html5lib-tests `encoding/*.dat` (HTML Standard 13.2.3): `#data` holds a document's bytes,
//! `#encoding` the encoding a parser must end up with.
//!
//! Configuration the suite assumes: no transport charset, the default windows-1252 (its first
//! case is the "control test ... set your defaults appropriately"), and no guessing from the
//! content (`guess: false`; every case that expects windows-1252 is the default at work). The
//! `scripted/` cases need a script engine and are out of scope; `chardet/` is not in the `.dat`
//! format (one raw Big5 text) and has its own test below.
//!
//! The suite tests a whole parser: some cases put the `<meta>` after the first 1,024 bytes that
//! the prescan looks at, where only the tree builder's "change the encoding" (13.2.3.4) finds
//! it. So each case runs through `parse_document` (bytes in), and the expected encoding is the
//! document's final one ([`simdhtml::Document::encoding`]); the cases decided while parsing
//! (`EncodingSource::Reparse`) are counted apart.

use std::path::{Path, PathBuf};

use bumpalo::Bump;
use simdhtml::input::{Confidence, EncodingSource, InputOptions, sniff};
use simdhtml::{ParseOptions, parse_document};

/// The shared reference folder: `$SIMDHTML_SHARED`, or `../shared` beside the repository.
fn shared_dir() -> PathBuf {
    match std::env::var_os("SIMDHTML_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|err| {
        panic!(
            "html5lib-tests data missing at {} ({err}). Set SIMDHTML_SHARED to the shared folder, \
             or put html5lib-tests (github.com/html5lib/html5lib-tests) at \
             $SIMDHTML_SHARED/html5lib-tests.",
            path.display()
        )
    })
}

/// One `#data`/`#encoding` case.
struct Case {
    file: String,
    index: usize,
    data: Vec<u8>,
    expected: String,
}

/// Splits a `.dat` file (read as bytes) into cases. The data is the bytes between the
/// `#data` line and the newline before `#encoding`.
fn parse_dat(file: &str, bytes: &[u8]) -> Vec<Case> {
    let mut cases = Vec::new();
    let mut rest = bytes;
    while let Some(start) = find(rest, b"#data\n") {
        rest = &rest[start + b"#data\n".len()..];
        let end = find(rest, b"\n#encoding\n").unwrap_or_else(|| panic!("{file}: no #encoding"));
        let data = rest[..end].to_vec();
        rest = &rest[end + b"\n#encoding\n".len()..];
        let line_end = rest.iter().position(|&b| b == b'\n').unwrap_or(rest.len());
        let expected = String::from_utf8_lossy(&rest[..line_end])
            .trim()
            .to_string();
        cases.push(Case {
            file: file.to_string(),
            index: cases.len(),
            data,
            expected,
        });
    }
    cases
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

fn load_cases() -> Vec<Case> {
    let dir = shared_dir().join("html5lib-tests/encoding");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|err| {
            panic!(
                "html5lib-tests encoding suite missing at {} ({err}). Set SIMDHTML_SHARED, or get \
                 it from github.com/html5lib/html5lib-tests.",
                dir.display()
            )
        })
        .map(|entry| entry.expect("readable directory entry").path())
        .filter(|path| path.extension().is_some_and(|ext| ext == "dat"))
        .collect();
    files.sort();
    let cases: Vec<Case> = files
        .iter()
        .flat_map(|path| {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            parse_dat(&name, &read(path))
        })
        .collect();
    assert!(!cases.is_empty(), "no cases found in {}", dir.display());
    cases
}

#[test]
fn html5lib_encoding_dat() {
    // Spelled out rather than `InputOptions::default()`, so the configuration stays the
    // suite's whatever the defaults become.
    let options = ParseOptions {
        input: InputOptions {
            transport_charset: None,
            default_encoding: Some(encoding_rs::WINDOWS_1252),
            guess: false,
            guess_utf8: false,
        },
        ..ParseOptions::default()
    };
    let (mut by_sniffing, mut by_change, mut failures) = (0, 0, Vec::new());
    let cases = load_cases();
    for case in &cases {
        let expected = simdhtml::input::Encoding::for_label(case.expected.as_bytes())
            .unwrap_or_else(|| {
                panic!(
                    "{}#{}: unknown label {}",
                    case.file, case.index, case.expected
                )
            });
        let arena = Bump::new();
        let doc = parse_document(&arena, &case.data, &options).expect("no transport charset");
        let actual = doc.encoding();
        let source = doc.encoding_source().expect("parsed from bytes");
        let changed = source == EncodingSource::Reparse;
        if actual == expected {
            if changed {
                by_change += 1;
            } else {
                by_sniffing += 1;
            }
        } else {
            failures.push(format!(
                "{}#{}: expected {}, got {} ({:?})",
                case.file,
                case.index,
                expected.name(),
                actual.name(),
                source
            ));
        }
    }
    println!(
        "html5lib encoding: {}/{} pass ({by_sniffing} by sniffing alone, {by_change} changed \
         while parsing by a late <meta>)",
        by_sniffing + by_change,
        cases.len()
    );
    assert!(
        failures.is_empty(),
        "{} failures:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

/// `encoding/chardet/test_big5.txt`: Big5 text without any declaration, which html5lib's own
/// harness runs through a detector. Here: `chardetng` (`guess: true`) must say Big5.
#[test]
fn html5lib_chardet_big5() {
    let path = shared_dir().join("html5lib-tests/encoding/chardet/test_big5.txt");
    let bytes = read(&path);
    let options = InputOptions {
        guess: true,
        ..InputOptions::default()
    };
    let sniffed = sniff(&bytes, &options).unwrap();
    assert_eq!(sniffed.encoding, encoding_rs::BIG5);
    assert_eq!(sniffed.source, EncodingSource::Guess);
    assert_eq!(sniffed.confidence, Confidence::Tentative);
}
