//! The `simdhtml` command: its subcommands, one module each.
// The subcommands' doc comments are their `--help` text, written for the terminal
// (`PATH<TAB>N`), not HTML.
#![allow(rustdoc::invalid_html_tags)]

mod batch;
mod encoding;
mod extract_json;
mod html;
mod links;
mod load;
mod output;
mod select;
mod spans;
mod stats;
mod text;
mod tokens;
mod tree;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// simdhtml: a browser-exact HTML parser for batch work on real pages.
#[derive(Debug, Parser)]
// `about` is the library's description, as the command said when it was the library's binary
// (this package's own description is for crates.io).
#[command(
    name = "simdhtml",
    version,
    about = "A browser-exact (WHATWG HTML Standard) HTML parser: zero-copy SIMD tokenizer, tree builder and arena DOM",
    long_about = None
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Print the tokens of one input as JSON in the html5lib tokenizer-test format:
    /// {"output": [...], "errors": [{"code", "line", "col"}, ...]}.
    Tokens(tokens::TokensArgs),
    /// Print, for each file, the encoding a browser would decode it with and the step that
    /// decided it (13.2.3; `reparse` when a `<meta>` met while parsing changed it):
    /// PATH<TAB>ENCODING<TAB>STEP.
    Encoding(encoding::EncodingArgs),
    /// Parse a document's bytes, in any encoding (or, with --fragment, a fragment in a context
    /// element) and print the tree in the html5lib tree-dump format (`| <html>`, `|   <head>`, ...).
    Tree(tree::TreeArgs),
    /// Parse a page (any encoding) and print it as HTML again, serialised as the HTML Standard
    /// says (13.3): the tags the parser implied written out, attributes quoted.
    Html(html::HtmlArgs),
    /// Print the text a reader sees on a page, one paragraph/heading/list item per line
    /// (no scripts, styles, head or hidden parts).
    Text(text::TextArgs),
    /// Print every link of a page (`a href`, `img src`, `script src`, `form action`, ...),
    /// one per line as TAG<TAB>ATTRIBUTE<TAB>URL, resolved against `<base href>` and --base.
    Links(links::LinksArgs),
    /// Print the elements of each page that match a CSS selector, one JSON object per match in
    /// document order: {"path", "name", "attrs", "text", "html"}; with --count, PATH<TAB>N.
    Select(select::SelectArgs),
    /// Parse a document (any encoding) and print where each node came from, one JSON object
    /// per node in tree order: {"node", "name", "text", "start", "end", "attrs"}, ranges
    /// `[start, end]` of bytes of the decoded text (half-open; null when the parser implied
    /// the tag).
    Spans(spans::SpansArgs),
    /// Print, for each page, its size, element count, text size, parse errors, encoding and
    /// parse speed (MB/s), tab-separated.
    Stats(stats::StatsArgs),
    /// The main job: parse many pages (files, directories, or paths on standard input) on all
    /// cores and write one JSON line per page, in input order: path, bytes, encoding and the
    /// --fields asked for. Bad pages get an "error" record; the batch goes on.
    Batch(batch::BatchArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match &cli.command {
        Command::Tokens(args) => tokens::run(args),
        Command::Encoding(args) => encoding::run(args),
        Command::Tree(args) => tree::run(args),
        Command::Html(args) => html::run(args),
        Command::Text(args) => text::run(args),
        Command::Links(args) => links::run(args),
        Command::Select(args) => select::run(args),
        Command::Spans(args) => spans::run(args),
        Command::Stats(args) => stats::run(args),
        Command::Batch(args) => batch::run(args),
    };
    match result {
        Ok(code) => code,
        // A closed pipe (`simdhtml tokens big.html | head`) is the reader's choice, not an
        // error.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("simdhtml: {e:#}");
            ExitCode::from(2)
        }
    }
}

/// Whether `e` (or an error it wraps) is an I/O "broken pipe".
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| {
        c.downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
