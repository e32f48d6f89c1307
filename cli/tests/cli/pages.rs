//! `simdhtml html`, `text`, `links` and `stats`, run as the built binary: output shape and
//! the one-line errors for bad input.

use crate::common;

use common::cli::simdhtml;

const PAGE: &[u8] = b"<!doctype html><title>T</title><base href='/d/'>\
    <h1>Head</h1><p>One <b>two</b><br>three<noscript>ns</noscript>\
    <pre>\nfn main() {\n    go();\n}</pre>\
    <a href='x?a=1&amp;b=2'>x</a><img src=i.png> <a href='javascript:void(0)'>js</a>";

#[test]
fn html_serialises_the_parsed_page() {
    let (code, out, _) = simdhtml(&["html", "-"], b"<p>a<b>b<p>c");
    assert_eq!(code, 0);
    assert_eq!(
        out.trim_end(),
        "<html><head></head><body><p>a<b>b</b></p><p><b>c</b></p></body></html>"
    );
}

/// `html --minify` leaves out the tags and quotes the standard lets go
/// (`tests/corpus/serialize_minify.rs` tests the library's minifier).
#[test]
fn html_minify_leaves_out_optional_tags() {
    let (code, out, err) = simdhtml(
        &["html", "--minify", "-"],
        b"<!doctype html><html><head><title>T</title></head><body><ul><li>a</li><li>b</li></ul></body></html>",
    );
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(out, "<!DOCTYPE html><title>T</title><ul><li>a<li>b</ul>\n");
}

#[test]
fn text_is_one_block_per_line() {
    let (code, out, _) = simdhtml(&["text", "-"], PAGE);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "Head\nOne two\nthree\nfn main() {\n    go();\n}\nx js\n"
    );
}

#[test]
fn links_resolve_against_base_href_and_the_base_option() {
    let (code, out, _) = simdhtml(&["links", "-", "--base", "https://example.org/a/b"], PAGE);
    assert_eq!(code, 0);
    assert_eq!(
        out,
        "a\thref\thttps://example.org/d/x?a=1&b=2\nimg\tsrc\thttps://example.org/d/i.png\n"
    );
    // Without --base the relative `<base href>` cannot resolve: links are printed as written.
    let (_, out, _) = simdhtml(&["links", "-"], PAGE);
    assert_eq!(out, "a\thref\tx?a=1&b=2\nimg\tsrc\ti.png\n");
}

#[test]
fn stats_prints_a_header_and_one_tab_separated_line_per_page() {
    let tmp = tempfile::tempdir().unwrap();
    let (a, b) = (tmp.path().join("a.html"), tmp.path().join("b.html"));
    std::fs::write(&a, PAGE).unwrap();
    std::fs::write(&b, "<p>a<p>b").unwrap();
    let missing = tmp.path().join("missing.html");
    let paths = [&a, &missing, &b].map(|p| p.display().to_string());
    let (code, out, err) = simdhtml(&["stats", &paths[0], &paths[1], &paths[2]], b"");
    // A file that cannot be read: one line on stderr, the others are still done, status 1.
    assert_eq!(code, 1);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("missing.html"), "{err}");
    let rows: Vec<Vec<&str>> = out.lines().map(|l| l.split('\t').collect()).collect();
    assert_eq!(
        rows[0],
        [
            "path",
            "bytes",
            "elements",
            "text_bytes",
            "parse_errors",
            "encoding",
            "MB/s"
        ]
    );
    assert_eq!(rows.len(), 3, "{out}");
    assert_eq!(rows[1][..2], [paths[0].as_str(), &PAGE.len().to_string()]);
    // <html>, <head>, <body>, two <p>; text "a" and "b"; no doctype is one parse error.
    assert_eq!(
        rows[2][..6],
        [paths[2].as_str(), "8", "5", "2", "1", "windows-1252"]
    );
    assert!(rows[2][6].parse::<f64>().is_ok(), "{out}");
}

#[test]
fn missing_files_are_one_line_errors_with_status_2() {
    for cmd in ["html", "text", "links"] {
        let (code, out, err) = simdhtml(&[cmd, "/nonexistent/page.html"], b"");
        assert_eq!(code, 2, "{cmd}");
        assert_eq!(out, "", "{cmd}");
        assert_eq!(err.lines().count(), 1, "{cmd}: {err}");
        assert!(err.contains("/nonexistent/page.html"), "{cmd}: {err}");
    }
    let (code, _, err) = simdhtml(&["links", "-", "--base", "not a url"], b"");
    assert_eq!(code, 2);
    assert!(err.starts_with("error: "), "{err}");
}

#[test]
fn binary_input_is_a_one_line_error_with_status_2() {
    // An executable-like blob: NUL and control bytes throughout.
    let blob: Vec<u8> = (0..4096u32).map(|i| (i % 7) as u8).collect();
    for cmd in ["html", "text", "links", "tokens", "tree"] {
        let (code, out, err) = simdhtml(&[cmd, "-"], &blob);
        assert_eq!(code, 2, "{cmd}");
        assert!(out.is_empty(), "{cmd}: {out}");
        assert_eq!(err.lines().count(), 1, "{cmd}: {err}");
        assert!(err.contains("binary file"), "{cmd}: {err}");
    }
    // A page with a stray NUL is still HTML.
    let (code, out, _) = simdhtml(&["text", "-"], b"<p>a\0b</p>");
    assert_eq!(code, 0);
    assert_eq!(out.trim_end(), "ab");
}
