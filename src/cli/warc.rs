//! `simdhtml batch` on web archives (WARC, ARC; `simdhtml::warc` reads them): one JSON record
//! per HTML response, in file order, parsed on all cores.
//!
//! A reader thread decompresses the file, splits it into records and keeps the HTML
//! candidates (response and resource records whose type is HTML, or none to sniff); they go,
//! numbered, through a bounded queue to `--jobs` worker threads, which parse and serialise
//! them; this thread writes them in file order. The reader may be at most `16 × jobs` items
//! ahead of the writer (a token each), so memory stays near `16 × jobs` records (at most
//! `--max-bytes` each) whatever the file's size.

use std::io::{Read, Write};

use anyhow::Context;
use std::collections::BTreeMap;
use std::path::Path;
use std::sync::{Mutex, mpsc};

use serde_json::{Map, Value};
use simdhtml::warc::{
    Capture, Compression, Event, PayloadKind, ReadError, Reader, ReaderOptions, Record, capture,
    sniffs_as_html,
};
use url::Url;

use super::batch::{BatchArgs, parse_fields, write_line};

/// What the batch's summary line says about archives.
#[derive(Debug, Default, Clone, Copy)]
pub(super) struct ArchiveStats {
    /// Records read.
    pub records: u64,
    /// HTML responses parsed (with or without an error).
    pub parsed: u64,
    /// Records that are not HTML responses.
    pub skipped: u64,
}

/// File names `batch` reads as archives (ASCII case-insensitively): `.warc`, `.arc`, each
/// also with `.gz`, and `.warc.zst`, `.warc.lz4`, `.warc.bz2`.
pub(super) fn is_archive_name(path: &Path) -> bool {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    [
        ".warc",
        ".warc.gz",
        ".arc",
        ".arc.gz",
        ".warc.zst",
        ".warc.lz4",
        ".warc.bz2",
    ]
    .iter()
    .any(|x| name.ends_with(x))
}

/// Whether the file at `path` is an archive by its content: its first bytes, decompressed
/// when they are gzip, zstd, LZ4 or bzip2, start with `WARC/` or `filedesc://` (several real
/// archives are named `.warc.gz.open`, `.bad`, or `.warc` while gzipped).
pub(super) fn sniffs_as_archive(path: &Path) -> bool {
    let Ok(mut file) = std::fs::File::open(path) else {
        return false;
    };
    let mut head = [0u8; 4];
    if file.read_exact(&mut head).is_err() {
        return false;
    }
    let Ok(file) = std::fs::File::open(path) else {
        return false;
    };
    let reader: Box<dyn Read> = match Compression::detect(&head) {
        Compression::None => Box::new(file),
        Compression::Gzip => Box::new(flate2::read::MultiGzDecoder::new(file)),
        Compression::Zstd => match zstd::stream::read::Decoder::new(file) {
            Ok(d) => Box::new(d),
            Err(_) => return false,
        },
        Compression::Lz4 => Box::new(lz4_flex::frame::FrameDecoder::new(file)),
        Compression::Bzip2 => Box::new(bzip2::read::MultiBzDecoder::new(file)),
    };
    let compressed = Compression::detect(&head) != Compression::None;
    let mut start = Vec::with_capacity(16);
    if reader.take(16).read_to_end(&mut start).is_err() && start.is_empty() {
        return false;
    }
    // Compressed and empty (a single empty gzip member): an archive without records.
    if compressed && start.is_empty() {
        return true;
    }
    let start = start.trim_ascii_start();
    start.starts_with(b"WARC/") || start.starts_with(b"filedesc://")
}

/// One thing the reader thread hands to the workers.
enum Item {
    /// A response or resource record that is (or may be) HTML.
    Html(Box<(Record, Capture)>),
    /// Bytes that are not a good record, or a record that cannot be parsed.
    Error(ReadError),
}

/// What a worker made of an item.
enum Outcome {
    /// A record to write: the JSON, the payload's size, whether it is an error.
    Line(Value, u64, bool),
    /// Not HTML after all (sniffed): counted as skipped.
    Skipped,
}

/// A record ready to write: its JSON line, whether it is an HTML response's, its payload's
/// size, whether it is an error.
struct Done {
    line: Vec<u8>,
    html: bool,
    bytes: u64,
    failed: bool,
}

/// Reads the archive at `path` and writes its records to `out` (in file order): one per
/// HTML response, one per error. Returns the payload bytes parsed and the failures.
pub(super) fn run_archive(
    path: &Path,
    args: &BatchArgs,
    pool: &rayon::ThreadPool,
    stats: &mut ArchiveStats,
    out: &mut dyn Write,
) -> anyhow::Result<(u64, usize)> {
    let shown = path.display().to_string();
    let options = ReaderOptions {
        max_block: args.max_bytes,
    };
    let reader = match Reader::open(path, options) {
        Ok(r) => r,
        Err(e) => {
            let mut m = Map::new();
            m.insert("path".into(), shown.into());
            m.insert("error".into(), format!("cannot read: {e}").into());
            write_line(out, &Value::Object(m))?;
            return Ok((0, 1));
        }
    };
    let jobs = pool.current_num_threads().max(1);
    let max_bytes = args.max_bytes;
    // Items read but not yet written: the reader takes a token for each (and waits when the
    // window is full), the writer gives it back once the item is written.
    let (token_tx, token_rx) = mpsc::sync_channel::<()>(jobs * WINDOW_PER_JOB);
    let (item_tx, item_rx) = mpsc::sync_channel::<(u64, Item)>(jobs * 2);
    let (done_tx, done_rx) = mpsc::channel::<(u64, Option<Done>)>();
    let item_rx = Mutex::new(item_rx);
    let shown = shown.as_str();
    std::thread::scope(|scope| -> anyhow::Result<(u64, usize)> {
        let reading = scope.spawn(move || split(reader, max_bytes, &item_tx, &token_tx));
        for _ in 0..jobs {
            let (done_tx, item_rx) = (done_tx.clone(), &item_rx);
            scope.spawn(move || {
                loop {
                    let next = item_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((seq, item))) = next else {
                        break;
                    };
                    if done_tx.send((seq, done(item, shown, args))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let (mut bytes, mut failures) = (0u64, 0usize);
        let mut pending = BTreeMap::new();
        let mut next = 0u64;
        for (seq, d) in done_rx {
            pending.insert(seq, d);
            while let Some(d) = pending.remove(&next) {
                next += 1;
                let _ = token_rx.recv();
                let Some(d) = d else {
                    stats.skipped += 1;
                    continue;
                };
                stats.parsed += u64::from(d.html);
                bytes += d.bytes;
                failures += usize::from(d.failed);
                out.write_all(&d.line).context("cannot write the output")?;
            }
            if pending.is_empty() {
                out.flush().context("cannot write the output")?;
            }
        }
        let (records, skipped) = reading.join().unwrap_or((0, 0));
        stats.records += records;
        stats.skipped += skipped;
        Ok((bytes, failures))
    })
}

/// How many items per worker may be read ahead of the one being written.
const WINDOW_PER_JOB: usize = 16;

/// The reader thread: sends the items of the archive, numbered, each once it holds a token;
/// returns the records read and those skipped here (not HTML by their type).
fn split(
    reader: Reader<std::fs::File>,
    max_bytes: u64,
    items: &mpsc::SyncSender<(u64, Item)>,
    tokens: &mpsc::SyncSender<()>,
) -> (u64, u64) {
    let (mut records, mut skipped, mut seq) = (0u64, 0u64, 0u64);
    for event in reader {
        let item = match event {
            Event::Error(e) => Item::Error(e),
            Event::Record(r) => {
                records += 1;
                match capture(&r) {
                    Some(c) if c.kind != PayloadKind::Other => {
                        if r.over_limit {
                            Item::Error(ReadError {
                                offset: r.offset,
                                offset_in_member: r.offset_in_member,
                                message: format!(
                                    "a record of {} bytes, over --max-bytes {max_bytes}",
                                    r.block_len
                                ),
                            })
                        } else {
                            Item::Html(Box::new((r, c)))
                        }
                    }
                    _ => {
                        skipped += 1;
                        continue;
                    }
                }
            }
        };
        if tokens.send(()).is_err() || items.send((seq, item)).is_err() {
            break;
        }
        seq += 1;
    }
    (records, skipped)
}

/// A worker's work on one item: parsed and serialised, or `None` when it is not HTML after
/// all.
fn done(item: Item, path: &str, args: &BatchArgs) -> Option<Done> {
    match outcome(item, path, args) {
        Outcome::Skipped => None,
        Outcome::Line(v, bytes, failed) => {
            let mut line = serde_json::to_vec(&v).unwrap_or_default();
            line.push(b'\n');
            Some(Done {
                line,
                html: v.get("url").is_some(),
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
fn outcome(item: Item, path: &str, args: &BatchArgs) -> Outcome {
    let (record, capture) = match item {
        Item::Error(e) => {
            let mut m = located(path, e.offset, e.offset_in_member);
            m.insert("error".into(), e.message.into());
            return Outcome::Line(Value::Object(m), 0, true);
        }
        Item::Html(b) => *b,
    };
    let body = capture.payload(&record, args.max_bytes);
    if capture.kind == PayloadKind::Sniff && !sniffs_as_html(&body.bytes) {
        return Outcome::Skipped;
    }
    let mut m = located(path, record.offset, record.offset_in_member);
    let url = record.target_uri();
    m.insert("url".into(), url.into());
    m.insert("record_id".into(), record.record_id().into());
    m.insert("date".into(), record.date().into());
    m.insert("status".into(), capture.status.into());
    m.insert("content_type".into(), capture.content_type.clone().into());
    let n = body.bytes.len() as u64;
    m.insert("bytes".into(), n.into());
    if body.over_limit {
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
    let truncated = record
        .truncated()
        .map(|t| format!("WARC-Truncated: {t}"))
        .or_else(|| record.cut.clone())
        .or_else(|| body.cut.clone())
        .or_else(|| {
            record
                .bad_length
                .as_ref()
                .map(|l| format!("the ARC length {l:?} is not a number; read as 0"))
        });
    // The HTTP charset, else --encoding; the page's URL for links, else --base.
    let transport = capture
        .charset()
        .map(str::to_owned)
        .or_else(|| args.encoding.clone());
    let base = url.and_then(|u| Url::parse(u).ok());
    let base = base.as_ref().or(args.base.as_ref());
    match parse_fields(&body.bytes, transport, base, args) {
        Ok(fields) => {
            let mut fields = fields.into_iter();
            // `encoding` first, then what the archive says about the record, then the fields.
            if let Some((k, v)) = fields.next() {
                m.insert(k, v);
            }
            if let Some(t) = truncated {
                m.insert("truncated_record".into(), t.into());
            }
            m.extend(fields);
            Outcome::Line(Value::Object(m), n, false)
        }
        Err(e) => {
            m.insert("error".into(), e.into());
            Outcome::Line(Value::Object(m), n, true)
        }
    }
}
