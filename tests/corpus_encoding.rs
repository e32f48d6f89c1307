//! The encoding `decode` picks for each page of the shared corpus, against the
//! `document.characterSet` Chromium reported for the same bytes (`corpus-chromium/INDEX.tsv`).
//!
//! Configuration: Chromium's for these pages: the response had `Content-Type: text/html` with
//! no charset (no transport charset), the default is windows-1252, and nothing is guessed from
//! the content (`guess: false`; the corpus README says Chromium guessed no page).
//!
//! Pages that need the tree builder: when the sniffed confidence is tentative and the first
//! encoding declaration in the whole page (the prescan run to the end of the input, standing in
//! for the `<meta>` the tree builder would meet) lies beyond the 1,024 bytes the prescan reads
//! and "changing the encoding" (13.2.3.4) says to change it, the final encoding comes from the
//! re-parse, which does not exist yet. For those the test checks that sniffing did what the
//! spec says (default, tentative), lists them, and reports how many the re-parse would bring
//! to Chromium's answer (Chromium ignores a `<meta>` after body content, so not all). Every
//! other page must match Chromium.

use std::path::{Path, PathBuf};

use bumpalo::Bump;
use simdhtml::input::{
    Confidence, EncodingChange, EncodingSource, InputOptions, change_the_encoding, decode, prescan,
    prescan_with_end, reparse,
};

/// The shared reference folder: `$SIMDHTML_SHARED`, or `../shared` beside the repository.
fn shared_dir() -> PathBuf {
    match std::env::var_os("SIMDHTML_SHARED") {
        Some(dir) => PathBuf::from(dir),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"),
    }
}

fn missing(path: &Path, err: impl std::fmt::Display) -> ! {
    panic!(
        "corpus data missing at {} ({err}). The corpus and its Chromium expectations are \
         project-internal: set SIMDHTML_SHARED to the project's shared folder (with corpus/ and \
         corpus-chromium/).",
        path.display()
    )
}

/// (file, characterSet) for every row of `INDEX.tsv`.
fn chromium_index() -> Vec<(String, String)> {
    let path = shared_dir().join("corpus-chromium/INDEX.tsv");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|err| missing(&path, err));
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or_default().split('\t').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|&h| h == name)
            .unwrap_or_else(|| panic!("{}: no column {name}", path.display()))
    };
    let (file, charset) = (column("file"), column("characterSet"));
    let rows: Vec<(String, String)> = lines
        .filter(|line| !line.is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            (fields[file].to_string(), fields[charset].to_string())
        })
        .collect();
    assert!(!rows.is_empty(), "{}: no rows", path.display());
    rows
}

#[test]
fn corpus_encoding_matches_chromium() {
    let corpus = shared_dir().join("corpus");
    // Spelled out rather than `InputOptions::default()`, so the configuration stays the
    // suite's whatever the defaults become.
    let options = InputOptions {
        transport_charset: None,
        default_encoding: Some(encoding_rs::WINDOWS_1252),
        guess: false,
        guess_utf8: false,
    };
    let rows = chromium_index();
    let (mut matching, mut needs_reparse, mut reparse_matching) = (0, Vec::new(), 0);
    let mut mismatches = Vec::new();
    for (file, chromium) in &rows {
        let path = corpus.join(file);
        let bytes = std::fs::read(&path).unwrap_or_else(|err| missing(&path, err));
        let arena = Bump::new();
        let decoded = decode(&arena, &bytes, &options).expect("no transport charset");
        let matches = decoded.encoding.name().eq_ignore_ascii_case(chromium);
        if matches {
            matching += 1;
        }

        // The tree builder's "change the encoding", if it would run and change anything.
        let change = match (decoded.confidence, prescan_with_end(&bytes)) {
            (Confidence::Tentative, Some(declared)) => {
                match change_the_encoding(decoded.encoding, declared, None) {
                    EncodingChange::Reparse(new) | EncodingChange::ChangeOnTheFly(new) => Some(new),
                    EncodingChange::KeepAndMarkCertain => None,
                }
            }
            _ => None,
        };
        match change {
            Some(new) => {
                // Sniffing must have done what the spec says: no declaration in the first
                // 1,024 bytes, so the default, tentatively.
                assert_eq!(prescan(&bytes), None, "{file}");
                assert_eq!(decoded.source, EncodingSource::Default, "{file}");
                let after = reparse(&arena, &bytes, new);
                let after_matches = after.encoding.name().eq_ignore_ascii_case(chromium);
                if after_matches {
                    reparse_matching += 1;
                }
                needs_reparse.push(format!(
                    "{file}: sniffed {} ({}), re-parse gives {}, Chromium {chromium}{}",
                    decoded.encoding.name(),
                    decoded.source,
                    after.encoding.name(),
                    if after_matches { "" } else { " (differs)" }
                ));
            }
            None if !matches => mismatches.push(format!(
                "{file}: {} ({}, {:?}), Chromium {chromium}",
                decoded.encoding.name(),
                decoded.source,
                decoded.confidence
            )),
            None => {}
        }
    }
    println!(
        "corpus: {matching}/{} pages match Chromium by sniffing alone; {} need the tree \
         builder's change of encoding (a declaration after byte 1,024), of which the re-parse \
         would bring {reparse_matching} to Chromium's encoding:\n  {}",
        rows.len(),
        needs_reparse.len(),
        needs_reparse.join("\n  ")
    );
    assert!(
        mismatches.is_empty(),
        "{} pages differ from Chromium without needing a re-parse:\n{}",
        mismatches.len(),
        mismatches.join("\n")
    );
}
