//! Throughput of simdhtml (tokenizer, tokenizer with the scalar twin, full tree; the full DOM in
//! a fresh arena per page, from text and from bytes) against html5ever (tokenizer, tree builder
//! into `markup5ever_rcdom`), `tl` and lol_html, in the same run.
//!
//! Every page is read and decoded once, up front, with simdhtml's input layer, so all three
//! get the same text (lol_html gets its UTF-8 bytes). One iteration tokenizes every page of
//! the group, one after another, each from a fresh tokenizer; throughput is the sum of the
//! pages' decoded byte lengths. See `benches/support/mod.rs` for what each driver does per
//! token, and `docs/performance.md` for results.
//!
//! Groups: `shared-corpus` (all of `$SIMDHTML_SHARED/corpus`), `smallest-50` (its 50 smallest
//! pages by decoded size), `text-heavy` (the quarter of
//! those pages with the largest share of character-token bytes outside raw-text elements),
//! `repo-corpus` (the repository's `corpus/` and `corpus/generated/`).
//!
//! Short run: `cargo bench --bench tokenizer -- --warm-up-time 1 --measurement-time 3`.

mod support;

use std::hint::black_box;

use bumpalo::Bump;
use criterion::{BenchmarkGroup, Criterion, SamplingMode, Throughput, measurement::WallTime};
use support::{
    Page, html5ever_rcdom, html5ever_tokenize, lol_html_rewrite, simdhtml_dom, simdhtml_dom_bytes,
    simdhtml_tokenize, simdhtml_tokenize_with, simdhtml_tree, tl_parse,
};

fn contenders(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, pages: &[Page]) {
    let bytes = support::total_bytes(pages);
    eprintln!(
        "{name}: {} pages, {bytes} bytes of decoded text",
        pages.len()
    );
    group.throughput(Throughput::Bytes(bytes));
    let mut arena = Bump::new();
    dom_contenders(group, pages);
    group.bench_function("simdhtml", |b| {
        b.iter(|| {
            for page in pages {
                black_box(simdhtml_tokenize(&mut arena, &page.text));
            }
        })
    });
    group.bench_function("simdhtml-scalar", |b| {
        b.iter(|| {
            for page in pages {
                black_box(simdhtml_tokenize_with(&mut arena, &page.text, true));
            }
        })
    });
    group.bench_function("simdhtml-tree", |b| {
        b.iter(|| {
            for page in pages {
                black_box(simdhtml_tree(&mut arena, &page.text));
            }
        })
    });
    group.bench_function("html5ever-rcdom", |b| {
        b.iter(|| {
            for page in pages {
                black_box(html5ever_rcdom(&page.text));
            }
        })
    });
    group.bench_function("html5ever", |b| {
        b.iter(|| {
            for page in pages {
                black_box(html5ever_tokenize(&page.text));
            }
        })
    });
    group.bench_function("lol_html", |b| {
        b.iter(|| {
            for page in pages {
                black_box(lol_html_rewrite(&page.text));
            }
        })
    });
}

/// The full-DOM contenders, one page at a time with nothing kept between pages: simdhtml's
/// DOM in a fresh arena (from the decoded text; from the page's bytes with the default input
/// options, sniffing and decoding included; from its bytes with the transport charset UTF-8),
/// and `tl`.
fn dom_contenders(group: &mut BenchmarkGroup<'_, WallTime>, pages: &[Page]) {
    group.bench_function("simdhtml-dom", |b| {
        b.iter(|| {
            for page in pages {
                black_box(simdhtml_dom(&page.text));
            }
        })
    });
    let default = simdhtml::ParseOptions::default();
    group.bench_function("simdhtml-dom-bytes", |b| {
        b.iter(|| {
            for page in pages {
                black_box(simdhtml_dom_bytes(&page.bytes, &default));
            }
        })
    });
    let utf8 = support::utf8_transport();
    group.bench_function("simdhtml-dom-bytes-utf8", |b| {
        b.iter(|| {
            for page in pages {
                black_box(simdhtml_dom_bytes(&page.bytes, &utf8));
            }
        })
    });
    group.bench_function("tl", |b| {
        b.iter(|| {
            for page in pages {
                black_box(tl_parse(&page.text));
            }
        })
    });
}

fn bench(c: &mut Criterion) {
    let shared = support::shared_corpus();

    let mut group = c.benchmark_group("shared-corpus");
    // An iteration takes a good fraction of a second: the same iteration count per sample.
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    contenders(&mut group, "shared-corpus", &shared);
    group.finish();

    // Most crawled pages are tens of kilobytes: what a page costs besides its bytes.
    let small = support::smallest(&shared, 50);
    let mut group = c.benchmark_group("smallest-50");
    contenders(&mut group, "smallest-50", &small);
    group.finish();

    let text_heavy = support::text_heavy(&shared);
    let mut group = c.benchmark_group("text-heavy");
    group.sampling_mode(SamplingMode::Flat).sample_size(10);
    contenders(&mut group, "text-heavy", &text_heavy);
    group.finish();

    let repo = support::repo_corpus();
    let mut group = c.benchmark_group("repo-corpus");
    contenders(&mut group, "repo-corpus", &repo);
    group.finish();
}

criterion::criterion_group!(benches, bench);
criterion::criterion_main!(benches);
