//! Peak heap per document against page size, for simdhtml and html5ever + RcDom.
//!
//! A counting global allocator tracks the bytes live on the heap; for each page of the shared
//! corpus the peak above the baseline (the already decoded text) is recorded while the page is
//! parsed into a tree and the tree is alive, then divided by the page's decoded size.
//!
//! Usage: `cargo run --release -p xtask --bin peak_heap`. Contenders: simdhtml `parse_document`
//! (a fresh arena per page; the tree borrows the input text, so the input is not counted),
//! simdhtml `stream::Parser` fed 64 KiB chunks of the page's UTF-8 bytes (it keeps its own
//! copies of the text), and html5ever `parse_document` into `markup5ever_rcdom::RcDom`.

#[path = "../../../benches/support/mod.rs"]
mod support;

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: forwards to the system allocator unchanged; only counts sizes.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's layout contract is passed on unchanged.
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = LIVE.fetch_add(layout.size(), Relaxed) + layout.size();
            PEAK.fetch_max(now, Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) };
        LIVE.fetch_sub(layout.size(), Relaxed);
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Peak bytes allocated above the current live count while `f` runs.
fn peak_of(f: impl FnOnce()) -> usize {
    let base = LIVE.load(Relaxed);
    PEAK.store(base, Relaxed);
    f();
    PEAK.load(Relaxed) - base
}

fn main() {
    let pages = support::shared_corpus();
    let mut rows: Vec<(usize, [usize; 3])> = Vec::new();
    let (mut arena_total, mut node_total) = (0usize, 0usize);
    let mut held = Held::default();
    for page in &pages {
        let text = page.text.as_str();
        let ours = peak_of(|| {
            let arena = bumpalo::Bump::new();
            let doc =
                simdhtml::parse_document_str(&arena, text, &simdhtml::ParseOptions::default());
            std::hint::black_box(&doc);
            arena_total += arena.allocated_bytes();
            node_total += doc.len();
            held.add(&doc, text);
        });
        let stream = peak_of(|| {
            let arena = bumpalo::Bump::new();
            let utf8 = simdhtml::input::InputOptions {
                transport_charset: Some(encoding_rs::UTF_8),
                ..Default::default()
            };
            let mut parser = simdhtml::stream::Parser::with_input_options(
                &arena,
                simdhtml::ParseOptions::default(),
                utf8,
            );
            for chunk in text.as_bytes().chunks(64 * 1024) {
                parser.feed(chunk);
            }
            std::hint::black_box(parser.finish());
        });
        let theirs = peak_of(|| {
            use html5ever::tendril::TendrilSink;
            let dom =
                html5ever::parse_document(markup5ever_rcdom::RcDom::default(), Default::default())
                    .one(text);
            std::hint::black_box(&dom);
        });
        rows.push((text.len(), [ours, stream, theirs]));
    }
    let total: usize = rows.iter().map(|r| r.0).sum();
    println!("{} pages, {total} bytes decoded", rows.len());
    println!(
        "simdhtml: {node_total} nodes of {} bytes ({:.2} bytes of node records per page byte); \
         arena chunks {:.2} bytes per page byte",
        std::mem::size_of::<simdhtml::dom::Node<'_>>(),
        (node_total * std::mem::size_of::<simdhtml::dom::Node<'_>>()) as f64 / total as f64,
        arena_total as f64 / total as f64
    );
    let attr = std::mem::size_of::<simdhtml::markup::Attr<'_>>();
    let reference = std::mem::size_of::<&[simdhtml::markup::Attr<'_>]>();
    let per_byte = |bytes: usize| bytes as f64 / total as f64;
    println!(
        "arena use per page byte: attribute records {:.2} ({} of {attr} bytes), references to \
         attribute lists and names {:.2} ({} and {} of {reference} bytes), copied text and \
         attribute strings {:.2}",
        per_byte(held.attrs * attr),
        held.attrs,
        per_byte((held.with_attrs + held.other_names) * reference),
        held.with_attrs,
        held.other_names,
        per_byte(held.copied)
    );
    for (i, name) in [
        "simdhtml parse_document",
        "simdhtml stream::Parser (64 KiB chunks)",
        "html5ever + RcDom",
    ]
    .iter()
    .enumerate()
    {
        let mut ratios: Vec<f64> = rows
            .iter()
            .map(|r| r.1[i] as f64 / r.0.max(1) as f64)
            .collect();
        ratios.sort_by(f64::total_cmp);
        let sum: usize = rows.iter().map(|r| r.1[i]).sum();
        println!(
            "{name:>42}: peak/page median {:.2}x, p90 {:.2}x, max {:.2}x; sum of peaks / sum of sizes {:.2}x",
            ratios[ratios.len() / 2],
            ratios[ratios.len() * 9 / 10],
            ratios[ratios.len() - 1],
            sum as f64 / total as f64
        );
    }
}

/// What a document's arena holds besides bumpalo's slack, summed over pages.
#[derive(Default)]
struct Held {
    /// Attribute records.
    attrs: usize,
    /// Elements with attributes (each has a reference to its list in the arena).
    with_attrs: usize,
    /// Elements whose name is not a known tag's (each has a reference to its name).
    other_names: usize,
    /// Bytes of text, comments and attribute strings that are not slices of the input.
    copied: usize,
}

impl Held {
    fn add(&mut self, doc: &simdhtml::Document<'_>, input: &str) {
        use simdhtml::dom::NodeData;
        let range = input.as_bytes().as_ptr_range();
        let copy = |s: &str| {
            let inside = range.contains(&s.as_ptr()) && s.len() <= input.len();
            if s.is_empty() || inside { 0 } else { s.len() }
        };
        for id in doc.node_ids() {
            match doc.data(id) {
                NodeData::Element(e) => {
                    self.attrs += e.attrs().len();
                    self.with_attrs += usize::from(!e.attrs().is_empty());
                    self.other_names += usize::from(e.tag == simdhtml::Tag::Other);
                    for a in e.attrs() {
                        self.copied += copy(a.name) + copy(a.value);
                    }
                }
                NodeData::Text(t) | NodeData::Comment(t) => self.copied += copy(t),
                _ => {}
            }
        }
    }
}
