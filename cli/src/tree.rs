//! `simdhtml tree [FILE|-] [--encoding LABEL] [--fragment CONTEXT] [--scripting on|off]`: parse
//! a document's bytes (or a fragment in a context like `td`, `svg path`, `math mi`) and print
//! the html5lib tree dump.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;

use simdhtml::input::decode;
use simdhtml::{
    Arena, FragmentContext, ParseOptions, parse_document, parse_fragment,
    serialize::html5lib_dump_to,
};

use super::load::{SniffArgs, read_input};

/// Arguments of `simdhtml tree`.
#[derive(Debug, Clone, Args)]
pub struct TreeArgs {
    /// The input file, in any encoding (decoded as a browser would: BOM, `--encoding`, `<meta>`
    /// prescan, guess, else windows-1252, and a re-parse if a later `<meta>` changes it); `-` or
    /// nothing reads standard input. A name ending in `.gz` is decompressed; binary data is
    /// refused.
    pub file: Option<String>,
    #[command(flatten)]
    pub input: SniffArgs,
    /// Parse as a fragment with this context element: `td`, `svg path`, `math mi`. The bytes
    /// are decoded as for a document, without the re-parse (a fragment's `<meta>` changes
    /// nothing).
    #[arg(long, value_name = "CONTEXT")]
    pub fragment: Option<String>,
    /// The scripting flag.
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = ["on", "off"])]
    pub scripting: String,
    /// Feed the document's bytes to the streaming parser in chunks of this many bytes (the
    /// output must not change). Not with `--fragment`.
    #[arg(long, value_name = "N")]
    pub chunk_size: Option<usize>,
    /// Run the scalar twin: every fast path off (the output must not change).
    #[arg(long)]
    pub scalar: bool,
}

/// Runs `simdhtml tree`: prints the html5lib dump of the parsed tree to standard output,
/// buffered and written as the tree is walked (the dump of a deep tree grows with the square
/// of its depth).
///
/// # Errors
/// Unreadable, binary or bad gzip input, an unknown `--encoding` label (the message names it),
/// a bad option value, a failure to write; the caller prints them as one line (a closed pipe
/// quietly).
pub fn run(args: &TreeArgs) -> anyhow::Result<ExitCode> {
    let mut out = BufWriter::new(std::io::stdout().lock());
    let code = run_to(args, &mut out)?;
    out.flush().context("cannot write standard output")?;
    Ok(code)
}

/// [`run`] with the dump written to `out` (unbuffered: wrap a file or standard output in a
/// [`BufWriter`]).
///
/// # Errors
/// As [`run`].
pub fn run_to(args: &TreeArgs, out: &mut dyn Write) -> anyhow::Result<ExitCode> {
    let scripting = match args.scripting.as_str() {
        "on" => true,
        "off" => false,
        other => bail!("--scripting must be `on` or `off`, not `{other}`"),
    };
    if let Some(n) = args.chunk_size {
        if n == 0 {
            bail!("--chunk-size must be at least 1");
        }
        if args.fragment.is_some() {
            bail!("--chunk-size cannot be used with --fragment");
        }
    }
    if args
        .fragment
        .as_deref()
        .is_some_and(|c| c.trim().is_empty())
    {
        bail!("--fragment needs a context element name");
    }
    if let Some(ctx) = args.fragment.as_deref() {
        check_fragment_context(ctx)?;
    }
    let input = args.input.input_options()?;
    let bytes = read_input(args.file.as_deref().unwrap_or("-"), input.transport_charset)?;
    let arena = Arena::new();
    let options = ParseOptions {
        scripting,
        collect_errors: false,
        input,
        scalar: args.scalar,
        max_nodes: None,
        allow_declarative_shadow_roots: None,
        spans: false,
        content_language: None,
    };
    let doc = match args.fragment.as_deref() {
        None if args.chunk_size.is_some() => {
            let n = args.chunk_size.unwrap_or(1);
            let mut parser = simdhtml::stream::Parser::new(&arena, options);
            for chunk in bytes.chunks(n) {
                parser.feed(chunk);
            }
            parser.finish()
        }
        Some(ctx) => {
            let text = decode(&arena, &bytes, &options.input).text;
            parse_fragment(&arena, text, FragmentContext::from_html5lib(ctx), &options)
        }
        None => {
            let Ok(doc) = parse_document(&arena, &bytes, &options);
            doc
        }
    };
    html5lib_dump_to(&doc, out).context("cannot write standard output")?;
    Ok(ExitCode::SUCCESS)
}

/// `Ok` when `ctx` is written as the html5lib tests write a fragment's context element: an HTML
/// element's name (`td`), or `svg NAME` / `math NAME` for an SVG or MathML one.
///
/// # Errors
/// Anything else (`SVG path`, `td tr`, a trailing space), with the forms it takes.
fn check_fragment_context(ctx: &str) -> anyhow::Result<()> {
    let words: Vec<&str> = ctx.split(' ').collect();
    let ok = match words.as_slice() {
        [name] => !name.is_empty(),
        ["svg" | "math", name] => !name.is_empty(),
        _ => false,
    };
    if !ok {
        bail!(
            "--fragment {ctx:?}: the context element is an HTML element's name (`td`) or \
             `svg NAME` / `math NAME` (lowercase prefix, one space)"
        );
    }
    Ok(())
}
