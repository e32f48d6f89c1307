//! `simdhtml batch PATH... [--jobs N] [--format jsonl|parquet] [--fields LIST] [--max-bytes N]
//! [--max-nodes N] [--base URL] [--encoding LABEL] [--select NAME=SELECTOR] [--output FILE]`:
//! parse many pages on all cores and write one record per page, in input order: a JSON line,
//! or a Parquet row (`crate::output`).
//!
//! This file is the driver: it lists the inputs (`inputs.rs`), hands each run of pages to
//! `pages.rs` and each run of archives to `archives.rs`, and writes the summary line. Both
//! pipelines build their records with `fields.rs` (a page's fields) and `panics.rs` (a
//! worker's panic as an error record), below them; `args.rs` holds the arguments.

mod archives;
mod args;
mod fields;
mod inputs;
mod pages;
mod panics;

use std::io::IsTerminal;
use std::path::Path;
use std::process::ExitCode;
use std::time::Instant;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

pub use args::BatchArgs;

use super::load::transport_charset;
use super::output::{Columns, Output, is_parquet_name};
use archives::{ArchiveStats, run_archives};
use args::Format;
use inputs::{Input, list_inputs};
use pages::run_pages;

/// Runs `simdhtml batch`. Exit status 0 when every input gave a record without an error, 1
/// otherwise.
///
/// # Errors
/// An unknown `--encoding` label, `-` mixed with other paths, `--format parquet` without
/// `--output`, a `--select` name that is a Parquet column already, standard input or output
/// that cannot be read or written. (An input that cannot be read is an error record, not an
/// error.)
pub fn run(args: &BatchArgs) -> anyhow::Result<ExitCode> {
    let args = &BatchArgs {
        transport: transport_charset(args.encoding.as_deref())?,
        ..args.clone()
    };
    let selects = crate::select::parse_named(&args.select)?;
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
    let mut archive_stats = ArchiveStats::default();
    let mut output = open_output(args, &selects)?;
    let out = &mut output;
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
            let (n, failed) =
                run_archives(&archives, args, &selects, jobs, &mut archive_stats, out)?;
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
    output.finish()?;
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

/// The output `--output` and `--format` ask for.
fn open_output(
    args: &BatchArgs,
    selects: &[(String, simdhtml::select::Selector)],
) -> anyhow::Result<Output> {
    let path = args.output.as_deref();
    let format = args.format.unwrap_or(match path {
        Some(p) if is_parquet_name(p) => Format::Parquet,
        _ => Format::Jsonl,
    });
    match (format, path) {
        (Format::Jsonl, _) => Output::open(path),
        (Format::Parquet, None) => {
            anyhow::bail!("--format parquet needs --output FILE (a Parquet file is not a stream)")
        }
        (Format::Parquet, Some(path)) => {
            let columns = Columns {
                fields: args.fields.iter().flat_map(|f| f.keys()).copied().collect(),
                selects: selects.iter().map(|(n, _)| n.as_str()).collect(),
            };
            Output::parquet(path, &columns)
        }
    }
}
