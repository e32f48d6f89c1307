//! The bytes of an archive file, decompressed: compression told by the first bytes (magic
//! numbers, not the name), gzip read member by member so that each member's offset in the file
//! is known and a corrupt member is skipped to the next one.
//!
//! The reader above ([`super::Reader`]) asks [`Source::fill`] for more bytes; a decompression
//! error is a [`Fill::Break`]: the bytes before it are good, the bytes after it (if any) come
//! from the next gzip member that could be found, so they do not continue the ones before.
//!
//! Given a way to run tasks ([`Source::inflate_members_with`]), a gzip source has its members
//! inflated on other threads (`members.rs`) and inflates here only those that are not one
//! sound member, the same bytes either way.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Seek, SeekFrom};

use flate2::bufread::GzDecoder;

use super::ReadErrorKind;
use super::members::{Next, Spawn, Split};

/// How an archive file is compressed, as its first bytes tell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    /// Not compressed.
    None,
    /// gzip (RFC 1952): one member per record (the norm for `.warc.gz`), or one for the whole
    /// file, or anything in between. Magic `1F 8B`.
    Gzip,
    /// Zstandard frames (`.warc.zst`). Magic `28 B5 2F FD`.
    Zstd,
    /// LZ4 frames (FastWARC's `.warc.lz4`, one frame per record). Magic `04 22 4D 18`.
    Lz4,
    /// bzip2 (`.warc.bz2`), any number of streams. Magic `BZh` and a digit.
    Bzip2,
}

impl Compression {
    /// What the first bytes of a file say its compression is (at least 4 bytes are needed to
    /// tell all of them; fewer give [`Compression::None`] unless they are gzip's two).
    pub fn detect(head: &[u8]) -> Compression {
        match head {
            [0x1F, 0x8B, ..] => Compression::Gzip,
            [0x28, 0xB5, 0x2F, 0xFD, ..] => Compression::Zstd,
            [0x04, 0x22, 0x4D, 0x18, ..] => Compression::Lz4,
            [b'B', b'Z', b'h', b'1'..=b'9', ..] => Compression::Bzip2,
            _ => Compression::None,
        }
    }

    /// The name used in messages: `none`, `gzip`, `zstd`, `lz4`, `bzip2`.
    pub fn name(self) -> &'static str {
        match self {
            Compression::None => "none",
            Compression::Gzip => "gzip",
            Compression::Zstd => "zstd",
            Compression::Lz4 => "lz4",
            Compression::Bzip2 => "bzip2",
        }
    }
}

impl fmt::Display for Compression {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What one [`Source::fill`] gave.
#[derive(Debug)]
pub(crate) enum Fill {
    /// This many bytes were appended.
    Data(usize),
    /// The data stops here: a decompression error or a read error. `offset` is the offset in
    /// the file where the bad data starts (the member's start for gzip); the message says
    /// where reading goes on. Reading on gives the next member's bytes, or the end.
    Break {
        offset: u64,
        kind: ReadErrorKind,
        message: String,
    },
    /// The end of the file.
    Eof,
}

/// A `BufRead` that counts the bytes consumed: the offset in the file.
struct Counting<R> {
    inner: BufReader<R>,
    pos: u64,
}

impl<R: Read> Read for Counting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.pos += n as u64;
        Ok(n)
    }
}

impl<R: Read> BufRead for Counting<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        self.inner.fill_buf()
    }
    fn consume(&mut self, amt: usize) {
        self.inner.consume(amt);
        self.pos += amt as u64;
    }
}

const BUF: usize = 256 * 1024;

fn counting<R: Read>(r: R, pos: u64) -> Counting<R> {
    Counting {
        inner: BufReader::with_capacity(BUF, r),
        pos,
    }
}

/// Where gzip reading is.
enum Gz<R: Read> {
    /// Between members (or at the start): the next byte starts a member, or the end.
    Between(Counting<R>),
    /// Inside the member that started at `start` in the file.
    In {
        dec: GzDecoder<Counting<R>>,
        start: u64,
    },
    /// Bytes found by a resynchronisation, to hand out before reading on.
    Pending {
        dec: GzDecoder<Counting<R>>,
        start: u64,
        data: Vec<u8>,
    },
    /// Members inflated elsewhere: [`Source::split`] holds the file.
    Split,
    Done,
}

enum Kind<R: Read> {
    Plain(Counting<R>),
    Gzip(Gz<R>),
    /// LZ4 frames, one decoder per frame (the frame decoder stops at a frame's end).
    Lz4(Option<lz4_flex::frame::FrameDecoder<Counting<R>>>),
    Stream(Box<dyn Read + Send>),
    Done,
}

/// The decompressed bytes of an archive file, and where each gzip member started.
pub(crate) struct Source<R: Read + Seek> {
    kind: Kind<R>,
    compression: Compression,
    /// (decompressed offset, file offset) of the gzip members met so far (pruned by
    /// [`Source::forget_before`]).
    members: std::collections::VecDeque<(u64, u64)>,
    /// Decompressed bytes handed out so far.
    produced: u64,
    /// Cuts gzip members for other threads to inflate ([`Source::inflate_members_with`]).
    split: Option<Split<R>>,
    /// The next gzip member is inflated here: its piece was not one sound member.
    inflate_next: bool,
}

impl<R: Read + Seek + Send + 'static> Source<R> {
    /// Reads the first bytes of `file` to tell its compression.
    pub(crate) fn new(mut file: R) -> io::Result<Self> {
        let start = file.stream_position()?;
        let mut head = [0u8; 4];
        let mut n = 0;
        while n < head.len() {
            match file.read(&mut head[n..]) {
                Ok(0) => break,
                Ok(k) => n += k,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
        file.seek(SeekFrom::Start(start))?;
        let compression = Compression::detect(&head[..n]);
        let kind = match compression {
            Compression::None => Kind::Plain(counting(file, start)),
            Compression::Gzip => Kind::Gzip(Gz::Between(counting(file, start))),
            Compression::Zstd => {
                let dec = zstd::stream::read::Decoder::with_buffer(counting(file, start))?;
                Kind::Stream(Box::new(dec))
            }
            Compression::Lz4 => Kind::Lz4(Some(lz4_flex::frame::FrameDecoder::new(counting(
                file, start,
            )))),
            Compression::Bzip2 => Kind::Stream(Box::new(bzip2::bufread::MultiBzDecoder::new(
                counting(file, start),
            ))),
        };
        let mut members = std::collections::VecDeque::new();
        if compression != Compression::None && compression != Compression::Gzip {
            members.push_back((0, start));
        }
        Ok(Source {
            kind,
            compression,
            members,
            produced: 0,
            split: None,
            inflate_next: false,
        })
    }
}

impl<R: Read + Seek> Source<R> {
    /// The file's compression.
    pub(crate) fn compression(&self) -> Compression {
        self.compression
    }

    /// Has the gzip members from the next one on inflated by tasks given to `spawn`, at most
    /// `ahead` out at once (nothing changes for other compressions).
    pub(crate) fn inflate_members_with(&mut self, ahead: usize, spawn: Spawn) {
        if self.compression == Compression::Gzip {
            self.split = Some(Split::new(spawn, ahead));
        }
    }

    /// Where the decompressed byte at `pos` comes from: the file offset to start reading at
    /// (a gzip member's or LZ4 frame's start, or the byte itself in an uncompressed file; 0
    /// for zstd and bzip2, read as one stream) and, when the byte is not the first of that member,
    /// how many decompressed bytes into the member it is.
    pub(crate) fn locate(&self, pos: u64) -> (u64, Option<u64>) {
        if self.compression == Compression::None {
            return (pos, None);
        }
        let i = self.members.partition_point(|&(d, _)| d <= pos);
        match i.checked_sub(1).map(|i| self.members[i]) {
            Some((d, c)) => (c, (pos > d).then_some(pos - d)),
            None => (0, Some(pos)),
        }
    }

    /// Drops what [`Source::locate`] knows about members that end before `pos`.
    pub(crate) fn forget_before(&mut self, pos: u64) {
        while self.members.len() > 1 && self.members[1].0 <= pos {
            self.members.pop_front();
        }
    }

    /// Appends up to `want` more decompressed bytes to `out`.
    pub(crate) fn fill(&mut self, out: &mut Vec<u8>, want: usize) -> Fill {
        let fill = self.fill_inner(out, want);
        if let Fill::Data(n) = fill {
            self.produced += n as u64;
        }
        fill
    }

    fn fill_inner(&mut self, out: &mut Vec<u8>, want: usize) -> Fill {
        let want = want.max(1);
        match &mut self.kind {
            Kind::Done => Fill::Eof,
            Kind::Plain(r) => match read_into(r, out, want) {
                Ok(0) => Fill::Eof,
                Ok(n) => Fill::Data(n),
                Err(e) => {
                    let offset = r.pos;
                    self.kind = Kind::Done;
                    Fill::Break {
                        offset,
                        kind: ReadErrorKind::Io,
                        message: format!("cannot read: {e}"),
                    }
                }
            },
            Kind::Stream(r) => match read_into(r, out, want) {
                Ok(0) => Fill::Eof,
                Ok(n) => Fill::Data(n),
                Err(e) => {
                    self.kind = Kind::Done;
                    Fill::Break {
                        offset: 0,
                        kind: ReadErrorKind::Decompression,
                        message: format!("bad {} data: {e}", self.compression),
                    }
                }
            },
            Kind::Gzip(_) => self.fill_gzip(out, want),
            Kind::Lz4(dec) => loop {
                let Some(d) = dec.as_mut() else {
                    return Fill::Eof;
                };
                match read_into(d, out, want) {
                    Ok(0) => {
                        let mut r = dec.take().map(|d| d.into_inner());
                        match r.as_mut().map(|r| r.fill_buf().map(<[u8]>::is_empty)) {
                            Some(Ok(false)) => {
                                let r = r.expect("a reader");
                                self.members.push_back((self.produced, r.pos));
                                *dec = Some(lz4_flex::frame::FrameDecoder::new(r));
                            }
                            _ => return Fill::Eof,
                        }
                    }
                    Ok(n) => return Fill::Data(n),
                    Err(e) => {
                        let offset = self.members.back().map_or(0, |m| m.1);
                        *dec = None;
                        return Fill::Break {
                            offset,
                            kind: ReadErrorKind::Decompression,
                            message: format!("bad lz4 data: {e}"),
                        };
                    }
                }
            },
        }
    }

    fn fill_gzip(&mut self, out: &mut Vec<u8>, want: usize) -> Fill {
        loop {
            let Kind::Gzip(state) = &mut self.kind else {
                return Fill::Eof;
            };
            match std::mem::replace(state, Gz::Done) {
                Gz::Done => return Fill::Eof,
                Gz::Between(r) if !self.inflate_next && self.split.is_some() => {
                    let at = r.pos;
                    if let Some(split) = self.split.as_mut() {
                        split.begin(r.inner.into_inner(), at);
                    }
                    *state = Gz::Split;
                }
                Gz::Split => match self.split.as_mut().map(Split::next) {
                    Some(Next::Member { start, data }) => {
                        *state = Gz::Split;
                        self.members.push_back((self.produced, start));
                        if !data.is_empty() {
                            out.extend_from_slice(&data);
                            return Fill::Data(data.len());
                        }
                    }
                    Some(Next::Inflate { start, mut file }) => {
                        if let Err(e) = file.seek(SeekFrom::Start(start)) {
                            return Fill::Break {
                                offset: start,
                                kind: ReadErrorKind::Io,
                                message: format!("cannot read: {e}"),
                            };
                        }
                        self.inflate_next = true;
                        *state = Gz::Between(counting(file, start));
                    }
                    Some(Next::End) | None => return Fill::Eof,
                },
                Gz::Between(mut r) => match r.fill_buf() {
                    Ok([]) => return Fill::Eof,
                    Ok(_) => {
                        self.inflate_next = false;
                        let start = r.pos;
                        self.members.push_back((self.produced, start));
                        *state = Gz::In {
                            dec: GzDecoder::new(r),
                            start,
                        };
                    }
                    Err(e) => {
                        return Fill::Break {
                            offset: r.pos,
                            kind: ReadErrorKind::Io,
                            message: format!("cannot read: {e}"),
                        };
                    }
                },
                Gz::Pending { dec, start, data } => {
                    out.extend_from_slice(&data);
                    *state = Gz::In { dec, start };
                    return Fill::Data(data.len());
                }
                Gz::In { mut dec, start } => match read_into(&mut dec, out, want) {
                    Ok(0) => *state = Gz::Between(dec.into_inner()),
                    Ok(n) => {
                        *state = Gz::In { dec, start };
                        return Fill::Data(n);
                    }
                    Err(e) => {
                        let at_eof = e.kind() == io::ErrorKind::UnexpectedEof;
                        let what = if at_eof {
                            "gzip member cut short (the file ends inside it)".to_owned()
                        } else {
                            format!("corrupt gzip member: {e}")
                        };
                        if at_eof {
                            return Fill::Break {
                                offset: start,
                                kind: ReadErrorKind::Decompression,
                                message: what,
                            };
                        }
                        let file = dec.into_inner().inner.into_inner();
                        return match resync(file, start + 1) {
                            Ok(Some((next, dec, data))) => {
                                *state = Gz::Pending {
                                    dec,
                                    start: next,
                                    data,
                                };
                                self.members.push_back((self.produced, next));
                                Fill::Break {
                                    offset: start,
                                    kind: ReadErrorKind::Decompression,
                                    message: format!(
                                        "{what}; skipped to the next gzip member at offset {next}"
                                    ),
                                }
                            }
                            Ok(None) => Fill::Break {
                                offset: start,
                                kind: ReadErrorKind::Decompression,
                                message: format!("{what}; no gzip member follows"),
                            },
                            Err(e) => Fill::Break {
                                offset: start,
                                kind: ReadErrorKind::Decompression,
                                message: format!("{what}; cannot read on: {e}"),
                            },
                        };
                    }
                },
            }
        }
    }
}

/// Reads up to `want` bytes from `r` onto the end of `out`, retrying on `Interrupted`.
pub(super) fn read_into(r: &mut impl Read, out: &mut Vec<u8>, want: usize) -> io::Result<usize> {
    let old = out.len();
    out.resize(old + want, 0);
    let result = loop {
        match r.read(&mut out[old..]) {
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            other => break other,
        }
    };
    out.truncate(old + *result.as_ref().unwrap_or(&0));
    result
}

/// A gzip member found by resynchronisation: its offset, its decoder, its first bytes.
type Found<R> = (u64, GzDecoder<Counting<R>>, Vec<u8>);

/// Looks for the next gzip member at or after `from`: a gzip header (`1F 8B 08`, no reserved
/// flag bits) whose member decodes at least its first bytes (or is a whole empty member).
fn resync<R: Read + Seek>(mut file: R, from: u64) -> io::Result<Option<Found<R>>> {
    let mut at = from;
    while let Some(candidate) = next_header(&mut file, at)? {
        file.seek(SeekFrom::Start(candidate))?;
        let mut dec = GzDecoder::new(counting(file, candidate));
        let mut data = Vec::new();
        match read_into(&mut dec, &mut data, 64 * 1024) {
            Ok(n) if n > 0 || dec.header().is_some() => return Ok(Some((candidate, dec, data))),
            _ => {}
        }
        file = dec.into_inner().inner.into_inner();
        at = candidate + 1;
    }
    Ok(None)
}

/// The file offset of the next plausible gzip header at or after `from`.
fn next_header<R: Read + Seek>(file: &mut R, from: u64) -> io::Result<Option<u64>> {
    file.seek(SeekFrom::Start(from))?;
    let mut buf = Vec::with_capacity(BUF + 3);
    let mut base = from;
    loop {
        let n = read_into(file, &mut buf, BUF)?;
        if let Some(i) = find_header(&buf) {
            return Ok(Some(base + i as u64));
        }
        if n == 0 {
            return Ok(None);
        }
        // Keep the last 3 bytes: a header may straddle two reads.
        let drop = buf.len().saturating_sub(3);
        buf.drain(..drop);
        base += drop as u64;
    }
}

/// The index of the first plausible gzip header in `buf` (with its 4th byte, the flags).
pub(super) fn find_header(buf: &[u8]) -> Option<usize> {
    let mut i = 0;
    while let Some(j) = memchr::memchr(0x1F, &buf[i..]) {
        let k = i + j;
        if buf.len() >= k + 4 && buf[k + 1] == 0x8B && buf[k + 2] == 8 && buf[k + 3] & 0xE0 == 0 {
            return Some(k);
        }
        i = k + 1;
    }
    None
}
