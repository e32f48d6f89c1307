//! What `batch` reads, in order: the paths on the command line (directories walked) or on
//! standard input, each told a page or a web archive (by its name, else its first bytes).

use std::io::{BufRead, Read};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use simdhtml::warc::Compression;

use super::args::BatchArgs;

/// One input of the batch: a page to parse or an error found while listing the inputs.
pub(crate) enum Input {
    Page(PathBuf),
    /// A web archive (WARC or ARC): one record per HTML response in it.
    Archive(PathBuf),
    Error(PathBuf, String),
}

/// A file named on the command line or standard input: an archive (by name, or by content
/// unless it is named like a page) or a page.
fn file_input(p: PathBuf) -> Input {
    if is_archive_name(&p) || (!is_page_name(&p) && sniffs_as_archive(&p)) {
        Input::Archive(p)
    } else {
        Input::Page(p)
    }
}

/// The inputs in order: the command-line paths (directories expanded) or the list on standard
/// input.
pub(crate) fn list_inputs(args: &BatchArgs) -> anyhow::Result<Vec<Input>> {
    let mut inputs = Vec::new();
    let from_stdin =
        args.paths.is_empty() || (args.paths.len() == 1 && args.paths[0] == Path::new("-"));
    if from_stdin {
        for line in std::io::stdin().lock().lines() {
            let line = line.context("cannot read the list of paths from standard input")?;
            let p = line.trim_end_matches('\r');
            if !p.is_empty() {
                inputs.push(file_input(PathBuf::from(p)));
            }
        }
        return Ok(inputs);
    }
    for p in &args.paths {
        if p == Path::new("-") {
            bail!("`-` (read paths from standard input) cannot be mixed with other paths");
        }
        // A path that cannot be read is read as a page anyway, to give its error record in place.
        if p.is_dir() {
            let before = inputs.len();
            walk(p, &mut inputs);
            if inputs.len() == before {
                inputs.push(Input::Error(
                    p.clone(),
                    "directory holds no .html or .htm pages and no web archives".to_owned(),
                ));
            }
        } else {
            inputs.push(file_input(p.clone()));
        }
    }
    Ok(inputs)
}

fn is_page_name(p: &Path) -> bool {
    let name = p
        .file_name()
        .map(|n| n.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let name = name.strip_suffix(".gz").unwrap_or(&name);
    name.ends_with(".html") || name.ends_with(".htm")
}

/// Adds the pages under `dir` in name order, depth first, without recursion; unreadable
/// directories become error records.
fn walk(dir: &Path, inputs: &mut Vec<Input>) {
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = match std::fs::read_dir(&d) {
            Ok(rd) => rd.collect::<Result<Vec<_>, _>>(),
            Err(e) => Err(e),
        };
        let mut entries: Vec<PathBuf> = match entries {
            Ok(es) => es.into_iter().map(|e| e.path()).collect(),
            Err(e) => {
                inputs.push(Input::Error(
                    d.clone(),
                    format!("cannot read directory: {e}"),
                ));
                continue;
            }
        };
        entries.sort();
        let mut subdirs = Vec::new();
        for p in entries {
            if p.is_dir() {
                subdirs.push(p);
            } else if is_archive_name(&p) {
                inputs.push(Input::Archive(p));
            } else if is_page_name(&p) {
                inputs.push(Input::Page(p));
            }
        }
        // Visit subdirectories after the files, in name order.
        stack.extend(subdirs.into_iter().rev());
    }
}

/// File names `batch` reads as archives (ASCII case-insensitively): `.warc`, `.arc`, each
/// also with `.gz`, and `.warc.zst`, `.warc.lz4`, `.warc.bz2`.
pub(crate) fn is_archive_name(path: &Path) -> bool {
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
pub(crate) fn sniffs_as_archive(path: &Path) -> bool {
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
