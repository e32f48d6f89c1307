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
//! (`EncodingSource::Reparse`) are counted apart. Each case is its own test
//! (`tests1.dat #07`); a complete run checks the table of `docs/conformance.md`
//! (`common::suite`). The data: `common::html5lib_tests_dir()` (the submodule, else
//! `$SIMDHTML_SHARED/html5lib-tests`).

use crate::common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use bumpalo::Bump;
use common::suite::{self, Block, Missing, Suite, thousands};
use libtest_mimic::{Failed, Trial};
use simdhtml::input::{Confidence, EncodingSource, InputOptions, sniff};
use simdhtml::{ParseOptions, parse_document};

fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|err| common::missing_data(path, err))
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

fn load_cases(dir: &Path) -> Vec<Case> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|err| common::missing_data(dir, err))
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

/// One case: the document's final encoding must be the expected one. Returns whether it was
/// decided while parsing (a late `<meta>`).
fn run_case(case: &Case) -> Result<bool, Failed> {
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
    let expected = simdhtml::input::Encoding::for_label(case.expected.as_bytes())
        .ok_or_else(|| format!("unknown label {}", case.expected))?;
    let arena = Bump::new();
    let Ok(doc) = parse_document(&arena, &case.data, &options);
    let actual = doc.encoding();
    let source = doc.encoding_source().expect("parsed from bytes");
    if actual != expected {
        return Err(format!(
            "expected {}, got {} ({source:?})",
            expected.name(),
            actual.name()
        )
        .into());
    }
    Ok(source == EncodingSource::Reparse)
}

/// `encoding/chardet/test_big5.txt`: Big5 text without any declaration, which html5lib's own
/// harness runs through a detector. Here: `chardetng` (`guess: true`) must say Big5.
fn chardet_big5(path: &Path) -> Result<(), Failed> {
    let bytes = read(path);
    let options = InputOptions {
        guess: true,
        ..InputOptions::default()
    };
    let sniffed = sniff(&bytes, &options);
    let got = (sniffed.encoding, sniffed.source, sniffed.confidence);
    let want = (
        encoding_rs::BIG5,
        EncodingSource::Guess,
        Confidence::Tentative,
    );
    if got != want {
        return Err(format!("got {got:?}, want {want:?}").into());
    }
    Ok(())
}

/// The suite's trials (see `common::suite`).
pub fn suite() -> Result<Suite, Missing> {
    const SUITE: &str = "html5lib encoding suite";
    let dir = suite::require_dir(SUITE, common::html5lib_tests_dir().join("encoding"))?;
    let cases = load_cases(&dir);
    let changed = Arc::new(AtomicUsize::new(0));
    let mut per_file: BTreeMap<String, usize> = BTreeMap::new();
    let mut trials = Vec::new();
    for case in cases {
        *per_file.entry(case.file.clone()).or_default() += 1;
        let changed = Arc::clone(&changed);
        trials.push(Trial::test(
            format!("{} #{:02}", case.file, case.index),
            move || {
                if run_case(&case)? {
                    changed.fetch_add(1, Ordering::Relaxed);
                }
                Ok(())
            },
        ));
    }
    let big5 = dir.join("chardet/test_big5.txt");
    trials.push(Trial::test("chardet/test_big5.txt", move || {
        chardet_big5(&big5)
    }));
    Ok(Suite::new(SUITE, "encoding", trials, true, move || {
        let total: usize = per_file.values().sum();
        let changed = changed.load(Ordering::Relaxed);
        let mut text = format!(
            "{} of {} cases pass: {} decided by sniffing (BOM, prescan of the first 1,024 bytes, \
             XML declaration), {} by \"changing the encoding while parsing\" (13.2.3.4). \
             `chardet/test_big5.txt` passes.\n\n| file | cases | pass |\n|---|---:|---:|\n",
            thousands(total),
            thousands(total),
            thousands(total - changed),
            thousands(changed)
        );
        for (file, n) in &per_file {
            text.push_str(&format!(
                "| {file} | {} | {} |\n",
                thousands(*n),
                thousands(*n)
            ));
        }
        Ok(vec![Block {
            name: "html5lib-encoding",
            text,
        }])
    }))
}
