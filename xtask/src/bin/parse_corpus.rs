//! Parses every page of the shared corpus into the arena DOM and prints node counts and MB/s:
//! the program to profile tree construction with (`valgrind --tool=callgrind
//! --toggle-collect='*simdhtml_parse*'`; `--toggle-collect='*simdhtml_tokenize*'` with the
//! `tokenize` argument gives the tokenizer alone on the same pages, for the difference).
//!
//! `html5ever` runs html5ever's whole parser (tokenizer and tree builder) into a sink that only
//! records element names and counts nodes: html5ever's parsing cost without building a DOM, a
//! lower bound for any html5ever DOM (`--toggle-collect='*html5ever_parse*'`).
//!
//! `parse-spans` is `parse` with source spans (`ParseOptions::spans`), for their cost.
//!
//! `bytes` parses each page's bytes with `parse_document` and default options (the encoding
//! sniffing algorithm, decoding, a re-parse on a late `<meta>`), `bytes-utf8` the same bytes with
//! the transport charset UTF-8 (`--toggle-collect='*simdhtml_bytes*'` for both): the cost of the
//! default path against a page declared UTF-8.
//!
//! The full-DOM contenders of `benches/tokenizer.rs`, one page at a time with nothing kept
//! between pages: `dom` (simdhtml, a fresh arena per page, `--toggle-collect='*simdhtml_dom*'`),
//! `dom-bytes` and `dom-bytes-utf8` (the same from the page's bytes), `tl`
//! (`'*tl_parse*'`), `html5ever-rcdom` and `lol_html`. `compare` runs them all, interleaved:
//! each round one pass of each in turn, then the median time per contender and the median of
//! its per-round ratio to `dom` (the same load falls on all of them).
//!
//! Usage: `cargo run --release -p xtask --bin parse_corpus -- [MODE] [ROUNDS] [GROUP]` with MODE one
//! of `parse`, `parse-spans`, `bytes`, `bytes-utf8`, `tokenize`, `html5ever`, the contenders above or
//! `compare`, and GROUP `shared-corpus` or `smallest-50` (its 50 smallest pages by decoded size)
//! (default: `parse 1 shared-corpus`); after the group, `compare` takes a comma-separated list of
//! contenders, `dom` first (default: all of them). The corpus is `$SIMDHTML_SHARED/corpus`, read and
//! decoded once with simdhtml's input layer before the clock starts.

#[path = "../../../benches/support/mod.rs"]
mod support;

use std::time::Instant;

use bumpalo::Bump;
use simdhtml::{ParseOptions, parse_document, parse_document_str};

/// One page through the whole parser; returns the number of nodes.
#[inline(never)]
fn simdhtml_parse(arena: &Bump, text: &str) -> usize {
    parse_document_str(arena, text, &ParseOptions::default()).len()
}

/// [`simdhtml_parse`] with source spans (`ParseOptions::spans`).
#[inline(never)]
fn simdhtml_parse_spans(arena: &Bump, text: &str) -> usize {
    let options = ParseOptions {
        spans: true,
        ..ParseOptions::default()
    };
    parse_document_str(arena, text, &options).len()
}

/// One page's bytes through `parse_document` with `options`: sniffing, decoding, the re-parse
/// on a late `<meta>` and the parse; returns the number of nodes.
#[inline(never)]
fn simdhtml_bytes(arena: &Bump, bytes: &[u8], options: &ParseOptions) -> usize {
    let Ok(doc) = parse_document(arena, bytes, options);
    doc.len()
}

/// The contenders of `compare`, in the order of each round.
const COMPARED: &[&str] = &[
    "dom",
    "dom-bytes",
    "dom-bytes-utf8",
    "tl",
    "html5ever-rcdom",
    "lol_html",
];

/// One pass of contender `which` over `pages`; returns its count (nodes, tags or bytes).
fn pass(which: &str, pages: &[support::Page], arena: &mut Bump) -> usize {
    let default = ParseOptions::default();
    let utf8 = support::utf8_transport();
    let mut count = 0;
    for page in pages {
        count += match which {
            "parse" => {
                arena.reset();
                simdhtml_parse(arena, &page.text)
            }
            "parse-spans" => {
                arena.reset();
                simdhtml_parse_spans(arena, &page.text)
            }
            "bytes" => {
                arena.reset();
                simdhtml_bytes(arena, &page.bytes, &default)
            }
            "bytes-utf8" => {
                arena.reset();
                simdhtml_bytes(arena, &page.bytes, &utf8)
            }
            "dom" => support::simdhtml_dom(&page.text),
            "dom-bytes" => support::simdhtml_dom_bytes(&page.bytes, &default),
            "dom-bytes-utf8" => support::simdhtml_dom_bytes(&page.bytes, &utf8),
            "tl" => support::tl_parse(&page.text),
            "html5ever-rcdom" => support::html5ever_rcdom(&page.text),
            "lol_html" => support::lol_html_rewrite(&page.text) as usize,
            "tokenize" => support::simdhtml_tokenize(arena, &page.text).tags as usize,
            "html5ever" => html5ever_parse(&page.text),
            other => panic!(
                "unknown mode {other:?}: parse, parse-spans, bytes, bytes-utf8, dom, dom-bytes, \
                 dom-bytes-utf8, tl, html5ever-rcdom, lol_html, tokenize, html5ever or compare"
            ),
        };
    }
    count
}

fn main() {
    let mut args = std::env::args().skip(1);
    let which = args.next().unwrap_or_else(|| "parse".to_owned());
    let rounds: u32 = args
        .next()
        .map_or(1, |r| r.parse().expect("ROUNDS: a number"));
    let group = args.next().unwrap_or_else(|| "shared-corpus".to_owned());
    let pages = match group.as_str() {
        "shared-corpus" => support::shared_corpus(),
        "smallest-50" => support::smallest(&support::shared_corpus(), 50),
        other => panic!("unknown group {other:?}: shared-corpus or smallest-50"),
    };
    let bytes = support::total_bytes(&pages);
    println!(
        "{group}: {} pages, {bytes} bytes decoded, {rounds} round(s)",
        pages.len()
    );
    let mut arena = Bump::new();
    if which == "compare" {
        let only = args.next();
        let contenders: Vec<&str> = match &only {
            Some(list) => list.split(',').collect(),
            None => COMPARED.to_vec(),
        };
        assert_eq!(
            contenders[0], "dom",
            "the first contender is `dom`, the ratios' base"
        );
        compare(&pages, rounds, &contenders, &mut arena);
        return;
    }
    let start = Instant::now();
    let mut count = 0;
    for _ in 0..rounds {
        count = pass(&which, &pages, &mut arena);
    }
    let secs = start.elapsed().as_secs_f64();
    let mbps = (bytes as f64 * f64::from(rounds)) / secs / 1e6;
    println!("{which:>15}: {mbps:8.1} MB/s  {count} (nodes; tags when tokenizing)");
}

/// `rounds` rounds, each one pass of every contender (those of [`COMPARED`], or the list given
/// after the group, `dom` first) in turn (so that a change in the machine's load falls on all
/// of them alike); prints each contender's median time per pass and the median over rounds of
/// its time ÷ the `dom` contender's in the same round.
fn compare(pages: &[support::Page], rounds: u32, contenders: &[&str], arena: &mut Bump) {
    let bytes = support::total_bytes(pages) as f64;
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); contenders.len()];
    for _ in 0..rounds.max(1) {
        for (i, which) in contenders.iter().enumerate() {
            let start = Instant::now();
            std::hint::black_box(pass(which, pages, arena));
            times[i].push(start.elapsed().as_secs_f64());
        }
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    println!(
        "{:>15}  {:>10}  {:>8}  {:>22}",
        "contender", "median ms", "MB/s", "time / dom (median)"
    );
    for (i, which) in contenders.iter().enumerate() {
        let t = median(times[i].clone());
        let ratio = median(times[i].iter().zip(&times[0]).map(|(a, b)| a / b).collect());
        println!(
            "{which:>15}  {:>10.2}  {:>8.1}  {ratio:>22.3}",
            t * 1e3,
            bytes / t / 1e6
        );
    }
}

/// html5ever's parser into [`CountingSink`]; returns the number of nodes it created.
#[inline(never)]
fn html5ever_parse(text: &str) -> usize {
    use html5ever::tendril::{StrTendril, TendrilSink};
    let names = Bump::new();
    let sink = CountingSink {
        arena: &names,
        names: Default::default(),
        others: Default::default(),
    };
    let sink =
        html5ever::parse_document(sink, Default::default()).one(StrTendril::from_slice(text));
    sink.names.borrow().len() + sink.others.get()
}

/// A minimal html5ever tree sink: element names by handle (the tree builder asks for them),
/// everything else counted and dropped.
struct CountingSink<'b> {
    arena: &'b Bump,
    names: std::cell::RefCell<Vec<&'b html5ever::QualName>>,
    others: std::cell::Cell<usize>,
}

impl<'b> html5ever::tree_builder::TreeSink for CountingSink<'b> {
    type Handle = usize;
    type Output = Self;
    type ElemName<'a>
        = html5ever::ExpandedName<'a>
    where
        Self: 'a;

    fn finish(self) -> Self {
        self
    }
    fn parse_error(&self, _: std::borrow::Cow<'static, str>) {}
    fn get_document(&self) -> usize {
        usize::MAX
    }
    fn elem_name<'a>(&'a self, target: &'a usize) -> html5ever::ExpandedName<'a> {
        let name: &'b html5ever::QualName = self.names.borrow()[*target];
        name.expanded()
    }
    fn create_element(
        &self,
        name: html5ever::QualName,
        _: Vec<html5ever::Attribute>,
        _: html5ever::tree_builder::ElementFlags,
    ) -> usize {
        let mut names = self.names.borrow_mut();
        names.push(self.arena.alloc(name));
        names.len() - 1
    }
    fn create_comment(&self, _: html5ever::tendril::StrTendril) -> usize {
        self.others.set(self.others.get() + 1);
        usize::MAX - 1
    }
    fn create_pi(
        &self,
        _: html5ever::tendril::StrTendril,
        _: html5ever::tendril::StrTendril,
    ) -> usize {
        self.others.set(self.others.get() + 1);
        usize::MAX - 1
    }
    fn append(&self, _: &usize, child: html5ever::tree_builder::NodeOrText<usize>) {
        if let html5ever::tree_builder::NodeOrText::AppendText(_) = child {
            self.others.set(self.others.get() + 1);
        }
    }
    fn append_based_on_parent_node(
        &self,
        _: &usize,
        _: &usize,
        _: html5ever::tree_builder::NodeOrText<usize>,
    ) {
    }
    fn append_doctype_to_document(
        &self,
        _: html5ever::tendril::StrTendril,
        _: html5ever::tendril::StrTendril,
        _: html5ever::tendril::StrTendril,
    ) {
    }
    fn get_template_contents(&self, target: &usize) -> usize {
        *target
    }
    fn same_node(&self, x: &usize, y: &usize) -> bool {
        x == y
    }
    fn set_quirks_mode(&self, _: html5ever::tree_builder::QuirksMode) {}
    fn append_before_sibling(&self, _: &usize, _: html5ever::tree_builder::NodeOrText<usize>) {}
    fn add_attrs_if_missing(&self, _: &usize, _: Vec<html5ever::Attribute>) {}
    fn remove_from_parent(&self, _: &usize) {}
    fn reparent_children(&self, _: &usize, _: &usize) {}
}
