//! `simdhtml batch`, run as the built binary on scratch directories: one record per input in
//! input order, error records for bad inputs without stopping the batch, exit statuses,
//! `--fields`, `--base`, paths on standard input, and the same output whatever `--jobs`.

use crate::common;

/// Runs `simdhtml ARGS` with `stdin` (text) as standard input.
fn simdhtml(args: &[&str], stdin: &str) -> (i32, String, String) {
    common::cli::simdhtml(args, stdin.as_bytes())
}

use std::io::Write;
use std::path::{Path, PathBuf};

use serde_json::Value;

fn records(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn page(title: &str, body: &str) -> String {
    format!("<!doctype html><html lang=en><title>{title}</title><body>{body}</body></html>")
}

/// A scratch tree: good pages (`.html`, `.htm`, `.html.gz`, one in a subdirectory), a binary
/// file, a page over 2,000 bytes, a dangling symlink named like a page, a file that is not a
/// page, and (beside it) a directory without pages.
struct Tree {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
    empty: PathBuf,
}

fn tree() -> Tree {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("pages");
    let empty = tmp.path().join("empty");
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    std::fs::create_dir_all(&empty).unwrap();
    std::fs::write(empty.join("notes.txt"), "not a page").unwrap();
    std::fs::write(
        dir.join("a.html"),
        page(
            "A",
            "<p>Alpha <a href='/x'>x</a> <a href='javascript:go()'>js</a>",
        ),
    )
    .unwrap();
    std::fs::write(dir.join("b.htm"), page("B", "<p>Beta")).unwrap();
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    gz.write_all(page("C", "<p>Gamma").as_bytes()).unwrap();
    std::fs::write(dir.join("c.html.gz"), gz.finish().unwrap()).unwrap();
    std::fs::write(dir.join("sub/d.html"), page("D", "<p>Delta")).unwrap();
    let mut bin = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec();
    bin.extend((0u32..1500).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8));
    std::fs::write(dir.join("bin.html"), bin).unwrap();
    std::fs::write(dir.join("big.html"), page("Big", &"<p>words ".repeat(300))).unwrap();
    std::os::unix::fs::symlink(dir.join("nowhere"), dir.join("dead.html")).unwrap();
    std::fs::write(dir.join("readme.txt"), "not a page").unwrap();
    Tree {
        _tmp: tmp,
        dir,
        empty,
    }
}

fn s(p: &Path) -> String {
    p.display().to_string()
}

#[test]
fn one_record_per_input_in_order_with_error_records() {
    let t = tree();
    let (code, out, err) = simdhtml(
        &[
            "batch",
            &s(&t.dir),
            &s(&t.empty),
            "--max-bytes",
            "2000",
            "--fields",
            "title,text,links",
        ],
        "",
    );
    assert_eq!(code, 1, "some inputs failed: {err}");
    let recs = records(&out);
    let paths: Vec<&str> = recs.iter().map(|r| r["path"].as_str().unwrap()).collect();
    let names = [
        "a.html",
        "b.htm",
        "big.html",
        "bin.html",
        "c.html.gz",
        "dead.html",
        "sub/d.html",
    ];
    let mut want: Vec<String> = names.iter().map(|n| s(&t.dir.join(n))).collect();
    want.push(s(&t.empty));
    assert_eq!(paths, want);
    let failed: Vec<&str> = recs
        .iter()
        .filter(|r| r.get("error").is_some())
        .map(|r| r["path"].as_str().unwrap())
        .collect();
    assert_eq!(
        failed,
        [&want[2], &want[3], &want[5], &want[7]].map(String::as_str)
    );
    assert!(
        recs[2]["error"]
            .as_str()
            .unwrap()
            .contains("--max-bytes 2000")
    );
    assert!(
        recs[3]["error"]
            .as_str()
            .unwrap()
            .starts_with("binary file")
    );
    assert!(
        recs[5]["error"]
            .as_str()
            .unwrap()
            .starts_with("cannot read")
    );
    assert!(
        recs[7]["error"]
            .as_str()
            .unwrap()
            .contains("no .html or .htm")
    );
    // The good pages are unaffected by the bad ones.
    let good: Vec<(&str, &str)> = [0, 1, 4, 6]
        .iter()
        .map(|&i| {
            (
                recs[i]["title"].as_str().unwrap(),
                recs[i]["text"].as_str().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        good,
        [
            ("A", "Alpha x js\n"),
            ("B", "Beta\n"),
            ("C", "Gamma\n"),
            ("D", "Delta\n")
        ]
    );
    // Relative links stay as written without a base; `javascript:` links are left out.
    assert_eq!(recs[0]["links"], serde_json::json!(["/x"]));
    let a_len = std::fs::metadata(t.dir.join("a.html")).unwrap().len();
    assert_eq!(recs[0]["bytes"].as_u64(), Some(a_len));
    // A gzipped page's size is its size after decompression.
    assert_eq!(
        recs[4]["bytes"].as_u64(),
        Some(page("C", "<p>Gamma").len() as u64)
    );
    let summary = err.lines().last().unwrap();
    assert!(
        summary.starts_with("batch: 8 files,") && summary.ends_with("4 failures"),
        "{summary}"
    );
}

#[test]
fn fields_select_what_each_record_holds() {
    let t = tree();
    let a = s(&t.dir.join("a.html"));
    let (code, out, _) = simdhtml(&["batch", &a, "--fields", "lang,errors"], "");
    assert_eq!(code, 0);
    let recs = records(&out);
    assert_eq!(recs.len(), 1);
    let keys: Vec<&str> = recs[0]
        .as_object()
        .unwrap()
        .keys()
        .map(String::as_str)
        .collect();
    assert_eq!(keys, ["path", "bytes", "encoding", "lang", "errors"]);
    assert_eq!(recs[0]["lang"], "en");
    assert_eq!(recs[0]["encoding"], "windows-1252");
    // Default fields.
    let (_, out, _) = simdhtml(&["batch", &a], "");
    let keys: Vec<String> = records(&out)[0]
        .as_object()
        .unwrap()
        .keys()
        .cloned()
        .collect();
    assert_eq!(keys, ["path", "bytes", "encoding", "title", "lang"]);
}

#[test]
fn page_type_and_main_content_fields_read_the_page_once_and_agree() {
    let dir = tempfile::tempdir().unwrap();
    let product = dir.path().join("mug.html");
    std::fs::write(
        &product,
        "<script type=application/ld+json>{\"@type\": \"Product\", \"name\": \"Mug\"}</script>\
         <h1>Blue mug</h1><p>A mug of blue stoneware, made by hand, that holds a pint of tea.</p>",
    )
    .unwrap();
    let empty = dir.path().join("empty.html");
    std::fs::write(&empty, "<title>x</title>").unwrap();
    let (p, e) = (s(&product), s(&empty));
    let (code, out, err) = simdhtml(
        &[
            "batch",
            &p,
            &e,
            "--fields",
            "page_type,main_text,markdown,main_text",
        ],
        "",
    );
    assert_eq!(code, 0, "{err}");
    let recs = records(&out);
    assert_eq!(recs[0]["page_type"], "product");
    assert_eq!(recs[1]["page_type"], "other", "no text");
    // Each field is what the command prints, however many main-content fields are asked.
    let (_, main, _) = simdhtml(&["text", "--main", &p], "");
    assert_eq!(recs[0]["main_text"], main.as_str());
    let (_, md, _) = simdhtml(&["text", "--main", "--markdown", &p], "");
    assert_eq!(recs[0]["markdown"], md.as_str());
}

#[test]
fn base_resolves_relative_links_unless_the_page_has_a_base() {
    let tmp = tempfile::tempdir().unwrap();
    let plain = tmp.path().join("plain.html");
    let based = tmp.path().join("based.html");
    std::fs::write(
        &plain,
        page("P", "<a href='x/y?q=1'>l</a><img src='../i.png'>"),
    )
    .unwrap();
    std::fs::write(
        &based,
        "<base href='/docs/'><a href='z'>l</a><a href='#top'>t</a>",
    )
    .unwrap();
    let (code, out, _) = simdhtml(
        &[
            "batch",
            &s(&plain),
            &s(&based),
            "--fields",
            "links",
            "--base",
            "https://example.org/news/today.html",
        ],
        "",
    );
    assert_eq!(code, 0);
    let recs = records(&out);
    assert_eq!(
        recs[0]["links"],
        serde_json::json!([
            "https://example.org/news/x/y?q=1",
            "https://example.org/i.png"
        ])
    );
    assert_eq!(
        recs[1]["links"],
        serde_json::json!([
            "https://example.org/docs/z",
            "https://example.org/docs/#top"
        ])
    );
    let (code, _, err) = simdhtml(&["batch", &s(&plain), "--base", "relative/path"], "");
    assert_eq!(code, 2);
    assert!(err.contains("not an absolute URL"), "{err}");
}

#[test]
fn paths_on_standard_input_keep_their_order() {
    let t = tree();
    // A directory named like a page: listed on stdin it is a page that cannot be read.
    let fake = t.dir.join("x.html");
    std::fs::create_dir(&fake).unwrap();
    let list = [
        t.dir.join("sub/d.html"),
        fake.clone(),
        t.dir.join("a.html"),
        t.dir.join("missing.html"),
        t.dir.join("c.html.gz"),
    ];
    let stdin: String = list.iter().map(|p| format!("{}\n", s(p))).collect();
    for args in [&["batch"][..], &["batch", "-"][..]] {
        let (code, out, _) = simdhtml(args, &stdin);
        assert_eq!(code, 1);
        let recs = records(&out);
        let paths: Vec<String> = recs
            .iter()
            .map(|r| r["path"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(paths, list.iter().map(|p| s(p)).collect::<Vec<_>>());
        let errors: Vec<bool> = recs.iter().map(|r| r.get("error").is_some()).collect();
        assert_eq!(errors, [false, true, false, true, false]);
        assert!(
            recs[1]["error"]
                .as_str()
                .unwrap()
                .starts_with("cannot read")
        );
    }
}

#[test]
fn jobs_do_not_change_the_output() {
    let t = tree();
    let repo = common::repository_root().join("corpus");
    let run = |jobs: &str| {
        simdhtml(
            &[
                "batch",
                &s(&repo),
                &s(&t.dir),
                "--jobs",
                jobs,
                "--fields",
                "title,lang,text,links,encoding,errors",
            ],
            "",
        )
    };
    let (c1, o1, _) = run("1");
    let (c2, o2, _) = run("2");
    assert_eq!((c1, c2), (1, 1));
    assert!(records(&o1).len() > 15);
    assert!(o1 == o2, "--jobs 1 and --jobs 2 differ");
}

/// A page crafted so that the spec's tree grows with the square of its size stops at the node
/// budget with `"truncated": true`; the pages around it are untouched.
#[test]
fn the_node_budget_truncates_a_quadratic_page_and_only_it() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let (a, crafted, b) = (
        tmp.path().join("a.html"),
        tmp.path().join("crafted.html"),
        tmp.path().join("b.html"),
    );
    std::fs::write(&a, page("A", "<p>one")).unwrap();
    let paragraphs: String = (0..400).map(|i| format!("<p><b id={i}>x</p>")).collect();
    std::fs::write(&crafted, page("Crafted", &paragraphs)).unwrap();
    std::fs::write(&b, page("B", "<p>two")).unwrap();
    let paths = [s(&a), s(&crafted), s(&b)];
    // 400 paragraphs give ~80,000 `b` elements; a budget of 5,000 stops the crafted page only.
    let (code, out, _) = simdhtml(
        &[
            "batch",
            &paths[0],
            &paths[1],
            &paths[2],
            "--max-nodes",
            "5000",
        ],
        "",
    );
    assert_eq!(code, 0);
    let recs = records(&out);
    assert_eq!(recs.len(), 3);
    assert_eq!(recs[1]["truncated"], true, "{}", recs[1]);
    assert_eq!(recs[1]["title"], "Crafted");
    for i in [0, 2] {
        assert!(recs[i].get("truncated").is_none(), "{}", recs[i]);
    }
    // Under the default budget (at least 1,000,000 nodes) the same page is whole.
    let (_, out, _) = simdhtml(&["batch", &paths[1]], "");
    assert!(records(&out)[0].get("truncated").is_none(), "{out}");
}

#[test]
fn missing_path_is_an_error_record_and_bad_options_are_one_line_errors() {
    let t = tree();
    let (a, b) = (t.dir.join("a.html"), t.dir.join("b.htm"));
    let missing = t.dir.join("no-such-dir");
    // On the command line as on standard input: a record in its place, the batch goes on.
    let (code, out, err) = simdhtml(&["batch", &s(&a), &s(&missing), &s(&b)], "");
    assert_eq!(code, 1, "{err}");
    let recs = records(&out);
    let paths: Vec<&str> = recs.iter().map(|r| r["path"].as_str().unwrap()).collect();
    assert_eq!(paths, [s(&a), s(&missing), s(&b)]);
    assert_eq!(recs[0]["title"], "A");
    assert_eq!(recs[2]["title"], "B");
    let e = recs[1]["error"].as_str().unwrap();
    assert!(e.starts_with("cannot read: "), "{e}");
    assert_eq!(recs[1].as_object().unwrap().len(), 2, "{}", recs[1]);
    let (_, stdin_out, _) = simdhtml(&["batch"], &format!("{}\n", s(&missing)));
    assert_eq!(records(&stdin_out)[0], recs[1]);
    assert_eq!(err.lines().count(), 1, "only the summary: {err}");
    assert!(err.ends_with(" 1 failure\n"), "{err}");
    for bad in [
        &["batch", "--jobs", "0"][..],
        &["batch", "--fields", "title,colour"][..],
        &["batch", "--frobnicate"][..],
        &["batch", "--format", "xml"][..],
        &["batch", "--max-nodes", "0"][..],
    ] {
        let (code, out, err) = simdhtml(bad, "");
        assert_eq!(code, 2, "{bad:?}");
        assert_eq!(out, "");
        assert!(err.starts_with("error: "), "{bad:?}: {err}");
    }
}

#[test]
fn summary_counts_file_and_files() {
    let t = tree();
    let a = s(&t.dir.join("a.html"));
    let (code, _, err) = simdhtml(&["batch", &a], "");
    assert_eq!(code, 0);
    let summary = err.lines().last().unwrap();
    assert!(
        summary.starts_with("batch: 1 file, ") && summary.ends_with(", 0 failures"),
        "{summary}"
    );
    let (_, _, err) = simdhtml(&["batch", &a, &a], "");
    assert!(err.starts_with("batch: 2 files, "), "{err}");
}

#[test]
fn help_says_path_bytes_and_encoding_are_always_written() {
    let (code, out, _) = simdhtml(&["batch", "--help"], "");
    assert_eq!(code, 0);
    let flat = out.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("besides `path`, `bytes` and `encoding` (always written)"),
        "{out}"
    );
    assert!(flat.contains("--encoding <LABEL>"), "{out}");
}

#[test]
fn the_repository_corpus_parses_without_errors() {
    let repo = common::repository_root().join("corpus");
    let (code, out, err) = simdhtml(&["batch", &s(&repo), "--fields", "title,text,links"], "");
    assert_eq!(code, 0, "{err}");
    let recs = records(&out);
    assert_eq!(recs.len(), 15, "5 hand-written pages and 10 generated ones");
    for r in &recs {
        assert!(r.get("error").is_none(), "{r}");
        assert!(!r["text"].as_str().unwrap().is_empty(), "{r}");
    }
}

#[test]
fn the_shared_corpus_gives_279_records_without_errors() {
    let Some(dir) = common::require_data(
        "the_shared_corpus_gives_279_records_without_errors",
        common::shared_dir().join("corpus"),
    ) else {
        return;
    };
    let (code, out, err) = simdhtml(&["batch", &s(&dir), "--fields", "title"], "");
    assert_eq!(code, 0, "{err}");
    let recs = records(&out);
    assert_eq!(recs.len(), 279);
    assert!(recs.iter().all(|r| r.get("error").is_none()));
    // No real page comes near the default node budget.
    assert!(recs.iter().all(|r| r.get("truncated").is_none()));
}

/// `simdhtml batch < list | head -1`: the reader closes the pipe after the first record; the
/// workers stop and the command ends quietly with status 0.
#[test]
fn batch_into_a_closed_pipe_ends_quietly() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let repo = common::repository_root().join("corpus");
    let mut pages: Vec<String> = std::fs::read_dir(&repo)
        .unwrap()
        .map(|e| s(&e.unwrap().path()))
        .filter(|p| p.ends_with(".html") || p.ends_with(".htm"))
        .collect();
    pages.sort();
    assert!(!pages.is_empty());
    let list: String = pages
        .iter()
        .cycle()
        .take(20_000)
        .map(|p| format!("{p}\n"))
        .collect();
    let mut child = Command::new(env!("CARGO_BIN_EXE_simdhtml"))
        .args(["batch", "--jobs", "2"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start simdhtml");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(list.as_bytes())
        .unwrap();
    let (line, code, err) = common::cli::first_line_then_close(child);
    assert!(
        line.starts_with(&format!("{{\"path\":{:?}", pages[0])),
        "{line}"
    );
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
}
