//! Reading one page and parsing it, shared by the page subcommands and `batch`.

use std::io::Read;
use std::path::Path;

use anyhow::Context;
use simdhtml::input::Encoding;
use simdhtml::{Arena, Document, ParseOptions, parse_document};

/// The bytes of `path`, or of standard input for `-`.
///
/// # Errors
/// The file or standard input cannot be read (the message names it).
pub fn read_input(path: &str) -> anyhow::Result<Vec<u8>> {
    if path == "-" {
        let mut v = Vec::new();
        std::io::stdin()
            .read_to_end(&mut v)
            .context("cannot read standard input")?;
        Ok(v)
    } else {
        std::fs::read(Path::new(path)).with_context(|| format!("cannot read {path}"))
    }
}

/// Parses the document's bytes as a browser does (BOM, transport charset, `<meta>` prescan,
/// guess, default, and the re-parse when a later `<meta>` changes the encoding; 13.2.3).
/// Returns the document and the encoding it was decoded with.
///
/// # Errors
/// An unknown transport charset label in `options.input` (the message names it).
pub fn parse_bytes<'a>(
    arena: &'a Arena,
    bytes: &'a [u8],
    options: &ParseOptions,
) -> anyhow::Result<(Document<'a>, &'static Encoding)> {
    let doc = parse_document(arena, bytes, options)?;
    let encoding = doc.encoding();
    Ok((doc, encoding))
}
