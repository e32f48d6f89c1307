//! `simdhtml spans`, run as the built binary: one JSON object per node in tree order, in
//! exactly the documented shape; offsets of the decoded text (a BOM, windows-1252,
//! `--encoding`); `--scripting`; the input rules and errors of the other commands.

use crate::common;

use common::cli::{json_lines, simdhtml, simdhtml_str};
use serde_json::json;

#[test]
fn one_object_per_node_in_tree_order() {
    let page = "<!DOCTYPE html><p class=a hidden>x&amp;y</p><!--c--><svg viewBox='0 1'>\
                <path/></svg><template><b>t</b></template>";
    let (code, out, err) = simdhtml_str(&["spans"], page);
    assert_eq!((code, err.as_str()), (0, ""));
    let got = json_lines(&out);
    let want = [
        json!({"node": "doctype", "start": [0, 15], "end": null, "attrs": []}),
        json!({"node": "element", "name": "html", "start": null, "end": null, "attrs": []}),
        json!({"node": "element", "name": "head", "start": null, "end": null, "attrs": []}),
        json!({"node": "element", "name": "body", "start": null, "end": null, "attrs": []}),
        json!({"node": "element", "name": "p", "start": [15, 33], "end": [40, 44], "attrs": [
            {"name": "class", "name_span": [18, 23], "value_span": [24, 25]},
            {"name": "hidden", "name_span": [26, 32], "value_span": null}
        ]}),
        json!({"node": "text", "text": "x&y", "start": [33, 40], "end": null, "attrs": []}),
        json!({"node": "comment", "start": [44, 52], "end": null, "attrs": []}),
        json!({"node": "element", "name": "svg svg", "start": [52, 71], "end": [78, 84], "attrs": [
            {"name": "viewBox", "name_span": [57, 64], "value_span": [66, 69]}
        ]}),
        json!({"node": "element", "name": "svg path", "start": [71, 78], "end": null, "attrs": []}),
        json!({"node": "element", "name": "template", "start": [84, 94], "end": [102, 113],
               "attrs": []}),
        json!({"node": "element", "name": "b", "start": [94, 97], "end": [98, 102], "attrs": []}),
        json!({"node": "text", "text": "t", "start": [97, 98], "end": null, "attrs": []}),
    ];
    assert_eq!(got, want, "{out}");
    // Every start span slices to its tag.
    for r in &got {
        if let (Some(name), Some(start)) = (r["name"].as_str(), r["start"].as_array()) {
            let (s, e) = (
                start[0].as_u64().unwrap() as usize,
                start[1].as_u64().unwrap() as usize,
            );
            let tag = &page[s..e];
            let local = name.rsplit(' ').next().unwrap();
            assert!(
                tag.to_ascii_lowercase()
                    .starts_with(&format!("<{}", local.to_ascii_lowercase())),
                "{tag}"
            );
        }
    }
}

#[test]
fn offsets_are_of_the_decoded_text() {
    // A BOM is not counted; a windows-1252 é is two bytes of the decoded text.
    let (code, out, _) = simdhtml(&["spans"], b"\xEF\xBB\xBF<p>a");
    assert_eq!(code, 0);
    assert_eq!(json_lines(&out)[3]["start"], json!([0, 3]));
    let (code, out, _) = simdhtml(&["spans"], b"<p>\xE9</p>");
    assert_eq!(code, 0);
    let recs = json_lines(&out);
    assert_eq!(
        recs[4],
        json!({"node": "text", "text": "\u{e9}", "start": [3, 5], "end": null, "attrs": []})
    );
    assert_eq!(recs[3]["end"], json!([5, 9]));
    // With --encoding utf-8 the same bytes are one U+FFFD (three bytes).
    let (code, out, _) = simdhtml(&["spans", "--encoding", "utf-8"], b"<p>\xE9</p>");
    assert_eq!(code, 0);
    assert_eq!(json_lines(&out)[4]["start"], json!([3, 6]));
}

#[test]
fn scripting_files_and_errors() {
    // Scripting off: noscript content is markup.
    let (_, on, _) = simdhtml_str(
        &["spans", "--scripting", "on"],
        "<noscript><b>x</b></noscript>",
    );
    let (_, off, _) = simdhtml_str(
        &["spans", "--scripting", "off"],
        "<noscript><b>x</b></noscript>",
    );
    assert!(!on.contains("\"name\":\"b\""));
    assert!(off.contains("\"name\":\"b\""));
    // A file, and a missing one.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.html");
    std::fs::write(&path, "<i>x</i>").unwrap();
    let (code, out, _) = simdhtml(&["spans", path.to_str().unwrap()], b"");
    assert_eq!(code, 0);
    assert!(out.contains("\"start\":[0,3]"), "{out}");
    let (code, out, err) = simdhtml(&["spans", "/no/such/file.html"], b"");
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    let (code, _, err) = simdhtml(&["spans", "--encoding", "klingon"], b"<p>");
    assert_eq!(code, 2);
    assert!(err.contains("\"klingon\""), "{err}");
}
