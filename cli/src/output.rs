//! Where `batch` writes its records: JSON lines on standard output, or `--output FILE`, JSON
//! lines compressed with gzip when the name ends in `.gz` and with zstd when it ends in `.zst`
//! (ASCII case-insensitively), or a Parquet file (`parquet.rs`) when the name ends in
//! `.parquet` or `--format parquet` says so.

#[cfg(feature = "parquet")]
mod parquet;

use std::fs::File;
use std::io::{BufWriter, Stdout, Write};
use std::path::Path;

use anyhow::Context;
use serde_json::{Map, Value};

/// What the records look like in an output: a worker encodes each record for it
/// ([`Shape::encode`]) before the writing thread writes them in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(not(feature = "parquet"), allow(dead_code))]
pub enum Shape {
    /// JSON lines: a record is its line, serialised by the worker.
    Lines,
    /// Parquet rows: a record is its JSON object, put into columns by the writing thread.
    Rows,
}

/// One record, encoded for the output's [`Shape`].
pub enum Encoded {
    /// A JSON line, `\n` included.
    Line(Vec<u8>),
    /// A record's fields, by their JSON keys.
    Row(Map<String, Value>),
}

impl Shape {
    /// The record `record` (a JSON object) as this shape writes it.
    pub fn encode(self, record: Value) -> Encoded {
        match (self, record) {
            (Shape::Rows, Value::Object(m)) => Encoded::Row(m),
            (_, v) => {
                let mut line = serde_json::to_vec(&v).unwrap_or_default();
                line.push(b'\n');
                Encoded::Line(line)
            }
        }
    }
}

/// What `batch` writes besides the columns every record has: the JSON keys of its `--fields`
/// in order (`title`, `links`, ...) and its `--select` names. A Parquet output's columns come
/// from them.
#[cfg_attr(not(feature = "parquet"), allow(dead_code))]
pub struct Columns<'a> {
    /// The JSON keys of the `--fields`, in order.
    pub fields: Vec<&'static str>,
    /// The `--select` names, in order.
    pub selects: Vec<&'a str>,
}

/// An open output.
pub enum Output {
    /// Standard output.
    Stdout(BufWriter<Stdout>),
    /// A plain file.
    File(BufWriter<File>),
    /// A `.gz` file.
    Gzip(flate2::write::GzEncoder<BufWriter<File>>),
    /// A `.zst` file.
    Zstd(zstd::stream::write::Encoder<'static, BufWriter<File>>),
    /// A Parquet file, written under a temporary name until [`finish`](Output::finish).
    #[cfg(feature = "parquet")]
    Parquet(Box<parquet::ParquetOutput>),
}

/// Whether `path`'s name ends in `.parquet` (ASCII case-insensitively): `batch` then writes
/// Parquet unless `--format` says otherwise.
pub fn is_parquet_name(path: &Path) -> bool {
    lower_name(path).ends_with(".parquet")
}

fn lower_name(path: &Path) -> String {
    path.file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default()
}

impl Output {
    /// JSON lines: standard output without a path; else the file at `path`, created or
    /// truncated (compressed by its name).
    ///
    /// # Errors
    /// The file cannot be created.
    pub fn open(path: Option<&Path>) -> anyhow::Result<Output> {
        let Some(path) = path else {
            return Ok(Output::Stdout(BufWriter::new(std::io::stdout())));
        };
        let file =
            File::create(path).with_context(|| format!("cannot create {}", path.display()))?;
        let file = BufWriter::with_capacity(1 << 20, file);
        let name = lower_name(path);
        Ok(if name.ends_with(".gz") {
            Output::Gzip(flate2::write::GzEncoder::new(
                file,
                flate2::Compression::default(),
            ))
        } else if name.ends_with(".zst") {
            let enc = zstd::stream::write::Encoder::new(file, 3)
                .with_context(|| format!("cannot start zstd for {}", path.display()))?;
            Output::Zstd(enc)
        } else {
            Output::File(file)
        })
    }

    /// A Parquet file at `path` with the columns `columns` give (docs/cli.md, "Parquet"),
    /// written under a hidden temporary name beside it and renamed to `path` by
    /// [`finish`](Output::finish), so that a run that is killed or fails leaves no partial
    /// file under `path`.
    ///
    /// # Errors
    /// The file cannot be created, a `--select` name is a column already, or the command was
    /// built without the `parquet` feature.
    pub fn parquet(path: &Path, columns: &Columns<'_>) -> anyhow::Result<Output> {
        #[cfg(feature = "parquet")]
        {
            parquet::ParquetOutput::create(path, columns).map(|p| Output::Parquet(Box::new(p)))
        }
        #[cfg(not(feature = "parquet"))]
        {
            let _ = columns;
            anyhow::bail!(
                "cannot write {}: this simdhtml was built without Parquet (the `parquet` \
                 feature of simdhtml-cli)",
                path.display()
            )
        }
    }

    /// How the workers encode records for this output.
    pub fn shape(&self) -> Shape {
        match self {
            #[cfg(feature = "parquet")]
            Output::Parquet(_) => Shape::Rows,
            _ => Shape::Lines,
        }
    }

    /// Writes one record (a record encoded for another shape is written as this output
    /// writes records).
    ///
    /// # Errors
    /// The output cannot be written.
    pub fn write(&mut self, record: Encoded) -> anyhow::Result<()> {
        let w: &mut dyn Write = match self {
            Output::Stdout(w) => w,
            Output::File(w) => w,
            Output::Gzip(w) => w,
            Output::Zstd(w) => w,
            #[cfg(feature = "parquet")]
            Output::Parquet(p) => {
                return match record {
                    Encoded::Row(row) => p.push(row),
                    Encoded::Line(line) => {
                        p.push(serde_json::from_slice::<Map<String, Value>>(&line)?)
                    }
                };
            }
        };
        let line = match record {
            Encoded::Line(line) => line,
            Encoded::Row(row) => {
                let mut line = serde_json::to_vec(&row).unwrap_or_default();
                line.push(b'\n');
                line
            }
        };
        w.write_all(&line).context("cannot write the output")
    }

    /// Sends what is written on to the reader (JSON lines; a Parquet file is written a row
    /// group at a time and can only be read once it is finished).
    ///
    /// # Errors
    /// The output cannot be written.
    pub fn flush(&mut self) -> anyhow::Result<()> {
        let done = match self {
            Output::Stdout(w) => w.flush(),
            Output::File(w) => w.flush(),
            Output::Gzip(w) => w.flush(),
            Output::Zstd(w) => w.flush(),
            #[cfg(feature = "parquet")]
            Output::Parquet(_) => Ok(()),
        };
        done.context("cannot write the output")
    }

    /// Ends the output: the compressed formats write their trailers, everything is flushed; a
    /// Parquet file gets its last row group and footer and takes its name.
    ///
    /// # Errors
    /// The output cannot be written.
    pub fn finish(self) -> anyhow::Result<()> {
        let done = match self {
            Output::Stdout(mut w) => w.flush(),
            Output::File(mut w) => w.flush(),
            Output::Gzip(w) => w.finish().and_then(|mut w| w.flush()),
            Output::Zstd(w) => w.finish().and_then(|mut w| w.flush()),
            #[cfg(feature = "parquet")]
            Output::Parquet(p) => return p.finish(),
        };
        done.context("cannot write the output")
    }
}
