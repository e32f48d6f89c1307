//! `simdhtml batch PATH... [--jobs N] [--format jsonl] [--fields LIST] [--max-bytes N]
//! [--max-nodes N] [--base URL] [--encoding LABEL] [--select NAME=SELECTOR]`: parse many pages
//! on all cores and write
//! one JSON record per page, in input order.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{BufRead, IsTerminal, Write};
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::{Args, ValueEnum};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use serde_json::{Map, Value, json};
use simdhtml::input::{Encoding, InputOptions};
use simdhtml::select::Selector;
use simdhtml::{Arena, ParseOptions, extract};

use url::Url;

use super::load::{not_binary, parse_bytes, read_file, transport_charset};
use super::output::Output;

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
    /// Output format: `jsonl`, one JSON object per line.
    #[arg(long, value_enum, default_value = "jsonl")]
    pub format: Format,
    /// What to put in each record besides `path`, `bytes` and `encoding` (always written),
    /// comma-separated: title, lang, text (visible text, lines joined by `\n`), main_text (the
    /// main content's text, likewise), markdown (the main content as Markdown), page_type (the
    /// kind of page: article, forum, product, collection, listing, documentation, service or
    /// other), meta (the
    /// page's metadata, an object), links (resolved URLs), errors (the number of parse
    /// errors). `encoding` is accepted and changes nothing.
    #[arg(long, value_enum, value_delimiter = ',', default_value = "title,lang")]
    pub fields: Vec<Field>,
    /// The address to resolve relative links against (the `links` and `meta` fields; an
    /// archive record's own URL comes first) when a page has no
    /// `<base href>` of its own, e.g. `https://example.org/news/`; the same for every page.
    /// A page's `<base href>` is resolved against it and then wins. Without it, relative links
    /// of a page without an absolute `<base href>` are written as the page wrote them.
    #[arg(long, value_name = "URL", value_parser = super::links::parse_url)]
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
    /// The transport charset `--encoding` names: set by [`run`] when it has checked the label
    /// (not an option of its own).
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
    /// ends in `.gz`, zstd when it ends in `.zst`.
    #[arg(long, short = 'o', value_name = "FILE")]
    pub output: Option<PathBuf>,
}

/// Output formats of `batch`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// One JSON object per line.
    Jsonl,
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
}

/// One input of the batch: a page to parse or an error found while listing the inputs.
enum Input {
    Page(PathBuf),
    /// A web archive (WARC or ARC): one record per HTML response in it.
    Archive(PathBuf),
    Error(PathBuf, String),
}

/// A file named on the command line or standard input: an archive (by name, or by content
/// unless it is named like a page) or a page.
fn file_input(p: PathBuf) -> Input {
    if super::warc::is_archive_name(&p) || (!is_page_name(&p) && super::warc::sniffs_as_archive(&p))
    {
        Input::Archive(p)
    } else {
        Input::Page(p)
    }
}

thread_local! {
    /// Each worker's arena, reset between pages so memory stays flat over a long batch.
    static ARENA: RefCell<Arena> = RefCell::new(Arena::new());
}

/// Runs `simdhtml batch`. Exit status 0 when every input gave a record without an error, 1
/// otherwise.
///
/// # Errors
/// An unknown `--encoding` label, `-` mixed with other paths, standard input or output that
/// cannot be read or written. (An input that cannot be read is
/// an error record, not an error.)
pub fn run(args: &BatchArgs) -> anyhow::Result<ExitCode> {
    let args = &BatchArgs {
        transport: transport_charset(args.encoding.as_deref())?,
        ..args.clone()
    };
    let selects = super::select::parse_named(&args.select)?;
    let inputs = list_inputs(args)?;
    let jobs = args.jobs.map_or_else(
        || std::thread::available_parallelism().map_or(1, usize::from),
        usize::from,
    );
    let progress = if std::io::stderr().is_terminal() {
        ProgressBar::with_draw_target(Some(inputs.len() as u64), ProgressDrawTarget::stderr())
    } else {
        ProgressBar::hidden()
    };
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} pages {rate} {eta} {wide_msg}")
            .map(|style| {
                // Pages per second as a whole number (indicatif's `per_sec` shows four decimals).
                style.with_key(
                    "rate",
                    |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                        let _ = write!(w, "{:.0} pages/s", state.per_sec());
                    },
                )
            })
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let start = Instant::now();
    let (mut bytes, mut failures) = (0u64, 0usize);
    let mut archive_stats = super::warc::ArchiveStats::default();
    let mut output = Output::open(args.output.as_deref())?;
    let out = output.writer();
    let mut rest = &inputs[..];
    while !rest.is_empty() {
        let archives: Vec<&Path> = rest
            .iter()
            .map_while(|i| match i {
                Input::Archive(p) => Some(p.as_path()),
                _ => None,
            })
            .collect();
        if !archives.is_empty() {
            let (n, failed) = super::warc::run_archives(
                &archives,
                args,
                &selects,
                jobs,
                &mut archive_stats,
                out,
            )?;
            bytes += n;
            failures += failed;
            progress.inc(archives.len() as u64);
            rest = &rest[archives.len()..];
            continue;
        }
        let pages = rest
            .iter()
            .position(|i| matches!(i, Input::Archive(_)))
            .unwrap_or(rest.len());
        let (n, failed) = run_pages(&rest[..pages], args, &selects, jobs, &progress, out)?;
        bytes += n;
        failures += failed;
        rest = &rest[pages..];
    }
    output.finish().context("cannot write the output")?;
    progress.finish_and_clear();
    let secs = start.elapsed().as_secs_f64().max(1e-9);
    let mb = bytes as f64 / 1e6;
    let plural = |n: usize, word: &str| format!("{n} {word}{}", if n == 1 { "" } else { "s" });
    let warc = if inputs.iter().any(|i| matches!(i, Input::Archive(_))) {
        format!(
            " {} read, {} parsed, {} skipped,",
            plural(archive_stats.records as usize, "record"),
            archive_stats.parsed,
            archive_stats.skipped
        )
    } else {
        String::new()
    };
    eprintln!(
        "batch: {},{warc} {mb:.1} MB, {:.1} MB/s, {}",
        plural(inputs.len(), "file"),
        mb / secs,
        plural(failures, "failure")
    );
    Ok(if failures == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The inputs in order: the command-line paths (directories expanded) or the list on standard
/// input.
fn list_inputs(args: &BatchArgs) -> anyhow::Result<Vec<Input>> {
    let mut inputs = Vec::new();
    let from_stdin =
        args.paths.is_empty() || (args.paths.len() == 1 && args.paths[0] == Path::new("-"));
    if from_stdin {
        for line in std::io::stdin().lock().lines() {
            let line = line.context("cannot read the list of paths from standard input")?;
            let p = line.trim_end_matches('\r');
            if !p.is_empty() {
                inputs.push(file_input(PathBuf::from(p)));
            }
        }
        return Ok(inputs);
    }
    for p in &args.paths {
        if p == Path::new("-") {
            bail!("`-` (read paths from standard input) cannot be mixed with other paths");
        }
        // A path that cannot be read is read as a page anyway, to give its error record in place.
        if p.is_dir() {
            let before = inputs.len();
            walk(p, &mut inputs);
            if inputs.len() == before {
                inputs.push(Input::Error(
                    p.clone(),
                    "directory holds no .html or .htm pages and no web archives".to_owned(),
                ));
            }
        } else {
            inputs.push(file_input(p.clone()));
        }
    }
    Ok(inputs)
}

fn is_page_name(p: &Path) -> bool {
    let name = p
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let name = name.strip_suffix(".gz").unwrap_or(&name);
    name.ends_with(".html") || name.ends_with(".htm")
}

/// Adds the pages under `dir` in name order, depth first, without recursion; unreadable
/// directories become error records.
fn walk(dir: &Path, inputs: &mut Vec<Input>) {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = match std::fs::read_dir(&d) {
            Ok(rd) => rd.collect::<Result<Vec<_>, _>>(),
            Err(e) => Err(e),
        };
        let mut entries: Vec<PathBuf> = match entries {
            Ok(es) => es.into_iter().map(|e| e.path()).collect(),
            Err(e) => {
                inputs.push(Input::Error(
                    d.clone(),
                    format!("cannot read directory: {e}"),
                ));
                continue;
            }
        };
        entries.sort();
        let mut subdirs = Vec::new();
        for p in entries {
            if p.is_dir() {
                subdirs.push(p);
            } else if super::warc::is_archive_name(&p) {
                inputs.push(Input::Archive(p));
            } else if is_page_name(&p) {
                inputs.push(Input::Page(p));
            }
        }
        // Visit subdirectories after the files, in name order.
        stack.extend(subdirs.into_iter().rev());
    }
}

/// How many records per worker may be done ahead of the one the writer waits for.
const PAGE_WINDOW_PER_JOB: usize = 16;

/// How often at most the page pipeline flushes the output when it has caught up.
const FLUSH_EVERY: std::time::Duration = std::time::Duration::from_millis(50);

/// Parses `pages` on `jobs` worker threads and writes their records to `out` in input order.
/// Returns the bytes read and the failures.
///
/// An ordered pipeline: each worker takes the next page as soon as it is free (holding one of
/// [`PAGE_WINDOW_PER_JOB`] × `jobs` tokens, given back when its record is written, so at most
/// that many records wait in memory) and serialises the record itself; the calling thread
/// only puts the lines in order and writes them, flushing when it has caught up (at most every
/// [`FLUSH_EVERY`]). No
/// worker waits for another's page (a batch in fixed chunks would idle every worker but one
/// while the chunk's largest page is parsed).
///
/// # Errors
/// The output cannot be written: the workers stop at their next page.
fn run_pages(
    pages: &[Input],
    args: &BatchArgs,
    selects: &[(String, Selector)],
    jobs: usize,
    progress: &ProgressBar,
    out: &mut dyn Write,
) -> anyhow::Result<(u64, usize)> {
    let next_page = AtomicUsize::new(0);
    let (token_tx, token_rx) = mpsc::sync_channel::<()>(jobs * PAGE_WINDOW_PER_JOB);
    let (done_tx, done_rx) = mpsc::channel::<(usize, Vec<u8>, u64, bool)>();
    std::thread::scope(|scope| -> anyhow::Result<(u64, usize)> {
        for _ in 0..jobs.min(pages.len()) {
            let (tokens, done, next_page) = (token_tx.clone(), done_tx.clone(), &next_page);
            scope.spawn(move || {
                // A token first, then the page: the pages taken and not yet written are at
                // most the window, and the one the writer waits for is always being parsed.
                while tokens.send(()).is_ok() {
                    let i = next_page.fetch_add(1, Ordering::SeqCst);
                    let Some(input) = pages.get(i) else {
                        break;
                    };
                    // A panic (a bug) becomes this input's error record: the pipeline waits
                    // for every record, so a lost one would stall it.
                    let (rec, n, failed) =
                        std::panic::catch_unwind(AssertUnwindSafe(|| record(input, args, selects)))
                            .unwrap_or_else(|p| {
                                let path = match input {
                                    Input::Page(p) | Input::Archive(p) | Input::Error(p, _) => p,
                                };
                                let error = internal_error(p.as_ref());
                                (
                                    json!({"path": path.display().to_string(), "error": error}),
                                    0,
                                    true,
                                )
                            });
                    let mut line = serde_json::to_vec(&rec).unwrap_or_default();
                    line.push(b'\n');
                    if done.send((i, line, n, failed)).is_err() {
                        break;
                    }
                }
            });
        }
        drop((token_tx, done_tx));
        let (mut bytes, mut failures) = (0u64, 0usize);
        let mut waiting = BTreeMap::new();
        let mut next = 0usize;
        let mut last_flush = Instant::now();
        let mut written = || -> anyhow::Result<()> {
            loop {
                let msg = match done_rx.try_recv() {
                    Ok(msg) => msg,
                    Err(mpsc::TryRecvError::Empty) => {
                        // Caught up with the workers: what is written reaches the reader now,
                        // at most every FLUSH_EVERY (a flush ends a gzip or zstd block).
                        if last_flush.elapsed() >= FLUSH_EVERY {
                            out.flush().context("cannot write the output")?;
                            last_flush = Instant::now();
                        }
                        match done_rx.recv() {
                            Ok(msg) => msg,
                            Err(_) => return Ok(()),
                        }
                    }
                    Err(mpsc::TryRecvError::Disconnected) => return Ok(()),
                };
                waiting.insert(msg.0, (msg.1, msg.2, msg.3));
                while let Some((line, n, failed)) = waiting.remove(&next) {
                    next += 1;
                    // Its token back: a worker may take one more page.
                    let _ = token_rx.try_recv();
                    bytes += n;
                    failures += usize::from(failed);
                    out.write_all(&line).context("cannot write the output")?;
                    progress.inc(1);
                }
            }
        };
        let result = written();
        // On a write error the tokens go, so every worker stops at its next page; the
        // scope then joins them.
        drop(token_rx);
        result?;
        out.flush().context("cannot write the output")?;
        Ok((bytes, failures))
    })
}

/// The error message of a worker that panicked (a bug in simdhtml) with `payload`.
pub(super) fn internal_error(payload: &(dyn std::any::Any + Send)) -> String {
    let what = payload
        .downcast_ref::<&str>()
        .copied()
        .or_else(|| payload.downcast_ref::<String>().map(String::as_str))
        .unwrap_or("a panic");
    format!("internal error: {what} (a bug in simdhtml: please report it with this input)")
}

/// Fault injection for the tests: a panic for every page or record whose path or URL contains
/// `SIMDHTML_BATCH_PANIC_FOR` (read once; unset, nothing happens), so that they can check that
/// a worker's panic becomes that input's error record and the others still come.
pub(super) fn inject_panic(name: &str) {
    static MARKER: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let marker = MARKER.get_or_init(|| std::env::var("SIMDHTML_BATCH_PANIC_FOR").ok());
    if let Some(m) = marker
        && name.contains(m.as_str())
    {
        panic!("injected for {name}");
    }
}

/// The record of one input, its size in bytes, and whether it failed.
fn record(input: &Input, args: &BatchArgs, selects: &[(String, Selector)]) -> (Value, u64, bool) {
    let (path, bytes) = match input {
        Input::Error(p, e) => {
            return (
                json!({"path": p.display().to_string(), "error": e}),
                0,
                true,
            );
        }
        Input::Page(p) | Input::Archive(p) => {
            (p, read_file(p, Some((args.max_bytes, "--max-bytes"))))
        }
    };
    let path_str = path.display().to_string();
    inject_panic(&path_str);
    let bytes = match bytes {
        Ok(b) => b,
        Err(e) => {
            return (
                json!({"path": path_str, "error": format!("{e:#}")}),
                0,
                true,
            );
        }
    };
    let n = bytes.len() as u64;
    if let Err(e) = not_binary(&bytes, args.transport) {
        return (
            json!({"path": path_str, "bytes": n, "error": format!("{e:#}")}),
            n,
            true,
        );
    }
    let mut m = Map::new();
    m.insert("path".into(), path_str.clone().into());
    m.insert("bytes".into(), n.into());
    m.extend(parse_fields(
        &bytes,
        args.transport,
        !args.no_guess_utf8,
        args.base.as_ref(),
        args,
        selects,
    ));
    (Value::Object(m), n, false)
}

/// Parses a page's bytes (`transport`: the transport charset;
/// `guess_utf8`: whether an undeclared page is read in the author's encoding, UTF-8 when it is
/// valid UTF-8 throughout, and the guess may say UTF-8, as for a local file) and gives the
/// record's fields after `path`/`bytes`: `encoding`, `truncated` when the node
/// budget stopped the parse, then the `--fields` in order. Links are resolved against the
/// page's `<base href>` and `base`. Each worker reuses its arena.
pub(super) fn parse_fields(
    bytes: &[u8],
    transport: Option<&'static Encoding>,
    guess_utf8: bool,
    base: Option<&Url>,
    args: &BatchArgs,
    selects: &[(String, Selector)],
) -> Map<String, Value> {
    ARENA.with(|arena| {
        let mut arena = arena.borrow_mut();
        arena.reset();
        let max_nodes = args
            .max_nodes
            .map_or_else(|| simdhtml::page_node_budget(bytes.len()), |n| n as usize);
        let options = ParseOptions {
            collect_errors: args.fields.contains(&Field::Errors),
            max_nodes: Some(max_nodes),
            input: InputOptions {
                transport_charset: transport,
                guess_utf8,
                ..InputOptions::default()
            },
            ..ParseOptions::default()
        };
        let (doc, encoding) = parse_bytes(&arena, bytes, &options);
        let mut m = Map::new();
        m.insert("encoding".into(), encoding.name().into());
        if doc.truncated() {
            m.insert("truncated".into(), true.into());
        }
        // The main content is found once for the fields that read it.
        let wants = |f: Field| args.fields.contains(&f);
        let main = (wants(Field::MainText) || wants(Field::Markdown) || wants(Field::PageType))
            .then(|| {
                extract::with_main_content(&doc, bytes, &options, |d, c| {
                    let markdown = wants(Field::Markdown)
                        .then(|| c.markdown(d, &extract::MarkdownOptions::new(d.scripting())));
                    (
                        wants(Field::MainText).then(|| c.text(d)),
                        markdown,
                        c.page_type(d),
                    )
                })
            });
        for f in &args.fields {
            let (k, v): (&str, Value) = match f {
                Field::Title => ("title", extract::title(&doc).into()),
                Field::Lang => ("lang", extract::lang(&doc).into()),
                Field::Text => (
                    "text",
                    extract::visible_text(&doc, options.scripting).into(),
                ),
                Field::MainText => ("main_text", main.as_ref().and_then(|m| m.0.clone()).into()),
                Field::Markdown => ("markdown", main.as_ref().and_then(|m| m.1.clone()).into()),
                Field::PageType => ("page_type", main.as_ref().map(|m| m.2.as_str()).into()),
                Field::Meta => ("meta", json!(extract::meta_resolved(&doc, base))),
                Field::Links => (
                    "links",
                    extract::links(&doc, base)
                        .iter()
                        .map(|l| Value::from(l.as_str()))
                        .collect::<Vec<_>>()
                        .into(),
                ),
                Field::Encoding => ("encoding", encoding.name().into()),
                Field::Errors => ("errors", doc.errors().len().into()),
            };
            m.insert(k.into(), v);
        }
        super::select::add_fields(&mut m, &doc, selects);
        m
    })
}
