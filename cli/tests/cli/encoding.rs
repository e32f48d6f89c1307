//! `cli/src/encoding.rs` (`simdhtml encoding`), compiled here on its own so that it is tested
//! before and after it is wired into `cli/src/main.rs`.

#[path = "../../src/encoding.rs"]
mod subcommand;
/// What `encoding` reads its files with (`super::load` there).
#[allow(unused_imports)]
use crate::load;

use clap::Parser;
use simdhtml::input::EncodingSource;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use subcommand::{EncodingArgs, format_line, run_to};

#[derive(Debug, Parser)]
struct Cli {
    #[command(flatten)]
    args: EncodingArgs,
}

fn parse(argv: &[&str]) -> Result<EncodingArgs, clap::Error> {
    Cli::try_parse_from(std::iter::once("simdhtml-encoding").chain(argv.iter().copied()))
        .map(|cli| cli.args)
}

/// A fresh scratch directory under the system's temporary directory.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "simdhtml-cli-encoding-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create scratch directory");
    dir
}

fn run(args: &EncodingArgs) -> (anyhow::Result<ExitCode>, String, String) {
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let result = run_to(args, &mut out, &mut err);
    (
        result,
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

/// The entry point `cli/src/main.rs` calls, with the signature the subcommands share.
#[test]
fn run_has_the_subcommand_signature() {
    let _: fn(&EncodingArgs) -> anyhow::Result<ExitCode> = subcommand::run;
}

#[test]
fn format_line_is_path_name_step() {
    assert_eq!(
        format_line(
            Path::new("a/b.html"),
            encoding_rs::SHIFT_JIS,
            EncodingSource::Meta
        ),
        "a/b.html\tShift_JIS\tmeta"
    );
}

#[test]
fn one_line_per_file_and_errors_for_missing_ones() {
    let dir = scratch_dir("lines");
    let meta = dir.join("meta.html");
    let bom = dir.join("bom.html");
    let plain = dir.join("plain.html");
    let missing = dir.join("missing.html");
    std::fs::write(&meta, "<meta charset=sjis>").unwrap();
    std::fs::write(&bom, "\u{FEFF}<p>").unwrap();
    std::fs::write(&plain, "<p>caf\u{e9}").unwrap();
    let paths = [&meta, &missing, &bom, &plain];
    let argv: Vec<&str> = paths.iter().map(|p| p.to_str().unwrap()).collect();

    let (result, out, err) = run(&parse(&argv).unwrap());
    assert_eq!(result.unwrap(), ExitCode::FAILURE);
    // The undeclared UTF-8 file: a local file, valid UTF-8 throughout, so UTF-8 (`utf8`).
    let expected = format!(
        "{}\tShift_JIS\tmeta\n{}\tUTF-8\tbom\n{}\tUTF-8\tutf8\n",
        meta.display(),
        bom.display(),
        plain.display()
    );
    assert_eq!(out, expected);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains(&missing.display().to_string()), "{err}");

    // A transport charset decides for the files without a BOM.
    let mut argv = argv;
    argv.retain(|a| *a != missing.to_str().unwrap());
    argv.extend(["--encoding", "latin1"]);
    let (result, out, err) = run(&parse(&argv).unwrap());
    assert_eq!(result.unwrap(), ExitCode::SUCCESS);
    assert!(err.is_empty());
    let steps: Vec<&str> = out.lines().map(|l| l.split('\t').nth(2).unwrap()).collect();
    assert_eq!(steps, ["transport", "bom", "transport"]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn unknown_label_is_an_error_naming_it() {
    let dir = scratch_dir("label");
    let file = dir.join("a.html");
    std::fs::write(&file, "<p>").unwrap();
    let args = parse(&[file.to_str().unwrap(), "--encoding", "no-such-charset"]).unwrap();
    let (result, out, _) = run(&args);
    let message = result.unwrap_err().to_string();
    assert!(message.contains("\"no-such-charset\""), "{message}");
    assert!(out.is_empty());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn guess_flags() {
    let dir = scratch_dir("guess");
    let file = dir.join("sjis.html");
    let text = "日本語のテキストです。これは文字コードの推測の試験です。".repeat(4);
    std::fs::write(&file, encoding_rs::SHIFT_JIS.encode(&text).0).unwrap();
    let (_, out, _) = run(&parse(&[file.to_str().unwrap()]).unwrap());
    assert!(out.ends_with("\tShift_JIS\tguess\n"), "{out}");
    let (_, out, _) = run(&parse(&[file.to_str().unwrap(), "--no-guess"]).unwrap());
    assert!(out.ends_with("\twindows-1252\tdefault\n"), "{out}");
    assert!(
        parse(&[file.to_str().unwrap(), "--guess-utf8"]).is_err(),
        "no such flag"
    );
    assert!(parse(&[]).is_err(), "FILE is required");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_late_meta_reports_reparse() {
    let dir = scratch_dir("reparse");
    let late = dir.join("late.html");
    let mut bytes = b"<head><title>".to_vec();
    bytes.extend(std::iter::repeat_n(b'x', 1100));
    bytes.extend(b"</title><meta charset=shift_jis></head><p>\x82\xA0");
    std::fs::write(&late, &bytes).unwrap();
    // Sniffing gives the default, tentatively; the tree builder meets the <meta>.
    let (result, out, _) = run(&parse(&[late.to_str().unwrap()]).unwrap());
    assert_eq!(result.unwrap(), ExitCode::SUCCESS);
    assert_eq!(out, format!("{}\tShift_JIS\treparse\n", late.display()));
    // The same page with a transport charset: certain, the <meta> changes nothing.
    let (_, out, _) = run(&parse(&[late.to_str().unwrap(), "--encoding", "utf-8"]).unwrap());
    assert_eq!(out, format!("{}\tUTF-8\ttransport\n", late.display()));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_binary_file_is_a_per_file_error() {
    let dir = scratch_dir("binary");
    let blob = dir.join("blob.bin");
    let page = dir.join("page.html");
    std::fs::write(
        &blob,
        (0..4096u32).map(|i| (i % 7) as u8).collect::<Vec<_>>(),
    )
    .unwrap();
    std::fs::write(&page, "\u{FEFF}<p>").unwrap();
    let args = parse(&[blob.to_str().unwrap(), page.to_str().unwrap()]).unwrap();
    let (result, out, err) = run(&args);
    assert_eq!(result.unwrap(), ExitCode::FAILURE);
    assert_eq!(out, format!("{}\tUTF-8\tbom\n", page.display()));
    assert_eq!(
        err,
        format!(
            "simdhtml: {}: binary file (control byte at offset 0), not HTML\n",
            blob.display()
        )
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A file whose first 16 KiB are ASCII (a long `<head>` of scripts) and whose text is UTF-8:
/// `utf8` (valid UTF-8 throughout), where the guess from the first 16 KiB gave windows-1252;
/// with an invalid byte after the text, the default; with `--no-guess-utf8`, windows-1252 (a
/// page from the network); with `--no-guess`, the default.
#[test]
fn utf8_after_a_long_ascii_head_is_utf8() {
    let dir = scratch_dir("utf8-whole");
    let mut page = b"<!doctype html><title>t</title><script>".to_vec();
    page.resize(simdhtml::input::GUESS_LIMIT + 300, b' ');
    page.extend_from_slice("</script><p>A dash \u{2014} here.".as_bytes());
    let utf8 = dir.join("utf8.html");
    std::fs::write(&utf8, &page).unwrap();
    page.extend_from_slice(b"<p>\xFF");
    let invalid = dir.join("invalid.html");
    std::fs::write(&invalid, &page).unwrap();
    let paths = [utf8.to_str().unwrap(), invalid.to_str().unwrap()];
    let steps = |flags: &[&str]| {
        let mut argv = paths.to_vec();
        argv.extend(flags);
        let (result, out, err) = run(&parse(&argv).unwrap());
        assert_eq!(result.unwrap(), ExitCode::SUCCESS, "{err}");
        out.lines()
            .map(|l| l.split('\t').skip(1).collect::<Vec<_>>().join(" "))
            .collect::<Vec<_>>()
    };
    assert_eq!(steps(&[]), ["UTF-8 utf8", "windows-1252 default"]);
    assert_eq!(
        steps(&["--no-guess-utf8"]),
        ["windows-1252 default", "windows-1252 default"]
    );
    assert_eq!(
        steps(&["--no-guess"]),
        ["windows-1252 default", "windows-1252 default"]
    );
    std::fs::remove_dir_all(&dir).unwrap();
}
