//! `simdhtml batch` on web archives, run as the built binary: every shared fixture gives the
//! manifest's HTML responses and its error records; the Common Crawl-style file's records equal
//! its pages parsed as files with their HTTP charset and URL; archives mix with pages and
//! directories; `--output` compresses; a cut archive keeps what comes before the cut.

use crate::common;

use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::path::Path;

use serde_json::Value;
use simdhtml::{Arena, ParseOptions, extract, input::InputOptions, parse_document};

fn simdhtml(args: &[&str]) -> (i32, String, String) {
    common::cli::simdhtml(args, b"")
}

fn records(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn s(p: &Path) -> String {
    p.display().to_string()
}

#[test]
fn every_fixture_gives_its_html_responses_and_error_records() {
    let Some(dir) = common::require_data(
        "every_fixture_gives_its_html_responses_and_error_records",
        common::shared_dir().join("warc"),
    ) else {
        return;
    };
    let rows = common::warc::manifest(&dir);
    let paths: Vec<String> = rows.iter().map(|r| s(&dir.join(&r.file))).collect();
    let mut args = vec!["batch", "--fields", "title,text,links"];
    args.extend(paths.iter().map(String::as_str));
    let (code, out, err) = simdhtml(&args);
    assert_eq!(code, 1, "the malformed fixtures fail: {err}");
    // The same lines whatever the number of workers (with 8, two readers read archives side
    // by side).
    for jobs in ["1", "8"] {
        let mut with = args.clone();
        with.extend(["--jobs", jobs]);
        let (_, other, _) = simdhtml(&with);
        assert!(other == out, "--jobs {jobs} and the default differ");
    }
    let mut html: BTreeMap<String, usize> = BTreeMap::new();
    let mut errors: BTreeMap<String, usize> = BTreeMap::new();
    let mut last_offset: BTreeMap<String, u64> = BTreeMap::new();
    for r in records(&out) {
        let path = r["path"].as_str().unwrap().to_owned();
        // File order: offsets never go back within a file.
        let at =
            r["offset"].as_u64().unwrap() * (1 << 32) + r["offset_in_member"].as_u64().unwrap_or(0);
        let prev = last_offset.insert(path.clone(), at).unwrap_or(0);
        assert!(at >= prev, "{path}: records out of order");
        if r.get("url").is_some() {
            *html.entry(path.clone()).or_default() += 1;
        }
        if r.get("error").is_some() && r.get("url").is_none() {
            *errors.entry(path).or_default() += 1;
        }
    }
    let mut problems = Vec::new();
    for (row, path) in rows.iter().zip(&paths) {
        let (h, e) = (
            html.get(path).copied().unwrap_or(0),
            errors.get(path).copied().unwrap_or(0),
        );
        let (want_h, want_e) = (
            common::warc::html_responses(row),
            common::warc::errors(&row.file),
        );
        if (h, e) != (want_h, want_e) {
            problems.push(format!(
                "{}: {h} HTML, {e} errors; want {want_h}, {want_e}",
                row.file
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
    // 3,125 records less the bare `WARC/invalid` line; 973 HTML responses and one sniffed.
    let summary = err.lines().last().unwrap();
    assert!(
        summary.starts_with("batch: 107 files, 3124 records read, 974 parsed, 2150 skipped,"),
        "{summary}"
    );
}

/// The transport charset a record's `content_type` gives (a label the Encoding Standard knows).
fn charset(content_type: &Value) -> Option<&'static simdhtml::input::Encoding> {
    let m = simdhtml::warc::http::parse_mime_type(content_type.as_str()?)?;
    simdhtml::input::transport_charset(&m.charset?).ok()
}

#[test]
fn corpus_cc_style_records_equal_their_pages_parsed_as_files() {
    let Some(warc) = common::require_data(
        "corpus_cc_style_records_equal_their_pages_parsed_as_files",
        common::shared_dir().join("warc/corpus-cc-style.warc.gz"),
    ) else {
        return;
    };
    let Some(corpus) = common::require_data(
        "corpus_cc_style_records_equal_their_pages_parsed_as_files",
        common::shared_dir().join("corpus"),
    ) else {
        return;
    };
    // Records read as files are (the author's encoding: undeclared valid UTF-8 is UTF-8), and
    // with --no-guess-utf8 as a browser reads pages from the network.
    for (flags, guess_utf8) in [(&[][..], true), (&["--no-guess-utf8"][..], false)] {
        cc_style_records_equal_pages(&warc, &corpus, flags, guess_utf8);
    }
}

fn cc_style_records_equal_pages(warc: &Path, corpus: &Path, flags: &[&str], guess_utf8: bool) {
    let warc = s(warc);
    let mut args = vec!["batch", &warc, "--fields", "title,lang,text,links,errors"];
    args.extend_from_slice(flags);
    let (code, out, err) = simdhtml(&args);
    assert_eq!(code, 0, "{err}");
    let recs = records(&out);
    assert_eq!(recs.len(), 280, "279 pages and a 404");
    assert!(
        err.contains("571 records read, 280 parsed, 291 skipped"),
        "{err}"
    );
    let mut compared = 0;
    for r in &recs {
        let url = r["url"].as_str().unwrap();
        // https://example-N.test/SOURCE/REST is the corpus page SOURCE-REST.
        let path = url.splitn(4, '/').nth(3).unwrap();
        let file = corpus.join(path.replacen('/', "-", 1));
        if !file.exists() {
            assert_eq!(r["status"], 404, "{r}");
            continue;
        }
        let bytes = std::fs::read(&file).unwrap();
        let options = ParseOptions {
            collect_errors: true,
            input: InputOptions {
                transport_charset: charset(&r["content_type"]),
                guess_utf8,
                ..InputOptions::default()
            },
            ..ParseOptions::default()
        };
        let arena = Arena::new();
        let Ok(doc) = parse_document(&arena, &bytes, &options);
        let base = url::Url::parse(url).unwrap();
        let links: Vec<String> = extract::links(&doc, Some(&base))
            .iter()
            .map(|l| l.as_str().to_owned())
            .collect();
        let want = serde_json::json!({
            "bytes": bytes.len(),
            "encoding": doc.encoding().name(),
            "title": extract::title(&doc),
            "lang": extract::lang(&doc),
            "text": extract::visible_text(&doc, options.scripting),
            "links": links,
            "errors": doc.errors().len(),
        });
        for (k, v) in want.as_object().unwrap() {
            assert_eq!(&r[k], v, "{url}: {k}, {flags:?}");
        }
        assert_eq!(r["status"], 200);
        compared += 1;
    }
    assert_eq!(compared, 279);
}

/// An archive record whose HTTP response and page declare no encoding, and whose page is UTF-8
/// only after its first 16 KiB (a long `<head>` of scripts): read as the same bytes in a page
/// file are, UTF-8 (the author's encoding), with the same text; with `--no-guess-utf8` both are
/// windows-1252, as a browser shows a page from the network.
#[test]
fn an_undeclared_utf8_record_reads_as_the_same_bytes_in_a_file() {
    let mut page = b"<!doctype html><title>Cafe</title><script>var x = 1;".to_vec();
    page.resize(simdhtml::input::GUESS_LIMIT + 200, b' ');
    page.extend_from_slice("</script><p>Un tiret \u{2014} et un caf\u{e9}.".as_bytes());
    let mut block = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n\r\n".to_vec();
    block.extend_from_slice(&page);
    let dir = tempfile::tempdir().unwrap();
    let warc = dir.path().join("undeclared.warc");
    std::fs::write(
        &warc,
        warc_record("response", "https://example.test/a", &block),
    )
    .unwrap();
    let file = dir.path().join("undeclared.html");
    std::fs::write(&file, &page).unwrap();
    let (warc, file) = (s(&warc), s(&file));
    for (flags, encoding) in [
        (&[][..], "UTF-8"),
        (&["--no-guess-utf8"][..], "windows-1252"),
    ] {
        let mut args = vec!["batch", &warc, &file, "--fields", "title,text"];
        args.extend_from_slice(flags);
        let (code, out, err) = simdhtml(&args);
        assert_eq!(code, 0, "{err}");
        let recs = records(&out);
        assert_eq!(recs.len(), 2, "{out}");
        for r in &recs {
            assert_eq!(r["encoding"], encoding, "{flags:?}: {r}");
        }
        assert_eq!(recs[0]["text"], recs[1]["text"], "{flags:?}");
        assert_eq!(recs[0]["title"], recs[1]["title"], "{flags:?}");
        let text = recs[0]["text"].as_str().unwrap();
        if encoding == "UTF-8" {
            assert!(
                text.contains("Un tiret \u{2014} et un caf\u{e9}."),
                "{text}"
            );
        } else {
            assert!(
                text.contains("Un tiret \u{e2}\u{20ac}\u{201d} et un caf\u{c3}\u{a9}."),
                "{text}"
            );
        }
    }
}

fn warc_record(kind: &str, uri: &str, block: &[u8]) -> Vec<u8> {
    let mut r = format!(
        "WARC/1.1\r\nWARC-Type: {kind}\r\nWARC-Target-URI: {uri}\r\nWARC-Date: 2024-01-01T00:00:00Z\r\n\
         WARC-Record-ID: <urn:uuid:{uri}>\r\nContent-Type: application/http; msgtype=response\r\n\
         Content-Length: {}\r\n\r\n",
        block.len()
    )
    .into_bytes();
    r.extend_from_slice(block);
    r.extend_from_slice(b"\r\n\r\n");
    r
}

fn response(content_type: &str, body: &str) -> Vec<u8> {
    format!("HTTP/1.1 200 OK\r\nContent-Type: {content_type}\r\n\r\n{body}").into_bytes()
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(data).unwrap();
    gz.finish().unwrap()
}

/// A small per-record-gzip archive: warcinfo, two HTML responses (one in Shift_JIS by its HTTP
/// charset, one with a relative link), a PNG, and an HTML response without a Content-Type.
fn small_archive() -> Vec<Vec<u8>> {
    let mut jp = b"HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=Shift_JIS\r\n\r\n".to_vec();
    jp.extend_from_slice(&encoding_rs::SHIFT_JIS.encode("<title>日本語</title>").0);
    vec![
        warc_record("warcinfo", "info", b"software: test\r\n"),
        warc_record("response", "http://a.test/dir/page", &jp),
        warc_record(
            "response",
            "http://b.test/x/",
            &response(
                "text/html; charset=nonsense",
                "<title>B</title><a href=../y>y</a>",
            ),
        ),
        warc_record(
            "response",
            "http://c.test/i.png",
            &response("image/png", "\u{89}PNG"),
        ),
        warc_record(
            "response",
            "http://d.test/",
            b"HTTP/1.1 200 OK\r\n\r\n  <html><title>D</title>",
        ),
    ]
}

#[test]
fn archives_mix_with_pages_and_directories() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("in");
    std::fs::create_dir(&dir).unwrap();
    let members: Vec<Vec<u8>> = small_archive().iter().map(|r| gzip(r)).collect();
    std::fs::write(dir.join("b.warc.gz"), members.concat()).unwrap();
    std::fs::write(dir.join("a.html"), "<title>A</title>").unwrap();
    std::fs::write(dir.join("c.txt"), "not read").unwrap();
    // A gzipped archive whose name says nothing: told by its content.
    let odd = tmp.path().join("crawl.open");
    std::fs::write(&odd, members.concat()).unwrap();
    let (code, out, err) = simdhtml(&["batch", &s(&dir), &s(&odd), "--fields", "title,links"]);
    assert_eq!(code, 0, "{err}");
    let recs = records(&out);
    let titles: Vec<&str> = recs.iter().map(|r| r["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["A", "日本語", "B", "D", "日本語", "B", "D"]);
    let jp = &recs[1];
    assert_eq!(jp["encoding"], "Shift_JIS");
    assert_eq!(jp["url"], "http://a.test/dir/page");
    assert_eq!(jp["offset"].as_u64(), Some(members[0].len() as u64));
    assert_eq!(jp["status"], 200);
    assert_eq!(jp["date"], "2024-01-01T00:00:00Z");
    assert_eq!(jp["record_id"], "<urn:uuid:http://a.test/dir/page>");
    assert_eq!(jp["content_type"], "text/html; charset=Shift_JIS");
    let keys: Vec<&str> = jp.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "path",
            "offset",
            "url",
            "record_id",
            "date",
            "status",
            "content_type",
            "bytes",
            "encoding",
            "title",
            "links"
        ]
    );
    // An unknown charset label is ignored, as a browser ignores it; links resolve against the URL.
    assert_eq!(recs[2]["encoding"], "windows-1252");
    assert_eq!(recs[2]["links"], serde_json::json!(["http://b.test/y"]));
    // No Content-Type: sniffed as HTML.
    assert_eq!(recs[3]["content_type"], Value::Null);
    assert!(
        err.contains("10 records read, 6 parsed, 4 skipped"),
        "{err}"
    );
    // --output: the same lines, compressed by the name; --jobs changes nothing.
    for name in ["out.jsonl", "out.jsonl.gz", "out.jsonl.zst"] {
        let file = tmp.path().join(name);
        let (code, o, _) = simdhtml(&[
            "batch",
            &s(&dir),
            &s(&odd),
            "--fields",
            "title,links",
            "--output",
            &s(&file),
            "--jobs",
            "1",
        ]);
        assert_eq!((code, o.as_str()), (0, ""));
        let raw = std::fs::read(&file).unwrap();
        let text = if name.ends_with(".gz") {
            let mut t = String::new();
            flate2::read::MultiGzDecoder::new(&raw[..])
                .read_to_string(&mut t)
                .unwrap();
            t
        } else if name.ends_with(".zst") {
            String::from_utf8(zstd::decode_all(&raw[..]).unwrap()).unwrap()
        } else {
            String::from_utf8(raw).unwrap()
        };
        assert!(text == out, "{name}");
    }
}

#[test]
fn a_cut_archive_keeps_the_records_before_the_cut() {
    let tmp = tempfile::tempdir().unwrap();
    let members: Vec<Vec<u8>> = small_archive().iter().map(|r| gzip(r)).collect();
    let whole = members.concat();
    let upto = members[0].len() + members[1].len() + members[2].len();
    let cut = tmp.path().join("cut.warc.gz");
    std::fs::write(&cut, &whole[..upto + members[3].len() / 2]).unwrap();
    let (code, out, _) = simdhtml(&["batch", &s(&cut)]);
    assert_eq!(code, 1);
    let recs = records(&out);
    assert_eq!(recs.len(), 3, "{out}");
    assert_eq!(
        (recs[0]["title"].as_str(), recs[1]["title"].as_str()),
        (Some("日本語"), Some("B"))
    );
    assert!(
        recs[2]["error"].as_str().unwrap().contains("cut short"),
        "{}",
        recs[2]
    );
    assert_eq!(recs[2]["offset"].as_u64(), Some(upto as u64));
    // Cut inside an HTML record: the record as far as it goes, then the error.
    let plain = tmp.path().join("cut.warc");
    let records_plain = small_archive();
    let at = records_plain[0].len() + records_plain[1].len() - 12;
    std::fs::write(&plain, &records_plain.concat()[..at]).unwrap();
    let (code, out, _) = simdhtml(&["batch", &s(&plain)]);
    assert_eq!(code, 1);
    let recs = records(&out);
    assert_eq!(recs.len(), 2, "{out}");
    assert!(
        recs[0]["truncated_record"]
            .as_str()
            .unwrap()
            .contains("cut"),
        "{}",
        recs[0]
    );
    assert!(
        recs[1]["error"].as_str().unwrap().contains("the file ends"),
        "{}",
        recs[1]
    );
}

#[test]
fn a_record_over_max_bytes_is_an_error_record() {
    let tmp = tempfile::tempdir().unwrap();
    let big = "<p>words ".repeat(2000);
    let file = tmp.path().join("big.warc");
    let data = [
        warc_record("response", "http://big.test/", &response("text/html", &big)),
        warc_record(
            "response",
            "http://small.test/",
            &response("text/html", "<title>S</title>"),
        ),
    ]
    .concat();
    std::fs::write(&file, data).unwrap();
    let (code, out, _) = simdhtml(&["batch", &s(&file), "--max-bytes", "5000"]);
    assert_eq!(code, 1);
    let recs = records(&out);
    assert_eq!(recs.len(), 2);
    assert!(
        recs[0]["error"]
            .as_str()
            .unwrap()
            .contains("over --max-bytes 5000"),
        "{}",
        recs[0]
    );
    assert_eq!(recs[1]["title"], "S");
}

/// A worker that panics (a bug; injected here with `SIMDHTML_BATCH_PANIC_FOR`) gives that
/// input's error record in its place, page or archive record, and every other record still
/// comes, with `--jobs` 1 and 4 alike (the pipelines wait for every record: a lost one would
/// stall them).
#[test]
fn a_panicking_worker_gives_an_error_record_and_the_batch_goes_on() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("in");
    std::fs::create_dir(&dir).unwrap();
    let members: Vec<Vec<u8>> = small_archive().iter().map(|r| gzip(r)).collect();
    std::fs::write(dir.join("b.warc.gz"), members.concat()).unwrap();
    for i in 0..40 {
        std::fs::write(
            dir.join(format!("p{i:02}.html")),
            format!("<title>{i}</title>"),
        )
        .unwrap();
    }
    for jobs in ["1", "4"] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_simdhtml"))
            .args(["batch", &s(&dir), "--jobs", jobs])
            // The page p07.html (then, below, the record of http://b.test/x/).
            .env("SIMDHTML_BATCH_PANIC_FOR", "p07.html")
            .output()
            .expect("run simdhtml");
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert_eq!(out.status.code(), Some(1), "jobs {jobs}");
        let recs = records(&stdout);
        // 3 HTML records from the archive, then the 40 pages, in order.
        assert_eq!(recs.len(), 43, "jobs {jobs}: {stdout}");
        let failed: Vec<&Value> = recs.iter().filter(|r| r.get("error").is_some()).collect();
        assert_eq!(failed.len(), 1, "jobs {jobs}: {failed:?}");
        assert!(failed[0]["path"].as_str().unwrap().ends_with("p07.html"));
        assert!(
            failed[0]["error"]
                .as_str()
                .unwrap()
                .starts_with("internal error: injected for "),
            "{failed:?}"
        );
        let again = std::process::Command::new(env!("CARGO_BIN_EXE_simdhtml"))
            .args(["batch", &s(&dir), "--jobs", jobs])
            .env("SIMDHTML_BATCH_PANIC_FOR", "b.test/x/")
            .output()
            .expect("run simdhtml");
        let recs = records(&String::from_utf8(again.stdout).unwrap());
        assert_eq!(recs.len(), 43, "jobs {jobs}");
        let failed: Vec<&Value> = recs.iter().filter(|r| r.get("error").is_some()).collect();
        assert_eq!(failed.len(), 1, "jobs {jobs}: {failed:?}");
        assert!(failed[0]["offset"].is_u64(), "{failed:?}");
        assert!(failed[0]["path"].as_str().unwrap().ends_with("b.warc.gz"));
    }
}

/// A per-record gzip archive of many pages, with a corrupt member among them: the workers
/// inflate the members, and the corrupt one gives one error record at its offset while every
/// other page comes out, in file order, whatever the number of workers.
#[test]
fn a_corrupt_member_among_many_gives_one_error_record() {
    let tmp = tempfile::tempdir().unwrap();
    let mut members: Vec<Vec<u8>> = (0..150)
        .map(|i| {
            let body = format!("<title>page {i}</title><p>{}", "text ".repeat(i * 7));
            gzip(&warc_record(
                "response",
                &format!("http://p.test/{i}"),
                &response("text/html", &body),
            ))
        })
        .collect();
    // The first byte of the deflate data (after the 10-byte header): block type 3, which does
    // not exist.
    let bad = 97;
    members[bad][10] = 0xFF;
    let file = tmp.path().join("many.warc.gz");
    std::fs::write(&file, members.concat()).unwrap();
    let bad_offset: usize = members[..bad].iter().map(Vec::len).sum();
    let mut first = None;
    for jobs in ["1", "2", "8"] {
        let (code, out, err) = simdhtml(&["batch", &s(&file), "--jobs", jobs]);
        assert_eq!(code, 1, "{err}");
        let recs = records(&out);
        let titles: Vec<String> = recs
            .iter()
            .filter_map(|r| r["title"].as_str().map(str::to_owned))
            .collect();
        let want: Vec<String> = (0..150)
            .filter(|&i| i != bad)
            .map(|i| format!("page {i}"))
            .collect();
        assert_eq!(titles, want, "--jobs {jobs}");
        let errors: Vec<&Value> = recs.iter().filter(|r| r.get("error").is_some()).collect();
        assert_eq!(errors.len(), 1, "--jobs {jobs}: {errors:?}");
        assert_eq!(errors[0]["offset"].as_u64(), Some(bad_offset as u64));
        assert!(
            errors[0]["error"]
                .as_str()
                .unwrap()
                .contains("corrupt gzip member"),
            "{}",
            errors[0]
        );
        assert!(first.get_or_insert(out.clone()) == &out, "--jobs {jobs}");
    }
}
