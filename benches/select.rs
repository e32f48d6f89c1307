//! CSS selector matching over the shared corpus: simdhtml (`simdhtml::select`, arena DOM)
//! against scraper 0.29 (servo `selectors` 0.41 over html5ever's tree in an `ego_tree`), in
//! the same run, for a handful of typical selectors.
//!
//! Every page is read and decoded once, up front, with our input layer (as in
//! `benches/tokenizer.rs`), so both get the same text. Two groups per selector:
//!
//! - `parse+select/NAME`: one iteration parses every page and counts its matches
//!   (`parse_document_str` + `doc.select(&s).count()`; `Html::parse_document` +
//!   `html.select(&s).count()`);
//! - `select/NAME`: the pages are parsed once before measuring; one iteration counts the
//!   matches on every page.
//!
//! Throughput is the corpus's decoded byte count in both. Results: `docs/performance.md`,
//! "CSS selectors". Short run:
//! `cargo bench --bench select -- --warm-up-time 1 --measurement-time 3`.

mod support;

use std::hint::black_box;

use bumpalo::Bump;
use criterion::{Criterion, SamplingMode, Throughput};
use simdhtml::select::Selector;
use simdhtml::{ParseOptions, parse_document_str};

/// (group name, selector): the selectors of issue 11.
const SELECTORS: &[(&str, &str)] = &[
    ("a-href", "a[href]"),
    ("div-content-p", "div.content p"),
    ("h1-h2-h3", "h1, h2, h3"),
    ("meta-og", "meta[property^=\"og:\"]"),
    ("table-odd-td", "table tr:nth-child(odd) td"),
    ("is-article-main-p", ":is(article, main) p:not(:empty)"),
];

fn bench(c: &mut Criterion) {
    let pages = support::shared_corpus();
    let bytes = support::total_bytes(&pages);
    eprintln!(
        "shared-corpus: {} pages, {bytes} bytes of decoded text",
        pages.len()
    );

    // Parsed once for the `select` groups: one arena per page, kept for the whole run.
    let arenas: Vec<Bump> = pages.iter().map(|_| Bump::new()).collect();
    let ours: Vec<simdhtml::Document<'_>> = pages
        .iter()
        .zip(&arenas)
        .map(|(p, arena)| parse_document_str(arena, &p.text, &ParseOptions::default()))
        .collect();
    let theirs: Vec<scraper::Html> = pages
        .iter()
        .map(|p| scraper::Html::parse_document(&p.text))
        .collect();

    for &(name, source) in SELECTORS {
        let mine = Selector::parse(source).expect("our selector");
        let other = scraper::Selector::parse(source).expect("scraper's selector");
        // The same counts, or the comparison is meaningless (the cross-check test compares
        // the elements themselves).
        let n_mine: usize = ours.iter().map(|d| d.select(&mine).count()).sum();
        let n_other: usize = theirs.iter().map(|h| h.select(&other).count()).sum();
        eprintln!("{source}: {n_mine} matches (scraper: {n_other})");

        let mut group = c.benchmark_group(format!("select/{name}"));
        group.throughput(Throughput::Bytes(bytes));
        group.bench_function("simdhtml", |b| {
            b.iter(|| {
                ours.iter()
                    .map(|d| black_box(d.select(&mine).count()))
                    .sum::<usize>()
            })
        });
        group.bench_function("scraper", |b| {
            b.iter(|| {
                theirs
                    .iter()
                    .map(|h| black_box(h.select(&other).count()))
                    .sum::<usize>()
            })
        });
        group.finish();

        let mut group = c.benchmark_group(format!("parse+select/{name}"));
        // An iteration parses the whole corpus: the same iteration count per sample.
        group.sampling_mode(SamplingMode::Flat).sample_size(10);
        group.throughput(Throughput::Bytes(bytes));
        let mut arena = Bump::new();
        group.bench_function("simdhtml", |b| {
            b.iter(|| {
                let mut n = 0;
                for page in &pages {
                    {
                        let doc = parse_document_str(&arena, &page.text, &ParseOptions::default());
                        n += black_box(doc.select(&mine).count());
                    }
                    arena.reset();
                }
                n
            })
        });
        group.bench_function("scraper", |b| {
            b.iter(|| {
                pages
                    .iter()
                    .map(|p| {
                        let html = scraper::Html::parse_document(&p.text);
                        black_box(html.select(&other).count())
                    })
                    .sum::<usize>()
            })
        });
        group.finish();
    }
}

criterion::criterion_group!(benches, bench);
criterion::criterion_main!(benches);
