//! `simdhtml encoding FILE... [--encoding LABEL]`: the encoding a browser decodes each file
//! with (the HTML Standard's encoding sniffing algorithm, 13.2.3.2, then "changing the encoding
//! while parsing", 13.2.3.4), and the step that decided it.
//!
//! One line per file on standard output: the path, a TAB, the encoding's WHATWG name (`UTF-8`,
//! `windows-1252`, `Shift_JIS`, ...), a TAB, the step (`bom`, `transport`, `meta`, `reparse`,
//! `utf8`, `guess` or `default`; `utf8`: nothing declared the encoding and the file is valid
//! UTF-8 throughout, with non-ASCII bytes, so it is UTF-8, unless `--no-guess-utf8`). When sniffing leaves the confidence tentative, the file is parsed, so
//! that a `<meta>` the tree builder meets can change the encoding (`reparse`). A file whose name
//! ends in `.gz` is decompressed first. A file that cannot be read or decompressed, or holds
//! binary data, gets a one-line error on standard error (`simdhtml: PATH: WHY`), the others are
//! still processed, and the exit status is 1. An unknown `--encoding` label is an error naming
//! the label, before any file is read.

use anyhow::Result;
use clap::Args;
use simdhtml::input::{Confidence, Encoding, EncodingSource, InputOptions, sniff};
use simdhtml::{Arena, ParseOptions, parse_document};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use super::load::{SniffArgs, read_input};

/// Arguments of `simdhtml encoding`.
#[derive(Debug, Args)]
pub struct EncodingArgs {
    /// The files to sniff (their bytes, as a browser would receive them); `-` reads standard
    /// input. A name ending in `.gz` is decompressed.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    #[command(flatten)]
    pub input: SniffArgs,
    /// Do not guess the encoding from the content when nothing declares it (by default a file
    /// that is valid UTF-8 throughout is UTF-8, else chardetng guesses, as the spec's step 8
    /// allows); take the default, windows-1252.
    #[arg(long)]
    pub no_guess: bool,
}

/// Runs `simdhtml encoding`, writing to standard output and standard error.
///
/// # Errors
/// An unknown `--encoding` label; a failure to write to standard output.
pub fn run(args: &EncodingArgs) -> Result<ExitCode> {
    run_to(
        args,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    )
}

/// [`run`] with the output streams given: a line per readable file on `out` (see
/// [`format_line`]), a line `simdhtml: PATH: WHY` per file that cannot be read or decompressed
/// or holds binary data on `err`. Returns exit status 1 if any file failed, else 0.
///
/// # Errors
/// An unknown `--encoding` label (the message names it); a failure to write to `out` or `err`.
pub fn run_to(args: &EncodingArgs, out: &mut dyn Write, err: &mut dyn Write) -> Result<ExitCode> {
    let options = InputOptions {
        guess: !args.no_guess,
        ..args.input.input_options()?
    };
    let mut all_read = true;
    for path in &args.files {
        match read_input(path, options.transport_charset) {
            Ok(bytes) => {
                let (encoding, source) = document_encoding(&bytes, &options);
                writeln!(out, "{}", format_line(path, encoding, source))?;
            }
            Err(e) => {
                writeln!(err, "simdhtml: {e:#}")?;
                all_read = false;
            }
        }
    }
    Ok(if all_read {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The encoding a document's `bytes` end up decoded with and the step that decided it: the
/// sniffing algorithm's answer when it is certain (BOM, transport), else the parse's
/// ([`simdhtml::Document::encoding`], which a `<meta>` met while parsing may have changed).
pub fn document_encoding(
    bytes: &[u8],
    options: &InputOptions,
) -> (&'static Encoding, EncodingSource) {
    let sniffed = sniff(bytes, options);
    if sniffed.confidence != Confidence::Tentative {
        return (sniffed.encoding, sniffed.source);
    }
    let arena = Arena::new();
    let options = ParseOptions {
        input: options.clone(),
        ..ParseOptions::default()
    };
    let Ok(doc) = parse_document(&arena, bytes, &options);
    (
        doc.encoding(),
        doc.encoding_source().unwrap_or(sniffed.source),
    )
}

/// One output line, without the newline: `PATH<TAB>NAME<TAB>STEP`, e.g.
/// `page.html\tShift_JIS\tmeta`.
pub fn format_line(path: &Path, encoding: &'static Encoding, source: EncodingSource) -> String {
    format!("{}\t{}\t{}", path.display(), encoding.name(), source)
}
