//! The shared WARC fixtures' manifest (`$SIMDHTML_SHARED/warc/MANIFEST.tsv`) and where this
//! project reads a fixture differently from it, on purpose, each with its reason: used by
//! `tests/corpus/warc.rs` (the reader) and `cli/tests/cli/warc.rs` (the command).

use std::path::Path;

/// Where we count differently from the manifest, on purpose: (file, what we give, why).
pub const HTML_DIFFERENCES: &[(&str, usize, &str)] = &[(
    "ipwb-1memento_noContentType.warc",
    1,
    "the manifest counts declared types only; the response has no Content-Type and its payload \
     starts `<html>`, which the MIME Sniffing Standard's HTML rule (7.1) recognises, so a \
     browser renders it as HTML and so do we",
)];

/// Record types we read differently: (file, the types we give, why).
pub const TYPE_DIFFERENCES: &[(&str, &str, &str)] = &[(
    "warcio-pr66-standard-torture-validate-field.warc",
    "request:1 does-not-exist:1 invalid:1",
    "the manifest counts the bare `WARC/invalid` line at the end as an `unparseable` record; \
     it has no header fields and no end, so it is an error event here, not a record",
)];

/// The files that give error events, how many, and why.
pub const ERRORS: &[(&str, usize, &str)] = &[
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

pub struct Row {
    pub file: String,
    pub records: String,
    pub html: usize,
}

pub fn manifest(dir: &Path) -> Vec<Row> {
    let text = std::fs::read_to_string(dir.join("MANIFEST.tsv"))
        .unwrap_or_else(|e| super::missing_data(&dir.join("MANIFEST.tsv"), e));
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

/// The HTML responses we give for a fixture: the manifest's count, or our documented one.
pub fn html_responses(row: &Row) -> usize {
    HTML_DIFFERENCES
        .iter()
        .find(|d| d.0 == row.file)
        .map_or(row.html, |d| d.1)
}

/// The error events (reader) or error records (command) we give for a fixture.
pub fn errors(file: &str) -> usize {
    ERRORS.iter().find(|e| e.0 == file).map_or(0, |e| e.1)
}
