//! The Python package's `parse` + `text()` in Rust, split so that callgrind can tell the
//! visible-text walk from the parse: each page's bytes are parsed as `simdhtml.parse(bytes)`
//! parses them (the command's node budget, scripting on) in `simdhtml_parse_page`, and its
//! visible text taken as `Document.text()` takes it in `simdhtml_text_walk`
//! (`--toggle-collect='*simdhtml_parse_page*'` and `'*simdhtml_text_walk*'`). A page whose name
//! ends in `.gz` is decompressed first.
//!
//! `dump OUT`: instead of a count, writes every page's text to the file `OUT`, each preceded by
//! a line with its file name, for a byte-for-byte comparison of the text of two builds.
//!
//! Usage: `cargo run --release -p xtask --bin text_walk -- [dump OUT] FILE...`; without `dump`,
//! prints the number of pages, input bytes and text bytes.

#[path = "../pages.rs"]
mod pages;

use std::io::Write;

use bumpalo::Bump;
use simdhtml::dom::Document;
use simdhtml::extract::{TextOptions, visible_text_with};
use simdhtml::{ParseOptions, page_node_budget, parse_document};

/// One page parsed as the Python package parses it.
#[inline(never)]
fn simdhtml_parse_page<'a>(arena: &'a Bump, page: &'a [u8]) -> Document<'a> {
    let options = ParseOptions {
        max_nodes: Some(page_node_budget(page.len())),
        ..ParseOptions::default()
    };
    let Ok(doc) = parse_document(arena, page, &options);
    doc
}

/// The page's text as the Python package's `Document.text()` takes it.
#[inline(never)]
fn simdhtml_text_walk(doc: &Document<'_>) -> String {
    visible_text_with(doc, doc.root(), &TextOptions::new(doc.scripting()))
}

fn main() {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let mut dump = None;
    if args.first().is_some_and(|a| a == "dump") {
        assert!(args.len() >= 2, "usage: text_walk [dump OUT] FILE...");
        let out = args.remove(1);
        args.remove(0);
        let file = std::fs::File::create(&out).unwrap_or_else(|e| panic!("{out}: {e}"));
        dump = Some(std::io::BufWriter::new(file));
    }
    let pages = pages::read_pages(&args);
    let mut text_bytes = 0usize;
    for (name, page) in args.iter().zip(&pages) {
        let arena = Bump::new();
        let doc = simdhtml_parse_page(&arena, page);
        let text = simdhtml_text_walk(&doc);
        text_bytes += text.len();
        if let Some(out) = dump.as_mut() {
            writeln!(out, "== {name}")
                .and_then(|()| out.write_all(text.as_bytes()))
                .expect("the dump is written");
        }
    }
    if let Some(mut out) = dump {
        out.flush().expect("the dump is written");
    }
    println!(
        "{{\"pages\": {}, \"bytes\": {}, \"text_bytes\": {text_bytes}}}",
        pages.len(),
        pages.iter().map(Vec::len).sum::<usize>()
    );
}
