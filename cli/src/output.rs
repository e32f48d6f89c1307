//! Where `batch` writes its records: standard output, or `--output FILE`, compressed with gzip
//! when the name ends in `.gz` and with zstd when it ends in `.zst` (ASCII case-insensitively).

use std::fs::File;
use std::io::{BufWriter, Stdout, Write};
use std::path::Path;

use anyhow::Context;

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
}

impl Output {
    /// Standard output without a path; else the file at `path`, created or truncated.
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
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().to_ascii_lowercase())
            .unwrap_or_default();
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

    /// What the records go through.
    pub fn writer(&mut self) -> &mut dyn Write {
        match self {
            Output::Stdout(w) => w,
            Output::File(w) => w,
            Output::Gzip(w) => w,
            Output::Zstd(w) => w,
        }
    }

    /// Ends the output: the compressed formats write their trailers, everything is flushed.
    ///
    /// # Errors
    /// The output cannot be written.
    pub fn finish(self) -> std::io::Result<()> {
        match self {
            Output::Stdout(mut w) => w.flush(),
            Output::File(mut w) => w.flush(),
            Output::Gzip(w) => w.finish()?.flush(),
            Output::Zstd(w) => w.finish()?.flush(),
        }
    }
}
