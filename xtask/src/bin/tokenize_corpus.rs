//! Tokenizes the shared corpus and prints token counts and MB/s: a quick check outside
//! criterion, and the program to profile (`valgrind --tool=callgrind`).
//!
//! Usage: `cargo run --release -p xtask --bin tokenize_corpus -- [CONTENDER|all] [ROUNDS] [GROUP]`
//! with CONTENDER one of `simdhtml`, `simdhtml-scalar`, `simdhtml-tree`, `html5ever`,
//! `html5ever-rcdom`, `lol_html`, and GROUP `shared-corpus` or `text-heavy` (the bench's
//! groups; default: `simdhtml 1 shared-corpus`). The corpus is `$SIMDHTML_SHARED/corpus` (default
//! `../shared/corpus`), decoded once with simdhtml's input layer before the clock starts.

#[path = "../../../benches/support/mod.rs"]
mod support;

use std::time::Instant;

use bumpalo::Bump;

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "simdhtml".to_owned());
    let rounds: u32 = args
        .next()
        .map_or(1, |r| r.parse().expect("ROUNDS: a number"));
    let group = args.next().unwrap_or_else(|| "shared-corpus".to_owned());
    let pages = match group.as_str() {
        "shared-corpus" => support::shared_corpus(),
        "text-heavy" => support::text_heavy(&support::shared_corpus()),
        other => panic!("unknown group {other:?}: shared-corpus or text-heavy"),
    };
    let bytes = support::total_bytes(&pages);
    println!(
        "{} pages, {bytes} bytes decoded, {rounds} round(s)",
        pages.len()
    );

    let names: &[&str] = match which.as_str() {
        "all" => &[
            "simdhtml",
            "simdhtml-scalar",
            "simdhtml-tree",
            "html5ever",
            "html5ever-rcdom",
            "lol_html",
        ],
        one => &[one][..],
    };
    // `names` borrows either a static list or `which`; copy to own the strings.
    let names: Vec<String> = names.iter().map(|s| s.to_string()).collect();
    let mut arena = Bump::new();
    for name in &names {
        let start = Instant::now();
        let mut summary = String::new();
        for _ in 0..rounds {
            let mut total = support::Counts::default();
            let mut out = 0u64;
            for page in &pages {
                match name.as_str() {
                    "simdhtml" => add(
                        &mut total,
                        support::simdhtml_tokenize(&mut arena, &page.text),
                    ),
                    "simdhtml-scalar" => add(
                        &mut total,
                        support::simdhtml_tokenize_with(&mut arena, &page.text, true),
                    ),
                    "simdhtml-tree" => out += support::simdhtml_tree(&mut arena, &page.text) as u64,
                    "html5ever" => add(&mut total, support::html5ever_tokenize(&page.text)),
                    "html5ever-rcdom" => out += support::html5ever_rcdom(&page.text) as u64,
                    "lol_html" => out += support::lol_html_rewrite(&page.text),
                    other => {
                        panic!("unknown contender {other:?} (see the usage line)")
                    }
                }
            }
            summary = if name == "lol_html" {
                format!("{out} output bytes")
            } else if name.ends_with("tree") || name.ends_with("rcdom") {
                format!("{out} nodes (simdhtml) / document children (rcdom)")
            } else {
                format!("{total:?}")
            };
        }
        let secs = start.elapsed().as_secs_f64();
        let mbps = (bytes as f64 * f64::from(rounds)) / secs / 1e6;
        println!("{name:>9}: {mbps:8.1} MB/s  {summary}");
    }
}

fn add(total: &mut support::Counts, c: support::Counts) {
    total.tags += c.tags;
    total.text_runs += c.text_runs;
    total.text_bytes += c.text_bytes;
    total.other += c.other;
}
