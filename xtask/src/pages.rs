//! Pages read from files for the corpus tools (`#[path = "../pages.rs"] mod pages;`).

use std::io::Read;

/// The bytes of each file, a file whose name ends in `.gz` decompressed.
pub fn read_pages(files: &[String]) -> Vec<Vec<u8>> {
    files
        .iter()
        .map(|f| {
            let raw = std::fs::read(f).unwrap_or_else(|e| panic!("{f}: {e}"));
            if !f.ends_with(".gz") {
                return raw;
            }
            let mut page = Vec::new();
            flate2::read::GzDecoder::new(&raw[..])
                .read_to_end(&mut page)
                .unwrap_or_else(|e| panic!("{f}: {e}"));
            page
        })
        .collect()
}

/// The options `text --main` reads a file with: the default, and a file that is valid UTF-8
/// throughout read as UTF-8 (`InputOptions::guess_utf8`).
#[allow(dead_code)] // Not every tool that reads pages parses them so.
pub fn file_options() -> simdhtml::ParseOptions {
    simdhtml::ParseOptions {
        input: simdhtml::input::InputOptions {
            guess_utf8: true,
            ..simdhtml::input::InputOptions::default()
        },
        ..simdhtml::ParseOptions::default()
    }
}
