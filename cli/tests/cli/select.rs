//! `simdhtml select` and `batch --select`, run as the built binary: one JSON object per match
//! in document order, `--count`, the input rules every page command follows (standard input,
//! `.gz`, binary and missing files), `--scripting`, `--encoding`, and selectors that do not
//! parse (one line, status 2, before any input is read).

use crate::common;

use std::io::Write;

use common::cli::{json_lines as records, simdhtml_str as simdhtml};
use serde_json::json;

const PAGE: &str = "<!doctype html><title>T</title>\
    <h1 class=top>Hello <b>you</b></h1>\
    <p><a href='/a' data-x=1 title=First>one</a> and <a href=\"/b\">two</a></p>\
    <template><a href=/hidden>h</a></template>\
    <svg><a xlink:href=/svg>s</a></svg>";

fn scratch(files: &[(&str, &[u8])]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("temp dir");
    for (name, bytes) in files {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    dir
}

#[test]
fn one_object_per_match_in_document_order() {
    let dir = scratch(&[("p.html", PAGE.as_bytes())]);
    let path = dir.path().join("p.html");
    let path = path.to_str().unwrap();
    let (code, out, err) = simdhtml(&["select", "a[href], h1", path], "");
    assert_eq!((code, err.as_str()), (0, ""));
    let recs = records(&out);
    assert_eq!(
        recs,
        [
            json!({"path": path, "name": "h1", "attrs": {"class": "top"},
                   "text": "Hello you\n", "html": "<h1 class=\"top\">Hello <b>you</b></h1>"}),
            json!({"path": path, "name": "a", "attrs": {"href": "/a", "data-x": "1", "title": "First"},
                   "text": "one\n", "html": "<a href=\"/a\" data-x=\"1\" title=\"First\">one</a>"}),
            json!({"path": path, "name": "a", "attrs": {"href": "/b"},
                   "text": "two\n", "html": "<a href=\"/b\">two</a>"}),
        ]
    );
    // The attributes keep their order (href, data-x, title).
    let keys: Vec<&String> = recs[1]["attrs"].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["href", "data-x", "title"]);
    // Template contents are not searched; a namespaced attribute is written with its prefix.
    let (_, out, _) = simdhtml(&["select", "svg a", path], "");
    assert_eq!(records(&out)[0]["attrs"], json!({"xlink:href": "/svg"}));
}

#[test]
fn count_per_file_and_standard_input() {
    let dir = scratch(&[("a.html", PAGE.as_bytes()), ("b.html", b"<p>no links")]);
    let a = dir.path().join("a.html");
    let b = dir.path().join("b.html");
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    let (code, out, _) = simdhtml(&["select", "--count", "a", a, b], "");
    assert_eq!(code, 0);
    assert_eq!(out, format!("{a}\t3\n{b}\t0\n"));
    // No file, or `-`: standard input, named `-`.
    let (code, out, _) = simdhtml(&["select", "--count", "p"], "<p>1<p>2");
    assert_eq!((code, out.as_str()), (0, "-\t2\n"));
    let (_, out, _) = simdhtml(&["select", "b", "-"], "<b>x</b>");
    assert_eq!(records(&out)[0]["path"], "-");
}

#[test]
fn a_selector_that_does_not_parse_is_one_line_with_status_2_before_any_input() {
    // The file does not exist: the selector's error comes first, and alone.
    let (code, out, err) = simdhtml(&["select", "p:hovr", "/no/such/file.html"], "");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.starts_with("simdhtml: invalid selector \"p:hovr\": "),
        "{err}"
    );
    assert!(
        err.contains("at byte 1 (line 1, column 2), found `:hovr`"),
        "{err}"
    );
    let (code, _, err) = simdhtml(&["select", "div >", "-"], "<div>");
    assert_eq!(code, 2);
    assert!(err.contains("at byte 5"), "{err}");
}

#[test]
fn inputs_follow_the_page_command_rules() {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(b"<p class=x>zipped</p>").unwrap();
    let gz = gz.finish().unwrap();
    let mut bin = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    bin.extend((0u32..1500).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8));
    let dir = scratch(&[
        ("z.html.gz", &gz),
        ("bin.html", &bin),
        ("ok.html", b"<p class=x>ok"),
    ]);
    let p = |n: &str| dir.path().join(n).to_str().unwrap().to_owned();
    let (z, bin, missing, ok) = (
        p("z.html.gz"),
        p("bin.html"),
        p("missing.html"),
        p("ok.html"),
    );
    let (code, out, err) = simdhtml(&["select", "--count", ".x", &z, &bin, &missing, &ok], "");
    // The readable ones are done; the others are one line each on standard error; status 1.
    assert_eq!(code, 1);
    assert_eq!(out, format!("{z}\t1\n{ok}\t1\n"));
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 2, "{err}");
    assert!(
        lines[0].starts_with(&format!("simdhtml: {bin}: binary file")),
        "{err}"
    );
    assert!(
        lines[1].starts_with(&format!("simdhtml: {missing}: cannot read")),
        "{err}"
    );
    // An unknown encoding label is refused before any input is read.
    let (code, _, err) = simdhtml(&["select", "p", "--encoding", "nope", &missing], "");
    assert_eq!(code, 2);
    assert!(err.contains("unknown encoding label \"nope\""), "{err}");
}

#[test]
fn scripting_encoding_and_quirks_decide_what_matches() {
    // (In the body: in the head, with scripting off, a `p` would close the noscript.)
    let page = "<body><noscript><p>fallback</p></noscript>";
    // Scripting on: noscript's content is text, no p element.
    let (_, out, _) = simdhtml(&["select", "--count", "noscript p"], page);
    assert_eq!(out, "-\t0\n");
    let (_, out, _) = simdhtml(
        &["select", "--count", "--scripting", "off", "noscript p"],
        page,
    );
    assert_eq!(out, "-\t1\n");
    // The bytes are decoded as the page says (here, as --encoding says).
    let dir = scratch(&[("l.html", b"<p title=caf\xe9>x")]);
    let l = dir.path().join("l.html");
    let (_, out, _) = simdhtml(
        &[
            "select",
            "[title=café]",
            "--encoding",
            "latin1",
            l.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(records(&out)[0]["attrs"]["title"], "café");
    // No doctype: quirks mode, class selectors match case-insensitively.
    let (_, out, _) = simdhtml(&["select", "--count", ".Foo"], "<p class=foo>");
    assert_eq!(out, "-\t1\n");
    let (_, out, _) = simdhtml(
        &["select", "--count", ".Foo"],
        "<!doctype html><p class=foo>",
    );
    assert_eq!(out, "-\t0\n");
}

#[test]
fn batch_select_adds_one_field_per_name() {
    let page = "<!doctype html><title>T</title><h1> Main  title </h1><h2>Sub</h2>\
                <ul><li>one<li><p>two</p><p>lines</p></ul>";
    let dir = scratch(&[("p.html", page.as_bytes()), ("q.html", b"<p>none")]);
    let p = dir.path().join("p.html");
    let q = dir.path().join("q.html");
    let (p, q) = (p.to_str().unwrap(), q.to_str().unwrap());
    let (code, out, _) = simdhtml(
        &[
            "batch",
            "--fields",
            "title",
            "--select",
            "heads=h1, h2",
            "--select",
            "items=li",
            p,
            q,
        ],
        "",
    );
    assert_eq!(code, 0);
    let recs = records(&out);
    // Each match's text as `simdhtml text` writes it, trimmed at both ends.
    assert_eq!(recs[0]["heads"], json!(["Main title", "Sub"]));
    assert_eq!(recs[0]["items"], json!(["one", "two\nlines"]));
    assert_eq!(recs[1]["heads"], json!([]));
    let keys: Vec<&String> = recs[0].as_object().unwrap().keys().collect();
    assert_eq!(
        keys,
        ["path", "bytes", "encoding", "title", "heads", "items"]
    );
}

#[test]
fn batch_select_errors_come_before_any_input() {
    for (spec, word) in [
        ("x=p:hovr", "invalid selector \"p:hovr\""),
        ("p", "expected NAME=SELECTOR"),
        ("=p", "empty"),
        ("title=h1", "a field of the record already"),
    ] {
        let (code, out, err) = simdhtml(&["batch", "--select", spec, "/no/such/dir"], "");
        assert_eq!((code, out.as_str()), (2, ""), "{spec}");
        assert_eq!(err.lines().count(), 1, "{spec}: {err}");
        assert!(err.contains(word), "{spec}: {err}");
    }
    let (code, _, err) = simdhtml(
        &[
            "batch",
            "--select",
            "a=p",
            "--select",
            "a=b",
            "/no/such/dir",
        ],
        "",
    );
    assert_eq!(code, 2);
    assert!(err.contains("given twice"), "{err}");
}

/// `:lang()` falls back to the transport layer's `Content-Language` (HTML 3.2.6.2): given to
/// `select` as `--content-language`, and read by `batch --select` from each archive record's
/// HTTP `Content-Language` header.
#[test]
fn lang_falls_back_to_the_content_language() {
    let page = "<!doctype html><p id=a>A</p><div lang=en><p id=b>B</p></div>";
    let dir = scratch(&[("p.html", page.as_bytes())]);
    let path = dir.path().join("p.html");
    let path = path.to_str().unwrap();
    for (given, want) in [
        (None, "0"),
        (Some("de-CH"), "1"),
        (Some(" de "), "1"),
        (Some("de, fr"), "0"),
    ] {
        let mut args = vec!["select", "--count", "p:lang(de)", path];
        if let Some(v) = given {
            args.extend(["--content-language", v]);
        }
        let (code, out, err) = simdhtml(&args, "");
        assert_eq!((code, err.as_str()), (0, ""), "{given:?}");
        assert_eq!(out, format!("{path}\t{want}\n"), "{given:?}");
    }
    // One WARC response with the header, one with two header fields (two languages: unknown),
    // one without.
    let record = |uri: &str, headers: &str| {
        let block = format!("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\n{headers}\r\n{page}");
        let mut r = format!(
            "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: {uri}\r\n\
             WARC-Date: 2024-01-01T00:00:00Z\r\nWARC-Record-ID: <urn:uuid:{uri}>\r\n\
             Content-Type: application/http; msgtype=response\r\nContent-Length: {}\r\n\r\n",
            block.len()
        )
        .into_bytes();
        r.extend_from_slice(block.as_bytes());
        r.extend_from_slice(b"\r\n\r\n");
        r
    };
    let mut warc = record("http://x/de", "Content-Language: de-DE\r\n");
    warc.extend(record(
        "http://x/two",
        "Content-Language: de\r\ncontent-language: fr\r\n",
    ));
    warc.extend(record("http://x/none", ""));
    let dir = scratch(&[("a.warc", &warc)]);
    let path = dir.path().join("a.warc");
    let (code, out, err) = simdhtml(
        &[
            "batch",
            "--select",
            "de=p:lang(de)",
            "--select",
            "en=p:lang(en)",
            path.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let recs = records(&out);
    let got: Vec<_> = recs.iter().map(|r| (&r["de"], &r["en"])).collect();
    assert_eq!(
        got,
        [
            (&json!(["A"]), &json!(["B"])),
            (&json!([]), &json!(["B"])),
            (&json!([]), &json!(["B"])),
        ]
    );
}
