//! `batch` on pages (files): parsed on all cores, one JSON record each, in input order.

use std::collections::BTreeMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use indicatif::ProgressBar;
use serde_json::{Map, Value, json};
use simdhtml::select::Selector;

use super::args::BatchArgs;
use super::fields::parse_fields;
use super::inputs::Input;
use super::panics::{inject_panic, internal_error};
use crate::load::{not_binary, read_file};
use crate::output::{Encoded, Output};

/// How many records per worker may be done ahead of the one the writer waits for.
const PAGE_WINDOW_PER_JOB: usize = 16;

/// How often at most the page pipeline flushes the output when it has caught up.
const FLUSH_EVERY: std::time::Duration = std::time::Duration::from_millis(50);

/// Parses `pages` on `jobs` worker threads and writes their records to `out` in input order
/// (each encoded by its worker for the output's shape).
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
pub(crate) fn run_pages(
    pages: &[Input],
    args: &BatchArgs,
    selects: &[(String, Selector)],
    jobs: usize,
    progress: &ProgressBar,
    out: &mut Output,
) -> anyhow::Result<(u64, usize)> {
    let shape = out.shape();
    let next_page = AtomicUsize::new(0);
    let (token_tx, token_rx) = mpsc::sync_channel::<()>(jobs * PAGE_WINDOW_PER_JOB);
    let (done_tx, done_rx) = mpsc::channel::<(usize, Encoded, u64, bool)>();
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
                    if done.send((i, shape.encode(rec), n, failed)).is_err() {
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
                            out.flush()?;
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
                    out.write(line)?;
                    progress.inc(1);
                }
            }
        };
        let result = written();
        // On a write error the tokens go, so every worker stops at its next page; the
        // scope then joins them.
        drop(token_rx);
        result?;
        out.flush()?;
        Ok((bytes, failures))
    })
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
        None,
        !args.no_guess_utf8,
        args.base.as_ref(),
        args,
        selects,
    ));
    (Value::Object(m), n, false)
}
