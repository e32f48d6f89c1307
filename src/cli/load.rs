//! Reading one page and parsing it, shared by the page subcommands and `batch`.

use std::io::Read;
use std::path::Path;

use anyhow::Context;
use simdhtml::input::{Encoding, InputOptions, decode};
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

/// Decodes `bytes` as a browser does (BOM, `<meta>` prescan, else windows-1252) and parses the
/// document. Returns the document and the encoding it was decoded with.
///
/// (When `parse_document` takes bytes and re-parses on a late `<meta charset>`, this is the one
/// place to change.)
pub fn parse_bytes<'a>(
    arena: &'a Arena,
    bytes: &'a [u8],
    options: &ParseOptions,
) -> (Document<'a>, &'static Encoding) {
    // Without a transport charset the sniffing algorithm cannot fail.
    let decoded = match decode(arena, bytes, &InputOptions::default()) {
        Ok(d) => d,
        Err(_) => simdhtml::input::reparse(arena, bytes, encoding_rs::WINDOWS_1252),
    };
    (
        parse_document(arena, decoded.text, options),
        decoded.encoding,
    )
}
