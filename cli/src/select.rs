//! `simdhtml select SELECTOR [FILE...|-] [--encoding LABEL] [--scripting on|off]
//! [--content-language VALUE] [--count]`:
//! the elements of each page that match a CSS selector, one JSON object each; and the
//! `--select NAME=SELECTOR` fields of `batch`.

use std::io::{BufWriter, Write};
use std::process::ExitCode;

use anyhow::{Context, bail};
use clap::Args;
use serde_json::{Map, Value};
use simdhtml::select::Selector;
use simdhtml::{Document, NodeRef, ParseOptions};

use super::load::{SniffArgs, for_each_page, page_options, parse_bytes, warn_if_truncated};

/// Arguments of `simdhtml select`.
#[derive(Debug, Clone, Args)]
pub struct SelectArgs {
    /// The CSS selector list, as `querySelectorAll` takes it (`a[href]`, `div.content > p`,
    /// `h1, h2`). Quote it for the shell.
    pub selector: String,
    /// The pages (any encoding: sniffed as a browser does); `-` or none reads standard input.
    /// A name ending in `.gz` is decompressed; binary data is refused.
    pub files: Vec<String>,
    #[command(flatten)]
    pub input: SniffArgs,
    /// The scripting flag: with `on` (a browser's default) `noscript` content is raw text,
    /// with `off` it is parsed as markup (and can match).
    #[arg(long, value_name = "on|off", default_value = "on", value_parser = ["on", "off"])]
    pub scripting: String,
    /// The transport layer's `Content-Language` (an HTTP header's value, as given: `de-CH`):
    /// the language `:lang()` gives an element with no `lang` / `xml:lang` on it or an
    /// ancestor, in a page with no `<meta http-equiv=content-language>` (HTML 3.2.6.2). A
    /// value naming several languages (`de, fr`) leaves the language unknown, as the spec
    /// says.
    #[arg(long, value_name = "VALUE")]
    pub content_language: Option<String>,
    /// Print `PATH<TAB>N` (the number of matches) per page instead of the matches.
    #[arg(long)]
    pub count: bool,
}

/// Parses `source` as given to `select` or `--select`.
///
/// # Errors
/// `invalid selector "SOURCE": WHY at byte N (line L, column C), found ...`.
pub fn parse_selector(source: &str) -> anyhow::Result<Selector> {
    Selector::parse(source).map_err(|e| anyhow::anyhow!("invalid selector {source:?}: {e}"))
}

/// Runs `simdhtml select`: per page, one JSON line per match in document order,
/// `{"path", "name", "attrs", "text", "html"}` (`name` the local name, `attrs` the attributes
/// in order, `text` as `simdhtml text` writes the element, `html` its outer HTML); or with
/// `--count`, `PATH<TAB>N`. A page that cannot be read gets one line on standard error
/// (`simdhtml: PATH: WHY`), the others are still done, and the exit status is then 1.
///
/// # Errors
/// A selector that does not parse or an unknown `--encoding` label (both before any input is
/// read); standard output cannot be written.
pub fn run(args: &SelectArgs) -> anyhow::Result<ExitCode> {
    let selector = parse_selector(&args.selector)?;
    let stdin = ["-".to_owned()];
    let files = if args.files.is_empty() {
        &stdin[..]
    } else {
        &args.files[..]
    };
    let options = ParseOptions {
        scripting: args.scripting == "on",
        content_language: args.content_language.clone(),
        ..page_options(&args.input)?
    };
    let mut out = BufWriter::new(std::io::stdout().lock());
    let encoding = options.input.transport_charset;
    for_each_page(files, encoding, &mut out, |out, file, bytes, arena| {
        let (doc, _) = parse_bytes(arena, bytes, &options);
        warn_if_truncated(file, &doc);
        if args.count {
            return writeln!(out, "{file}\t{}", doc.select(&selector).count())
                .context("cannot write standard output");
        }
        for m in doc.select(&selector) {
            let line =
                serde_json::to_vec(&match_record(file, m)).context("cannot serialise a match")?;
            out.write_all(&line)
                .and_then(|()| out.write_all(b"\n"))
                .context("cannot write standard output")?;
        }
        Ok(())
    })
}

/// The JSON object of one match.
fn match_record(path: &str, element: NodeRef<'_, '_>) -> Value {
    let attrs: Map<String, Value> = element
        .attrs()
        .iter()
        .map(|a| {
            let name = match a.prefix() {
                Some(prefix) => format!("{prefix}:{}", a.name),
                None => a.name.to_owned(),
            };
            (name, Value::from(a.value))
        })
        .collect();
    let mut m = Map::new();
    m.insert("path".into(), path.into());
    m.insert("name".into(), element.name().unwrap_or_default().into());
    m.insert("attrs".into(), attrs.into());
    m.insert("text".into(), element.text().into());
    m.insert("html".into(), element.outer_html().into());
    Value::Object(m)
}

/// The keys a `batch` record has of its own (a page's, and an archive record's), which
/// `--select` names cannot take.
const RECORD_KEYS: [&str; 24] = [
    "path",
    "bytes",
    "encoding",
    "truncated",
    "error",
    "title",
    "lang",
    "text",
    "main_text",
    "markdown",
    "page_type",
    "meta",
    "links",
    "errors",
    "offset",
    "offset_in_member",
    "url",
    "record_id",
    "date",
    "status",
    "content_type",
    "truncated_record",
    "language",
    "language_score",
];

/// Parses `batch`'s `--select NAME=SELECTOR` options, in order.
///
/// # Errors
/// No `=`, an empty name, a name given twice or one of the record's own keys, a selector
/// that does not parse.
pub fn parse_named(specs: &[String]) -> anyhow::Result<Vec<(String, Selector)>> {
    let mut named: Vec<(String, Selector)> = Vec::with_capacity(specs.len());
    for spec in specs {
        let Some((name, source)) = spec.split_once('=') else {
            bail!("--select {spec:?}: expected NAME=SELECTOR (e.g. headings=h1,h2)");
        };
        if name.is_empty() {
            bail!("--select {spec:?}: the field name before `=` is empty");
        }
        if RECORD_KEYS.contains(&name) {
            bail!(
                "--select {spec:?}: `{name}` is a field of the record already (choose \
                 another name)"
            );
        }
        if named.iter().any(|(n, _)| n == name) {
            bail!("--select {spec:?}: the field `{name}` is given twice");
        }
        named.push((name.to_owned(), parse_selector(source)?));
    }
    Ok(named)
}

/// Adds each `--select` field to a `batch` record: the list of the matches' texts, each as
/// `simdhtml text` writes the element with the white space at its ends trimmed (so `h1`
/// gives `"Title"`, not `"Title\n"`), in document order.
pub fn add_fields(
    record: &mut Map<String, Value>,
    doc: &Document<'_>,
    named: &[(String, Selector)],
) {
    for (name, selector) in named {
        let texts: Vec<Value> = doc
            .select(selector)
            .map(|m| {
                Value::from(
                    m.text()
                        .trim_matches(|c: char| c.is_ascii_whitespace())
                        .to_owned(),
                )
            })
            .collect();
        record.insert(name.clone(), texts.into());
    }
}
