//! `simdhtml tree [FILE|-] [--encoding LABEL] [--fragment CONTEXT] [--scripting on|off]`: parse
//! a document's bytes (or a fragment in a context like `td`, `svg path`, `math mi`) and print
//! the html5lib tree dump.

use std::io::{Read, Write};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;

use simdhtml::input::{InputOptions, decode};
use simdhtml::{
    Arena, FragmentContext, ParseOptions, parse_document, parse_fragment, serialize::html5lib_dump,
};

/// Arguments of `simdhtml tree`.
#[derive(Debug, Clone, Args)]
pub struct TreeArgs {
    /// The input file, in any encoding (decoded as a browser would: BOM, `--encoding`, `<meta>`
    /// prescan, else windows-1252, and a re-parse if a later `<meta>` changes it); `-` or
    /// nothing reads standard input.
    pub file: Option<String>,
    /// The transport layer's charset, as an HTTP `Content-Type` charset would give it: any
    /// label of the WHATWG Encoding Standard (`utf-8`, `sjis`, `latin1`, ...). A BOM still wins
    /// over it.
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// Parse as a fragment with this context element: `td`, `svg path`, `math mi`. The bytes
    /// are decoded as for a document, without the re-parse (a fragment's `<meta>` changes
    /// nothing).
    #[arg(long, value_name = "CONTEXT")]
    pub fragment: Option<String>,
    /// The scripting flag.
    #[arg(long, value_name = "on|off", default_value = "on")]
    pub scripting: String,
    /// Feed the document's bytes to the streaming parser in chunks of this many bytes (the
    /// output must not change). Not with `--fragment`.
    #[arg(long, value_name = "N")]
    pub chunk_size: Option<usize>,
    /// Use the scalar twin of the scanning layer (the output must not change).
    #[arg(long)]
    pub scalar: bool,
}

/// Runs `simdhtml tree`: prints the html5lib dump of the parsed tree to standard output.
///
/// # Errors
/// Unreadable input, an unknown `--encoding` label (the message names it), a bad option value,
/// a failure to write; the caller prints them as one line.
pub fn run(args: &TreeArgs) -> anyhow::Result<ExitCode> {
    run_to(args, &mut std::io::stdout().lock())
}

/// [`run`] with the dump written to `out`.
///
/// # Errors
/// As [`run`].
pub fn run_to(args: &TreeArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let scripting = match args.scripting.as_str() {
        "on" => true,
        "off" => false,
        other => bail!("--scripting must be `on` or `off`, not `{other}`"),
    };
    let bytes = match args.file.as_deref() {
        None | Some("-") => {
            let mut v = Vec::new();
            std::io::stdin()
                .read_to_end(&mut v)
                .context("cannot read standard input")?;
            v
        }
        Some(path) => std::fs::read(path).with_context(|| format!("cannot read {path}"))?,
    };
    let arena = Arena::new();
    let options = ParseOptions {
        scripting,
        collect_errors: false,
        input: InputOptions {
            transport_charset: args.encoding.clone(),
            ..InputOptions::default()
        },
        scalar: args.scalar,
        max_nodes: None,
    };
    if let Some(n) = args.chunk_size {
        if n == 0 {
            bail!("--chunk-size must be at least 1");
        }
        if args.fragment.is_some() {
            bail!("--chunk-size cannot be used with --fragment");
        }
    }
    let doc = match args.fragment.as_deref() {
        None if args.chunk_size.is_some() => {
            let n = args.chunk_size.unwrap_or(1);
            if let Some(label) = &args.encoding {
                simdhtml::input::sniff(b"", &options.input)
                    .with_context(|| format!("--encoding {label:?}"))?;
            }
            let mut parser = simdhtml::stream::Parser::new(&arena, options);
            for chunk in bytes.chunks(n) {
                parser.feed(chunk);
            }
            parser.finish()
        }
        Some(ctx) => {
            if ctx.trim().is_empty() {
                bail!("--fragment needs a context element name");
            }
            let text = decode(&arena, &bytes, &options.input)?.text;
            parse_fragment(&arena, text, FragmentContext::from_html5lib(ctx), &options)
        }
        None => parse_document(&arena, &bytes, &options)?,
    };
    out.write_all(html5lib_dump(&doc).as_bytes())
        .context("cannot write standard output")?;
    Ok(ExitCode::SUCCESS)
}
