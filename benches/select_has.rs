//! `:has()` and the combinators on the page shapes that make a naive matcher quadratic
//! (issue 26), each at a size and at twice that size: how much doubling the page costs
//! (linear: 2x; quadratic: 4x).
//!
//! - `deep`: `div`s nested N deep around one link, `div:has(a)` (each `div` looks at its
//!   whole subtree);
//! - `wide`: one list of N items, `li:has(~ li:last-child)` (each item looks at every later
//!   one);
//! - `mixed`: N `div`s in levels of ten siblings, each level inside the last `div` of the one
//!   above, `.s:has(~ .s a)` (each `div` looks at its later siblings' subtrees);
//! - `deep-chain`: N levels of `<div><p><a>`, each inside the last, `section :not(div) a` (a
//!   matcher from the right walks every link's ancestors to the root: no `section`);
//! - `wide-chain`: one list of N items, `.x ~ li` (each item's earlier siblings: no `.x`);
//! - `mixed-chain`: the `mixed` levels with a link in each `div`, `.t ~ .s a` (each link's
//!   ancestors and their earlier siblings: no `.t`).
//!
//! Each group times `doc.select(&s).count()` on the parsed page at both sizes. Before the
//! groups, a short interleaved run (the two sizes in turn, the median of each) prints the
//! doubled-input ratio per shape, which wall-clock noise on a shared machine moves less than
//! it moves two separate measurements. Results: `docs/performance.md`, "CSS selectors".
//! Short run: `cargo bench --bench select_has -- --warm-up-time 1 --measurement-time 3`.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use simdhtml::select::Selector;
use simdhtml::{Arena, Document, ParseOptions, parse_document_str};

/// (shape, selector, the page of about `n` elements).
type Shape = (&'static str, &'static str, fn(usize) -> String);

const SHAPES: &[Shape] = &[
    ("deep", "div:has(a)", deep),
    ("wide", "li:has(~ li:last-child)", wide),
    ("mixed", ".s:has(~ .s a)", mixed),
    ("deep-chain", "section :not(div) a", deep_chain),
    ("wide-chain", ".x ~ li", wide),
    ("mixed-chain", ".t ~ .s a", mixed_chain),
];

/// The smaller size of each shape; the larger is twice it.
const N: usize = 20_000;

fn deep(n: usize) -> String {
    format!("{}<a href=x>a</a>", "<div>".repeat(n))
}

fn wide(n: usize) -> String {
    format!("<ul>{}</ul>", "<li>x".repeat(n))
}

fn mixed(n: usize) -> String {
    let mut s = String::new();
    for _ in 0..n / 10 {
        s.push_str(&"<div class=s></div>".repeat(9));
        s.push_str("<div class=s>");
    }
    s.push_str("<a>a</a>");
    s
}

fn deep_chain(n: usize) -> String {
    "<div><p><a href=x>a</a></p>".repeat(n / 3)
}

fn mixed_chain(n: usize) -> String {
    let mut s = String::new();
    for _ in 0..n / 20 {
        s.push_str(&"<div class=s><a>a</a></div>".repeat(9));
        s.push_str("<div class=s><a>a</a>");
    }
    s
}

fn count(doc: &Document<'_>, s: &Selector) -> usize {
    black_box(doc.select(s).count())
}

/// The median of `samples`.
fn median(samples: &mut [Duration]) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

fn bench(c: &mut Criterion) {
    for &(shape, source, page) in SHAPES {
        let selector = Selector::parse(source).expect("a valid selector");
        let (small_html, large_html) = (page(N), page(2 * N));
        let (small_arena, large_arena) = (Arena::new(), Arena::new());
        let small = parse_document_str(&small_arena, &small_html, &ParseOptions::default());
        let large = parse_document_str(&large_arena, &large_html, &ParseOptions::default());

        let (mut t_small, mut t_large) = (Vec::new(), Vec::new());
        // Warm-up (the first queries fault in the pages of their tables), then 31 rounds.
        for _ in 0..3 {
            count(&small, &selector);
            count(&large, &selector);
        }
        for _ in 0..31 {
            let t = Instant::now();
            count(&small, &selector);
            t_small.push(t.elapsed());
            let t = Instant::now();
            count(&large, &selector);
            t_large.push(t.elapsed());
        }
        let (m_small, m_large) = (median(&mut t_small), median(&mut t_large));
        eprintln!(
            "{shape}: `{source}`, {} and {} matches; {N} -> {} elements: {:?} -> {:?}, doubling costs {:.2}x",
            count(&small, &selector),
            count(&large, &selector),
            2 * N,
            m_small,
            m_large,
            m_large.as_secs_f64() / m_small.as_secs_f64()
        );

        let mut group = c.benchmark_group(format!("select/{shape}"));
        group.bench_function(N.to_string(), |b| b.iter(|| count(&small, &selector)));
        group.bench_function((2 * N).to_string(), |b| b.iter(|| count(&large, &selector)));
        group.finish();
    }
}

criterion::criterion_group!(benches, bench);
criterion::criterion_main!(benches);
