//! `simdhtml batch` on web archives (WARC, ARC; `simdhtml::warc` reads them): one JSON record
//! per HTML response, in file order, parsed on all cores.
//!
//! Reader threads (one per four workers, at most one per archive) read the archives side by
//! side, split them into records and keep the `response` and `resource` records; they go,
//! numbered, through a bounded queue to `--jobs` worker threads, which read their HTTP heads,
//! keep the HTML ones (their type HTML, or none and sniffed as HTML), parse and serialise
//! them; this thread writes them archive
//! after archive, each in file order. The gzip members of an archive are inflated by the
//! workers too (`Reader::inflate_members_with`: the reader cuts the compressed file at its
//! members' headers and waits for each member's bytes), so a reader thread does little and
//! one archive keeps every worker busy. The readers may be at most `16 × jobs` items ahead of
//! the writer in all (a token each; each reader at least 16), so memory stays near
//! `16 × jobs` records (at most `--max-bytes` each) whatever the files' sizes.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Mutex, mpsc};

use serde_json::{Map, Value};
use simdhtml::input::transport_charset;
use simdhtml::select::Selector;
use simdhtml::warc::{
    BlockReturn, Capture, Event, InflateTask, ReadError, Reader, ReaderOptions, Record, RecordType,
};
use url::Url;

use super::args::BatchArgs;
use super::fields::parse_fields;
use super::panics::{inject_panic, internal_error};
use crate::output::{Encoded, Output, Shape};

/// What the batch's summary line says about archives.
#[derive(Debug, Default, Clone, Copy)]
pub(crate) struct ArchiveStats {
    /// Records read.
    pub records: u64,
    /// HTML responses parsed (with or without an error).
    pub parsed: u64,
    /// Records that are not HTML responses.
    pub skipped: u64,
}

/// One thing the reader thread hands to the workers.
enum Item {
    /// A `response` or `resource` record, which may hold an HTML page: the worker reads its
    /// HTTP head and type ([`Record::html_capture`]; not the reader, so that one archive
    /// leaves less on the reader's thread), and where its block goes once parsed (back to its
    /// reader, to hold a later block).
    Capture(Box<(Record, BlockReturn)>),
    /// Bytes that are not a good record, or a record that is cut.
    Error(ReadError),
    /// The archive cannot be opened: `{"path", "error"}`.
    Unreadable(String),
}

/// What the workers take from the queue.
enum Work {
    /// Item `seq` of archive `archive`, read by reader `reader`.
    Item {
        archive: usize,
        seq: u64,
        reader: usize,
        item: Item,
    },
    /// A gzip member that a reader waits for.
    Inflate(InflateTask),
}

/// What a worker made of an item.
enum Outcome {
    /// A record to write: the JSON, the payload's size, whether it is an error.
    Line(Value, u64, bool),
    /// Not HTML (by its type, or sniffed): counted as skipped.
    Skipped,
}

/// A record ready to write: encoded for the output, whether it is an HTML response's, its
/// payload's size, whether it is an error.
struct Done {
    line: Encoded,
    html: bool,
    bytes: u64,
    failed: bool,
}

/// What the readers and workers tell the writing thread.
enum Msg {
    /// Item `seq` of archive `archive`, read by reader `reader`, done (`None`: skipped).
    Done {
        archive: usize,
        seq: u64,
        reader: usize,
        done: Option<Done>,
    },
    /// Archive `archive` gave `items` items; `records` records read, `skipped` skipped by
    /// their type.
    End {
        archive: usize,
        items: u64,
        records: u64,
        skipped: u64,
    },
}

/// Reads the archives at `paths` and writes their records to `out`, archive after archive,
/// each in file order: one per HTML response, one per error. Returns the payload bytes parsed
/// and the failures.
///
/// Readers (one per 4 workers, at most one per archive) take the archives in order and read
/// them side by side; the readers may be [`WINDOW_PER_JOB`] × jobs items ahead of the writer
/// in all (each its share, at least [`WINDOW_PER_JOB`]; a token per item, given back when it
/// is written), so the archive being written always has a reader that can go on, and memory
/// stays bounded.
pub(crate) fn run_archives(
    paths: &[&Path],
    args: &BatchArgs,
    selects: &[(String, Selector)],
    jobs: usize,
    stats: &mut ArchiveStats,
    out: &mut Output,
) -> anyhow::Result<(u64, usize)> {
    let shape = out.shape();
    let jobs = jobs.max(1);
    let readers = jobs.div_ceil(4).clamp(1, paths.len().max(1));
    // Gzip members out to the workers per reader: as many as the queue holds and as many
    // again, so that the next one is inflated when its reader comes to it.
    let ahead = (4 * jobs).div_ceil(readers);
    let window = (jobs * WINDOW_PER_JOB / readers).max(WINDOW_PER_JOB);
    let shown: Vec<String> = paths.iter().map(|p| p.display().to_string()).collect();
    let next_archive = AtomicUsize::new(0);
    // Room for every item and task the readers may have out (their windows and `ahead`), so
    // a reader waits for its tokens, never for a slot: with a queue of `2 × jobs`, the reader
    // slept and was woken for every item a worker took.
    let (item_tx, item_rx) = mpsc::sync_channel::<Work>(readers * (window + ahead));
    let item_rx = Mutex::new(item_rx);
    let (msg_tx, msg_rx) = mpsc::channel::<Msg>();
    std::thread::scope(|scope| -> anyhow::Result<(u64, usize)> {
        let mut token_rx = Vec::new();
        for r in 0..readers {
            let (tokens, rx) = mpsc::sync_channel::<()>(window);
            token_rx.push(rx);
            let (items, msgs, next_archive) = (item_tx.clone(), msg_tx.clone(), &next_archive);
            scope.spawn(move || {
                loop {
                    let a = next_archive.fetch_add(1, Ordering::SeqCst);
                    if a >= paths.len() {
                        break;
                    }
                    let Some((n, records, skipped)) =
                        split(paths[a], a, r, args, ahead, &items, &tokens)
                    else {
                        break;
                    };
                    let end = Msg::End {
                        archive: a,
                        items: n,
                        records,
                        skipped,
                    };
                    if msgs.send(end).is_err() {
                        break;
                    }
                }
            });
        }
        drop(item_tx);
        for _ in 0..jobs {
            let (msgs, item_rx, shown) = (msg_tx.clone(), &item_rx, &shown);
            scope.spawn(move || {
                loop {
                    let next = item_rx.lock().map(|rx| rx.recv());
                    let (archive, seq, reader, item) = match next {
                        Ok(Ok(Work::Item {
                            archive,
                            seq,
                            reader,
                            item,
                        })) => (archive, seq, reader, item),
                        Ok(Ok(Work::Inflate(task))) => {
                            // A panic (a bug) drops the task: its reader inflates the member.
                            let run = std::panic::AssertUnwindSafe(|| task.run());
                            let _ = std::panic::catch_unwind(run);
                            continue;
                        }
                        _ => break,
                    };
                    // A panic (a bug) becomes the item's error record: the writer waits for
                    // every item, so a lost one would stall it.
                    let at = match &item {
                        Item::Capture(b) => Some((b.0.offset, b.0.offset_in_member)),
                        Item::Error(e) => Some((e.offset, e.offset_in_member)),
                        Item::Unreadable(_) => None,
                    };
                    let path = &shown[archive];
                    let done = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        done(item, path, args, selects, shape)
                    }))
                    .unwrap_or_else(|p| {
                        let mut m = match at {
                            Some((offset, in_member)) => located(path, offset, in_member),
                            None => Map::from_iter([("path".to_owned(), path.as_str().into())]),
                        };
                        let error = internal_error(p.as_ref());
                        m.insert("error".into(), error.into());
                        Some(Done {
                            line: shape.encode(Value::Object(m)),
                            html: false,
                            bytes: 0,
                            failed: true,
                        })
                    });
                    let msg = Msg::Done {
                        archive,
                        seq,
                        reader,
                        done,
                    };
                    if msgs.send(msg).is_err() {
                        break;
                    }
                }
            });
        }
        drop(msg_tx);
        let (mut bytes, mut failures) = (0u64, 0usize);
        let mut pending = BTreeMap::new();
        let mut ends = BTreeMap::new();
        let (mut archive, mut next) = (0usize, 0u64);
        // After a write error the tokens go (so the readers stop at their next item) and the
        // messages are drained (so no thread waits on a full queue), then the error is given.
        // Tokens written and not yet given back, per reader: they go back half a window at a
        // time, so a reader that waits for tokens wakes once per half window, not per item.
        let mut owed = vec![0usize; readers];
        let mut tokens = Some(token_rx);
        let mut error = None;
        for msg in msg_rx {
            let Some(token_rx) = &tokens else {
                continue;
            };
            match msg {
                Msg::Done {
                    archive,
                    seq,
                    reader,
                    done,
                } => {
                    pending.insert((archive, seq), (reader, done));
                }
                Msg::End {
                    archive,
                    items,
                    records,
                    skipped,
                } => {
                    ends.insert(archive, (items, records, skipped));
                }
            }
            let written: anyhow::Result<()> = (|| {
                loop {
                    if let Some((reader, d)) = pending.remove(&(archive, next)) {
                        next += 1;
                        owed[reader] += 1;
                        if owed[reader] >= window / 2 {
                            for _ in 0..std::mem::take(&mut owed[reader]) {
                                let _ = token_rx[reader].recv();
                            }
                        }
                        let Some(d) = d else {
                            stats.skipped += 1;
                            continue;
                        };
                        stats.parsed += u64::from(d.html);
                        bytes += d.bytes;
                        failures += usize::from(d.failed);
                        out.write(d.line)?;
                    } else if ends.get(&archive).is_some_and(|e| e.0 == next) {
                        let (_, records, skipped) = ends.remove(&archive).unwrap_or_default();
                        stats.records += records;
                        stats.skipped += skipped;
                        (archive, next) = (archive + 1, 0);
                        out.flush()?;
                    } else {
                        return Ok(());
                    }
                }
            })();
            if let Err(e) = written {
                error = Some(e);
                tokens = None;
                pending.clear();
            }
        }
        if let Some(e) = error {
            return Err(e);
        }
        out.flush()?;
        Ok((bytes, failures))
    })
}

/// How many items per worker a reader may be ahead of the writer.
const WINDOW_PER_JOB: usize = 16;

/// A reader's work on archive `archive`: sends its items, numbered, each once it holds one of
/// this reader's tokens. Returns the items sent, the records read and those skipped here (not
/// `response` or `resource` records); `None` when the writer has stopped.
fn split(
    path: &Path,
    archive: usize,
    reader_id: usize,
    args: &BatchArgs,
    ahead: usize,
    items: &mpsc::SyncSender<Work>,
    tokens: &mpsc::SyncSender<()>,
) -> Option<(u64, u64, u64)> {
    let (mut records, mut skipped, mut seq) = (0u64, 0u64, 0u64);
    let send = |item: Item, seq: &mut u64| -> Option<()> {
        tokens.send(()).ok()?;
        let work = Work::Item {
            archive,
            seq: *seq,
            reader: reader_id,
            item,
        };
        items.send(work).ok()?;
        *seq += 1;
        Some(())
    };
    let mut reader = match Reader::open(
        path,
        ReaderOptions {
            max_block: args.max_bytes,
        },
    ) {
        Ok(r) => r,
        Err(e) => {
            send(Item::Unreadable(format!("cannot read: {e}")), &mut seq)?;
            return Some((seq, 0, 0));
        }
    };
    let blocks = reader.recycle_blocks();
    let inflate = items.clone();
    reader.inflate_members_with(ahead, move |task| {
        // Workers gone: the dropped task is inflated by the reader.
        let _ = inflate.send(Work::Inflate(task));
    });
    for event in reader {
        let item = match event {
            Event::Error(e) => Item::Error(e),
            Event::Record(r) => {
                records += 1;
                match r.record_type() {
                    RecordType::Response | RecordType::Resource => {
                        Item::Capture(Box::new((r, blocks.clone())))
                    }
                    // Holds no capture (`simdhtml::warc::capture`): skipped here.
                    _ => {
                        skipped += 1;
                        blocks.give(r.block);
                        continue;
                    }
                }
            }
        };
        send(item, &mut seq)?;
    }
    Some((seq, records, skipped))
}

/// A worker's work on one item: parsed and encoded for the output, or `None` when it is not
/// HTML after all.
fn done(
    item: Item,
    path: &str,
    args: &BatchArgs,
    selects: &[(String, Selector)],
    shape: Shape,
) -> Option<Done> {
    match outcome(item, path, args, selects) {
        Outcome::Skipped => None,
        Outcome::Line(v, bytes, failed) => {
            let html = v.get("url").is_some();
            Some(Done {
                line: shape.encode(v),
                html,
                bytes,
                failed,
            })
        }
    }
}

/// The start of a record's JSON: `path`, `offset`, and `offset_in_member` when there is one.
fn located(path: &str, offset: u64, in_member: Option<u64>) -> Map<String, Value> {
    let mut m = Map::new();
    m.insert("path".into(), path.into());
    m.insert("offset".into(), offset.into());
    if let Some(k) = in_member {
        m.insert("offset_in_member".into(), k.into());
    }
    m
}

/// Parses one item: the record of an HTML response, an error record, or skipped.
fn outcome(item: Item, path: &str, args: &BatchArgs, selects: &[(String, Selector)]) -> Outcome {
    let (record, blocks) = match item {
        Item::Unreadable(why) => {
            let mut m = Map::new();
            m.insert("path".into(), path.into());
            m.insert("error".into(), why.into());
            return Outcome::Line(Value::Object(m), 0, true);
        }
        Item::Error(e) => {
            let mut m = located(path, e.offset, e.offset_in_member);
            m.insert("error".into(), e.message.into());
            return Outcome::Line(Value::Object(m), 0, true);
        }
        Item::Capture(b) => *b,
    };
    let outcome = match record.html_capture() {
        // Not HTML by its type: skipped.
        None => Outcome::Skipped,
        Some(_) if record.over_limit => {
            let mut m = located(path, record.offset, record.offset_in_member);
            let error = format!(
                "a record of {} bytes, over --max-bytes {}",
                record.block_len, args.max_bytes
            );
            m.insert("error".into(), error.into());
            Outcome::Line(Value::Object(m), 0, true)
        }
        Some(capture) => html_outcome(&record, &capture, path, args, selects),
    };
    blocks.give(record.block);
    outcome
}

/// Parses the record of an HTML response.
fn html_outcome(
    record: &Record,
    capture: &Capture,
    path: &str,
    args: &BatchArgs,
    selects: &[(String, Selector)],
) -> Outcome {
    let Some((page, payload)) = capture.html_page_borrowed(record, args.max_bytes) else {
        return Outcome::Skipped;
    };
    let mut m = located(path, record.offset, record.offset_in_member);
    let url = page.url.as_deref();
    inject_panic(url.unwrap_or_default());
    m.insert("url".into(), url.into());
    m.insert("record_id".into(), record.record_id().into());
    m.insert("date".into(), record.date().into());
    m.insert("status".into(), page.status.into());
    m.insert("content_type".into(), page.content_type.clone().into());
    let n = payload.len() as u64;
    m.insert("bytes".into(), n.into());
    if page.over_limit {
        m.insert(
            "error".into(),
            format!(
                "the payload decodes to more than --max-bytes {} bytes",
                args.max_bytes
            )
            .into(),
        );
        return Outcome::Line(Value::Object(m), 0, true);
    }
    // The HTTP charset, else --encoding; the page's URL for links, else --base; the HTTP
    // Content-Language for :lang().
    let transport = match page.charset.as_deref().map(transport_charset).transpose() {
        Ok(charset) => charset.or(args.transport),
        Err(e) => {
            m.insert("error".into(), e.to_string().into());
            return Outcome::Line(Value::Object(m), n, true);
        }
    };
    let base = url.and_then(|u| Url::parse(u).ok());
    let base = base.as_ref().or(args.base.as_ref());
    let mut fields = parse_fields(
        &payload,
        transport,
        page.content_language.as_deref(),
        !args.no_guess_utf8,
        base,
        args,
        selects,
    )
    .into_iter();
    // `encoding` first, then what the archive says about the record, then the fields.
    if let Some((k, v)) = fields.next() {
        m.insert(k, v);
    }
    if let Some(t) = page.truncated {
        m.insert("truncated_record".into(), t.into());
    }
    m.extend(fields);
    Outcome::Line(Value::Object(m), n, false)
}
