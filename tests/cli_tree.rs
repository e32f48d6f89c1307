//! `simdhtml tree` (src/cli/tree.rs), compiled here on its own.
#![cfg(feature = "cli")]

#[path = "../src/cli/tree.rs"]
#[allow(dead_code)]
mod tree;

use std::process::ExitCode;

use tree::{TreeArgs, run, run_to};

fn args(file: Option<String>, fragment: Option<&str>, scripting: &str) -> TreeArgs {
    TreeArgs {
        file,
        encoding: None,
        fragment: fragment.map(str::to_owned),
        scripting: scripting.to_owned(),
        chunk_size: None,
        scalar: false,
    }
}

/// The dump of `bytes` written to a scratch file, with `--encoding` set to `encoding`.
fn dump(name: &str, bytes: &[u8], encoding: Option<&str>) -> anyhow::Result<String> {
    let dir = std::env::temp_dir().join(format!("simdhtml-cli-tree-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("in.html");
    std::fs::write(&path, bytes).unwrap();
    let mut a = args(Some(path.to_string_lossy().into_owned()), None, "on");
    a.encoding = encoding.map(str::to_owned);
    let mut out = Vec::new();
    let result = run_to(&a, &mut out);
    std::fs::remove_dir_all(&dir).unwrap();
    result.map(|_| String::from_utf8(out).expect("the dump is UTF-8"))
}

#[test]
fn bytes_in_any_encoding() {
    // Not UTF-8: windows-1252 by default, Shift_JIS from the <meta>, UTF-8 by --encoding.
    let out = dump("latin", b"<p>caf\xE9", None).unwrap();
    assert!(out.contains("\"caf\u{e9}\""), "{out}");
    let out = dump("sjis", b"<meta charset=sjis><p>\x82\xA0", None).unwrap();
    assert!(out.contains("\"\u{3042}\""), "{out}");
    let out = dump("utf8", "<p>caf\u{e9}".as_bytes(), Some("utf-8")).unwrap();
    assert!(out.contains("\"caf\u{e9}\""), "{out}");
    let e = dump("label", b"<p>", Some("no-such-charset")).unwrap_err();
    assert!(format!("{e:#}").contains("\"no-such-charset\""), "{e:#}");
}

#[test]
fn parses_a_file_and_a_fragment() {
    let dir = std::env::temp_dir().join(format!("simdhtml-cli-tree-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("in.html");
    std::fs::write(&path, "<p>x<td>y").unwrap();
    let file = Some(path.to_string_lossy().into_owned());
    assert_eq!(
        run(&args(file.clone(), None, "on")).unwrap(),
        ExitCode::SUCCESS
    );
    assert_eq!(
        run(&args(file.clone(), Some("tr"), "off")).unwrap(),
        ExitCode::SUCCESS
    );
    assert_eq!(
        run(&args(file, Some("svg path"), "on")).unwrap(),
        ExitCode::SUCCESS
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_options_and_unreadable_input_are_errors() {
    let missing = Some("/nonexistent/simdhtml/input.html".to_owned());
    let e = run(&args(missing, None, "on")).unwrap_err();
    assert!(format!("{e:#}").contains("cannot read"), "{e:#}");
    let e = run(&args(None, None, "maybe")).unwrap_err();
    assert!(format!("{e:#}").contains("--scripting"), "{e:#}");
}
