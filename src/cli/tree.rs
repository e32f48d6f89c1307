//! `simdhtml tree [FILE|-] [--fragment CONTEXT] [--scripting on|off]`: parse a document (or a
//! fragment in a context like `td`, `svg path`, `math mi`) and print the html5lib tree dump.

use std::io::{Read, Write};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;

use simdhtml::{
    Arena, FragmentContext, ParseOptions, parse_document, parse_fragment, serialize::html5lib_dump,
};

/// Arguments of `simdhtml tree`.
#[derive(Debug, Clone, Args)]
pub struct TreeArgs {
    /// The input file (UTF-8); `-` or nothing reads standard input.
    pub file: Option<String>,
    /// Parse as a fragment with this context element: `td`, `svg path`, `math mi`.
    #[arg(long, value_name = "CONTEXT")]
    pub fragment: Option<String>,
    /// The scripting flag.
    #[arg(long, value_name = "on|off", default_value = "on")]
    pub scripting: String,
    /// Feed the document to the streaming parser in chunks of about this many bytes (each
    /// rounded up to a character boundary; the output must not change). Not with `--fragment`.
    #[arg(long, value_name = "N")]
    pub chunk_size: Option<usize>,
    /// Use the scalar twin of the scanning layer (the output must not change).
    #[arg(long)]
    pub scalar: bool,
}

/// Runs `simdhtml tree`: prints the html5lib dump of the parsed tree to standard output.
/// Errors (unreadable input, input that is not UTF-8, a bad option value) are returned for the
/// caller to print as one line.
pub fn run(args: &TreeArgs) -> anyhow::Result<ExitCode> {
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
    let input = String::from_utf8(bytes).context("input is not UTF-8")?;
    let arena = Arena::new();
    let options = ParseOptions {
        scripting,
        collect_errors: false,
        scalar: args.scalar,
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
            let mut parser = simdhtml::stream::Parser::new(&arena, options);
            let mut rest = input.as_str();
            while !rest.is_empty() {
                let mut end = n.min(rest.len());
                while !rest.is_char_boundary(end) {
                    end += 1;
                }
                parser.feed_str(&rest[..end]);
                rest = &rest[end..];
            }
            parser.finish()
        }
        Some(ctx) => {
            if ctx.trim().is_empty() {
                bail!("--fragment needs a context element name");
            }
            parse_fragment(
                &arena,
                &input,
                FragmentContext::from_html5lib(ctx),
                &options,
            )
        }
        None => parse_document(&arena, &input, &options),
    };
    let out = html5lib_dump(&doc);
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(out.as_bytes())
        .context("cannot write standard output")?;
    Ok(ExitCode::SUCCESS)
}
