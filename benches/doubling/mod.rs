//! Shared by `benches/select_has.rs` and `benches/select_states.rs`: a selector over a page
//! of a given shape at a size and at twice that size, the doubled-input ratio printed from a
//! short interleaved run (the two sizes in turn, the median of each: wall-clock noise on a
//! shared machine moves it less than it moves two separate measurements), then criterion's
//! timing of each size.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::Criterion;
use simdhtml::select::Selector;
use simdhtml::{Arena, Document, ParseOptions, parse_document_str};

/// (shape, selector, the page of about `n` elements or levels).
pub type Shape = (&'static str, &'static str, fn(usize) -> String);

fn count(doc: &Document<'_>, s: &Selector) -> usize {
    black_box(doc.select(s).count())
}

/// The median of `samples`.
fn median(samples: &mut [Duration]) -> Duration {
    samples.sort();
    samples[samples.len() / 2]
}

/// Each shape at `n` and `2 n`: `rounds` interleaved rounds after `warm_up` ones (the first
/// queries fault in the pages of their tables) print the ratio; then the criterion group
/// `{group}/{shape}` times both sizes (`samples` samples each, `None`: criterion's default).
pub fn run(
    c: &mut Criterion,
    group: &str,
    shapes: &[Shape],
    n: usize,
    (warm_up, rounds): (usize, usize),
    samples: Option<usize>,
) {
    for &(shape, source, page) in shapes {
        let selector = Selector::parse(source).expect("a valid selector");
        let (small_html, large_html) = (page(n), page(2 * n));
        let (small_arena, large_arena) = (Arena::new(), Arena::new());
        let small = parse_document_str(&small_arena, &small_html, &ParseOptions::default());
        let large = parse_document_str(&large_arena, &large_html, &ParseOptions::default());

        let (mut t_small, mut t_large) = (Vec::new(), Vec::new());
        for _ in 0..warm_up {
            count(&small, &selector);
            count(&large, &selector);
        }
        for _ in 0..rounds {
            let t = Instant::now();
            count(&small, &selector);
            t_small.push(t.elapsed());
            let t = Instant::now();
            count(&large, &selector);
            t_large.push(t.elapsed());
        }
        let (m_small, m_large) = (median(&mut t_small), median(&mut t_large));
        eprintln!(
            "{shape}: `{source}`, {} and {} matches; {n} -> {}: {:?} -> {:?}, doubling costs {:.2}x",
            count(&small, &selector),
            count(&large, &selector),
            2 * n,
            m_small,
            m_large,
            m_large.as_secs_f64() / m_small.as_secs_f64()
        );

        let mut g = c.benchmark_group(format!("{group}/{shape}"));
        if let Some(samples) = samples {
            g.sample_size(samples);
        }
        g.bench_function(n.to_string(), |b| b.iter(|| count(&small, &selector)));
        g.bench_function((2 * n).to_string(), |b| b.iter(|| count(&large, &selector)));
        g.finish();
    }
}
