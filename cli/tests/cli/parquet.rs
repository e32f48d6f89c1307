//! `simdhtml batch --output FILE.parquet`, run as the built binary: the rows are the JSON
//! lines' records (error records too) in typed columns named as docs/cli.md says, whatever
//! `--jobs`; `--format` and the name choose the format; a killed run leaves no `.parquet` file.

use crate::common;

use std::io::Write;
use std::path::Path;
use std::sync::Arc;

use arrow_array::{Array, ArrayRef, RecordBatch, cast::AsArray, types};
use arrow_schema::DataType;
use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
use serde_json::{Map, Value};

fn simdhtml(args: &[&str]) -> (i32, String, String) {
    common::cli::simdhtml(args, b"")
}

fn s(p: &Path) -> String {
    p.display().to_string()
}

fn gzip(data: &[u8]) -> Vec<u8> {
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
    gz.write_all(data).unwrap();
    gz.finish().unwrap()
}

fn warc_record(uri: &str, http: &str) -> Vec<u8> {
    let mut r = format!(
        "WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: {uri}\r\nWARC-Date: \
         2024-01-01T00:00:00Z\r\nWARC-Record-ID: <urn:uuid:{uri}>\r\nContent-Type: \
         application/http; msgtype=response\r\nContent-Length: {}\r\n\r\n",
        http.len()
    )
    .into_bytes();
    r.extend_from_slice(http.as_bytes());
    r.extend_from_slice(b"\r\n\r\n");
    gzip(&r)
}

/// An archive of `n` HTML responses (gzip per record), the `i`th titled `T{i}`, with links
/// and metadata, in French every third one.
fn archive(n: usize) -> Vec<u8> {
    (0..n)
        .flat_map(|i| {
            let body = format!(
                "HTTP/1.1 {} OK\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<html lang=fr>\
                 <meta name=description content='page {i}'><title>T{i}</title><h1>Un</h1>\
                 <p>Le texte de la page {i}.<a href=/a{i}>a</a><a href=b>b</a><h1>Deux</h1>",
                200 + i % 3
            );
            warc_record(&format!("http://x.test/{i}"), &body)
        })
        .collect()
}

type Rows = Vec<Map<String, Value>>;

/// The rows of a Parquet file as JSON objects by column name (nulls left out), and its
/// columns' names and types.
fn read_parquet(path: &Path) -> (Rows, Vec<(String, String)>) {
    let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let reader = ParquetRecordBatchReaderBuilder::try_new(file)
        .expect("a Parquet file")
        .with_batch_size(100)
        .build()
        .expect("a reader");
    let mut rows = Vec::new();
    let mut schema = Vec::new();
    for batch in reader {
        let batch: RecordBatch = batch.expect("a record batch");
        schema = batch
            .schema()
            .fields()
            .iter()
            .map(|f| (f.name().clone(), f.data_type().to_string()))
            .collect();
        for i in 0..batch.num_rows() {
            let mut row = Map::new();
            for (field, column) in batch.schema().fields().iter().zip(batch.columns()) {
                if let Some(v) = value(column, i) {
                    row.insert(field.name().clone(), v);
                }
            }
            rows.push(row);
        }
    }
    (rows, schema)
}

fn value(column: &ArrayRef, i: usize) -> Option<Value> {
    if column.is_null(i) {
        return None;
    }
    Some(match column.data_type() {
        DataType::Utf8 => column.as_string::<i32>().value(i).into(),
        DataType::Int64 => column.as_primitive::<types::Int64Type>().value(i).into(),
        DataType::Int32 => column.as_primitive::<types::Int32Type>().value(i).into(),
        DataType::Float64 => column.as_primitive::<types::Float64Type>().value(i).into(),
        DataType::Boolean => column.as_boolean().value(i).into(),
        DataType::List(_) => {
            let items: Arc<dyn Array> = column.as_list::<i32>().value(i);
            let items = items.as_string::<i32>();
            (0..items.len())
                .map(|k| Value::from(items.value(k)))
                .collect::<Vec<_>>()
                .into()
        }
        other => panic!("a column of type {other}"),
    })
}

/// A JSON line's record as its Parquet row: the columns named as docs/cli.md says, `meta` as
/// its JSON text, nulls left out.
fn as_row(record: &Value) -> Map<String, Value> {
    let mut row = Map::new();
    for (k, v) in record.as_object().expect("an object") {
        let name = match k.as_str() {
            "path" => "warc_filename",
            "offset" => "warc_record_offset",
            "record_id" => "id",
            other => other,
        };
        let v = match (k.as_str(), v) {
            (_, Value::Null) => continue,
            ("meta", m) => Value::from(m.to_string()),
            (_, v) => v.clone(),
        };
        row.insert(name.to_owned(), v);
    }
    row
}

/// A scratch directory with pages, an archive, a missing path and a cut archive.
fn inputs(dir: &Path) -> Vec<String> {
    std::fs::write(
        dir.join("a.html"),
        "<title>A</title><p>Bonjour <a href=x>x</a>",
    )
    .unwrap();
    std::fs::write(dir.join("crawl.warc.gz"), archive(40)).unwrap();
    let mut cut = archive(3);
    cut.truncate(cut.len() - 20);
    std::fs::write(dir.join("cut.warc.gz"), cut).unwrap();
    ["a.html", "crawl.warc.gz", "missing.html", "cut.warc.gz"]
        .iter()
        .map(|n| s(&dir.join(n)))
        .collect()
}

#[test]
fn the_rows_are_the_json_lines_records_in_typed_columns() {
    let tmp = tempfile::tempdir().unwrap();
    let paths = inputs(tmp.path());
    let fields = "title,lang,text,links,meta,errors,encoding,language";
    let mut args = vec!["batch", "--fields", fields, "--select", "h=h1"];
    args.extend(paths.iter().map(String::as_str));
    let (code, out, err) = simdhtml(&args);
    assert_eq!(code, 1, "the missing page and the cut archive fail: {err}");
    let lines = common::cli::json_lines(&out);
    assert!(lines.iter().any(|l| l.get("error").is_some()));
    for jobs in ["1", "3"] {
        let pq = tmp.path().join(format!("out-{jobs}.parquet"));
        let mut with = args.clone();
        let pq_s = s(&pq);
        with.extend(["--jobs", jobs, "--output", &pq_s]);
        let (code, out, err) = simdhtml(&with);
        assert_eq!((code, out.as_str()), (1, ""), "{err}");
        assert!(err.contains("failures"), "the summary line: {err}");
        let (rows, schema) = read_parquet(&pq);
        let expected: Vec<Map<String, Value>> = lines.iter().map(as_row).collect();
        assert_eq!(rows.len(), expected.len());
        for (got, want) in rows.iter().zip(&expected) {
            assert_eq!(got, want);
        }
        let types: Vec<(&str, &str)> = schema
            .iter()
            .map(|(n, t)| (n.as_str(), t.as_str()))
            .collect();
        let list = "List(non-null Utf8, field: 'element')";
        assert_eq!(
            types,
            [
                ("warc_filename", "Utf8"),
                ("warc_record_offset", "Int64"),
                ("offset_in_member", "Int64"),
                ("url", "Utf8"),
                ("id", "Utf8"),
                ("date", "Utf8"),
                ("status", "Int32"),
                ("content_type", "Utf8"),
                ("bytes", "Int64"),
                ("encoding", "Utf8"),
                ("truncated_record", "Utf8"),
                ("truncated", "Boolean"),
                ("title", "Utf8"),
                ("lang", "Utf8"),
                ("text", "Utf8"),
                ("links", list),
                ("meta", "Utf8"),
                ("errors", "Int64"),
                ("language", "Utf8"),
                ("language_score", "Float64"),
                ("h", list),
                ("error", "Utf8"),
            ]
        );
        // Nothing but the file itself is left in the directory.
        let hidden: Vec<_> = std::fs::read_dir(tmp.path())
            .unwrap()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_name().to_string_lossy().starts_with('.'))
            .collect();
        assert!(hidden.is_empty(), "left behind: {hidden:?}");
    }
}

#[test]
fn format_and_name_choose_parquet() {
    let tmp = tempfile::tempdir().unwrap();
    let page = tmp.path().join("a.html");
    std::fs::write(&page, "<title>A</title>").unwrap();
    // `--format parquet` writes Parquet whatever the name; `--format jsonl` JSON lines
    // whatever the name.
    let odd = tmp.path().join("rows.bin");
    let (code, _, err) = simdhtml(&["batch", &s(&page), "-o", &s(&odd), "--format", "parquet"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(read_parquet(&odd).0.len(), 1);
    let named = tmp.path().join("lines.PARQUET");
    let (code, _, err) = simdhtml(&["batch", &s(&page), "-o", &s(&named), "--format", "jsonl"]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&named).unwrap();
    assert_eq!(common::cli::json_lines(&text)[0]["title"], "A");
    // Parquet needs a file; a --select name may not be a column's.
    let (code, out, err) = simdhtml(&["batch", &s(&page), "--format", "parquet"]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("--format parquet needs --output"), "{err}");
    assert_eq!(err.trim().lines().count(), 1, "{err}");
    let pq = tmp.path().join("x.parquet");
    let (code, _, err) = simdhtml(&["batch", &s(&page), "-o", &s(&pq), "--select", "id=h1"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("`id` is a column of the Parquet output"),
        "{err}"
    );
    assert!(!pq.exists());
    assert_eq!(std::fs::read_dir(tmp.path()).unwrap().count(), 3);
}

#[test]
fn a_killed_run_leaves_no_parquet_file() {
    let tmp = tempfile::tempdir().unwrap();
    let warc = tmp.path().join("big.warc.gz");
    std::fs::write(&warc, archive(4000)).unwrap();
    let out = tmp.path().join("out").join("pages.parquet");
    std::fs::create_dir(out.parent().unwrap()).unwrap();
    let w = s(&warc);
    let mut args = vec!["batch", "--jobs", "1", "--fields", "title,text,links", "-o"];
    let o = s(&out);
    args.push(&o);
    // Long enough to be killed midway: the archive many times over.
    args.extend(std::iter::repeat_n(w.as_str(), 50));
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_simdhtml"))
        .args(&args)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("start simdhtml");
    // Wait for the run to start writing, then give it time to write row groups.
    let dir = out.parent().unwrap();
    let started = std::time::Instant::now();
    let partial = loop {
        let found = std::fs::read_dir(dir)
            .unwrap()
            .filter_map(|e| e.ok())
            .find(|e| {
                e.file_name()
                    .to_string_lossy()
                    .starts_with(".pages.parquet.partial-")
            });
        if let Some(e) = found {
            break e.path();
        }
        assert!(
            started.elapsed().as_secs() < 60,
            "no partial file after 60 s"
        );
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    std::thread::sleep(std::time::Duration::from_millis(1500));
    assert!(
        child.try_wait().expect("poll").is_none(),
        "the run ended before it could be killed: make the input larger"
    );
    child.kill().expect("kill");
    child.wait().expect("wait");
    assert!(!out.exists(), "a killed run left {}", out.display());
    // What is left is hidden (readers of `dir/*.parquet` and pyarrow's datasets skip it).
    let names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| n.starts_with('.')), "{names:?}");
    assert!(partial.exists());
}
