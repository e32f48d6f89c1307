//! Reading web archives: WARC (ISO 28500, WARC/1.0 and 1.1, and the 0.17/0.18 drafts real
//! archives still carry) and ARC (the Internet Archive's format, versions 1 and 2), plain or
//! compressed (gzip member by member, zstd, LZ4, bzip2: told by the first bytes, not the name),
//! and the HTTP layer of their response records ([`http`]): what `simdhtml batch` reads a WARC
//! file with (`docs/warc.md` in the repository).
//!
//! [`Reader`] yields one [`Event`] at a time, in file order: a [`Record`] (its header fields
//! and its block, the bytes after the header) or a [`ReadError`] for bytes that are not a good
//! record. Nothing stops the reading but the end of the file: after a record whose header
//! cannot be read, a gzip member that is corrupt, bytes that belong to no record, the reader
//! goes on at the next record it can find (the next `WARC/` line, the next ARC header line,
//! the next gzip member), and each such place is one error event. A record cut by the end of
//! the file (or by corrupt gzip data) comes with what there is of its block
//! ([`Record::cut`]) and an error event after it.
//!
//! ```no_run
//! use simdhtml::warc::{Event, Reader, ReaderOptions};
//!
//! let reader = Reader::open("crawl.warc.gz", ReaderOptions::default())?;
//! for event in reader {
//!     match event {
//!         Event::Record(r) => println!("{} {} {:?}", r.offset, r.record_type(), r.target_uri()),
//!         Event::Error(e) => eprintln!("at {}: {}", e.offset, e.message),
//!     }
//! }
//! # Ok::<(), std::io::Error>(())
//! ```
//!
//! Memory: one record's block at a time (at most [`ReaderOptions::max_block`] bytes; a larger
//! block is passed over, not stored) plus a 256 KiB read buffer.

mod error;
pub mod http;
mod members;
mod payload;
mod record_type;
mod sniff;
mod source;

use std::collections::VecDeque;
use std::io::{Read, Seek};
use std::path::Path;
use std::sync::mpsc;

pub use error::{ReadError, ReadErrorKind};
pub use members::InflateTask;
pub use payload::{Capture, Page, PayloadKind, capture};
pub use record_type::RecordType;
pub use sniff::{RESOURCE_HEADER, sniffs_as_html};
pub use source::Compression;
use source::{Fill, Source};

/// The longest WARC header block read (1 MiB); a longer one is an error.
pub const MAX_HEADER: usize = 1 << 20;
/// The longest ARC header line read (64 KiB).
const MAX_ARC_LINE: usize = 64 * 1024;
/// How much of a block over [`ReaderOptions::max_block`] is kept in [`Record::block`] (64 KiB:
/// enough for the HTTP head that tells what the record holds).
pub const PEEK: usize = 64 * 1024;
/// How far past a block's declared end the reader looks for the next record when the bytes
/// there are not one (4 KiB); beyond it, everything up to the next record is skipped.
const LOOK_AHEAD: usize = 4096;
/// How many bytes the reader asks the source for at a time.
const READ: usize = 256 * 1024;

/// What a [`Reader`] may do.
#[derive(Debug, Clone)]
pub struct ReaderOptions {
    /// The largest block read into memory (default 64 MiB). A record with a longer
    /// `Content-Length` (ARC: length) comes with its first [`PEEK`] bytes only and
    /// [`Record::over_limit`] set; the rest is read past, never stored.
    pub max_block: u64,
}

impl Default for ReaderOptions {
    fn default() -> Self {
        ReaderOptions {
            max_block: 64 * 1024 * 1024,
        }
    }
}

/// The format of an archive, as its first record tells.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// WARC: records that start with a `WARC/x.y` line and a header block.
    Warc,
    /// ARC: records that start with a header line `URL IP DATE MIME LENGTH` (version 1) or
    /// with 10 fields (version 2), after a `filedesc://` record.
    Arc,
}

/// One record of an archive.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    /// Where to start reading to find the record: its first byte in an uncompressed file, the
    /// start of the gzip member (or LZ4 frame) it starts in (as CDX indexes give it), 0 for
    /// zstd and bzip2 files (read as one stream).
    pub offset: u64,
    /// When the record does not start at the start of its gzip member (a file gzipped as a
    /// whole, members not aligned with records) or of the stream: how many decompressed bytes
    /// into it the record starts. `None` when it starts there (and for uncompressed files).
    pub offset_in_member: Option<u64>,
    /// WARC or ARC.
    pub format: Format,
    /// The version line (`WARC/1.0`, `WARC/0.17`), or `ARC/1` or `ARC/2`.
    pub version: String,
    /// The header fields in order, names as written. ARC records carry their header line's
    /// fields under ARC's names: `URL`, `IP-address`, `Archive-date`, `Content-type`,
    /// `Archive-length` (version 2 adds `Result-code`, `Checksum`, `Location`, `Offset`,
    /// `Filename`).
    pub headers: Vec<(String, String)>,
    /// The block: the `Content-Length` bytes after the header (all of them, or what the file
    /// has when [`Record::cut`], or the first [`PEEK`] when [`Record::over_limit`]).
    pub block: Vec<u8>,
    /// The block's declared length (0 for an ARC length that is not a number, see
    /// [`Record::bad_length`]).
    pub block_len: u64,
    /// Why the block is shorter than declared: the file (or its good gzip data) ends inside
    /// it. `None` when it is whole.
    pub cut: Option<String>,
    /// The block was longer than [`ReaderOptions::max_block`]: only its start is here.
    pub over_limit: bool,
    /// An ARC length field that is not a number (`-1`, `abc`), read as 0, as warcio does.
    pub bad_length: Option<String>,
}

impl Record {
    /// The first header field named `name` (ASCII case-insensitively), value trimmed.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    /// The record type: WARC's `WARC-Type` ([`RecordType::Unknown`] when missing or empty);
    /// ARC's `filedesc://` record is [`RecordType::ArcHeader`] and every other ARC record a
    /// [`RecordType::Response`] (warcio's names). Its `Display` is the lower-case name
    /// (`response`, `warcinfo`, `arc_header`, …).
    pub fn record_type(&self) -> RecordType {
        match self.format {
            Format::Warc => RecordType::from_name(self.header("WARC-Type").unwrap_or("")),
            Format::Arc => {
                let url = self.header("URL").unwrap_or("");
                // Bytes, not `url[..11]`: the URL may have a multi-byte character there.
                let scheme = url.as_bytes().get(..11);
                if scheme.is_some_and(|s| s.eq_ignore_ascii_case(b"filedesc://")) {
                    RecordType::ArcHeader
                } else {
                    RecordType::Response
                }
            }
        }
    }

    /// The captured URL: `WARC-Target-URI` without the `<…>` some writers wrap it in (WARC/1.0's
    /// grammar; wget 1.19 writes it so), or the ARC URL.
    pub fn target_uri(&self) -> Option<&str> {
        let v = match self.format {
            Format::Warc => self.header("WARC-Target-URI")?,
            Format::Arc => self.header("URL")?,
        };
        let v = v.trim();
        Some(
            v.strip_prefix('<')
                .and_then(|v| v.strip_suffix('>'))
                .unwrap_or(v),
        )
    }

    /// `WARC-Record-ID` as written (ARC records have none).
    pub fn record_id(&self) -> Option<&str> {
        self.header("WARC-Record-ID")
    }

    /// The capture date: `WARC-Date` as written, or an ARC date (`YYYYMMDDhhmmss`) as
    /// `YYYY-MM-DDThh:mm:ssZ` (written as it stands when it is not 14 digits).
    pub fn date(&self) -> Option<String> {
        match self.format {
            Format::Warc => self.header("WARC-Date").map(str::to_owned),
            Format::Arc => {
                let d = self.header("Archive-date")?;
                let b = d.as_bytes();
                if b.len() >= 14 && b[..14].iter().all(u8::is_ascii_digit) {
                    Some(format!(
                        "{}-{}-{}T{}:{}:{}Z",
                        &d[0..4],
                        &d[4..6],
                        &d[6..8],
                        &d[8..10],
                        &d[10..12],
                        &d[12..14]
                    ))
                } else {
                    Some(d.to_owned())
                }
            }
        }
    }

    /// The record's `Content-Type` (WARC), or the MIME type on the ARC header line.
    pub fn content_type(&self) -> Option<&str> {
        match self.format {
            Format::Warc => self.header("Content-Type"),
            Format::Arc => self.header("Content-type"),
        }
    }

    /// `WARC-Truncated` (`length`, `time`, `disconnect`, `unspecified`, or anything a writer
    /// put there): the writer stored less than the whole capture.
    pub fn truncated(&self) -> Option<&str> {
        self.header("WARC-Truncated")
    }

    /// Why the record, or its payload, is shorter than it says, as `batch` writes it in a
    /// page's `truncated_record`: `WARC-Truncated: REASON`, else why the block is cut
    /// ([`Record::cut`]), else why the payload is (`payload_cut`, [`http::Body::cut`]), else an
    /// ARC length that is not a number. `None` for a whole record.
    pub fn truncation(&self, payload_cut: Option<&str>) -> Option<String> {
        self.truncated()
            .map(|t| format!("WARC-Truncated: {t}"))
            .or_else(|| self.cut.clone())
            .or_else(|| payload_cut.map(str::to_owned))
            .or_else(|| {
                self.bad_length
                    .as_ref()
                    .map(|l| format!("the ARC length {l:?} is not a number; read as 0"))
            })
    }
}

/// What a [`Reader`] yields.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Event {
    /// A record.
    Record(Record),
    /// Bytes that are not a good record, or the reason a record is cut.
    Error(ReadError),
}

/// Where the bytes that can be read without crossing a decompression break end.
#[derive(Debug)]
enum SegEnd {
    /// More bytes may follow.
    Open,
    /// A decompression error: the bytes after it (if any) start over at a gzip member.
    Break {
        offset: u64,
        kind: ReadErrorKind,
        message: String,
        reported: bool,
    },
    /// The end of the file.
    Eof,
}

/// Reads the records of an archive one [`Event`] at a time, in file order (see the module
/// documentation).
pub struct Reader<R: Read + Seek> {
    source: Source<R>,
    /// Decompressed bytes; `buf[0]` is the byte at decompressed offset `base`.
    buf: Vec<u8>,
    base: u64,
    pos: usize,
    seg: SegEnd,
    format: Option<Format>,
    arc_v2: bool,
    queue: VecDeque<Event>,
    done: bool,
    options: ReaderOptions,
    /// Buffers given back for the blocks ([`Reader::recycle_blocks`]).
    blocks: Option<Blocks>,
}

/// Gives the blocks of a [`Reader`]'s records back to it, from any thread, to hold later
/// records' blocks ([`Reader::recycle_blocks`]).
#[derive(Debug, Clone)]
pub struct BlockReturn(mpsc::Sender<Vec<u8>>);

impl BlockReturn {
    /// Gives `block` (a record's [`Record::block`], or any buffer) back to the reader; it is
    /// dropped when the reader is gone.
    pub fn give(&self, block: Vec<u8>) {
        let _ = self.0.send(block);
    }
}

/// The buffers given back to a reader for its records' blocks ([`Reader::recycle_blocks`]).
struct Blocks {
    given: mpsc::Receiver<Vec<u8>>,
    /// At most [`SPARE_BLOCKS`] of them, none over [`SPARE_MAX`] bytes, kept for a block they
    /// fit.
    spare: Vec<Vec<u8>>,
}

/// How many buffers given back a reader keeps for its blocks.
const SPARE_BLOCKS: usize = 16;
/// The largest buffer given back that a reader keeps (4 MiB, as its own buffer): a larger one
/// is freed, so what is kept stays under 64 MiB whatever the blocks. (At 1 MiB, the few pages
/// of 1–2 MB in the CC-style file took their faults again: 3,300 a run on its ×10 file
/// became 8,300–11,700.)
const SPARE_MAX: usize = 16 * READ;

impl Blocks {
    /// `bytes` in the smallest buffer given back that holds them and is at most four times
    /// their size (or 1 MiB), else in a new one.
    fn fill(&mut self, bytes: &[u8]) -> Vec<u8> {
        while let Ok(b) = self.given.try_recv() {
            if b.capacity() > SPARE_MAX {
                continue;
            }
            if self.spare.len() == SPARE_BLOCKS {
                // The smallest makes room.
                let smallest = self
                    .spare
                    .iter()
                    .enumerate()
                    .min_by_key(|(_, b)| b.capacity());
                if let Some((i, _)) = smallest {
                    self.spare.swap_remove(i);
                }
            }
            self.spare.push(b);
        }
        let fits = bytes.len()..=bytes.len().max(READ) * 4;
        let best = self
            .spare
            .iter()
            .enumerate()
            .filter(|(_, b)| fits.contains(&b.capacity()))
            .min_by_key(|(_, b)| b.capacity())
            .map(|(i, _)| i);
        match best {
            Some(i) => {
                let mut b = self.spare.swap_remove(i);
                b.clear();
                b.extend_from_slice(bytes);
                b
            }
            None => bytes.to_vec(),
        }
    }
}

/// `bytes` as a block: in a buffer given back to the reader when one fits, else a new one.
fn new_block(blocks: Option<&mut Blocks>, bytes: &[u8]) -> Vec<u8> {
    match blocks {
        Some(b) => b.fill(bytes),
        None => bytes.to_vec(),
    }
}

impl Reader<std::fs::File> {
    /// Opens the archive at `path`.
    ///
    /// # Errors
    /// The file cannot be opened or its first bytes read.
    pub fn open(path: impl AsRef<Path>, options: ReaderOptions) -> std::io::Result<Self> {
        Reader::new(std::fs::File::open(path)?, options)
    }
}

impl<R: Read + Seek + Send + 'static> Reader<R> {
    /// Reads the archive in `file` from its current position (offsets count from there).
    ///
    /// # Errors
    /// The first bytes cannot be read (to tell the compression).
    pub fn new(file: R, options: ReaderOptions) -> std::io::Result<Self> {
        Ok(Reader {
            source: Source::new(file)?,
            buf: Vec::new(),
            base: 0,
            pos: 0,
            seg: SegEnd::Open,
            format: None,
            arc_v2: false,
            queue: VecDeque::new(),
            done: false,
            options,
            blocks: None,
        })
    }
}

impl<R: Read + Seek> Reader<R> {
    /// The file's compression, as its first bytes tell.
    pub fn compression(&self) -> Compression {
        self.source.compression()
    }

    /// The format, once the first record has told it.
    pub fn format(&self) -> Option<Format> {
        self.format
    }

    /// Has the gzip members of the file inflated by other threads: from the next member on,
    /// each piece of the compressed file that may be one member (cut at the next gzip header,
    /// found without inflating) is handed to `spawn` as an [`InflateTask`], at most `ahead`
    /// (at least 1) of them and 32 MiB of inflated bytes out at once; the reader waits for
    /// each when it comes to it. `spawn` runs the task on some thread, or queues it for one
    /// (a dropped task costs only time). A piece that is not one sound member of at most
    /// 16 MiB inflated (a corrupt member, bytes after the last one, a header-like run of bytes
    /// inside compressed data) is inflated here as without tasks: the events are the same
    /// either way. Other compressions are read as before.
    pub fn inflate_members_with(
        &mut self,
        ahead: usize,
        spawn: impl FnMut(InflateTask) + Send + 'static,
    ) {
        self.source.inflate_members_with(ahead, Box::new(spawn));
    }

    /// Has the records' blocks filled into buffers given back through the returned
    /// [`BlockReturn`] (by the threads the records went to, once done with them) where one fits,
    /// instead of new ones. A reader whose records are dropped on other threads otherwise
    /// allocates every block afresh, and the allocator hands it new pages to fault in (glibc
    /// gives the freed memory back to the system); given back, the same buffers go round. It
    /// keeps at most 16 of them, none over 4 MiB, and takes the smallest that holds the block
    /// and is at most four times its size (or 1 MiB). The events are the same either way.
    pub fn recycle_blocks(&mut self) -> BlockReturn {
        let (tx, rx) = mpsc::channel();
        self.blocks = Some(Blocks {
            given: rx,
            spare: Vec::new(),
        });
        BlockReturn(tx)
    }

    /// Reads more bytes of the current segment; false at its end.
    fn more(&mut self, want: usize) -> bool {
        if !matches!(self.seg, SegEnd::Open) {
            return false;
        }
        match self.source.fill(&mut self.buf, want.max(READ)) {
            Fill::Data(_) => true,
            Fill::Break {
                offset,
                kind,
                message,
            } => {
                self.seg = SegEnd::Break {
                    offset,
                    kind,
                    message,
                    reported: false,
                };
                false
            }
            Fill::Eof => {
                self.seg = SegEnd::Eof;
                false
            }
        }
    }

    /// Makes `buf[..end]` available; false when the segment ends first.
    fn ensure_to(&mut self, end: usize) -> bool {
        while self.buf.len() < end {
            let want = end - self.buf.len();
            if !self.more(want) {
                return false;
            }
        }
        true
    }

    /// Drops the bytes before `pos`.
    fn compact(&mut self) {
        if self.pos > 0 {
            self.buf.drain(..self.pos);
            self.base += self.pos as u64;
            self.pos = 0;
            self.source.forget_before(self.base);
        }
        // A buffer grown past 4 MiB (a long record) is given back; below that it is kept, as
        // shrinking and growing it again each time a member of a few hundred KiB comes had the
        // allocator hand out fresh pages to fault in.
        if self.buf.capacity() > 16 * READ && self.buf.len() < READ {
            self.buf.shrink_to(2 * READ);
        }
    }

    fn locate(&self, i: usize) -> (u64, Option<u64>) {
        self.source.locate(self.base + i as u64)
    }

    fn error_at(&mut self, i: usize, kind: ReadErrorKind, message: String) {
        let (offset, offset_in_member) = self.locate(i);
        self.queue.push_back(Event::Error(ReadError {
            offset,
            offset_in_member,
            kind,
            message,
        }));
    }

    /// The message of the break at the segment's end, once (later calls give `None`).
    fn take_break_message(&mut self) -> Option<String> {
        match &mut self.seg {
            SegEnd::Break {
                message, reported, ..
            } if !*reported => {
                *reported = true;
                Some(message.clone())
            }
            _ => None,
        }
    }

    /// Skips whitespace (CR, LF, tab, space) from `pos`; false at the segment's end.
    fn skip_space(&mut self) -> bool {
        loop {
            let rest = &self.buf[self.pos..];
            match rest
                .iter()
                .position(|b| !matches!(b, b'\r' | b'\n' | b'\t' | b' '))
            {
                Some(i) => {
                    self.pos += i;
                    return true;
                }
                None => {
                    self.pos = self.buf.len();
                    self.compact();
                    if !self.more(READ) {
                        return false;
                    }
                }
            }
        }
    }

    /// One step: reads the next record (or bad bytes), queueing its events.
    fn step(&mut self) {
        // The bytes read past the last record (usually the whole next member, read to check
        // where the record ends) are moved to the front only when they are no more than the
        // bytes dropped: each byte is moved at most about once, and the buffer holds at most
        // about twice what is not yet read.
        if self.pos >= self.buf.len().saturating_sub(self.pos) {
            self.compact();
        }
        if !self.skip_space() {
            // The segment ends: report a break not yet reported, then go on after it.
            match std::mem::replace(&mut self.seg, SegEnd::Open) {
                SegEnd::Break {
                    offset,
                    kind,
                    message,
                    reported,
                } => {
                    if !reported {
                        let in_member = None;
                        self.queue.push_back(Event::Error(ReadError {
                            offset,
                            offset_in_member: in_member,
                            kind,
                            message,
                        }));
                    }
                    self.pos = self.buf.len();
                }
                SegEnd::Eof => {
                    self.seg = SegEnd::Eof;
                    self.done = true;
                }
                SegEnd::Open => {}
            }
            return;
        }
        let p = self.pos;
        self.ensure_to(p + 16);
        if self.format.is_none() {
            self.format = if self.buf[p..].starts_with(b"WARC/") {
                Some(Format::Warc)
            } else if self.buf[p..].starts_with(b"filedesc://") || self.arc_line_at(p).is_some() {
                Some(Format::Arc)
            } else {
                None
            };
        }
        match self.format {
            Some(Format::Warc) if self.buf[p..].starts_with(b"WARC/") => self.read_warc(p),
            Some(Format::Arc) => match self.arc_line_at(p) {
                Some(line) => self.read_arc(p, line),
                None => self.skip_garbage(
                    p,
                    p,
                    ReadErrorKind::NotARecord,
                    "bytes that are not an ARC record".to_owned(),
                ),
            },
            _ => self.skip_garbage(
                p,
                p,
                ReadErrorKind::NotARecord,
                "bytes that are not a WARC record".to_owned(),
            ),
        }
    }

    /// Reads the WARC record whose version line starts at `p`.
    fn read_warc(&mut self, p: usize) {
        // The header ends at the first empty line.
        let mut from = p;
        let (header_end, body) = loop {
            match find_blank_line(&self.buf, from) {
                Ok(found) => break found,
                Err(resume) => {
                    from = resume;
                    if self.buf.len() - p > MAX_HEADER {
                        self.skip_garbage(
                            p + 1,
                            p,
                            ReadErrorKind::BadHeader,
                            format!("a WARC header with no end within {MAX_HEADER} bytes"),
                        );
                        return;
                    }
                    if !self.more(READ) {
                        let why = self.take_break_message().unwrap_or_else(|| {
                            "the file ends inside the WARC header of a record".to_owned()
                        });
                        self.error_at(p, ReadErrorKind::CutRecord, why);
                        self.pos = self.buf.len();
                        return;
                    }
                }
            }
        };
        let mut lines = self.buf[p..header_end].split(|&b| b == b'\n');
        let version = http::latin1(trim_cr(lines.next().unwrap_or(b"")))
            .trim()
            .to_owned();
        let mut headers: Vec<(String, String)> = Vec::new();
        for line in lines {
            let line = trim_cr(line);
            if matches!(line.first(), Some(b' ' | b'\t')) {
                if let Some((_, v)) = headers.last_mut() {
                    v.push(' ');
                    v.push_str(http::latin1(line).trim());
                }
            } else if let Some(colon) = memchr::memchr(b':', line) {
                headers.push((
                    http::latin1(&line[..colon]).trim().to_owned(),
                    http::latin1(&line[colon + 1..]).trim().to_owned(),
                ));
            }
        }
        let length = headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case("Content-Length"))
            .map(|(_, v)| v.clone());
        let Some(len) = length.as_deref().and_then(|v| v.parse::<u64>().ok()) else {
            let why = match &length {
                Some(v) => format!("a WARC record whose Content-Length {v:?} is not a number"),
                None => "a WARC record without a Content-Length".to_owned(),
            };
            self.skip_garbage(body, p, ReadErrorKind::BadHeader, why);
            return;
        };
        let record = self.new_record(p, Format::Warc, version, headers, len);
        self.read_block(p, body, record);
    }

    /// The ARC header line at `p`, if the bytes there are one (the line is read to its end).
    fn arc_line_at(&mut self, p: usize) -> Option<ArcLine> {
        let end = loop {
            if let Some(i) = memchr::memchr(b'\n', &self.buf[p..]) {
                break p + i;
            }
            if self.buf.len() - p > MAX_ARC_LINE || !self.more(READ) {
                return None;
            }
        };
        parse_arc_line(&self.buf[p..end], self.arc_v2).map(|mut l| {
            l.body = end + 1;
            l
        })
    }

    /// Reads the ARC record whose header line starts at `p`.
    fn read_arc(&mut self, p: usize, line: ArcLine) {
        let (len, bad_length) = match line.length.parse::<u64>() {
            Ok(n) => (n, None),
            Err(_) => (0, Some(line.length.clone())),
        };
        let body = line.body;
        let mut record = self.new_record(
            p,
            Format::Arc,
            if self.arc_v2 { "ARC/2" } else { "ARC/1" }.to_owned(),
            line.fields,
            len,
        );
        record.bad_length = bad_length;
        let filedesc = record.record_type() == RecordType::ArcHeader;
        self.read_block(p, body, record);
        if filedesc && let Some(Event::Record(r)) = self.queue.front() {
            // The version block's first line: `1 0 …`, `1 1 …` (version 1) or `2 0 …`.
            self.arc_v2 = r.block.starts_with(b"2 ");
        }
    }

    fn new_record(
        &self,
        p: usize,
        format: Format,
        version: String,
        headers: Vec<(String, String)>,
        len: u64,
    ) -> Record {
        let (offset, offset_in_member) = self.locate(p);
        Record {
            offset,
            offset_in_member,
            format,
            version,
            headers,
            block: Vec::new(),
            block_len: len,
            cut: None,
            over_limit: false,
            bad_length: None,
        }
    }

    /// Reads the block of `record` (header at `p`, block from `body`), checks that the next
    /// record follows it, and queues the events.
    fn read_block(&mut self, p: usize, body: usize, mut record: Record) {
        let len = record.block_len;
        if len > self.options.max_block {
            self.read_past_block(p, body, record);
            return;
        }
        let Some(end) = usize::try_from(len).ok().and_then(|l| body.checked_add(l)) else {
            self.read_past_block(p, body, record);
            return;
        };
        if !self.ensure_to(end) {
            // A length that runs into a record after it ends the block there; else it is cut.
            let limit = self.buf.len();
            if let Some(s) = self.find_record_start(body + 1, limit) {
                self.end_block_at(p, body, s, record);
                return;
            }
            record.block = new_block(self.blocks.as_mut(), &self.buf[body..]);
            let why = self
                .take_break_message()
                .unwrap_or_else(|| "the file ends there".to_owned());
            let msg = format!(
                "the record is cut {} bytes into its {len}-byte block: {why}",
                record.block.len()
            );
            record.cut = Some(msg.clone());
            self.queue.push_back(Event::Record(record));
            self.error_at(p, ReadErrorKind::CutRecord, msg);
            self.pos = self.buf.len();
            return;
        }
        // Is the next record (or the end) where the length says?
        self.pos = end;
        if self.next_is_sound() {
            record.block = new_block(self.blocks.as_mut(), &self.buf[body..end]);
            self.queue.push_back(Event::Record(record));
            return;
        }
        self.ensure_to(end + LOOK_AHEAD);
        let limit = self.buf.len().min(end + LOOK_AHEAD);
        match self.find_record_start(body + 1, limit) {
            Some(s) if s < end => self.end_block_at(p, body, s, record),
            Some(s) => {
                record.block = new_block(self.blocks.as_mut(), &self.buf[body..end]);
                self.queue.push_back(Event::Record(record));
                let g = self.pos;
                let stray = self.buf[g..s]
                    .iter()
                    .rposition(|b| !matches!(b, b'\r' | b'\n' | b'\t' | b' '))
                    .map_or(0, |k| k + 1);
                self.error_at(
                    g,
                    ReadErrorKind::NotARecord,
                    format!(
                        "{stray} bytes after a record that are not a record (its length may be \
                         too short); skipped to the next record"
                    ),
                );
                self.pos = s;
            }
            None => {
                record.block = new_block(self.blocks.as_mut(), &self.buf[body..end]);
                self.queue.push_back(Event::Record(record));
                let g = self.pos;
                let what = match self.format {
                    Some(Format::Arc) => "not an ARC record",
                    _ => "not a WARC record",
                };
                self.skip_garbage(
                    g,
                    g,
                    ReadErrorKind::NotARecord,
                    format!("bytes after a record that are {what}"),
                );
            }
        }
    }

    /// The block of `record` (header at `p`, block from `body`) runs into the record that
    /// starts at `s`: it ends there (less the separating line ends), with an error event.
    fn end_block_at(&mut self, p: usize, body: usize, s: usize, mut record: Record) {
        let mut cut = s;
        for sep in [&b"\r\n\r\n"[..], b"\n\n", b"\r\n", b"\n"] {
            if self.buf[body..cut].ends_with(sep) {
                cut -= sep.len();
                break;
            }
        }
        let len = record.block_len;
        record.block = new_block(self.blocks.as_mut(), &self.buf[body..cut]);
        self.queue.push_back(Event::Record(record));
        let next = self.describe(s);
        self.error_at(
            p,
            ReadErrorKind::WrongLength,
            format!(
                "the record's length ({len}) runs {} bytes into the next record (at {next}); its \
                 block was ended there",
                (body as u64 + len) - s as u64
            ),
        );
        self.pos = s;
    }

    /// Where `buf[i]` is, in words: `offset N`, or `offset N, byte M of its gzip member`.
    fn describe(&self, i: usize) -> String {
        match self.locate(i) {
            (o, None) => format!("offset {o}"),
            (o, Some(m)) => format!("offset {o}, byte {m} of its {}", self.member_word()),
        }
    }

    fn member_word(&self) -> &'static str {
        match self.source.compression() {
            Compression::Gzip => "gzip member",
            Compression::Lz4 => "LZ4 frame",
            _ => "decompressed stream",
        }
    }

    /// A block over the limit: keeps its first [`PEEK`] bytes, reads past the rest.
    fn read_past_block(&mut self, p: usize, body: usize, mut record: Record) {
        let len = record.block_len;
        self.ensure_to(body + PEEK);
        let kept = (self.buf.len() - body)
            .min(PEEK)
            .min(usize::try_from(len).unwrap_or(usize::MAX));
        record.block = new_block(self.blocks.as_mut(), &self.buf[body..body + kept]);
        record.over_limit = true;
        let mut left = len - kept as u64;
        let (rec_off, rec_in) = self.locate(p);
        self.pos = body + kept;
        loop {
            let take = ((self.buf.len() - self.pos) as u64).min(left);
            self.pos += take as usize;
            left -= take;
            self.compact();
            if left == 0 {
                break;
            }
            if !self.more(READ) {
                let why = self
                    .take_break_message()
                    .unwrap_or_else(|| "the file ends there".to_owned());
                let msg = format!(
                    "the record is cut {} bytes into its {len}-byte block: {why}",
                    len - left
                );
                record.cut = Some(msg.clone());
                self.queue.push_back(Event::Record(record));
                self.queue.push_back(Event::Error(ReadError {
                    offset: rec_off,
                    offset_in_member: rec_in,
                    kind: ReadErrorKind::CutRecord,
                    message: msg,
                }));
                return;
            }
        }
        self.queue.push_back(Event::Record(record));
        if !self.next_is_sound() {
            let g = self.pos;
            self.skip_garbage(
                g,
                g,
                ReadErrorKind::NotARecord,
                "bytes after a record that are not a record".to_owned(),
            );
        }
    }

    /// Whether, after whitespace from `pos`, the segment ends or a record starts (`pos` is
    /// left where it was).
    fn next_is_sound(&mut self) -> bool {
        let mut i = self.pos;
        loop {
            match self.buf[i..]
                .iter()
                .position(|b| !matches!(b, b'\r' | b'\n' | b'\t' | b' '))
            {
                Some(k) => {
                    i += k;
                    break;
                }
                None => {
                    i = self.buf.len();
                    if !self.more(READ) {
                        return true;
                    }
                }
            }
        }
        self.ensure_to(i + 16);
        self.record_starts_at(i)
    }

    /// Whether a record of the file's format starts at `i`.
    fn record_starts_at(&mut self, i: usize) -> bool {
        match self.format {
            Some(Format::Warc) => self.buf[i..].starts_with(b"WARC/"),
            Some(Format::Arc) => self.arc_line_at(i).is_some(),
            None => self.buf[i..].starts_with(b"WARC/") || self.arc_line_at(i).is_some(),
        }
    }

    /// The first line start in `from..limit` (after a line feed) where a record starts.
    fn find_record_start(&mut self, from: usize, limit: usize) -> Option<usize> {
        let mut i = from;
        while i < limit {
            let nl = memchr::memchr(b'\n', &self.buf[i - 1..limit])?;
            let s = i - 1 + nl + 1;
            if s >= limit {
                return None;
            }
            if self.record_starts_at(s) {
                return Some(s);
            }
            i = s + 1;
        }
        None
    }

    /// Skips from `from` to the next record start (or the segment's end), queueing one error
    /// of `kind` at `at` that says `why` and how many bytes were skipped.
    fn skip_garbage(&mut self, from: usize, at: usize, kind: ReadErrorKind, why: String) {
        let (offset, offset_in_member) = self.locate(at);
        let start = self.base + at as u64;
        let mut from = from.max(1);
        let found = loop {
            let limit = self.buf.len();
            if let Some(s) = self.find_record_start(from, limit) {
                break Some(s);
            }
            // Keep the last (partial) line: a record may start there.
            let keep =
                memchr::memrchr(b'\n', &self.buf[from.min(limit)..]).map_or(limit, |k| from + k);
            self.pos = keep.min(limit);
            self.compact();
            from = 1;
            if !self.more(READ) {
                break None;
            }
        };
        let end = match found {
            Some(s) => {
                self.pos = s;
                self.base + s as u64
            }
            None => {
                self.pos = self.buf.len();
                self.base + self.buf.len() as u64
            }
        };
        let skipped = end - start;
        let tail = match (found, self.take_break_message()) {
            (Some(_), _) => format!("skipped {skipped} bytes to the next record"),
            (None, Some(b)) => format!("skipped {skipped} bytes to a decompression error: {b}"),
            (None, None) => format!("skipped {skipped} bytes to the end of the file"),
        };
        self.queue.push_back(Event::Error(ReadError {
            offset,
            offset_in_member,
            kind,
            message: format!("{why}; {tail}"),
        }));
    }
}

impl<R: Read + Seek> Iterator for Reader<R> {
    type Item = Event;

    fn next(&mut self) -> Option<Event> {
        loop {
            if let Some(e) = self.queue.pop_front() {
                return Some(e);
            }
            if self.done {
                return None;
            }
            self.step();
        }
    }
}

fn trim_cr(line: &[u8]) -> &[u8] {
    line.strip_suffix(b"\r").unwrap_or(line)
}

/// The end of a header block starting at or before `from`: `Ok((header_end, body_start))`
/// where the first empty line is (`\n\n` or `\n\r\n`), or `Err(resume)`, where to search
/// again once more bytes are there.
fn find_blank_line(buf: &[u8], from: usize) -> Result<(usize, usize), usize> {
    let mut i = from;
    while let Some(k) = memchr::memchr(b'\n', &buf[i..]) {
        let nl = i + k;
        match &buf[nl + 1..] {
            [b'\n', ..] => return Ok((nl, nl + 2)),
            [b'\r', b'\n', ..] => return Ok((nl, nl + 3)),
            [] | [b'\r'] => return Err(nl),
            _ => i = nl + 1,
        }
    }
    Err(buf.len().max(from))
}

/// An ARC header line, read.
#[derive(Debug, Clone)]
struct ArcLine {
    fields: Vec<(String, String)>,
    length: String,
    /// Where the block starts (set by the caller).
    body: usize,
}

/// Reads an ARC header line: `URL IP-address Archive-date Content-type Archive-length`
/// (version 1) or, in a version 2 file, `URL IP-address Archive-date Content-type
/// Result-code Checksum Location Offset Filename Archive-length`. Fields are read from the
/// right, so a URL with spaces stays whole. `None` unless the URL has a scheme, the IP address
/// is one (or `-`), and the date is 8 to 20 digits (or `null`, `-`).
fn parse_arc_line(line: &[u8], v2: bool) -> Option<ArcLine> {
    let line = trim_cr(line);
    if line.is_empty() || line.len() > MAX_ARC_LINE {
        return None;
    }
    let text = http::latin1(line);
    let parts: Vec<&str> = text.split(' ').filter(|s| !s.is_empty()).collect();
    const V1: [&str; 4] = [
        "IP-address",
        "Archive-date",
        "Content-type",
        "Archive-length",
    ];
    const V2: [&str; 9] = [
        "IP-address",
        "Archive-date",
        "Content-type",
        "Result-code",
        "Checksum",
        "Location",
        "Offset",
        "Filename",
        "Archive-length",
    ];
    let order: [&[&str]; 2] = if v2 { [&V2, &V1] } else { [&V1, &V2] };
    order
        .into_iter()
        .find_map(|names| arc_fields(&parts, names))
}

/// The fields of an ARC header line split in `parts`, named `names` from the right.
fn arc_fields(parts: &[&str], names: &[&str]) -> Option<ArcLine> {
    if parts.len() < names.len() + 1 {
        return None;
    }
    let split = parts.len() - names.len();
    let url = parts[..split].join(" ");
    let rest = &parts[split..];
    let scheme_end = url.find(':')?;
    let scheme = &url[..scheme_end];
    let scheme_ok = scheme
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic())
        && scheme
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"+-.".contains(&b));
    let ip = rest[0];
    let ip_ok = ip == "-"
        || ip
            .bytes()
            .all(|b| b.is_ascii_hexdigit() || b == b'.' || b == b':');
    let date = rest[1];
    let date_ok = matches!(date, "null" | "-")
        || ((8..=20).contains(&date.len()) && date.bytes().all(|b| b.is_ascii_digit()));
    if !scheme_ok || !ip_ok || !date_ok {
        return None;
    }
    let mut fields = vec![("URL".to_owned(), url.clone())];
    fields.extend(
        names
            .iter()
            .zip(rest)
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned())),
    );
    Some(ArcLine {
        fields,
        length: rest[names.len() - 1].to_owned(),
        body: 0,
    })
}

#[cfg(test)]
mod tests;
