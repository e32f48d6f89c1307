//! The arguments of `simdhtml batch`: the paths, the output and the fields of each record.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use simdhtml::input::Encoding;
use url::Url;

/// Arguments of `simdhtml batch`.
#[derive(Debug, Clone, Args)]
pub struct BatchArgs {
    /// Files and directories to parse. Directories are searched recursively for `.html`,
    /// `.htm`, `.html.gz` and `.htm.gz` files and for web archives (`.warc`, `.warc.gz`,
    /// `.arc`, `.arc.gz`, `.warc.zst`, `.warc.lz4`, `.warc.bz2`), in name order; files given
    /// by name are parsed whatever their extension (`.gz` is decompressed; an archive is told
    /// by its name or its first bytes, and gives one record per HTML response). No paths, or
    /// `-`, reads a list of paths from standard input, one per line. A path that cannot be
    /// read (on the command line or standard input) gets an error record in its place.
    pub paths: Vec<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long, short = 'j', value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    pub jobs: Option<u16>,
    /// Output format: `jsonl`, one JSON object per line, or `parquet`, one row per record in
    /// a Parquet file (needs `--output`). Default: `parquet` when the `--output` name ends in
    /// `.parquet`, else `jsonl`.
    #[arg(long, value_enum)]
    pub format: Option<Format>,
    /// What to put in each record besides `path`, `bytes` and `encoding` (always written),
    /// comma-separated: title, lang, text (visible text, lines joined by `\n`), main_text (the
    /// main content's text, likewise), markdown (the main content as Markdown), page_type (the
    /// kind of page: article, forum, product, collection, listing, documentation, service or
    /// other), meta (the
    /// page's metadata, an object), links (resolved URLs), errors (the number of parse
    /// errors), language (the language of the main content's text, detected from the text:
    /// `language`, an ISO 639-1 code, and `language_score`, in 0..1). `encoding` is accepted
    /// and changes nothing.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "title,lang")]
    pub fields: Vec<Field>,
    /// The address to resolve relative links against (the `links` and `meta` fields; an
    /// archive record's own URL comes first) when a page has no
    /// `<base href>` of its own, e.g. `https://example.org/news/`; the same for every page.
    /// A page's `<base href>` is resolved against it and then wins. Without it, relative links
    /// of a page without an absolute `<base href>` are written as the page wrote them.
    #[arg(long, value_name = "URL", value_parser = crate::links::parse_url)]
    pub base: Option<Url>,
    /// Skip (with an error record) any page larger than this many bytes (after
    /// decompression).
    #[arg(long, value_name = "N", default_value_t = 64 * 1024 * 1024)]
    pub max_bytes: u64,
    /// Stop parsing a page once its tree has this many nodes; the record then says
    /// `"truncated": true` and covers the page up to that point. Default: the larger of
    /// 1,000,000 and the page's size in bytes (real pages have about one node per 74 bytes;
    /// the spec's tree for input crafted to reconstruct formatting elements grows with the
    /// square of its size).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub max_nodes: Option<u64>,
    /// The transport layer's charset, as an HTTP `Content-Type` charset would give it: any
    /// label of the WHATWG Encoding Standard (`utf-8`, `sjis`, `latin1`, ...), the same for
    /// every page. A page's BOM still wins over it.
    #[arg(long, value_name = "LABEL")]
    pub encoding: Option<String>,
    /// The transport charset `--encoding` names: set by [`run`](super::run) when it has checked
    /// the label (not an option of its own).
    #[arg(skip)]
    pub transport: Option<&'static Encoding>,
    /// Read pages (files and archive records) as a browser reads pages from the network: one
    /// that declares no encoding is never read as UTF-8 by a guess (so an undeclared UTF-8 page
    /// is windows-1252 mojibake, as a browser shows it). Without it a page that declares
    /// nothing (no BOM, charset or `<meta>` prescan) is UTF-8 when it is valid UTF-8 throughout
    /// (the author's encoding, as browsers read local files), and the guess may say UTF-8.
    #[arg(long)]
    pub no_guess_utf8: bool,
    /// Add a field NAME to each record: the texts of the elements that match the CSS
    /// SELECTOR, in document order, each trimmed of white space at its ends (repeatable:
    /// `--select headings=h1,h2 --select prices=.price`).
    #[arg(long = "select", value_name = "NAME=SELECTOR")]
    pub select: Vec<String>,
    /// Write the records to FILE instead of standard output: gzip-compressed when its name
    /// ends in `.gz`, zstd when it ends in `.zst`, Parquet (typed columns, zstd-compressed;
    /// written under a hidden temporary name and renamed when complete) when it ends in
    /// `.parquet`.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Output formats of `batch`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One JSON object per line.
    Jsonl,
    /// A Parquet file: one row per record, a column per field (docs/cli.md, "Parquet").
    Parquet,
}

/// Record fields of `batch`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Field {
    /// `document.title`, or null.
    Title,
    /// The `lang` of the `<html>` element, or null.
    Lang,
    /// The visible text, one block per line.
    Text,
    /// The main content's text (`extract::main_text`), one block per line.
    #[value(name = "main_text")]
    MainText,
    /// The main content as Markdown (`text --main --markdown`).
    Markdown,
    /// The kind of page (`extract::PageType`): article, forum, product, collection, listing,
    /// documentation, service or other.
    #[value(name = "page_type")]
    PageType,
    /// The page's metadata (description, canonical, robots, og, twitter, published, modified,
    /// author, lang, refresh; `extract::meta`), URLs resolved as `links` resolves them.
    Meta,
    /// The links (`a[href]`, `img[src]`, …, not `javascript:`), resolved against `<base href>`
    /// and `--base`.
    Links,
    /// The encoding the page was decoded with (WHATWG name); always written, so asking for it
    /// changes nothing.
    Encoding,
    /// The number of parse errors.
    Errors,
    /// The language of the main content's text, detected from the text
    /// (`extract::language`): `language` (ISO 639-1) and `language_score` (0..1), null when
    /// the text has no letters to tell by.
    Language,
}

impl Field {
    /// The field's key in a record.
    pub fn key(self) -> &'static str {
        match self {
            Field::Title => "title",
            Field::Lang => "lang",
            Field::Text => "text",
            Field::MainText => "main_text",
            Field::Markdown => "markdown",
            Field::PageType => "page_type",
            Field::Meta => "meta",
            Field::Links => "links",
            Field::Encoding => "encoding",
            Field::Errors => "errors",
            Field::Language => "language",
        }
    }

    /// The keys the field writes in a record: its [`key`](Field::key), and `language_score`
    /// after `language`.
    pub fn keys(self) -> &'static [&'static str] {
        match self {
            Field::Language => &["language", "language_score"],
            Field::Title => &["title"],
            Field::Lang => &["lang"],
            Field::Text => &["text"],
            Field::MainText => &["main_text"],
            Field::Markdown => &["markdown"],
            Field::PageType => &["page_type"],
            Field::Meta => &["meta"],
            Field::Links => &["links"],
            Field::Encoding => &["encoding"],
            Field::Errors => &["errors"],
        }
    }
}
