//! Reading one page and parsing it, shared by the page subcommands and `batch`.
//!
//! Errors about one input are written `simdhtml: PATH: MESSAGE` on standard error by the page
//! commands and `{"path": PATH, "error": MESSAGE}` by `batch`; the messages here do not repeat
//! the path.

use std::io::{Read, Write};
use std::path::Path;
use std::process::ExitCode;

use anyhow::{Context, anyhow, bail};
use clap::Args;
use simdhtml::input::{Encoding, InputOptions};
use simdhtml::{Arena, Document, ParseOptions, parse_document};

/// How many bytes the page commands decompress from a `.gz` input at most (64 MiB, `batch`'s
/// default `--max-bytes`): a small file that inflates to gigabytes is refused, not parsed.
pub const PAGE_GZ_LIMIT: u64 = 64 * 1024 * 1024;

/// The bytes of a page command's input: standard input for `-`, else the file as
/// [`read_file`] reads it (a `.gz` name is decompressed, up to [`PAGE_GZ_LIMIT`] bytes). The
/// error names the input. `encoding` is the command's `--encoding` ([`transport_charset`]):
/// when it is UTF-16, the bytes are not checked for binary data (UTF-16 text without a byte
/// order mark is full of NUL bytes).
///
/// # Errors
/// The input cannot be read or decompressed, or holds binary data (see [`binary_offset`]); the
/// message is `PATH: WHY` (`standard input: WHY` for `-`).
pub fn read_input(
    path: impl AsRef<Path>,
    encoding: Option<&'static Encoding>,
) -> anyhow::Result<Vec<u8>> {
    let path = path.as_ref();
    if path.as_os_str() == "-" {
        let mut v = Vec::new();
        std::io::stdin()
            .read_to_end(&mut v)
            .map_err(|e| anyhow!(e).context("cannot read"))
            .and_then(|_| not_binary(&v, encoding))
            .context("standard input")?;
        Ok(v)
    } else {
        let limit = (
            PAGE_GZ_LIMIT,
            "the decompression limit for .gz input, bytes:",
        );
        let bytes = read_file(path, is_gz_name(path).then_some(limit))
            .and_then(|b| not_binary(&b, encoding).map(|()| b))
            .with_context(|| path.display().to_string())?;
        Ok(bytes)
    }
}

/// Whether `path`'s name ends in `.gz` (ASCII case-insensitively): such a file is decompressed.
fn is_gz_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("gz"))
}

/// The bytes of the file at `path`, decompressed when its name ends in `.gz` (any number of
/// gzip members, as `gzip -d` reads them), at most `max_bytes.0` of them (after decompression)
/// when given; `max_bytes.1` names that limit in the error (`--max-bytes`). The error does not
/// name the file.
///
/// # Errors
/// `cannot read: …` (the file cannot be opened or read), `not gzip data (the name ends in
/// .gz)`, `bad gzip data: …` (a gzip stream that is cut short or corrupt), `N bytes, over
/// LIMIT M` or (decompressed) `over LIMIT M`, LIMIT the name given with the limit.
pub fn read_file(path: &Path, max_bytes: Option<(u64, &str)>) -> anyhow::Result<Vec<u8>> {
    let mut file = std::fs::File::open(path).context("cannot read")?;
    let gz = is_gz_name(path);
    let mut bytes = Vec::new();
    let reader: Box<dyn Read> = if gz {
        let mut magic = Vec::with_capacity(2);
        (&mut file)
            .take(2)
            .read_to_end(&mut magic)
            .context("cannot read")?;
        if magic != [0x1F, 0x8B] {
            bail!("not gzip data (the name ends in .gz)");
        }
        Box::new(flate2::read::MultiGzDecoder::new(
            std::io::Cursor::new(magic).chain(file),
        ))
    } else {
        if let Some((max, name)) = max_bytes
            && let Ok(m) = file.metadata()
            && m.len() > max
        {
            bail!("{} bytes, over {name} {max}", m.len());
        }
        Box::new(file)
    };
    let limit = max_bytes.map_or(u64::MAX, |(m, _)| m.saturating_add(1));
    reader.take(limit).read_to_end(&mut bytes).context(if gz {
        "bad gzip data"
    } else {
        "cannot read"
    })?;
    if let Some((max, name)) = max_bytes
        && bytes.len() as u64 > max
    {
        bail!("over {name} {max}");
    }
    Ok(bytes)
}

/// `Ok` unless `bytes` are binary data ([`binary_offset`]); the error says where the first
/// control byte is. With an `encoding` (the transport charset) of UTF-16 (LE or BE), always
/// `Ok`: the caller declared 16-bit text, whose ASCII characters come with NUL bytes.
///
/// # Errors
/// `binary file (control byte at offset N), not HTML`.
pub fn not_binary(bytes: &[u8], encoding: Option<&'static Encoding>) -> anyhow::Result<()> {
    let utf16 = encoding.is_some_and(|e| e == encoding_rs::UTF_16LE || e == encoding_rs::UTF_16BE);
    match binary_offset(bytes) {
        Some(at) if !utf16 => bail!("binary file (control byte at offset {at}), not HTML"),
        _ => Ok(()),
    }
}

/// The transport charset `--encoding` names (`None` without the option), by
/// [`simdhtml::input::transport_charset`]; every command asks for it before reading any input.
///
/// # Errors
/// `unknown encoding label "LABEL" given to --encoding (not a label of the WHATWG Encoding
/// Standard)`.
pub fn transport_charset(label: Option<&str>) -> anyhow::Result<Option<&'static Encoding>> {
    label
        .map(|label| {
            simdhtml::input::transport_charset(label).map_err(|_| {
                anyhow!(
                    "unknown encoding label {label:?} given to --encoding (not a label of the \
                     WHATWG Encoding Standard)"
                )
            })
        })
        .transpose()
}

/// How the page commands read a file's encoding: `--encoding` and `--no-guess-utf8`.
///
/// A file is read as a browser reads a local file (a `file:` URL): the encoding sniffing
/// algorithm (13.2.3.2) as for any page, where step 8, for a page that declares nothing, reads
/// it as UTF-8 when it is valid UTF-8 throughout (step `utf8`, as Firefox does for local files)
/// and otherwise guesses, maybe UTF-8. For pages from the network browsers must not read
/// UTF-8 by a guess (so that sites cannot come to depend on it); `--no-guess-utf8` reads a file
/// that way.
#[derive(Debug, Clone, Args)]
pub struct SniffArgs {
    /// The transport layer's charset, as an HTTP `Content-Type` charset would give it: any
    /// label of the WHATWG Encoding Standard (`utf-8`, `sjis`, `latin1`, ...). A BOM still wins
    /// over it.
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// Read the file as a page from the network: a page that declares no encoding is never
    /// read as UTF-8 by a guess (a legacy encoding, windows-1252 unless its bytes say
    /// otherwise). Without it an undeclared page that is valid UTF-8 throughout is UTF-8, and
    /// the guess may say UTF-8, as browsers read local files.
    #[arg(long)]
    pub no_guess_utf8: bool,
}

impl SniffArgs {
    /// The input options: `--encoding` as the transport charset ([`transport_charset`]),
    /// `guess_utf8` (the whole-input UTF-8 check, and the guess allowed to say UTF-8) unless
    /// `--no-guess-utf8`.
    ///
    /// # Errors
    /// An unknown `--encoding` label ([`transport_charset`]).
    pub fn input_options(&self) -> anyhow::Result<InputOptions> {
        Ok(InputOptions {
            transport_charset: transport_charset(self.encoding.as_deref())?,
            guess_utf8: !self.no_guess_utf8,
            ..InputOptions::default()
        })
    }
}

/// The parse options of the page commands: the defaults, with the input options of `input`.
///
/// # Errors
/// An unknown `--encoding` label ([`transport_charset`]).
pub fn page_options(input: &SniffArgs) -> anyhow::Result<ParseOptions> {
    Ok(ParseOptions {
        input: input.input_options()?,
        ..ParseOptions::default()
    })
}

/// Parses the document's bytes as a browser does (BOM, transport charset, `<meta>` prescan,
/// guess, default, and the re-parse when a later `<meta>` changes the encoding; 13.2.3).
/// Returns the document and the encoding it was decoded with. Without a node budget in
/// `options`, the library's page budget applies ([`simdhtml::page_node_budget`]; check
/// [`Document::truncated`]).
pub fn parse_bytes<'a>(
    arena: &'a Arena,
    bytes: &'a [u8],
    options: &ParseOptions,
) -> (Document<'a>, &'static Encoding) {
    let budgeted;
    let options = match options.max_nodes {
        Some(_) => options,
        None => {
            budgeted = ParseOptions {
                max_nodes: Some(simdhtml::page_node_budget(bytes.len())),
                ..options.clone()
            };
            &budgeted
        }
    };
    let Ok(doc) = parse_document(arena, bytes, options);
    let encoding = doc.encoding();
    (doc, encoding)
}

/// The page loop of the commands that take many files (`select`, `stats`): reads each of
/// `files` in order ([`read_input`], `encoding` the transport charset) and runs `page` on its
/// path and bytes with `arena` reset for it. A file that cannot be read gets one line on
/// standard error, `simdhtml: PATH: WHY`, after what `out` holds so far is written, and the
/// others are still done. Returns exit status 1 if a file could not be read, else 0, with
/// `out` flushed.
///
/// # Errors
/// The first error of `page` (the loop stops there); `out` cannot be written.
pub fn for_each_page<W: Write>(
    files: &[String],
    encoding: Option<&'static Encoding>,
    out: &mut W,
    mut page: impl FnMut(&mut W, &str, &[u8], &Arena) -> anyhow::Result<()>,
) -> anyhow::Result<ExitCode> {
    let mut failed = false;
    let mut arena = Arena::new();
    for file in files {
        let bytes = match read_input(file, encoding) {
            Ok(b) => b,
            Err(e) => {
                out.flush().context("cannot write standard output")?;
                eprintln!("simdhtml: {e:#}");
                failed = true;
                continue;
            }
        };
        arena.reset();
        page(out, file, &bytes, &arena)?;
    }
    out.flush().context("cannot write standard output")?;
    Ok(if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
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
