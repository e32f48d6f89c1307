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
//! Usage: `cargo run --release --example parse_corpus -- [parse|parse-spans|tokenize|html5ever] [ROUNDS]`
//! (default: `parse 1`). The corpus is `$SIMDHTML_SHARED/corpus`, decoded once with simdhtml's input layer
//! before the clock starts.

#[path = "../benches/support/mod.rs"]
mod support;

use std::time::Instant;

use bumpalo::Bump;
use simdhtml::{ParseOptions, parse_document_str};

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
                "parse-spans" => {
                    arena.reset();
                    nodes += simdhtml_parse_spans(&arena, &page.text);
                }
                "tokenize" => {
                    nodes += support::simdhtml_tokenize(&mut arena, &page.text).tags as usize
                }
                "html5ever" => nodes += html5ever_parse(&page.text),
                other => {
                    panic!("unknown mode {other:?}: parse, parse-spans, tokenize or html5ever")
                }
            }
        }
    }
    let secs = start.elapsed().as_secs_f64();
    let mbps = (bytes as f64 * f64::from(rounds)) / secs / 1e6;
    println!("{which:>9}: {mbps:8.1} MB/s  {nodes} nodes (tags when tokenizing)");
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
