//! The WARC reader on the shared fixtures (`$SIMDHTML_SHARED/warc/`, README and MANIFEST.tsv
//! there): every file's record types and HTML-response count as the manifest gives them, the
//! deliberately malformed ones with their error events, and the places where we differ from
//! the manifest on purpose, each with its reason; and each HTML page's payload, borrowed from
//! its record (`Capture::html_page_borrowed`), is the one `Capture::html_page` copies out.
#![cfg(feature = "warc")]

use crate::common;

use std::collections::BTreeMap;

use common::warc::{HTML_DIFFERENCES, TYPE_DIFFERENCES, errors, html_responses, manifest};
use std::path::Path;

use simdhtml::warc::{Event, Reader, ReaderOptions};

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
    let (mut kinds, mut html, mut errs) = (BTreeMap::new(), 0, Vec::new());
    for event in reader {
        match event {
            Event::Record(r) => {
                *kinds.entry(r.record_type().to_string()).or_insert(0) += 1;
                if r.html_page(64 << 20).is_some() {
                    html += 1;
                }
                // The payload borrowed where it is stored is the one copied out, whatever
                // the codings and the limit.
                if let Some(c) = r.html_capture() {
                    for limit in [64 << 20, 1000] {
                        let borrowed = c.html_page_borrowed(&r, limit).map(|(mut p, b)| {
                            p.payload = b.into_owned();
                            p
                        });
                        assert_eq!(borrowed, c.html_page(&r, limit), "{}", path.display());
                    }
                }
            }
            Event::Error(e) => errs.push(format!("{}: {}", e.offset, e.message)),
        }
    }
    (kinds, html, errs)
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
        let (kinds, html, errs) = read(&dir.join(&row.file));
        let want_html = html_responses(row);
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
        let want_errors = errors(&row.file);
        if errs.len() != want_errors {
            problems.push(format!(
                "{}: {} error events, want {want_errors}: {errs:?}",
                row.file,
                errs.len()
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
                Event::Record(r) => Some((
                    r.record_type().to_string(),
                    r.record_id().map(str::to_owned),
                    r.block,
                )),
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

/// Every fixture gives the same events, errors included, whether its gzip members are
/// inflated by the reader or by two other threads (`Reader::inflate_members_with`), and so
/// do the gzip ones cut short and with a corrupt member.
#[test]
fn members_inflated_on_other_threads_give_the_same_events() {
    let Some(dir) = common::require_data(
        "members_inflated_on_other_threads_give_the_same_events",
        common::shared_dir().join("warc"),
    ) else {
        return;
    };
    let (tx, rx) = std::sync::mpsc::channel::<simdhtml::warc::InflateTask>();
    let rx = std::sync::Arc::new(std::sync::Mutex::new(rx));
    let workers: Vec<_> = (0..2)
        .map(|_| {
            let rx = rx.clone();
            std::thread::spawn(move || {
                while let Ok(task) = rx.lock().unwrap().recv() {
                    task.run();
                }
            })
        })
        .collect();
    let events = |bytes: Vec<u8>, tasks: bool| -> Vec<Event> {
        let mut reader =
            Reader::new(std::io::Cursor::new(bytes), ReaderOptions::default()).unwrap();
        if tasks {
            let tx = tx.clone();
            reader.inflate_members_with(4, move |t| tx.send(t).unwrap());
        }
        reader.collect()
    };
    let mut gzipped = 0;
    for row in manifest(&dir) {
        let bytes = std::fs::read(dir.join(&row.file)).unwrap();
        let mut variants = vec![(row.file.clone(), bytes.clone())];
        if bytes.starts_with(&[0x1F, 0x8B]) {
            gzipped += 1;
            let (half, third) = (bytes.len() / 2, bytes.len() / 3);
            variants.push((format!("{} cut in half", row.file), bytes[..half].to_vec()));
            let mut bad = bytes.clone();
            bad[third] ^= 0x5A;
            variants.push((format!("{} corrupt at {third}", row.file), bad));
        }
        for (name, bytes) in variants {
            assert!(
                events(bytes.clone(), false) == events(bytes, true),
                "{name}: the events differ"
            );
        }
    }
    assert!(gzipped > 20, "{gzipped} gzip fixtures");
    drop(tx);
    for w in workers {
        w.join().unwrap();
    }
}
