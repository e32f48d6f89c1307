//! The floor under `benches/python_peers.py`: its three simdhtml tasks done in Rust, with the
//! options the Python package uses (`simdhtml.parse(bytes)`: the command's node budget,
//! scripting on; `Document.text()`: visible text of the whole document; `select("a[href]")`
//! and each element's `href`), so that the bench can show what the wrapper adds. For each task
//! the minimum time over ROUNDS passes over the pages, a fresh arena per page as the package
//! makes one: the thread's CPU time where Linux gives it (`/proc/thread-self/schedstat`, as the
//! bench's default clock), else wall-clock. Prints one JSON object: `{"pages", "bytes",
//! "clock", "parse_s", "text_s", "select_s", "text_chars", "hrefs"}`.
//!
//! `cargo run --release -p xtask --bin python_floor -- ROUNDS FILE...` (python_peers.py --native
//! runs it on the same pages).

use std::time::Instant;

use simdhtml::extract::{TextOptions, visible_text_with};
use simdhtml::select::Selector;
use simdhtml::{Arena, ParseOptions, page_node_budget, parse_document};

/// The calling thread's CPU time in seconds (Linux), or `None`.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 * 1e-9)
}

/// Seconds since some start: CPU time when `cpu`, else wall-clock.
fn now(cpu: bool, start: Instant) -> f64 {
    if cpu {
        cpu_seconds().unwrap_or(0.0)
    } else {
        start.elapsed().as_secs_f64()
    }
}

fn main() {
    let cpu = cpu_seconds().is_some();
    let epoch = Instant::now();
    let mut args = std::env::args().skip(1);
    let rounds: usize = args
        .next()
        .and_then(|r| r.parse().ok())
        .expect("usage: python_floor ROUNDS FILE...");
    let pages: Vec<Vec<u8>> = args
        .map(|f| std::fs::read(&f).unwrap_or_else(|e| panic!("{f}: {e}")))
        .collect();
    let selector = Selector::parse("a[href]").expect("a valid selector");
    let mut best = [f64::MAX; 3];
    let (mut text_chars, mut hrefs) = (0usize, 0usize);
    for _ in 0..rounds.max(1) {
        for (task, best) in best.iter_mut().enumerate() {
            let (mut chars, mut links) = (0usize, 0usize);
            let t = now(cpu, epoch);
            for page in &pages {
                let arena = Arena::new();
                let options = ParseOptions {
                    max_nodes: Some(page_node_budget(page.len())),
                    ..ParseOptions::default()
                };
                let Ok(doc) = parse_document(&arena, page, &options);
                match task {
                    1 => {
                        let text =
                            visible_text_with(&doc, doc.root(), &TextOptions::new(doc.scripting()));
                        chars += text.chars().count();
                    }
                    2 => {
                        let found: Vec<_> = doc.select(&selector).collect();
                        links += found.iter().filter_map(|e| e.attr("href")).count();
                    }
                    _ => {}
                }
            }
            *best = best.min(now(cpu, epoch) - t);
            if task == 1 {
                text_chars = chars;
            } else if task == 2 {
                hrefs = links;
            }
        }
    }
    println!(
        "{{\"pages\": {}, \"bytes\": {}, \"clock\": \"{}\", \"parse_s\": {:.6}, \"text_s\": {:.6}, \"select_s\": {:.6}, \"text_chars\": {text_chars}, \"hrefs\": {hrefs}}}",
        pages.len(),
        pages.iter().map(Vec::len).sum::<usize>(),
        if cpu { "cpu" } else { "wall" },
        best[0],
        best[1],
        best[2]
    );
}
