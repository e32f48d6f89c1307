//! `simdhtml text FILE|-`: the text a reader sees on the page, one block per line.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use simdhtml::extract::visible_text;
use simdhtml::{Arena, ParseOptions};

use super::load::{parse_bytes, read_input, warn_if_truncated};

/// Arguments of `simdhtml text`.
#[derive(Debug, Clone, Args)]
pub struct TextArgs {
    /// The page to read (any encoding: sniffed as a browser does); `-` reads standard input.
    pub file: String,
}

/// Runs `simdhtml text`.
///
/// # Errors
/// Unreadable input or standard output.
pub fn run(args: &TextArgs) -> anyhow::Result<ExitCode> {
    let bytes = read_input(&args.file)?;
    let arena = Arena::new();
    let options = ParseOptions::default();
    let (doc, _) = parse_bytes(&arena, &bytes, &options)?;
    warn_if_truncated(&args.file, &doc);
    std::io::stdout()
        .lock()
        .write_all(visible_text(&doc, options.scripting).as_bytes())
        .context("cannot write standard output")?;
    Ok(ExitCode::SUCCESS)
}
