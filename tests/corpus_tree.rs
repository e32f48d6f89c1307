//! The tree of every page of the shared corpus against the tree Chromium built from the same
//! bytes (`corpus-chromium/NAME.dump.gz`, html5lib dump format, scripting on).
//!
//! The page is decoded with the encoding Chromium reported (`INDEX.tsv` `characterSet`; a BOM
//! still wins), so this checks tree construction, not sniffing (`corpus_encoding.rs` does that).
//! The dumps are gzip files; the test reads them through the `gzip` command.
//!
//! Every page must match byte for byte, except the ones in [`KNOWN_DIFFERENCES`], each with the
//! reason; those are reported, not required.

mod common;

use std::process::Command;

use simdhtml::serialize::html5lib_dump;
use simdhtml::tree_builder::QuirksMode;
use simdhtml::{Arena, ParseOptions, parse_document};

/// Pages where Chromium's tree is not the standard's tree as this parser builds it.
const KNOWN_DIFFERENCES: &[(&str, &str)] = &[
    (
        "readability-085-wikipedia-4.html",
        "declarative shadow DOM: Chromium attaches a shadow root for <template shadowrootmode>; \
         the arena DOM has no shadow roots yet",
    ),
    (
        "wpull-003-webtv-countdownto666.html",
        "whitespace after </html>: the standard processes it with the \"in body\" rules, which \
         reconstruct the active formatting elements first; Chromium inserts it without \
         reconstructing",
    ),
];

#[test]
fn corpus_trees_match_chromium() {
    let shared = common::shared_dir();
    let index_path = shared.join("corpus-chromium/INDEX.tsv");
    let index = std::fs::read_to_string(&index_path)
        .unwrap_or_else(|e| common::missing_data(&index_path, e));
    let (mut same, mut pages, mut failures, mut known) = (0, 0, Vec::new(), Vec::new());
    for row in index.lines().skip(1) {
        let cols: Vec<&str> = row.split('\t').collect();
        let (file, charset, compat) = (cols[0], cols[1], cols[2]);
        let page = shared.join("corpus").join(file);
        let bytes = std::fs::read(&page).unwrap_or_else(|e| common::missing_data(&page, e));
        let dump_path = shared
            .join("corpus-chromium")
            .join(format!("{file}.dump.gz"));
        let out = Command::new("gzip")
            .arg("-dc")
            .arg(&dump_path)
            .output()
            .unwrap_or_else(|e| panic!("this test needs the gzip command: {e}"));
        assert!(
            out.status.success(),
            "gzip -dc {} failed",
            dump_path.display()
        );
        let want = String::from_utf8(out.stdout).expect("dump is UTF-8");
        let encoding =
            encoding_rs::Encoding::for_label(charset.as_bytes()).expect("known encoding");
        let arena = Arena::new();
        let text = simdhtml::input::decode_with(&arena, &bytes, encoding);
        let doc = parse_document(&arena, text, &ParseOptions::default());
        let got = html5lib_dump(&doc);
        let quirks = doc.quirks_mode() == QuirksMode::Quirks;
        pages += 1;
        let first_diff = || {
            let (g, w): (Vec<&str>, Vec<&str>) = (got.lines().collect(), want.lines().collect());
            let i = g
                .iter()
                .zip(&w)
                .position(|(a, b)| a != b)
                .unwrap_or(g.len().min(w.len()));
            format!(
                "line {}: got {:?}, Chromium {:?}",
                i + 1,
                g.get(i),
                w.get(i)
            )
        };
        let reason = KNOWN_DIFFERENCES
            .iter()
            .find(|(f, _)| *f == file)
            .map(|(_, r)| *r);
        if got == want && quirks == (compat == "BackCompat") {
            same += 1;
            if reason.is_some() {
                failures.push(format!(
                    "{file}: listed as a known difference but now matches"
                ));
            }
        } else if let Some(reason) = reason {
            known.push(format!("{file}: {reason}\n    {}", first_diff()));
        } else if got != want {
            failures.push(format!("{file}: {}", first_diff()));
        } else {
            failures.push(format!(
                "{file}: quirks mode {quirks}, Chromium compatMode {compat}"
            ));
        }
    }
    println!("{same}/{pages} pages give Chromium's tree");
    for k in &known {
        println!("known difference: {k}");
    }
    assert!(pages >= 279, "expected the 279 corpus pages, found {pages}");
    assert!(
        failures.is_empty(),
        "pages whose tree differs from Chromium's:\n{}",
        failures.join("\n")
    );
}
