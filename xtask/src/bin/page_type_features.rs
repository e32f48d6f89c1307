//! Writes the numbers the page type is read from (`MainContent::page_type_features`), one JSON
//! line per page: `{"page": NAME, "features": [...]}` (`"features": null` for a page without
//! text), each page read as `text --main` reads it (`extract::with_main_content`, a file's
//! guess of UTF-8). A page whose name ends in `.gz` is decompressed first. The training
//! script of the page type's model reads them (`xtask/page_type_model.py`).
//!
//! `cargo run --release -p xtask --bin page_type_features -- FILE... > features.jsonl`

#[path = "../pages.rs"]
mod pages;

use std::fmt::Write as _;

use simdhtml::{Arena, extract, parse_document};

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    let pages = pages::read_pages(&files);
    let options = pages::file_options();
    let mut arena = Arena::new();
    let mut out = String::new();
    for (name, page) in files.iter().zip(&pages) {
        arena.reset();
        let Ok(doc) = parse_document(&arena, page, &options);
        let features =
            extract::with_main_content(&doc, page, &options, |d, c| c.page_type_features(d));
        let name = name.rsplit('/').next().unwrap_or(name);
        out.clear();
        match features {
            Some(f) => {
                let list: Vec<String> = f.iter().map(|x| format!("{x}")).collect();
                let _ = write!(
                    out,
                    "{{\"page\": \"{name}\", \"features\": [{}]}}",
                    list.join(", ")
                );
            }
            None => {
                let _ = write!(out, "{{\"page\": \"{name}\", \"features\": null}}");
            }
        }
        println!("{out}");
    }
}
