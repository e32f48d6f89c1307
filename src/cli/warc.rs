//! `simdhtml batch` on web archives (WARC, ARC; `simdhtml::warc` reads them): one JSON record
//! per HTML response, in file order, parsed on all cores.
//!
//! A reader thread decompresses the file, splits it into records and keeps the HTML
//! candidates (response and resource records whose type is HTML, or none to sniff), in batches
//! that go through a bounded queue (two batches waiting at most); the workers parse a batch's
//! records in parallel and the records are written in file order. Memory: about three batches
//! of records (a batch is `16 × jobs` records or 64 MiB of blocks, whichever comes first).

use std::io::{Read, Write};

use anyhow::Context;
use std::path::Path;
use std::sync::mpsc;

use rayon::prelude::*;
use serde_json::{Map, Value};
use simdhtml::warc::{
    Capture, Compression, Event, PayloadKind, ReadError, Reader, ReaderOptions, Record, capture,
    sniffs_as_html,
};
use url::Url;

use super::batch::{BatchArgs, parse_fields, write_line};
use simdhtml::select::Selector;

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

/// Reads the archive at `path` and writes its records to `out` (in file order): one per
/// HTML response, one per error. Returns the payload bytes parsed and the failures.
pub(super) fn run_archive(
    path: &Path,
    args: &BatchArgs,
    selects: &[(String, Selector)],
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
    let per_batch = pool.current_num_threads() * 16;
    let (tx, rx) = mpsc::sync_channel::<(Vec<Item>, u64, u64)>(2);
    let max_bytes = args.max_bytes;
    let (mut bytes, mut failures) = (0u64, 0usize);
    std::thread::scope(|scope| -> anyhow::Result<()> {
        scope.spawn(move || split(reader, max_bytes, per_batch, &tx));
        for (batch, records, skipped) in rx {
            stats.records += records;
            stats.skipped += skipped;
            let outcomes: Vec<Outcome> = pool.install(|| {
                batch
                    .into_par_iter()
                    .map(|item| outcome(item, &shown, args, selects))
                    .collect()
            });
            for o in outcomes {
                match o {
                    Outcome::Skipped => stats.skipped += 1,
                    Outcome::Line(v, n, failed) => {
                        if v.get("url").is_some() {
                            stats.parsed += 1;
                        }
                        bytes += n;
                        failures += usize::from(failed);
                        write_line(out, &v)?;
                    }
                }
            }
            out.flush().context("cannot write the output")?;
        }
        Ok(())
    })?;
    Ok((bytes, failures))
}

/// The reader thread: splits the archive into items, in batches of at most `per_batch` items
/// or 64 MiB of blocks, each sent with the number of records read and skipped since the last.
fn split(
    reader: Reader<std::fs::File>,
    max_bytes: u64,
    per_batch: usize,
    tx: &mpsc::SyncSender<(Vec<Item>, u64, u64)>,
) {
    const BATCH_BYTES: usize = 64 << 20;
    let (mut batch, mut held, mut records, mut skipped) = (Vec::new(), 0usize, 0u64, 0u64);
    for event in reader {
        match event {
            Event::Error(e) => batch.push(Item::Error(e)),
            Event::Record(r) => {
                records += 1;
                match capture(&r) {
                    Some(c) if c.kind != PayloadKind::Other => {
                        if r.over_limit {
                            batch.push(Item::Error(ReadError {
                                offset: r.offset,
                                offset_in_member: r.offset_in_member,
                                message: format!(
                                    "a record of {} bytes, over --max-bytes {max_bytes}",
                                    r.block_len
                                ),
                            }));
                        } else {
                            held += r.block.len();
                            batch.push(Item::Html(Box::new((r, c))));
                        }
                    }
                    _ => skipped += 1,
                }
            }
        }
        if batch.len() >= per_batch || held >= BATCH_BYTES {
            let full = std::mem::take(&mut batch);
            if tx.send((full, records, skipped)).is_err() {
                return;
            }
            (held, records, skipped) = (0, 0, 0);
        }
    }
    let _ = tx.send((batch, records, skipped));
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
    match parse_fields(&body.bytes, transport, base, args, selects) {
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
