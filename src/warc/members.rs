//! Gzip members inflated on other threads: the compressed file is cut where a gzip member may
//! start (a gzip header: `1F 8B 08` and no reserved flag bit), without inflating anything, and
//! each piece is handed out as an [`InflateTask`] to run on any thread; the reader takes the
//! inflated members back in file order ([`Reader::inflate_members_with`]).
//!
//! A piece is used only when it is exactly one whole, sound gzip member (its CRC and length
//! checked, no byte left over). Anything else (a header-like run of bytes inside compressed
//! data, a corrupt or cut member, bytes after the last member, a member over
//! [`MEMBER_LIMIT`] or without a header within [`PIECE_LIMIT`] bytes) sends the reader back to
//! inflating that member itself, as it does without tasks (`source.rs`); it cuts again from
//! the member after it. So the reader sees the same bytes, the same member offsets and the
//! same errors either way; only who inflates changes.
//!
//! [`Reader::inflate_members_with`]: super::Reader::inflate_members_with

use std::collections::VecDeque;
use std::fmt;
use std::io::{Read, Seek, SeekFrom};
use std::sync::mpsc;

/// The largest member (inflated) handed out: a larger one is inflated by the reader, as a
/// stream (16 MiB).
pub(crate) const MEMBER_LIMIT: usize = 16 << 20;
/// The longest piece (compressed) looked through for the next member's header: past it, the
/// member is inflated by the reader, as a stream (16 MiB).
const PIECE_LIMIT: usize = 16 << 20;
/// The inflated bytes (as the members' trailers give them) of the tasks out at once (32 MiB;
/// one task at least).
const IN_FLIGHT: usize = 32 << 20;
/// How many compressed bytes are read from the file at a time.
const READ_BLOCK: usize = 1 << 20;

/// One gzip member to inflate, handed out by a [`Reader`](super::Reader) that was given a way
/// to run them ([`Reader::inflate_members_with`](super::Reader::inflate_members_with)). Run it
/// once, on any thread; the reader waits for it when it comes to that member. A task dropped
/// without running is no loss: the reader then inflates the member itself.
pub struct InflateTask {
    member: Vec<u8>,
    /// What the member's trailer says it inflates to (ISIZE, capped at [`MEMBER_LIMIT`]).
    size: usize,
    done: mpsc::SyncSender<Option<Vec<u8>>>,
}

impl InflateTask {
    /// Inflates the member and hands its bytes back to the reader (or, when the piece is not
    /// one sound gzip member, tells it to inflate the member itself).
    pub fn run(self) {
        let data = inflate(&self.member, self.size);
        // The reader may have stopped waiting (it fell back to inflating, or it was dropped).
        let _ = self.done.send(data);
    }

    /// The member's size in bytes, compressed.
    pub fn compressed_len(&self) -> usize {
        self.member.len()
    }
}

impl fmt::Debug for InflateTask {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("InflateTask")
            .field("compressed_len", &self.member.len())
            .field("size", &self.size)
            .finish()
    }
}

/// The bytes of the gzip member `member` (whose trailer says `size`), or `None` when it is not
/// exactly one sound member of at most [`MEMBER_LIMIT`] bytes.
///
/// The member is inflated in one call into a buffer of the trailer's size, to the end of the
/// stream (zlib's `Z_FINISH`): no 32 KiB window is kept between calls and the buffer is not
/// zeroed first, as reading through a `GzDecoder` did. zlib checks the header (and its CRC when
/// it has one), the CRC and length in the trailer as the `GzDecoder` does; the buffer grows only
/// when the trailer's size is wrong.
fn inflate(member: &[u8], size: usize) -> Option<Vec<u8>> {
    let mut dec = flate2::Decompress::new_gzip(15);
    let mut out = Vec::with_capacity(size.min(MEMBER_LIMIT));
    loop {
        let rest = member.get(usize::try_from(dec.total_in()).ok()?..)?;
        let status = dec
            .decompress_vec(rest, &mut out, flate2::FlushDecompress::Finish)
            .ok()?;
        if status == flate2::Status::StreamEnd {
            break;
        }
        // Not the end: the buffer is full (the trailer's size is too small), or the member is
        // cut.
        if out.len() < out.capacity() || out.len() > MEMBER_LIMIT {
            return None;
        }
        out.reserve(out.len().clamp(32 << 10, MEMBER_LIMIT));
    }
    (out.len() <= MEMBER_LIMIT && dec.total_in() == member.len() as u64).then_some(out)
}

/// Where the `Split` gives work to: a way to run [`InflateTask`]s, and how many may be out.
pub(crate) type Spawn = Box<dyn FnMut(InflateTask) + Send>;

/// A piece of the file, handed out or not.
enum Piece {
    /// Handed out as a task: it starts at file offset `start` and should inflate to `size`.
    Task {
        start: u64,
        size: usize,
        done: mpsc::Receiver<Option<Vec<u8>>>,
    },
    /// The member at file offset `start` is the reader's to inflate.
    Reader { start: u64 },
}

/// What [`Split::next`] gives, in file order.
pub(crate) enum Next<R> {
    /// The member that starts at file offset `start`, inflated.
    Member { start: u64, data: Vec<u8> },
    /// The member at file offset `start` is the reader's to inflate, from `file` (its
    /// position unknown: seek first). The `Split` is idle until [`Split::begin`].
    Inflate { start: u64, file: R },
    /// The file ends.
    End,
}

/// What [`Split::cut`] found.
enum Cut {
    /// The next piece ends at this index of `buf`.
    At(usize),
    /// No byte is left.
    End,
    /// The reader must inflate the next member: no header within [`PIECE_LIMIT`] bytes, or
    /// the file cannot be read (the reader meets the error itself).
    Reader,
}

/// Cuts a gzip file into members for other threads to inflate (see the module documentation).
pub(crate) struct Split<R> {
    spawn: Spawn,
    ahead: usize,
    file: Option<R>,
    /// Compressed bytes read and not yet cut off; `buf[0]` is at file offset `base`.
    buf: Vec<u8>,
    base: u64,
    /// Where the next piece starts in `buf` (a member's start).
    start: usize,
    /// No header starts in `buf[start + 1..scanned]`.
    scanned: usize,
    eof: bool,
    /// A [`Piece::Reader`] is queued: nothing is cut after it.
    stopped: bool,
    out: VecDeque<Piece>,
    /// The inflated bytes of the tasks in `out`.
    out_bytes: usize,
}

impl<R: Read + Seek> Split<R> {
    /// A `Split` that hands tasks to `spawn`, at most `ahead` (at least 1) of them out at once;
    /// idle until [`Split::begin`].
    pub(crate) fn new(spawn: Spawn, ahead: usize) -> Self {
        Split {
            spawn,
            ahead: ahead.max(1),
            file: None,
            buf: Vec::new(),
            base: 0,
            start: 0,
            scanned: 0,
            eof: false,
            stopped: false,
            out: VecDeque::new(),
            out_bytes: 0,
        }
    }

    /// Starts cutting `file` at offset `at`, where a member starts (or the file ends). When
    /// the reader comes back after inflating a member itself, the pieces out that start at
    /// `at` or later are still good: they are kept, and cutting goes on after them.
    pub(crate) fn begin(&mut self, mut file: R, at: u64) {
        while let Some(Piece::Task { start, size, .. }) = self.out.front()
            && *start < at
        {
            self.out_bytes -= *size;
            self.out.pop_front();
        }
        if let Some(Piece::Task { start, .. }) = self.out.front()
            && *start == at
            && file
                .seek(SeekFrom::Start(self.base + self.buf.len() as u64))
                .is_ok()
        {
            self.file = Some(file);
            return;
        }
        self.buf.clear();
        self.out.clear();
        self.out_bytes = 0;
        (self.base, self.start, self.scanned) = (at, 0, 1);
        self.eof = false;
        self.stopped = file.seek(SeekFrom::Start(at)).is_err();
        if self.stopped {
            self.out.push_back(Piece::Reader { start: at });
        }
        self.file = Some(file);
    }

    /// The next member, in file order.
    pub(crate) fn next(&mut self) -> Next<R> {
        self.hand_out();
        match self.out.pop_front() {
            None => Next::End,
            Some(Piece::Task { start, size, done }) => {
                self.out_bytes -= size;
                match done.recv() {
                    Ok(Some(data)) => Next::Member { start, data },
                    // Not one sound member, or the task was dropped.
                    _ => self.fall_back(start),
                }
            }
            Some(Piece::Reader { start }) => self.fall_back(start),
        }
    }

    /// Gives the file back for the reader to inflate the member at `start`; the tasks out are
    /// kept for [`Split::begin`].
    fn fall_back(&mut self, start: u64) -> Next<R> {
        match self.file.take() {
            Some(file) => Next::Inflate { start, file },
            None => Next::End,
        }
    }

    /// Hands out pieces until `ahead` are out, or [`IN_FLIGHT`] bytes, or the file ends.
    fn hand_out(&mut self) {
        while !self.stopped
            && self.out.len() < self.ahead
            && (self.out.is_empty() || self.out_bytes < IN_FLIGHT)
        {
            let start = self.base + self.start as u64;
            let end = match self.cut() {
                Cut::At(end) => end,
                Cut::End => return,
                Cut::Reader => {
                    self.out.push_back(Piece::Reader { start });
                    self.stopped = true;
                    return;
                }
            };
            let piece = &self.buf[self.start..end];
            let size = match piece.len().checked_sub(4) {
                Some(i) => u32::from_le_bytes([piece[i], piece[i + 1], piece[i + 2], piece[i + 3]])
                    as usize,
                None => 0,
            };
            if size > MEMBER_LIMIT {
                self.out.push_back(Piece::Reader { start });
                self.stopped = true;
                return;
            }
            let (tx, rx) = mpsc::sync_channel(1);
            (self.spawn)(InflateTask {
                member: piece.to_vec(),
                size,
                done: tx,
            });
            self.out.push_back(Piece::Task {
                start,
                size,
                done: rx,
            });
            self.out_bytes += size;
            self.start = end;
            self.scanned = end + 1;
        }
    }

    /// Finds where the piece that starts at `start` ends: at the next plausible gzip header,
    /// or at the end of the file.
    fn cut(&mut self) -> Cut {
        loop {
            let from = self.scanned.max(self.start + 1);
            if from < self.buf.len() {
                if let Some(i) = super::source::find_header(&self.buf[from..]) {
                    return Cut::At(from + i);
                }
                // A header may straddle the end: its first 3 bytes are looked at again.
                self.scanned = self.buf.len().saturating_sub(3).max(self.start + 1);
            }
            if self.eof {
                return if self.start < self.buf.len() {
                    Cut::At(self.buf.len())
                } else {
                    Cut::End
                };
            }
            if self.buf.len() - self.start > PIECE_LIMIT {
                return Cut::Reader;
            }
            if self.start > 0 {
                self.buf.drain(..self.start);
                self.base += self.start as u64;
                self.scanned -= self.start;
                self.start = 0;
            }
            let Some(file) = self.file.as_mut() else {
                return Cut::Reader;
            };
            match read_more(file, &mut self.buf, READ_BLOCK) {
                Ok(0) => self.eof = true,
                Ok(_) => {}
                Err(_) => return Cut::Reader,
            }
        }
    }
}

/// Reads up to `want` more bytes of `file` onto the end of `buf` (fewer only at the file's
/// end), into its spare capacity as it is: `source::read_into` zeroes the room first, a
/// memset of every compressed byte on the reader's thread. On an error `buf` is as before.
fn read_more(file: &mut impl Read, buf: &mut Vec<u8>, want: usize) -> std::io::Result<usize> {
    let old = buf.len();
    buf.reserve(want);
    let read = file.take(want as u64).read_to_end(buf);
    if read.is_err() {
        buf.truncate(old);
    }
    read
}
