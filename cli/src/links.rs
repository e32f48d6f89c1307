//! `simdhtml links FILE|- [--base URL]`: every link of a page, resolved.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use simdhtml::Arena;
use simdhtml::extract::links;
use url::Url;

use super::load::{SniffArgs, page_options, parse_bytes, read_input, warn_if_truncated};

/// Arguments of `simdhtml links`.
#[derive(Debug, Clone, Args)]
pub struct LinksArgs {
    /// The page to read (any encoding: sniffed as a browser does); `-` reads standard input.
    /// A name ending in `.gz` is decompressed; binary data is refused.
    pub file: String,
    #[command(flatten)]
    pub input: SniffArgs,
    /// The page's own address, to resolve relative links against (a `<base href>` in the page
    /// is applied on top of it), e.g. `https://example.org/news/`.
    #[arg(long, value_name = "URL", value_parser = parse_url)]
    pub base: Option<Url>,
}

/// Parses an absolute URL given on the command line.
///
/// # Errors
/// A relative or malformed URL, with the `url` crate's reason.
pub(crate) fn parse_url(s: &str) -> Result<Url, String> {
    Url::parse(s).map_err(|e| format!("not an absolute URL ({e})"))
}

/// Runs `simdhtml links`: one line per link, `TAG<TAB>ATTRIBUTE<TAB>URL`, in page order; the
/// URL is resolved when it can be, else printed as written.
///
/// # Errors
/// An unknown `--encoding` label; unreadable, binary or bad gzip input (the message names
/// it); a failure to write standard output.
pub fn run(args: &LinksArgs) -> anyhow::Result<ExitCode> {
    let options = page_options(&args.input)?;
    let bytes = read_input(&args.file, options.input.transport_charset)?;
    let arena = Arena::new();
    let (doc, _) = parse_bytes(&arena, &bytes, &options);
    warn_if_truncated(&args.file, &doc);
    let mut out = BufWriter::new(std::io::stdout().lock());
    for l in links(&doc, args.base.as_ref()) {
        writeln!(out, "{}\t{}\t{}", l.tag, l.attr, l.as_str())
            .context("cannot write standard output")?;
    }
    out.flush().context("cannot write standard output")?;
    Ok(ExitCode::SUCCESS)
}
