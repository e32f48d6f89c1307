//! `batch`'s records as a Parquet file: one row per record, one typed column per record key
//! (named as the Spark example's and FineWeb's columns where they mean the same), error
//! records in the same file with their `error` column set.
//!
//! Rows are gathered into Arrow arrays [`BATCH_ROWS`] at a time (or fewer, once their text
//! passes [`BATCH_BYTES`]); the writer closes a row group once it holds [`ROW_GROUP_BYTES`] of
//! encoded data, so memory stays bounded whatever the input's size. The file is written under
//! a hidden temporary name in the same directory (`.NAME.partial-PID`) and renamed to its
//! name only once its footer is written and on disk: a killed run leaves no file under the
//! name asked for (and the hidden one is skipped by readers of a directory's `*.parquet`).

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context, bail};
use arrow_array::builder::{
    ArrayBuilder, BooleanBuilder, Float64Builder, Int32Builder, Int64Builder, ListBuilder,
    StringBuilder,
};
use arrow_array::{ArrayRef, RecordBatch};
use arrow_schema::{DataType, Field, Schema, SchemaRef};
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, ZstdLevel};
use parquet::file::properties::WriterProperties;
use serde_json::{Map, Value};

use super::Columns;

/// Rows gathered before they go to the writer as one Arrow record batch.
const BATCH_ROWS: usize = 1024;
/// Text (strings and lists of strings) gathered before the rows go to the writer, in bytes.
const BATCH_BYTES: usize = 16 << 20;
/// Encoded data in the row group being written past which it is closed, in bytes.
const ROW_GROUP_BYTES: usize = 64 << 20;

/// A column's Arrow type, as the record's JSON value for its key is converted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `string`: a JSON string; any other value but null is written as its JSON (`meta`).
    Str,
    /// `int64`.
    Int64,
    /// `int32` (`status`, as the Spark example writes it).
    Int32,
    /// `bool`.
    Bool,
    /// `double` (`language_score`).
    Float64,
    /// `list<element: string not null>` (`links`, the `--select` fields).
    Strings,
}

/// The columns every record has, in the order of the JSON record: its key, the column's name
/// and type.
const RECORD: [(&str, &str, Kind); 12] = [
    ("path", "warc_filename", Kind::Str),
    ("offset", "warc_record_offset", Kind::Int64),
    ("offset_in_member", "offset_in_member", Kind::Int64),
    ("url", "url", Kind::Str),
    ("record_id", "id", Kind::Str),
    ("date", "date", Kind::Str),
    ("status", "status", Kind::Int32),
    ("content_type", "content_type", Kind::Str),
    ("bytes", "bytes", Kind::Int64),
    ("encoding", "encoding", Kind::Str),
    ("truncated_record", "truncated_record", Kind::Str),
    ("truncated", "truncated", Kind::Bool),
];

/// The `--fields` keys' column types (the name is the key).
const FIELDS: [(&str, Kind); 12] = [
    ("title", Kind::Str),
    ("lang", Kind::Str),
    ("text", Kind::Str),
    ("main_text", Kind::Str),
    ("markdown", Kind::Str),
    ("page_type", Kind::Str),
    ("meta", Kind::Str),
    ("links", Kind::Strings),
    ("encoding", Kind::Str),
    ("errors", Kind::Int64),
    ("language", Kind::Str),
    ("language_score", Kind::Float64),
];

/// One column: the record key it takes its values from and its builder.
struct Column {
    key: String,
    builder: Builder,
}

/// A column's values gathered so far.
enum Builder {
    Str(StringBuilder),
    Int64(Int64Builder),
    Int32(Int32Builder),
    Bool(BooleanBuilder),
    Float64(Float64Builder),
    Strings(ListBuilder<StringBuilder>),
}

/// The list columns' element: a string, never null (as the Spark example's `links`).
fn element() -> Field {
    Field::new("element", DataType::Utf8, false)
}

impl Kind {
    fn data_type(self) -> DataType {
        match self {
            Kind::Str => DataType::Utf8,
            Kind::Int64 => DataType::Int64,
            Kind::Int32 => DataType::Int32,
            Kind::Bool => DataType::Boolean,
            Kind::Float64 => DataType::Float64,
            Kind::Strings => DataType::List(Arc::new(element())),
        }
    }

    fn builder(self) -> Builder {
        match self {
            Kind::Str => Builder::Str(StringBuilder::new()),
            Kind::Int64 => Builder::Int64(Int64Builder::new()),
            Kind::Int32 => Builder::Int32(Int32Builder::new()),
            Kind::Bool => Builder::Bool(BooleanBuilder::new()),
            Kind::Float64 => Builder::Float64(Float64Builder::new()),
            Kind::Strings => {
                Builder::Strings(ListBuilder::new(StringBuilder::new()).with_field(element()))
            }
        }
    }
}

impl Builder {
    /// Appends a record's value (`None`: the record has no such key): null when it is missing,
    /// null or of another type; the text bytes it adds.
    fn append(&mut self, v: Option<&Value>) -> usize {
        let v = v.filter(|v| !v.is_null());
        match self {
            Builder::Str(b) => match v {
                None => b.append_null(),
                Some(Value::String(s)) => {
                    b.append_value(s);
                    return s.len();
                }
                Some(other) => {
                    let s = other.to_string();
                    b.append_value(&s);
                    return s.len();
                }
            },
            Builder::Int64(b) => b.append_option(v.and_then(Value::as_i64)),
            Builder::Int32(b) => b.append_option(
                v.and_then(Value::as_i64)
                    .and_then(|n| i32::try_from(n).ok()),
            ),
            Builder::Bool(b) => b.append_option(v.and_then(Value::as_bool)),
            Builder::Float64(b) => b.append_option(v.and_then(Value::as_f64)),
            Builder::Strings(b) => match v.and_then(Value::as_array) {
                None => b.append_null(),
                Some(items) => {
                    let mut n = 0;
                    for s in items.iter().filter_map(Value::as_str) {
                        b.values().append_value(s);
                        n += s.len();
                    }
                    b.append(true);
                    return n;
                }
            },
        }
        0
    }

    fn finish(&mut self) -> ArrayRef {
        match self {
            Builder::Str(b) => Arc::new(b.finish()),
            Builder::Int64(b) => Arc::new(b.finish()),
            Builder::Int32(b) => Arc::new(b.finish()),
            Builder::Bool(b) => Arc::new(b.finish()),
            Builder::Float64(b) => Arc::new(b.finish()),
            Builder::Strings(b) => Arc::new(b.finish()),
        }
    }

    fn len(&self) -> usize {
        match self {
            Builder::Str(b) => b.len(),
            Builder::Int64(b) => b.len(),
            Builder::Int32(b) => b.len(),
            Builder::Bool(b) => b.len(),
            Builder::Float64(b) => b.len(),
            Builder::Strings(b) => b.len(),
        }
    }
}

/// A column of the file: the record key it takes its values from, its name and type.
struct Spec {
    key: String,
    name: String,
    kind: Kind,
}

/// The columns of a `batch` run's Parquet file: the record's own, then its `--fields` (in
/// order), then its `--select` fields, then `error`.
///
/// # Errors
/// A `--select` name is the name of a column already.
fn specs(columns: &Columns<'_>) -> anyhow::Result<Vec<Spec>> {
    let spec = |key: &str, name: &str, kind| Spec {
        key: key.to_owned(),
        name: name.to_owned(),
        kind,
    };
    let mut out: Vec<Spec> = RECORD
        .iter()
        .map(|&(key, name, kind)| spec(key, name, kind))
        .collect();
    for &key in &columns.fields {
        let Some(&(_, kind)) = FIELDS.iter().find(|(k, _)| *k == key) else {
            bail!("no Parquet column for the field {key:?} (a bug in simdhtml)");
        };
        if !out.iter().any(|c| c.key == key) {
            out.push(spec(key, key, kind));
        }
    }
    for &name in &columns.selects {
        if out.iter().any(|c| c.name == name) || name == "error" {
            bail!(
                "--select {name}=...: `{name}` is a column of the Parquet output already \
                 (choose another name)"
            );
        }
        out.push(spec(name, name, Kind::Strings));
    }
    out.push(spec("error", "error", Kind::Str));
    Ok(out)
}

/// A Parquet file being written.
pub struct ParquetOutput {
    /// Where it goes once finished.
    path: PathBuf,
    /// Where it is written until then.
    partial: PathBuf,
    /// `None` once finished.
    writer: Option<ArrowWriter<File>>,
    schema: SchemaRef,
    columns: Vec<Column>,
    /// Text bytes in the builders.
    text: usize,
}

impl ParquetOutput {
    /// Creates the temporary file beside `path` and the columns `columns` give.
    ///
    /// # Errors
    /// The file cannot be created, or a `--select` name is a column already.
    pub fn create(path: &Path, columns_of: &Columns<'_>) -> anyhow::Result<ParquetOutput> {
        let specs = specs(columns_of)?;
        let schema: SchemaRef = Arc::new(Schema::new(
            specs
                .iter()
                .map(|c| Field::new(&c.name, c.kind.data_type(), true))
                .collect::<Vec<_>>(),
        ));
        let columns = specs
            .into_iter()
            .map(|c| Column {
                builder: c.kind.builder(),
                key: c.key,
            })
            .collect();
        let name = path
            .file_name()
            .with_context(|| {
                format!(
                    "cannot write Parquet to {}: not a file name",
                    path.display()
                )
            })?
            .to_string_lossy();
        let partial = path.with_file_name(format!(".{name}.partial-{}", std::process::id()));
        let file = File::create(&partial)
            .with_context(|| format!("cannot create {}", partial.display()))?;
        let props = WriterProperties::builder()
            .set_compression(Compression::ZSTD(ZstdLevel::try_new(3)?))
            .set_max_row_group_row_count(None)
            .build();
        let writer = ArrowWriter::try_new(file, schema.clone(), Some(props))
            .with_context(|| format!("cannot start Parquet in {}", partial.display()))?;
        Ok(ParquetOutput {
            path: path.to_owned(),
            partial,
            writer: Some(writer),
            schema,
            columns,
            text: 0,
        })
    }

    /// Adds a record as a row.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn push(&mut self, row: Map<String, Value>) -> anyhow::Result<()> {
        for c in &mut self.columns {
            self.text += c.builder.append(row.get(&c.key));
        }
        let rows = self.columns.first().map_or(0, |c| c.builder.len());
        if rows >= BATCH_ROWS || self.text >= BATCH_BYTES {
            self.write_batch()?;
        }
        Ok(())
    }

    /// Hands the gathered rows to the writer, which closes its row group once it is large.
    fn write_batch(&mut self) -> anyhow::Result<()> {
        self.text = 0;
        let arrays: Vec<ArrayRef> = self
            .columns
            .iter_mut()
            .map(|c| c.builder.finish())
            .collect();
        if arrays.first().is_none_or(|a| a.is_empty()) {
            return Ok(());
        }
        let batch = RecordBatch::try_new(self.schema.clone(), arrays)?;
        let Some(writer) = &mut self.writer else {
            return Ok(());
        };
        let wrote = writer.write(&batch).and_then(|()| {
            if writer.in_progress_size() >= ROW_GROUP_BYTES {
                writer.flush()
            } else {
                Ok(())
            }
        });
        wrote.with_context(|| format!("cannot write {}", self.partial.display()))
    }

    /// Writes the last rows and the footer, puts the file on disk and gives it its name.
    ///
    /// # Errors
    /// The file cannot be written or renamed (the temporary file is then removed).
    pub fn finish(mut self) -> anyhow::Result<()> {
        self.write_batch()?;
        let Some(writer) = self.writer.take() else {
            return Ok(());
        };
        let file = writer
            .into_inner()
            .with_context(|| format!("cannot write {}", self.partial.display()))?;
        file.sync_all()
            .with_context(|| format!("cannot write {}", self.partial.display()))?;
        drop(file);
        std::fs::rename(&self.partial, &self.path).with_context(|| {
            format!(
                "cannot rename {} to {}",
                self.partial.display(),
                self.path.display()
            )
        })?;
        // Renamed: nothing left for `drop` to remove.
        self.partial = PathBuf::new();
        Ok(())
    }
}

impl Drop for ParquetOutput {
    /// An output not finished (an error ended the run) leaves no partial file behind.
    fn drop(&mut self) {
        if !self.partial.as_os_str().is_empty() {
            self.writer = None;
            let _ = std::fs::remove_file(&self.partial);
        }
    }
}
