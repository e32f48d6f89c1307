//! The WARC reader on the shared fixtures (`$SIMDHTML_SHARED/warc/`, README and MANIFEST.tsv
//! there): every file's record types and HTML-response count as the manifest gives them, the
//! deliberately malformed ones with their error events, and the places where we differ from
//! the manifest on purpose, each with its reason.
#![cfg(feature = "warc")]

mod common;

use std::collections::BTreeMap;
use std::path::Path;

use simdhtml::warc::{Event, PayloadKind, Reader, ReaderOptions, capture, sniffs_as_html};

/// Where we count differently from the manifest, on purpose: (file, what we give, why).
const HTML_DIFFERENCES: &[(&str, usize, &str)] = &[(
    "ipwb-1memento_noContentType.warc",
    1,
    "the manifest counts declared types only; the response has no Content-Type and its payload \
     starts `<html>`, which the MIME Sniffing Standard's HTML rule (7.1) recognises, so a \
     browser renders it as HTML and so do we",
)];

/// Record types we read differently: (file, the types we give, why).
const TYPE_DIFFERENCES: &[(&str, &str, &str)] = &[(
    "warcio-pr66-standard-torture-validate-field.warc",
    "request:1 does-not-exist:1 invalid:1",
    "the manifest counts the bare `WARC/invalid` line at the end as an `unparseable` record; \
     it has no header fields and no end, so it is an error event here, not a record",
)];

/// The files that give error events, how many, and why.
const ERRORS: &[(&str, usize, &str)] = &[
    (
        "aut-badexample.arc.gz",
        3,
        "two ARC lengths (680) that run into the next record, and a last record the file cuts",
    ),
    (
        "gowarc-corrupted-mid-record.warc.gz.open",
        1,
        "34 bytes of text after the gzip member",
    ),
    (
        "gowarc-corrupted-trailing-bytes.warc.gz.open",
        1,
        "55 bytes of text after the gzip member",
    ),
    (
        "ipwb-HTTP204.warc",
        2,
        "two Content-Lengths too short: stray bytes before the next record",
    ),
    (
        "ipwb-broken.warc",
        1,
        "the last Content-Length (7) far too short: 336 bytes spill out",
    ),
    (
        "ipwb-redirect.warc",
        1,
        "the last Content-Length is 9 bytes longer than the file",
    ),
    (
        "resiliparse-clipped.warc.gz",
        1,
        "the gzip member is cut inside the record",
    ),
    (
        "warcio-bad.arc",
        1,
        "ARC length -1 on the filedesc record: its version block is stray bytes",
    ),
    (
        "warcio-example-space-in-url.arc",
        1,
        "the ARC length is 12 bytes longer than the file",
    ),
    (
        "warcio-example-trunc.warc",
        1,
        "Content-Length 2 short: 2 stray bytes",
    ),
    (
        "warcio-pr66-standard-torture-validate-field.warc",
        1,
        "a bare `WARC/invalid` line ends the file",
    ),
    (
        "warciojs-example-bad-length.warc",
        1,
        "Content-Length 1 short: 1 stray byte",
    ),
];

struct Row {
    file: String,
    records: String,
    html: usize,
}

fn manifest(dir: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(dir.join("MANIFEST.tsv"))
        .unwrap_or_else(|e| common::missing_data(&dir.join("MANIFEST.tsv"), e));
    let mut lines = text.lines();
    let head: Vec<&str> = lines.next().unwrap().split('\t').collect();
    let col = |name: &str| head.iter().position(|h| *h == name).unwrap();
    let (f, r, h) = (col("file"), col("records"), col("html_responses"));
    lines
        .map(|l| {
            let c: Vec<&str> = l.split('\t').collect();
            Row {
                file: c[f].to_owned(),
                records: c[r].to_owned(),
                html: c[h].parse().unwrap(),
            }
        })
        .collect()
}

fn types(s: &str) -> BTreeMap<String, usize> {
    s.split_whitespace()
        .filter(|t| *t != "(none)")
        .map(|t| {
            let (k, n) = t.rsplit_once(':').unwrap();
            (k.to_owned(), n.parse().unwrap())
        })
        .collect()
}

/// What the reader gives for one file: record types, HTML responses, error messages.
fn read(path: &Path) -> (BTreeMap<String, usize>, usize, Vec<String>) {
    let reader = Reader::open(path, ReaderOptions::default()).unwrap();
    let (mut kinds, mut html, mut errors) = (BTreeMap::new(), 0, Vec::new());
    for event in reader {
        match event {
            Event::Record(r) => {
                *kinds.entry(r.record_type()).or_insert(0) += 1;
                if let Some(c) = capture(&r) {
                    let body = c.payload(&r, 64 << 20);
                    if c.kind == PayloadKind::Html
                        || (c.kind == PayloadKind::Sniff && sniffs_as_html(&body.bytes))
                    {
                        html += 1;
                    }
                }
            }
            Event::Error(e) => errors.push(format!("{}: {}", e.offset, e.message)),
        }
    }
    (kinds, html, errors)
}

#[test]
fn every_fixture_reads_as_the_manifest_says() {
    let Some(dir) = common::require_data(
        "every_fixture_reads_as_the_manifest_says",
        common::shared_dir().join("warc"),
    ) else {
        return;
    };
    let rows = manifest(&dir);
    assert_eq!(rows.len(), 107, "the manifest lists 107 archives");
    let mut problems = Vec::new();
    for row in &rows {
        let (kinds, html, errors) = read(&dir.join(&row.file));
        let want_html = HTML_DIFFERENCES
            .iter()
            .find(|d| d.0 == row.file)
            .map_or(row.html, |d| d.1);
        if html != want_html {
            problems.push(format!(
                "{}: {html} HTML responses, want {want_html}",
                row.file
            ));
        }
        let want_types = TYPE_DIFFERENCES
            .iter()
            .find(|d| d.0 == row.file)
            .map_or_else(|| types(&row.records), |d| types(d.1));
        if kinds != want_types {
            problems.push(format!(
                "{}: types {kinds:?}, want {want_types:?}",
                row.file
            ));
        }
        let want_errors = ERRORS.iter().find(|e| e.0 == row.file).map_or(0, |e| e.1);
        if errors.len() != want_errors {
            problems.push(format!(
                "{}: {} error events, want {want_errors}: {errors:?}",
                row.file,
                errors.len()
            ));
        }
    }
    // Every listed difference is still one (the manifest did not change under us).
    for (file, ours, _) in HTML_DIFFERENCES {
        let row = rows.iter().find(|r| r.file == *file).unwrap();
        assert_ne!(row.html, *ours, "{file}: no longer a difference");
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The uncompressed and compressed twins of a file give the same records.
#[test]
fn compressed_twins_give_the_same_records() {
    let Some(dir) = common::require_data(
        "compressed_twins_give_the_same_records",
        common::shared_dir().join("warc"),
    ) else {
        return;
    };
    let blocks = |name: &str| -> Vec<(String, Option<String>, Vec<u8>)> {
        Reader::open(dir.join(name), ReaderOptions::default())
            .unwrap()
            .filter_map(|e| match e {
                Event::Record(r) => {
                    Some((r.record_type(), r.record_id().map(str::to_owned), r.block))
                }
                Event::Error(_) => None,
            })
            .collect()
    };
    for (plain, packed) in [
        ("whirlwind-whirlwind.warc", "whirlwind-whirlwind.warc.gz"),
        ("resiliparse-warcfile.warc", "resiliparse-warcfile.warc.gz"),
        ("resiliparse-warcfile.warc", "resiliparse-warcfile.warc.lz4"),
        (
            "resiliparse-block-sized-records.warc",
            "resiliparse-block-sized-records.warc.gz",
        ),
        (
            "resiliparse-block-sized-records.warc",
            "resiliparse-block-sized-records.warc.lz4",
        ),
        (
            "webarchive-commons-IAH-urls-wget.warc",
            "webarchive-commons-IAH-urls-wget.warc.gz",
        ),
        ("warcio-example.warc", "warcio-example.warc.gz"),
        ("slyrz-warc-test.warc", "slyrz-warc-test.warc.gz"),
        ("slyrz-warc-test.warc", "slyrz-warc-test.warc.bz2"),
    ] {
        let (a, b) = (blocks(plain), blocks(packed));
        assert!(!a.is_empty(), "{plain}");
        assert!(a == b, "{plain} and {packed} differ");
    }
}
