//! `simdhtml html FILE|-`: parse a page and print it serialised by the HTML fragment
//! serialisation algorithm (13.3) — the page as a browser's DOM has it, with the tags the parser
//! implied written out.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use simdhtml::serialize::{SerializeOptions, serialize_document_to};
use simdhtml::{Arena, ParseOptions};

use super::load::{parse_bytes, read_input, warn_if_truncated};

/// Arguments of `simdhtml html`.
#[derive(Debug, Clone, Args)]
pub struct HtmlArgs {
    /// The page to parse (any encoding: sniffed as a browser does); `-` reads standard input.
    pub file: String,
}

/// Runs `simdhtml html`.
///
/// # Errors
/// Unreadable input or standard output.
pub fn run(args: &HtmlArgs) -> anyhow::Result<ExitCode> {
    let bytes = read_input(&args.file)?;
    let arena = Arena::new();
    let (doc, _) = parse_bytes(&arena, &bytes, &ParseOptions::default())?;
    warn_if_truncated(&args.file, &doc);
    let mut out = BufWriter::new(std::io::stdout().lock());
    serialize_document_to(&doc, &SerializeOptions::default(), &mut out)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .context("cannot write standard output")?;
    Ok(ExitCode::SUCCESS)
}
