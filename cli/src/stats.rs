//! `simdhtml stats FILE...`: size, element count, text size, parse errors, encoding and parse
//! speed of each page.

use std::io::{BufWriter, Write};
use std::process::ExitCode;
use std::time::Instant;

use anyhow::Context;
use clap::Args;
use simdhtml::{NodeData, ParseOptions};

use super::load::{SniffArgs, for_each_page, page_options, parse_bytes, warn_if_truncated};

/// Arguments of `simdhtml stats`.
#[derive(Debug, Clone, Args)]
pub struct StatsArgs {
    /// The pages (`-` reads standard input), in any encoding (sniffed as a browser does). A
    /// name ending in `.gz` is decompressed.
    #[arg(required = true)]
    pub files: Vec<String>,
    #[command(flatten)]
    pub input: SniffArgs,
}

/// Runs `simdhtml stats`: a header line, then per file `PATH BYTES ELEMENTS TEXT_BYTES ERRORS
/// ENCODING MB/S` separated by tabs (MB/s: input bytes per second of decoding and parsing, with
/// errors collected, 1 MB = 10^6 bytes). A file that cannot be read or decompressed, or holds
/// binary data, gets a one-line error on standard error (`simdhtml: PATH: WHY`) and the others
/// are still done; the exit status is then 1.
///
/// # Errors
/// An unknown `--encoding` label (before any file is read); standard output cannot be written.
pub fn run(args: &StatsArgs) -> anyhow::Result<ExitCode> {
    let options = ParseOptions {
        collect_errors: true,
        ..page_options(&args.input)?
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    writeln!(
        out,
        "path\tbytes\telements\ttext_bytes\tparse_errors\tencoding\tMB/s"
    )?;
    let encoding = options.input.transport_charset;
    for_each_page(
        &args.files,
        encoding,
        &mut out,
        |out, file, bytes, arena| {
            let start = Instant::now();
            let (doc, encoding) = parse_bytes(arena, bytes, &options);
            warn_if_truncated(file, &doc);
            let secs = start.elapsed().as_secs_f64();
            let (mut elements, mut text) = (0usize, 0usize);
            for n in doc.descendants(doc.root()) {
                match doc.data(n) {
                    NodeData::Element(_) => elements += 1,
                    NodeData::Text(t) => text += t.len(),
                    _ => {}
                }
            }
            let mbs = bytes.len() as f64 / 1e6 / secs.max(1e-9);
            writeln!(
                out,
                "{file}\t{}\t{elements}\t{text}\t{}\t{}\t{mbs:.1}",
                bytes.len(),
                doc.errors().len(),
                encoding.name()
            )
            .context("cannot write standard output")
        },
    )
}
