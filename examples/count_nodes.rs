//! A `TreeSink` of one's own: parse a page and count what the tree builder creates, without
//! building a tree. Shows the trait is enough for a third-party tree (a handle type, the nodes'
//! parents for the few questions the builder asks back), driven by `simdhtml::parse_with_sink`.
//!
//! `cargo run --example count_nodes -- page.html` (UTF-8; `-` or nothing reads standard input)
//! prints the counts per kind of node.

use std::collections::HashMap;
use std::io::Read;

use simdhtml::markup::{Attr, Namespace, QuirksMode};
use simdhtml::tree_builder::{InsertionPoint, TreeSink};
use simdhtml::{Arena, ParseOptions, Tag, parse_with_sink};

/// Per node: its parent, and for elements the namespace, name and attributes (the builder asks
/// about those: `is_element_named`, `element_attr`).
/// (`tests/api/custom_sink.rs` checks its counts against the arena DOM's.)
#[derive(Default)]
pub struct Counter<'a> {
    parent: Vec<Option<usize>>,
    element: Vec<Option<(Namespace, &'a str, Vec<Attr<'a>>)>>,
    template_contents: HashMap<usize, usize>,
    /// Nodes created, by kind (`element`, `comment`, ...; `text run` counts text insertions).
    pub counts: HashMap<&'static str, usize>,
    /// The document's mode.
    pub quirks: QuirksMode,
}

impl<'a> Counter<'a> {
    /// A counter holding the Document node.
    pub fn with_document() -> Self {
        let mut c = Counter::default();
        c.new_node("document", None);
        c
    }

    fn new_node(
        &mut self,
        kind: &'static str,
        element: Option<(Namespace, &'a str, Vec<Attr<'a>>)>,
    ) -> usize {
        *self.counts.entry(kind).or_default() += 1;
        self.parent.push(None);
        self.element.push(element);
        self.parent.len() - 1
    }
}

impl<'a> TreeSink<'a> for Counter<'a> {
    type Handle = usize;

    fn document(&self) -> usize {
        0
    }

    fn create_element(
        &mut self,
        ns: Namespace,
        name: &'a str,
        _tag: Tag,
        attrs: &[Attr<'a>],
    ) -> usize {
        self.new_node("element", Some((ns, name, attrs.to_vec())))
    }

    fn create_comment(&mut self, _data: &'a str) -> usize {
        self.new_node("comment", None)
    }

    fn create_processing_instruction(&mut self, _target: &'a str, _data: &'a str) -> usize {
        self.new_node("processing instruction", None)
    }

    fn create_document_fragment(&mut self) -> usize {
        self.new_node("fragment", None)
    }

    fn append_doctype(&mut self, _name: &'a str, _public_id: &'a str, _system_id: &'a str) {
        let id = self.new_node("doctype", None);
        self.parent[id] = Some(0);
    }

    fn insert(&mut self, at: InsertionPoint<usize>, child: usize) {
        self.parent[child] = Some(at.parent);
    }

    fn insert_text(&mut self, _at: InsertionPoint<usize>, _text: &'a str) {
        // A run of text; adjacent runs would merge into one Text node in a real tree.
        *self.counts.entry("text run").or_default() += 1;
    }

    fn remove_from_parent(&mut self, node: usize) {
        self.parent[node] = None;
    }

    fn reparent_children(&mut self, from: usize, to: usize) {
        for p in &mut self.parent {
            if *p == Some(from) {
                *p = Some(to);
            }
        }
    }

    fn parent(&self, node: usize) -> Option<usize> {
        self.parent[node]
    }

    fn template_contents(&mut self, template: usize) -> usize {
        if let Some(&c) = self.template_contents.get(&template) {
            return c;
        }
        let c = self.new_node("fragment", None);
        self.template_contents.insert(template, c);
        c
    }

    fn add_attrs_if_missing(&mut self, element: usize, attrs: &[Attr<'a>]) {
        if let Some((_, _, have)) = &mut self.element[element] {
            for a in attrs {
                if !have.iter().any(|h| h.name == a.name && h.ns() == a.ns()) {
                    have.push(*a);
                }
            }
        }
    }

    fn set_quirks_mode(&mut self, mode: QuirksMode) {
        self.quirks = mode;
    }

    fn children(&self, node: usize) -> Vec<usize> {
        (0..self.parent.len())
            .filter(|&c| self.parent[c] == Some(node))
            .collect()
    }

    fn clone_shallow(&mut self, node: usize) -> usize {
        let element = self.element[node].clone();
        self.new_node(
            if element.is_some() {
                "element"
            } else {
                "other"
            },
            element,
        )
    }

    fn is_element_named(&self, node: usize, ns: Namespace, name: &str) -> bool {
        matches!(&self.element[node], Some((n, m, _)) if *n == ns && *m == name)
    }

    fn element_attr(&self, node: usize, name: &str) -> Option<&'a str> {
        let (_, _, attrs) = self.element[node].as_ref()?;
        attrs.iter().find(|a| a.name == name).map(|a| a.value)
    }
}

fn main() -> std::io::Result<()> {
    let path = std::env::args().nth(1).unwrap_or_else(|| "-".into());
    let text = if path == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s)?;
        s
    } else {
        std::fs::read_to_string(&path)?
    };
    let arena = Arena::new();
    let sink = parse_with_sink(
        &arena,
        &text,
        Counter::with_document(),
        &ParseOptions::default(),
    );
    let mut counts: Vec<_> = sink.counts.into_iter().collect();
    counts.sort();
    for (kind, n) in counts {
        println!("{kind}\t{n}");
    }
    println!("quirks mode\t{:?}", sink.quirks);
    Ok(())
}
