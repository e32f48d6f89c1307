//! What can be wrong with an archive's bytes: [`ReadError`] and its [`ReadErrorKind`].

use std::fmt;

/// Bytes of the archive that are not a good record, or a record that is cut.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadError {
    /// Where the bad bytes start, as [`Record::offset`](super::Record::offset) gives it.
    pub offset: u64,
    /// As [`Record::offset_in_member`](super::Record::offset_in_member).
    pub offset_in_member: Option<u64>,
    /// What went wrong, for code that acts on it.
    pub kind: ReadErrorKind,
    /// What is wrong and what the reader did, in words (`… skipped 120 bytes to the next
    /// record`); `Display` writes it.
    pub message: String,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ReadError {}

/// What went wrong where a [`ReadError`] is: the reader's situations, one variant each.
/// [`as_str`](ReadErrorKind::as_str) and `Display` give a short name (`cut_record`, …); the
/// error's [`message`](ReadError::message) says the rest.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReadErrorKind {
    /// The file cannot be read on (an I/O error: `cannot read: …`); nothing after it is read.
    Io,
    /// The compressed data is corrupt or cut (`corrupt gzip member: …`, `gzip member cut short
    /// …`, `bad zstd data: …`): reading goes on at the next gzip member or LZ4 frame when one
    /// follows.
    Decompression,
    /// A WARC header that cannot be read: no end within [`MAX_HEADER`](super::MAX_HEADER)
    /// bytes, or no `Content-Length` that is a number; the reader skips to the next record.
    BadHeader,
    /// A record cut short by the end of the file or by a decompression error, in its header
    /// or its block (the record comes with what there is of its block,
    /// [`Record::cut`](super::Record::cut)).
    CutRecord,
    /// A record's length runs into the record after it: its block was ended where that
    /// record starts.
    WrongLength,
    /// Bytes that belong to no record (after a record, or where a record should start):
    /// skipped to the next record, a decompression error, or the end of the file.
    NotARecord,
}

impl ReadErrorKind {
    /// The kind's name: `io`, `decompression`, `bad_header`, `cut_record`, `wrong_length`,
    /// `not_a_record`.
    pub fn as_str(self) -> &'static str {
        match self {
            ReadErrorKind::Io => "io",
            ReadErrorKind::Decompression => "decompression",
            ReadErrorKind::BadHeader => "bad_header",
            ReadErrorKind::CutRecord => "cut_record",
            ReadErrorKind::WrongLength => "wrong_length",
            ReadErrorKind::NotARecord => "not_a_record",
        }
    }
}

impl fmt::Display for ReadErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}
