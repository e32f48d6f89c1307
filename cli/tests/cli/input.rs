//! What every subcommand does with its input, run as the built binary: `.gz` names are
//! decompressed (and a `.gz` that is not gzip data is a clear error), binary files are refused,
//! `--encoding` is the transport charset (an unknown label is the same one-line error
//! everywhere), and errors about one input read `simdhtml: PATH: WHY`.

use crate::common;

use common::cli::simdhtml;

use std::io::Write;
use std::path::{Path, PathBuf};

/// The commands that read one input and stop at an error (status 2).
const SINGLE: [&str; 5] = ["tokens", "tree", "html", "text", "links"];

/// A page in Shift_JIS without a declaration: `あ` is `\x82\xA0`.
const SJIS_PAGE: &[u8] = b"<title>T</title><p>\x82\xA0 <a href=x>l</a>";

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(bytes).unwrap();
    gz.finish().unwrap()
}

fn s(p: &Path) -> String {
    p.display().to_string()
}

/// A scratch directory with `page.html`, the same page as `page.html.gz`, a `fake.html.gz`
/// that is not gzip data and `blob.bin`, a binary file.
fn scratch() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().to_path_buf();
    let page = b"<!doctype html><title>T</title><p>caf\xE9 <a href='/x'>x</a>";
    std::fs::write(dir.join("page.html"), page).unwrap();
    std::fs::write(dir.join("page.html.gz"), gzip(page)).unwrap();
    std::fs::write(dir.join("fake.html.gz"), b"<p>not compressed").unwrap();
    let blob: Vec<u8> = (0..4096u32).map(|i| (i % 7) as u8).collect();
    std::fs::write(dir.join("blob.bin"), blob).unwrap();
    (tmp, dir)
}

#[test]
fn every_page_command_decompresses_a_gz_name() {
    let (_tmp, dir) = scratch();
    let (plain, gz) = (s(&dir.join("page.html")), s(&dir.join("page.html.gz")));
    for cmd in SINGLE {
        let (code, want, err) = simdhtml(&[cmd, &plain], b"");
        assert_eq!(code, 0, "{cmd}: {err}");
        let (code, got, err) = simdhtml(&[cmd, &gz], b"");
        assert_eq!(code, 0, "{cmd}: {err}");
        assert_eq!(got, want, "{cmd}");
    }
    // `encoding` and `stats` print the path, then the same.
    let rest = |out: &str, path: &str| out.replace(path, "PATH");
    let (_, want, _) = simdhtml(&["encoding", &plain], b"");
    let (code, got, _) = simdhtml(&["encoding", &gz], b"");
    assert_eq!(code, 0);
    assert_eq!(rest(&got, &gz), rest(&want, &plain));
    let columns = |out: &str| -> Vec<String> {
        let row = out.lines().nth(1).expect("a row").split('\t');
        row.skip(1).take(5).map(str::to_owned).collect()
    };
    let (_, want, _) = simdhtml(&["stats", &plain], b"");
    let (code, got, _) = simdhtml(&["stats", &gz], b"");
    assert_eq!(code, 0);
    assert_eq!(columns(&got), columns(&want));
}

#[test]
fn a_gz_name_that_is_not_gzip_data_is_an_error_naming_it() {
    let (_tmp, dir) = scratch();
    let (fake, plain) = (s(&dir.join("fake.html.gz")), s(&dir.join("page.html")));
    let want = format!("simdhtml: {fake}: not gzip data (the name ends in .gz)\n");
    for cmd in SINGLE {
        let (code, out, err) = simdhtml(&[cmd, &fake], b"");
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (2, "", want.as_str()),
            "{cmd}"
        );
    }
    for cmd in ["encoding", "stats"] {
        let (code, out, err) = simdhtml(&[cmd, &fake, &plain], b"");
        assert_eq!((code, err.as_str()), (1, want.as_str()), "{cmd}");
        assert!(
            out.contains(&plain),
            "{cmd}: the other file is still done: {out}"
        );
    }
    let (code, out, _) = simdhtml(&["batch", &fake, &plain], b"");
    assert_eq!(code, 1);
    let recs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        recs[0],
        serde_json::json!({"path": fake, "error": "not gzip data (the name ends in .gz)"})
    );
    assert_eq!(recs[1]["title"], "T");
    // Gzip data cut short.
    let cut = dir.join("cut.html.gz");
    let whole = std::fs::read(dir.join("page.html.gz")).unwrap();
    std::fs::write(&cut, &whole[..whole.len() - 12]).unwrap();
    let (code, _, err) = simdhtml(&["text", &s(&cut)], b"");
    assert_eq!(code, 2);
    assert!(
        err.starts_with(&format!("simdhtml: {}: bad gzip data: ", s(&cut))),
        "{err}"
    );
}

#[test]
fn every_command_refuses_a_binary_file() {
    let (_tmp, dir) = scratch();
    let (blob, plain) = (s(&dir.join("blob.bin")), s(&dir.join("page.html")));
    let want = format!("simdhtml: {blob}: binary file (control byte at offset 0), not HTML\n");
    for cmd in SINGLE {
        let (code, out, err) = simdhtml(&[cmd, &blob], b"");
        assert_eq!(
            (code, out.as_str(), err.as_str()),
            (2, "", want.as_str()),
            "{cmd}"
        );
    }
    // The commands that take several files report it and go on.
    for cmd in ["encoding", "stats"] {
        let (code, out, err) = simdhtml(&[cmd, &blob, &plain], b"");
        assert_eq!((code, err.as_str()), (1, want.as_str()), "{cmd}");
        assert!(!out.contains(&blob), "{cmd}: {out}");
        assert!(out.contains(&plain), "{cmd}: {out}");
    }
    // Standard input is named as such.
    let bytes = std::fs::read(dir.join("blob.bin")).unwrap();
    let (code, _, err) = simdhtml(&["tree", "-"], &bytes);
    assert_eq!(code, 2);
    assert_eq!(
        err,
        "simdhtml: standard input: binary file (control byte at offset 0), not HTML\n"
    );
}

/// UTF-16 text without a byte order mark looks binary (every ASCII character comes with a NUL
/// byte); naming the encoding with `--encoding` lets it through, for every command.
#[test]
fn a_utf16_page_with_its_encoding_named_is_not_binary() {
    let (_tmp, dir) = scratch();
    let path = dir.join("utf16le.html");
    let text = "<!doctype html><title>T</title><p>Hello, w\u{f6}rld</p>";
    let bytes: Vec<u8> = text.encode_utf16().flat_map(u16::to_le_bytes).collect();
    std::fs::write(&path, bytes).unwrap();
    let p = s(&path);
    let (code, out, err) = simdhtml(&["text", &p, "--encoding", "utf-16le"], b"");
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.contains("Hello, w\u{f6}rld"), "{out}");
    let (code, _, err) = simdhtml(&["text", &p], b"");
    assert_eq!(code, 2);
    assert!(err.contains("binary file"), "{err}");
    let (code, out, _) = simdhtml(
        &["batch", &p, "--encoding", "UTF-16LE", "--fields", "title"],
        b"",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains(r#""title":"T""#), "{out}");
}

/// A small `.gz` that inflates past 64 MiB is refused by the page commands (`batch` has
/// `--max-bytes`), before it is parsed.
#[test]
fn a_gz_that_inflates_past_the_limit_is_refused() {
    let (_tmp, dir) = scratch();
    let path = dir.join("bomb.html.gz");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    let block = "<p>a".repeat(1 << 16);
    for _ in 0..257 {
        gz.write_all(block.as_bytes()).unwrap();
    }
    std::fs::write(&path, gz.finish().unwrap()).unwrap();
    let p = s(&path);
    let (code, out, err) = simdhtml(&["text", &p], b"");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.starts_with(&format!("simdhtml: {p}: over the decompression limit")),
        "{err}"
    );
}

#[test]
fn encoding_is_the_transport_charset_for_every_command() {
    let tmp = tempfile::tempdir().unwrap();
    let page = tmp.path().join("sjis.html");
    std::fs::write(&page, SJIS_PAGE).unwrap();
    let p = s(&page);
    let run = |args: &[&str]| {
        let (code, out, err) = simdhtml(args, b"");
        assert_eq!(code, 0, "{args:?}: {err}");
        out
    };
    assert!(run(&["text", &p, "--encoding", "sjis"]).contains('\u{3042}'));
    assert!(!run(&["text", &p, "--encoding", "latin1"]).contains('\u{3042}'));
    assert!(run(&["html", &p, "--encoding", "sjis"]).contains('\u{3042}'));
    assert!(run(&["tree", &p, "--encoding", "sjis"]).contains('\u{3042}'));
    assert!(run(&["tokens", &p, "--encoding", "sjis"]).contains('\u{3042}'));
    assert_eq!(
        run(&["links", &p, "--encoding", "sjis"]),
        "a\thref\tx\n",
        "the option is accepted"
    );
    let stats = run(&["stats", &p, "--encoding", "sjis"]);
    assert_eq!(
        stats.lines().nth(1).unwrap().split('\t').nth(5),
        Some("Shift_JIS")
    );
    assert_eq!(
        run(&["encoding", &p, "--encoding", "sjis"]),
        format!("{p}\tShift_JIS\ttransport\n")
    );
    // batch: for every page.
    let out = run(&["batch", &p, &p, "--encoding", "sjis", "--fields", "text"]);
    let recs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(recs.len(), 2);
    for r in &recs {
        assert_eq!(r["encoding"], "Shift_JIS", "{r}");
        assert!(r["text"].as_str().unwrap().contains('\u{3042}'), "{r}");
    }
}

#[test]
fn an_unknown_label_is_the_same_one_line_error_everywhere() {
    let tmp = tempfile::tempdir().unwrap();
    let page = tmp.path().join("a.html");
    std::fs::write(&page, "<p>a").unwrap();
    let p = s(&page);
    let want = "simdhtml: unknown encoding label \"no-such-charset\" given to --encoding (not a \
                label of the WHATWG Encoding Standard)\n";
    for cmd in [
        "tokens", "tree", "html", "text", "links", "stats", "encoding", "batch",
    ] {
        let (code, out, err) = simdhtml(&[cmd, &p, "--encoding", "no-such-charset"], b"");
        assert_eq!((code, out.as_str(), err.as_str()), (2, "", want), "{cmd}");
    }
}

#[test]
fn a_missing_file_is_one_line_naming_it() {
    let missing = "/nonexistent/simdhtml/page.html";
    let want = format!("simdhtml: {missing}: cannot read: No such file or directory");
    for cmd in SINGLE {
        let (code, out, err) = simdhtml(&[cmd, missing], b"");
        assert_eq!((code, out.as_str()), (2, ""), "{cmd}");
        assert_eq!(err.lines().count(), 1, "{cmd}: {err}");
        assert!(err.starts_with(&want), "{cmd}: {err}");
    }
    for cmd in ["encoding", "stats"] {
        let (code, _, err) = simdhtml(&[cmd, missing], b"");
        assert_eq!(code, 1, "{cmd}");
        assert_eq!(err.lines().count(), 1, "{cmd}: {err}");
        assert!(err.starts_with(&want), "{cmd}: {err}");
    }
}
