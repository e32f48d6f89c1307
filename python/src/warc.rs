//! `simdhtml.iter_warc`: the records of a WARC or ARC archive with `simdhtml batch`'s reader and
//! rules (`simdhtml::warc`; docs/warc.md).

use std::io::{self, Read, Seek, SeekFrom};
use std::path::PathBuf;
use std::sync::Mutex;

use pyo3::exceptions::{PyOSError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::pybacked::PyBackedBytes;
use pyo3::types::{PyBytes, PyDict};
use simdhtml::warc::{Event, InflateTask, Page, Reader, ReaderOptions, Record};

use crate::{Input, WarcError, parse_base, parse_input, transport_charset};

/// Where an archive's bytes come from: a file opened by path, or a Python binary file object
/// (anything with `read(n)`; `seek`/`tell` used when `seekable()` says so).
enum Source {
    File(std::fs::File),
    Python(PyFile),
}

/// A Python binary file object as `Read + Seek`. Each read takes the GIL for the call.
///
/// The reader seeks once, back to where it started after peeking at the first bytes (to tell
/// the compression). A stream that cannot seek (a socket, an HTTP body) keeps what it read
/// until that seek and reads it again from memory.
struct PyFile {
    file: Py<PyAny>,
    seekable: bool,
    /// The stream position (for a stream that cannot seek: bytes read so far).
    pos: u64,
    /// A stream that cannot seek, before its first seek: every byte read (from position 0).
    kept: Option<Vec<u8>>,
    /// Bytes to give again before reading on (after the seek back).
    replay: Vec<u8>,
    replay_at: usize,
}

impl PyFile {
    fn new(file: Bound<'_, PyAny>) -> PyResult<PyFile> {
        // A text stream (`open(path)`, `io.StringIO`) is refused at once, as `gzip.GzipFile`
        // refuses it, rather than when its first read fails.
        let probe = file.call_method1("read", (0,))?;
        if !probe.is_none() && probe.cast::<PyBytes>().is_err() {
            return Err(PyTypeError::new_err(format!(
                "iter_warc() needs a binary file object: read() returned {}, not bytes (open the \
                 file in binary mode: open(path, \"rb\"))",
                probe.get_type().name()?
            )));
        }
        let seekable = match file.getattr("seekable") {
            Ok(f) => f.call0()?.is_truthy()?,
            Err(_) => false,
        };
        let pos = if seekable {
            file.call_method0("tell")?.extract()?
        } else {
            0
        };
        Ok(PyFile {
            file: file.unbind(),
            seekable,
            pos,
            kept: (!seekable).then(Vec::new),
            replay: Vec::new(),
            replay_at: 0,
        })
    }
}

/// A Python exception raised by the file object, as an `io::Error` (its text kept).
fn io_error(e: PyErr) -> io::Error {
    io::Error::other(e.to_string())
}

impl Read for PyFile {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.replay_at < self.replay.len() {
            let n = buf.len().min(self.replay.len() - self.replay_at);
            buf[..n].copy_from_slice(&self.replay[self.replay_at..self.replay_at + n]);
            self.replay_at += n;
            self.pos += n as u64;
            return Ok(n);
        }
        let n =
            Python::attach(|py| -> PyResult<usize> {
                let data = self.file.bind(py).call_method1("read", (buf.len(),))?;
                if data.is_none() {
                    // A non-blocking stream with nothing ready: read again.
                    return Ok(0);
                }
                let bytes = data.cast::<PyBytes>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "the archive's read() returned {}, not bytes (open the file in binary mode: \
                     open(path, \"rb\"))",
                    data.get_type().name().map(|n| n.to_string()).unwrap_or_default()
                ))
            })?;
                let b = bytes.as_bytes();
                let n = b.len().min(buf.len());
                buf[..n].copy_from_slice(&b[..n]);
                Ok(n)
            })
            .map_err(io_error)?;
        if let Some(kept) = &mut self.kept {
            kept.extend_from_slice(&buf[..n]);
        }
        self.pos += n as u64;
        Ok(n)
    }
}

impl Seek for PyFile {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        if self.seekable {
            let (offset, whence) = match to {
                SeekFrom::Start(n) => (n as i64, 0),
                SeekFrom::Current(n) => (n, 1),
                SeekFrom::End(n) => (n, 2),
            };
            let pos = Python::attach(|py| -> PyResult<u64> {
                self.file.bind(py).call_method1("seek", (offset, whence))?;
                self.file.bind(py).call_method0("tell")?.extract()
            })
            .map_err(io_error)?;
            self.pos = pos;
            return Ok(pos);
        }
        match to {
            SeekFrom::Current(0) => Ok(self.pos),
            SeekFrom::Start(n) if n <= self.pos => match self.kept.take() {
                Some(kept) => {
                    self.replay = kept;
                    self.replay_at = n as usize;
                    self.pos = n;
                    Ok(n)
                }
                None => Err(io::Error::new(
                    io::ErrorKind::Unsupported,
                    "the archive's stream cannot seek",
                )),
            },
            _ => Err(io::Error::new(
                io::ErrorKind::Unsupported,
                "the archive's stream cannot seek",
            )),
        }
    }
}

impl Read for Source {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self {
            Source::File(f) => f.read(buf),
            Source::Python(f) => f.read(buf),
        }
    }
}

impl Seek for Source {
    fn seek(&mut self, to: SeekFrom) -> io::Result<u64> {
        match self {
            Source::File(f) => f.seek(to),
            Source::Python(f) => f.seek(to),
        }
    }
}

/// What the iterator reads and how.
struct State {
    reader: Reader<Source>,
    html_only: bool,
    skip_errors: bool,
    max_bytes: u64,
}

/// A record ready to become a Python `WarcRecord` (no Python object yet): the record and its
/// page (its payload with what to parse it with).
struct Found {
    record: Record,
    page: Page,
}

/// What the reader gave next.
enum Next {
    Record(Box<Found>),
    Error { offset: u64, message: String },
    End,
}

impl State {
    /// The next record to give (with `html_only`, the next one `batch` writes a page line for:
    /// [`Record::html_page`]'s rule), or the next error, or the end.
    fn next(&mut self) -> Next {
        loop {
            let Some(event) = self.reader.next() else {
                return Next::End;
            };
            let record = match event {
                Event::Error(e) => {
                    return Next::Error {
                        offset: e.offset,
                        message: e.message,
                    };
                }
                Event::Record(r) => r,
            };
            let capture = if self.html_only {
                match record.html_capture() {
                    Some(c) => Some(c),
                    None => continue,
                }
            } else {
                None
            };
            if record.over_limit {
                return Next::Error {
                    offset: record.offset,
                    message: format!(
                        "a record of {} bytes, over max_bytes {}",
                        record.block_len, self.max_bytes
                    ),
                };
            }
            let page = match capture {
                Some(c) => match c.html_page(&record, self.max_bytes) {
                    Some(page) => page,
                    None => continue,
                },
                None => record.page(self.max_bytes),
            };
            if page.over_limit {
                return Next::Error {
                    offset: record.offset,
                    message: format!(
                        "the payload decodes to more than max_bytes {} bytes",
                        self.max_bytes
                    ),
                };
            }
            return Next::Record(Box::new(Found { record, page }));
        }
    }
}

/// iter_warc(source, *, html_only=True, errors="raise", max_bytes=67108864)
/// --
///
/// The records of a WARC (1.0, 1.1, 0.17/0.18) or ARC archive, in file order: plain, gzip
/// (per record or whole), zstd, LZ4 or bzip2, as its first bytes tell. `source` is a path
/// (`str` or `os.PathLike`) or a binary file object (`open(path, "rb")`, an HTTP body: anything
/// with `read(n)`; it need not seek). The gzip members of an archive given by its path are
/// inflated on a thread of their own, beside the one that iterates.
///
/// With `html_only=True` (the default) the records are exactly those `simdhtml batch ARCHIVE`
/// writes a page line for: `response` and `resource` records whose payload type is HTML (or
/// that have no usable type and sniff as HTML). With `html_only=False`, every record
/// (`warcinfo`, `request`, `metadata`, `revisit`... too).
///
/// Bytes that are not a good record (a truncated file, a corrupt gzip member, a bad header),
/// and records over `max_bytes` bytes (before or after undoing the `Content-Encoding`), are
/// errors: with `errors="raise"` the iterator raises `WarcError` there (after every good
/// record before it; iterating again goes on after it), with `errors="skip"` it goes on, and
/// `WarcIterator.errors` lists them as `(offset, message)`.
///
/// Raises `OSError` when the file cannot be opened or its first bytes read, `TypeError` for
/// a source that is neither a path nor a binary file object, `ValueError` for a bad `errors`.
#[pyfunction]
#[pyo3(signature = (source, *, html_only = true, errors = "raise", max_bytes = 64 * 1024 * 1024))]
pub fn iter_warc(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    html_only: bool,
    errors: &str,
    max_bytes: u64,
) -> PyResult<WarcIterator> {
    let skip_errors = match errors {
        "raise" => false,
        "skip" => true,
        other => {
            return Err(PyValueError::new_err(format!(
                "errors must be \"raise\" or \"skip\", not {other:?}"
            )));
        }
    };
    let options = ReaderOptions {
        max_block: max_bytes,
    };
    let (src, path) = if let Ok(path) = source.extract::<PathBuf>() {
        let file = std::fs::File::open(&path).map_err(|e| os_error(&e, &path))?;
        (Source::File(file), path.display().to_string())
    } else if source.hasattr("read")? {
        let name = source
            .getattr("name")
            .ok()
            .and_then(|n| n.extract::<String>().ok())
            .unwrap_or_else(|| "<stream>".to_owned());
        (Source::Python(PyFile::new(source.clone())?), name)
    } else {
        return Err(PyTypeError::new_err(format!(
            "iter_warc() takes a path or a binary file object, not {}",
            source.get_type().name()?
        )));
    };
    let file = matches!(src, Source::File(_));
    let mut reader = py
        .detach(move || Reader::new(src, options))
        .map_err(|e| PyOSError::new_err(format!("{path}: cannot read: {e}")))?;
    if file {
        inflate_beside(&mut reader);
    }
    Ok(WarcIterator {
        state: Mutex::new(State {
            reader,
            html_only,
            skip_errors,
            max_bytes,
        }),
        path,
        errors: Mutex::new(Vec::new()),
    })
}

/// How many gzip members the helper thread of [`inflate_beside`] may have inflated ahead of the
/// reader.
const MEMBERS_AHEAD: usize = 4;

/// Has the gzip members of a file inflated on a thread of their own, beside the thread that
/// iterates (`Reader::inflate_members_with`): the next members are inflated while Python works
/// on a record. The thread ends when the reader is dropped (its task queue closes); a task it
/// cannot take is inflated by the reader, so nothing is lost. A Python file object is read as
/// before, on the iterating thread only.
fn inflate_beside(reader: &mut Reader<Source>) {
    let (tx, rx) = std::sync::mpsc::channel::<InflateTask>();
    let spawned = std::thread::Builder::new()
        .name("simdhtml-inflate".into())
        .spawn(move || {
            for task in rx {
                task.run();
            }
        });
    if spawned.is_ok() {
        reader.inflate_members_with(MEMBERS_AHEAD, move |task| {
            // The thread gone: the dropped task is inflated by the reader.
            let _ = tx.send(task);
        });
    }
}

/// An `OSError` of the right subclass (`FileNotFoundError`, `PermissionError`...) naming `path`.
fn os_error(e: &io::Error, path: &std::path::Path) -> PyErr {
    let path = path.display().to_string();
    match e.raw_os_error() {
        Some(errno) => {
            let text = io::Error::from_raw_os_error(errno).to_string();
            let text = text.split(" (os error").next().unwrap_or(&text).to_owned();
            PyOSError::new_err((errno, text, path))
        }
        None => PyOSError::new_err(format!("{path}: {e}")),
    }
}

/// The iterator `iter_warc` returns. `errors` lists the errors skipped so far (with
/// `errors="skip"`) as `(offset, message)`.
#[pyclass(frozen, module = "simdhtml")]
pub struct WarcIterator {
    state: Mutex<State>,
    /// The archive's name, for messages.
    path: String,
    errors: Mutex<Vec<(u64, String)>>,
}

#[pymethods]
impl WarcIterator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&self, py: Python<'_>) -> PyResult<Option<WarcRecord>> {
        loop {
            // The reader may call back into Python (a file object's read): the mutex is taken
            // with the GIL released, so a thread waiting for it never holds the GIL.
            let (next, skip) = py.detach(|| {
                let mut state = self.state.lock().unwrap_or_else(|p| p.into_inner());
                (state.next(), state.skip_errors)
            });
            match next {
                Next::End => return Ok(None),
                Next::Error { offset, message } if skip => {
                    self.errors
                        .lock()
                        .unwrap_or_else(|p| p.into_inner())
                        .push((offset, message));
                }
                Next::Error { offset, message } => {
                    let err =
                        WarcError::new_err(format!("{}: offset {offset}: {message}", self.path));
                    let value = err.value(py);
                    value.setattr("path", &self.path)?;
                    value.setattr("offset", offset)?;
                    value.setattr("reason", &message)?;
                    return Err(err);
                }
                Next::Record(found) => return Ok(Some(WarcRecord::new(py, *found))),
            }
        }
    }

    /// The errors skipped so far, as `(offset, message)` (with `errors="skip"`).
    #[getter]
    fn errors(&self) -> Vec<(u64, String)> {
        self.errors
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .clone()
    }
}

/// One record of an archive. `body` is the payload: for a response, the HTTP body with its
/// `Content-Encoding` (gzip, deflate, br) undone; for a resource and every other record, the
/// record's block.
#[pyclass(frozen, module = "simdhtml", get_all)]
pub struct WarcRecord {
    /// `WARC-Target-URI` (ARC: the URL field), or `None`.
    url: Option<String>,
    /// `WARC-Record-ID` (`<urn:uuid:...>`), or `None` (ARC).
    record_id: Option<String>,
    /// `WARC-Date` (ARC: the archive date, as an ISO 8601 date), or `None`.
    date: Option<String>,
    /// The record type, lower case: `response`, `resource`, `request`, `warcinfo`, ...
    record_type: String,
    /// The HTTP status code, or `None` (no HTTP head).
    status: Option<u16>,
    /// The payload's `Content-Type` as written (the HTTP response's, else the record's), or
    /// `None`.
    content_type: Option<String>,
    /// The HTTP `charset` when it is a label of the WHATWG Encoding Standard (the transport
    /// charset `parse` uses), or `None`.
    charset: Option<String>,
    /// The HTTP `Content-Language` as written (several fields joined by `, `), or `None`: the
    /// language `parse` gives `:lang()` by default.
    content_language: Option<String>,
    /// Where to start reading for the record: its first byte in an uncompressed file, the
    /// start of its gzip member (as CDX indexes give it); 0 for zstd and bzip2 files.
    offset: u64,
    /// How many decompressed bytes into its gzip member the record starts, when it does not
    /// start there (a file gzipped as a whole), else `None`.
    offset_in_member: Option<u64>,
    /// Why the record or its payload is shorter than declared (`WARC-Truncated`, a file that
    /// ends inside it, a body whose coding is cut), as `batch`'s `truncated_record`; or `None`.
    truncated: Option<String>,
    /// The payload (see the class), bytes.
    body: Py<PyBytes>,
}

impl WarcRecord {
    fn new(py: Python<'_>, f: Found) -> WarcRecord {
        let Found { record, page } = f;
        WarcRecord {
            url: page.url,
            record_id: record.record_id().map(str::to_owned),
            date: record.date(),
            record_type: record.record_type().to_string(),
            status: page.status,
            content_type: page.content_type,
            charset: page.charset,
            content_language: page.content_language,
            offset: record.offset,
            offset_in_member: record.offset_in_member,
            truncated: page.truncated,
            body: PyBytes::new(py, &page.payload).unbind(),
        }
    }
}

#[pymethods]
impl WarcRecord {
    /// parse(*, encoding=<the HTTP charset>, base_url=<the record's URL>, scripting=True, guess_utf8=True, content_language=<the HTTP Content-Language>)
    /// --
    ///
    /// Parses `body` as `simdhtml.parse` does, with the HTTP charset as the transport charset,
    /// the record's URL as the base URL (when it is an absolute URL) and the HTTP
    /// `Content-Language` as the language `:lang()` falls back to, as `batch` does. With
    /// `guess_utf8` (the default, as `batch` reads records) a record that declares no encoding
    /// (no BOM, HTTP charset or `<meta>` prescan) and is valid UTF-8 throughout is UTF-8, the
    /// author's encoding, as the same bytes read as a file; `guess_utf8=False` reads it as a
    /// browser reads a page from the network, never UTF-8 by a guess (`batch --no-guess-utf8`).
    #[pyo3(signature = (**kw))]
    fn parse(&self, py: Python<'_>, kw: Option<&Bound<'_, PyDict>>) -> PyResult<crate::Document> {
        // The HTTP charset unless `encoding` is given (each label checked where it is read).
        let mut encoding = None;
        let mut base = self.url.as_deref().and_then(|u| url::Url::parse(u).ok());
        let mut scripting = true;
        let mut guess_utf8 = true;
        let mut content_language = self.content_language.clone();
        if let Some(kw) = kw {
            for (k, v) in kw.iter() {
                let k: String = k.extract()?;
                match k.as_str() {
                    "encoding" => {
                        let label: Option<String> = v.extract()?;
                        encoding = Some(transport_charset(label.as_deref())?);
                    }
                    "base_url" => {
                        let b: Option<String> = v.extract()?;
                        base = parse_base(b.as_deref())?;
                    }
                    "scripting" => scripting = v.extract()?,
                    "guess_utf8" => guess_utf8 = v.extract()?,
                    "content_language" => content_language = v.extract()?,
                    other => {
                        return Err(PyTypeError::new_err(format!(
                            "parse() got an unexpected keyword argument {other:?}"
                        )));
                    }
                }
            }
        }
        let encoding = match encoding {
            Some(given) => given,
            None => transport_charset(self.charset.as_deref())?,
        };
        let input = Input::Bytes(PyBackedBytes::from(self.body.bind(py).clone()));
        // By default in the author's encoding, as `batch` reads records and files.
        parse_input(
            py,
            input,
            encoding,
            guess_utf8,
            base,
            scripting,
            content_language,
        )
    }

    fn __repr__(&self) -> String {
        format!(
            "<simdhtml.WarcRecord {} {} offset={}>",
            self.record_type,
            self.url.as_deref().unwrap_or("-"),
            self.offset
        )
    }
}
