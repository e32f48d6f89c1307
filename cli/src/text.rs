//! `simdhtml text FILE|- [--main] [--markdown] [--alt] [--links] [--no-guess-utf8]`: the text a reader sees on
//! the page (or its main content), one block per line.

use std::io::Write;
use std::process::ExitCode;

use anyhow::Context;
use clap::Args;
use simdhtml::extract::{
    MarkdownOptions, TextOptions, markdown, visible_text_with, with_main_content,
};
use simdhtml::{Arena, Document};

use super::load::{SniffArgs, page_options, parse_bytes, read_input, warn_if_truncated};

/// Arguments of `simdhtml text`.
#[derive(Debug, Clone, Args)]
pub struct TextArgs {
    /// The page to read (any encoding: sniffed as a browser does); `-` reads standard input.
    /// A name ending in `.gz` is decompressed; binary data is refused.
    pub file: String,
    #[command(flatten)]
    pub input: SniffArgs,
    /// Only the main content (the article body, or the page's central text), without
    /// navigation, headers, footers, sidebars, share bars, related links and comments.
    #[arg(long)]
    pub main: bool,
    /// Write Markdown (CommonMark with GFM tables): headings, emphasis, links, lists, quotes,
    /// code, tables.
    #[arg(long)]
    pub markdown: bool,
    /// Write each image's `alt` text where the image stands (with --markdown, images as
    /// `![alt](src)`).
    #[arg(long)]
    pub alt: bool,
    /// Write each link's `href`, as written, in parentheses after its text (not for
    /// `javascript:` links, links to `#fragments` and links whose text is the URL; Markdown
    /// always has its links).
    #[arg(long)]
    pub links: bool,
}

/// Runs `simdhtml text`.
///
/// # Errors
/// An unknown `--encoding` label; unreadable, binary or bad gzip input (the message names
/// it); a failure to write standard output.
pub fn run(args: &TextArgs) -> anyhow::Result<ExitCode> {
    let options = page_options(&args.input)?;
    let bytes = read_input(&args.file, options.input.transport_charset)?;
    let arena = Arena::new();
    let (doc, _) = parse_bytes(&arena, &bytes, &options);
    warn_if_truncated(&args.file, &doc);
    // The options follow the document's scripting flag: the main content may come from the
    // page parsed again with scripting off (`with_main_content`).
    let text_options = |d: &Document<'_>| {
        TextOptions::new(d.scripting())
            .with_alt_text(args.alt)
            .with_link_urls(args.links)
    };
    let md_options = |d: &Document<'_>| MarkdownOptions::new(d.scripting()).with_images(args.alt);
    let text = if args.markdown && args.main {
        with_main_content(&doc, &bytes, &options, |d, c| c.markdown(d, &md_options(d)))
    } else if args.markdown {
        markdown(&doc, doc.root(), &md_options(&doc))
    } else if args.main {
        with_main_content(&doc, &bytes, &options, |d, c| {
            c.text_with(d, &text_options(d))
        })
    } else {
        visible_text_with(&doc, doc.root(), &text_options(&doc))
    };
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .context("cannot write standard output")?;
    Ok(ExitCode::SUCCESS)
}
