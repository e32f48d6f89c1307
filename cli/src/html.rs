//! `simdhtml html FILE|- [--minify] [--shadow-roots none|serializable|all]`: parse a page and print it serialised by the HTML fragment
//! serialisation algorithm (13.3) — the page as a browser's DOM has it, with the tags the parser
//! implied written out; with `--minify`, without what markup can do without and still parse to
//! the same tree ([`SerializeOptions::minify`]).

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use simdhtml::Arena;
use simdhtml::serialize::{SerializeOptions, ShadowRoots, serialize_document_to};

use super::load::{SniffArgs, page_options, parse_bytes, read_input, warn_if_truncated};

/// Arguments of `simdhtml html`.
#[derive(Debug, Clone, Args)]
pub struct HtmlArgs {
    /// The page to parse (any encoding: sniffed as a browser does); `-` reads standard input.
    /// A name ending in `.gz` is decompressed; binary data is refused.
    pub file: String,
    #[command(flatten)]
    pub input: SniffArgs,
    /// Write markup that parses to the same tree with what it can do without left out: the
    /// optional tags the parser restores (HTML Standard 13.1.2.4), quotes around attribute values
    /// that need none, empty values, the end tags of childless SVG/MathML elements; the doctype's
    /// identifiers are kept.
    #[arg(long)]
    pub minify: bool,
    /// Which declarative shadow roots to write back, as `<template shadowrootmode>` in their
    /// host (HTML Standard 13.3): `none` (13.3's default, as `innerHTML`), `serializable`
    /// (those with `shadowrootserializable`, as `getHTML({serializableShadowRoots: true})`) or
    /// `all` (the whole tree).
    #[arg(long, value_name = "none|serializable|all", default_value = "none", value_parser = ["none", "serializable", "all"])]
    pub shadow_roots: String,
}

/// Runs `simdhtml html`.
///
/// # Errors
/// An unknown `--encoding` label; unreadable, binary or bad gzip input (the message names
/// it); a failure to write standard output.
pub fn run(args: &HtmlArgs) -> anyhow::Result<ExitCode> {
    let options = page_options(&args.input)?;
    let bytes = read_input(&args.file, options.input.transport_charset)?;
    let arena = Arena::new();
    let (doc, _) = parse_bytes(&arena, &bytes, &options);
    warn_if_truncated(&args.file, &doc);
    let shadow_roots = match args.shadow_roots.as_str() {
        "serializable" => ShadowRoots::Serializable,
        "all" => ShadowRoots::All,
        _ => ShadowRoots::None,
    };
    let options = SerializeOptions {
        scripting: doc.scripting(),
        shadow_roots,
        ..if args.minify {
            SerializeOptions::minify()
        } else {
            SerializeOptions::default()
        }
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    serialize_document_to(&doc, &options, &mut out)
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .context("cannot write standard output")?;
    Ok(ExitCode::SUCCESS)
}
