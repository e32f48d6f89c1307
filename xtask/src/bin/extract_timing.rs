//! Times the main content's text on a set of pages as `text --main` gives it
//! (`extract::with_main_content`), one core, one run: for each page the parse (bytes in,
//! sniffing and decoding included, a file's reading: the guess may say UTF-8) and the
//! extraction, each timed on its own, by the clock and by the process's CPU time (the Python
//! peers are timed by CPU time: on a loaded machine the clock also counts the time the process
//! waited for the core). A page whose name ends in `.gz` is decompressed first, outside the
//! timing. Prints one JSON object: `{"pages", "bytes", "parse_s", "main_text_s",
//! "parse_cpu_s", "main_text_cpu_s", "text_bytes"}` (seconds).
//!
//! `cargo run --release -p xtask --bin extract_timing -- FILE...` (benches/extraction.py runs it
//! on the shared extraction pages beside the Python extractors).

#[path = "../pages.rs"]
mod pages;

use std::time::Instant;

use cpu_time::ProcessTime;

use simdhtml::{Arena, extract, parse_document};

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    let pages = pages::read_pages(&files);
    let options = pages::file_options();
    let (mut parse_s, mut extract_s, mut bytes, mut out) = (0.0, 0.0, 0usize, 0usize);
    let (mut parse_cpu, mut extract_cpu) = (0.0, 0.0);
    let mut arena = Arena::new();
    // EXTRACT_REPEAT=N runs main_text N times per page (for profiling; the mean is reported).
    let repeat: u32 = std::env::var("EXTRACT_REPEAT")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1)
        .max(1);
    for page in &pages {
        arena.reset();
        bytes += page.len();
        let (t, c) = (Instant::now(), ProcessTime::now());
        let Ok(doc) = parse_document(&arena, page, &options);
        parse_s += t.elapsed().as_secs_f64();
        parse_cpu += c.elapsed().as_secs_f64();
        let (t, c) = (Instant::now(), ProcessTime::now());
        let main = || extract::with_main_content(&doc, page, &options, |d, c| c.text(d));
        let mut text = main();
        for _ in 1..repeat {
            text = main();
        }
        extract_s += t.elapsed().as_secs_f64() / repeat as f64;
        extract_cpu += c.elapsed().as_secs_f64() / repeat as f64;
        out += text.len();
    }
    println!(
        "{{\"pages\": {}, \"bytes\": {bytes}, \"parse_s\": {parse_s:.6}, \"main_text_s\": {extract_s:.6}, \
         \"parse_cpu_s\": {parse_cpu:.6}, \"main_text_cpu_s\": {extract_cpu:.6}, \"text_bytes\": {out}}}",
        pages.len()
    );
}
