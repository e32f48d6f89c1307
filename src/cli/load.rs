//! Reading one page and parsing it, shared by the page subcommands and `batch`.

use std::io::Read;
use std::path::Path;

use anyhow::Context;
use simdhtml::input::Encoding;
use simdhtml::{Arena, Document, ParseOptions, parse_document};

/// The bytes of `path`, or of standard input for `-`.
///
/// # Errors
/// The file or standard input cannot be read, or holds binary data (see [`binary_offset`]);
/// the message names it.
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
    .and_then(|bytes| match binary_offset(&bytes) {
        Some(at) => {
            anyhow::bail!("{path} is a binary file (control byte at offset {at}), not HTML")
        }
        None => Ok(bytes),
    })
}

/// The node budget ([`ParseOptions::max_nodes`]) of the page commands and `batch` for a page of
/// `bytes` bytes, unless told otherwise: the larger of 1,000,000 nodes and one node per input
/// byte. Real pages have about one node per 74 bytes (the shared corpus), so only input built to
/// make the spec's tree grow with the square of its size (see `ParseOptions::max_nodes`)
/// reaches it; it keeps such a page to about 64 bytes of node records per input byte.
pub fn default_max_nodes(bytes: usize) -> usize {
    bytes.max(1_000_000)
}

/// Parses the document's bytes as a browser does (BOM, transport charset, `<meta>` prescan,
/// guess, default, and the re-parse when a later `<meta>` changes the encoding; 13.2.3).
/// Returns the document and the encoding it was decoded with. Without a node budget in
/// `options`, [`default_max_nodes`] applies (check [`Document::truncated`]).
///
/// # Errors
/// An unknown transport charset label in `options.input` (the message names it).
pub fn parse_bytes<'a>(
    arena: &'a Arena,
    bytes: &'a [u8],
    options: &ParseOptions,
) -> anyhow::Result<(Document<'a>, &'static Encoding)> {
    let budgeted;
    let options = match options.max_nodes {
        Some(_) => options,
        None => {
            budgeted = ParseOptions {
                max_nodes: Some(default_max_nodes(bytes.len())),
                ..options.clone()
            };
            &budgeted
        }
    };
    let doc = parse_document(arena, bytes, options)?;
    let encoding = doc.encoding();
    Ok((doc, encoding))
}

/// Tells standard error when `doc` (parsed from `path`) stopped at its node budget.
pub fn warn_if_truncated(path: &str, doc: &Document<'_>) {
    if doc.truncated() {
        eprintln!(
            "simdhtml: warning: {path}: the parse stopped at {} nodes (the node budget); \
             the output covers the page up to that point",
            doc.len()
        );
    }
}

/// A file that is not text, judged on its first 8 KiB when it has no UTF-16 byte order mark:
/// more than 1 % NUL bytes (and more than 3), or more than 5 % C0 control bytes (and more
/// than 8) other than tab, line feed, form feed, carriage return and escape. (HTML in an ASCII-compatible encoding has almost none; a
/// stray NUL in a page is parsed as the spec says. Compressed or executable data has many.)
/// Returns the offset of the first NUL or control byte.
pub fn binary_offset(bytes: &[u8]) -> Option<usize> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return None;
    }
    let sample = &bytes[..bytes.len().min(8192)];
    let is_control = |b: u8| b < 0x20 && !matches!(b, b'\t' | b'\n' | 0x0C | b'\r' | 0x1B);
    let nuls = sample.iter().filter(|&&b| b == 0).count();
    let controls = sample.iter().filter(|&&b| is_control(b)).count();
    // The floors keep a short page with a stray NUL or two from counting as binary.
    if nuls > (sample.len() / 100).max(3) || controls > (sample.len() / 20).max(8) {
        sample.iter().position(|&b| is_control(b))
    } else {
        None
    }
}
