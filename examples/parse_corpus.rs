//! Parses every page of the shared corpus into the arena DOM and prints node counts and MB/s:
//! the program to profile tree construction with (`valgrind --tool=callgrind
//! --toggle-collect='*simdhtml_parse*'`; `--toggle-collect='*simdhtml_tokenize*'` with the
//! `tokenize` argument gives the tokenizer alone on the same pages, for the difference).
//!
//! Usage: `cargo run --release --example parse_corpus -- [parse|tokenize] [ROUNDS]` (default:
//! `parse 1`). The corpus is `$SIMDHTML_SHARED/corpus`, decoded once with simdhtml's input layer
//! before the clock starts.

#[path = "../benches/support/mod.rs"]
mod support;

use std::time::Instant;

use bumpalo::Bump;
use simdhtml::{ParseOptions, parse_document};

/// One page through the whole parser; returns the number of nodes.
#[inline(never)]
fn simdhtml_parse(arena: &Bump, text: &str) -> usize {
    parse_document(arena, text, &ParseOptions::default()).len()
}

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "parse".to_owned());
    let rounds: u32 = args
        .next()
        .map_or(1, |r| r.parse().expect("ROUNDS: a number"));
    let pages = support::shared_corpus();
    let bytes = support::total_bytes(&pages);
    println!(
        "{} pages, {bytes} bytes decoded, {rounds} round(s)",
        pages.len()
    );
    let mut arena = Bump::new();
    let start = Instant::now();
    let mut nodes = 0;
    for _ in 0..rounds {
        nodes = 0;
        for page in &pages {
            match which.as_str() {
                "parse" => {
                    arena.reset();
                    nodes += simdhtml_parse(&arena, &page.text);
                }
                "tokenize" => {
                    nodes += support::simdhtml_tokenize(&mut arena, &page.text).tags as usize
                }
                other => panic!("unknown mode {other:?}: parse or tokenize"),
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let mbps = (bytes as f64 * f64::from(rounds)) / secs / 1e6;
    println!("{which:>9}: {mbps:8.1} MB/s  {nodes} nodes (tags when tokenizing)");
}
