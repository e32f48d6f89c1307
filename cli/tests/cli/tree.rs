//! `simdhtml tree` (cli/src/tree.rs), compiled here on its own.

use crate::common;

/// What `tree` reads its input with (`super::load` there).
use crate::load;
#[path = "../../src/tree.rs"]
#[allow(dead_code)]
mod subcommand;

use std::process::ExitCode;

use subcommand::{TreeArgs, run, run_to};

fn args(file: Option<String>, fragment: Option<&str>, scripting: &str) -> TreeArgs {
    TreeArgs {
        file,
        input: load::SniffArgs {
            encoding: None,
            no_guess_utf8: false,
        },
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
    a.input.encoding = encoding.map(str::to_owned);
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

/// A file of `depth` nested `<div>`s, in a scratch directory that goes with the returned guard.
fn deep_file(depth: usize) -> (tempfile::TempDir, std::path::PathBuf) {
    let tmp = tempfile::tempdir().expect("temp dir");
    let path = tmp.path().join("deep.html");
    std::fs::write(&path, "<div>".repeat(depth)).unwrap();
    (tmp, path)
}

/// `simdhtml tree` on 20,000 nested `<div>`s writes its 400 MB dump as it walks the tree: the
/// run completes under a 256 MiB address-space limit (the whole dump in one string would not
/// fit), and the output is exactly the dump, counted as it streams by.
#[test]
fn tree_streams_the_dump_of_a_deep_document() {
    use std::io::{BufRead, BufReader, Read};
    use std::process::{Command, Stdio};
    const DEPTH: u64 = 20_000;
    let (_tmp, path) = deep_file(DEPTH as usize);
    let mut child = Command::new("sh")
        .args(["-c", "ulimit -v 262144 && exec \"$0\" tree \"$1\""])
        .arg(env!("CARGO_BIN_EXE_simdhtml"))
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start simdhtml");
    let mut out = BufReader::with_capacity(1 << 16, child.stdout.take().unwrap());
    let mut first = Vec::new();
    for _ in 0..5 {
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        first.push(line);
    }
    assert_eq!(
        first,
        [
            "| <html>\n",
            "|   <head>\n",
            "|   <body>\n",
            "|     <div>\n",
            "|       <div>\n"
        ]
    );
    let mut total: u64 = first.iter().map(|l| l.len() as u64).sum();
    let (mut buf, mut last) = (vec![0u8; 1 << 16], Vec::new());
    loop {
        let n = out.read(&mut buf).unwrap();
        if n == 0 {
            break;
        }
        total += n as u64;
        // Keep the last 64 KiB or more (a line of the deepest `<div>` is 40,010 bytes).
        if last.len() > 1 << 16 {
            last.drain(..last.len() - (1 << 16));
        }
        last.extend_from_slice(&buf[..n]);
    }
    let status = child.wait().unwrap();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    assert!(status.success(), "{status}: {err}");
    assert!(err.is_empty(), "{err}");
    // `| <html>`, `|   <head>`, `|   <body>`, then a `<div>` line at each depth 2..=DEPTH+1
    // (`| `, two spaces a level, `<div>`, newline).
    let divs: u64 = (2..=DEPTH + 1).map(|d| 2 + 2 * d + 6).sum();
    assert_eq!(total, 9 + 11 + 11 + divs);
    let deepest = format!("| {}<div>\n", "  ".repeat(DEPTH as usize + 1));
    assert!(last.ends_with(deepest.as_bytes()));
}

/// `simdhtml tree deep.html | head -2`: the reader closes the pipe; the command ends quietly
/// with status 0.
#[test]
fn tree_into_a_closed_pipe_ends_quietly() {
    use std::process::{Command, Stdio};
    let (_tmp, path) = deep_file(20_000);
    let child = Command::new(env!("CARGO_BIN_EXE_simdhtml"))
        .arg("tree")
        .arg(&path)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start simdhtml");
    let (line, code, err) = common::cli::first_line_then_close(child);
    assert_eq!(line, "| <html>\n");
    assert_eq!(code, Some(0), "{err}");
    assert!(err.is_empty(), "{err}");
}

#[test]
fn html5lib_dump_to_writes_what_html5lib_dump_returns() {
    use simdhtml::serialize::html5lib_dump::{html5lib_dump, html5lib_dump_to};
    let arena = simdhtml::Arena::new();
    let page = b"<!doctype html><template><b x=1 xlink:href=y>t</b></template><svg><path d=1/>\
                 </svg><!--c--><?pi data?><p>caf\xE9";
    let Ok(doc) = simdhtml::parse_document(&arena, page, &simdhtml::ParseOptions::default());
    let mut out = Vec::new();
    html5lib_dump_to(&doc, &mut out).unwrap();
    assert_eq!(String::from_utf8(out).unwrap(), html5lib_dump(&doc));
    // A writer that fails: the error comes back.
    struct Full;
    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::StorageFull.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let e = html5lib_dump_to(&doc, &mut Full).unwrap_err();
    assert_eq!(e.kind(), std::io::ErrorKind::StorageFull);
}

/// `--fragment` takes the html5lib tests' notation only: an HTML element's name, or `svg NAME`
/// / `math NAME`; anything else is a one-line error, not a silent HTML context.
#[test]
fn a_malformed_fragment_context_is_an_error() {
    for bad in ["SVG path", "td tr", "bogus thing", "svg ", "math  mi"] {
        let (code, out, err) =
            common::cli::simdhtml(&["tree", "--fragment", bad, "-"], b"<circle/>");
        assert_eq!((code, out.as_str()), (2, ""), "{bad:?}");
        assert_eq!(err.lines().count(), 1, "{bad:?}: {err}");
        assert!(err.contains("--fragment"), "{bad:?}: {err}");
    }
    let (code, out, _) =
        common::cli::simdhtml(&["tree", "--fragment", "svg path", "-"], b"<circle/>");
    assert_eq!(code, 0);
    assert!(out.contains("<svg circle>"), "{out}");
}
